//! The attribute set of the evaluation benchmark (`eval.rs`) and what each
//! side does with it, shared with its profiling loop (`eval_loop.rs`) and
//! the interleaved comparison (`side_by_side.rs`).

#![allow(dead_code)]

use hcl::eval::Evaluate;
use hcl_core::native::{parse_config, BodyItem, BodyNode};
use hcl_core::{EvalContext, Expression, SourceFile};

// (Declared by each program that includes this module, once for all.)
use crate::hcl_rs_analysis;

/// Every attribute of `body`, blocks included, in source order (as hcl-rs
/// lists them), with its name.
fn attributes(body: BodyNode<'_>, out: &mut Vec<(String, Expression)>) {
    for item in body.items() {
        match item {
            BodyItem::Attribute(a) => out.push((a.name().to_owned(), a.to_expression())),
            BodyItem::Block(b) => attributes(b.body(), out),
        }
    }
}

fn hcl_rs_attributes(body: &hcl::Body, out: &mut Vec<(String, hcl::Expression)>) {
    for s in body.iter() {
        match s {
            hcl::Structure::Attribute(a) => out.push((a.key.to_string(), a.expr.clone())),
            hcl::Structure::Block(b) => hcl_rs_attributes(&b.body, out),
        }
    }
}

/// The attribute set both evaluate: ours and hcl-rs's parse of each.
pub type Workload = (Vec<Expression>, Vec<hcl::Expression>);

pub fn workload(ctx: &EvalContext, rs_ctx: &hcl::eval::Context) -> Workload {
    let Some(dir) = hcl_test_shared::shared_dir("corpus/terraform") else {
        return (Vec::new(), Vec::new());
    };
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for path in hcl_test_shared::config_files(&dir) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let src = SourceFile::new(path.display().to_string(), text);
        let (file, diags) = parse_config(&src, &Default::default());
        let Ok(body) = hcl::parse(src.text()) else {
            continue;
        };
        if diags.has_errors() {
            continue;
        }
        let mut exprs = Vec::new();
        attributes(file.body(), &mut exprs);
        let mut rs_exprs = Vec::new();
        hcl_rs_attributes(&body, &mut rs_exprs);
        let lined_up = exprs.len() == rs_exprs.len()
            && exprs.iter().zip(&rs_exprs).all(|((a, _), (b, _))| a == b);
        if !lined_up {
            continue;
        }
        for ((_, e), (_, rs)) in exprs.into_iter().zip(rs_exprs) {
            if e.variables().is_empty()
                && hcl_rs_analysis::variables(&rs).is_empty()
                && !e.value(Some(ctx)).1.has_errors()
                && rs.evaluate(rs_ctx).is_ok()
            {
                ours.push(e);
                theirs.push(rs);
            }
        }
    }
    (ours, theirs)
}

/// `value()` of every expression of ours: the diagnostics' count.
pub fn evaluate_ours(exprs: &[Expression], ctx: &EvalContext) -> usize {
    exprs
        .iter()
        .map(|e| std::hint::black_box(e).value(Some(ctx)).1.len())
        .sum()
}

/// hcl-rs's evaluation of every expression of theirs: how many succeed.
pub fn evaluate_theirs(exprs: &[hcl::Expression], ctx: &hcl::eval::Context) -> usize {
    exprs
        .iter()
        .filter(|e| std::hint::black_box(*e).evaluate(ctx).is_ok())
        .count()
}
