use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(rename = "a", rename = "b")]
    name: String,
}

fn main() {}
