use hcl_serde::{HclDecode, HclEncode};

#[derive(HclDecode, HclEncode)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: String,
}

fn main() {}
