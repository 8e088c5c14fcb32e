use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct HttpCheck {
    path: String,
}

#[derive(HclDecode)]
#[hcl(rename_all = "lowercase")]
enum Check {
    Http(HttpCheck),
    #[hcl(rename = "http")]
    Web(HttpCheck),
}

fn main() {}
