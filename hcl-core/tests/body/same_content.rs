//! The same configuration written in the native and in the JSON syntax
//! gives the same content: attributes with equal values, blocks with equal
//! types and labels, in the same order.

use hcl_core::body::Body;
use hcl_core::schema::BodySchema;
use hcl_core::Value;

use super::*;

/// A schema and the schemata of its block types' bodies.
struct Tree {
    schema: BodySchema,
    children: Vec<(&'static str, Tree)>,
}

fn describe(body: &Body, tree: &Tree, out: &mut Vec<String>, depth: usize) {
    let (c, d) = body.content(&tree.schema);
    assert!(d.is_empty(), "{d}");
    let mut attrs: Vec<(String, Value)> = c
        .attributes
        .iter()
        .map(|a| (a.name.clone(), a.expr.value(None).0))
        .collect();
    attrs.sort_by(|a, b| a.0.cmp(&b.0));
    for (n, v) in attrs {
        out.push(format!("{depth} {n} = {v:?}"));
    }
    for b in &c.blocks {
        out.push(format!("{depth} {} {:?}", b.type_name, b.labels));
        let child = tree
            .children
            .iter()
            .find(|(t, _)| *t == b.type_name)
            .map(|(_, t)| t)
            .unwrap();
        describe(&b.body, child, out, depth + 1);
    }
}

fn same(native: &str, json: &str, tree: &Tree) {
    let mut a = Vec::new();
    describe(&body("c.hcl", native), tree, &mut a, 0);
    let mut b = Vec::new();
    describe(&body("c.hcl.json", json), tree, &mut b, 0);
    assert_eq!(a, b);
    assert!(!a.is_empty());
}

fn leaf(names: &[&str]) -> Tree {
    Tree {
        schema: attrs(names),
        children: Vec::new(),
    }
}

#[test]
fn native_and_json_give_the_same_content() {
    let tree = Tree {
        schema: attrs(&["name", "tags", "ports"])
            .block(block("service", &["kind", "name"]))
            .block(block("lifecycle", &[])),
        children: vec![
            (
                "service",
                Tree {
                    schema: attrs(&["port", "enabled", "ratio"]).block(block("check", &[])),
                    children: vec![("check", leaf(&["path"]))],
                },
            ),
            ("lifecycle", leaf(&["keep"])),
        ],
    };
    let native = r#"
name  = "app"

service "http" "web" {
  port    = 8080
  enabled = true
  ratio   = 0.25
  check { path = "/health" }
  check { path = "/ready" }
}

service "http" "api" {
  port = 9090
}

lifecycle {
  keep = null
}

service "tcp" "db" {}
"#;
    let json = r#"{
  "//": "the same configuration",
  "name": "app",
  "service": {
    "http": {
      "web": {
        "port": 8080, "enabled": true, "ratio": 0.25,
        "check": [{"path": "/health"}, {"path": "/ready"}]
      },
      "api": {"port": 9090}
    }
  },
  "lifecycle": {"keep": null},
  "service": {"tcp": {"db": {}}}
}"#;
    same(native, json, &tree);
}

#[test]
fn json_label_arrays_give_the_same_blocks_as_repeated_native_blocks() {
    let tree = Tree {
        schema: BodySchema::new().block(block("foo", &["a", "b"])),
        children: vec![("foo", leaf(&["child_attr"]))],
    };
    let native = r#"
foo "bar" "baz" { child_attr = "baz" }
foo "bar" "boz" { child_attr = "baz" }
foo "boz" "baz" { child_attr = "baz" }
foo "boz" "baz" { child_attr = "boz" }
"#;
    let json = r#"{
  "foo": [
    {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}},
    {"boz": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}
  ]
}"#;
    same(native, json, &tree);
}

#[test]
fn native_and_json_collections_give_the_same_values() {
    same(
        "tags = { env = \"prod\", \"team x\" = \"core\" }\nports = [80, 443]\n",
        r#"{"tags": {"env": "prod", "team x": "core"}, "ports": [80, 443]}"#,
        &leaf(&["tags", "ports"]),
    );
}
