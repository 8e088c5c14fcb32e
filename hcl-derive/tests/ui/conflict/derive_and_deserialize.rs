// A type decodes through `HclDecode` or through `Deserialize`, not both:
// every `Deserialize` type already has hcl_serde's `Decode` (blanket impl).
use hcl_serde::HclDecode;

#[derive(HclDecode, serde::Deserialize)]
struct Config {
    name: String,
}

fn main() {}
