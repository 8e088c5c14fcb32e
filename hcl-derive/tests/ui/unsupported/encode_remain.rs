use hcl_serde::{HclDecode, HclEncode};

#[derive(HclDecode, HclEncode)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: hcl_serde::__private::hcl_core::Body,
}

fn main() {}
