use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(default = "1 + 2")]
    port: u16,
}

fn main() {}
