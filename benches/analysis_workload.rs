//! What the analysis benchmark (`analysis.rs`), its profiling loop
//! (`analysis_loop.rs`) and the interleaved comparison (`side_by_side.rs`)
//! do with a file and each of its attributes, for both sides, written once
//! for all three.

#![allow(dead_code)]

use hcl::eval::Evaluate;
use hcl_core::body::ExpressionImpl;
use hcl_core::native::{parse_config, AttributeNode, BodyNode};
use hcl_core::{EvalContext, SourceFile};

// (Declared by each program that includes this module, once for all.)
use crate::hcl_rs_analysis;

/// Parses `text`, then does `per_attribute` with every attribute.
pub fn ours_with(text: &str, per_attribute: &mut dyn FnMut(AttributeNode<'_>) -> usize) -> usize {
    let src = SourceFile::new("bench.tf", text);
    let (file, _) = parse_config(&src, &Default::default());
    let mut n = 0;
    each_attribute(file.body(), &mut |a| n += per_attribute(a));
    n
}

/// Parse, then variables of every attribute and the value of each one
/// without variables, through `Expression` handles.
pub fn ours(text: &str, ctx: &EvalContext) -> usize {
    ours_with(text, &mut |a| analyse(a, ctx))
}

/// The same work with hcl-rs: parse, then the references of every
/// attribute (hcl-rs has no `variables()`: the walk of
/// `hcl_rs_analysis.rs`) and the evaluation of each one without.
pub fn theirs(text: &str, ctx: &hcl::eval::Context) -> usize {
    let Ok(body) = hcl::parse(text) else {
        return 0;
    };
    let mut exprs = Vec::new();
    hcl_rs_analysis::attributes(&body, &mut exprs);
    let mut n = 0;
    for e in exprs {
        let vars = hcl_rs_analysis::variables(e);
        n += vars.len();
        if vars.is_empty() {
            n += usize::from(e.evaluate(ctx).is_err());
        }
    }
    n
}

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

/// The same through the handle's lent references
/// (`Expression::each_variable`: none kept, their root names read).
pub fn analyse_lent(a: AttributeNode<'_>, ctx: &EvalContext) -> usize {
    let e = a.to_expression();
    let mut found = 0;
    e.each_variable(|t| found += usize::from(!t.root_name().is_empty()));
    match found {
        0 => usize::from(e.value(Some(ctx)).1.has_errors()),
        n => n,
    }
}

/// What the analysis does with one attribute, by the route it takes.
pub type Analyse = fn(AttributeNode<'_>, &EvalContext) -> usize;

/// The routes of the analysis, each by the suffix its loop mode
/// (`analyse…`), `side_by_side` operation (`analysis…`) and criterion line
/// (`hcl-toolkit…`) carry: `Expression` handles and their `variables()`,
/// the syntax view (no handle), handles that lend their references.
pub const ANALYSES: [(&str, Analyse); 3] = [
    ("", analyse),
    ("-view", analyse_view),
    ("-lent", analyse_lent),
];

/// The route of [`ANALYSES`] whose name is `prefix` and its suffix.
pub fn analysis_named(prefix: &str, name: &str) -> Option<Analyse> {
    let suffix = name.strip_prefix(prefix)?;
    ANALYSES.iter().find(|(s, _)| *s == suffix).map(|&(_, a)| a)
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

/// A walk of one attribute that finds its references, by the name a
/// loop mode, a bench line and `share:WALK` give it: `variables()` through
/// the attribute's `Expression` handle (owned traversals) or the syntax
/// view (views of the nodes), or `each_variable` through either, reading
/// each reference's root name (lent: nothing allocated).
pub const VARIABLE_WALKS: [(&str, PerAttribute); 4] = [
    ("variables", variables),
    ("variables-view", variables_view),
    ("each-variable", each_variable),
    ("each-variable-view", each_variable_view),
];

/// What a walk does with one attribute: the size of what it found.
pub type PerAttribute = fn(AttributeNode<'_>) -> usize;

/// The walk of [`VARIABLE_WALKS`] called `name`.
pub fn variable_walk(name: &str) -> Option<PerAttribute> {
    VARIABLE_WALKS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, walk)| walk)
}

/// `variables()` alone, through the attribute's `Expression` handle.
pub fn variables(a: AttributeNode<'_>) -> usize {
    a.to_expression().variables().len()
}

/// `variables()` alone, through the syntax view.
pub fn variables_view(a: AttributeNode<'_>) -> usize {
    a.expr().variables().len()
}

/// The references the attribute's handle lends, their root names read.
pub fn each_variable(a: AttributeNode<'_>) -> usize {
    let mut len = 0;
    a.to_expression()
        .each_variable(|t| len += t.root_name().len());
    len
}

/// The same through the syntax view.
pub fn each_variable_view(a: AttributeNode<'_>) -> usize {
    let mut len = 0;
    a.expr().each_variable(|t| len += t.root_name().len());
    len
}

/// One of the other static-analysis questions of an attribute's
/// `Expression` handle: what `abs_traversal_for_expr`, `expr_list`,
/// `expr_map` and `expr_call` ask (without the diagnostic they make when
/// the answer is no).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Is it a single static reference (`absolute_traversal`)?
    Traversal,
    /// Is it a static list (`static_list`)?
    List,
    /// Is it a static map (`static_map`)?
    Map,
    /// Is it a static call (`static_call`)?
    Call,
}

impl Question {
    /// Every question, in the order above.
    pub const ALL: [Question; 4] = [
        Question::Traversal,
        Question::List,
        Question::Map,
        Question::Call,
    ];

    /// The name of the question in bench lines and loop modes.
    pub fn name(self) -> &'static str {
        match self {
            Question::Traversal => "traversal",
            Question::List => "list",
            Question::Map => "map",
            Question::Call => "call",
        }
    }
}

/// `question` of the attribute's handle: the size of the answer (0 for
/// no).
pub fn static_question(a: AttributeNode<'_>, question: Question) -> usize {
    answer(a.to_expression().as_impl(), question)
}

/// `question` of the attribute's syntax view (no handle made): the same
/// sizes from the view's nodes (`TraversalNode`, `Items`, `ObjectNode`,
/// `CallNode`), the borrowed route a tool takes when it needs no owned
/// answer. (The view answers what is written: `true` is a literal there,
/// not the one-step traversal `absolute_traversal` makes of it.)
pub fn static_question_view(a: AttributeNode<'_>, question: Question) -> usize {
    use hcl_core::native::syntax::ExprKind;
    match (question, a.expr().kind()) {
        (Question::Traversal, ExprKind::Traversal(t)) => 1 + t.steps().len(),
        (Question::List, ExprKind::Tuple(items)) => items.len(),
        (Question::Map, ExprKind::Object(o)) => o.items().len(),
        (Question::Call, ExprKind::Call(c)) => {
            c.name().len() + c.args().iter().map(std::hint::black_box).count()
        }
        _ => 0,
    }
}

/// All four questions of the attribute's handle, one handle for them:
/// the sum of the answers' sizes.
pub fn static_questions(a: AttributeNode<'_>) -> usize {
    let e = a.to_expression();
    Question::ALL.iter().map(|&q| answer(e.as_impl(), q)).sum()
}

/// The size of `e`'s answer to `question` (0 for no).
fn answer(e: &dyn ExpressionImpl, question: Question) -> usize {
    match question {
        Question::Traversal => e.absolute_traversal().map_or(0, |t| t.len()),
        Question::List => e.static_list().map_or(0, |l| l.len()),
        Question::Map => e.static_map().map_or(0, |m| m.len()),
        // The name and each argument's handle: what a tool that reads calls
        // uses (the ranges are for its diagnostics).
        Question::Call => e.static_call().map_or(0, |c| {
            c.name().len() + c.args().map(std::hint::black_box).count()
        }),
    }
}
