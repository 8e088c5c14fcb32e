// A remain field of a type that decodes from nothing: a body's rest is
// read into a `Body`, a map of values or expressions, or a decodable type.
use hcl_serde::HclDecode;

struct NotDecodable;

#[derive(HclDecode)]
struct Config {
    name: String,
    #[hcl(remain)]
    rest: NotDecodable,
}

fn main() {}
