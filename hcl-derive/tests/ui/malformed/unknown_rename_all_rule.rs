use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(rename_all = "train-case")]
struct Config {
    name: String,
}

fn main() {}
