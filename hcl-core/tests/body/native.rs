//! The native syntax's body processing (hclsyntax/structure.go).

use hcl_core::schema::{AttributeSchema, BodySchema};
use hcl_core::Value;

use super::*;

#[test]
fn content_returns_schema_attributes_and_blocks_in_order() {
    let b = body(
        "t.hcl",
        "a = 1\nsvc \"x\" {\n  p = 2\n}\nb = 2\nsvc \"y\" {}\n",
    );
    let schema = attrs(&["a", "b"]).block(block("svc", &["name"]));
    let (c, d) = b.content(&schema);
    assert!(d.is_empty(), "{d}");
    assert_eq!(attr_names(&c), ["a", "b"]);
    let labels: Vec<_> = c.blocks.iter().map(|b| b.labels.clone()).collect();
    assert_eq!(labels, [vec!["x".to_owned()], vec!["y".to_owned()]]);
    let blk = &c.blocks[0];
    assert_eq!(at(blk.type_range.clone()), "2:1-2:4");
    assert_eq!(at(blk.label_ranges[0].clone()), "2:5-2:8");
    assert_eq!(at(blk.def_range.clone()), "2:1-2:8");
    let a = c.attributes.get("a").unwrap();
    assert_eq!(at(a.name_range.clone()), "1:1-1:2");
    assert_eq!(at(a.range.clone()), "1:1-1:6");
    assert_eq!(a.expr.value(None).0, Value::from(1));
    let (inner, d) = blk.body.just_attributes();
    assert!(d.is_empty());
    assert_eq!(at(inner.get("p").unwrap().name_range.clone()), "3:3-3:4");
}

#[test]
fn unsupported_argument_suggests_an_unused_schema_attribute() {
    let b = body("t.hcl", "nmae = 1\n");
    let (_, d) = b.content(&attrs(&["name"]));
    assert_eq!(
        summaries(&d),
        [(
            "Unsupported argument".into(),
            "An argument named \"nmae\" is not expected here. Did you mean \"name\"?".into(),
            "1:1-1:5".into()
        )]
    );
}

#[test]
fn unsupported_argument_does_not_suggest_an_attribute_already_set() {
    let b = body("t.hcl", "name = 1\nnama = 2\n");
    let (_, d) = b.content(&attrs(&["name"]));
    assert_eq!(
        one(&d).detail,
        "An argument named \"nama\" is not expected here."
    );
}

#[test]
fn unsupported_argument_named_like_a_block_type_hints_at_block_syntax() {
    let b = body("t.hcl", "network = {}\n");
    let (_, d) = b.content(&BodySchema::new().block(block("network", &[])));
    assert_eq!(
        one(&d).detail,
        "An argument named \"network\" is not expected here. Did you mean to define a block of type \"network\"?"
    );
}

#[test]
fn unsupported_block_type_suggests_a_block_type_or_hints_at_argument_syntax() {
    let b = body("t.hcl", "servce {}\nname {}\nzzz {}\n");
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("name"))
        .block(block("service", &[]));
    let (_, d) = b.content(&schema);
    assert_eq!(
        summaries(&d),
        [
            (
                "Unsupported block type".into(),
                "Blocks of type \"servce\" are not expected here. Did you mean \"service\"?".into(),
                "1:1-1:7".into()
            ),
            (
                "Unsupported block type".into(),
                "Blocks of type \"name\" are not expected here. Did you mean to define argument \"name\"? If so, use the equals sign to assign it a value.".into(),
                "2:1-2:5".into()
            ),
            (
                "Unsupported block type".into(),
                "Blocks of type \"zzz\" are not expected here.".into(),
                "3:1-3:4".into()
            ),
        ]
    );
}

#[test]
fn missing_required_argument_points_at_the_body_start() {
    let b = body("t.hcl", "x {\n  a = 1\n}\n");
    let (c, d) = b.content(&BodySchema::new().block(block("x", &[])));
    assert!(d.is_empty());
    let (_, d) = c.blocks[0].body.content(
        &BodySchema::new()
            .attribute(AttributeSchema::required("b"))
            .attribute(AttributeSchema::optional("a")),
    );
    assert_eq!(
        summaries(&d),
        [(
            "Missing required argument".into(),
            "The argument \"b\" is required, but no definition was found.".into(),
            "1:3-1:3".into()
        )]
    );
    // The file's own body starts at the file's start.
    let (_, d) = body("t.hcl", "\n\na = 1\n").content(
        &BodySchema::new()
            .attribute(AttributeSchema::required("z"))
            .attribute(AttributeSchema::optional("a")),
    );
    assert_eq!(at(one(&d).subject.clone().unwrap()), "1:1-1:1");
}

#[test]
fn duplicate_argument_is_reported_by_the_parser() {
    let (_, d) = hcl_core::load::parse_source("t.hcl", "a = 1\na = 2\n");
    let d = one(&d);
    assert_eq!(d.summary, "Attribute redefined");
    assert_eq!(at(d.subject.clone().unwrap()), "2:1-2:2");
}

#[test]
fn extraneous_label_with_no_labels_expected() {
    let b = body("t.hcl", "x \"a\" \"b\" {}\n");
    let (c, d) = b.content(&BodySchema::new().block(block("x", &[])));
    assert!(c.blocks.is_empty());
    let d = one(&d);
    assert_eq!(d.summary, "Extraneous label for x");
    assert_eq!(d.detail, "No labels are expected for x blocks.");
    assert_eq!(at(d.subject.clone().unwrap()), "1:3-1:6");
    assert_eq!(at(d.context.clone().unwrap()), "1:1-1:12");
}

#[test]
fn extraneous_label_points_at_the_first_label_too_many() {
    let b = body("t.hcl", "x \"a\" \"b\" \"c\" {}\n");
    let (_, d) = b.content(&BodySchema::new().block(block("x", &["type", "name"])));
    let d = one(&d);
    assert_eq!(d.summary, "Extraneous label for x");
    assert_eq!(
        d.detail,
        "Only 2 labels (type, name) are expected for x blocks."
    );
    assert_eq!(at(d.subject.clone().unwrap()), "1:11-1:14");
}

#[test]
fn missing_label_names_the_first_missing_one_and_points_at_the_brace() {
    let b = body("t.hcl", "x \"a\" {}\n");
    let (_, d) = b.content(&BodySchema::new().block(block("x", &["type", "name"])));
    let d = one(&d);
    assert_eq!(d.summary, "Missing name for x");
    assert_eq!(d.detail, "All x blocks must have 2 labels (type, name).");
    assert_eq!(at(d.subject.clone().unwrap()), "1:7-1:8");
    assert_eq!(at(d.context.clone().unwrap()), "1:1-1:8");
}

#[test]
fn just_attributes_reports_the_first_block() {
    let b = body("t.hcl", "a = 1\nx {}\ny {}\n");
    let (attrs, d) = b.just_attributes();
    assert_eq!(attrs.len(), 1);
    assert_eq!(
        summaries(&d),
        [(
            "Unexpected \"x\" block".into(),
            "Blocks are not allowed here.".into(),
            "2:1-2:2".into()
        )]
    );
}

#[test]
fn partial_content_leaves_other_attributes_and_block_types() {
    let b = body("t.hcl", "a = 1\nb = 2\nx {}\ny {}\nx {}\n");
    let (c, rest, d) = b.partial_content(&attrs(&["a"]).block(block("x", &[])));
    assert!(d.is_empty());
    assert_eq!(attr_names(&c), ["a"]);
    assert_eq!(c.blocks.len(), 2);
    let (c2, d) = rest.content(&attrs(&["b"]).block(block("y", &[])));
    assert!(d.is_empty(), "{d}");
    assert_eq!(attr_names(&c2), ["b"]);
    assert_eq!(c2.blocks.len(), 1);
    // What was claimed is gone from the rest, even if asked for again.
    let (c3, _, _) = rest.partial_content(&attrs(&["a"]).block(block("x", &[])));
    assert!(c3.attributes.is_empty() && c3.blocks.is_empty());
}

#[test]
fn leftover_body_just_attributes_ignores_claimed_blocks() {
    let b = body("t.hcl", "a = 1\nx {}\n");
    let (_, rest, _) = b.partial_content(&BodySchema::new().block(block("x", &[])));
    let (attrs, d) = rest.just_attributes();
    assert!(d.is_empty(), "{d}");
    assert_eq!(attrs.len(), 1);
}

#[test]
fn an_invalid_schema_is_reported_without_a_range() {
    let b = body("t.hcl", "a = 1\n");
    let (_, d) = b.content(&attrs(&["a", "a"]));
    let d = one(&d);
    assert_eq!(d.summary, "Invalid schema");
    assert!(d.subject.is_none());
}

#[test]
fn leftover_body_content_reports_only_what_is_left() {
    let b = body("t.hcl", "a = 1\nb = 2\nx {}\ny {}\n");
    let (_, rest, _) = b.partial_content(&attrs(&["a"]).block(block("x", &[])));
    // `a` and `x` were claimed: asking for nothing reports only `b` and `y`.
    let (c, d) = rest.content(&BodySchema::new());
    assert!(c.attributes.is_empty() && c.blocks.is_empty());
    let got: Vec<_> = summaries(&d).into_iter().map(|(s, _, r)| (s, r)).collect();
    assert_eq!(
        got,
        [
            ("Unsupported argument".to_owned(), "2:1-2:2".to_owned()),
            ("Unsupported block type".to_owned(), "4:1-4:2".to_owned()),
        ]
    );
}

#[test]
fn content_with_every_item_claimed_reports_only_label_problems() {
    let b = body("t.hcl", "a = 1\nx \"extra\" {}\n");
    let (c, d) = b.content(&attrs(&["a"]).block(block("x", &[])));
    assert_eq!(attr_names(&c), ["a"]);
    assert!(c.blocks.is_empty());
    assert_eq!(one(&d).summary, "Extraneous label for x");
}

#[test]
fn attribute_ranges_span_multi_line_values() {
    let b = body("t.hcl", "x {\n  env = {\n    A = \"1\"\n  }\n  n = 2\n}\n");
    let (c, d) = b.content(&BodySchema::new().block(block("x", &[])));
    assert!(d.is_empty(), "{d}");
    let (inner, d) = c.blocks[0].body.content(&attrs(&["n", "env"]));
    assert!(d.is_empty(), "{d}");
    assert_eq!(
        at(inner.attributes.get("env").unwrap().range.clone()),
        "2:3-4:4"
    );
    assert_eq!(
        at(inner.attributes.get("n").unwrap().range.clone()),
        "5:3-5:8"
    );
    assert_eq!(at(inner.missing_item_range), "1:3-1:3");
}
