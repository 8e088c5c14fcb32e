//! Nesting is bounded: depth N parses, N+1 is a positioned diagnostic, and
//! 100 000 levels of any construct are reported without exhausting the
//! stack.

use hcl_core::native::{parse_config, parse_expression, parse_template};
use hcl_core::Limits;
use hcl_core::SourceFile;

const DEEP: usize = 100_000;
const SUMMARY: &str = "Maximum nesting depth exceeded";

fn config_diags(src: String, max_depth: usize) -> Vec<String> {
    let f = SourceFile::new("deep.hcl", src);
    let (_, d) = parse_config(&f, &Limits::default().with_max_depth(max_depth));
    super::describe(&d)
}

fn nested(open: &str, close: &str, n: usize, inner: &str) -> String {
    format!("{}{inner}{}", open.repeat(n), close.repeat(n))
}

#[test]
fn depth_limit_allows_n_and_rejects_n_plus_one_with_a_position() {
    // `a = ` then 8 brackets: the 9th would be past a limit of 8.
    assert!(config_diags(format!("a = {}\n", nested("[", "]", 8, "1")), 8).is_empty());
    assert_eq!(
        config_diags(format!("a = {}\n", nested("[", "]", 9, "1")), 8),
        [format!("{SUMMARY} @ 1:13-1:14 [12..13]")]
    );
    // Blocks count too.
    let blocks = |n: usize| format!("{}{}", "b {\n".repeat(n), "}\n".repeat(n));
    assert!(config_diags(blocks(8), 8).is_empty());
    assert_eq!(
        config_diags(blocks(9), 8),
        [format!("{SUMMARY} @ 9:3-9:4 [34..35]")]
    );
}

#[test]
fn default_limit_is_128() {
    assert_eq!(Limits::default().max_depth, 128);
    assert!(config_diags(format!("a = {}\n", nested("(", ")", 128, "1")), 128).is_empty());
    assert_eq!(
        config_diags(format!("a = {}\n", nested("(", ")", 129, "1")), 128).len(),
        1
    );
}

#[test]
fn deep_nesting_of_every_construct_is_reported_not_overflowed() {
    let cases: Vec<(&str, String)> = vec![
        ("brackets", format!("a = {}\n", nested("[", "]", DEEP, "1"))),
        ("parens", format!("a = {}\n", nested("(", ")", DEEP, "1"))),
        (
            "braces",
            format!("a = {}\n", nested("{a = ", "}", DEEP, "1")),
        ),
        (
            "templates",
            format!("a = {}\n", nested("\"${", "}\"", DEEP, "1")),
        ),
        (
            "blocks",
            format!("{}{}", "b {\n".repeat(DEEP), "}\n".repeat(DEEP)),
        ),
        ("minus", format!("a = {}1\n", "-".repeat(DEEP))),
        ("not", format!("a = {}true\n", "!".repeat(DEEP))),
        ("calls", format!("a = {}\n", nested("f(", ")", DEEP, "1"))),
        (
            "conditionals",
            format!("a = {}1\n", "x ? 1 : ".repeat(DEEP)),
        ),
        ("operators", format!("a = 1{}\n", " + 1".repeat(DEEP))),
        ("indexes", format!("a = x{}\n", "[y]".repeat(DEEP))),
        ("splats", format!("a = x{}\n", "[*]".repeat(DEEP))),
        (
            "directives",
            format!(
                "a = \"{}{}\"\n",
                "%{ if x }".repeat(DEEP),
                "%{ endif }".repeat(DEEP)
            ),
        ),
        (
            "heredocs",
            format!("a = {}\n", nested("<<EOT\n${", "}\nEOT\n", DEEP / 4, "1")),
        ),
    ];
    for (name, src) in cases {
        let d = config_diags(src, 128);
        assert!(!d.is_empty() && d[0].starts_with(SUMMARY), "{name}: {d:?}");
    }
}

#[test]
fn deep_standalone_expressions_and_templates_are_bounded() {
    let f = SourceFile::new("e", nested("[", "]", DEEP, "1"));
    let (_, d) = parse_expression(&f, &Limits::default());
    assert_eq!(d.iter().next().unwrap().summary, SUMMARY);
    let f = SourceFile::new("t", nested("${\"", "\"}", DEEP, "x"));
    let (_, d) = parse_template(&f, &Limits::default());
    assert_eq!(d.iter().next().unwrap().summary, SUMMARY);
}
