// One derive error is reported once: the type's uses (decoding it, a block
// field of it) do not each add "the trait `Decode` is not implemented".
use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(block, default)]
    port: u16,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    service: Vec<Service>,
}

fn main() {
    let _: Service = hcl_serde::from_str("port = 1\n").unwrap();
    let _: Config = hcl_serde::from_str("").unwrap();
}
