// A generic struct decodes when its fields do: instantiated with a type
// argument that is not `Deserialize`, its attribute field is not.
use hcl_serde::HclDecode;

struct NotDecodable;

#[derive(HclDecode)]
struct Settings<T> {
    values: Vec<T>,
}

fn main() {
    let _ = hcl_serde::from_str::<Settings<NotDecodable>>("");
}
