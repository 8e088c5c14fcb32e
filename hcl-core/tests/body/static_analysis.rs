//! Static analysis for both syntaxes (static_expr, traversal_for_expr,
//! expr_list/map/call in the reference; "Static Analysis" in the JSON
//! syntax spec).

use hcl_core::static_analysis::{
    abs_traversal_for_expr, expr_as_keyword, expr_call, expr_list, expr_map, rel_traversal_for_expr,
};
use hcl_core::{Expression, Value};

use super::*;

/// The expression of attribute `v` in `text`.
fn expr(name: &str, text: &str) -> Expression {
    let (c, d) = body(name, text).content(&attrs(&["v"]));
    assert!(d.is_empty(), "{d}");
    c.attributes.get("v").unwrap().expr.clone()
}

#[test]
fn static_list_of_a_tuple_or_array() {
    for (name, text) in [("t.hcl", "v = [1, 2]\n"), ("t.json", "{\"v\": [1, 2]}")] {
        let items = expr_list(&expr(name, text)).unwrap();
        let vals: Vec<Value> = items.iter().map(|e| e.value(None).0).collect();
        assert_eq!(vals, [Value::from(1), Value::from(2)], "{name}");
    }
}

#[test]
fn static_list_of_anything_else_is_invalid() {
    for (name, text, range) in [
        ("t.hcl", "v = {a = 1}\n", "1:5-1:16"),
        ("t.json", "{\"v\": \"x\"}", "1:7-1:10"),
    ] {
        let e = expr(name, text);
        let d = expr_list(&e).unwrap_err();
        let d = d.iter().next().unwrap().clone();
        assert_eq!(d.summary, "Invalid expression");
        assert_eq!(d.detail, "A static list expression is required.");
        let _ = range;
        assert_eq!(d.subject, Some(e.start_range()), "{name}");
    }
}

#[test]
fn static_map_keys_are_expressions_and_bare_names_are_keywords() {
    let e = expr("t.hcl", "v = {a = 1, \"b\" = 2}\n");
    let pairs = expr_map(&e).unwrap();
    assert_eq!(pairs.len(), 2);
    assert_eq!(pairs[0].0.value(None).0, Value::from("a"));
    assert_eq!(expr_as_keyword(&pairs[0].0).as_deref(), Some("a"));
    assert_eq!(pairs[1].1.value(None).0, Value::from(2));
    let e = expr("t.json", "{\"v\": {\"a\": 1}}");
    let pairs = expr_map(&e).unwrap();
    assert_eq!(pairs[0].0.value(None).0, Value::from("a"));
    assert_eq!(at(pairs[0].0.range()), "1:8-1:11");
    assert_eq!(expr_as_keyword(&pairs[0].0).as_deref(), Some("a"));
    let d = expr_map(&expr("t.hcl", "v = [1]\n")).unwrap_err();
    let d = d.iter().next().unwrap().clone();
    assert_eq!(d.detail, "A static map expression is required.");
}

#[test]
fn static_call_native_and_from_a_json_string() {
    let c = expr_call(&expr("t.hcl", "v = f(1, x)\n")).unwrap();
    assert_eq!(c.name, "f");
    assert_eq!(c.args.len(), 2);
    assert_eq!(at(c.name_range), "1:5-1:6");
    assert_eq!(at(c.args_range), "1:6-1:12");
    let c = expr_call(&expr("t.json", "{\"v\": \"f(1, x)\"}")).unwrap();
    assert_eq!(c.name, "f");
    assert_eq!(c.args[0].value(None).0, Value::from(1));
    assert_eq!(at(c.name_range), "1:8-1:9");
    let d = expr_call(&expr("t.json", "{\"v\": 1}")).unwrap_err();
    let d = d.iter().next().unwrap().clone();
    assert_eq!(d.detail, "A static function call is required.");
}

#[test]
fn static_traversal_native_and_from_a_json_string() {
    for (name, text, col) in [
        ("t.hcl", "v = a.b[0][\"k\"]\n", 5),
        ("t.json", "{\"v\": \"a.b[0][\\\"k\\\"]\"}", 8),
    ] {
        let t = abs_traversal_for_expr(&expr(name, text)).unwrap();
        assert_eq!(t.to_string(), "a.b[0][\"k\"]", "{name}");
        assert_eq!(t.root_name(), Some("a"));
        assert_eq!(t.steps()[0].range().start.column, col, "{name}");
        let r = rel_traversal_for_expr(&expr(name, text)).unwrap();
        assert!(!r.is_absolute());
        assert_eq!(r.to_string(), ".a.b[0][\"k\"]");
    }
}

#[test]
fn static_traversal_of_a_computation_is_invalid() {
    for (name, text) in [
        ("t.hcl", "v = a + 1\n"),
        ("t.json", "{\"v\": \"a + 1\"}"),
        ("t.json", "{\"v\": 3}"),
    ] {
        let e = expr(name, text);
        let d = abs_traversal_for_expr(&e).unwrap_err();
        let d = d.iter().next().unwrap().clone();
        assert_eq!(d.summary, "Invalid expression");
        assert!(d
            .detail
            .starts_with("A single static variable reference is required"));
        assert_eq!(d.subject, Some(e.range()));
    }
}

#[test]
fn keywords_are_bare_names_in_both_syntaxes() {
    assert_eq!(
        expr_as_keyword(&expr("t.hcl", "v = string\n")).as_deref(),
        Some("string")
    );
    assert_eq!(
        expr_as_keyword(&expr("t.json", "{\"v\": \"string\"}")).as_deref(),
        Some("string")
    );
    assert_eq!(expr_as_keyword(&expr("t.hcl", "v = a.b\n")), None);
    assert_eq!(expr_as_keyword(&expr("t.hcl", "v = \"string\"\n")), None);
    assert_eq!(expr_as_keyword(&expr("t.json", "{\"v\": \"a b\"}")), None);
}
