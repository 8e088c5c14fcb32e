//! Formatting twice gives what formatting once gives, and formatting
//! changes nothing but blanks: on the corpus (and its stripped copies) and
//! on generated files with random blanks.

use hcl_core::format::format;
use proptest::prelude::*;

use super::corpus::{files, stripped};

/// `text` without its blanks: formatting may change nothing else.
fn without_blanks(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, ' ' | '\t')).collect()
}

#[track_caller]
fn check(name: &str, text: &str) {
    let once = format(text).unwrap_or_else(|d| panic!("{name}: refused: {d}"));
    assert_eq!(
        without_blanks(&once),
        without_blanks(text),
        "{name}: more than blanks changed"
    );
    let twice = format(&once).unwrap_or_else(|d| panic!("{name}: refused its own output: {d}"));
    assert!(once == twice, "{name}: formatting again changed it");
}

hcl_test_shared::shared_test!(
    corpus_formatting_is_idempotent_and_changes_only_blanks,
    corpus,
    |_| corpus_is_idempotent()
);

fn corpus_is_idempotent() {
    let Some(corpus) = files() else {
        return;
    };
    for (path, text) in &corpus {
        let name = path.display().to_string();
        check(&name, text);
        check(&format!("{name} (stripped)"), &stripped(text));
    }
}

/// Blanks as a messy author leaves them.
fn blank() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", " ", " ", "  ", "\t", "   "])
}

/// At least one blank (before a `-`, which could otherwise continue a name).
fn some_blank() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![" ", "  ", "\t", "   "])
}

/// A line break inside brackets, or none.
fn maybe_newline() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "", " ", "\n", "\n  "])
}

/// Expressions of every kind, with random blanks between their tokens.
fn expr() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "1",
        "2.5e3",
        "true",
        "null",
        "\"text with  spaces\"",
        "\"a ${x} b\"",
        "\"%{ if c }yes%{ else }no%{ endif }\"",
        "\"$${not} %%{this}\"",
        "var.name",
        "x[0].y",
        "x[*].id",
        "x.*.id",
        "\"🇬🇧\"",
        "é",
    ])
    .prop_map(str::to_owned);
    leaf.prop_recursive(3, 24, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                some_blank(),
                prop::sample::select(vec![
                    "+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||"
                ]),
                blank(),
                inner.clone()
            )
                .prop_map(|(a, s1, op, s2, b)| format!("{a}{s1}{op}{s2}{b}")),
            (prop::sample::select(vec!["-", "!"]), blank(), inner.clone())
                .prop_map(|(op, s, a)| format!("{op}{s}{a}")),
            (blank(), inner.clone(), blank()).prop_map(|(s1, a, s2)| format!("({s1}{a}{s2})")),
            (
                prop::collection::vec((maybe_newline(), inner.clone()), 0..4),
                maybe_newline()
            )
                .prop_map(|(items, end)| {
                    let items: Vec<String> = items
                        .into_iter()
                        .map(|(nl, e)| format!("{nl}{e}"))
                        .collect();
                    format!("[{}{end}]", items.join(","))
                }),
            (
                prop::collection::vec((blank(), inner.clone()), 0..3),
                blank()
            )
                .prop_map(|(items, s)| {
                    let items: Vec<String> = items
                        .into_iter()
                        .enumerate()
                        .map(|(i, (b, e))| format!("k{i}{b}={b}{e}"))
                        .collect();
                    if items.is_empty() {
                        format!("{{{s}}}")
                    } else {
                        format!("{{{s}{}{s}}}", items.join(&format!("\n{s}")))
                    }
                }),
            (blank(), prop::collection::vec(inner.clone(), 0..3), blank()).prop_map(
                |(s1, args, s2)| { format!("f{s1}({}{s2})", args.join(&format!(",{s1}"))) }
            ),
            (blank(), inner.clone(), blank(), inner.clone())
                .prop_map(|(s1, a, s2, b)| { format!("[for{s1} v in {a}{s2}:{s1}{b}{s2}]") }),
            (inner.clone(), blank(), inner.clone(), inner.clone())
                .prop_map(|(c, s, a, b)| format!("{c}{s}?{s}{a}{s}:{s}{b}")),
            (blank(), inner.clone(), blank())
                .prop_map(|(s1, a, s2)| format!("\"x ${{{s1}{a}{s2}}} y\"")),
        ]
    })
}

/// One item of a body: an attribute (perhaps with a comment), a heredoc, a
/// comment line, a blank line; `i` keeps attribute names unique.
fn item(i: usize) -> impl Strategy<Value = String> {
    let name = prop::sample::select(vec!["a", "bb", "long_attribute_name", "𝒜", "in"])
        .prop_map(move |n| format!("{n}{i}"));
    prop_oneof![
        4 => (blank(), name.clone(), blank(), expr(), prop::sample::select(vec!["", "", " # note", "// note", " /* c */"]))
            .prop_map(|(s, n, s2, e, c)| format!("{s}{n}{s2}={s2}{e}{c}\n")),
        1 => (blank(), name, prop::sample::select(vec!["<<EOT\n  keep   this ${x}\nEOT\n", "<<-EOT\n    indented\n  EOT\n"]))
            .prop_map(|(s, n, h)| format!("{s}{n} = {h}")),
        1 => blank().prop_map(|s| format!("{s}# a comment\n")),
        1 => blank().prop_map(|s| format!("{s}\n")),
    ]
}

fn items(n: usize) -> BoxedStrategy<String> {
    (0..n)
        .map(|i| item(i).boxed())
        .fold(Just(String::new()).boxed(), |acc, it| {
            (acc, it).prop_map(|(a, b)| a + &b).boxed()
        })
}

/// A file: items, then blocks of items (nested once).
pub fn file() -> impl Strategy<Value = String> {
    (
        (0..5usize).prop_flat_map(items),
        prop::collection::vec(
            (
                blank(),
                prop::sample::select(vec!["", " \"label\"", " name \"two\""]),
                (0..4usize).prop_flat_map(items),
                (0..3usize).prop_flat_map(items),
                blank(),
            ),
            0..3,
        ),
    )
        .prop_map(|(top, blocks)| {
            let mut out = top;
            for (i, (s, labels, body, inner, s2)) in blocks.into_iter().enumerate() {
                out +=
                    &format!("{s}block{i}{labels}{s2}{{\n{body}{s}inner {{\n{inner}}}\n{s2}}}\n");
            }
            out
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn generated_files_format_idempotently_changing_only_blanks(src in file()) {
        // (Every generated file is valid: a refusal fails the property.)
        check("generated", &src);
    }
}
