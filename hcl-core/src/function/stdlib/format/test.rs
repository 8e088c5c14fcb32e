//! Expected values are go-cty's (`stdlib/format_test.go`) unless a comment
//! says otherwise.

use crate::function::stdlib::functions;
use crate::function::CallError;
use crate::value::{Type, Value};

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    functions().get(name).unwrap().call(args)
}

fn s(v: &str) -> Value {
    Value::from(v)
}

fn n(v: i64) -> Value {
    Value::from(v)
}

fn format(spec: &str, args: &[Value]) -> Result<Value, CallError> {
    let mut all = vec![s(spec)];
    all.extend_from_slice(args);
    call("format", &all)
}

fn ok(spec: &str, args: &[Value], want: &str) {
    assert_eq!(
        format(spec, args).unwrap(),
        s(want),
        "format({spec:?}, {args:?})"
    );
}

fn fails(spec: &str, args: &[Value], want: &str) {
    let e = format(spec, args).unwrap_err();
    let got = match &e {
        CallError::Call(m) => m.clone(),
        CallError::Argument { message, .. } => message.clone(),
        other => other.to_string(),
    };
    assert_eq!(got, want, "format({spec:?}, {args:?})");
}

#[test]
fn format_literal_text_and_percent_escape() {
    ok("", &[], "");
    ok("hello", &[], "hello");
    ok("100%% successful", &[], "100% successful");
    ok("100%%", &[], "100%");
    ok("%%%v", &[Value::from(false)], "%false");
}

#[test]
fn format_v_uses_default_formats() {
    ok("string %v", &[s("hello")], "string hello");
    ok(
        "string %[2]v",
        &[Value::from(true), s("hello")],
        "string hello",
    );
    ok("string %#v", &[s("hello")], "string \"hello\"");
    ok("number %v", &[n(2)], "number 2");
    ok("number %#v", &[n(2)], "number 2");
    ok("bool %v", &[Value::from(true)], "bool true");
    ok("bool %#v", &[Value::from(true)], "bool true");
    ok("object %v", &[Value::empty_object()], "object {}");
    ok("tuple %v", &[Value::empty_tuple()], "tuple []");
    ok("%v", &[Value::null(Type::Bool)], "null");
    ok("%v", &[Value::null(Type::Dynamic)], "null");
    // Numbers as Go's %g in shortest form: large exponents switch to e.
    ok("%v", &[n(1_000_000)], "1e+06");
    ok("%v", &[Value::from(0.5)], "0.5");
    ok(
        "%v",
        &[Value::object([("a", s("<b>"))])],
        "{\"a\":\"\\u003cb\\u003e\"}",
    );
    ok("%5v|%-5v|", &[s("ab"), n(1)], "   ab|1    |");
}

#[test]
fn format_strings() {
    ok("Hello, %s!", &[s("Ermintrude")], "Hello, Ermintrude!");
    ok(
        "Hello, %[2]s!",
        &[s("Stephen"), s("Ermintrude")],
        "Hello, Ermintrude!",
    );
    ok(
        "Hello, %q... if that _is_ your real name!",
        &[s("Ermintrude")],
        "Hello, \"Ermintrude\"... if that _is_ your real name!",
    );
    ok(
        "This statement is %s",
        &[Value::from(false)],
        "This statement is false",
    );
    ok(
        "This statement is %q",
        &[Value::from(false)],
        "This statement is \"false\"",
    );
    ok("%s", &[Value::from(1.5)], "1.5");
    ok("%10s", &[s("hello")], "     hello");
    ok("%-10s", &[s("hello")], "hello     ");
    ok("%010s", &[s("hello")], "00000hello");
    ok("%.2s", &[s("hello")], "he");
    ok("%.0s", &[s("hello")], "hello");
    ok("%.2q", &[s("hello")], "\"he\"");
    ok("%.5s", &[s("日本語日本語")], "日本語日本");
    ok("%.1q", &[s("日本語日本語")], "\"日\"");
    ok("%.10s", &[s("hello")], "hello");
    ok("%4.2s", &[s("hello")], "  he");
    ok("%6.2q", &[s("hello")], "  \"he\"");
    ok("%-4.2s", &[s("hello")], "he  ");
    ok("%q", &[s("Hello\nWorld")], "\"Hello\\nWorld\"");
}

#[test]
fn format_width_counts_grapheme_clusters() {
    ok("%4s", &[s("💃🏿")], "   💃🏿");
    ok("%-4s", &[s("💃🏿")], "💃🏿   ");
    ok("%q", &[s("💃🏿")], "\"💃🏿\"");
    ok("%6q", &[s("💃🏿")], "   \"💃🏿\"");
    ok("%-6q", &[s("💃🏿")], "\"💃🏿\"   ");
}

#[test]
fn format_bools() {
    ok(
        "This statement is %t",
        &[Value::from(false)],
        "This statement is false",
    );
    ok(
        "This statement is %[2]t",
        &[Value::from(true), Value::from(false)],
        "This statement is false",
    );
    ok(
        "This statement is %t",
        &[Value::from(true)],
        "This statement is true",
    );
    ok(
        "This statement is %t",
        &[s("false")],
        "This statement is false",
    );
    fails("%t", &[s("True")], "unsupported value for \"%t\" at 0: a bool is required; to convert from string, use lowercase \"true\"");
    fails(
        "%t",
        &[n(1)],
        "unsupported value for \"%t\" at 0: bool required, but have number",
    );
}

#[test]
fn format_integers() {
    ok(
        "%d green bottles standing on the wall",
        &[n(10)],
        "10 green bottles standing on the wall",
    );
    ok("%[2]d things", &[n(1), n(10)], "10 things");
    ok("%+d green bottles", &[n(10)], "+10 green bottles");
    ok("% d green bottles", &[n(10)], " 10 green bottles");
    ok("%5d green bottles", &[n(10)], "   10 green bottles");
    ok("%-5d green bottles", &[n(10)], "10    green bottles");
    ok("%05d", &[n(-10)], "-0010");
    ok("%.3d", &[n(7)], "007");
    ok("%b", &[n(5)], "101");
    ok("%o", &[n(9)], "11");
    ok("%x", &[n(254)], "fe");
    ok("%X", &[n(254)], "FE");
    ok("%#x", &[n(254)], "0xfe");
    ok("%d", &[s("42")], "42");
    fails(
        "%d",
        &[Value::from(true)],
        "unsupported value for \"%d\" at 0: number required, but have bool",
    );
    fails(
        "%d",
        &[Value::from(1.5)],
        "unsupported value for \"%d\" at 0: an integer is required",
    );
    fails(
        "%d",
        &[s("x")],
        "unsupported value for \"%d\" at 0: a number is required",
    );
}

#[test]
fn format_floats() {
    ok("%f things", &[n(10)], "10.000000 things");
    ok("%[2]f things", &[n(1), n(10)], "10.000000 things");
    ok("%+f things", &[n(10)], "+10.000000 things");
    ok("% f things", &[n(10)], " 10.000000 things");
    ok("%+f things", &[n(-10)], "-10.000000 things");
    ok("% f things", &[n(-10)], "-10.000000 things");
    ok(
        "%f things",
        &[s("1.00000000000000000000000000000000000001")],
        "1.000000 things",
    );
    ok(
        "%.4f things",
        &[s("1.00000000000000000000000000000000000001")],
        "1.0000 things",
    );
    ok("%.1f things", &[s("1.06")], "1.1 things");
    ok("%e things", &[n(1000)], "1.000000e+03 things");
    ok("%E things", &[n(1000)], "1.000000E+03 things");
    ok("%g things", &[n(1000)], "1000 things");
    ok("%G things", &[n(1000)], "1000 things");
    ok(
        "%g things",
        &[s("0.00000000000000000000001")],
        "1e-23 things",
    );
    ok(
        "%G things",
        &[s("0.00000000000000000000001")],
        "1E-23 things",
    );
    ok("%08.3f", &[Value::from(-2.5625)], "-002.562");
    ok("%-8.1f|", &[Value::from(2.25)], "2.2     |");
}

#[test]
fn format_floats_keep_every_integer_digit() {
    ok(
        "%f things",
        &[s("100000000000000000000000000000000000001")],
        "100000000000000000000000000000000000001.000000 things",
    );
    ok(
        "%d",
        &[s("100000000000000000000000000000000000001")],
        "100000000000000000000000000000000000001",
    );
    ok(
        "%x",
        &[s("340282366920938463463374607431768211455")],
        "ffffffffffffffffffffffffffffffff",
    );
}

#[test]
fn format_null_arguments_only_for_v() {
    for (spec, at) in [("%s", 0), ("This statement is %t", 18), ("%d", 0)] {
        let verb = &spec[at..];
        for null in [
            Value::null(Type::String),
            Value::null(Type::Dynamic),
            Value::null(Type::empty_tuple()),
        ] {
            fails(
                spec,
                &[null],
                &format!("unsupported value for {verb:?} at {at}: null value cannot be formatted"),
            );
        }
    }
}

#[test]
fn format_conversion_errors_name_the_verb() {
    // Types are named by `Type::friendly_name` project-wide (COMPAT.md);
    // go-cty says "object" here.
    fails(
        "%s",
        &[Value::empty_object()],
        "unsupported value for \"%s\" at 0: string required, but have object with no attributes",
    );
    fails(
        "%#v",
        &[Value::from(f64::INFINITY)],
        "unsupported value for \"%#v\" at 0: cannot serialize infinity as JSON",
    );
}

#[test]
fn format_unknown_arguments_give_unknown_results() {
    for args in [
        vec![Value::unknown(Type::String)],
        vec![Value::unknown(Type::String), s("Ermintrude")],
        vec![Value::tuple([Value::unknown(Type::String)])],
    ] {
        assert_eq!(
            format("Hello, %s!", &args).unwrap(),
            Value::unknown(Type::String),
            "{args:?}"
        );
    }
    assert_eq!(
        call("format", &[Value::unknown(Type::String), Value::from(true)]).unwrap(),
        Value::unknown(Type::String)
    );
    // An argument of no type makes the result the dynamic value, as in go-cty.
    assert_eq!(
        format("Hello, %s!", &[Value::dynamic()]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call("format", &[Value::from(true), Value::from(true)])
            .unwrap_err()
            .to_string(),
        "invalid value for \"format\" parameter: string required, but got bool"
    );
    assert_eq!(
        call("format", &[Value::null(Type::String), n(10)])
            .unwrap_err()
            .to_string(),
        "invalid value for \"format\" parameter: argument must not be null"
    );
}

#[test]
fn format_argument_count_errors() {
    fails(
        "%s is not in the args list",
        &[],
        "not enough arguments for \"%s\" at 0: need index 1 but have 0 total",
    );
    fails(
        "%[3]s is not in the args list",
        &[Value::from(true), Value::from(true)],
        "not enough arguments for \"%[3]s\" at 0: need index 3 but have 2 total",
    );
    fails(
        "%v %v %v",
        &[Value::from(true), Value::from(true)],
        "not enough arguments for \"%v\" at 6: need index 3 but have 2 total",
    );
    fails(
        "no format verbs at all",
        &[n(10)],
        "too many arguments; no verbs in format string",
    );
    fails(
        "only one verb %d",
        &[n(10), n(11)],
        "too many arguments; only 1 used by format string",
    );
    let e = format("only one verb %d", &[n(10), n(11)]).unwrap_err();
    assert_eq!(e.argument_index(), Some(2));
}

#[test]
fn format_grammar_errors() {
    fails(
        "%[0]s is not valid because args are 1-based",
        &[Value::from(true), Value::from(true)],
        "unrecognized format character '0' at offset 2",
    );
    fails(
        "%z is not a valid sequence",
        &[n(10)],
        "unsupported format verb 'z' in \"%z\" at offset 0",
    );
    fails(
        "%#z is not a valid sequence",
        &[n(10)],
        "unsupported format verb 'z' in \"%#z\" at offset 0",
    );
    fails(
        "%012z is not a valid sequence",
        &[n(10)],
        "unsupported format verb 'z' in \"%012z\" at offset 0",
    );
    fails(
        "%☠ is not a valid sequence",
        &[n(10)],
        "unrecognized format character '☠' at offset 1",
    );
    fails(
        "%💃🏿 is not a valid sequence",
        &[n(10)],
        "unrecognized format character '💃' at offset 1",
    );
    // Ends inside a verb: the machine reports the end of the input.
    fails("abc%", &[], "invalid format string starting at offset 4");
    fails("%5.", &[n(1)], "invalid format string starting at offset 3");
    fails("%[1", &[n(1)], "invalid format string starting at offset 3");
    fails(
        "%[1x",
        &[n(1)],
        "unrecognized format character 'x' at offset 3",
    );
}

#[test]
fn format_width_over_the_budget_is_an_error_before_it_is_formatted() {
    let limit =
        "the evaluation would build more than 67108864 bytes of strings (Limits::max_bytes)";
    fails("%1000000000s", &[s("x")], limit);
    fails("%.1000000000f", &[n(1)], limit);
    fails("%99999999999999999999d", &[n(1)], limit);
    ok("%300s", &[s("x")], &format!("{}x", " ".repeat(299)));
    // A width is charged in full, before the argument is formatted.
    use crate::function::stdlib::collection::support::testing::{call_within, over_budget};
    let small = crate::Limits::default().with_max_bytes(299);
    assert!(over_budget("format", &[s("%300s"), s("x")], small));
    let enough = crate::Limits::default().with_max_bytes(300 + 5);
    assert!(call_within("format", &[s("%300s"), s("x")], enough).is_ok());
}

fn strings(items: &[&str]) -> Value {
    Value::list(Type::String, items.iter().map(|i| s(i))).unwrap()
}

fn formatlist(spec: &str, args: &[Value]) -> Result<Value, CallError> {
    let mut all = vec![s(spec)];
    all.extend_from_slice(args);
    call("formatlist", &all)
}

#[test]
fn formatlist_without_sequences_gives_one_element() {
    assert_eq!(formatlist("", &[]).unwrap(), strings(&[""]));
    assert_eq!(formatlist("hello", &[]).unwrap(), strings(&["hello"]));
    assert_eq!(
        formatlist("100%% successful", &[]).unwrap(),
        strings(&["100% successful"])
    );
    assert_eq!(
        formatlist("%s", &[s("hello")]).unwrap(),
        strings(&["hello"])
    );
    // A null list is a single value, not a sequence.
    assert_eq!(
        formatlist("%v", &[Value::null(Type::list(Type::String))]).unwrap(),
        strings(&["null"])
    );
    assert_eq!(
        formatlist("%v", &[Value::null(Type::String)]).unwrap(),
        strings(&["null"])
    );
    assert_eq!(
        formatlist("%v", &[Value::null(Type::Dynamic)]).unwrap(),
        strings(&["null"])
    );
}

#[test]
fn formatlist_iterates_sequences_in_step() {
    assert_eq!(
        formatlist("%s", &[strings(&["hello"])]).unwrap(),
        strings(&["hello"])
    );
    assert_eq!(
        formatlist("%s", &[strings(&["hello", "world"])]).unwrap(),
        strings(&["hello", "world"])
    );
    assert_eq!(
        formatlist(
            "%s %s",
            &[
                strings(&["hello", "goodbye"]),
                strings(&["world", "universe"])
            ]
        )
        .unwrap(),
        strings(&["hello world", "goodbye universe"])
    );
    assert_eq!(
        formatlist("%s %s", &[strings(&["hello", "goodbye"]), s("world")]).unwrap(),
        strings(&["hello world", "goodbye world"])
    );
    assert_eq!(
        formatlist("%s %s", &[s("hello"), strings(&["world", "universe"])]).unwrap(),
        strings(&["hello world", "hello universe"])
    );
    assert_eq!(
        formatlist("%v", &[Value::empty_tuple()]).unwrap(),
        strings(&[])
    );
    let with_null = Value::list(Type::String, [s("a"), Value::null(Type::String), s("c")]).unwrap();
    assert_eq!(
        formatlist("%v %v", &[Value::null(Type::Dynamic), with_null]).unwrap(),
        strings(&["null a", "null null", "null c"])
    );
    let set = Value::set(Type::Number, [n(2), n(1)]).unwrap();
    assert_eq!(
        formatlist("<%d>", &[set]).unwrap(),
        strings(&["<1>", "<2>"])
    );
}

#[test]
fn formatlist_errors() {
    let e = formatlist(
        "%s %s",
        &[strings(&["hello", "goodbye"]), strings(&["world"])],
    )
    .unwrap_err();
    assert_eq!(e.argument_index(), Some(2));
    assert_eq!(
        e.to_string(),
        "invalid value for \"args\" parameter: argument 2 has length 1, which is inconsistent with argument 1 of length 2"
    );
    assert_eq!(
        formatlist("%s", &[Value::empty_object()]).unwrap_err().to_string(),
        "error on format iteration 0: unsupported value for \"%s\" at 0: string required, but have object with no attributes"
    );
    let pair = Type::tuple([Type::String, Type::String]);
    let e = formatlist("%s %s", &[strings(&["hi"]), Value::unknown(pair)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid value for \"args\" parameter: argument 2 has length 2, which is inconsistent with argument 1 of length 1"
    );
}

#[test]
fn formatlist_unknowns() {
    let unknown_list = Value::unknown(Type::list(Type::String));
    assert_eq!(
        call(
            "formatlist",
            &[Value::unknown(Type::String), Value::from(true)]
        )
        .unwrap(),
        unknown_list
    );
    assert_eq!(
        formatlist("%v", &[Value::unknown(Type::String)]).unwrap(),
        Value::list(Type::String, [Value::unknown(Type::String)]).unwrap()
    );
    assert_eq!(
        formatlist("%v", &[Value::unknown(Type::list(Type::String))]).unwrap(),
        unknown_list
    );
    assert_eq!(
        formatlist("%v", &[Value::unknown(Type::tuple([Type::String]))]).unwrap(),
        unknown_list
    );
    assert_eq!(
        formatlist("%v", &[Value::dynamic()]).unwrap(),
        Value::dynamic()
    );
    // A set with an unknown element has no known length (go-cty's case 22).
    let set = Value::set(Type::String, [s("hello"), Value::unknown(Type::String)]).unwrap();
    assert_eq!(formatlist("%v", &[set]).unwrap(), unknown_list);
    let one = Value::set(Type::String, [Value::unknown(Type::String)]).unwrap();
    assert_eq!(
        formatlist("%v", &[one]).unwrap(),
        Value::list(Type::String, [Value::unknown(Type::String)]).unwrap()
    );
    let rows = Value::list(
        Type::tuple([Type::String]),
        [
            Value::tuple([s("hello")]),
            Value::tuple([Value::unknown(Type::String)]),
            Value::tuple([s("world")]),
        ],
    )
    .unwrap();
    assert_eq!(
        formatlist("%v", &[rows]).unwrap(),
        Value::list(
            Type::String,
            [
                s("[\"hello\"]"),
                Value::unknown(Type::String),
                s("[\"world\"]")
            ]
        )
        .unwrap()
    );
}
