use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(crate = "hcl serde")]
struct Config {
    name: String,
}

fn main() {}
