//! Expected values are go-cty's (`stdlib/string_test.go`) and Terraform's
//! (`lang/funcs/string_test.go`) where they have a case for the behaviour.

use crate::function::stdlib::functions;
use crate::function::CallError;
use crate::value::{Type, Value};

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    functions()
        .get(name)
        .unwrap_or_else(|| panic!("no function {name}"))
        .call(args)
}

fn s(v: &str) -> Value {
    Value::from(v)
}

fn strings(items: &[&str]) -> Value {
    Value::list(Type::String, items.iter().map(|i| Value::from(*i))).unwrap()
}

fn err(name: &str, args: &[Value]) -> String {
    call(name, args).unwrap_err().to_string()
}

#[test]
fn upper_maps_each_letter_simply() {
    for (input, want) in [
        ("hello", "HELLO"),
        ("HELLO", "HELLO"),
        ("", ""),
        ("1", "1"),
        ("жж", "ЖЖ"),
        ("noël", "NOËL"),
        // Go has no simple uppercase for these, so they stay.
        ("baﬄe", "BAﬄE"),
        ("straße", "STRAßE"),
        // Simple mappings where the full one has two letters.
        ("ᾀ ᾳ", "ᾈ ᾼ"),
        ("😸😾", "😸😾"),
    ] {
        assert_eq!(call("upper", &[s(input)]).unwrap(), s(want), "{input}");
    }
}

#[test]
fn lower_maps_each_letter_simply() {
    for (input, want) in [
        ("HELLO", "hello"),
        ("hello", "hello"),
        ("ЖЖ", "жж"),
        ("İ", "i"),
        // No word-final sigma: Go maps every capital sigma alike.
        ("ΟΔΟΣ", "οδοσ"),
    ] {
        assert_eq!(call("lower", &[s(input)]).unwrap(), s(want), "{input}");
    }
}

#[test]
fn case_functions_pass_unknown_and_dynamic_through() {
    for name in ["upper", "lower", "strrev", "title", "trimspace", "chomp"] {
        assert_eq!(
            call(name, &[Value::unknown(Type::String)]).unwrap(),
            Value::unknown(Type::String),
            "{name}"
        );
    }
    for name in ["upper", "lower", "strrev"] {
        assert_eq!(
            call(name, &[Value::dynamic()]).unwrap(),
            Value::unknown(Type::String),
            "{name}"
        );
    }
}

#[test]
fn string_functions_reject_null_and_other_types() {
    for name in [
        "upper",
        "lower",
        "strrev",
        "title",
        "trimspace",
        "chomp",
        "strlen",
    ] {
        assert_eq!(
            err(name, &[Value::null(Type::String)]),
            "invalid value for \"str\" parameter: argument must not be null",
            "{name}"
        );
        assert_eq!(
            err(name, &[Value::empty_tuple()]),
            "invalid value for \"str\" parameter: string required, but got empty tuple",
            "{name}"
        );
    }
}

#[test]
fn title_capitalises_after_separators() {
    for (input, want) in [
        ("hello world", "Hello World"),
        ("hello-world_foo", "Hello-World_foo"),
        ("ǆemal", "ǅemal"),
        ("a1b c", "A1b C"),
        ("éa éa", "Éa Éa"),
        // Go's strings.Title, computed with Go.
        (
            "hello wORLD ǆemal éa-b_c 1a ÿx ﬀ",
            "Hello WORLD ǅemal Éa-B_c 1a Ÿx ﬀ",
        ),
        // Georgian letters are their own title case.
        ("ა ბ", "ა ბ"),
    ] {
        assert_eq!(call("title", &[s(input)]).unwrap(), s(want), "{input}");
    }
}

#[test]
fn strrev_reverses_grapheme_clusters() {
    for (input, want) in [
        ("hello", "olleh"),
        ("", ""),
        ("Живой Журнал", "ланруЖ йовиЖ"),
        ("noe\u{308}l", "le\u{308}on"),
        ("wé\u{301}\u{301}x", "xé\u{301}\u{301}w"),
        ("😸😾", "😾😸"),
        ("💃🏿x", "x💃🏿"),
    ] {
        assert_eq!(call("strrev", &[s(input)]).unwrap(), s(want), "{input}");
    }
}

#[test]
fn strlen_counts_grapheme_clusters() {
    for (input, want) in [
        ("hello", 5),
        ("", 0),
        ("noe\u{308}l", 4),
        ("💃🏿", 1),
        ("😸😾", 2),
    ] {
        assert_eq!(
            call("strlen", &[s(input)]).unwrap(),
            Value::from(want),
            "{input}"
        );
    }
    assert_eq!(
        call("strlen", &[Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::Number)
    );
}

#[test]
fn substr_counts_offsets_and_lengths_in_grapheme_clusters() {
    let cases: &[(&str, i64, i64, &str)] = &[
        ("hello", 0, 2, "he"),
        ("hello", 1, 3, "ell"),
        ("hello", 1, -1, "ello"),
        ("hello", 1, -10, "ello"),
        ("hello", 1, 10, "ello"),
        ("hello", 10, 10, ""),
        ("hello", 5, 1, ""),
        ("hello", 0, 0, ""),
        ("noël", 0, 3, "noë"),
        ("noël", 3, -1, "l"),
        (
            "wé\u{301}\u{301}é\u{301}\u{301}é\u{301}\u{301}!",
            2,
            2,
            "é\u{301}\u{301}é\u{301}\u{301}",
        ),
        (
            "wé\u{301}\u{301}é\u{301}\u{301}é\u{301}\u{301}!",
            3,
            2,
            "é\u{301}\u{301}!",
        ),
        ("😸😾", 0, 1, "😸"),
        ("😸😾", 1, 1, "😾"),
    ];
    for (input, offset, length, want) in cases {
        let got = call(
            "substr",
            &[s(input), Value::from(*offset), Value::from(*length)],
        )
        .unwrap();
        assert_eq!(got, s(want), "substr({input:?}, {offset}, {length})");
    }
}

#[test]
fn substr_negative_offset_counts_from_end() {
    let cases: &[(&str, i64, i64, &str)] = &[
        ("hello", -3, -1, "llo"),
        ("hello", -3, 2, "ll"),
        ("noël", -2, -1, "ël"),
        (
            "wé\u{301}\u{301}é\u{301}\u{301}é\u{301}\u{301}!",
            -2,
            -1,
            "é\u{301}\u{301}!",
        ),
        // Beyond the start: clamped to the start.
        ("hello", -10, 2, "he"),
        // go-cty quirk: a zero length is not short-circuited after a
        // negative offset, and the walk then takes the rest.
        ("hello", -2, 0, "lo"),
    ];
    for (input, offset, length, want) in cases {
        let got = call(
            "substr",
            &[s(input), Value::from(*offset), Value::from(*length)],
        )
        .unwrap();
        assert_eq!(got, s(want), "substr({input:?}, {offset}, {length})");
    }
}

#[test]
fn substr_requires_whole_numbers() {
    assert_eq!(
        err("substr", &[s("hello"), Value::from(1.5), Value::from(1)]),
        "invalid value for \"offset\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807"
    );
    assert_eq!(
        err("substr", &[s("hello"), Value::from(1), Value::from(0.5)]),
        "invalid value for \"length\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807"
    );
    assert_eq!(
        call(
            "substr",
            &[s("hello"), Value::unknown(Type::Number), Value::from(1)]
        )
        .unwrap(),
        Value::unknown(Type::String)
    );
}

#[test]
fn join_concatenates_all_lists_with_separator() {
    let cases: Vec<(Value, Vec<Value>, &str)> = vec![
        (s(" "), vec![strings(&["Hello", "World"])], "Hello World"),
        (
            s(" "),
            vec![strings(&["Hello", "World"]), strings(&["Foo", "Bar"])],
            "Hello World Foo Bar",
        ),
        (s(" "), vec![strings(&[])], ""),
        (s(" "), vec![strings(&[]), strings(&["a"])], "a"),
        (s("-"), vec![strings(&["a"])], "a"),
    ];
    for (sep, lists, want) in cases {
        let mut args = vec![sep];
        args.extend(lists);
        assert_eq!(call("join", &args).unwrap(), s(want));
    }
}

#[test]
fn join_errors() {
    assert_eq!(err("join", &[s(",")]), "at least one list is required");
    let with_null = Value::list(Type::String, [s("a"), Value::null(Type::String)]).unwrap();
    assert_eq!(
        err("join", &[s(","), with_null.clone()]),
        "invalid value for \"lists\" parameter: element 1 is null; cannot concatenate null values"
    );
    assert_eq!(
        err("join", &[s(","), strings(&["x"]), with_null]),
        "invalid value for \"lists\" parameter: element 1 of list 2 is null; cannot concatenate null values"
    );
}

#[test]
fn join_with_unknown_elements_is_unknown() {
    let partly = Value::list(Type::String, [s("a"), Value::unknown(Type::String)]).unwrap();
    assert_eq!(
        call("join", &[s(","), partly]).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(
        call("join", &[s(","), Value::unknown(Type::list(Type::String))]).unwrap(),
        Value::unknown(Type::String)
    );
}

#[test]
fn split_follows_go_strings_split() {
    let cases: &[(&str, &str, &[&str])] = &[
        (",", "a,b,c", &["a", "b", "c"]),
        (",", "a", &["a"]),
        (",", "", &[""]),
        (",", ",", &["", ""]),
        ("", "abc", &["a", "b", "c"]),
        ("", "", &[]),
        ("ab", "xabyab", &["x", "y", ""]),
    ];
    for (sep, input, want) in cases {
        assert_eq!(
            call("split", &[s(sep), s(input)]).unwrap(),
            strings(want),
            "split({sep:?}, {input:?})"
        );
    }
    assert_eq!(
        call("split", &[s(","), Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::list(Type::String))
    );
}

#[test]
fn chomp_removes_all_trailing_newlines() {
    for (input, want) in [
        ("hello world", "hello world"),
        ("goodbye\ncruel\nworld", "goodbye\ncruel\nworld"),
        ("goodbye\r\nwindows\r\nworld", "goodbye\r\nwindows\r\nworld"),
        ("goodbye\ncruel\nworld\n", "goodbye\ncruel\nworld"),
        ("goodbye\ncruel\nworld\n\n\n\n", "goodbye\ncruel\nworld"),
        (
            "goodbye\r\nwindows\r\nworld\r\n",
            "goodbye\r\nwindows\r\nworld",
        ),
        (
            "goodbye\r\nwindows\r\nworld\r\n\r\n\r\n\r\n",
            "goodbye\r\nwindows\r\nworld",
        ),
        ("x\r", "x"),
    ] {
        assert_eq!(call("chomp", &[s(input)]).unwrap(), s(want), "{input:?}");
    }
}

#[test]
fn indent_pads_every_line_but_the_first() {
    let text = "Fleas:\nAdam\nHad'em\n\nE.E. Cummings";
    assert_eq!(
        call("indent", &[Value::from(4), s(text)]).unwrap(),
        s("Fleas:\n    Adam\n    Had'em\n    \n    E.E. Cummings")
    );
    assert_eq!(
        call("indent", &[Value::from(4), s("oneliner")]).unwrap(),
        s("oneliner")
    );
    assert_eq!(
        call(
            "indent",
            &[Value::from(4), s("#!/usr/bin/env bash\ndate\npwd")]
        )
        .unwrap(),
        s("#!/usr/bin/env bash\n    date\n    pwd")
    );
}

#[test]
fn indent_errors() {
    assert_eq!(
        err("indent", &[Value::from(-1), s("a\nb")]),
        "invalid value for \"spaces\" parameter: the number of spaces must not be negative"
    );
    assert_eq!(
        err("indent", &[Value::from(1.5), s("a\nb")]),
        "invalid value for \"spaces\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807"
    );
}

#[test]
fn indent_result_over_the_budget_is_an_error_before_it_is_built() {
    // 1024 lines of 2^20 spaces: 1 GiB, refused from its size alone.
    let lines = "\n".repeat(1024);
    assert_eq!(
        err("indent", &[Value::from(1 << 20), s(&lines)]),
        "the evaluation would build more than 67108864 bytes of strings (Limits::max_bytes)"
    );
    // No newline: nothing is padded, so a huge count is harmless.
    assert_eq!(
        call("indent", &[Value::from(1i64 << 40), s("x")]).unwrap(),
        s("x")
    );
}

#[test]
fn trim_functions() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("trimspace", &[" hello "], "hello"),
        ("trimspace", &["\u{a0}\u{3000}\t\nhello\r\u{85}"], "hello"),
        // As Go's TrimSpace, computed with Go: U+180E and U+200B are not
        // white space.
        (
            "trimspace",
            &["\u{85}\u{a0}\u{1680}\u{2000}\u{200a}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}\u{180e}x\u{180e}\u{200b}"],
            "\u{180e}x\u{180e}\u{200b}",
        ),
        ("trimspace", &[" "], ""),
        ("trim", &["12345", "1"], "2345"),
        ("trim", &["?!hello?!", "!?"], "hello"),
        ("trim", &["hello", ""], "hello"),
        ("trim", &["ééxé", "é"], "x"),
        ("trimprefix", &["helloworld", "hello"], "world"),
        ("trimprefix", &["hellohelloworld", "hello"], "helloworld"),
        ("trimprefix", &["helloworld", "world"], "helloworld"),
        ("trimsuffix", &["helloworld", "world"], "hello"),
        ("trimsuffix", &["helloworldworld", "world"], "helloworld"),
        ("trimsuffix", &["helloworld", "hello"], "helloworld"),
    ];
    for (name, args, want) in cases {
        let args: Vec<Value> = args.iter().map(|a| s(a)).collect();
        assert_eq!(call(name, &args).unwrap(), s(want), "{name}{args:?}");
    }
}

#[test]
fn replace_is_plain_substring_replacement() {
    let cases: &[(&str, &str, &str, &str)] = &[
        ("hello", "hel", "bel", "bello"),
        ("hello", "nope", "bel", "hello"),
        ("hello world", "o", "0", "hell0 w0rld"),
        // Not a regular expression, unlike Terraform's `/.../` form.
        ("a.b", ".", "-", "a-b"),
        ("/a/", "/a/", "x", "x"),
        ("abc", "", "-", "-a-b-c-"),
        ("", "", "-", "-"),
    ];
    for (input, from, to, want) in cases {
        assert_eq!(
            call("replace", &[s(input), s(from), s(to)]).unwrap(),
            s(want)
        );
    }
}

#[test]
fn replace_result_over_the_budget_is_an_error() {
    use crate::function::stdlib::collection::support::testing::{call_within, over_budget};
    let limits = crate::Limits::default().with_max_bytes(1 << 20);
    let big = "a".repeat(1 << 10);
    // 4 copies of 1 MB; and 1025 insertions of 1 KB.
    assert!(over_budget(
        "replace",
        &[s("aaaa"), s("a"), s(&big.repeat(1 << 10))],
        limits
    ));
    assert!(over_budget("replace", &[s(&big), s(""), s(&big)], limits));
    // Exactly the result's size fits.
    let exact = crate::Limits::default().with_max_bytes(4 * 3);
    assert!(call_within("replace", &[s("aaaa"), s("a"), s("bbb")], exact).is_ok());
    let short = crate::Limits::default().with_max_bytes(4 * 3 - 1);
    assert!(over_budget(
        "replace",
        &[s("aaaa"), s("a"), s("bbb")],
        short
    ));
}

#[test]
fn startswith_and_endswith() {
    let cases: &[(&str, &str, &str, bool)] = &[
        ("startswith", "hello world", "hello", true),
        ("startswith", "hey world", "hello", false),
        ("startswith", "", "", true),
        ("startswith", "a", "", true),
        ("startswith", "", "a", false),
        ("endswith", "hello world", "world", true),
        ("endswith", "hello world", "hello", false),
        ("endswith", "", "", true),
        ("endswith", "", "a", false),
        ("strcontains", "hello world", "o w", true),
        ("strcontains", "hello", "", true),
        ("strcontains", "hello", "hi", false),
    ];
    for (name, input, affix, want) in cases {
        assert_eq!(
            call(name, &[s(input), s(affix)]).unwrap(),
            Value::from(*want),
            "{name}({input:?}, {affix:?})"
        );
    }
}

#[test]
fn startswith_unknown_string_is_known_only_for_empty_prefix() {
    assert_eq!(
        call("startswith", &[Value::unknown(Type::String), s("")]).unwrap(),
        Value::from(true)
    );
    assert_eq!(
        call("startswith", &[Value::unknown(Type::String), s("a")]).unwrap(),
        Value::unknown(Type::Bool)
    );
    assert_eq!(
        call("endswith", &[Value::unknown(Type::String), s("")]).unwrap(),
        Value::unknown(Type::Bool)
    );
}

proptest::proptest! {
    /// The ASCII fast path of grapheme counting agrees with segmenting the
    /// text (carriage returns and line feeds are drawn often: `\r\n` is the
    /// one ASCII pair that forms a single cluster).
    #[test]
    fn grapheme_count_fast_path_agrees_with_segmentation(s in "[\r\na\t -~]{0,64}") {
        proptest::prop_assert_eq!(super::grapheme_count(&s), super::grapheme_count_general(&s));
    }
}

#[test]
fn grapheme_counts_of_ascii_edge_cases() {
    for s in [
        "", "\r", "\n", "\r\n", "\n\r", "\r\r\n", "\r\n\n", "a\r\nb", "\r\n\r\n",
    ] {
        assert_eq!(
            super::grapheme_count(s),
            super::grapheme_count_general(s),
            "{s:?}"
        );
    }
    // The general path for the rest.
    assert_eq!(super::grapheme_count("e\u{301}\r\n"), 2);
}
