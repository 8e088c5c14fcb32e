// A map attribute whose values are a block type: the field needs
// `#[hcl(block)]` (a map of blocks keyed by their label).
use std::collections::{BTreeMap, HashMap};

use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Service {
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    services: BTreeMap<String, Service>,
    by_name: HashMap<String, Service>,
}

fn main() {}
