use hcl_serde::HclDecode;

fn eighty() -> u16 {
    80
}

#[derive(HclDecode)]
struct Config {
    #[hcl(optional, default = "eighty")]
    port: u16,
}

fn main() {}
