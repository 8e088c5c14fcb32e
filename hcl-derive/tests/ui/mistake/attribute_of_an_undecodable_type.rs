// An attribute field of a type that implements no decoding.
use hcl_serde::HclDecode;

struct NotDecodable;

#[derive(HclDecode)]
struct Config {
    value: NotDecodable,
}

fn main() {}
