use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(block, label)]
    service: String,
}

fn main() {}
