use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(rename_all = "kebab-case")]
struct Config {
    max_size: u32,
    #[hcl(rename = "max-size")]
    limit: u32,
}

fn main() {}
