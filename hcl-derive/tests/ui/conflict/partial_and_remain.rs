use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(partial)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: hcl_core::Body,
}

fn main() {}
