use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(label)]
    id: u32,
    port: u16,
}

fn main() {}
