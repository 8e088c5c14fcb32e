use hcl_serde::HclDecode;

#[derive(HclDecode)]
union Config {
    a: u32,
}

fn main() {}
