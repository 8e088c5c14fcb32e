//! Runs one stage of the analysis benchmark many times, for profilers
//! (`valgrind --tool=callgrind`) and instruction counts: compare `parse`
//! with `analyse` to get the share of `variables()` and `value()`.
//!
//! Run: `cargo run --release --example analysis_loop -- MODE [FILE] [ROUNDS]`
//! where MODE is `parse` (parse only, and a visit of every attribute),
//! `analyse` (parse, then `variables()` of every attribute through
//! `Expression` handles and `value()` of each without variables),
//! `analyse-view` (the same through the syntax view's `ExprNode`),
//! `analyse-lent` (through handles that lend their references:
//! `Expression::each_variable`),
//! a walk that finds the references alone (`variables`, `variables-view`,
//! `each-variable`, `each-variable-view`: `analysis_workload::VARIABLE_WALKS`)
//! or `static`
//! (parse, then whether each attribute's handle is a static reference,
//! list, map or call), or one of those questions alone (`static-traversal`,
//! `static-list`, `static-map`, `static-call`; each with `-view` for the
//! same question of the syntax view). What each mode does with an attribute is in
//! `analysis_workload.rs`, shared with the criterion bench. Without a FILE
//! (or with `gen:SIZE`) it uses the generated input of `gen.rs`.

use hcl_core::native::parse_config;
use hcl_core::{EvalContext, SourceFile};

mod analysis_workload;
mod gen;
mod hcl_rs_analysis;

use analysis_workload::{
    analysis_named, each_attribute, static_question, static_question_view, static_questions,
    variable_walk, Question,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "analyse".into());
    let input = args.next().unwrap_or_else(|| "gen:1048576".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let text = gen::input_text(&input);
    let ctx = EvalContext::new();
    // `static-call`: through the handle; `static-call-view`: the view.
    let (asked, view) = match mode.strip_suffix("-view") {
        Some(m) if m.starts_with("static-") => (m, true),
        _ => (mode.as_str(), false),
    };
    let question = Question::ALL
        .into_iter()
        .find(|q| asked.strip_prefix("static-") == Some(q.name()));
    let walk = variable_walk(&mode);
    let analysis = analysis_named("analyse", &mode);
    let mut n = 0usize;
    let t = std::time::Instant::now();
    for _ in 0..rounds {
        let src = SourceFile::new("bench.tf", text.as_str());
        let (file, _) = parse_config(&src, &Default::default());
        each_attribute(file.body(), &mut |a| {
            n += match mode.as_str() {
                "static" => static_questions(a),
                _ => match (question, walk, analysis) {
                    (Some(q), _, _) if view => static_question_view(a, q),
                    (Some(q), _, _) => static_question(a, q),
                    (_, Some(walk), _) => walk(a),
                    (_, _, Some(analyse)) => analyse(a, &ctx),
                    _ => 1,
                },
            }
        });
    }
    println!(
        "{mode}: {n} ({:.4} ms a round)",
        t.elapsed().as_secs_f64() * 1e3 / rounds as f64
    );
}
