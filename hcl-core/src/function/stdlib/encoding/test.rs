//! Expected values are go-cty's (`stdlib/json_test.go`, `csv_test.go`) and
//! Go's `encoding/json` / `encoding/csv` where go-cty passes their errors
//! through.

use crate::function::stdlib::functions;
use crate::function::{CallError, Function};
use crate::limits::{Budget, Limits};
use crate::value::{Type, Value};

fn function(name: &str) -> Function {
    functions().get(name).unwrap().clone()
}

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    function(name).call(args)
}

fn s(v: &str) -> Value {
    Value::from(v)
}

fn encode(v: Value) -> Value {
    call("jsonencode", &[v]).unwrap()
}

#[test]
fn jsonencode_known_values() {
    let cases = [
        (Value::from(15), "15"),
        (s("hello"), "\"hello\""),
        (Value::from(true), "true"),
        (Value::list(Type::Number, []).unwrap(), "[]"),
        (
            Value::list(Type::Bool, [true.into(), false.into()]).unwrap(),
            "[true,false]",
        ),
        (
            Value::object([("true", Value::from(true)), ("false", Value::from(false))]),
            "{\"false\":false,\"true\":true}",
        ),
        (Value::null(Type::String), "null"),
        (Value::null(Type::Dynamic), "null"),
        (Value::from(1.5), "1.5"),
        (Value::from(-0.001), "-0.001"),
        (Value::from(1e21), "1000000000000000000000"),
        (
            Value::map(Type::Number, [("b", Value::from(2)), ("a", Value::from(1))]).unwrap(),
            "{\"a\":1,\"b\":2}",
        ),
        (
            Value::set(Type::String, [s("b"), s("a")]).unwrap(),
            "[\"a\",\"b\"]",
        ),
        (
            Value::tuple([Value::null(Type::Number), s("x")]),
            "[null,\"x\"]",
        ),
        (Value::object([("a", Value::empty_object())]), "{\"a\":{}}"),
    ];
    for (v, want) in cases {
        assert_eq!(encode(v.clone()), s(want), "{v:?}");
    }
}

#[test]
fn jsonencode_escapes_strings_as_go_does() {
    let cases = [
        ("<a & b>", "\"\\u003ca \\u0026 b\\u003e\""),
        ("q\"b\\", "\"q\\\"b\\\\\""),
        ("\n\r\t\u{8}\u{c}", "\"\\n\\r\\t\\b\\f\""),
        ("\u{1}\u{1f}", "\"\\u0001\\u001f\""),
        ("\u{2028}\u{2029}", "\"\\u2028\\u2029\""),
        ("é💃\u{7f}", "\"é💃\u{7f}\""),
    ];
    for (input, want) in cases {
        assert_eq!(encode(s(input)), s(want), "{input:?}");
    }
    assert_eq!(
        encode(Value::object([("<", Value::from(1))])),
        s("{\"\\u003c\":1}")
    );
}

#[test]
fn jsonencode_unknowns_give_unknown() {
    for v in [
        Value::unknown(Type::Number),
        Value::unknown(Type::String),
        Value::dynamic(),
        Value::object([
            ("dunno", Value::unknown(Type::Bool)),
            ("false", Value::from(false)),
        ]),
        Value::list(Type::String, [Value::unknown(Type::String)]).unwrap(),
    ] {
        assert_eq!(encode(v.clone()), Value::unknown(Type::String), "{v:?}");
    }
}

#[test]
fn jsonencode_infinity_is_an_error() {
    assert_eq!(
        call("jsonencode", &[Value::from(f64::INFINITY)])
            .unwrap_err()
            .to_string(),
        "cannot serialize infinity as JSON"
    );
}

fn decode(text: &str) -> Result<Value, String> {
    call("jsondecode", &[s(text)]).map_err(|e| e.to_string())
}

#[test]
fn jsondecode_gives_the_implied_type() {
    let cases = [
        ("15", Value::from(15)),
        ("\"hello\"", s("hello")),
        ("true", Value::from(true)),
        ("[]", Value::empty_tuple()),
        ("{}", Value::empty_object()),
        ("[true,false]", Value::tuple([true.into(), false.into()])),
        (
            "{\"false\":false,\"true\":true}",
            Value::object([("true", Value::from(true)), ("false", Value::from(false))]),
        ),
        ("null", Value::null(Type::Dynamic)),
        (
            " [1, -2.5e1, 0.25] ",
            Value::tuple([1.into(), Value::from(-25), Value::from(0.25)]),
        ),
        (
            "{\"a\": {\"b\": [null]}}",
            Value::object([(
                "a",
                Value::object([("b", Value::tuple([Value::null(Type::Dynamic)]))]),
            )]),
        ),
        ("\"\\u00e9\\n\\/\\ud83d\\udc83\"", s("é\n/💃")),
        ("\"\\ud800x\"", s("\u{fffd}x")),
        // A repeated property of the same type: the last wins.
        ("{\"a\":1,\"a\":2}", Value::object([("a", Value::from(2))])),
    ];
    for (text, want) in cases {
        assert_eq!(decode(text).unwrap(), want, "{text}");
    }
}

#[test]
fn jsondecode_unknowns() {
    assert_eq!(
        call("jsondecode", &[Value::unknown(Type::String)]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call("jsondecode", &[Value::dynamic()]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn jsondecode_syntax_errors_are_worded_as_go() {
    let cases = [
        (
            "aaaa",
            "invalid character 'a' looking for beginning of value",
        ),
        (
            "nope",
            "invalid character 'o' in literal null (expecting 'u')",
        ),
        ("", "EOF"),
        ("  ", "EOF"),
        // Between tokens Go's decoder says `EOF`; inside one, `unexpected EOF`.
        ("[1,", "EOF"),
        ("{\"a\":", "EOF"),
        ("tru", "unexpected EOF"),
        ("[-", "unexpected EOF"),
        ("\"abc", "unexpected EOF"),
        ("[1 2]", "invalid character '2' after array element"),
        // Go gives no context for a bad first key, but does after a comma.
        ("{1:2}", "invalid character '1'"),
        (
            "{\"a\":1,2}",
            "invalid character '2' looking for beginning of object key string",
        ),
        ("{\"a\" 2}", "invalid character '2' after object key"),
        (
            "{\"a\":2 \"b\"}",
            "invalid character '\"' after object key:value pair",
        ),
        ("-x", "invalid character 'x' in numeric literal"),
        (
            "1.x",
            "invalid character 'x' after decimal point in numeric literal",
        ),
        (
            "1ex",
            "invalid character 'x' in exponent of numeric literal",
        ),
        ("\"\\x\"", "invalid character 'x' in string escape code"),
        (
            "\"\\u12g4\"",
            "invalid character 'g' in \\u hexadecimal character escape",
        ),
        ("\"a\nb\"", "invalid character '\\n' in string literal"),
        ("1 2", "extraneous data after JSON object"),
        (
            "{\"a\":1,\"a\":\"x\"}",
            "duplicate \"a\" property in JSON object",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(decode(text).unwrap_err(), want, "{text:?}");
    }
}

#[test]
fn jsondecode_nesting_is_bounded_by_the_depth_limit() {
    let nested = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
    let max = Limits::DEFAULT.max_depth;
    assert!(decode(&nested(max)).is_ok());
    assert_eq!(decode(&nested(max + 1)).unwrap_err(), "exceeded max depth");
    assert_eq!(decode(&nested(100_000)).unwrap_err(), "exceeded max depth");
    // The evaluation's limit, not the default, applies to the value.
    let small = Limits::default().with_max_depth(3);
    let within = |text: &str| {
        let mut budget = Budget::new(&small);
        function("jsondecode").call_with_budget(&[s(text)], &mut budget)
    };
    assert!(within(&nested(3)).is_ok());
    assert!(within(&nested(4)).is_err());
}

#[test]
fn jsondecode_and_jsonencode_are_charged_to_the_budget() {
    let doc = format!("[{}0]", "0,".repeat(999));
    let mut budget = Budget::new(&Limits::default().with_max_elements(999));
    let err = function("jsondecode").call_with_budget(&[s(&doc)], &mut budget);
    assert!(matches!(err, Err(CallError::Limit(_))), "{err:?}");
    let mut budget = Budget::new(&Limits::DEFAULT);
    let v = function("jsondecode")
        .call_with_budget(&[s(&doc)], &mut budget)
        .unwrap();
    // `<` is written as six bytes: the encoder charges what it writes,
    // 10 strings of 602 bytes, 9 commas and the brackets.
    let text = Value::tuple(vec![s(&"<".repeat(100)); 10]);
    let need = 10 * 602 + 12;
    let mut budget = Budget::new(&Limits::default().with_max_bytes(need));
    let encoded = function("jsonencode").call_with_budget(std::slice::from_ref(&text), &mut budget);
    assert_eq!(encoded.unwrap().as_str().map(str::len), Some(10 * 602 + 11));
    let mut budget = Budget::new(&Limits::default().with_max_bytes(need));
    budget.charge_bytes(1).unwrap();
    assert!(function("jsonencode")
        .call_with_budget(&[text], &mut budget)
        .is_err());
    assert_eq!(v.length(), Some(1000));
}

#[test]
fn json_roundtrip_of_encoded_values() {
    let v = Value::object([
        (
            "list",
            Value::tuple([1.into(), "two".into(), Value::null(Type::Dynamic)]),
        ),
        ("nested", Value::object([("x", Value::from(true))])),
        ("text", s("<tag> \"q\" \u{2028}")),
    ]);
    let text = encode(v.clone());
    assert_eq!(decode(text.as_str().unwrap()).unwrap(), v);
}

fn row(cells: &[(&str, &str)]) -> Value {
    Value::object(cells.iter().map(|(k, v)| (*k, s(v))))
}

fn csv(text: &str) -> Result<Value, String> {
    call("csvdecode", &[s(text)]).map_err(|e| e.to_string())
}

#[test]
fn csvdecode_rows_become_objects_named_by_the_header() {
    let text = "name,size,type\nfoo,100,tiny\nbar,,huge\nbaz,50,weedy\n";
    let rows = [
        row(&[("name", "foo"), ("size", "100"), ("type", "tiny")]),
        row(&[("name", "bar"), ("size", ""), ("type", "huge")]),
        row(&[("name", "baz"), ("size", "50"), ("type", "weedy")]),
    ];
    assert_eq!(csv(text).unwrap(), Value::list(rows[0].ty(), rows).unwrap());
}

#[test]
fn csvdecode_header_only_gives_an_empty_list() {
    let ty = Type::object([
        ("just", Type::String),
        ("header", Type::String),
        ("line", Type::String),
    ]);
    assert_eq!(
        csv("\"just\",\"header\",\"line\"").unwrap(),
        Value::list(ty, []).unwrap()
    );
    let ty = Type::object([("not csv at all", Type::String)]);
    assert_eq!(csv("not csv at all").unwrap(), Value::list(ty, []).unwrap());
}

#[test]
fn csvdecode_quoting_and_line_endings() {
    let text = "a,b\r\n\"x, \"\"y\"\"\",\"multi\r\nline\"\r\n\r\n\n1,\n";
    let rows = [
        row(&[("a", "x, \"y\""), ("b", "multi\nline")]),
        row(&[("a", "1"), ("b", "")]),
    ];
    assert_eq!(csv(text).unwrap(), Value::list(rows[0].ty(), rows).unwrap());
    // A last line without a newline loses a trailing carriage return.
    assert_eq!(
        csv("a\nx\r").unwrap(),
        Value::list(Type::object([("a", Type::String)]), [row(&[("a", "x")])]).unwrap()
    );
}

#[test]
fn csvdecode_errors() {
    let cases = [
        ("", "missing header line"),
        ("\n\n", "missing header line"),
        (
            "invalid\"thing\"",
            "CSV parse error on line 1: bare \" in non-quoted-field",
        ),
        (
            "a,b\n1,2\n3\n",
            "CSV parse error on line 3: wrong number of fields",
        ),
        (
            "a,b\n1,2,3\n",
            "CSV parse error on line 2: wrong number of fields",
        ),
        (
            "a\n\"x\"y\n",
            "CSV parse error on line 2: extraneous or missing \" in quoted-field",
        ),
        (
            "a\n\"x\nyz",
            "CSV parse error on line 3: extraneous or missing \" in quoted-field",
        ),
        ("a,a\n", "duplicate column name \"a\""),
    ];
    for (text, want) in cases {
        assert_eq!(csv(text).unwrap_err(), want, "{text:?}");
    }
}

#[test]
fn csvdecode_unknowns_and_type_errors() {
    assert_eq!(
        call("csvdecode", &[Value::unknown(Type::String)]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call("csvdecode", &[Value::dynamic()]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call("csvdecode", &[Value::from(true)])
            .unwrap_err()
            .to_string(),
        "invalid value for \"str\" parameter: string required, but got bool"
    );
    assert_eq!(
        call("csvdecode", &[Value::null(Type::String)])
            .unwrap_err()
            .to_string(),
        "invalid value for \"str\" parameter: argument must not be null"
    );
}

#[test]
fn base64_functions_follow_terraform() {
    let enc = |v: &str| call("base64encode", &[s(v)]).unwrap();
    let dec = |v: &str| call("base64decode", &[s(v)]).map_err(|e| e.to_string());
    assert_eq!(enc("abc123!?$*&()'-=@~"), s("YWJjMTIzIT8kKiYoKSctPUB+"));
    assert_eq!(enc(""), s(""));
    assert_eq!(
        dec("YWJjMTIzIT8kKiYoKSctPUB+").unwrap(),
        s("abc123!?$*&()'-=@~")
    );
    assert_eq!(dec("8J+Sgw==").unwrap(), s("💃"));
    assert_eq!(
        dec("dfg").unwrap_err(),
        "failed to decode base64 data \"dfg\""
    );
    assert_eq!(
        dec("whee").unwrap_err(),
        "the result of decoding the provided string is not valid UTF-8"
    );
    assert_eq!(
        call("base64decode", &[Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::String)
    );
}

#[test]
fn urlencode_escapes_query_components() {
    for (input, want) in [
        ("abc123-_", "abc123-_"),
        (
            "foo:bar@localhost?foo=bar&bar=baz",
            "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz",
        ),
        (
            "mailto:email?subject=this+is+my+subject",
            "mailto%3Aemail%3Fsubject%3Dthis%2Bis%2Bmy%2Bsubject",
        ),
        ("foo/bar", "foo%2Fbar"),
        ("a b~.", "a+b~."),
        ("é", "%C3%A9"),
    ] {
        assert_eq!(call("urlencode", &[s(input)]).unwrap(), s(want), "{input}");
    }
}

proptest::proptest! {
    /// The length charged before a string is written is the length
    /// written (every escape, `\u2028` and `\u2029` included).
    #[test]
    fn json_string_len_is_the_written_length(s in "[a<>&\"\\\\\n\r\t\u{8}\u{c}\u{1}\u{2028}\u{2029}é€😀]{0,40}") {
        proptest::prop_assert_eq!(super::json_string_len(&s), super::json_string(&s).len());
    }
}
