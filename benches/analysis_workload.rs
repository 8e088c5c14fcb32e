//! What the analysis benchmark (`analysis.rs`) and its profiling loop
//! (`analysis_loop.rs`) do with each attribute of a parsed file, written
//! once for both.

#![allow(dead_code)]

use hcl_core::native::{AttributeNode, BodyNode};
use hcl_core::EvalContext;

/// Calls `f` with every attribute of `body`, nested blocks included.
pub fn each_attribute<'a>(body: BodyNode<'a>, f: &mut dyn FnMut(AttributeNode<'a>)) {
    body.attributes().for_each(&mut *f);
    for b in body.blocks() {
        each_attribute(b.body(), f);
    }
}

/// `variables()` of the attribute's `Expression` handle, and its `value()`
/// when it has none: the references found, plus one for a failed value.
pub fn analyse(a: AttributeNode<'_>, ctx: &EvalContext) -> usize {
    let e = a.to_expression();
    references_or_failed_value(&e.variables(), || e.value(Some(ctx)).1.has_errors())
}

/// The same through the syntax view's `ExprNode` (no handle made).
pub fn analyse_view(a: AttributeNode<'_>, ctx: &EvalContext) -> usize {
    let e = a.expr();
    references_or_failed_value(&e.variables(), || e.value(Some(ctx)).1.has_errors())
}

/// How many references `vars` holds, or, when none, whether the value
/// (asked only then) failed.
fn references_or_failed_value<T>(vars: &[T], value_failed: impl FnOnce() -> bool) -> usize {
    if vars.is_empty() {
        usize::from(value_failed())
    } else {
        vars.len()
    }
}

/// `variables()` alone, through the attribute's `Expression` handle.
pub fn variables(a: AttributeNode<'_>) -> usize {
    a.to_expression().variables().len()
}

/// `variables()` alone, through the syntax view.
pub fn variables_view(a: AttributeNode<'_>) -> usize {
    a.expr().variables().len()
}

/// The other static-analysis questions of the attribute's `Expression`
/// handle: is it a single static reference, a static list, map or call
/// (what `abs_traversal_for_expr`, `expr_list`, `expr_map` and `expr_call`
/// ask, without the diagnostic they make when the answer is no). The sizes
/// of the answers.
pub fn static_questions(a: AttributeNode<'_>) -> usize {
    let e = a.to_expression();
    let e = e.as_impl();
    e.absolute_traversal().map_or(0, |t| t.len())
        + e.static_list().map_or(0, |l| l.len())
        + e.static_map().map_or(0, |m| m.len())
        + e.static_call().map_or(0, |c| c.args.len())
}
