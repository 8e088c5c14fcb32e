use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: hcl_core::Body,
    #[hcl(remain)]
    more: hcl_core::Body,
}

fn main() {}
