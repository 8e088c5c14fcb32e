use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config<'a> {
    name: &'a str,
}

fn main() {}
