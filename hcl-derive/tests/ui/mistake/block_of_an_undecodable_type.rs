// A block field of a type that decodes from nothing.
use hcl_serde::HclDecode;

struct NotDecodable;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    server: NotDecodable,
}

fn main() {}
