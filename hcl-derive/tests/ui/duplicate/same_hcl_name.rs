use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    name: String,
    #[hcl(rename = "name")]
    title: String,
}

fn main() {}
