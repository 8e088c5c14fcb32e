// A `Vec` of a derived struct is a block field: forgetting `#[hcl(block)]`
// is reported in the derive's terms.
use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Server {
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    servers: Vec<Server>,
}

fn main() {}
