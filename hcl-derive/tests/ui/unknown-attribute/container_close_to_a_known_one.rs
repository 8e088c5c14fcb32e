use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(rename_al = "kebab-case")]
struct Config {
    name: String,
}

fn main() {}
