// A string enum is a value (`mode = "fast"`), not a block type.
use hcl_serde::HclDecode;

#[derive(HclDecode)]
#[hcl(rename_all = "lowercase")]
enum Mode {
    Fast,
    Slow,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    mode: Mode,
    #[hcl(block)]
    modes: Vec<Mode>,
}

fn main() {}
