use super::*;
use crate::value::{Number, Type};

fn n(s: &str) -> Value {
    match s.strip_prefix('-') {
        Some(rest) => Value::Number(Number::parse_literal(rest).unwrap().neg()),
        None => Value::Number(Number::parse_literal(s).unwrap()),
    }
}

#[test]
fn value_text_numbers_are_go_big_float_text_g_10() {
    // (literal, big.Float.Text('g', 10) of it parsed at 512 bits), from Go.
    let table = [
        ("0", "0"),
        ("5", "5"),
        ("-5", "-5"),
        ("100", "100"),
        ("1.5", "1.5"),
        ("0.1", "0.1"),
        ("0.00001", "1e-05"),
        ("0.0001", "0.0001"),
        ("12345", "12345"),
        ("1234567890", "1234567890"),
        ("12345678901", "1.23456789e+10"),
        ("123456.789", "123456.789"),
        ("1e21", "1e+21"),
        ("1e10", "1e+10"),
        ("999999999.95", "1000000000"),
        ("9999999999.5", "1e+10"),
        ("0.123456789012", "0.123456789"),
        ("-0.000012345678915", "-1.234567891e-05"),
        ("3.14159265358979", "3.141592654"),
        ("1e-300", "1e-300"),
        ("123456789012345678901234567890", "1.23456789e+29"),
        ("2.5", "2.5"),
        ("0.3333333333333333", "0.3333333333"),
        ("99999999995", "1e+11"),
        ("12345678905", "1.23456789e+10"),
        ("12345678915", "1.234567892e+10"),
    ];
    for (literal, want) in table {
        assert_eq!(value_text(&n(literal)), want, "{literal}");
    }
    assert_eq!(value_text(&Value::Number(Number::infinity())), "+Inf");
}

#[test]
fn value_text_strings_are_go_quoted_and_long_ones_cut() {
    assert_eq!(
        value_text(&Value::from("héllo\n\"q\"\t\u{1}")),
        r#""héllo\n\"q\"\t\x01""#
    );
    let long = "x".repeat(crate::diag::quote::MAX_EXCERPT_CHARS + 5);
    let shown = value_text(&Value::from(long.as_str()));
    assert_eq!(
        shown,
        format!("\"{}\"…", "x".repeat(crate::diag::quote::MAX_EXCERPT_CHARS))
    );
}

#[test]
fn value_text_collections_and_objects_say_their_size() {
    let s = |v: &str| Value::from(v);
    let list = crate::value::List::new(Type::String, [s("a"), s("b")]).unwrap();
    let cases = [
        (Value::List(list), "list of string with 2 elements"),
        (Value::tuple([s("a")]), "tuple with 1 element"),
        (
            Value::set(Type::Number, [n("1")]).unwrap(),
            "set of number with 1 element",
        ),
        (
            Value::map(Type::list(Type::String), Vec::<(&str, Value)>::new()).unwrap(),
            "empty map of list of string",
        ),
        (Value::empty_tuple(), "empty tuple"),
        (
            Value::object([("a", n("1")), ("b", n("2"))]),
            "object with 2 attributes",
        ),
        (
            Value::object([("name", s("x"))]),
            "object with 1 attribute \"name\"",
        ),
        (
            Value::object(Vec::<(String, Value)>::new()),
            "object with no attributes",
        ),
        (Value::Bool(true), "true"),
        (Value::null(Type::String), "null"),
    ];
    for (value, want) in cases {
        assert_eq!(value_text(&value), want);
    }
}

#[test]
fn collector_sorts_dedups_and_leaves_out_unknowns() {
    let mut c = Collector::default();
    c.add("var.b".into(), &Value::from(1));
    c.add("var.a".into(), &Value::null(Type::String));
    c.add("var.b".into(), &Value::from(1));
    c.add("var.c".into(), &Value::unknown(Type::String));
    c.add("var".into(), &Value::from(true));
    let inv = c.finish(Some("f(x)".into())).unwrap();
    let got: Vec<(&str, Option<&str>)> = inv
        .values
        .iter()
        .map(|v| (v.traversal.as_str(), v.value.as_deref()))
        .collect();
    assert_eq!(
        got,
        [("var", Some("true")), ("var.a", None), ("var.b", Some("1"))]
    );
    assert_eq!(inv.call.as_deref(), Some("f(x)"));
    assert!(Collector::default().finish(None).is_none());
}

#[test]
fn of_expression_looks_up_each_reference_in_the_context() {
    let file = crate::SourceFile::new(
        "t.hcl",
        "a = [var.x, var.list[0], var.nope, local.y, var.x]\n",
    );
    let (body, _) = crate::load::parse_source_file(&file);
    let (attrs, _) = body.just_attributes();
    let expr = &attrs.get("a").unwrap().expr;
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "var",
        Value::object([
            ("x", Value::from("web")),
            ("list", Value::tuple([Value::from(7)])),
        ]),
    );
    let inv = of_expression(expr, Some(&ctx)).unwrap();
    let got: Vec<String> = inv
        .values
        .iter()
        .map(|v| format!("{} {:?}", v.traversal, v.value))
        .collect();
    assert_eq!(
        got,
        ["var.list[0] Some(\"7\")", "var.x Some(\"\\\"web\\\"\")"]
    );
    assert!(of_expression(expr, None).is_none());
}

#[test]
fn signature_lists_parameters_and_the_variadic_one() {
    let table = crate::function::stdlib::functions();
    assert_eq!(
        signature("upper", table.get("upper").unwrap()),
        "upper(str)"
    );
    assert_eq!(
        signature("concat", table.get("concat").unwrap()),
        "concat(seqs...)"
    );
    assert_eq!(
        signature("join", table.get("join").unwrap()),
        "join(separator, lists...)"
    );
}

#[test]
fn value_text_is_the_references_concise_form() {
    assert_eq!(value_text(&Value::from("web")), "\"web\"");
    let pair = Value::tuple([Value::from(1), Value::from(2)]);
    assert_eq!(value_text(&pair), "tuple with 2 elements");
    let named = Value::object([("name", Value::from("x"))]);
    assert_eq!(value_text(&named), "object with 1 attribute \"name\"");
}
