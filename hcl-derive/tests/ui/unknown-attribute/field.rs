use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(blok)]
    name: String,
}

fn main() {}
