use hcl_serde::HclDecode;

#[derive(HclDecode)]
enum Check {
    Tcp,
    Http { url: String },
}

fn main() {}
