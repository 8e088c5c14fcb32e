//! `#[derive(HclDecode)]` used through the facade alone: `hcl_toolkit::serde`
//! with `#[hcl(crate = "hcl_toolkit::serde")]`, no direct hcl_serde import.

#![allow(clippy::unwrap_used)]

use hcl_toolkit::serde::{from_str, Decode, HclDecode};

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(crate = "hcl_toolkit::serde")]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(crate = "hcl_toolkit::serde")]
struct Config {
    region: String,
    #[hcl(block)]
    service: Vec<Service>,
}

#[test]
fn derive_works_through_the_facade_with_a_crate_path() {
    let c: Config = from_str(
        r#"
region = "eu"
service "web" { port = "8080" }
"#,
    )
    .unwrap();
    assert_eq!(
        c,
        Config {
            region: "eu".into(),
            service: vec![Service {
                name: "web".into(),
                port: 8080
            }],
        }
    );
    assert_eq!(Service::LABELS, ["name"]);
}
