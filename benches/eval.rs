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
//!   `Expression`s); `hcl-toolkit/syntax-view` evaluates the same nodes
//!   through the syntax view (`ExprNode::value`), which keeps nothing
//!   between evaluations, where a handle keeps its expression's value
//!   when it is a constant (a literal, or a small expression of literals
//!   without variables or calls: most attributes) from its second
//!   evaluation on (the first evaluates the node as the syntax view does:
//!   a handle evaluated once keeps nothing),
//! - `variables_and_eval_corpus`: `variables()` then `value()` of each, as
//!   a tool that checks for references before evaluating does.
//!
//! Run: `cargo bench --bench eval`. Without `../shared` the benchmark prints
//! why it skips.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl::eval::Evaluate;
use hcl_core::native::ExprNode;
use hcl_core::EvalContext;

mod eval_workload;
mod hcl_rs_analysis;

use eval_workload::{evaluate_ours, evaluate_theirs, workload};

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
    g.bench_function("hcl-toolkit", |b| b.iter(|| evaluate_ours(&ours, &ctx)));
    let views: Vec<ExprNode<'_>> = ours.iter().filter_map(ExprNode::of).collect();
    g.bench_function("hcl-toolkit/syntax-view", |b| {
        b.iter(|| {
            views
                .iter()
                .map(|e| black_box(e).value(Some(&ctx)).1.len())
                .sum::<usize>()
        })
    });
    g.bench_function("hcl-rs", |b| b.iter(|| evaluate_theirs(&theirs, &rs_ctx)));
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
