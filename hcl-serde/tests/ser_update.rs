//! Typed editing: a file updated from a changed serde value keeps every
//! byte of what did not change, comments included.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hcl_core::edit::Document;
use hcl_serde::ser::{update_document, Blocks};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Service {
    port: u16,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Config {
    name: String,
    #[serde(default)]
    service: Blocks<BTreeMap<String, Service>, 1>,
}

const SRC: &str = r#"# shop config
name = "shop" # the name

# web front
service "web" {
  port = 80 # http
  tags = ["a"]
}

service "api" {
  port = 9000
}
"#;

#[test]
fn update_document_changes_only_changed_attributes_and_blocks() {
    let mut c: Config = hcl_serde::from_str(SRC).unwrap();
    c.service.0.get_mut("web").unwrap().tags.push("b".into());
    c.service.0.remove("api");
    c.service.0.insert(
        "db".into(),
        Service {
            port: 5432,
            tags: vec![],
        },
    );
    let mut doc = Document::parse("shop.hcl", SRC).unwrap();
    update_document(&mut doc, &c).unwrap();
    assert_eq!(
        doc.text(),
        r#"# shop config
name = "shop" # the name

# web front
service "web" {
  port = 80 # http
  tags = ["a", "b"]
}

service "db" {
  port = 5432
  tags = []
}
"#
    );
    assert_eq!(hcl_serde::from_str::<Config>(doc.text()).unwrap(), c);
    // Nothing changed: nothing written.
    let before = doc.text().to_owned();
    update_document(&mut doc, &c).unwrap();
    assert_eq!(doc.text(), before);
}
