//! Hostile input through the public APIs: every case ends with diagnostics
//! or a value, and its cost is bounded by the library's limits (asserted by
//! the limit's diagnostic), never by a timer.
//!
//! The sizes are scaled down so that the whole file runs in a few
//! seconds in a debug build; the scaled numbers are (issue's size → here):
//! single-line file 100 MB → 4 MB (a string and a comment) and
//! 2 MB (a list of a million numbers), attributes 1 000 000 → 100 000, nested
//! blocks 100 000 → 100 000 (the parser stops at its depth limit long
//! before), labels 10 000 → 10 000, a file of 1 000 000 errors → 150 000
//! errors. The release-size variants are the
//! `#[ignore]`d tests at the end (`cargo test --release -- --ignored`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_core::function::stdlib;
use hcl_core::native::eval::evaluate;
use hcl_core::native::{parse_bytes, parse_expression, ExprNode};
use hcl_core::schema::{BlockHeaderSchema, BodySchema};
use hcl_core::Limits;
use hcl_core::{load, Diagnostics, EvalContext, SourceFile, Value};

fn summaries(diags: &Diagnostics) -> Vec<&str> {
    diags.iter().map(|d| d.summary.as_str()).collect()
}

fn has(diags: &Diagnostics, summary: &str) -> bool {
    diags.iter().any(|d| d.summary == summary)
}

fn stdlib_ctx() -> EvalContext {
    stdlib_ctx_within(Limits::default())
}

fn stdlib_ctx_within(limits: Limits) -> EvalContext {
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions()).set_limits(limits);
    ctx
}

/// Evaluates one native expression with the standard library, within
/// `limits`.
fn eval_with(text: &str, limits: Limits) -> (Value, Diagnostics) {
    let src = SourceFile::new("e.hcl", text);
    let (expr, diags) = parse_expression(&src, &Limits::default());
    assert!(diags.is_empty(), "{text}: {diags}");
    evaluate(
        ExprNode::of(&expr).unwrap(),
        Some(&stdlib_ctx_within(limits)),
    )
}

fn eval(text: &str) -> (Value, Diagnostics) {
    eval_with(text, Limits::default())
}

/// Parses and evaluates one expression, keeping the parser's diagnostics.
fn parse_eval(text: &str) -> (Value, Diagnostics) {
    let src = SourceFile::new("e.hcl", text);
    let (expr, mut diags) = parse_expression(&src, &Limits::default());
    let (v, more) = evaluate(ExprNode::of(&expr).unwrap(), Some(&stdlib_ctx()));
    diags.extend(more);
    (v, diags)
}

/// Every attribute of a native file, evaluated with the standard library.
fn eval_file(name: &str, text: &str) -> (Vec<(String, Value)>, Diagnostics) {
    eval_file_within(name, text, Limits::default())
}

/// [`eval_file`] within `limits`.
fn eval_file_within(name: &str, text: &str, limits: Limits) -> (Vec<(String, Value)>, Diagnostics) {
    let (body, mut diags) = load::parse_source(name, text);
    let (attrs, more) = body.just_attributes();
    diags.extend(more);
    let ctx = stdlib_ctx_within(limits);
    let mut out = Vec::new();
    for a in attrs.iter() {
        let (v, more) = a.expr.value(Some(&ctx));
        diags.extend(more);
        out.push((a.name.clone(), v));
    }
    (out, diags)
}

fn single_line_list(bytes: usize) -> String {
    // One attribute whose value is a long list, with no newline anywhere.
    let mut s = String::with_capacity(bytes + 16);
    s.push_str("a = [");
    while s.len() < bytes {
        s.push_str("1,");
    }
    s.push(']');
    s
}

fn check_single_line_list(bytes: usize) {
    let text = single_line_list(bytes);
    let n = (text.len() - 6) / 2;
    // A budget that fits the list: the file parses and evaluates whole.
    let fits = Limits::default().with_max_elements(n.max(Limits::DEFAULT.max_elements));
    let (attrs, diags) = eval_file_within("big.hcl", &text, fits);
    assert!(diags.is_empty(), "{}", summaries(&diags).join("; "));
    let Value::Tuple(items) = &attrs[0].1 else {
        panic!("not a tuple: {:?}", attrs[0].1.ty());
    };
    assert_eq!(items.len(), n);
    // The default budget refuses a list longer than it, with one
    // diagnostic.
    if n > Limits::DEFAULT.max_elements {
        let (_, diags) = eval_file("big.hcl", &text);
        assert_eq!(summaries(&diags), ["Evaluation limit exceeded"]);
    }
}

/// The release-size variants run one at a time: the peak memory they
/// check is the process's.
static RELEASE_SIZE: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_release_size_test_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    RELEASE_SIZE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A long string and a long comment on one line, then a mistake at its
/// end: the diagnostic's column is counted over the whole line.
fn check_single_line_text(bytes: usize) {
    let half = bytes / 2;
    let text = format!("a = \"{}\" /* {} */ @", "x".repeat(half), "y".repeat(half));
    let (_, diags) = load::parse_source("big.hcl", &text);
    let d = diags.iter().next().unwrap();
    assert_eq!(d.summary, "Invalid character");
    let at = d.subject.clone().unwrap().start;
    let len = text.len() as u32;
    assert_eq!((at.line, at.column, at.byte), (1, len, len - 1));
    let (attrs, diags) = eval_file("big.hcl", &text[..half + 6]);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(attrs[0].1, Value::from("x".repeat(half)));
}

#[test]
fn large_single_line_file_parses_and_evaluates() {
    check_single_line_text(4 << 20);
    check_single_line_list(2 << 20);
}

fn many_attributes(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("a{i} = {i}\n"));
    }
    s
}

fn check_many_attributes(n: usize) {
    let text = many_attributes(n);
    let (body, diags) = load::parse_source("many.hcl", &text);
    assert!(diags.is_empty());
    let (attrs, diags) = body.just_attributes();
    assert!(diags.is_empty());
    assert_eq!(attrs.len(), n);
    let last = attrs.get(&format!("a{}", n - 1)).unwrap();
    assert_eq!(last.expr.value(None).0, Value::from((n - 1) as i64));
}

#[test]
fn many_attributes_parse() {
    check_many_attributes(100_000);
}

#[test]
fn wide_json_objects_evaluate_in_linear_time() {
    // The duplicate-key check was a linear search per property: 100 000
    // properties took minutes. (Size, not a timer, makes a regression show.)
    let n = 100_000;
    let props: String = (0..n).map(|i| format!("\"k{i}\": {i}, ")).collect();
    let text = format!("{{\"a\": {{{props}\"k0\": 0}}}}");
    let (attrs, diags) = eval_file("wide.json", &text);
    assert_eq!(summaries(&diags), ["Duplicate object attribute"]);
    let _ = attrs;
    let text = format!("{{\"a\": {{{props}\"last\": 0}}}}");
    let (attrs, diags) = eval_file("wide.json", &text);
    assert!(diags.is_empty(), "{diags}");
    let Value::Object(o) = &attrs[0].1 else {
        panic!("not an object")
    };
    assert_eq!(o.len(), n + 1);
}

#[test]
fn very_large_number_literals_stop_at_the_parse_s_allowance() {
    // Each `1e300000` is an exact integer of ≈ 125 KB that takes ≈ 6 ms to
    // read: 2 000 of them (a 32 KB file) held a parse 12 s and 249 MB.
    let native: String = (0..2000).map(|i| format!("a{i} = 1e300000\n")).collect();
    let json = format!(
        "{{{}}}",
        (0..2000)
            .map(|i| format!("\"a{i}\": 1e300000"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let exact = Value::number(hcl_core::Number::parse_literal("1e300000").unwrap());
    for (name, text) in [("big.hcl", native), ("big.json", json)] {
        let (attrs, diags) = eval_file(name, &text);
        let refused = diags
            .iter()
            .filter(|d| d.summary == "Number literal too large")
            .count();
        // The default allowance (16 MiB) reads four such literals.
        assert_eq!(refused, 1996, "{name}");
        let first = attrs.iter().find(|(n, _)| n == "a0").unwrap();
        assert_eq!(first.1, exact, "{name}");
        assert!(diags.iter().all(|d| d.subject.is_some()), "{name}");
    }
    // `jsondecode` reads a document's numbers by the same rule (2 000 of
    // them took 19 s and 250 MB).
    let doc = vec!["1e300000"; 2000].join(",");
    let (_, diags) = eval(&format!("jsondecode(\"[{doc}]\")"));
    assert!(
        diags
            .iter()
            .any(|d| d.detail.contains("cannot use \"1e300000\" as a number")),
        "{diags}"
    );
    // Numbers of real configurations never count: 20 000 with exponents
    // up to 299 parse without a word.
    let text: String = (0..20_000)
        .map(|i| format!("a{i} = 3.14159265358979e{}\n", i % 300))
        .collect();
    let (_, diags) = eval_file("floats.hcl", &text);
    assert!(diags.is_empty(), "{diags}");
    // The allowance is a limit like the others: none at all still reads
    // `1e150` (within the free part) and refuses `1e200`.
    let none = Limits::default().with_max_number_bytes(0);
    for (literal, refused) in [("1e150", false), ("1e200", true), ("1e-200", true)] {
        let src = SourceFile::new("n.hcl", format!("a = {literal}\n"));
        let (_, diags) = hcl_core::native::parse_config(&src, &none);
        assert_eq!(
            has(&diags, "Number literal too large"),
            refused,
            "{literal}"
        );
        let (_, diags) = hcl_core::json::parse_body(
            &SourceFile::new("n.json", format!("{{\"a\": {literal}}}")),
            &none,
        );
        assert_eq!(
            has(&diags, "Number literal too large"),
            refused,
            "{literal} (JSON)"
        );
    }
}

#[test]
fn decimal_text_converts_to_a_number_within_the_budget() {
    // Reading decimal digits takes time that grows faster than their
    // count: a fraction of two million digits took 3.3 s, and the string
    // budget allowed 64 million. Charged first, as very large numbers are.
    let text = "tonumber(\"0.${replace(format(\"%2000000s\", \"\"), \" \", \"7\")}\")";
    let (_, diags) = eval(text);
    assert_eq!(summaries(&diags), ["Evaluation limit exceeded"]);
    let (v, diags) = eval("tonumber(\"0.5\") + tonumber(\"42\")");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(42.5));
}

#[test]
fn a_long_line_of_invalid_characters_is_reported_in_linear_time() {
    // Each invalid character is a diagnostic with a range; each column was
    // counted from the line's start (and a run of regional indicators
    // looked back over the whole run at every cluster): 20 000 flags took
    // minutes. (Size, not a timer, makes a regression show.)
    let n = 40_000;
    let flags = "\u{1F1FA}\u{1F1F8}".repeat(n / 2);
    let text = format!("v = 1\n{flags}\n");
    let limits = Limits::default().with_max_diagnostics(usize::MAX);
    let (_, diags) = parse_bytes("flags.hcl", text.as_bytes(), &limits);
    let columns: Vec<u32> = diags
        .iter()
        .filter(|d| d.summary == "Invalid character")
        .filter_map(|d| d.subject.as_ref().map(|r| r.start.column))
        .collect();
    // Every flag is two invalid characters, a column each, as the
    // reference's scanner counts them (one cluster per token).
    assert_eq!(columns.len(), n);
    assert!(columns
        .iter()
        .enumerate()
        .all(|(i, &c)| c as usize == i + 1));
}

#[test]
fn deeply_nested_blocks_stop_at_the_depth_limit() {
    let n = 100_000;
    let text = format!("{}{}", "b {\n".repeat(n), "}\n".repeat(n));
    let (_, diags) = parse_bytes("deep.hcl", text.as_bytes(), &Limits::default());
    assert!(has(&diags, "Maximum nesting depth exceeded"), "{diags}");
    // A smaller limit is honoured too.
    let text = format!("{}{}", "b {\n".repeat(20), "}\n".repeat(20));
    let (_, diags) = parse_bytes(
        "deep.hcl",
        text.as_bytes(),
        &Limits::default().with_max_depth(10),
    );
    assert!(has(&diags, "Maximum nesting depth exceeded"), "{diags}");
    let (_, diags) = parse_bytes("deep.hcl", text.as_bytes(), &Limits::default());
    assert!(diags.is_empty(), "{diags}");
}

#[test]
fn deeply_nested_json_objects_stop_at_the_depth_limit() {
    let n = 100_000;
    let text = format!("{}{}", "{\"b\":".repeat(n), "}".repeat(n));
    let (body, diags) = load::parse_source("deep.json", &text);
    assert!(has(&diags, "Maximum nesting depth exceeded"), "{diags}");
    let _ = body.just_attributes();
}

#[test]
fn invalid_utf8_at_every_position_is_reported() {
    let good = b"a = \"x\"\nb {\n  c = [1, 2]\n}\n";
    for name in ["f.hcl", "f.json"] {
        let good: &[u8] = if name == "f.json" {
            b"{\"a\": \"x\", \"b\": {\"c\": [1, 2]}}"
        } else {
            good
        };
        for at in 0..=good.len() {
            for bad in [&[0xffu8][..], &[0xc3], &[0xed, 0xa0, 0x80]] {
                let mut bytes = good[..at].to_vec();
                bytes.extend_from_slice(bad);
                bytes.extend_from_slice(&good[at..]);
                let (_, diags) = load::parse_bytes(name, &bytes);
                assert!(
                    has(&diags, "Invalid character encoding"),
                    "{name} at {at}: {diags}"
                );
            }
        }
    }
    // The native parser's own entry point too.
    let (_, diags) = parse_bytes("f.hcl", b"a = \"\xff\"\n", &Limits::default());
    assert!(has(&diags, "Invalid character encoding"), "{diags}");
}

#[test]
fn nul_bytes_are_reported_or_kept_in_strings() {
    let (_, diags) = load::parse_bytes("n.hcl", b"a = 1\0\n");
    assert!(diags.has_errors(), "{diags}");
    let (_, diags) = load::parse_bytes("n.hcl", b"\0\0\0");
    assert!(diags.has_errors(), "{diags}");
    // A NUL inside a quoted string is an ordinary character.
    let (attrs, diags) = eval_file("n.hcl", "a = \"x\0y\"\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(attrs[0].1, Value::from("x\0y"));
    let (_, diags) = load::parse_bytes("n.json", b"{\"a\": 1}\0");
    assert!(diags.has_errors(), "{diags}");
}

#[test]
fn a_byte_order_mark_is_handled() {
    // The native syntax skips a leading BOM, as the reference's scanner does.
    let (attrs, diags) = eval_file("bom.hcl", "\u{feff}a = 1\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(attrs[0].1, Value::from(1));
    // The JSON syntax has no BOM: it is an invalid start of value.
    let (_, diags) = load::parse_source("bom.json", "\u{feff}{\"a\": 1}");
    assert!(has(&diags, "Invalid start of value"), "{diags}");
    // A BOM elsewhere is a character like any other.
    let (attrs, diags) = eval_file("bom.hcl", "a = \"\u{feff}\"\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(attrs[0].1, Value::from("\u{feff}"));
}

#[test]
fn lone_surrogates_in_unicode_escapes_are_errors() {
    for text in [
        "a = \"\\ud800\"\n",
        "a = \"\\udfff\"\n",
        "a = \"x\\ud83dy\"\n",
        "a = \"\\U0000d800\"\n",
    ] {
        let (_, diags) = eval_file("s.hcl", text);
        assert!(has(&diags, "Invalid escape sequence"), "{text}: {diags}");
    }
    for text in [
        "{\"a\": \"\\ud800\"}",
        "{\"a\": \"\\udfff\"}",
        "{\"a\": \"\\ud800\\u0041\"}",
    ] {
        let (_, diags) = eval_file("s.json", text);
        assert!(has(&diags, "Invalid JSON string"), "{text}: {diags}");
    }
    // A paired surrogate is one character.
    let (attrs, diags) = eval_file("s.json", "{\"a\": \"\\ud83d\\ude00\"}");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(attrs[0].1, Value::from("\u{1f600}"));
}

#[test]
fn unterminated_heredocs_at_eof_are_reported() {
    for text in [
        "a = <<EOT\n",
        "a = <<EOT\nhello",
        "a = <<EOT\nhello\n",
        "a = <<-EOT\n  ${x}\n  EO",
        "a = <<EOT",
        "a = <<",
        "a = <<EOT\n${",
        "a = <<EOT\n%{ if true }",
    ] {
        let (_, diags) = load::parse_source("h.hcl", text);
        assert!(diags.has_errors(), "{text:?}");
    }
}

#[test]
fn ten_thousand_labels_on_one_block() {
    let n = 10_000;
    let mut text = String::from("b");
    for i in 0..n {
        text.push_str(&format!(" \"l{i}\""));
    }
    text.push_str(" {\n  x = 1\n}\n");
    let (body, diags) = load::parse_source("labels.hcl", &text);
    assert!(diags.is_empty(), "{diags}");
    // A schema that wants one label reports the extra ones.
    let schema = BodySchema::new().block(BlockHeaderSchema::new("b", ["name"]));
    let (content, diags) = body.content(&schema);
    assert!(has(&diags, "Extraneous label for b"), "{diags}");
    // As in the reference, a block with the wrong label count is left out.
    assert!(content.blocks.is_empty());
}

#[test]
fn huge_exponent_literals_are_bounded() {
    // Beyond Number::MAX_BITS / MIN_EXP the literal is rejected, as the
    // reference's big.Float parse rejects an exponent overflow.
    for text in ["1e999999999", "1e99999999999999999999"] {
        let (_, diags) = parse_eval(text);
        assert!(has(&diags, "Invalid number literal"), "{text}: {diags}");
    }
    // A huge negative exponent underflows to zero.
    let (v, diags) = parse_eval("1e-999999999");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(0));
    let (v, diags) = parse_eval("1e300 * 1e300");
    assert!(diags.is_empty(), "{diags}");
    assert!(v.is_known());
    let (_, diags) = eval_file("n.json", "{\"a\": 1e999999999}");
    assert!(has(&diags, "Invalid JSON number"), "{diags}");
    let (attrs, diags) = eval_file("n.json", "{\"a\": 1e-999999999}");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(attrs[0].1, Value::from(0));
}

#[test]
fn deeply_nested_for_expressions_stop_at_a_limit() {
    let n = 2_000;
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("[for x{i} in [1] : "));
    }
    text.push('1');
    text.push_str(&"]".repeat(n));
    let src = SourceFile::new("for.hcl", text.as_str());
    let (expr, diags) = parse_expression(&src, &Limits::default());
    assert!(has(&diags, "Maximum nesting depth exceeded"), "{diags}");
    let (_, _) = evaluate(ExprNode::of(&expr).unwrap(), Some(&stdlib_ctx()));
    // Within the parser's limit the evaluator's own depth limit applies.
    let n = 60;
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("[for x{i} in [1] : "));
    }
    text.push('1');
    text.push_str(&"]".repeat(n));
    let (_, diags) = eval_with(&text, Limits::default().with_max_depth(20));
    assert!(diags.has_errors(), "{diags}");
    let (v, diags) = eval(&text);
    assert!(diags.is_empty(), "{diags}");
    assert!(matches!(v, Value::Tuple(_)));
}

#[test]
fn nested_for_expressions_multiply_against_the_element_limit() {
    // 1024^3 iterations if nothing stopped it.
    let text = "[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]]";
    let (_, diags) = eval(text);
    assert!(has(&diags, "Evaluation limit exceeded"), "{diags}");
}

#[test]
fn jsondecode_of_a_huge_nested_document_is_bounded() {
    let n = 100_000;
    let doc = format!("{}{}", "[".repeat(n), "]".repeat(n));
    let text = format!("jsondecode(\"{doc}\")");
    let (_, diags) = eval(&text);
    assert!(diags.has_errors(), "{diags}");
    // A wide document is fine.
    let doc = format!("[{}0]", "0,".repeat(100_000));
    let (v, diags) = eval(&format!("length(jsondecode(\"{doc}\"))"));
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(100_001));
}

#[test]
fn range_is_limited() {
    let (_, diags) = eval("range(1e9)");
    assert!(diags.has_errors(), "{diags}");
    let (v, diags) = eval("length(range(1024))");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(1024));
}

#[test]
fn for_and_splat_collection_limits() {
    let small = Limits::default().with_max_elements(200);
    let (_, diags) = eval_with("[for x in range(1000) : x]", small);
    assert!(has(&diags, "Evaluation limit exceeded"), "{diags}");
    let (_, diags) = eval_with("[for x in range(100) : {a = x}][*].a", small);
    assert!(has(&diags, "Evaluation limit exceeded"), "{diags}");
    // range (50), the loop's pairs (50) and its result (50).
    let (v, diags) = eval_with("length([for x in range(50) : x])", small);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(50));
}

#[test]
fn template_output_is_limited() {
    let small = Limits::default().with_max_bytes(1000);
    let (_, diags) = eval_with("\"%{for x in range(1000)}abc%{endfor}\"", small);
    assert!(diags.has_errors(), "{diags}");
    let (v, diags) = eval_with("\"%{for x in range(10)}abc%{endfor}\"", small);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from("abc".repeat(10)));
}

#[test]
fn pow_with_a_huge_exponent_is_bounded() {
    // Beyond Number::MAX_BITS the result is refused instead of computed.
    for text in ["pow(10, 1e9)", "pow(10, 1e18)", "pow(2, 1e9) * pow(2, 1e9)"] {
        let (_, diags) = eval(text);
        assert!(
            diags
                .iter()
                .any(|d| d.detail.contains("number is too large to represent")),
            "{text}: {diags}"
        );
    }
    // Below MIN_EXP the result rounds to zero.
    let (v, diags) = eval("pow(10, -1e9)");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(0));
    let (v, diags) = eval("pow(2, 10)");
    assert!(diags.is_empty());
    assert_eq!(v, Value::from(1024));
}

#[test]
fn format_width_is_limited() {
    for text in [
        "format(\"%999999999d\", 1)",
        "format(\"%.999999999f\", 1)",
        "format(\"%99999999999999999999s\", \"x\")",
        "formatlist(\"%999999999s\", [\"a\"])",
    ] {
        let (_, diags) = eval(text);
        assert!(diags.has_errors(), "{text}");
    }
    let (v, diags) = eval("format(\"%5d\", 1)");
    assert!(diags.is_empty());
    assert_eq!(v, Value::from("    1"));
}

#[test]
fn string_functions_are_limited() {
    let small = Limits::default().with_max_bytes(10_000_000);
    for text in [
        // 6 strings of 1 MB, then their join: 12 MB.
        "join(\"\", [for i in range(6) : format(\"%1000000s\", \"\")])",
        "indent(999999999, \"a\\nb\")",
    ] {
        let (_, diags) = eval_with(text, small);
        assert!(has(&diags, "Evaluation limit exceeded"), "{text}: {diags}");
    }
    let (v, diags) = eval_with(
        "strlen(join(\"\", [for i in range(3) : format(\"%1000000s\", \"\")]))",
        small,
    );
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(3_000_000));
}

#[test]
fn conversions_charge_what_they_build() {
    // Converting writes numbers out as strings and rebuilds collections.
    // `tostring`, `tolist`, a parameter's type and a conditional's unified
    // type built those outside the budget, so converting one value in a
    // loop grew without bound (262 144 `tostring(1e3000)`: 800 MB, for
    // 64 MiB of strings allowed).
    let small = Limits::default()
        .with_max_bytes(1 << 20)
        .with_max_elements(1 << 16);
    for text in [
        // 4096 × 3001 digits: 12 MB of strings.
        "[for x in [1e3000] : [for i in range(64) : [for j in range(64) : tostring(x)]]]",
        "[for x in [1e3000] : [for i in range(64) : [for j in range(64) : tolist([x, \"a\"])]]]",
        "[for x in [1e3000] : [for i in range(64) : [for j in range(64) : coalesce(x, \"a\")]]]",
        "[for x in [1e3000] : [for i in range(64) : [for j in range(64) : true ? x : \"a\"]]]",
        // 128 × 1024 elements rebuilt (and their numbers written).
        "[for x in [range(1024)] : [for i in range(128) : tolist([x, [\"a\"]])]]",
        "[for x in [range(1024)] : [for i in range(128) : true ? x : [\"a\"]]]",
    ] {
        let (_, diags) = eval_with(text, small);
        assert_eq!(summaries(&diags), ["Evaluation limit exceeded"], "{text}");
    }
    // One of each fits.
    for text in [
        "tostring(1e3000)",
        "tolist([1e3000, \"a\"])",
        "[for x in [range(1024)] : tolist([x, [\"a\"]])]",
        "[for x in [range(1024)] : true ? x : [\"a\"]]",
    ] {
        let (_, diags) = eval_with(text, small);
        assert!(diags.is_empty(), "{text}: {diags}");
    }
}

#[test]
fn operations_on_very_large_numbers_are_charged() {
    // An operation on a million-bit integer reads all 125 KB of it, and a
    // loop repeated one while building nothing large: 1 048 576 of
    // `1e300000 % 7` took about 100 s. Each now charges the numbers it
    // reads, so the loop ends at the byte budget.
    let small = Limits::default().with_max_bytes(1 << 20);
    for text in [
        "[for i in range(64) : [for j in range(64) : 1e30000 % 7 == 0]]",
        "[for i in range(64) : [for j in range(64) : 1e30000 > j]]",
        "[for i in range(64) : [for j in range(64) : -1e30000 < j]]",
        "[for i in range(64) : [for j in range(64) : floor(1e30000 / 3) > 0]]",
        "[for i in range(64) : [for j in range(64) : signum(1e30000)]]",
    ] {
        let (_, diags) = eval_with(text, small);
        assert_eq!(summaries(&diags), ["Evaluation limit exceeded"], "{text}");
    }
    let (v, diags) = eval_with("[for i in range(8) : 1e30000 % 7]", small);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v.length(), Some(8));
}

#[test]
fn parseint_refuses_a_too_large_integer_from_its_length() {
    // A digit at a time, each step rewrote the whole integer: a million
    // decimal digits took 16 s before the result was refused.
    for (digits, base) in [(1_000_000, 10), (300_000, 16), (1_000_001, 2)] {
        let text = format!("parseint(replace(format(\"%{digits}s\", \"\"), \" \", \"1\"), {base})");
        let (_, diags) = eval(&text);
        assert!(
            diags
                .iter()
                .any(|d| d.detail.contains("number is too large to represent")),
            "{digits} digits, base {base}: {diags}"
        );
    }
    // Leading zeros do not count; the largest integer fits.
    let text = "parseint(\"${replace(format(\"%5000s\", \"\"), \" \", \"0\")}${replace(format(\"%1000000s\", \"\"), \" \", \"1\")}\", 2) > 0";
    let (v, diags) = eval(text);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(true));
    let (v, diags) = eval("[parseint(\"-zZ\", 62), parseint(\"+ff\", 16), parseint(\"-0\", 10)]");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::tuple([-2231, 255, 0].map(Value::from)));
}

/// `[for s in [S] : [for i in range(N) : EXPR]]` where `S` is `len` x's (or
/// `fill`s): a loop that meets one long string `n` times.
fn over_a_long_string(expr: &str, fill: &str, len: usize, n: usize) -> String {
    format!(
        "[for s in [replace(format(\"%{len}s\", \"\"), \" \", \"{fill}\")] : [for i in range({n}) : {expr}]]"
    )
}

#[test]
fn messages_quote_an_excerpt_of_a_long_value() {
    // Messages quoted the whole value, and a loop reports one diagnostic an
    // element: 10 240 of `tonumber(s)` with a 1 MB `s` took 10 GB (timeadd
    // 9 GB, regex 13 GB).
    for (expr, fill) in [
        ("tonumber(s)", "x"),
        ("tobool(s)", "x"),
        ("parseint(s, 10)", "x"),
        ("timeadd(s, \"1h\")", "x"),
        ("timeadd(\"2020-01-01T00:00:00Z\", s)", "x"),
        ("timecmp(s, s)", "x"),
        ("formatdate(s, \"2020-01-01T00:00:00Z\")", "x"),
        ("regex(s, \"a\")", "("),
        ("base64decode(s)", "!"),
        ("lookup({a = 1}, s)", "x"),
        ("{a = 1}[s]", "x"),
        ("tomap({a = 1})[s]", "x"),
        ("{for k in [s, s] : k => 1}", "x"),
        ("csvdecode(\"${s},${s}\\n1,2\")", "x"),
        (
            "jsondecode(\"{\\\"${s}\\\": 1, \\\"${s}\\\": \\\"a\\\"}\")",
            "x",
        ),
        ("format(\"%!${s}\", 1)", "x"),
    ] {
        let text = over_a_long_string(expr, fill, 100_000, 3);
        let (_, diags) = eval(&text);
        assert_eq!(diags.len(), 3, "{expr}: {}", summaries(&diags).join("; "));
        for d in diags.iter() {
            assert!(d.detail.len() < 2500, "{expr}: {} bytes", d.detail.len());
            for v in d.involved.iter().flat_map(|i| i.values.iter()) {
                assert!(v.value.as_ref().map_or(0, String::len) < 1500, "{expr}");
            }
        }
    }
}

#[test]
fn object_keys_are_charged() {
    // An object shares its key with the string it came from, but its type
    // copies it: 1000 of `{(s) = 1}` with a 1 MB `s` took 1 GB.
    let small = Limits::default().with_max_bytes(1 << 20);
    for expr in [
        "{(s) = 1}",
        "{for k in [s] : k => 1}",
        "{for k in [s] : k => 1...}",
        "tomap({(s) = 1})",
    ] {
        let text = over_a_long_string(expr, "x", 100_000, 20);
        let (_, diags) = eval_with(&text, small);
        assert_eq!(summaries(&diags), ["Evaluation limit exceeded"], "{expr}");
        let text = over_a_long_string(expr, "x", 100_000, 2);
        let (_, diags) = eval_with(&text, small);
        assert!(diags.is_empty(), "{expr}: {diags}");
    }
}

#[test]
fn a_pattern_that_fails_to_compile_is_compiled_once() {
    // Too large a pattern failed each call anew (30 ms in a release build,
    // a loop of a million calls eight hours); failures are cached now as
    // compiled patterns were. (Size, not a timer, makes a regression show:
    // this loop took about 20 s in a debug build.)
    let text = "[for i in range(64) : can(regex(\"[\\\\p{L}\\\\p{N}]{1000}\", \"a\"))]";
    let (v, diags) = eval(text);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::tuple(vec![Value::from(false); 64]));
    // The message names the argument of the call that failed.
    for (text, param) in [
        ("regex(\"(a\", \"a\")", "pattern"),
        ("regex_replace(\"a\", \"(a\", \"b\")", "pattern"),
    ] {
        let (_, diags) = eval(text);
        let d = diags.iter().next().unwrap();
        assert!(
            d.detail.contains(&format!("\"{param}\"")),
            "{text}: {diags}"
        );
        assert!(d.detail.contains("missing closing )"), "{text}: {diags}");
    }
}

fn check_many_errors(lines: usize) {
    let text = "a = !\n@\n".repeat(lines);
    let (_, diags) = load::parse_source("errors.hcl", &text);
    assert_eq!(diags.len(), Diagnostics::DEFAULT_LIMIT + 1);
    let last = diags.iter().last().unwrap();
    assert_eq!(last.summary, "Too many diagnostics");
    assert!(last.is_error());
    // Per line pair: "Invalid character", "Invalid expression" and (all
    // but the first) "Attribute redefined".
    assert_eq!(diags.omitted(), 3 * lines - 1 - Diagnostics::DEFAULT_LIMIT);
    assert_eq!(
        diags.error_count(),
        diags.omitted() + Diagnostics::DEFAULT_LIMIT
    );
}

#[test]
fn a_file_of_errors_keeps_a_bounded_number_of_diagnostics() {
    check_many_errors(50_000);
    // The limit is an option of each parser.
    let options = Limits::default().with_max_diagnostics(5);
    let (_, diags) = parse_bytes("errors.hcl", "@\n".repeat(100).as_bytes(), &options);
    // 100 "Invalid character" and one "Argument or block definition
    // required": 5 kept, 96 left out.
    assert_eq!(diags.len(), 6);
    assert_eq!(diags.omitted(), 96);
    let json_options = hcl_core::Limits::default().with_max_diagnostics(1);
    let src = SourceFile::new("e.json", "{\"a\": \"${\", \"b\": [1 2]}");
    let (_, diags) = hcl_core::json::parse_body(&src, &json_options);
    assert!(diags.len() <= 2, "{diags}");
}

#[test]
fn an_evaluation_with_many_errors_keeps_a_bounded_number_of_diagnostics() {
    let n = 20_000;
    let text = format!("[{}]", "upper(1 + \"x\"), ".repeat(n));
    let (_, diags) = eval(&text);
    assert_eq!(diags.len(), Diagnostics::DEFAULT_LIMIT + 1);
    assert_eq!(diags.error_count(), n);
    assert_eq!(diags.iter().last().unwrap().summary, "Too many diagnostics");
}

#[test]
#[ignore = "release-size variant: cargo test --release --test hostile -- --ignored"]
fn release_size_errors() {
    let _one = one_release_size_test_at_a_time();
    check_many_errors(400_000);
}

#[test]
#[ignore = "release-size variant: cargo test --release --test hostile -- --ignored"]
fn release_size_single_line_file() {
    let _one = one_release_size_test_at_a_time();
    check_single_line_text(100 << 20);
    // A list costs about 55 bytes of memory per input byte (syntax tree
    // and values): 100 MB of `1,` takes 5.5 GB, so 20 MB here.
    check_single_line_list(20 << 20);
}

#[test]
#[ignore = "release-size variant: cargo test --release --test hostile -- --ignored"]
fn release_size_many_attributes() {
    let _one = one_release_size_test_at_a_time();
    check_many_attributes(1_000_000);
}

/// Expressions that build far more than any configuration needs (each well
/// past the default budget): the issue's `flatten` of 2^30 numbers and its
/// relatives, through every kind of builder (`for`, splat, templates,
/// functions).
const BUILDERS: &[&str] = &[
    "length(flatten([for i in range(1024) : [for j in range(1024) : range(1024)]]))",
    "jsonencode([for i in range(1024) : [for j in range(1024) : range(1024)]])",
    "strlen(jsonencode([for i in range(1024) : format(\"%1000000s\", \"\")]))",
    "[for i in range(1024) : setproduct(range(1024), range(1024))]",
    "[for i in range(1024) : format(\"%67108863s\", \"\")]",
    "[for i in range(1024) : strlen(format(\"%60000000s\", \"\"))]",
    "formatlist(\"%1000000s\", range(1024))",
    "join(\"\", [for i in range(1024) : format(\"%1000000s\", \"\")])",
    "[for i in range(1024) : replace(format(\"%100000s\", \"\"), \" \", \"ab\")]",
    "[for i in range(1024) : indent(100000, join(\"\\n\", range(1000)))]",
    "\"%{for i in range(1024)}%{for j in range(1024)}${format(\"%100s\", j)}%{endfor}%{endfor}\"",
    "[for i in range(1024) : [for j in range(1024) : \"${i}-${j}-${format(\"%100s\", \"\")}\"]]",
    "[for i in range(1024) : [for j in range(1024) : {a = i, b = j}][*].a]",
    "{for i in range(1024) : i => [for j in range(1024) : [i, j, i, j]]}",
    "[for i in range(1024) : concat(range(1024), range(1024), range(1024))]",
    "[for i in range(1024) : [for j in range(8) : chunklist(range(1024), 1)]]",
    "[for i in range(1024) : zipmap([for k in range(1024) : format(\"%1000s\", k)], range(1024))]",
    "[for i in range(1024) : merge({for k in range(1024) : format(\"%1000s\", k) => k})]",
    "[for i in range(1024) : split(\"\", format(\"%100000s\", \"\"))]",
    "[for i in range(1024) : regexall(\".\", format(\"%100000s\", \"\"))]",
    "[for i in range(1024) : csvdecode(join(\"\\n\", concat([\"a\"], [for k in range(1024) : \"x\"])))]",
    "[for i in range(1024) : [for j in range(8) : jsondecode(jsonencode([for k in range(1024) : k]))]]",
    "[for i in range(1024) : base64encode(format(\"%1000000s\", \"\"))]",
    "[for i in range(1024) : keys({for k in range(1024) : format(\"%1000s\", k) => k})]",
    "[for i in range(1024) : [for j in range(8) : tolist(range(1024))]]",
    "[for i in range(1024) : [for j in range(8) : try(range(1024), 0)]]",
];

/// Evaluates each of [`BUILDERS`] within `limits`: each must end in one
/// "Evaluation limit exceeded" error, and nothing else.
fn check_builders(limits: Limits, mut each: impl FnMut(&str)) {
    for text in BUILDERS {
        let (_, diags) = eval_with(text, limits);
        let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
        assert_eq!(errors.len(), 1, "{text}: {diags}");
        assert_eq!(
            errors[0].summary, "Evaluation limit exceeded",
            "{text}: {diags}"
        );
        each(text);
    }
}

#[test]
fn every_builder_is_bounded_by_the_evaluation_budget() {
    // A small budget keeps the debug build quick; the release-size
    // variant with the default budget is `release_size_builders` below.
    let small = Limits::default()
        .with_max_elements(20_000)
        .with_max_bytes(2_000_000);
    check_builders(small, |_| {});
}

/// The peak resident memory of this process, and a reset of it (Linux:
/// `/proc/self/status` `VmHWM`, reset by writing `5` to `clear_refs`).
fn peak_rss_kib(reset: bool) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok();
    if reset {
        std::fs::write("/proc/self/clear_refs", "5").ok()?;
    }
    kib
}

/// The CPU time this thread has used (Linux: `/proc/thread-self/stat`,
/// user and system ticks of 10 ms): unlike the wall clock, it does not
/// count the time other processes take on a shared machine.
fn thread_cpu_time() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_millis(ticks * 10))
}

#[test]
#[ignore = "release-size variant: cargo test --release --test hostile -- --ignored"]
fn release_size_builders() {
    let _one = one_release_size_test_at_a_time();
    // With the default budget each ends within a second of CPU time and a
    // few hundred MB of peak memory (measured per expression where the
    // kernel lets the peak be reset; otherwise over the whole run).
    use std::time::{Duration, Instant};
    let mut worst = (Duration::ZERO, 0u64);
    let (mut wall, mut cpu) = (Instant::now(), thread_cpu_time());
    peak_rss_kib(true);
    check_builders(Limits::default(), |text| {
        let took = cpu.zip(thread_cpu_time()).map(|(a, b)| b - a);
        let peak = peak_rss_kib(true).unwrap_or(0);
        println!(
            "{:>6} ms CPU {:>6} ms wall {:>5} MiB  {text}",
            took.map_or(0, |d| d.as_millis()),
            wall.elapsed().as_millis(),
            peak / 1024
        );
        worst = (worst.0.max(took.unwrap_or_default()), worst.1.max(peak));
        (wall, cpu) = (Instant::now(), thread_cpu_time());
    });
    assert!(worst.0 < Duration::from_secs(1), "{worst:?}");
    assert!(worst.1 < 500 * 1024, "peak {} MiB", worst.1 / 1024);
}
