// One `HclEncode` error is reported once: the type's uses (writing it, a
// block field of it) do not each add "the trait `Serialize` is not
// implemented".
use hcl_serde::{HclDecode, HclEncode};

#[derive(HclDecode, HclEncode)]
struct Service {
    #[hcl(block, default)]
    port: u16,
}

#[derive(HclDecode, HclEncode)]
struct Config {
    #[hcl(block)]
    service: Vec<Service>,
    #[hcl(block)]
    one: Option<Service>,
}

fn main() {
    let s = Service { port: 1 };
    let _ = hcl_serde::to_string(&s);
    let c = Config { service: vec![], one: None };
    let _ = hcl_serde::to_string(&c);
}
