//! The hcldec decoding rules, one test per rule, with specs read from
//! spec-file text as users write them.

use super::*;
use crate::specfile::read_spec_file;
use hcl_core::native::parse_body;
use hcl_core::value::to_cty_json;
use hcl_core::Limits;
use hcl_core::SourceFile;

fn spec(text: &str) -> Spec {
    let (body, diags) = parse_body(&SourceFile::new("t.hcldec", text), &Limits::default());
    assert!(diags.is_empty(), "{diags}");
    let (file, diags) = read_spec_file(&body);
    assert!(!diags.has_errors(), "{diags}");
    file.root
}

fn run(spec_text: &str, input: &str) -> (Value, Diagnostics) {
    let s = spec(spec_text);
    let (body, diags) = parse_body(&SourceFile::new("in.hcl", input), &Limits::default());
    assert!(diags.is_empty(), "{diags}");
    decode(&body, &s, Some(&EvalContext::new()))
}

fn json(v: &Value) -> String {
    to_cty_json(v).unwrap()
}

fn summaries(d: &Diagnostics) -> Vec<String> {
    d.iter().map(|d| d.summary.clone()).collect()
}

#[test]
fn attr_converts_to_its_type_and_absent_is_typed_null() {
    let s = "object {\n  attr \"a\" {\n    type = number\n  }\n  attr \"b\" {\n    type = list(string)\n  }\n}\n";
    let (v, d) = run(s, "a = \"12\"\n");
    assert!(d.is_empty());
    assert_eq!(json(&v), r#"{"a":12,"b":null}"#);
    assert_eq!(
        v.ty(),
        Type::object([("a", Type::Number), ("b", Type::list(Type::String))])
    );
}

#[test]
fn attr_conversion_failure_is_reported_with_an_unknown_of_the_type() {
    let s = "attr {\n  name = \"a\"\n  type = bool\n}\n";
    let (v, d) = run(s, "a = \"maybe\"\n");
    assert_eq!(summaries(&d), ["Incorrect attribute value type"]);
    assert_eq!(
        d.iter().next().unwrap().detail,
        "Inappropriate value for attribute \"a\": a bool is required."
    );
    assert_eq!(v, Value::unknown(Type::Bool));
}

#[test]
fn attr_required_and_unexpected_attributes_come_from_the_schema() {
    let s = "object {\n  attr \"a\" {\n    required = true\n  }\n}\n";
    let (_, d) = run(s, "b = 1\n");
    assert_eq!(
        summaries(&d),
        ["Missing required argument", "Unsupported argument"]
    );
}

#[test]
fn block_missing_is_null_or_an_error_when_required() {
    let s = "object {\n  block \"b\" {\n    required = true\n    object {\n    }\n  }\n}\n";
    let (v, d) = run(s, "");
    assert_eq!(summaries(&d), ["Missing b block"]);
    assert_eq!(json(&v), r#"{"b":null}"#);
}

#[test]
fn block_twice_is_a_duplicate() {
    let s = "block {\n  block_type = \"b\"\n  object {\n  }\n}\n";
    let (_, d) = run(s, "b {\n}\nb {\n}\n");
    assert_eq!(summaries(&d), ["Duplicate b block"]);
    assert!(d.iter().next().unwrap().detail.starts_with(
        "Only one block of type \"b\" is allowed. Previous definition was at in.hcl:1,1-"
    ));
}

#[test]
fn block_list_counts_are_checked() {
    let s = "block_list {\n  block_type = \"b\"\n  min_items = 2\n  max_items = 3\n  attr {\n    name = \"n\"\n    type = number\n  }\n}\n";
    let (v, d) = run(s, "b {\n  n = 1\n}\n");
    assert_eq!(summaries(&d), ["Insufficient b blocks"]);
    assert_eq!(json(&v), "[1]");
    let (_, d) = run(s, &"b {\n  n = 1\n}\n".repeat(4));
    assert_eq!(summaries(&d), ["Too many b blocks"]);
    // At the fourth block's value: the source range of the nested spec.
    assert_eq!(
        d.iter().next().unwrap().subject.clone().unwrap().start.line,
        11
    );
}

#[test]
fn block_list_empty_is_an_empty_list_of_the_nested_type() {
    let s = "block_list {\n  block_type = \"b\"\n  attr {\n    name = \"n\"\n    type = number\n  }\n}\n";
    let (v, d) = run(s, "");
    assert!(d.is_empty());
    assert_eq!(v.ty(), Type::list(Type::Number));
}

#[test]
fn block_list_with_any_unifies_element_types() {
    let s =
        "block_list {\n  block_type = \"b\"\n  attr {\n    name = \"v\"\n    type = any\n  }\n}\n";
    let (v, d) = run(s, "b {\n  v = 1\n}\nb {\n  v = \"x\"\n}\n");
    assert!(d.is_empty(), "{d}");
    assert_eq!(v.ty(), Type::list(Type::String));
    assert_eq!(json(&v), r#"["1","x"]"#);
    let (_, d) = run(s, "b {\n  v = 1\n}\nb {\n  v = [1]\n}\n");
    assert_eq!(summaries(&d), ["Unconsistent argument types in b blocks"]);
}

#[test]
fn block_set_drops_duplicates() {
    let s = "block_set {\n  block_type = \"b\"\n  attr {\n    name = \"v\"\n    type = string\n  }\n}\n";
    let (v, d) = run(
        s,
        "b {\n  v = \"y\"\n}\nb {\n  v = \"x\"\n}\nb {\n  v = \"y\"\n}\n",
    );
    assert!(d.is_empty());
    assert_eq!(json(&v), r#"["x","y"]"#);
}

#[test]
fn block_map_nests_one_level_per_label_and_rejects_duplicates() {
    let s = "block_map {\n  block_type = \"b\"\n  labels = [\"x\", \"y\"]\n  attr {\n    name = \"v\"\n    type = number\n  }\n}\n";
    let (v, d) = run(
        s,
        "b \"a\" \"1\" {\n  v = 1\n}\nb \"a\" \"2\" {\n  v = 2\n}\nb \"c\" \"1\" {\n  v = 3\n}\n",
    );
    assert!(d.is_empty(), "{d}");
    assert_eq!(json(&v), r#"{"a":{"1":1,"2":2},"c":{"1":3}}"#);
    assert_eq!(v.ty(), Type::map(Type::map(Type::Number)));
    let (_, d) = run(s, "b \"a\" \"1\" {\n}\nb \"a\" \"1\" {\n}\n");
    assert_eq!(summaries(&d), ["Duplicate b block"]);
    assert_eq!(
        d.iter().next().unwrap().detail,
        "A block for b \"a\" \"1\" was already defined. The b labels must be unique."
    );
    let (_, d) = run(s, "b \"a\" {\n}\n");
    assert_eq!(summaries(&d), ["Missing y for b"]);
}

#[test]
fn block_attrs_converts_every_attribute() {
    let s =
        "block_attrs {\n  block_type = \"env\"\n  element_type = number\n  required = true\n}\n";
    let (v, d) = run(s, "env {\n  a = 1\n  b = \"2\"\n}\n");
    assert!(d.is_empty());
    assert_eq!(json(&v), r#"{"a":1,"b":2}"#);
    let (v, d) = run(s, "env {\n  a = true\n}\n");
    assert_eq!(summaries(&d), ["Invalid attribute value"]);
    assert!(!v.is_wholly_known());
    let (_, d) = run(s, "");
    assert_eq!(summaries(&d), ["Missing env block"]);
}

#[test]
fn default_falls_back_when_the_primary_is_null() {
    let s = "default {\n  attr {\n    name = \"a\"\n    type = string\n  }\n  literal {\n    value = \"fallback\"\n  }\n}\n";
    assert_eq!(json(&run(s, "").0), r#""fallback""#);
    assert_eq!(json(&run(s, "a = \"set\"\n").0), r#""set""#);
}

#[test]
fn transform_sees_the_nested_result_as_nested() {
    let s = "transform {\n  attr {\n    name = \"mb\"\n    type = number\n  }\n  result = nested * 1024\n}\n";
    let (v, d) = run(s, "mb = 2\n");
    assert!(d.is_empty());
    assert_eq!(json(&v), "2048");
    assert_eq!(spec(s).implied_type(), Type::Number);
}

#[test]
fn array_gives_a_tuple() {
    let s = "array {\n  literal {\n    value = 1\n  }\n  attr {\n    name = \"a\"\n    type = string\n  }\n}\n";
    let (v, _) = run(s, "a = \"x\"\n");
    assert_eq!(v.ty(), Type::tuple([Type::Number, Type::String]));
    assert_eq!(json(&v), r#"[1,"x"]"#);
}

#[test]
fn variables_come_from_attributes_and_nested_blocks_in_spec_order() {
    let s = spec(
        "object {\n  attr \"b\" {\n  }\n  block_list \"blk\" {\n    attr {\n      name = \"c\"\n    }\n  }\n  attr \"a\" {\n  }\n}\n",
    );
    let (body, _) = parse_body(
        &SourceFile::new(
            "in.hcl",
            "a = x.y\nb = \"${z[0]}\"\nblk {\n  c = w\n}\nblk {\n  c = 1\n}\n",
        ),
        &Limits::default(),
    );
    let names: Vec<String> = variables(&body, &s).iter().map(|t| t.to_string()).collect();
    assert_eq!(names, ["x.y", "z[0]", "w"]);
}
