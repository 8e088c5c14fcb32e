use super::*;

fn errors(n: usize) -> impl Iterator<Item = Diagnostic> {
    (0..n).map(|i| Diagnostic::error(format!("e{i}"), ""))
}

#[test]
fn diagnostics_limit_keeps_the_first_and_one_marker() {
    let mut diags = Diagnostics::with_limit(3);
    diags.extend(errors(10));
    let s: Vec<_> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(s, ["e0", "e1", "e2", "Too many diagnostics"]);
    assert_eq!(diags.omitted(), 7);
    assert!(diags.iter().last().unwrap().is_error());
}

#[test]
fn diagnostics_limit_marker_is_a_warning_when_only_warnings_were_left_out() {
    let mut diags = Diagnostics::with_limit(1);
    diags.push(Diagnostic::error("e", ""));
    diags.push(Diagnostic::warning("w", ""));
    assert_eq!(diags.iter().last().unwrap().severity, Severity::Warning);
    assert_eq!(diags.error_count(), 1);
}

#[test]
fn diagnostics_limit_merging_keeps_one_marker_at_the_end() {
    let mut inner = Diagnostics::with_limit(2);
    inner.extend(errors(5));
    let mut outer = Diagnostics::with_limit(10);
    outer.extend(inner);
    outer.push(Diagnostic::error("later", ""));
    let s: Vec<_> = outer.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(s, ["e0", "e1", "later", "Too many diagnostics"]);
    assert!(outer
        .iter()
        .last()
        .unwrap()
        .detail
        .contains("first 2 problems"));
}

#[test]
fn diagnostics_default_limit_bounds_a_million_errors() {
    let diags: Diagnostics = errors(1_000_000).collect();
    assert_eq!(diags.len(), Diagnostics::DEFAULT_LIMIT + 1);
    assert_eq!(diags.omitted(), 1_000_000 - Diagnostics::DEFAULT_LIMIT);
}

#[test]
fn diagnostics_limit_counts_what_it_leaves_out() {
    let mut diags = Diagnostics::with_limit(2);
    diags.extend(errors(3));
    diags.push(Diagnostic::warning("w", ""));
    diags.extend(errors(2));
    // Evaluation compares error counts before and after a step: an error
    // past the limit still changes the count.
    assert_eq!(diags.error_count(), 5);
    assert_eq!(diags.warning_count(), 1);
    assert_eq!(diags.len(), 3);
}
