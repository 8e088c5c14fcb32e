// A derived type is a block (or a whole body), never an attribute value.
use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Inner {
    port: u16,
}

#[derive(HclDecode)]
struct Outer {
    inner: Inner,
}

fn main() {}
