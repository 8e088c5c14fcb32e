//! Plain serde types (no derive) as whole bodies and as attribute values.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, HashMap};

use hcl_core::Value;
use hcl_serde::HclDecode;
use serde::Deserialize;

#[derive(Deserialize, Debug, PartialEq)]
struct Server {
    host: String,
    port: u16,
    tls: Option<Tls>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Tls {
    cert: String,
    verify: bool,
}

#[test]
fn plain_serde_struct_from_a_json_body_fills_nested_structs() {
    let src = r#"{"host": "db", "port": "5432", "tls": {"cert": "a.pem", "verify": "true"}}"#;
    let s = hcl_serde::from_str_with::<Server>("s.json", src, None).unwrap();
    assert_eq!(
        s,
        Server {
            host: "db".into(),
            port: 5432,
            tls: Some(Tls {
                cert: "a.pem".into(),
                verify: true
            })
        }
    );
}

#[test]
fn plain_serde_errors_point_at_the_part_with_the_field_path() {
    let src = "host = \"db\"\nport = 1\ntls = { cert = \"a\", verify = \"maybe\" }\n";
    let err = hcl_serde::from_str_with::<Server>("s.hcl", src, None).unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.path, "tls.verify");
    assert_eq!(
        e.diagnostic.detail,
        "Unsuitable value: a bool is required, but \"maybe\" is none of \"true\", \"false\", \"1\" and \"0\""
    );
    let r = e.diagnostic.subject.clone().unwrap();
    // At the member's value (`"maybe"`), not the whole object.
    assert_eq!((r.start.line, r.start.column), (3, 30));
    let err = hcl_serde::from_str_with::<Server>("s.hcl", "host = \"db\"\n", None).unwrap_err();
    let e = &err.entries()[0];
    assert_eq!(e.diagnostic.summary, "Missing required argument");
    assert_eq!(
        e.diagnostic.detail,
        "The argument \"port\" is required, but no definition was found."
    );
}

#[test]
fn dynamic_targets_receive_the_whole_body() {
    let src = "a = 1\nb = [\"x\", true]\n";
    let json = hcl_serde::from_str::<serde_json::Value>(src).unwrap();
    assert_eq!(json, serde_json::json!({"a": 1, "b": ["x", true]}));
    let values: HashMap<String, Value> = hcl_serde::from_str(src).unwrap();
    assert_eq!(values["a"], Value::from(1));
    let strings = hcl_serde::from_str::<BTreeMap<String, String>>("a = 1\nb = true\n").unwrap();
    assert_eq!(strings["b"], "true");
}

#[derive(HclDecode, Debug)]
struct WithPlainBlocks {
    #[hcl(block)]
    server: Vec<Server>,
}

#[test]
fn plain_serde_types_as_block_fields() {
    let src = "server {\n  host = \"a\"\n  port = 1\n}\nserver {\n  host = \"b\"\n  port = 2\n}\n";
    let w: WithPlainBlocks = hcl_serde::from_str(src).unwrap();
    let hosts: Vec<&str> = w.server.iter().map(|s| s.host.as_str()).collect();
    assert_eq!(hosts, ["a", "b"]);
}

#[test]
fn serde_wrapper_reads_native_blocks_too() {
    let json = hcl_serde::from_str::<serde_json::Value>("a = 1\nb {}\n").unwrap();
    assert_eq!(json, serde_json::json!({"a": 1, "b": {}}));
}

#[test]
fn from_body_errors_draw_snippets_for_native_and_merged_bodies() {
    use hcl_core::native::parse_body;
    use hcl_core::SourceFile;
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u16,
    }
    let (a, _) = parse_body(
        &SourceFile::new("a.hcl", "port = 70000\n"),
        &Default::default(),
    );
    let err = hcl_serde::from_body::<Port>(&a, None).unwrap_err();
    assert!(
        err.to_string()
            .contains("on a.hcl line 1:\n   1: port = 70000"),
        "{err}"
    );
    let (b, _) = parse_body(
        &SourceFile::new("b.hcl", "other = 1\n"),
        &Default::default(),
    );
    let merged = hcl_core::body::merge_bodies(vec![b, a]);
    assert_eq!(merged.sources().len(), 2);
    let err = hcl_serde::from_body::<Port>(&merged, None).unwrap_err();
    assert!(err.to_string().contains("   1: port = 70000"), "{err}");
}
