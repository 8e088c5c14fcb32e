use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    name: String,
    #[hcl(remain, rename = "rest")]
    rest: hcl_core::Body,
}

fn main() {}
