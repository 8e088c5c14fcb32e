// A plain value as a block or remain field, however its type is spelled:
// through an alias, a full path, or inside an `Option` or `Vec`.
use hcl_serde::HclDecode;

type Name = String;
type Port = u16;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    name: Name,
    #[hcl(block)]
    full: std::string::String,
    #[hcl(block)]
    ports: Vec<Port>,
    #[hcl(block)]
    maybe: Option<Name>,
    #[hcl(remain)]
    rest: Port,
}

fn main() {}
