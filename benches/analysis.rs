//! Static analysis and evaluation after a parse, side by side with hcl-rs:
//! what a Terraform-like tool does with every file it reads. Each iteration
//! parses the text, asks every attribute expression (blocks included) for
//! its variables and evaluates each one that has none, in an empty context
//! (no variables, no functions; for hcl-rs `hcl::eval::Context::new()`).
//!
//! - `hcl-toolkit`: the attributes' `Expression` handles
//!   (`AttributeNode::to_expression`, `Expression::variables`, `value`),
//! - `hcl-toolkit-view`: the syntax view's `ExprNode::variables` and
//!   `ExprNode::value`,
//! - `hcl-toolkit-lent`: the handles' lent references
//!   (`Expression::each_variable`) and `value`,
//! - `hcl-rs`: `hcl::parse`, the walk of `hcl_rs_analysis.rs` (hcl-rs has no
//!   `variables()`) and `Evaluate::evaluate`.
//!
//! Lines of ours alone, for the share of each walk in the parse + walk:
//! `hcl-toolkit/WALK` for each walk that finds every attribute's references
//! (`variables`, `variables-view`, `each-variable`, `each-variable-view`:
//! `analysis_workload::VARIABLE_WALKS`), `hcl-toolkit/static` (the other
//! static-analysis questions of every attribute's handle: single static
//! reference, static list, map, call; on large.tf also each question
//! alone, `hcl-toolkit/static/QUESTION`, and of the syntax view,
//! `hcl-toolkit/static/QUESTION-view`) and `hcl-toolkit/parse-only` (the
//! parse and the visit of every attribute, doing nothing with it). What
//! each does with an attribute is in `analysis_workload.rs`, shared with
//! the profiling loop `analysis_loop.rs`.
//!
//! Inputs: `../shared/corpus/bench/large.tf` (85 KB of real Terraform) and
//! the generated ~1 MB and ~10 MB files of `gen.rs`.
//!
//! Run: `cargo bench --bench analysis`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl_core::EvalContext;

mod analysis_workload;
mod gen;
mod hcl_rs_analysis;

use analysis_workload::{
    ours, ours_with, static_question, static_question_view, static_questions, theirs, Question,
    ANALYSES, VARIABLE_WALKS,
};

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
        for (route, analyse) in ANALYSES {
            g.bench_function(format!("hcl-toolkit{route}"), |b| {
                b.iter(|| ours_with(black_box(&text), &mut |a| analyse(a, &ctx)))
            });
        }
        for (walk, mut per_attribute) in VARIABLE_WALKS {
            g.bench_function(format!("hcl-toolkit/{walk}"), |b| {
                b.iter(|| ours_with(black_box(&text), &mut per_attribute))
            });
        }
        g.bench_function("hcl-toolkit/static", |b| {
            b.iter(|| ours_with(black_box(&text), &mut static_questions))
        });
        if name == "large.tf" {
            for q in Question::ALL {
                g.bench_function(format!("hcl-toolkit/static/{}", q.name()), |b| {
                    b.iter(|| ours_with(black_box(&text), &mut |a| static_question(a, q)))
                });
                g.bench_function(format!("hcl-toolkit/static/{}-view", q.name()), |b| {
                    b.iter(|| ours_with(black_box(&text), &mut |a| static_question_view(a, q)))
                });
            }
        }
        g.bench_function("hcl-toolkit/parse-only", |b| {
            b.iter(|| ours_with(black_box(&text), &mut |_| 0))
        });
        g.bench_function("hcl-rs", |b| b.iter(|| theirs(black_box(&text), &rs_ctx)));
        g.finish();
    }
}

criterion_group!(benches, analysis_benches);
criterion_main!(benches);
