//! Static analysis and evaluation after a parse, side by side with hcl-rs:
//! what a Terraform-like tool does with every file it reads. Each iteration
//! parses the text, asks every attribute expression (blocks included) for
//! its variables and evaluates each one that has none, in an empty context
//! (no variables, no functions; for hcl-rs `hcl::eval::Context::new()`).
//!
//! - `hcl-toolkit`: the attributes' `Expression` handles
//!   (`AttributeNode::to_expression`, `Expression::variables`, `value`),
//! - `hcl-toolkit/syntax-view`: the syntax view's `ExprNode::variables` and
//!   `ExprNode::value`,
//! - `hcl-rs`: `hcl::parse`, the walk of `hcl_rs_analysis.rs` (hcl-rs has no
//!   `variables()`) and `Evaluate::evaluate`.
//!
//! Inputs: `../shared/corpus/bench/large.tf` (85 KB of real Terraform) and
//! the generated ~1 MB and ~10 MB files of `gen.rs`. A `parse` line per
//! input gives the parse alone, for the share of the analysis.
//!
//! Run: `cargo bench --bench analysis`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl::eval::Evaluate;
use hcl_core::native::{parse_config, BodyNode};
use hcl_core::{EvalContext, SourceFile};

mod gen;
mod hcl_rs_analysis;

fn each_attribute<'a>(body: BodyNode<'a>, f: &mut dyn FnMut(hcl_core::native::AttributeNode<'a>)) {
    body.attributes().for_each(&mut *f);
    for b in body.blocks() {
        each_attribute(b.body(), f);
    }
}

/// Parse, then variables of every attribute and the value of each one
/// without variables, through `Expression` handles.
fn ours(text: &str, ctx: &EvalContext) -> usize {
    let src = SourceFile::new("bench.tf", text);
    let (file, _) = parse_config(&src, &Default::default());
    let mut n = 0;
    each_attribute(file.body(), &mut |a| {
        let e = a.to_expression();
        let vars = e.variables();
        n += vars.len();
        if vars.is_empty() {
            n += usize::from(e.value(Some(ctx)).1.has_errors());
        }
    });
    n
}

/// The same through the syntax view.
fn ours_view(text: &str, ctx: &EvalContext) -> usize {
    let src = SourceFile::new("bench.tf", text);
    let (file, _) = parse_config(&src, &Default::default());
    let mut n = 0;
    each_attribute(file.body(), &mut |a| {
        let e = a.expr();
        let vars = e.variables();
        n += vars.len();
        if vars.is_empty() {
            n += usize::from(e.value(Some(ctx)).1.has_errors());
        }
    });
    n
}

/// Parse, then only `variables()` of every attribute through `Expression`
/// handles: the walk the issue bounds to a fifth of the parse.
fn ours_variables(text: &str) -> usize {
    let src = SourceFile::new("bench.tf", text);
    let (file, _) = parse_config(&src, &Default::default());
    let mut n = 0;
    each_attribute(file.body(), &mut |a| {
        n += a.to_expression().variables().len()
    });
    n
}

/// The same through the syntax view.
fn ours_view_variables(text: &str) -> usize {
    let src = SourceFile::new("bench.tf", text);
    let (file, _) = parse_config(&src, &Default::default());
    let mut n = 0;
    each_attribute(file.body(), &mut |a| n += a.expr().variables().len());
    n
}

/// Parse, then the other static-analysis questions of every attribute
/// through its `Expression` handle: is it a single static reference, a
/// static list, map or call (what `abs_traversal_for_expr`, `expr_list`,
/// `expr_map` and `expr_call` ask, without the diagnostic they make when
/// the answer is no).
fn ours_static(text: &str) -> usize {
    let src = SourceFile::new("bench.tf", text);
    let (file, _) = parse_config(&src, &Default::default());
    let mut n = 0;
    each_attribute(file.body(), &mut |a| {
        let e = a.to_expression();
        let e = e.as_impl();
        n += e.absolute_traversal().map_or(0, |t| t.len())
            + e.static_list().map_or(0, |l| l.len())
            + e.static_map().map_or(0, |m| m.len())
            + e.static_call().map_or(0, |c| c.args.len());
    });
    n
}

fn theirs(text: &str, ctx: &hcl::eval::Context) -> usize {
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

fn parse_only(text: &str) -> usize {
    let src = SourceFile::new("bench.tf", text);
    parse_config(&src, &Default::default())
        .0
        .body()
        .blocks()
        .len()
}

fn inputs() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some(dir) = hcl_test_shared::shared_dir("corpus/bench") {
        if let Ok(t) = std::fs::read_to_string(dir.join("large.tf")) {
            out.push(("large.tf", t));
        }
    }
    out.push(("generated_1MB", gen::generate(1 << 20)));
    out.push(("generated_10MB", gen::generate(gen::LARGE_SIZE)));
    out
}

fn analysis_benches(c: &mut Criterion) {
    let ctx = EvalContext::new();
    let rs_ctx = hcl::eval::Context::new();
    for (name, text) in inputs() {
        eprintln!(
            "{name}: {} bytes; references found: ours {}, hcl-rs {}",
            text.len(),
            ours(&text, &ctx),
            theirs(&text, &rs_ctx)
        );
        let mut g = c.benchmark_group(format!("analysis/{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        if text.len() > 2 << 20 {
            g.sample_size(10);
        }
        g.bench_function("hcl-toolkit", |b| b.iter(|| ours(black_box(&text), &ctx)));
        g.bench_function("hcl-toolkit/syntax-view", |b| {
            b.iter(|| ours_view(black_box(&text), &ctx))
        });
        g.bench_function("hcl-toolkit/variables", |b| {
            b.iter(|| ours_variables(black_box(&text)))
        });
        g.bench_function("hcl-toolkit/syntax-view/variables", |b| {
            b.iter(|| ours_view_variables(black_box(&text)))
        });
        g.bench_function("hcl-toolkit/static", |b| {
            b.iter(|| ours_static(black_box(&text)))
        });
        g.bench_function("hcl-toolkit/parse-only", |b| {
            b.iter(|| parse_only(black_box(&text)))
        });
        g.bench_function("hcl-rs", |b| b.iter(|| theirs(black_box(&text), &rs_ctx)));
        g.finish();
    }
}

criterion_group!(benches, analysis_benches);
criterion_main!(benches);
