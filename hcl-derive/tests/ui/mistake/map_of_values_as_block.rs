// A map of plain values as a block field, written for `tags { a = "x" }`:
// a map block field holds blocks keyed by label, so this fails on every
// input. (As a remain field, such a map takes the body's attributes.)
use std::collections::{BTreeMap, HashMap};

use hcl_serde::HclDecode;

type Tags = HashMap<String, String>;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    tags: Tags,
    #[hcl(block)]
    ports: BTreeMap<String, u16>,
}

#[derive(HclDecode)]
struct Fine {
    #[hcl(block)]
    tags: Option<HashMap<String, String>>,
    #[hcl(remain)]
    rest: HashMap<String, String>,
}

fn main() {}
