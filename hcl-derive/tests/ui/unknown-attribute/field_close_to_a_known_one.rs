use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(optinal)]
    name: Option<String>,
}

fn main() {}
