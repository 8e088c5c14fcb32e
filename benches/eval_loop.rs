//! Evaluates the evaluation benchmark's attribute set many times, for
//! profilers (`valgrind --tool=callgrind`) and instruction counts: `ours`,
//! `ours-view` and `hcl-rs` as `eval_corpus` does, `ours-variables` and
//! `hcl-rs-variables` as `variables_and_eval_corpus` does (the variables,
//! then the value).
//!
//! Run: `cargo run --release --example eval_loop -- [ours|ours-view|hcl-rs|ours-variables|hcl-rs-variables] [ROUNDS]`.

use hcl::eval::Evaluate;
use hcl_core::native::ExprNode;
use hcl_core::EvalContext;

mod eval_workload;
mod hcl_rs_analysis;

fn main() {
    let mut args = std::env::args().skip(1);
    let who = args.next().unwrap_or_else(|| "ours".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let ctx = EvalContext::new();
    let rs_ctx = hcl::eval::Context::new();
    let (ours, theirs) = eval_workload::workload(&ctx, &rs_ctx);
    let views: Vec<ExprNode<'_>> = ours.iter().filter_map(ExprNode::of).collect();
    let t = std::time::Instant::now();
    let mut n = 0usize;
    for _ in 0..rounds {
        n += match who.as_str() {
            "hcl-rs" => theirs
                .iter()
                .filter(|e| e.evaluate(&rs_ctx).is_ok())
                .count(),
            "hcl-rs-variables" => theirs
                .iter()
                .map(|e| {
                    hcl_rs_analysis::variables(e).len() + usize::from(e.evaluate(&rs_ctx).is_ok())
                })
                .sum::<usize>(),
            "ours-view" => views
                .iter()
                .map(|e| e.value(Some(&ctx)).1.len() + 1)
                .sum::<usize>(),
            "ours-variables" => ours
                .iter()
                .map(|e| e.variables().len() + e.value(Some(&ctx)).1.len() + 1)
                .sum::<usize>(),
            _ => ours
                .iter()
                .map(|e| e.value(Some(&ctx)).1.len() + 1)
                .sum::<usize>(),
        };
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{who}: {n} values, {:.2} M/s", n as f64 / secs / 1e6);
}
