// A plain value as a block or as the rest of the body compiles (it is
// `Deserialize`) but could never decode: refused where it is written.
use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    name: String,
    #[hcl(block)]
    ports: Vec<u16>,
    #[hcl(remain)]
    rest: u32,
}

fn main() {}
