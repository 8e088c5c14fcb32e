use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config(String);

fn main() {}
