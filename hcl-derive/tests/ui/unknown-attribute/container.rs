use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(deny_unknown_fields)]
struct Config {
    name: String,
}

fn main() {}
