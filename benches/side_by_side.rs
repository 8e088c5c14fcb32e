//! Ours against hcl-rs, interleaved: the same operation on the same file,
//! alternating between the two sides in one process, so that both see the
//! same moments of a shared machine. Criterion measures one side for
//! seconds and then the other; where the host's speed drifts by 10–30%
//! within minutes, a ratio from one criterion run moves with it. Here each
//! round times a batch of each side back to back (the order alternating
//! from round to round), and the ratio of each round is taken in the
//! same few milliseconds.
//!
//! Run: `cargo run --release -p hcl-benches --example side_by_side -- OP
//! FILE [ROUNDS]`, where OP is
//! - `parse`: ours loads the text into a `SourceFile` and parses it (the
//!   parse benchmark's `hcl-toolkit+load`), hcl-rs `hcl::parse`;
//! - `analysis` (or `analysis-view`): the analysis benchmark's work — the
//!   parse, `variables()` of every attribute and `value()` of each one
//!   without variables, ours through `Expression` handles (or the syntax
//!   view), hcl-rs with the walk of `hcl_rs_analysis.rs` and its
//!   evaluator (`analysis_workload.rs`, shared with that benchmark).
//!
//! It prints each side's median and fastest time an operation and the
//! ratios: of the medians, of the fastest times, and the quartiles of the
//! per-round ratios.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_core::EvalContext;

mod analysis_workload;

use analysis_workload::{analyse_view, ours, ours_with, theirs};

/// One side's operation: the work of one run, returning something to
/// keep it from being optimised away.
type Op<'a> = Box<dyn FnMut() -> usize + 'a>;

/// How long each side's batch runs in a round.
const BATCH: Duration = Duration::from_millis(5);

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(op), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: side_by_side parse|analysis|analysis-view FILE [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
        .max(1);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let ctx = EvalContext::new();
    let rs_ctx = hcl::eval::Context::new();
    let (mut ours_op, mut theirs_op): (Op, Op) = match op.as_str() {
        "parse" => (
            Box::new(|| parse_ours(&text)),
            Box::new(|| hcl::parse(&text).map_or(0, |b| b.0.len())),
        ),
        "analysis" => (
            Box::new(|| ours(&text, &ctx)),
            Box::new(|| theirs(&text, &rs_ctx)),
        ),
        "analysis-view" => (
            Box::new(|| ours_with(&text, &mut |a| analyse_view(a, &ctx))),
            Box::new(|| theirs(&text, &rs_ctx)),
        ),
        _ => {
            eprintln!("unknown operation {op:?}: parse, analysis or analysis-view");
            std::process::exit(2);
        }
    };
    let ours_batch = batch_len(&mut ours_op);
    let theirs_batch = batch_len(&mut theirs_op);
    let (mut ours_times, mut theirs_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (a, b) = if round % 2 == 0 {
            let a = time_each(&mut ours_op, ours_batch);
            (a, time_each(&mut theirs_op, theirs_batch))
        } else {
            let b = time_each(&mut theirs_op, theirs_batch);
            (time_each(&mut ours_op, ours_batch), b)
        };
        ours_times.push(a);
        theirs_times.push(b);
        ratios.push(b / a);
    }
    let (ours_med, theirs_med) = (median(&mut ours_times), median(&mut theirs_times));
    let (ours_min, theirs_min) = (ours_times[0], theirs_times[0]);
    ratios.sort_by(f64::total_cmp);
    let quartile = |q: usize| ratios[(ratios.len() - 1) * q / 4];
    println!(
        "{op} {path}: {rounds} rounds of {ours_batch} (ours) and {theirs_batch} (hcl-rs) each"
    );
    println!(
        "  ours   median {:>10.2} µs, fastest {:>10.2} µs",
        ours_med * 1e6,
        ours_min * 1e6
    );
    println!(
        "  hcl-rs median {:>10.2} µs, fastest {:>10.2} µs",
        theirs_med * 1e6,
        theirs_min * 1e6
    );
    println!(
        "  ratio of medians {:.2}×, of fastest {:.2}×; per round: quartiles {:.2}× / {:.2}× / {:.2}× (min {:.2}×, max {:.2}×)",
        theirs_med / ours_med,
        theirs_min / ours_min,
        quartile(1),
        quartile(2),
        quartile(3),
        quartile(0),
        quartile(4)
    );
}

/// Loads and parses `text`, as the parse benchmark's `hcl-toolkit+load`.
fn parse_ours(text: &str) -> usize {
    let src = hcl_core::SourceFile::new("bench.tf", text);
    let (file, _) = hcl_core::native::parse_config(&src, &Default::default());
    let blocks = file.body().blocks().len();
    blocks
}

/// How many runs of `op` make a batch of about [`BATCH`] (after a warm-up
/// of the same length).
fn batch_len(op: &mut dyn FnMut() -> usize) -> usize {
    let start = Instant::now();
    let mut runs = 0usize;
    while start.elapsed() < BATCH {
        black_box(op());
        runs += 1;
    }
    runs.max(1)
}

/// Seconds an operation, over a batch of `runs`.
fn time_each(op: &mut dyn FnMut() -> usize, runs: usize) -> f64 {
    let start = Instant::now();
    for _ in 0..runs {
        black_box(op());
    }
    start.elapsed().as_secs_f64() / runs as f64
}

/// The median of `times`, which it sorts.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
