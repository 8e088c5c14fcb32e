use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config<T> {
    value: T,
}

fn main() {}
