//! Every truncated prefix of a valid input either parses or fails with
//! diagnostics; it never panics. A valid input whose prefixes end inside a
//! construct must be reported, not silently accepted.

use hcl_core::native::{parse_config, parse_expression, parse_template};
use hcl_core::Limits;
use hcl_core::SourceFile;

const CONFIG: &str = r#"# comment
resource "aws_instance" "web" {
  ami   = "ami-${var.region}"
  count = var.enabled ? length(var.names) : 0
  tags  = { Name = "web", "x" = [for k, v in var.m : "${k}=${v}" if v != null] }
  ids   = aws_instance.web[*].id
  legacy = a.b.0.c
  attrs = a.*.b
  doc = <<-EOT
    hello %{ if x ~} there %{~ endif }
    ${f(a...)}
  EOT
  nested { x = -1 + 2 * 3 % 4 / 5 - (6) }
  ns = provider::p::f(1, "\u00e9\n")
}
"#;

#[test]
fn every_truncated_prefix_parses_or_fails_without_panic() {
    let opts = Limits::default();
    let f = SourceFile::new("full", CONFIG);
    assert!(parse_config(&f, &opts).1.is_empty());
    let mut failing = 0;
    for end in (0..CONFIG.len()).filter(|&i| CONFIG.is_char_boundary(i)) {
        let text = &CONFIG[..end];
        let f = SourceFile::new("prefix", text);
        let (_, d) = parse_config(&f, &opts);
        if !d.is_empty() {
            failing += 1;
        }
        // Every diagnostic points inside the text (or at its end).
        for diag in d.iter() {
            let r = diag.subject.clone().unwrap();
            assert!(r.end.byte as usize <= text.len(), "{text:?}: {diag}");
        }
        let f = SourceFile::new("prefix", text);
        let _ = parse_expression(&f, &opts);
        let _ = parse_template(&f, &opts);
    }
    // Cutting inside the block (after its `{`) always leaves it unclosed.
    let open = CONFIG.find('{').unwrap() + 1;
    let inside = (open..CONFIG.len() - 1)
        .filter(|&i| CONFIG.is_char_boundary(i))
        .count();
    assert!(
        failing >= inside,
        "{failing} failing prefixes, {inside} inside the block"
    );
}

#[test]
fn every_truncated_prefix_of_an_expression_is_reported() {
    let opts = Limits::default();
    for full in [
        "[1, {a = f(b...)}, \"x${y}\"]",
        "(a ? b : c)",
        "{for k in v : k => v...}",
        "a[*].b",
    ] {
        let f = SourceFile::new("full", full);
        assert!(parse_expression(&f, &opts).1.is_empty(), "{full}");
        for end in 1..full.len() {
            let f = SourceFile::new("prefix", &full[..end]);
            let (_, d) = parse_expression(&f, &opts);
            // Prefixes that are complete expressions themselves are fine.
            let complete = matches!(&full[..end], "a" | "a[*]");
            assert!(complete || !d.is_empty(), "{:?} parsed clean", &full[..end]);
        }
    }
}
