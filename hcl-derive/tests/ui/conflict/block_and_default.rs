use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Service {
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block, default)]
    service: Vec<Service>,
}

fn main() {}
