//! Evaluation throughput: every attribute of the Terraform corpus
//! (`../shared/corpus/terraform`) whose expression refers to no variables
//! and evaluates without errors (in a context with the standard library),
//! evaluated one by one. Reported as values per second. Side by side, the
//! same attributes (where hcl-rs evaluates them too) with hcl-rs's
//! `Evaluate` on its own parse of the file.
//!
//! Run: `cargo bench --bench eval`. Without `../shared` the benchmark
//! prints why it skips.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl::eval::Evaluate;
use hcl_core::function::stdlib;
use hcl_core::native::{parse_config, BodyNode};
use hcl_core::Limits;
use hcl_core::{EvalContext, Expression, SourceFile};

fn attributes(body: BodyNode<'_>, out: &mut Vec<Expression>) {
    out.extend(body.attributes().map(|a| a.to_expression()));
    for b in body.blocks() {
        attributes(b.body(), out);
    }
}

fn hcl_rs_attributes(body: &hcl::Body, out: &mut Vec<hcl::Expression>) {
    for s in body.iter() {
        match s {
            hcl::Structure::Attribute(a) => out.push(a.expr.clone()),
            hcl::Structure::Block(b) => hcl_rs_attributes(&b.body, out),
        }
    }
}

/// The corpus attribute expressions that need no variables, for us and
/// (where its parse lines up with ours and it evaluates them) for hcl-rs.
type Workload = (Vec<Expression>, Vec<hcl::Expression>);

fn workload(ctx: &EvalContext) -> Workload {
    let Some(dir) = hcl_test_shared::shared_dir("corpus/terraform") else {
        return (Vec::new(), Vec::new());
    };
    let files = hcl_test_shared::config_files(&dir);
    let mut work = Vec::new();
    let mut theirs = Vec::new();
    let hcl_ctx = hcl::eval::Context::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let src = SourceFile::new(path.display().to_string(), text);
        let (file, diags) = parse_config(&src, &Limits::default());
        if diags.has_errors() {
            continue;
        }
        let mut exprs = Vec::new();
        attributes(file.body(), &mut exprs);
        let mut rs_exprs = Vec::new();
        if let Ok(body) = hcl::parse(src.text()) {
            hcl_rs_attributes(&body, &mut rs_exprs);
        }
        let lined_up = rs_exprs.len() == exprs.len();
        for (i, e) in exprs.into_iter().enumerate() {
            if e.variables().is_empty() && !e.value(Some(ctx)).1.has_errors() {
                work.push(e);
                if let Some(rs) = rs_exprs.get(i).filter(|_| lined_up) {
                    if rs.evaluate(&hcl_ctx).is_ok() {
                        theirs.push(rs.clone());
                    }
                }
            }
        }
    }
    (work, theirs)
}

fn eval_benches(c: &mut Criterion) {
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    let (work, theirs) = workload(&ctx);
    if work.is_empty() {
        return;
    }
    let hcl_ctx = hcl::eval::Context::new();
    eprintln!(
        "eval workload: {} attributes (hcl-rs subset: {})",
        work.len(),
        theirs.len()
    );
    let mut g = c.benchmark_group("eval_corpus");
    g.throughput(Throughput::Elements(work.len() as u64));
    g.bench_function("attributes_without_variables", |b| {
        b.iter(|| {
            work.iter()
                .map(|e| black_box(e).value(Some(&ctx)).1.len())
                .sum::<usize>()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("eval_corpus_hcl_rs_subset");
    g.throughput(Throughput::Elements(theirs.len() as u64));
    g.bench_function("hcl-rs", |b| {
        b.iter(|| {
            theirs
                .iter()
                .filter(|e| black_box(*e).evaluate(&hcl_ctx).is_ok())
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, eval_benches);
criterion_main!(benches);
