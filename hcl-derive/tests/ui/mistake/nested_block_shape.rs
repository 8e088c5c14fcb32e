// A block field of a shape inside a shape: `Vec<T>` already says "any
// number, maybe none".
use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Server {
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    servers: Option<Vec<Server>>,
    #[hcl(block)]
    backups: Vec<Option<Server>>,
    #[hcl(block)]
    primary: Option<Option<Server>>,
    #[hcl(block)]
    groups: Vec<Vec<Server>>,
}

fn main() {}
