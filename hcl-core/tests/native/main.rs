//! Native syntax: grammar productions, diagnostics with exact ranges,
//! nesting limits and the truncated-prefix property.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod depth;
mod diagnostics;
mod dump;
mod grammar;
mod prefixes;
mod ranges;

use hcl_core::native::{parse_config, parse_expression, parse_template, ExprNode};
use hcl_core::Limits;
use hcl_core::{Diagnostics, SourceFile};

/// Parses an expression and dumps it; panics on diagnostics.
pub fn expr_dump(src: &str) -> String {
    let file = SourceFile::new("<expr>", src);
    let (e, diags) = parse_expression(&file, &Limits::default());
    assert!(diags.is_empty(), "{src:?}: {diags}");
    dump::expr(ExprNode::of(&e).unwrap())
}

/// Parses a template and dumps it; panics on diagnostics.
pub fn template_dump(src: &str) -> String {
    let file = SourceFile::new("<tmpl>", src);
    let (e, diags) = parse_template(&file, &Limits::default());
    assert!(diags.is_empty(), "{src:?}: {diags}");
    dump::expr(ExprNode::of(&e).unwrap())
}

/// Parses a config and dumps it; panics on diagnostics.
pub fn config_dump(src: &str) -> String {
    let file = SourceFile::new("<cfg>", src);
    let (f, diags) = parse_config(&file, &Limits::default());
    assert!(diags.is_empty(), "{src:?}: {diags}");
    dump::file(&f)
}

/// Diagnostics as `summary @ line:col-line:col [start..end]` lines.
pub fn describe(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .map(|d| match &d.subject {
            Some(r) => format!(
                "{} @ {}:{}-{}:{} [{}..{}]",
                d.summary,
                r.start.line,
                r.start.column,
                r.end.line,
                r.end.column,
                r.start.byte,
                r.end.byte
            ),
            None => d.summary.clone(),
        })
        .collect()
}
