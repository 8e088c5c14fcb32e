//! The JSON syntax's body processing and expressions (hcl-json-syntax.md,
//! json/structure.go).

use hcl_core::schema::{AttributeSchema, BodySchema};
use hcl_core::{EvalContext, Value};

use super::*;

const J: &str = "t.json";

#[test]
fn json_attributes_are_the_properties_the_schema_names() {
    let b = body(J, "{\n  \"a\": 1,\n  \"b\": \"x\"\n}");
    let (c, d) = b.content(&attrs(&["a", "b"]));
    assert!(d.is_empty(), "{d}");
    let a = c.attributes.get("a").unwrap();
    assert_eq!(at(a.name_range.clone()), "2:3-2:6");
    assert_eq!(at(a.range.clone()), "2:3-2:9");
    assert_eq!(a.expr.value(None).0, Value::from(1));
    assert_eq!(at(a.expr.range()), "2:8-2:9");
}

#[test]
fn json_body_may_be_an_array_of_objects() {
    let b = body(J, "[{\"a\": 1}, {\"b\": 2}]");
    let (c, d) = b.content(&attrs(&["a", "b"]));
    assert!(d.is_empty(), "{d}");
    assert_eq!(attr_names(&c), ["a", "b"]);
}

#[test]
fn json_body_array_elements_must_be_objects() {
    let b = body(J, "[{\"a\": 1}, 2]");
    let (_, d) = b.content(&attrs(&["a"]));
    assert_eq!(
        summaries(&d),
        [(
            "Incorrect JSON value type".into(),
            "A JSON object is required here, to define arguments and child blocks.".into(),
            "1:12-1:13".into()
        )]
    );
}

#[test]
fn json_comment_properties_are_ignored_in_bodies() {
    let b = body(J, "{\"//\": \"a comment\", \"a\": 1}");
    let (c, d) = b.content(&attrs(&["a"]));
    assert!(d.is_empty(), "{d}");
    assert_eq!(c.attributes.len(), 1);
    let (all, d) = b.just_attributes();
    assert!(d.is_empty());
    assert_eq!(
        all.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(),
        ["a"]
    );
}

#[test]
fn json_comment_properties_are_values_in_expressions() {
    let b = body(J, "{\"obj\": {\"//\": \"kept\"}}");
    let (c, _) = b.content(&attrs(&["obj"]));
    let v = c.attributes.get("obj").unwrap().expr.value(None).0;
    assert_eq!(v, Value::object([("//", Value::string("kept"))]));
}

#[test]
fn json_extraneous_property_suggests_names() {
    let b = body(J, "{\n\"nmae\": 1, \"servce\": {}, \"zzz\": 2}");
    let schema = attrs(&["name"]).block(block("service", &[]));
    let (_, d) = b.content(&schema);
    assert_eq!(
        summaries(&d),
        [
            (
                "Extraneous JSON object property".into(),
                "No argument or block type is named \"nmae\". Did you mean \"name\"?".into(),
                "2:1-2:7".into()
            ),
            (
                "Extraneous JSON object property".into(),
                "No argument or block type is named \"servce\". Did you mean \"service\"?".into(),
                "2:12-2:20".into()
            ),
            (
                "Extraneous JSON object property".into(),
                "No argument or block type is named \"zzz\".".into(),
                "2:26-2:31".into()
            ),
        ]
    );
    assert_eq!(at(d.as_slice()[0].context.clone().unwrap()), "2:1-2:10");
}

#[test]
fn json_duplicate_argument_reports_the_first_definition() {
    let b = body(J, "{\"a\": 1,\n \"a\": 2}");
    let (c, d) = b.content(&attrs(&["a"]));
    assert_eq!(
        c.attributes.get("a").unwrap().expr.value(None).0,
        Value::from(1)
    );
    assert_eq!(
        summaries(&d),
        [(
            "Duplicate argument".into(),
            "The argument \"a\" was already set at t.json:1,2-8.".into(),
            "2:2-2:5".into()
        )]
    );
    let (_, d) = b.just_attributes();
    assert_eq!(one(&d).summary, "Duplicate attribute definition");
}

#[test]
fn json_missing_required_argument_points_at_the_closing_brace() {
    let b = body(J, "{\n  \"a\": 1\n}");
    let (_, d) = b.content(
        &BodySchema::new()
            .attribute(AttributeSchema::required("b"))
            .attribute(AttributeSchema::optional("a")),
    );
    assert_eq!(
        summaries(&d),
        [(
            "Missing required argument".into(),
            "The argument \"b\" is required, but no definition was found.".into(),
            "3:1-3:2".into()
        )]
    );
}

#[test]
fn json_blocks_object_array_and_empty_forms() {
    let schema = BodySchema::new().block(block("foo", &[]));
    for (text, n) in [
        ("{\"foo\": {\"child_attr\": \"baz\"}}", 1),
        (
            "{\"foo\": [{\"child_attr\": \"baz\"}, {\"child_attr\": \"boz\"}]}",
            2,
        ),
        ("{\"foo\": []}", 0),
        ("{\"foo\": null}", 0),
    ] {
        let (c, d) = body(J, text).content(&schema);
        assert!(d.is_empty(), "{text}: {d}");
        assert_eq!(c.blocks.len(), n, "{text}");
    }
}

#[test]
fn json_block_ranges() {
    let b = body(J, "{\"foo\": {\"bar\": [{\"a\": 1}]}}");
    let (c, d) = b.content(&BodySchema::new().block(block("foo", &["name"])));
    assert!(d.is_empty(), "{d}");
    let blk = &c.blocks[0];
    assert_eq!(blk.labels, ["bar"]);
    assert_eq!(at(blk.type_range.clone()), "1:2-1:7");
    assert_eq!(at(blk.label_ranges[0].clone()), "1:10-1:15");
    assert_eq!(at(blk.def_range.clone()), "1:17-1:18");
    // A block body whose missing item is wanted points at its closing brace.
    let (_, d) = blk.body.content(
        &BodySchema::new()
            .attribute(AttributeSchema::required("z"))
            .attribute(AttributeSchema::optional("a")),
    );
    assert_eq!(at(one(&d).subject.clone().unwrap()), "1:25-1:26");
}

#[test]
fn json_labels_nest_in_order_with_arrays_and_repeated_names() {
    let text = r#"{
  "foo": {
    "bar": {"baz": {"v": 1}, "boz": {"v": 2}},
    "bar": {"baz": [{"v": 3}, {"v": 4}]}
  }
}"#;
    let (c, d) = body(J, text).content(&BodySchema::new().block(block("foo", &["a", "b"])));
    assert!(d.is_empty(), "{d}");
    let got: Vec<(Vec<String>, Value)> = c
        .blocks
        .iter()
        .map(|b| {
            let (a, _) = b.body.just_attributes();
            (b.labels.clone(), a.get("v").unwrap().expr.value(None).0)
        })
        .collect();
    let want = [
        (["bar", "baz"], 1),
        (["bar", "boz"], 2),
        (["bar", "baz"], 3),
        (["bar", "baz"], 4),
    ];
    assert_eq!(got.len(), want.len());
    for ((labels, v), (wl, wv)) in got.iter().zip(want) {
        assert_eq!(labels, &wl);
        assert_eq!(v, &Value::from(wv));
    }
}

#[test]
fn json_missing_block_label() {
    let b = body(J, "{\"foo\": {}}");
    let (_, d) = b.content(&BodySchema::new().block(block("foo", &["name"])));
    assert_eq!(
        summaries(&d),
        [(
            "Missing block label".into(),
            "At least one object property is required, whose name represents the foo block's name."
                .into(),
            "1:9-1:10".into()
        )]
    );
}

#[test]
fn json_label_level_must_be_an_object() {
    let b = body(J, "{\"foo\": 1}");
    let (_, d) = b.content(&BodySchema::new().block(block("foo", &["name"])));
    let got = summaries(&d);
    assert_eq!(
        got[0],
        (
            "Incorrect JSON value type".into(),
            "Either a JSON object or JSON array of objects is required here, to specify name labels for this block.".into(),
            "1:9-1:10".into()
        )
    );
    let b = body(J, "{\"foo\": [1]}");
    let (_, d) = b.content(&BodySchema::new().block(block("foo", &["name"])));
    assert_eq!(
        d.as_slice()[0].detail,
        "A JSON object is required here, to specify name labels for this block."
    );
}

#[test]
fn json_block_body_must_be_an_object_or_array() {
    let b = body(J, "{\"foo\": \"x\"}");
    let (_, d) = b.content(&BodySchema::new().block(block("foo", &[])));
    assert_eq!(
        summaries(&d),
        [(
            "Incorrect JSON value type".into(),
            "Either a JSON object or a JSON array is required, representing the contents of one or more \"foo\" blocks.".into(),
            "1:9-1:12".into()
        )]
    );
}

#[test]
fn json_just_attributes_needs_an_object() {
    let b = body(J, "[{\"a\": 1}]");
    let (_, d) = b.just_attributes();
    assert_eq!(
        summaries(&d),
        [(
            "Incorrect JSON value type".into(),
            "A JSON object is required here, setting the arguments for this block.".into(),
            "1:1-1:2".into()
        )]
    );
}

#[test]
fn json_root_must_be_an_object() {
    let (b, d) = hcl_core::load::parse_source(J, "  42");
    assert_eq!(
        summaries(&d),
        [(
            "Root value must be object".into(),
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.".into(),
            "1:3-1:5".into()
        )]
    );
    let (a, d) = b.just_attributes();
    assert!(a.is_empty() && d.is_empty());
}

#[test]
fn json_values_map_to_objects_tuples_and_exact_numbers() {
    let b = body(
        J,
        r#"{"v": {"s": "${x}", "n": 1e400, "t": [true, null, 0.1], "o": {}}}"#,
    );
    let (c, _) = b.content(&attrs(&["v"]));
    let (v, d) = c.attributes.get("v").unwrap().expr.value(None);
    assert!(d.is_empty());
    let want = Value::object([
        ("s", Value::string("${x}")),
        (
            "n",
            Value::Number(hcl_core::Number::parse_json("1e400").unwrap()),
        ),
        (
            "t",
            Value::tuple([
                Value::Bool(true),
                Value::null(hcl_core::Type::Dynamic),
                Value::Number(hcl_core::Number::parse_json("0.1").unwrap()),
            ]),
        ),
        ("o", Value::empty_object()),
    ]);
    assert_eq!(v, want);
}

#[test]
fn json_strings_are_templates_in_full_mode() {
    let b = body(J, r#"{"a": "plain", "b": "${1}"}"#);
    let (c, _) = b.content(&attrs(&["a", "b"]));
    let ctx = EvalContext::new();
    let (v, d) = c.attributes.get("a").unwrap().expr.value(Some(&ctx));
    assert!(d.is_empty(), "{d}");
    assert_eq!(v, Value::string("plain"));
    // Template interpolation unwrapping: the number, not its string.
    let (v, d) = c.attributes.get("b").unwrap().expr.value(Some(&ctx));
    assert!(d.is_empty(), "{d}");
    assert_eq!(v, Value::from(1));
}

#[test]
fn json_template_errors_point_into_the_json_file() {
    let b = body(J, "{\n  \"a\": \"x ${\"\n}");
    let (c, _) = b.content(&attrs(&["a"]));
    let (v, d) = c
        .attributes
        .get("a")
        .unwrap()
        .expr
        .value(Some(&EvalContext::new()));
    assert!(d.has_errors());
    assert_eq!(v, Value::dynamic());
    let r = d.as_slice()[0].subject.clone().unwrap();
    assert_eq!(
        (r.start.line, r.filename.clone()),
        (2, c.attributes.get("a").unwrap().range.filename.clone())
    );
    assert!(r.start.column >= 10, "{}", at(r));
}

#[test]
fn json_duplicate_object_attribute_in_an_expression() {
    let b = body(J, r#"{"v": {"k": 1, "k": 2}}"#);
    let (c, _) = b.content(&attrs(&["v"]));
    let (_, d) = c.attributes.get("v").unwrap().expr.value(None);
    assert_eq!(
        summaries(&d),
        [(
            "Duplicate object attribute".into(),
            "An attribute named \"k\" was already defined at t.json:1,8-11.".into(),
            "1:16-1:19".into()
        )]
    );
}

#[test]
fn json_full_mode_evaluates_templates_and_keys_with_variables() {
    let b = body(
        J,
        r#"{"v": {"${k}": "hello ${name}", "n": "${x + 1}", "lit": "$${raw}"}}"#,
    );
    let (c, _) = b.content(&attrs(&["v"]));
    let e = &c.attributes.get("v").unwrap().expr;
    let mut ctx = EvalContext::new();
    ctx.set_variable("k", Value::from("key"))
        .set_variable("name", Value::from("world"))
        .set_variable("x", Value::from(41));
    let (v, d) = e.value(Some(&ctx));
    assert!(d.is_empty(), "{d}");
    assert_eq!(
        v,
        Value::object([
            ("key", Value::from("hello world")),
            ("n", Value::from(42)),
            ("lit", Value::from("${raw}")),
        ])
    );
    // Literal-only mode takes every string as it is.
    let (v, _) = e.value(None);
    assert_eq!(
        v,
        Value::object([
            ("${k}", Value::from("hello ${name}")),
            ("n", Value::from("${x + 1}")),
            ("lit", Value::from("$${raw}")),
        ])
    );
}

#[test]
fn json_variables_are_found_in_strings_and_keys_with_file_ranges() {
    let b = body(J, "{\"v\": [\"${a.b}\", {\"${c}\": \"x ${d[0]}\"}]}");
    let (c, _) = b.content(&attrs(&["v"]));
    let vars: Vec<(String, String)> = c
        .attributes
        .get("v")
        .unwrap()
        .expr
        .variables()
        .iter()
        .map(|t| (t.to_string(), at(t.range().unwrap())))
        .collect();
    assert_eq!(
        vars,
        [
            ("a.b".to_owned(), "1:11-1:14".to_owned()),
            ("c".to_owned(), "1:22-1:23".to_owned()),
            ("d[0]".to_owned(), "1:32-1:36".to_owned()),
        ]
    );
}

/// The references of `e` found part by part: the items of a list, the
/// keys and values of a map (each a handle of its own), a leaf's own.
fn variables_part_by_part(e: &hcl_core::Expression) -> Vec<String> {
    if let Some(items) = e.as_impl().static_list() {
        return items.iter().flat_map(variables_part_by_part).collect();
    }
    if let Some(pairs) = e.as_impl().static_map() {
        return pairs
            .iter()
            .flat_map(|(k, v)| [variables_part_by_part(k), variables_part_by_part(v)])
            .flatten()
            .collect();
    }
    e.variables().iter().map(|t| t.to_string()).collect()
}

#[test]
fn json_variables_of_a_value_are_those_of_its_parts_in_order() {
    // Escapes are decoded before a string is read as a template (`\u0024{`
    // is `${`); `$${` and `%%{` are literal text; a string that does not
    // parse as a template refers to nothing; strings without a sequence
    // are literal text.
    let text = r#"{"v": [
        "plain", 1, true, null, "$${not.a.ref}", "%%{ not }", "\u0024{escaped.ref}",
        {"${key.ref}": "${val.ref} and ${other[0]}", "k": ["${deep.ref}", {"n": "%{ if c }x%{ endif }"}]},
        "${broken", "${[for x in xs : x]}${y}", [], {}
    ]}"#;
    let b = body(J, text);
    let (c, _) = b.content(&attrs(&["v"]));
    let e = &c.attributes.get("v").unwrap().expr;
    let whole: Vec<String> = e.variables().iter().map(|t| t.to_string()).collect();
    assert_eq!(
        whole,
        [
            "escaped.ref",
            "key.ref",
            "val.ref",
            "other[0]",
            "deep.ref",
            "c",
            "xs",
            "y"
        ]
    );
    assert_eq!(whole, variables_part_by_part(e));
    let mut lent = Vec::new();
    e.each_variable(|t| {
        let ranges = (t.root_range(), t.range());
        lent.push((
            t.to_string(),
            t.root_name().to_owned(),
            ranges,
            t.to_traversal(),
        ));
    });
    let kept = e.variables();
    assert_eq!(
        lent.iter().map(|l| &l.3).collect::<Vec<_>>(),
        kept.iter().collect::<Vec<_>>()
    );
    for (text, root, (root_range, range), t) in &lent {
        assert_eq!((text, Some(root.as_str())), (&t.to_string(), t.root_name()));
        assert_eq!(
            Some(root_range),
            t.steps().first().map(|s| s.range()).as_ref()
        );
        assert_eq!(Some(range), t.range().as_ref());
    }
}

#[test]
fn json_invalid_object_keys_in_full_mode() {
    let b = body(J, r#"{"v": {"${null}": 1, "${[]}": 2}}"#);
    let (c, _) = b.content(&attrs(&["v"]));
    let (_, d) = c
        .attributes
        .get("v")
        .unwrap()
        .expr
        .value(Some(&EvalContext::new()));
    let got = summaries(&d);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].0, "Invalid object key expression");
    assert_eq!(got[0].1, "Cannot use null value as an object key.");
    assert_eq!(got[0].2, "1:8-1:17");
    assert_eq!(got[1].0, "Invalid object key expression");
    assert!(got[1]
        .1
        .starts_with("Cannot use this expression as an object key: "));
}
