use std::collections::BTreeMap;

use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Rule {
    #[hcl(label)]
    action: String,
    #[hcl(label)]
    name: String,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    rule: BTreeMap<String, Rule>,
}

fn main() {
    let _ = hcl_serde::from_str::<Config>("");
}
