//! Parsed bodies, values and contexts are shared between threads: the
//! types are `Send + Sync`, and one parsed body decodes to the same result
//! from 8 threads at once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_core::function::stdlib;
use hcl_core::function::Functions;
use hcl_core::native::{BodyNode, ExprNode, File};
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_core::{load, Body, Diagnostics, EvalContext, Expression, SourceFile, Type, Value};

const fn assert_send_sync<T: Send + Sync>() {}

// Checked at compile time: a type losing `Send` or `Sync` breaks the build.
const _: () = {
    assert_send_sync::<Body>();
    assert_send_sync::<Expression>();
    assert_send_sync::<Value>();
    assert_send_sync::<Type>();
    assert_send_sync::<hcl_core::typeck::ExtendedType>();
    assert_send_sync::<EvalContext>();
    assert_send_sync::<Functions>();
    assert_send_sync::<Diagnostics>();
    assert_send_sync::<SourceFile>();
    assert_send_sync::<File>();
    assert_send_sync::<BodyNode<'static>>();
    assert_send_sync::<ExprNode<'static>>();
};

const NATIVE: &str = r#"
name    = "web-${env}"
ports   = [for p in range(3) : 8000 + p]
tags    = { for k, v in { a = 1, b = 2 } : upper(k) => v * factor }
enabled = length(var_list) > 2 ? true : false

service "api" {
  replicas = max(1, factor) * 2
  labels   = join(",", sort(["z", "a", env]))
}

service "db" {
  replicas = 1
  labels   = format("%05.1f|%s", 3.14159, jsonencode({ x = [1, null, "y"] }))
}
"#;

const JSON: &str = r#"{
  "name": "web-${env}",
  "ports": "${[for p in range(3) : 8000 + p]}",
  "tags": "${{ for k, v in { a = 1, b = 2 } : upper(k) => v * factor }}",
  "enabled": "${length(var_list) > 2 ? true : false}",
  "service": {
    "api": { "replicas": "${max(1, factor) * 2}", "labels": "${join(\",\", sort([\"z\", \"a\", env]))}" },
    "db": { "replicas": 1, "labels": "${format(\"%05.1f|%s\", 3.14159, jsonencode({ x = [1, null, \"y\"] }))}" }
  }
}"#;

fn context() -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    ctx.set_variable("env", Value::from("prod"));
    ctx.set_variable("factor", Value::from(3));
    ctx.set_variable(
        "var_list",
        Value::tuple(vec![Value::from(1), Value::from(2), Value::from(3)]),
    );
    ctx
}

/// Decodes the whole body to a list of (path, value) pairs.
fn decode(body: &Body, ctx: &EvalContext) -> Vec<(String, Value)> {
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("name"))
        .attribute(AttributeSchema::required("ports"))
        .attribute(AttributeSchema::required("tags"))
        .attribute(AttributeSchema::required("enabled"))
        .block(BlockHeaderSchema::new("service", ["name"]));
    let (content, diags) = body.content(&schema);
    assert!(diags.is_empty(), "{diags}");
    let mut out = Vec::new();
    for a in content.attributes.iter() {
        let (v, diags) = a.expr.value(Some(ctx));
        assert!(diags.is_empty(), "{diags}");
        out.push((a.name.clone(), v));
    }
    for b in &content.blocks {
        let (attrs, diags) = b.body.just_attributes();
        assert!(diags.is_empty(), "{diags}");
        let mut attrs: Vec<_> = attrs.iter().collect();
        attrs.sort_by(|x, y| x.name.cmp(&y.name));
        for a in attrs {
            let (v, diags) = a.expr.value(Some(ctx));
            assert!(diags.is_empty(), "{diags}");
            out.push((format!("{}.{}", b.labels.join("."), a.name), v));
        }
    }
    out
}

fn decode_from_8_threads(name: &str, text: &str) -> Vec<(String, Value)> {
    let (body, diags) = load::parse_source(name, text);
    assert!(diags.is_empty(), "{diags}");
    let ctx = context();
    let expected = decode(&body, &ctx);
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8).map(|_| s.spawn(|| decode(&body, &ctx))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for r in results {
        assert_eq!(r, expected);
    }
    expected
}

#[test]
fn one_parsed_body_decodes_identically_from_8_threads() {
    let native = decode_from_8_threads("main.hcl", NATIVE);
    let json = decode_from_8_threads("main.hcl.json", JSON);
    // Both syntaxes say the same thing.
    assert_eq!(native, json);
    let get = |k: &str| native.iter().find(|(n, _)| n == k).unwrap().1.clone();
    assert_eq!(get("name"), Value::from("web-prod"));
    assert_eq!(get("enabled"), Value::Bool(true));
    assert_eq!(get("api.replicas"), Value::from(6));
    assert_eq!(get("api.labels"), Value::from("a,prod,z"));
    assert_eq!(
        get("db.labels"),
        Value::from("003.1|{\"x\":[1,null,\"y\"]}")
    );
    assert_eq!(native.len(), 8);
}
