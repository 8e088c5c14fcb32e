//! Evaluation throughput, side by side with hcl-rs on one attribute set:
//! every attribute of the Terraform corpus (`../shared/corpus/terraform`)
//! that both parsers read alike, that refers to no variables (for ours and
//! for the walk of `hcl_rs_analysis.rs`) and that both evaluate without an
//! error in an empty context (no variables, no functions:
//! `EvalContext::new()` and `hcl::eval::Context::new()`). Reported as values
//! per second.
//!
//! - `eval_corpus`: `value()` of each attribute's expression, parsed
//!   beforehand (ours through `Expression` handles, hcl-rs its
//!   `Expression`s),
//! - `variables_and_eval_corpus`: `variables()` then `value()` of each, as
//!   a tool that checks for references before evaluating does.
//!
//! Run: `cargo bench --bench eval`. Without `../shared` the benchmark prints
//! why it skips.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl::eval::Evaluate;
use hcl_core::native::{parse_config, BodyItem, BodyNode};
use hcl_core::{EvalContext, Expression, SourceFile};

mod hcl_rs_analysis;

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
type Workload = (Vec<Expression>, Vec<hcl::Expression>);

fn workload(ctx: &EvalContext, rs_ctx: &hcl::eval::Context) -> Workload {
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

fn eval_benches(c: &mut Criterion) {
    let ctx = EvalContext::new();
    let rs_ctx = hcl::eval::Context::new();
    let (ours, theirs) = workload(&ctx, &rs_ctx);
    if ours.is_empty() {
        return;
    }
    eprintln!("eval workload: {} attributes for both", ours.len());
    let mut g = c.benchmark_group("eval_corpus");
    g.throughput(Throughput::Elements(ours.len() as u64));
    g.bench_function("hcl-toolkit", |b| {
        b.iter(|| {
            ours.iter()
                .map(|e| black_box(e).value(Some(&ctx)).1.len())
                .sum::<usize>()
        })
    });
    g.bench_function("hcl-rs", |b| {
        b.iter(|| {
            theirs
                .iter()
                .filter(|e| black_box(*e).evaluate(&rs_ctx).is_ok())
                .count()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("variables_and_eval_corpus");
    g.throughput(Throughput::Elements(ours.len() as u64));
    g.bench_function("hcl-toolkit", |b| {
        b.iter(|| {
            ours.iter()
                .map(|e| {
                    let e = black_box(e);
                    e.variables().len() + e.value(Some(&ctx)).1.len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("hcl-rs", |b| {
        b.iter(|| {
            theirs
                .iter()
                .map(|e| {
                    let e = black_box(e);
                    hcl_rs_analysis::variables(e).len() + usize::from(e.evaluate(&rs_ctx).is_ok())
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, eval_benches);
criterion_main!(benches);
