// An attribute field of a shape inside a shape of a block type: reported
// about the block type, as for one shape.
use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Server {
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    servers: Option<Vec<Server>>,
}

fn main() {}
