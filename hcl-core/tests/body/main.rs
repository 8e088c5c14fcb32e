//! Schema-driven body processing, for both syntaxes: every rule and
//! diagnostic with its range, native and JSON forms giving the same
//! content, two-step partial processing, static analysis and type
//! expressions.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod json;
mod native;
mod partial;
mod same_content;
mod static_analysis;
mod typeexpr;

use hcl_core::body::{Body, BodyContent};
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::{Diagnostic, Diagnostics, Range};

/// Parses `text` as the syntax its name calls for; parse errors fail the
/// test.
pub fn body(name: &str, text: &str) -> Body {
    let (body, diags) = hcl_core::load::parse_source(name, text);
    assert!(diags.is_empty(), "{diags}");
    body
}

/// `line:col-line:col` of a range, for compact assertions.
pub fn at(r: Range) -> String {
    format!(
        "{}:{}-{}:{}",
        r.start.line, r.start.column, r.end.line, r.end.column
    )
}

/// The one diagnostic in `d`.
pub fn one(d: &Diagnostics) -> &Diagnostic {
    assert_eq!(d.len(), 1, "{d}");
    &d.as_slice()[0]
}

/// Summary, detail and subject of each diagnostic.
pub fn summaries(d: &Diagnostics) -> Vec<(String, String, String)> {
    d.iter()
        .map(|d| {
            (
                d.summary.clone(),
                d.detail.clone(),
                d.subject.clone().map(at).unwrap_or_default(),
            )
        })
        .collect()
}

/// Attribute names of content, in order.
pub fn attr_names(c: &BodyContent) -> Vec<String> {
    c.attributes.iter().map(|a| a.name.clone()).collect()
}

/// A schema of optional attributes.
pub fn attrs(names: &[&str]) -> BodySchema {
    names.iter().fold(BodySchema::new(), |s, n| {
        s.attribute(AttributeSchema::optional(*n))
    })
}

/// A block header schema.
pub fn block(ty: &str, labels: &[&str]) -> BlockHeaderSchema {
    BlockHeaderSchema::new(ty, labels.iter().copied())
}

// The specification suite's JSON-syntax files parse without problems.
hcl_test_shared::shared_test!(specsuite_json_files_parse_clean, specsuite, |dir| {
    let Ok(entries) = std::fs::read_dir(dir.join("tests")) else {
        return;
    };
    let mut seen = 0;
    for e in entries.flatten() {
        let path = e.path();
        if path.to_string_lossy().ends_with(".hcl.json") {
            let (body, diags) = hcl_core::load::parse_file(&path);
            assert!(diags.is_empty(), "{}: {diags}", path.display());
            let (attrs, diags) = body.just_attributes();
            assert!(diags.is_empty() && attrs.is_empty(), "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 1);
});

/// Files of both syntaxes read from disk and merged: a `.json` file is
/// JSON syntax, and an argument set in two files is reported at the second
/// with the first's position.
#[test]
fn files_of_both_syntaxes_merge_into_one_body() {
    let dir = std::env::temp_dir().join(format!("hcl-core-body-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let native = dir.join("a.hcl");
    let json = dir.join("b.hcl.json");
    std::fs::write(&native, "name = \"x\"\nsvc \"one\" {}\n").unwrap();
    std::fs::write(&json, "{\"name\": \"y\", \"svc\": {\"two\": {}}}").unwrap();
    let (body, diags) = hcl_core::load::parse_files([&native, &json]);
    assert!(diags.is_empty(), "{diags}");
    let schema = attrs(&["name"]).block(block("svc", &["n"]));
    let (c, d) = body.content(&schema);
    let labels: Vec<_> = c.blocks.iter().map(|b| b.labels[0].clone()).collect();
    assert_eq!(labels, ["one", "two"]);
    assert_eq!(
        c.attributes.get("name").unwrap().expr.value(None).0,
        hcl_core::Value::from("x")
    );
    let d = one(&d);
    assert_eq!(d.summary, "Duplicate argument");
    assert_eq!(at(d.subject.clone().unwrap()), "1:2-1:8");
    assert!(d.detail.ends_with("a.hcl:1,1-5"), "{}", d.detail);
    let (_, d) = hcl_core::load::parse_file(dir.join("missing.hcl"));
    assert_eq!(one(&d).summary, "Failed to read file");
    std::fs::remove_dir_all(&dir).unwrap();
}
