//! `#[derive(HclDecode)]` in a crate whose only dependency is the facade:
//! no `#[hcl(crate = ...)]`, no hcl_serde or hcl_core in scope.

#![allow(clippy::unwrap_used)]

use hcl_toolkit::core::Value;
use hcl_toolkit::serde::{from_str, HclDecode};

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(rename_all = "lowercase")]
enum Proto {
    Tcp,
    Udp,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Http {
    path: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Tcp {
    port: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(rename_all = "lowercase")]
enum Check {
    Http(Http),
    Tcp(Tcp),
}

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
    proto: Proto,
    meta: Value,
    #[hcl(block)]
    checks: Vec<Check>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Config {
    region: String,
    #[hcl(block)]
    service: Vec<Service>,
}

#[test]
fn derive_finds_its_runtime_through_the_facade_alone() {
    let c: Config = from_str(
        r#"
region = "eu"
service "web" {
  port  = "8080"
  proto = "udp"
  meta  = { tier = 1 }
  tcp { port = 81 }
  http { path = "/h" }
}
"#,
    )
    .unwrap();
    let s = &c.service[0];
    assert_eq!(
        (c.region.as_str(), s.name.as_str(), s.port),
        ("eu", "web", 8080)
    );
    assert_eq!(s.proto, Proto::Udp);
    assert!(matches!(&s.meta, Value::Object(_)));
    assert_eq!(
        s.checks,
        [
            Check::Tcp(Tcp { port: 81 }),
            Check::Http(Http { path: "/h".into() })
        ]
    );
}

#[test]
fn derive_errors_through_the_facade_name_the_field() {
    let err = from_str::<Config>(
        "region = \"eu\"\nservice \"web\" {\n  port = 70000\n  proto = \"tcp\"\n  meta = 1\n}\n",
    )
    .unwrap_err();
    assert_eq!(err.entries()[0].path, r#"service["web"].port"#);
}
