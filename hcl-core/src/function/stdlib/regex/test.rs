//! Expected values are go-cty's (`stdlib/regexp_test.go`) and, for errors,
//! Go's `regexp/syntax` codes as go-cty words them.

use crate::function::stdlib::functions;
use crate::function::CallError;
use crate::value::{Type, Value};

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    functions().get(name).unwrap().call(args)
}

fn s(v: &str) -> Value {
    Value::from(v)
}

const URI: &str = r"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?";

fn uri_match() -> Value {
    Value::object([
        ("scheme", s("http")),
        ("authority", s("www.ics.uci.edu")),
        ("path", s("/pub/ietf/uri/")),
        ("query", Value::null(Type::String)),
        ("fragment", s("Related")),
    ])
}

#[test]
fn regex_without_groups_gives_the_whole_match() {
    assert_eq!(
        call("regex", &[s("[a-z]+"), s("135abc456def789")]).unwrap(),
        s("abc")
    );
}

#[test]
fn regex_unnamed_groups_give_a_tuple() {
    assert_eq!(
        call("regex", &[s("([0-9]*)([a-z]*)"), s("135abc456def")]).unwrap(),
        Value::tuple([s("135"), s("abc")])
    );
    // A group that did not take part is null.
    assert_eq!(
        call("regex", &[s("(a)|(b)"), s("b")]).unwrap(),
        Value::tuple([Value::null(Type::String), s("b")])
    );
}

#[test]
fn regex_named_groups_give_an_object() {
    let uri = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    assert_eq!(call("regex", &[s(URI), s(uri)]).unwrap(), uri_match());
}

#[test]
fn regex_result_type_follows_from_the_pattern_when_string_unknown() {
    assert_eq!(
        call(
            "regex",
            &[s("([0-9]*)([a-z]*)"), Value::unknown(Type::String)]
        )
        .unwrap(),
        Value::unknown(Type::tuple([Type::String, Type::String]))
    );
    assert_eq!(
        call(
            "regex",
            &[s("(?P<num>[0-9]*)"), Value::unknown(Type::String)]
        )
        .unwrap(),
        Value::unknown(Type::object([("num", Type::String)]))
    );
    assert_eq!(
        call("regex", &[Value::unknown(Type::String), s("135abc456def")]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn regex_no_match_is_an_error() {
    assert_eq!(
        call("regex", &[s("[a-z]+"), s("123")])
            .unwrap_err()
            .to_string(),
        "pattern did not match any part of the given string"
    );
}

#[test]
fn regex_invalid_patterns_are_argument_errors() {
    let cases = [
        ("(a", "invalid regexp pattern: missing closing ) in (a"),
        ("a)", "invalid regexp pattern: unexpected ) in a)"),
        ("x[a-z", "invalid regexp pattern: missing closing ] in [a-z"),
        (
            "*a",
            "invalid regexp pattern: missing argument to repetition operator in *",
        ),
        (
            "{2}",
            "invalid regexp pattern: missing argument to repetition operator in {2}",
        ),
        (
            "[z-a]",
            "invalid regexp pattern: invalid character class range in z-a",
        ),
        (
            r"a\q",
            r"invalid regexp pattern: invalid escape sequence in \q",
        ),
        (
            r"(a)\1",
            r"invalid regexp pattern: invalid escape sequence in \1",
        ),
        (
            "a\\",
            "invalid regexp pattern: trailing backslash at end of expression in ",
        ),
        (
            "(?=a)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?=",
        ),
        (
            "a{3,2}",
            "invalid regexp pattern: invalid repeat count in {3,2}",
        ),
        (
            "(?P<>a)",
            "invalid regexp pattern: invalid named capture in (?P<>",
        ),
        (
            "(?P<a-b>x)",
            "invalid regexp pattern: invalid named capture in (?P<a-b>",
        ),
        (
            "(?z)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?z",
        ),
        // As Go 1.22 and later read `(?<`: the start of a named group.
        (
            "(?<=a)",
            "invalid regexp pattern: invalid named capture in (?<=a)",
        ),
        (
            "(?i)*",
            "invalid regexp pattern: missing argument to repetition operator in *",
        ),
        (
            "(?-)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?-)",
        ),
        (
            "(?",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?",
        ),
        (
            "[a\\b]",
            "invalid regexp pattern: invalid escape sequence in \\b",
        ),
        (
            "[z-a",
            "invalid regexp pattern: invalid character class range in z-a",
        ),
        ("x[a[b", "invalid regexp pattern: missing closing ] in [a[b"),
        ("a)(", "invalid regexp pattern: unexpected ) in a)("),
        (
            r"\x{110000}",
            r"invalid regexp pattern: invalid escape sequence in \x{110000",
        ),
        (
            "a**",
            "invalid regexp pattern: invalid nested repetition operator in **",
        ),
        (
            "a*?+",
            "invalid regexp pattern: invalid nested repetition operator in *?+",
        ),
        (
            "x{2}{3}",
            "invalid regexp pattern: invalid nested repetition operator in {2}{3}",
        ),
        (
            "x{1001}",
            "invalid regexp pattern: invalid repeat count in {1001}",
        ),
        (
            "{1001}",
            "invalid regexp pattern: invalid repeat count in {1001}",
        ),
        (
            "[[:foo:]]",
            "invalid regexp pattern: invalid character class range in [:foo:]",
        ),
        (
            "(?P<n>a)(?P<n>b)",
            "invalid regexp pattern: duplicate capture group name in (?P<n>",
        ),
        (
            r"\p{Nope}",
            r"invalid regexp pattern: invalid character class range in \p{Nope}",
        ),
        (
            "(a)(?P<b>c)",
            "invalid regexp pattern: cannot mix both named and unnamed capture groups",
        ),
    ];
    for (pattern, want) in cases {
        let e = call("regex", &[s(pattern), s("abc")]).unwrap_err();
        assert_eq!(e.argument_index(), Some(0), "{pattern}");
        assert_eq!(
            e.to_string(),
            format!("invalid value for \"pattern\" parameter: {want}"),
            "{pattern}"
        );
    }
}

#[test]
fn regexall_lists_every_match() {
    assert_eq!(
        call("regexall", &[s("[a-z]+"), s("135abc456def789")]).unwrap(),
        Value::list(Type::String, [s("abc"), s("def")]).unwrap()
    );
    let pair = Type::tuple([Type::String, Type::String]);
    assert_eq!(
        call("regexall", &[s("([0-9]*)([a-z]*)"), s("135abc456def")]).unwrap(),
        Value::list(
            pair,
            [
                Value::tuple([s("135"), s("abc")]),
                Value::tuple([s("456"), s("def")])
            ]
        )
        .unwrap()
    );
    let uri = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    assert_eq!(
        call("regexall", &[s(URI), s(uri)]).unwrap(),
        Value::list(uri_match().ty(), [uri_match()]).unwrap()
    );
}

#[test]
fn regexall_empty_matches_abutting_a_match_are_skipped() {
    assert_eq!(
        call("regexall", &[s("a*"), s("baaab")]).unwrap(),
        Value::list(Type::String, [s(""), s("aaa"), s("")]).unwrap()
    );
}

#[test]
fn regexall_no_match_is_an_empty_list() {
    assert_eq!(
        call("regexall", &[s("[a-z]+"), s("123")]).unwrap(),
        Value::list(Type::String, []).unwrap()
    );
}

#[test]
fn regexall_unknowns() {
    assert_eq!(
        call(
            "regexall",
            &[s("(?P<num>[0-9]*)"), Value::unknown(Type::String)]
        )
        .unwrap(),
        Value::unknown(Type::list(Type::object([("num", Type::String)])))
    );
    assert_eq!(
        call("regexall", &[Value::unknown(Type::String), s("x")]).unwrap(),
        Value::unknown(Type::list(Type::Dynamic))
    );
    assert_eq!(
        call("regexall", &[Value::null(Type::String), s("x")])
            .unwrap_err()
            .to_string(),
        "invalid value for \"pattern\" parameter: argument must not be null"
    );
}

#[test]
fn regex_replace_expands_submatches() {
    let cases = [
        ("hello world", "o(.)", "0$1", "hell0 w0rld"),
        ("hello", "(?P<x>l+)", "[${x}]", "he[ll]o"),
        ("a.b", r"\.", "$$", "a$b"),
        ("abc", "x", "y", "abc"),
    ];
    for (input, pattern, with, want) in cases {
        assert_eq!(
            call("regex_replace", &[s(input), s(pattern), s(with)]).unwrap(),
            s(want)
        );
    }
    assert_eq!(
        call("regex_replace", &[s("x"), s("("), s("y")])
            .unwrap_err()
            .to_string(),
        "invalid value for \"pattern\" parameter: invalid regexp pattern: missing closing ) in ("
    );
}

#[test]
fn regex_replace_result_over_the_budget_is_an_error() {
    use crate::function::stdlib::collection::support::testing::{call_within, over_budget};
    // 1000 replacements of 1 KB: 1 MB, refused by a budget of 100 KB as it
    // grows past it.
    let limits = crate::Limits::default().with_max_bytes(100_000);
    let big = "x".repeat(1000);
    let args = [s(&"a".repeat(1000)), s("a"), s(&big)];
    assert!(over_budget("regex_replace", &args, limits));
    let args = [s(&"a".repeat(90)), s("a"), s(&big)];
    assert!(call_within("regex_replace", &args, limits).is_ok());
}

#[test]
fn perl_classes_and_boundaries_are_ascii_as_in_go() {
    let cases = [
        (r"\d+", "x١٢٣45", "45"),
        (r"\w+", "éab_1 z", "ab_1"),
        (r"\s\S", "a\u{a0}b c", " c"),
        (r"[\d.]+", "v1.25x", "1.25"),
        (r"[^\D]+", "ab12", "12"),
        (r"\bx\b", "éx x", "x"),
        (r"[a[]+", "[a[b", "[a["),
        (r"[]x]+", "]x]y", "]x]"),
        (r"[a&&b]+", "a&&b", "a&&b"),
        (r"[[:digit:]]+", "ab12", "12"),
        (r"[[:^alpha:]]+", "ab12", "12"),
        (r"[[:]+", "a[:b", "[:"),
        (r"\Q.*+\E!", "a.*+!", ".*+!"),
        // The star applies to `a`, before the flags change.
        ("a(?i)*b", "aaB", "aaB"),
        ("a(?i){2}b", "aaB", "aaB"),
        // A count with a leading zero is no count: the brace is literal.
        ("a{01}", "aa{01}", "a{01}"),
        // Escaped punctuation is literal (`\<` is a word start in Rust).
        (r"\<\w+\>", "a <b> c", "<b>"),
        (r"[\<\]]+", "x<]<y", "<]<"),
        (r"\101\0", "xA\u{0}", "A\u{0}"),
    ];
    for (pattern, input, want) in cases {
        assert_eq!(
            call("regex", &[s(pattern), s(input)]).unwrap(),
            s(want),
            "{pattern}"
        );
    }
    // `\b` sees é as a non-word character, as Go does.
    assert_eq!(
        call("regexall", &[s(r"\b\w"), s("éa")]).unwrap(),
        Value::list(Type::String, [s("a")]).unwrap()
    );
}
