use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(rename = 5)]
    name: String,
}

fn main() {}
