use proptest::prelude::*;

use super::*;
use crate::eval::EvalContext;
use crate::native::parse_expression;
use crate::pos::SourceFile;
use crate::value::{Number, Type};

/// Evaluates `text` with the standard library.
fn eval(text: &str) -> Value {
    let src = SourceFile::new("<written>", text);
    let (expr, diags) = parse_expression(&src, &Default::default());
    assert!(!diags.has_errors(), "{text}: {diags:?}");
    let mut ctx = EvalContext::new();
    ctx.add_functions(&crate::function::stdlib::functions());
    let (v, diags) = expr.value(Some(&ctx));
    assert!(!diags.has_errors(), "{text}: {diags:?}");
    v
}

/// The text, its value read back, and the text as an attribute formats to
/// itself.
fn check(v: &Value) -> String {
    let text = value(v).unwrap();
    let back = eval(&text);
    assert_eq!(&back, v, "{text}");
    assert_eq!(back.ty(), v.ty(), "{text}");
    let attr = format!("a = {text}\n");
    assert_eq!(crate::format::format(&attr).unwrap(), attr);
    text
}

fn num(s: &str) -> Value {
    Value::number(Number::parse_decimal(s).unwrap())
}

#[test]
fn write_value_literals_and_typed_forms() {
    let cases: Vec<(Value, &str)> = vec![
        (Value::from(true), "true"),
        (Value::null(Type::Dynamic), "null"),
        (Value::null(Type::String), "false ? \"\" : null"),
        (Value::null(Type::Number), "false ? 0 : null"),
        (Value::null(Type::Bool), "false ? false : null"),
        (num("-12.5"), "-12.5"),
        (num("0.1"), "0.1"),
        (
            num("123456789012345678901234567890123456789012345678901234567890"),
            "123456789012345678901234567890123456789012345678901234567890",
        ),
        (
            Value::from("a\"b\\c\n\t${x}%{y}$${z}é\u{1}"),
            r#""a\"b\\c\n\t$${x}%%{y}$$${z}é\u0001""#,
        ),
        (Value::empty_tuple(), "[]"),
        (Value::empty_object(), "{}"),
        (Value::list(Type::Dynamic, []).unwrap(), "tolist([])"),
        (
            Value::list(Type::String, []).unwrap(),
            "false ? tolist([\"\"]) : tolist([])",
        ),
        (
            Value::set(Type::Number, []).unwrap(),
            "false ? toset([0]) : toset([])",
        ),
        (
            Value::map(Type::Bool, std::iter::empty::<(&str, Value)>()).unwrap(),
            "false ? tomap({\n  k = false\n}) : tomap({})",
        ),
        (
            Value::null(Type::list(Type::String)),
            "false ? tolist([\"\"]) : null",
        ),
        (
            Value::list(Type::String, [Value::from("a")]).unwrap(),
            "tolist([\"a\"])",
        ),
        (
            Value::set(Type::String, [Value::from("b"), Value::from("a")]).unwrap(),
            "toset([\"a\", \"b\"])",
        ),
        (
            Value::map(Type::Number, [("x y", Value::from(1))]).unwrap(),
            "tomap({\n  \"x y\" = 1\n})",
        ),
        (
            Value::object([
                ("a", Value::from(1)),
                ("bcd", Value::from(2)),
                ("null", Value::from(3)),
            ]),
            "{\n  a      = 1\n  bcd    = 2\n  \"null\" = 3\n}",
        ),
        (
            Value::tuple([
                Value::from(1),
                Value::object([("k", Value::from("v"))]),
                Value::empty_object(),
            ]),
            "[\n  1,\n  {\n    k = \"v\"\n  },\n  {},\n]",
        ),
    ];
    for (v, want) in cases {
        assert_eq!(check(&v), want, "{v:?}");
    }
}

#[test]
fn write_value_what_cannot_be_written_is_an_error_with_its_path() {
    let v = Value::object([(
        "a b",
        Value::tuple([Value::from(1), Value::unknown(Type::String)]),
    )]);
    let e = value(&v).unwrap_err();
    assert_eq!(e.path, "[\"a b\"][1]");
    assert!(matches!(e.kind, WriteErrorKind::Unknown));
    let e = value(&Value::object([("x", Value::number(Number::infinity()))])).unwrap_err();
    assert_eq!(e.to_string(), "x: an infinite number cannot be written");
}

#[test]
fn write_value_deep_nesting_is_an_error_not_a_crash() {
    let mut v = Value::from(1);
    for _ in 0..2000 {
        v = Value::tuple([v]);
    }
    assert!(matches!(
        value(&v).unwrap_err().kind,
        WriteErrorKind::TooDeep
    ));
}

#[test]
fn writer_aligns_runs_and_breaks_them_at_multiline_items() {
    let v = Value::object([
        ("a", Value::from(1)),
        ("bb", Value::from(2)),
        ("c", Value::object([("x", Value::from(1))])),
        ("dddd", Value::from(3)),
        ("e", Value::from(4)),
    ]);
    let text = check(&v);
    assert_eq!(
        text,
        "{\n  a  = 1\n  bb = 2\n  c = {\n    x = 1\n  }\n  dddd = 3\n  e    = 4\n}"
    );
}

#[test]
fn writer_pads_every_name_of_a_long_run_once() {
    // Names of every width up to a widest one in the middle, a padded one
    // first and last, and a tuple open on the last line (which moves with
    // the padding): the text must be what the formatter makes of it.
    let names: Vec<String> = (0..2000).map(|i| "k".repeat(1 + (i * 7) % 23)).collect();
    let mut items: Vec<(String, Value)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (format!("{n}{i}"), Value::from(i as i64)))
        .collect();
    items.push((
        "z".into(),
        Value::tuple([Value::from(1), Value::from("two")]),
    ));
    let v = Value::object(items);
    let text = check(&v);
    let columns: std::collections::BTreeSet<usize> =
        text.lines().filter_map(|l| l.find(" = ")).collect();
    assert_eq!(columns.len(), 1, "{text}");
}

#[test]
fn writer_labels_after_body_items_go_in_the_header() {
    let mut w = Writer::new();
    w.block("resource").unwrap();
    w.attribute("aa").unwrap();
    w.raw("1");
    w.end_item();
    w.attribute("b").unwrap();
    w.raw("2");
    w.end_item();
    w.label("type");
    w.label("name");
    w.block("inner").unwrap();
    w.end_block();
    w.end_block();
    w.attribute("x").unwrap();
    w.begin_tuple(false);
    w.element(false);
    w.raw("1");
    w.element(true);
    w.begin_object(false);
    w.key("k");
    w.raw("2");
    w.end_item();
    w.end_object();
    w.end_tuple();
    w.end_item();
    let text = w.finish();
    assert_eq!(
        text,
        "resource \"type\" \"name\" {\n  aa = 1\n  b  = 2\n\n  inner {}\n}\n\nx = [\n  1,\n  {\n    k = 2\n  },\n]\n"
    );
    assert_eq!(crate::format::format(&text).unwrap(), text);
    assert_eq!(w_invalid(), Err(InvalidName("a b".into())));
}

fn w_invalid() -> Result<(), InvalidName> {
    Writer::new().attribute("a b")
}

#[test]
fn write_body_native_keeps_expressions_and_blocks() {
    let src =
        "a=1\nlonger = \"x ${y}\" # c\nb \"l\" m {\nc = [for x in y: x]\n}\nd = <<EOT\n  hi\nEOT\n";
    let (b, _) = crate::native::parse_body(&SourceFile::new("a.hcl", src), &Default::default());
    let text = body(&b, &BlockShapes::new()).unwrap();
    assert_eq!(
        text,
        "a      = 1\nlonger = \"x ${y}\"\n\nb \"l\" m {\n  c = [for x in y : x]\n}\n\nd = <<EOT\n  hi\nEOT\n"
    );
}

#[test]
fn write_body_json_templates_directives_and_escapes() {
    let src = r#"{
  "resource": {"aws_instance": {"web": {"ami": "${var.ami}", "tags": {"Name": "a \"q\"\n"}}}},
  "greeting": "%{ if x }hi \"${name}\"%{ else }bye%{ endif }!",
  "lit": "$${not} 50%",
  "n": -1.5e3,
  "list": [true, null, {"k": 1}]
}"#;
    let (b, diags) = crate::json::parse_body(&SourceFile::new("a.json", src), &Default::default());
    assert!(diags.is_empty());
    let text = body(&b, &BlockShapes::new().block("resource", 2)).unwrap();
    assert_eq!(crate::format::format(&text).unwrap(), text);
    let (native, diags) = crate::native::parse_body(
        &SourceFile::new("b.hcl", text.as_str()),
        &Default::default(),
    );
    assert!(!diags.has_errors(), "{text}");
    // Same attribute values, evaluated, on both sides.
    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::from(true));
    ctx.set_variable("name", Value::from("n"));
    for name in ["greeting", "lit", "n", "list"] {
        let get =
            |b: &Body| {
                let (attrs, _) = b
                    .partial_content(&BodySchema::new().block(
                        crate::schema::BlockHeaderSchema::new("resource", ["t", "n"]),
                    ))
                    .1
                    .just_attributes();
                attrs.get(name).unwrap().expr.value(Some(&ctx)).0
            };
        assert_eq!(get(&b), get(&native), "{name}: {text}");
    }
    assert!(
        text.starts_with("resource \"aws_instance\" \"web\" {\n  ami = \"${var.ami}\"\n"),
        "{text}"
    );
}

use crate::schema::BodySchema;
use crate::Body;

fn arb_type() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![
        Just(Type::String),
        Just(Type::Number),
        Just(Type::Bool),
        Just(Type::Dynamic),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Type::tuple),
            prop::collection::btree_map(key(), inner, 0..3).prop_map(Type::object),
        ]
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z][a-z0-9_-]{0,5}",
        // Keys of types are normalised as the keys of values are.
        any::<String>()
            .prop_map(|s| unicode_normalization::UnicodeNormalization::nfc(s.as_str()).collect()),
        Just("null".to_string()),
        Just("${x}".to_string()),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[$%{}\\\\\"a\n]{0,8}"]
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from),
        (any::<i64>(), 1u32..40).prop_map(|(m, e)| {
            Number::from(m)
                .div(&Number::from(10).pow(&Number::from(e)).unwrap())
                .unwrap()
        }),
        "-?[1-9][0-9]{20,90}".prop_map(|s| Number::parse_decimal(&s).unwrap()),
        any::<f64>().prop_filter_map("finite", Number::from_f64),
    ]
}

fn value_of(ty: Type) -> BoxedStrategy<Value> {
    let null = Just(Value::null(ty.clone()));
    let v: BoxedStrategy<Value> = match &ty {
        Type::String => string().prop_map(Value::string).boxed(),
        Type::Number => number().prop_map(Value::number).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::from).boxed(),
        Type::Dynamic => return null.boxed(),
        Type::List(e) => {
            let e2 = (**e).clone();
            prop::collection::vec(value_of((**e).clone()), 0..3)
                .prop_map(move |items| Value::list(e2.clone(), items).unwrap())
                .boxed()
        }
        Type::Set(e) => {
            let e2 = (**e).clone();
            prop::collection::vec(value_of((**e).clone()), 0..3)
                .prop_map(move |items| Value::set(e2.clone(), items).unwrap())
                .boxed()
        }
        Type::Map(e) => {
            let e2 = (**e).clone();
            prop::collection::btree_map(key(), value_of((**e).clone()), 0..3)
                .prop_map(move |m| Value::map(e2.clone(), m).unwrap())
                .boxed()
        }
        Type::Tuple(ts) => ts
            .iter()
            .map(|t| value_of(t.clone()))
            .collect::<Vec<_>>()
            .prop_map(Value::tuple)
            .boxed(),
        Type::Object(o) => o
            .attributes()
            .iter()
            .map(|(k, t)| (Just(k.clone()), value_of(t.clone())))
            .collect::<Vec<_>>()
            .prop_map(Value::object)
            .boxed(),
        Type::Capsule(_) => return null.boxed(),
    };
    prop_oneof![1 => null, 6 => v].boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn write_value_reads_back_equal(v in arb_type().prop_flat_map(value_of)) {
        check(&v);
    }
}

#[test]
fn write_expression_json_strings_are_templates() {
    let (e, _) = crate::json::parse_expression(
        &SourceFile::new("x.json", r#"{"a b": ["${x}", "q\"${upper(\"y\")}"]}"#),
        &Default::default(),
    );
    assert_eq!(
        expression(&e).unwrap(),
        "{\n  \"a b\" = [\"${x}\", \"q\\\"${upper(\"y\")}\"]\n}"
    );
}

#[test]
fn write_value_deeply_typed_null_is_an_error_not_a_crash() {
    let mut ty = Type::String;
    for _ in 0..600 {
        ty = Type::list(ty);
    }
    assert!(value(&Value::null(ty)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// The fast float text (short decimals, integers, Ryu's digits) is
    /// the reference's (the shorter of `Display`'s and `LowerExp`'s),
    /// and reads back as the same double.
    #[test]
    fn write_float_shortest_text_is_the_reference(
        bits in any::<u64>(),
        small in -1.0e6f64..1.0e6,
        decimal in (-100_000_000_000_000i64..100_000_000_000_000, -20..20i32),
        integer in any::<i64>(),
    ) {
        let short = decimal.0 as f64 / 10f64.powi(decimal.1);
        for f in [f64::from_bits(bits), small, short, short / 3.0, integer as f64, (integer % 100_000) as f64 * 1000.0] {
            if f.is_finite() {
                let mut w = Writer::new();
                w.float(f);
                let out = w.finish();
                prop_assert_eq!(&out, &super::text::shortest_reference(f));
                prop_assert_eq!(out.parse::<f64>().ok(), Some(if f == 0.0 { 0.0 } else { f }));
            }
        }
    }
}

/// The quoting rule spelled out a character at a time: the reference for
/// [`push_quoted`]'s scan of eight bytes a step.
fn quoted_one_char_at_a_time(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            '\0'..='\x1f' | '\x7f' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The identifier rule spelled out on characters: the reference for the
/// table of ASCII bytes.
fn identifier_by_chars(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || unicode_ident::is_xid_start(c))
        && chars.all(|c| c == '-' || unicode_ident::is_xid_continue(c))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn push_quoted_agrees_with_the_rule_one_char_at_a_time(
        s in prop_oneof![
            any::<String>(),
            "[a-z0-9./:-]{0,40}",
            "[a-z ]{0,20}[$%{}\"\\\\\n\t\u{1}\u{7f}é]{0,2}[a-z]{0,20}",
        ]
    ) {
        let mut out = String::new();
        push_quoted(&mut out, &s);
        prop_assert_eq!(out, quoted_one_char_at_a_time(&s));
    }

    #[test]
    fn is_identifier_agrees_with_the_rule_on_chars(
        s in prop_oneof![
            any::<String>(),
            "[a-zA-Z_0-9-]{0,24}",
            "[a-z]{0,3}[é_\u{300}0-9 .-][a-z]{0,3}",
            // A byte that is not allowed anywhere in a step of eight.
            "[a-z_][a-z0-9_-]{0,20}[ .=é\u{7f}][a-z]{0,10}",
        ]
    ) {
        prop_assert_eq!(is_identifier(&s), identifier_by_chars(&s));
    }

    /// `field_key` (the check remembered by the name's address) writes
    /// what `key` writes, the first time and the next.
    #[test]
    fn writer_field_key_writes_what_key_writes(
        keys in prop::collection::vec(
            prop_oneof![
                key(),
                Just("for".to_string()),
                Just("true".to_string()),
                "[a-z_][a-z0-9_-]{8,20}",
            ],
            1..6,
        )
    ) {
        // Names that live as long as the program, as a struct's field
        // names do (a few bytes leaked per case).
        let names: Vec<&'static str> = keys.iter().map(|k| &*k.clone().leak()).collect();
        let mut by_key = Writer::new();
        let mut by_field_key = Writer::new();
        for w in [&mut by_key, &mut by_field_key] {
            w.begin_object(false);
        }
        for _ in 0..2 {
            for name in &names {
                by_key.key(name);
                by_field_key.field_key(name);
                for w in [&mut by_key, &mut by_field_key] {
                    w.raw("1");
                    w.end_item();
                }
            }
        }
        for w in [&mut by_key, &mut by_field_key] {
            w.end_object();
        }
        prop_assert_eq!(by_key.finish(), by_field_key.finish());
    }
}

#[test]
fn writer_field_key_holds_more_names_than_its_table() {
    // More names than slots: names meet in slots and take each other's
    // places; the text is still what `key` writes.
    let names: Vec<&'static str> = (0..300)
        .map(|i| {
            let name = match i % 3 {
                0 => format!("name_{i}"),
                1 => format!("not bare {i}"),
                _ => format!("n{i}-{}", "x".repeat(i % 11)),
            };
            &*name.leak()
        })
        .collect();
    let mut by_key = Writer::new();
    let mut by_field_key = Writer::new();
    by_key.begin_object(false);
    by_field_key.begin_object(false);
    for round in 0..3 {
        for name in names.iter().skip(round * 7) {
            by_key.key(name);
            by_field_key.field_key(name);
            by_key.null();
            by_field_key.null();
            by_key.end_item();
            by_field_key.end_item();
        }
    }
    by_key.end_object();
    by_field_key.end_object();
    assert_eq!(by_key.finish(), by_field_key.finish());
}

#[test]
fn writer_moves_an_open_tuple_with_the_run_aligned_before_it() {
    // `c`'s tuple is one line until its object element: the run `a`,
    // `bbb` before it is aligned when the tuple breaks, moving the
    // tuple's text.
    let mut w = Writer::new();
    w.begin_object(false);
    for (k, v) in [("a", "1"), ("bbb", "2")] {
        w.key(k);
        w.raw(v);
        w.end_item();
    }
    w.key("c");
    w.begin_tuple(false);
    w.element(false);
    w.raw("1");
    w.element(false);
    w.string("x");
    w.element(true);
    w.begin_object(false);
    w.key("x");
    w.raw("1");
    w.end_item();
    w.end_object();
    w.end_tuple();
    w.end_item();
    w.end_object();
    let text = w.finish();
    assert_eq!(
        text,
        "{\n  a   = 1\n  bbb = 2\n  c = [\n    1,\n    \"x\",\n    {\n      x = 1\n    },\n  ]\n}"
    );
    let attr = format!("v = {text}\n");
    assert_eq!(crate::format::format(&attr).unwrap(), attr);
}

#[test]
fn write_float_edges_take_their_shortest_text() {
    let cases = [
        (1e21, "1e21"),
        (5e-324, "5e-324"),
        (1e22, "1e22"),
        (-1.5e20, "-1.5e20"),
        (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
        (-0.0, "0"),
        (0.001, "1e-3"),
        (0.01, "0.01"),
        (0.0025, "0.0025"),
        (100.0, "100"),
        (1000.0, "1e3"),
        (1200.0, "1200"),
        (2f64.powi(70), "1180591620717411303424"),
        (9007199254740993.0, "9007199254740992"),
        (123456.789, "123456.789"),
    ];
    for (f, text) in cases {
        let mut w = Writer::new();
        w.float(f);
        assert_eq!(w.finish(), text, "{f:e}");
        assert_eq!(super::text::shortest_reference(f), text);
    }
}
