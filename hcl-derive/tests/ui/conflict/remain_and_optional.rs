use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(remain, optional)]
    rest: hcl_core::Body,
}

fn main() {}
