use super::*;
use crate::json::literal::{keyword_suggestion, levenshtein};

fn parse_src(src: &str) -> (Node, Diagnostics, SourceFile) {
    let file = SourceFile::new("t.json", src);
    let (node, diags) = parse(&file, &Limits::DEFAULT);
    (node, diags, file)
}

/// Each diagnostic as "Summary at line:col-col".
fn errors(src: &str) -> Vec<String> {
    let (_, diags, _) = parse_src(src);
    diags
        .iter()
        .map(|d| match &d.subject {
            Some(r) => format!("{} at {r}", d.summary),
            None => d.summary.clone(),
        })
        .collect()
}

/// A compact rendering of a tree: `{a: 1, b: [true, null, "x"]}`.
fn show(node: &Node) -> String {
    match &node.kind {
        NodeKind::Object(props) => {
            let inner: Vec<String> = props
                .iter()
                .map(|p| format!("{}: {}", p.key, show(&p.value)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
        NodeKind::Array(items) => {
            let inner: Vec<String> = items.iter().map(show).collect();
            format!("[{}]", inner.join(", "))
        }
        NodeKind::String(s) => format!("{s:?}"),
        NodeKind::Number(n) => n.to_string(),
        NodeKind::Bool(b) => b.to_string(),
        NodeKind::Null => "null".into(),
        NodeKind::Invalid => "<invalid>".into(),
    }
}

#[test]
fn json_values_parse_to_trees() {
    let cases = [
        ("true", "true"),
        ("false", "false"),
        (" null ", "null"),
        ("\"hello\"", "\"hello\""),
        ("[]", "[]"),
        ("{}", "{}"),
        ("[1, [2], {}]", "[1, [2], {}]"),
        (
            "{\"a\": {\"b\": [true, null, \"x\"]}}",
            "{a: {b: [true, null, \"x\"]}}",
        ),
        ("\t\r\n{\"a\"\n:\n1\r\n}\n", "{a: 1}"),
    ];
    for (src, want) in cases {
        let (node, diags, _) = parse_src(src);
        assert!(diags.is_empty(), "{src}: {diags}");
        assert_eq!(show(&node), want, "{src}");
    }
}

#[test]
fn json_object_keeps_properties_in_order_with_duplicates() {
    let (node, diags, _) = parse_src(r#"{"b": 1, "a": 2, "b": 3, "//": "c"}"#);
    assert!(diags.is_empty());
    assert_eq!(show(&node), r#"{b: 1, a: 2, b: 3, //: "c"}"#);
}

#[test]
fn json_numbers_keep_their_exact_source_text() {
    for src in [
        "0",
        "-0",
        "12",
        "-1.50",
        "1e10",
        "1E+2",
        "2.5e-3",
        "123456789012345678901234567890.000000000000000000001",
        "-0.0000000000000000000001e-999",
    ] {
        let (node, diags, _) = parse_src(src);
        assert!(diags.is_empty(), "{src}");
        assert_eq!(node.kind, NodeKind::Number(src.into()), "{src}");
    }
}

#[test]
fn json_strings_decode_escapes_and_surrogate_pairs() {
    let (node, diags, _) = parse_src(r#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 é日本""#);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(node.as_str(), Some("\"\\/\u{8}\u{c}\n\r\té\u{1F600} é日本"));
}

#[test]
fn json_spans_cover_values_keys_and_brackets() {
    let (node, _, file) = parse_src("{\"a\": [1, \"x\"],\n \"é\": null}");
    let NodeKind::Object(props) = &node.kind else {
        panic!("not an object")
    };
    let r = |s: ByteSpan| file.range(s).to_string();
    assert_eq!(r(node.span), "t.json:1,1-2,12");
    assert_eq!(r(node.start_span()), "t.json:1,1-2");
    assert_eq!(r(props[0].key_span), "t.json:1,2-5");
    assert_eq!(r(props[0].value.span), "t.json:1,7-15");
    let NodeKind::Array(items) = &props[0].value.kind else {
        panic!("not an array")
    };
    assert_eq!(r(items[0].span), "t.json:1,8-9");
    assert_eq!(r(items[1].span), "t.json:1,11-14");
    assert_eq!(r(props[1].key_span), "t.json:2,2-5");
    assert_eq!(r(props[1].value.span), "t.json:2,7-11");
    assert_eq!(file.range(props[1].value.span).filename(), "t.json");
}

#[test]
fn json_errors_are_reported_at_exact_positions() {
    let cases: &[(&str, &[&str])] = &[
        ("", &["Missing value at t.json:1,1-1"]),
        ("  \n ", &["Missing value at t.json:2,2-2"]),
        (
            "{\"a\" 1}",
            &["Missing property value colon at t.json:1,6-7"],
        ),
        (
            "{\"a\" = 1}",
            &["Missing property value colon at t.json:1,6-7"],
        ),
        ("{\"a\"}", &["Missing object value at t.json:1,5-6"]),
        (
            "{\"a\", \"b\": 1}",
            &["Missing object value at t.json:1,5-6"],
        ),
        ("{\"a\": 1,}", &["Trailing comma in object at t.json:1,8-9"]),
        ("[1, 2,]", &["Trailing comma in array at t.json:1,6-7"]),
        ("{\"a\": 1", &["Unclosed object at t.json:1,1-2"]),
        ("{\"a\": 1,", &["Unclosed object at t.json:1,1-2"]),
        ("[1", &["Unclosed array at t.json:1,1-2"]),
        ("{\"a\": 1]", &["Mismatched braces at t.json:1,8-9"]),
        ("[1}", &["Mismatched brackets at t.json:1,3-4"]),
        (
            "{\"a\": 1 \"b\": 2}",
            &["Missing attribute separator comma at t.json:1,9-12"],
        ),
        (
            "[1 2]",
            &["Missing attribute separator comma at t.json:1,4-5"],
        ),
        ("[1: 2]", &["Invalid array value at t.json:1,3-4"]),
        ("{1: 2}", &["Invalid object property name at t.json:1,2-3"]),
        ("{a: 2}", &["Invalid object property name at t.json:1,2-3"]),
        ("{\"a\": }", &["Missing JSON value at t.json:1,7-8"]),
        ("[,1]", &["Invalid start of value at t.json:1,2-3"]),
        ("[]]", &["Extraneous data after value at t.json:1,3-4"]),
        ("{} {}", &["Extraneous data after value at t.json:1,4-5"]),
        ("@", &["Invalid start of value at t.json:1,1-2"]),
        ("é", &["Invalid start of value at t.json:1,1-2"]),
        // The scanner stops at a byte that starts no token; what follows
        // is not looked at.
        (
            "{\"a\": @, \"b\": 1}",
            &["Invalid start of value at t.json:1,7-8"],
        ),
        (
            "[1, 2 @",
            &["Missing attribute separator comma at t.json:1,7-8"],
        ),
        (
            "[{@}, 1]",
            &["Invalid object property name at t.json:1,3-4"],
        ),
        ("01", &["Invalid JSON number at t.json:1,1-3"]),
        ("1.", &["Invalid JSON number at t.json:1,1-3"]),
        (".5", &["Invalid JSON number at t.json:1,1-3"]),
        ("+1", &["Invalid JSON number at t.json:1,1-3"]),
        ("-", &["Invalid JSON number at t.json:1,1-2"]),
        ("1e", &["Invalid JSON number at t.json:1,1-3"]),
        ("1e+", &["Invalid JSON number at t.json:1,1-4"]),
        ("1.2.3", &["Invalid JSON number at t.json:1,1-6"]),
        ("--1", &["Invalid JSON number at t.json:1,1-4"]),
        ("tru", &["Invalid JSON keyword at t.json:1,1-4"]),
        (
            "{\n  \"a\": True\n}",
            &["Invalid JSON keyword at t.json:2,8-12"],
        ),
        ("{\"é\": x}", &["Invalid JSON keyword at t.json:1,7-8"]),
        ("\"abc", &["Invalid JSON string at t.json:1,5-5"]),
        ("\"abc\n\"", &["Invalid JSON string at t.json:1,5-5"]),
        ("\"a\\qb\"", &["Invalid JSON string at t.json:1,3-5"]),
        ("\"a\tb\"", &["Invalid JSON string at t.json:1,3-4"]),
        ("\"\\u12G4\"", &["Invalid JSON string at t.json:1,2-7"]),
        ("\"\\u12\"", &["Invalid JSON string at t.json:1,2-6"]),
        ("\"\\ud800\"", &["Invalid JSON string at t.json:1,2-8"]),
        (
            "\"\\ud800\\u0041\"",
            &["Invalid JSON string at t.json:1,2-8"],
        ),
        ("\"x\\udc00\"", &["Invalid JSON string at t.json:1,3-9"]),
        ("{\"\\x\": 1}", &["Invalid JSON string at t.json:1,3-5"]),
    ];
    for (src, want) in cases {
        assert_eq!(errors(src), *want, "input {src:?}");
    }
}

#[test]
fn json_error_details_follow_the_reference() {
    let detail = |src: &str| {
        let (_, diags, _) = parse_src(src);
        diags.iter().next().unwrap().detail.clone()
    };
    assert_eq!(
        detail("tru"),
        "\"tru\" is not a valid JSON keyword. Did you mean \"true\"?"
    );
    assert_eq!(
        detail("nothing"),
        "\"nothing\" is not a valid JSON keyword."
    );
    assert_eq!(
        detail("NaN"),
        "The JavaScript identifier \"NaN\" cannot be used in JSON."
    );
    assert_eq!(
        detail("{\"a\" = 1}"),
        "JSON uses a colon as its name/value delimiter, not an equals sign."
    );
    assert_eq!(
        detail("\"\\ud800\""),
        "`\\uD800` is half of a UTF-16 surrogate pair; it cannot appear alone in a string."
    );
    assert_eq!(
        detail("\"a\\qb\""),
        "`\\q` is not a valid escape sequence in a JSON string."
    );
}

#[test]
fn json_string_errors_carry_the_string_as_context() {
    let (_, diags, file) = parse_src("[\"a\\qb\"]");
    let d = diags.iter().next().unwrap();
    assert_eq!(d.context, Some(file.range(ByteSpan::new(1, 7))));
}

#[test]
fn json_recovers_at_the_end_of_a_broken_object_or_array() {
    let src = r#"[{"a" 1}, {"b": tru}, [1 2], 3, {"c": [}, "d": 4}]"#;
    let (node, _, _) = parse_src(src);
    assert_eq!(
        errors(src),
        [
            "Missing property value colon at t.json:1,7-8",
            "Invalid JSON keyword at t.json:1,17-20",
            "Missing attribute separator comma at t.json:1,26-27",
            "Missing JSON value at t.json:1,40-41",
            "Mismatched brackets at t.json:1,40-41",
        ]
    );
    assert_eq!(
        show(&node),
        "[<invalid>, {b: <invalid>}, <invalid>, 3, {c: <invalid>, d: 4}]"
    );
}

#[test]
fn json_invalid_keys_drop_the_property_but_keep_parsing() {
    let (node, diags, _) = parse_src(r#"{"\q": 1, "b": 2}"#);
    assert_eq!(diags.len(), 1);
    assert_eq!(show(&node), "{b: 2}");
}

fn nested(depth: usize) -> String {
    "[".repeat(depth) + &"]".repeat(depth)
}

#[test]
fn json_depth_limit_default_128_passes_and_129_fails() {
    let (_, diags, _) = parse_src(&nested(128));
    assert!(diags.is_empty());
    assert_eq!(
        errors(&nested(129)),
        ["Maximum nesting depth exceeded at t.json:1,129-130"]
    );
}

#[test]
fn json_depth_limit_is_configurable() {
    let opts = Limits::default().with_max_depth(2);
    let run = |src: &str| {
        let file = SourceFile::new("t", src);
        let mut diags = Diagnostics::new();
        let node = parse_with(&file, &opts, &mut diags);
        (show(&node), diags)
    };
    let (tree, diags) = run("[[1]]");
    assert!(diags.is_empty());
    assert_eq!(tree, "[[1]]");
    let (tree, diags) = run(r#"{"a": [{"b": 1}], "c": 2}"#);
    assert_eq!(tree, "{a: [<invalid>], c: 2}");
    assert_eq!(
        diags.iter().next().unwrap().detail,
        "This JSON value is nested more than 2 levels deep (Limits::max_depth)."
    );
}

#[test]
fn json_very_deep_input_does_not_overflow_the_stack() {
    let src = "[".repeat(200_000);
    let (_, diags, _) = parse_src(&src);
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Maximum nesting depth exceeded"
    );
    let src = "{\"a\":".repeat(100_000);
    let (_, diags, _) = parse_src(&src);
    assert!(diags.has_errors());
}

#[test]
fn json_every_truncated_prefix_of_a_valid_document_fails() {
    let docs = [
        r#"{"a": [1, -2.5e+3, true, false, null], "b": {"c": "d\n\u00e9\ud83d\ude00"}}"#,
        "[\"日本\", {\"é\": [[]]}, 0]",
        "\"text\"",
        "{\n  \"k\": \"v\"\n}",
    ];
    for doc in docs {
        let (_, diags, _) = parse_src(doc);
        assert!(diags.is_empty(), "{doc}: {diags}");
        for len in (0..doc.len()).filter(|&n| doc.is_char_boundary(n)) {
            let prefix = &doc[..len];
            let (_, diags, _) = parse_src(prefix);
            assert!(
                diags.has_errors(),
                "prefix {prefix:?} parsed without errors"
            );
        }
    }
}

#[test]
fn keyword_suggestions_use_edit_distance_below_three() {
    assert_eq!(keyword_suggestion("True"), Some("true"));
    assert_eq!(keyword_suggestion("flase"), Some("false"));
    assert_eq!(keyword_suggestion("nul"), Some("null"));
    assert_eq!(keyword_suggestion("nothing"), None);
    assert_eq!(levenshtein("kitten", "sitting"), 3);
}

proptest::proptest! {
    #[test]
    fn json_parser_never_panics(src in "[\\[\\]{}:,\"\\\\u0-9a-fA-F.eE+\\- \\ntrulsnéД\u{1F600}]{0,40}") {
        let (node, diags, _) = parse_src(&src);
        // A tree comes back whatever the input, and errors come with it.
        if diags.is_empty() {
            proptest::prop_assert!(!matches!(node.kind, NodeKind::Invalid));
        }
    }
}

/// Our tree as a serde_json value (numbers re-read by serde_json).
fn to_serde(node: &Node) -> serde_json::Value {
    use serde_json::Value as J;
    match &node.kind {
        NodeKind::Object(props) => J::Object(
            props
                .iter()
                .map(|p| (p.key.to_string(), to_serde(&p.value)))
                .collect(),
        ),
        NodeKind::Array(items) => J::Array(items.iter().map(to_serde).collect()),
        NodeKind::String(s) => J::String(s.to_string()),
        NodeKind::Number(n) => serde_json::from_str(n).unwrap(),
        NodeKind::Bool(b) => J::Bool(*b),
        NodeKind::Null => J::Null,
        NodeKind::Invalid => panic!("invalid node in a tree without errors"),
    }
}

proptest::proptest! {
    #[test]
    fn json_parser_never_panics_on_any_text(src in proptest::prelude::any::<String>()) {
        let _ = parse_src(&src);
    }

    /// Differential check against serde_json: the same texts are valid, and
    /// valid texts give the same values.
    #[test]
    fn json_parser_agrees_with_serde_json(
        src in "[\\[\\]{}:,\"\\\\u0-9a-fA-F.eE+\\- \\t\\nrulsné\u{1}]{0,24}"
    ) {
        let (node, diags, _) = parse_src(&src);
        match serde_json::from_str::<serde_json::Value>(&src) {
            Ok(want) => {
                proptest::prop_assert!(diags.is_empty(), "{:?}: {}", src, diags);
                // serde_json keeps the last of repeated keys, as does collect().
                proptest::prop_assert_eq!(to_serde(&node), want);
            }
            // Out-of-range numbers are valid JSON that serde_json's f64
            // cannot hold; we keep their text.
            Err(e) if e.to_string().contains("out of range") => {}
            Err(e) => proptest::prop_assert!(diags.has_errors(), "{:?}: serde_json says {}", src, e),
        }
    }
}

fn serde_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    use serde_json::Value as J;
    let leaf = prop_oneof![
        Just(J::Null),
        any::<bool>().prop_map(J::Bool),
        any::<i64>().prop_map(J::from),
        (-1e300f64..1e300).prop_map(J::from),
        "[a-z\"\\\\/\u{0}-\u{1f}é日\u{1F600}\u{2028}]{0,6}".prop_map(J::String),
    ];
    leaf.prop_recursive(5, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(J::Array),
            prop::collection::btree_map("[a-z\"é]{0,3}", inner, 0..5)
                .prop_map(|m| J::Object(m.into_iter().collect())),
        ]
    })
}

proptest::proptest! {
    #[test]
    fn json_parser_reads_what_serde_json_writes(
        v in serde_value(),
        pretty in proptest::prelude::any::<bool>(),
        cut in proptest::prelude::any::<proptest::sample::Index>(),
    ) {
        let text = if pretty {
            serde_json::to_string_pretty(&v).unwrap()
        } else {
            serde_json::to_string(&v).unwrap()
        };
        let (node, diags, _) = parse_src(&text);
        proptest::prop_assert!(diags.is_empty(), "{}: {}", text, diags);
        // Read back by serde_json too: its float parsing is not exact, and
        // to_serde reads our number texts with it.
        let want: serde_json::Value = serde_json::from_str(&text).unwrap();
        proptest::prop_assert_eq!(to_serde(&node), want);

        // Removing one character: both parsers agree on validity.
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let (at, ch) = chars[cut.index(chars.len())];
        let broken = format!("{}{}", &text[..at], &text[at + ch.len_utf8()..]);
        let (_, diags, _) = parse_src(&broken);
        match serde_json::from_str::<serde_json::Value>(&broken) {
            Ok(_) => proptest::prop_assert!(!diags.has_errors(), "{:?}: {}", broken, diags),
            Err(e) if e.to_string().contains("out of range") => {}
            Err(_) => proptest::prop_assert!(diags.has_errors(), "{:?}", broken),
        }
    }
}
