//! The Deserializer's conversions, one test per rule.

use std::collections::{BTreeMap, HashSet};

use serde::de::DeserializeOwned;
use serde::Deserialize;

use hcl_core::value::Type;
use hcl_core::{Number, Value};

use super::ValueDeserializer;
use crate::Spanned;

fn de<T: DeserializeOwned>(v: &Value) -> Result<T, String> {
    T::deserialize(ValueDeserializer::new(v)).map_err(|e| {
        let entry = &e.entries()[0];
        let detail = entry
            .diagnostic
            .detail
            .strip_prefix("Unsuitable value: ")
            .unwrap_or(&entry.diagnostic.detail)
            .to_owned();
        if entry.path.is_empty() {
            detail
        } else {
            format!("{}: {detail}", entry.path)
        }
    })
}

fn num(s: &str) -> Value {
    Value::Number(Number::parse_literal(s).unwrap())
}

#[test]
fn conversion_string_to_number_for_integer_targets() {
    assert_eq!(de::<u16>(&Value::from("8080")), Ok(8080));
    assert_eq!(de::<i64>(&Value::from("-12")), Ok(-12));
    assert_eq!(de::<f64>(&Value::from("1.5")), Ok(1.5));
    assert_eq!(
        de::<u16>(&Value::from("http")),
        Err("a number is required, but \"http\" is not a number".into())
    );
}

#[test]
fn conversion_integers_are_range_checked() {
    let cases: &[(Value, Result<u16, String>)] = &[
        (
            Value::from(70000),
            Err("70000 is out of range for u16".into()),
        ),
        (Value::from(-1), Err("-1 is out of range for u16".into())),
        (Value::from(65535), Ok(65535)),
    ];
    for (v, want) in cases {
        assert_eq!(&de::<u16>(v), want, "{v:?}");
    }
    assert_eq!(
        de::<i8>(&Value::from(-129)),
        Err("-129 is out of range for i8".into())
    );
    assert_eq!(de::<u64>(&num("18446744073709551615")), Ok(u64::MAX));
    assert_eq!(
        de::<u64>(&num("18446744073709551616")),
        Err("18446744073709551616 is out of range for u64".into())
    );
    assert_eq!(
        de::<u32>(&num("1e400")),
        Err("a number of 401 digits is out of range for u32".into())
    );
}

#[test]
fn conversion_fractional_numbers_are_refused_for_integer_targets() {
    assert_eq!(
        de::<u32>(&num("1.5")),
        Err("a whole number is required for `u32`, but 1.5 has a fractional part".into())
    );
    assert_eq!(de::<u32>(&num("2.0")), Ok(2));
}

#[test]
fn conversion_number_and_bool_to_string() {
    assert_eq!(de::<String>(&Value::from(8080)), Ok("8080".into()));
    assert_eq!(de::<String>(&num("1.5")), Ok("1.5".into()));
    assert_eq!(de::<String>(&Value::from(true)), Ok("true".into()));
    assert_eq!(
        de::<String>(&Value::tuple([])),
        Err("string required, but have empty tuple".into())
    );
}

#[test]
fn conversion_string_to_bool_accepts_true_false_1_and_0() {
    assert_eq!(de::<bool>(&Value::from("true")), Ok(true));
    assert_eq!(de::<bool>(&Value::from("false")), Ok(false));
    // The spec: "1" and "0" are alternative representations of true and false.
    assert_eq!(de::<bool>(&Value::from("1")), Ok(true));
    assert_eq!(de::<bool>(&Value::from("0")), Ok(false));
    assert_eq!(
        de::<bool>(&Value::from("yes")),
        Err(
            "a bool is required, but \"yes\" is none of \"true\", \"false\", \"1\" and \"0\""
                .into()
        )
    );
    assert_eq!(
        de::<bool>(&Value::from("True")),
        Err("a bool is required; to convert from string, use lowercase \"true\"".into())
    );
    assert_eq!(
        de::<bool>(&Value::from(1)),
        Err("bool required, but have number".into())
    );
}

#[test]
fn conversion_sequences_from_tuples_lists_and_sets() {
    let tuple = Value::tuple([Value::from("a"), Value::from("b")]);
    assert_eq!(de::<Vec<String>>(&tuple), Ok(vec!["a".into(), "b".into()]));
    let list = Value::list(Type::Number, [Value::from(1), Value::from(2)]).unwrap();
    assert_eq!(de::<Vec<u8>>(&list), Ok(vec![1, 2]));
    let set = Value::set(Type::String, [Value::from("x"), Value::from("y")]).unwrap();
    assert_eq!(
        de::<HashSet<String>>(&set),
        Ok(["x".to_owned(), "y".to_owned()].into_iter().collect())
    );
    assert_eq!(
        de::<(u8, String)>(&Value::tuple([Value::from(1), Value::from(2)])),
        Ok((1, "2".into()))
    );
    assert_eq!(
        de::<Vec<u8>>(&Value::tuple([Value::from(1), Value::from(300)])),
        Err("[1]: 300 is out of range for u8".into())
    );
}

#[test]
fn conversion_objects_and_maps_to_structs_and_maps() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Endpoint {
        host: String,
        port: u16,
        #[serde(default)]
        tls: bool,
    }
    let obj = Value::object([("host", Value::from("db")), ("port", Value::from("5432"))]);
    assert_eq!(
        de::<Endpoint>(&obj),
        Ok(Endpoint {
            host: "db".into(),
            port: 5432,
            tls: false
        })
    );
    let bad = Value::object([("host", Value::from("db")), ("port", Value::from(-5))]);
    assert_eq!(
        de::<Endpoint>(&bad),
        Err(".port: -5 is out of range for u16".into())
    );
    let map = Value::map(
        Type::Number,
        [("a", Value::from(1)), ("b c", Value::from(2))],
    )
    .unwrap();
    let want: BTreeMap<String, u32> = [("a".into(), 1), ("b c".into(), 2)].into_iter().collect();
    assert_eq!(de::<BTreeMap<String, u32>>(&map), Ok(want));
    let bad = Value::map(Type::String, [("b c", Value::from("x"))]).unwrap();
    assert_eq!(
        de::<BTreeMap<String, u32>>(&bad),
        Err("[\"b c\"]: a number is required, but \"x\" is not a number".into())
    );
    assert_eq!(
        de::<Endpoint>(&Value::from(1)),
        Err("object required, but have number".into())
    );
}

#[test]
fn conversion_null_to_none() {
    assert_eq!(de::<Option<u16>>(&Value::null(Type::Number)), Ok(None));
    assert_eq!(de::<Option<u16>>(&Value::from("7")), Ok(Some(7)));
    assert_eq!(de::<()>(&Value::null(Type::Dynamic)), Ok(()));
    assert_eq!(
        de::<u16>(&Value::null(Type::Number)),
        Err("a non-null value is required (number)".into())
    );
}

#[test]
fn conversion_enums_from_strings_and_single_key_objects() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Fast,
        Limit(u32),
        Window { size: u8 },
    }
    assert_eq!(de::<Mode>(&Value::from("fast")), Ok(Mode::Fast));
    assert_eq!(
        de::<Mode>(&Value::object([("limit", Value::from("9"))])),
        Ok(Mode::Limit(9))
    );
    assert_eq!(
        de::<Mode>(&Value::object([(
            "window",
            Value::object([("size", Value::from(3))])
        )])),
        Ok(Mode::Window { size: 3 })
    );
    assert_eq!(
        de::<Mode>(&Value::from("slow")),
        Err("unknown variant `slow`, expected one of `fast`, `limit`, `window`".into())
    );
    assert_eq!(
        de::<Mode>(&Value::object([
            ("limit", Value::from(1)),
            ("fast", Value::from(1))
        ])),
        Err(
            "an enum variant is required: a string, or an object with exactly one attribute".into()
        )
    );
}

#[test]
fn conversion_dynamic_targets_receive_the_value_shape() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Any {
        Null,
        Bool(bool),
        Int(i64),
        Float(f64),
        Str(String),
        List(Vec<Any>),
        Map(BTreeMap<String, Any>),
    }
    let v = Value::object([
        (
            "a",
            Value::tuple([Value::from(1), num("2.5"), Value::from("x")]),
        ),
        ("b", Value::null(Type::Dynamic)),
    ]);
    let want = Any::Map(
        [
            (
                "a".to_owned(),
                Any::List(vec![Any::Int(1), Any::Float(2.5), Any::Str("x".into())]),
            ),
            ("b".to_owned(), Any::Null),
        ]
        .into_iter()
        .collect(),
    );
    assert_eq!(de::<Any>(&v), Ok(want));
}

#[test]
fn unknown_values_are_refused() {
    assert_eq!(
        de::<String>(&Value::unknown(Type::String)),
        Err("the value is not known yet".into())
    );
    assert_eq!(
        de::<Vec<u8>>(&Value::unknown(Type::list(Type::Number))),
        Err("the value is not known yet".into())
    );
}

#[test]
fn depth_limit_stops_deep_values_with_an_error() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Nest(Vec<Nest>);
    let mut v = Value::empty_tuple();
    let mut want = Nest(vec![]);
    for _ in 0..10 {
        v = Value::tuple([v]);
        want = Nest(vec![want]);
    }
    let ok = Nest::deserialize(ValueDeserializer::new(&v).with_max_depth(10)).unwrap();
    assert_eq!(ok, want);
    let err = Nest::deserialize(ValueDeserializer::new(&v).with_max_depth(9)).unwrap_err();
    assert_eq!(
        err.entries()[0].diagnostic.detail,
        "Unsuitable value: the value is nested too deeply"
    );
    assert_eq!(err.entries()[0].path, "[0][0][0][0][0][0][0][0][0]");
}

#[test]
fn spanned_receives_the_range_of_the_expression() {
    let file = hcl_core::SourceFile::new("t.hcl", "port = 80\n");
    let range = file.range_of(7..9);
    let v = Value::tuple([Value::from(80)]);
    let got: Vec<Spanned<u16>> =
        Vec::deserialize(ValueDeserializer::new(&v).with_range(&range)).unwrap();
    assert_eq!(*got[0].get_ref(), 80);
    assert_eq!(got[0].range(), range);
    let plain: Result<Spanned<u16>, _> = serde_json_like();
    assert!(plain.is_err());
}

/// A Deserializer that is not ours: `Spanned` refuses it.
fn serde_json_like() -> Result<Spanned<u16>, serde::de::value::Error> {
    use serde::de::IntoDeserializer;
    let map: BTreeMap<String, u16> = [("x".to_owned(), 1)].into_iter().collect();
    Spanned::deserialize(map.into_deserializer())
}

#[test]
fn the_literal_fast_path_converts_exactly_like_the_value_path() {
    use super::literal::{deserialize_literal, is_fast_literal};
    use hcl_core::native::{parse_expression, ExprNode};
    use hcl_core::Limits;

    fn native(e: &hcl_core::Expression) -> ExprNode<'_> {
        ExprNode::of(e).unwrap()
    }

    fn both<T: DeserializeOwned + PartialEq + std::fmt::Debug>(text: &str) {
        let src = hcl_core::SourceFile::new("t.hcl", text);
        let (handle, diags) = parse_expression(&src, &Limits::default());
        let expr = native(&handle);
        assert!(diags.is_empty(), "{text}");
        assert!(is_fast_literal(expr, 8), "{text} is a fast literal");
        // Both from the node: a problem with a part points at it either way.
        let node = super::value::LazyRange::Node(expr);
        let fast = deserialize_literal::<T>(expr, 8)
            .expect("a literal takes the fast path")
            .map_err(|e| format!("{:?}", e.entries()));
        let (value, _) = expr.value(None);
        let slow = T::deserialize(ValueDeserializer::new(&value).with_lazy_range(node))
            .map_err(|e| format!("{:?}", e.entries()));
        assert_eq!(fast, slow, "{text} as {}", std::any::type_name::<T>());
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Pair {
        a: u8,
        b: Option<String>,
    }
    for text in [
        "\"8080\"",
        "\"true\"",
        "\"x\"",
        "70000",
        "1.5",
        "true",
        "[1, \"2\", 300]",
        "[]",
        "{a = 1, b = \"x\"}",
        "{b = 2, \"a\" = \"3\"}",
        "{a = [1], c = true}",
        "[{a = 1}, {a = \"x\"}]",
        // Non-ASCII strings are decoded through their (normalised) value,
        // node by node.
        "\"é\"",
        "[\"e\u{0301}\", \"x\"]",
        "{a = 1, b = \"e\u{0301}\"}",
        // Literal templates with escapes, and heredocs, are read in place
        // too (their text is their value).
        "\"a\\tb $${x}\"",
        "{\"k\\n\" = \"8080\"}",
        "<<EOT\n  80\nEOT\n",
        "<<-EOT\n    true\n  EOT\n",
    ] {
        both::<u16>(text);
        both::<i64>(text);
        both::<f64>(text);
        both::<bool>(text);
        both::<String>(text);
        both::<Option<u32>>(text);
        both::<Vec<u8>>(text);
        both::<Vec<String>>(text);
        both::<BTreeMap<String, String>>(text);
        both::<Pair>(text);
        both::<Vec<Pair>>(text);
        both::<(u8, String, u16)>(text);
    }
    // Map keys converted on request; large objects check keys with a set.
    both::<BTreeMap<u16, String>>("{\"1\" = \"a\", \"20\" = \"b\"}");
    let large = (0..12).map(|i| format!("k{i} = {i}")).collect::<Vec<_>>();
    both::<BTreeMap<String, u8>>(&format!("{{{}}}", large.join(", ")));
    let large_dup = format!("{{{}, k3 = 0}}", large.join(", "));
    for text in [
        "null",
        "-3",
        "[null]",
        "{a = 1, a = 2}",
        &large_dup,
        "x",
        "1 + 1",
    ] {
        let src = hcl_core::SourceFile::new("t.hcl", text);
        let (handle, _) = parse_expression(&src, &Limits::default());
        assert!(
            !is_fast_literal(native(&handle), 8),
            "{text} takes the general path"
        );
    }
}

/// Swallows any error of its `u8` (a `Deserialize` that hides the fast
/// path's stop).
#[derive(Debug, PartialEq)]
struct Lenient(Option<u8>);

impl<'de> Deserialize<'de> for Lenient {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lenient, D::Error> {
        Ok(Lenient(u8::deserialize(d).ok()))
    }
}

/// Reads an object's first entry and stops (leaves the rest unvisited).
#[derive(Debug, PartialEq)]
struct First(Option<(String, u8)>);

impl<'de> Deserialize<'de> for First {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<First, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = First;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<First, A::Error> {
                Ok(First(m.next_entry()?))
            }
        }
        d.deserialize_map(V)
    }
}

/// Takes `a` and ignores any other key.
#[derive(Deserialize, Debug, PartialEq)]
struct OnlyA {
    a: u8,
}

/// The literal fast path's answer for `text` as `T` (`None`: the general
/// path decides), checked to be given exactly for literal trees.
fn fast_literal<T: DeserializeOwned>(text: &str) -> Option<Result<T, String>> {
    use super::literal::{deserialize_literal, is_fast_literal};
    use hcl_core::native::{parse_expression, ExprNode};

    let src = hcl_core::SourceFile::new("t.hcl", text);
    let (handle, diags) = parse_expression(&src, &hcl_core::Limits::default());
    assert!(diags.is_empty(), "{text}");
    let expr = ExprNode::of(&handle).unwrap();
    let fast = deserialize_literal::<T>(expr, 8);
    assert_eq!(fast.is_some(), is_fast_literal(expr, 8), "{text}");
    fast.map(|r| r.map_err(|e| format!("{:?}", e.entries())))
}

/// What the general path gives for `text` as `T`: evaluated in a context
/// (`x = "7"`, `k = "a"`), then converted from its value.
fn evaluated<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    use hcl_core::native::{parse_expression, ExprNode};

    let src = hcl_core::SourceFile::new("t.hcl", text);
    let (handle, _) = parse_expression(&src, &hcl_core::Limits::default());
    let mut ctx = hcl_core::EvalContext::new();
    ctx.set_variable("x", Value::string("7"));
    ctx.set_variable("k", Value::string("a"));
    let node = ExprNode::of(&handle).unwrap();
    let (value, diags) = node.value(Some(&ctx));
    if diags.has_errors() {
        return Err("evaluation failed".into());
    }
    T::deserialize(
        ValueDeserializer::new(&value).with_lazy_range(super::value::LazyRange::Node(node)),
    )
    .map_err(|e| format!("{:?}", e.entries()))
}

/// Expression texts of tuples and objects, nested, with literal leaves
/// and, here and there, a node that is no literal (a reference, a null,
/// an interpolation, a negation, a computed or repeated key).
fn tree_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let leaf = prop::sample::select(vec![
        "1",
        "300",
        "1.5",
        "true",
        "false",
        "\"7\"",
        "\"a\"",
        "\"true\"",
        "\"e\u{301}\"",
        "null",
        "x",
        "\"${x}\"",
        "-3",
    ])
    .prop_map(str::to_owned);
    leaf.prop_recursive(3, 24, 4, |inner| {
        let key = prop::sample::select(vec!["a", "b", "\"c\"", "\"a\"", "(k)", "\"${k}\""]);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            prop::collection::vec((key, inner), 0..4).prop_map(|v| {
                let items: Vec<String> = v.iter().map(|(k, e)| format!("{k} = {e}")).collect();
                format!("{{{}}}", items.join(", "))
            }),
        ]
    })
}

/// A tuple or an object is checked as the visitor walks it: a node that is
/// no literal anywhere in it, a repeated key, a node the visitor skipped
/// or a failed decode of a tree that is not all literal send the whole
/// attribute to the general path (`None`), whatever the target type.
#[test]
fn the_literal_fast_path_leaves_any_tree_with_a_non_literal_node_to_the_general_path() {
    fn at<T: DeserializeOwned>(text: &str) -> Option<Result<T, String>> {
        fast_literal(text)
    }
    for text in [
        "[1, x]",
        "[300, x]",
        "[1, null]",
        "[[1], [x]]",
        "{a = 1, b = x}",
        "{a = 1, b = null}",
        "{b = 1, a = [x]}",
        "{a = 1, a = 2}",
        "{a = 1, (k) = 2}",
        "{a = 1, \"${k}\" = 2}",
        "{a = 1, b = \"${x}\"}",
        "[[[[[[[[[1]]]]]]]]]",
    ] {
        assert!(at::<Vec<u8>>(text).is_none(), "{text}");
        assert!(at::<Vec<Lenient>>(text).is_none(), "{text}");
        assert!(at::<Vec<Option<u8>>>(text).is_none(), "{text}");
        assert!(at::<Vec<serde::de::IgnoredAny>>(text).is_none(), "{text}");
        assert!(at::<BTreeMap<String, u8>>(text).is_none(), "{text}");
        assert!(at::<BTreeMap<String, Lenient>>(text).is_none(), "{text}");
        assert!(at::<First>(text).is_none(), "{text}");
        assert!(at::<OnlyA>(text).is_none(), "{text}");
        assert!(at::<serde::de::IgnoredAny>(text).is_none(), "{text}");
        assert!(at::<String>(text).is_none(), "{text}");
        assert!(at::<Value>(text).is_none(), "{text}");
    }
    // The same shapes, all literal, stay on the fast path.
    assert!(matches!(
        at::<First>("{a = 1, b = 2}"),
        Some(Ok(First(Some(_))))
    ));
    assert!(matches!(at::<OnlyA>("{a = 1, b = [2]}"), Some(Ok(_))));
    assert!(matches!(at::<Vec<Lenient>>("[1, 300]"), Some(Ok(_))));
    assert!(matches!(at::<Vec<u8>>("[300, 1]"), Some(Err(_))));
}

/// Duplicate keys of a large literal object are found by sorting, not
/// pairwise: 30 000 keys would take minutes of comparisons otherwise.
#[test]
fn large_literal_objects_are_checked_for_duplicate_keys_without_quadratic_work() {
    use std::fmt::Write;
    let mut src = String::from("m = {\n");
    for i in 0..30_000 {
        let _ = writeln!(src, "  k{i} = {i}");
    }
    src.push_str("}\n");
    #[derive(serde::Deserialize)]
    struct M {
        m: BTreeMap<String, u32>,
    }
    let m: M = crate::from_str(&src).unwrap();
    assert_eq!((m.m.len(), m.m["k29999"]), (30_000, 29_999));
    // A repeated key takes the general path, where the later one wins.
    let dup = src.replacen("  k7 = 7\n", "  k7 = 7\n  k7 = 8\n", 1);
    let m: M = crate::from_str(&dup).unwrap();
    assert_eq!((m.m.len(), m.m["k7"]), (30_000, 8));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    /// Differential: on random trees, the fast path answers exactly for
    /// literal trees, and then as evaluation and the value path do.
    #[test]
    fn the_literal_fast_path_agrees_with_evaluation_on_random_trees(text in tree_text()) {
        fn agree<T: DeserializeOwned + PartialEq + std::fmt::Debug>(text: &str) {
            if let Some(fast) = fast_literal::<T>(text) {
                assert_eq!(fast, evaluated::<T>(text), "{text} as {}", std::any::type_name::<T>());
            }
        }
        agree::<Vec<u16>>(&text);
        agree::<Vec<String>>(&text);
        agree::<Vec<Option<String>>>(&text);
        agree::<Vec<Lenient>>(&text);
        agree::<Vec<Vec<bool>>>(&text);
        agree::<BTreeMap<String, String>>(&text);
        agree::<BTreeMap<String, Vec<u8>>>(&text);
        agree::<BTreeMap<String, Lenient>>(&text);
        agree::<First>(&text);
        agree::<OnlyA>(&text);
        agree::<Value>(&text);
        agree::<String>(&text);
        agree::<Option<f64>>(&text);
        agree::<(u8, String)>(&text);
    }
}

/// String expressions of every kind a `String` field meets: plain, with
/// escapes, non-ASCII (composed or not), empty, heredocs, interpolations,
/// directives, escaped interpolation markers, and a few that are no string.
fn string_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let piece = prop::sample::select(vec![
        "a",
        "web",
        " ",
        "\\n",
        "\\\"",
        "\\u00e9",
        "e\u{301}",
        "\u{e9}",
        "$${x}",
        "%%{x}",
        "${x}",
        "%{ if true }y%{ endif }",
        "-",
        "",
    ]);
    let quoted = prop::collection::vec(piece, 0..5).prop_map(|p| format!("\"{}\"", p.concat()));
    let other = prop::sample::select(vec![
        "<<EOT\nhello\nEOT\n",
        "<<-EOT\n  hi ${x}\n  EOT\n",
        "5",
        "true",
        "x",
        "null",
        "[\"a\"]",
    ])
    .prop_map(str::to_owned);
    prop_oneof![4 => quoted, 1 => other]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Differential: the text a `String` field copies from a plain string
    /// literal is what the literal fast path (and so evaluation) gives, and
    /// it is taken only when the fast path answers.
    #[test]
    fn a_plain_string_is_what_the_literal_fast_path_gives(text in string_text()) {
        use super::literal::plain_string;
        use hcl_core::native::{parse_expression, ExprNode};

        let src = hcl_core::SourceFile::new("t.hcl", text.as_str());
        let (handle, diags) = parse_expression(&src, &hcl_core::Limits::default());
        proptest::prop_assume!(diags.is_empty());
        let expr = ExprNode::of(&handle).unwrap();
        if let Some(plain) = plain_string(expr) {
            let fast = fast_literal::<String>(&text);
            proptest::prop_assert_eq!(fast, Some(Ok(plain.to_owned())));
            proptest::prop_assert_eq!(evaluated::<String>(&text), Ok(plain.to_owned()));
        }
    }

    /// Differential: the texts a `Vec<String>` field copies from a tuple of
    /// plain string literals are what the literal fast path (and so
    /// evaluation) gives, on tuples of every kind of string and on random
    /// trees.
    #[test]
    fn plain_strings_are_what_the_literal_fast_path_gives(
        items in proptest::collection::vec(string_text(), 0..4),
        tree in tree_text(),
    ) {
        use super::literal::plain_strings;
        use hcl_core::native::{parse_expression, ExprNode};

        let tuple = format!("[{}]", items.join(", "));
        for text in [tuple, tree] {
            let src = hcl_core::SourceFile::new("t.hcl", text.as_str());
            let (handle, diags) = parse_expression(&src, &hcl_core::Limits::default());
            if !diags.is_empty() {
                continue;
            }
            let expr = ExprNode::of(&handle).unwrap();
            if let Some(plain) = plain_strings(expr) {
                let fast = fast_literal::<Vec<String>>(&text);
                proptest::prop_assert_eq!(fast, Some(Ok(plain.clone())));
                proptest::prop_assert_eq!(evaluated::<Vec<String>>(&text), Ok(plain));
            }
        }
    }
}

/// Object expressions of every kind a map of `String` to `String` meets:
/// bare, quoted, repeated, parenthesized, computed and non-ASCII keys, and
/// values of every kind a `String` field meets.
fn string_object_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let key = prop::sample::select(vec![
        "a",
        "b",
        "true",
        "null",
        "\"a\"",
        "\"c d\"",
        "\"k\\n\"",
        "\"\u{e9}\"",
        "(k)",
        "\"${k}\"",
    ]);
    prop::collection::vec((key, string_text()), 0..4).prop_map(|v| {
        let items: Vec<String> = v.iter().map(|(k, e)| format!("{k} = {e}")).collect();
        format!("{{{}}}", items.join(", "))
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Differential: the entries a map of `String` to `String` copies from
    /// an object of plain string literals are what the literal fast path
    /// (and so evaluation) gives, for `BTreeMap` and `HashMap` alike, on
    /// objects of every kind of key and string and on random trees.
    #[test]
    fn a_plain_string_map_is_what_the_literal_fast_path_gives(
        object in string_object_text(),
        tree in tree_text(),
    ) {
        use std::collections::HashMap;
        use super::literal::plain_string_map;
        use hcl_core::native::{parse_expression, ExprNode};

        for text in [object, tree] {
            let src = hcl_core::SourceFile::new("t.hcl", text.as_str());
            let (handle, diags) = parse_expression(&src, &hcl_core::Limits::default());
            if !diags.is_empty() {
                continue;
            }
            let expr = ExprNode::of(&handle).unwrap();
            if let Some(plain) = plain_string_map::<BTreeMap<String, String>>(expr) {
                let fast = fast_literal::<BTreeMap<String, String>>(&text);
                proptest::prop_assert_eq!(fast, Some(Ok(plain.clone())));
                proptest::prop_assert_eq!(evaluated::<BTreeMap<String, String>>(&text), Ok(plain.clone()));
                let hashed = plain_string_map::<HashMap<String, String>>(expr);
                proptest::prop_assert_eq!(hashed, Some(plain.into_iter().collect()));
            } else {
                proptest::prop_assert!(plain_string_map::<HashMap<String, String>>(expr).is_none());
            }
        }
    }
}

/// Scalar expression texts: integers and decimals of every size and sign,
/// exponents, bools, and strings of every kind a scalar field meets.
fn scalar_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let int = any::<i128>().prop_map(|i| i.to_string());
    let small = (-300i64..70_000).prop_map(|i| i.to_string());
    let decimal = (-1000i64..1000, 0u32..1000).prop_map(|(i, f)| format!("{i}.{f}"));
    let exponent = (1u32..10, -50i32..500).prop_map(|(m, e)| format!("{m}e{e}"));
    let quoted = prop::sample::select(vec![
        "\"1\"",
        "\"0\"",
        "\"true\"",
        "\"false\"",
        "\"TRUE\"",
        "\"8080\"",
        "\"-3\"",
        "\"1.5\"",
        "\" 1\"",
        "\"\"",
        "\"x\"",
        "\"${x}\"",
        "\"\u{e9}\"",
        "true",
        "false",
        "null",
        "x",
    ])
    .prop_map(str::to_owned);
    prop_oneof![int, small, decimal, exponent, quoted]
}

/// What a scalar field converts from `expr` without a visitor, when it is
/// a literal scalar, is what the literal fast path gives for `text`, value
/// or error, and what evaluation gives when it is a value.
fn scalar_agrees<T>(expr: hcl_core::native::ExprNode<'_>, text: &str)
where
    T: super::convert::ScalarTarget + DeserializeOwned + PartialEq + Clone + std::fmt::Debug,
{
    let Some(s) = super::literal::literal_scalar(expr) else {
        return;
    };
    let direct = T::from_scalar(s).map_err(|e| format!("{:?}", e.entries()));
    assert_eq!(Some(direct.clone()), fast_literal::<T>(text), "{text}");
    if direct.is_ok() {
        assert_eq!(direct, evaluated::<T>(text), "{text}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Differential: what a scalar field converts from a literal scalar
    /// without a visitor is what the literal fast path (and so evaluation)
    /// gives, value or error, for every scalar type.
    #[test]
    fn a_literal_scalar_converts_as_the_literal_fast_path_does(text in scalar_text()) {
        use hcl_core::native::{parse_expression, ExprNode};

        let src = hcl_core::SourceFile::new("t.hcl", text.as_str());
        let (handle, diags) = parse_expression(&src, &hcl_core::Limits::default());
        proptest::prop_assume!(diags.is_empty());
        let expr = ExprNode::of(&handle).unwrap();
        scalar_agrees::<bool>(expr, &text);
        scalar_agrees::<u8>(expr, &text);
        scalar_agrees::<u16>(expr, &text);
        scalar_agrees::<u32>(expr, &text);
        scalar_agrees::<u64>(expr, &text);
        scalar_agrees::<u128>(expr, &text);
        scalar_agrees::<i8>(expr, &text);
        scalar_agrees::<i16>(expr, &text);
        scalar_agrees::<i32>(expr, &text);
        scalar_agrees::<i64>(expr, &text);
        scalar_agrees::<i128>(expr, &text);
        scalar_agrees::<f32>(expr, &text);
        scalar_agrees::<f64>(expr, &text);
    }
}
