use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Service {
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    service: String,
    #[hcl(block, rename = "service")]
    services: Vec<Service>,
}

fn main() {}
