// A block field of a shape (`Vec`, `Option`, `Box`, a map) whose element
// decodes from nothing.
use std::collections::BTreeMap;

use hcl_serde::HclDecode;

struct NotDecodable;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    servers: Vec<NotDecodable>,
    #[hcl(block)]
    backup: Option<NotDecodable>,
    #[hcl(block)]
    boxed: Box<NotDecodable>,
    #[hcl(block)]
    named: BTreeMap<String, NotDecodable>,
}

fn main() {}
