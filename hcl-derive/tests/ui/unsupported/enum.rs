use hcl_serde::HclDecode;

#[derive(HclDecode)]
enum Config {
    A,
}

fn main() {}
