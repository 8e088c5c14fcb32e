use hcl_serde::HclDecode;

#[derive(HclDecode)]
struct Http {
    path: String,
}

#[derive(HclDecode)]
struct Tcp {
    port: u16,
}

#[derive(HclDecode)]
#[hcl(rename_all = "lowercase")]
enum Check {
    Http(Http),
    Tcp(Tcp),
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    checks: Vec<Check>,
    #[hcl(block)]
    tcp: Option<Tcp>,
    // Fine: no variant is named `name`.
    name: String,
}

fn main() {
    let _ = hcl_serde::from_str::<Config>("");
}
