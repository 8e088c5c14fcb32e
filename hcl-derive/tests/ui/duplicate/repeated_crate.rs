use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(crate = "hcl_serde")]
#[hcl(crate = "::hcl_serde")]
struct Config {
    name: String,
}

fn main() {}
