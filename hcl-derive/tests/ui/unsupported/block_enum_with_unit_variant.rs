use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct HttpCheck {
    path: String,
}

#[derive(HclDecode)]
enum Check {
    Http(HttpCheck),
    Noop,
}

fn main() {}
