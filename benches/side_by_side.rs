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
//! FILE [ROUNDS]` (FILE may be `gen:SIZE`, generated text of SIZE bytes as
//! the benches generate it), where OP is
//! - `parse`: ours loads the text into a `SourceFile` and parses it (the
//!   parse benchmark's `hcl-toolkit+load`), hcl-rs `hcl::parse`;
//! - `analysis` (or `analysis-view`, `analysis-lent`: the routes of
//!   `analysis_workload::ANALYSES`): the analysis benchmark's work — the
//!   parse, `variables()` of every attribute and `value()` of each one
//!   without variables, ours through `Expression` handles (or the syntax
//!   view), hcl-rs with the walk of `hcl_rs_analysis.rs` and its
//!   evaluator (`analysis_workload.rs`, shared with that benchmark);
//! - `share:WALK`: not a comparison with hcl-rs but what one static
//!   analysis walk of every attribute adds to our parse, the same
//!   interleaving applied to ours alone: the parse and a visit of every
//!   attribute (the analysis benchmark's `parse-only`) against the same
//!   with WALK, which finds the references (`variables` through handles,
//!   `variables-view`, `each-variable`, `each-variable-view`: see
//!   `analysis_workload::VARIABLE_WALKS`) or asks a static question of
//!   the attribute's handle (`traversal`, `list`, `map`, `call`) or of its
//!   syntax view (`traversal-view`, …, `call-view`).
//!
//! - `decode` (no FILE): the decode benchmark's config of 50 services,
//!   `hcl_serde::from_str` against `hcl::from_str` (`decode_config.rs`);
//! - `eval` (no FILE): `value()` of the evaluation benchmark's attribute
//!   set against hcl-rs's evaluation of the same (`eval_workload.rs`).
//!
//! It prints each side's median and fastest time an operation and the
//! ratios: of the medians, of the fastest times, and the quartiles of the
//! per-round ratios (for `share:WALK`, the walk's share of the parse: the
//! ratio minus one).

use std::hint::black_box;
use std::time::{Duration, Instant};

use hcl_core::native::AttributeNode;
use hcl_core::EvalContext;

mod analysis_workload;
mod decode_config;
mod eval_workload;
mod gen;
mod hcl_rs_analysis;

use analysis_workload::{
    analysis_named, ours_with, static_question, static_question_view, theirs, variable_walk,
    Question,
};

/// One side's operation: the work of one run, returning something to
/// keep it from being optimised away.
type Op<'a> = Box<dyn FnMut() -> usize + 'a>;

/// How long each side's batch runs in a round.
const BATCH: Duration = Duration::from_millis(5);

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(op) = args.next() else {
        eprintln!("usage: side_by_side parse|analysis[-view|-lent]|share:WALK FILE [ROUNDS], or decode|eval [ROUNDS]");
        std::process::exit(2);
    };
    if op == "decode" || op == "eval" {
        let rounds = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
        return fixed_workload(&op, rounds.max(1));
    }
    let Some(path) = args.next() else {
        eprintln!("{op}: a FILE (or gen:SIZE) is needed");
        std::process::exit(2);
    };
    let rounds: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
        .max(1);
    let text = gen::input_text(&path);
    let ctx = EvalContext::new();
    let rs_ctx = hcl::eval::Context::new();
    if let Some(walk) = op.strip_prefix("share:") {
        let Some(mut walk) = walk_of(walk) else {
            eprintln!(
                "unknown walk {walk:?}: variables, each-variable, traversal, list, map or call, each also with -view"
            );
            std::process::exit(2);
        };
        let parse: Op = Box::new(|| ours_with(&text, &mut |_| 0));
        let with_walk: Op = Box::new(|| ours_with(&text, &mut *walk));
        let times = interleave(parse, with_walk, rounds);
        let share = |r: f64| format!("{:.1}%", (r - 1.0) * 100.0);
        times.print(
            &format!("{op} {path}"),
            ["parse", "+ walk"],
            "the walk over the parse",
            share,
        );
        return;
    }
    let (text, ctx) = (&text, &ctx);
    let ours_op: Op = if op == "parse" {
        Box::new(|| parse_ours(text))
    } else if let Some(analyse) = analysis_named("analysis", &op) {
        Box::new(move || ours_with(text, &mut |a| analyse(a, ctx)))
    } else {
        eprintln!(
            "unknown operation {op:?}: parse, analysis, analysis-view, analysis-lent or share:WALK"
        );
        std::process::exit(2);
    };
    let theirs_op: Op = if op == "parse" {
        Box::new(|| hcl::parse(text).map_or(0, |b| b.0.len()))
    } else {
        Box::new(|| theirs(text, &rs_ctx))
    };
    let times = interleave(ours_op, theirs_op, rounds);
    times.print(&format!("{op} {path}"), ["ours", "hcl-rs"], "ratio", |r| {
        format!("{r:.2}×")
    });
}

/// The decode benchmark's work (its config of 50 services, decoded by
/// `hcl_serde::from_str` and by `hcl::from_str`) or the evaluation
/// benchmark's (`value()` of its attribute set, values per second), in
/// alternating batches.
fn fixed_workload(op: &str, rounds: usize) {
    let times;
    let what;
    if op == "decode" {
        let src = decode_config::config();
        times = interleave(
            Box::new(|| decode_config::ours(&src)),
            Box::new(|| decode_config::theirs(&src)),
            rounds,
        );
        what = op.to_owned();
    } else {
        let (ctx, rs_ctx) = (EvalContext::new(), hcl::eval::Context::new());
        let (ours, theirs) = eval_workload::workload(&ctx, &rs_ctx);
        if ours.is_empty() {
            eprintln!("eval: the shared corpus is missing");
            std::process::exit(1);
        }
        times = interleave(
            Box::new(|| eval_workload::evaluate_ours(&ours, &ctx)),
            Box::new(|| eval_workload::evaluate_theirs(&theirs, &rs_ctx)),
            rounds,
        );
        what = format!(
            "{op} ({} values a run: the ratio is of values per second)",
            ours.len()
        );
    }
    times.print(&what, ["ours", "hcl-rs"], "ratio", |r| format!("{r:.2}×"));
}

/// A static analysis walk of one attribute.
type Walk = Box<dyn FnMut(AttributeNode<'_>) -> usize>;

/// The walk called `name` (see `share:WALK`).
fn walk_of(name: &str) -> Option<Walk> {
    if let Some(walk) = variable_walk(name) {
        return Some(Box::new(walk));
    }
    let (name, view) = match name.strip_suffix("-view") {
        Some(question) => (question, true),
        None => (name, false),
    };
    let q = Question::ALL.into_iter().find(|q| q.name() == name)?;
    Some(match view {
        true => Box::new(move |a| static_question_view(a, q)),
        false => Box::new(move |a| static_question(a, q)),
    })
}

/// The times of two operations, `a` and `b`, measured in alternating
/// batches.
struct Times {
    rounds: usize,
    batches: [usize; 2],
    a: Vec<f64>,
    b: Vec<f64>,
    /// Per round, `b`'s time over `a`'s.
    ratios: Vec<f64>,
}

/// Times `a` and `b` in `rounds` rounds, a batch of each back to back,
/// the order alternating from round to round.
fn interleave(mut a: Op, mut b: Op, rounds: usize) -> Times {
    let batches = [batch_len(&mut a), batch_len(&mut b)];
    let mut times = Times {
        rounds,
        batches,
        a: Vec::new(),
        b: Vec::new(),
        ratios: Vec::new(),
    };
    for round in 0..rounds {
        let (ta, tb) = if round % 2 == 0 {
            let ta = time_each(&mut a, batches[0]);
            (ta, time_each(&mut b, batches[1]))
        } else {
            let tb = time_each(&mut b, batches[1]);
            (time_each(&mut a, batches[0]), tb)
        };
        times.a.push(ta);
        times.b.push(tb);
        times.ratios.push(tb / ta);
    }
    times
}

impl Times {
    /// Prints both sides' medians and fastest times and the ratios (`b`
    /// over `a`), called `what`, each written by `show`.
    fn print(mut self, title: &str, names: [&str; 2], what: &str, show: fn(f64) -> String) {
        let (a_med, b_med) = (median(&mut self.a), median(&mut self.b));
        let (a_min, b_min) = (self.a[0], self.b[0]);
        self.ratios.sort_by(f64::total_cmp);
        let quartile = |q: usize| show(self.ratios[(self.ratios.len() - 1) * q / 4]);
        let [a_name, b_name] = names;
        let [a_batch, b_batch] = self.batches;
        println!(
            "{title}: {} rounds of {a_batch} ({a_name}) and {b_batch} ({b_name}) each",
            self.rounds
        );
        for (name, med, min) in [(a_name, a_med, a_min), (b_name, b_med, b_min)] {
            println!(
                "  {name:<6} median {:>10.2} µs, fastest {:>10.2} µs",
                med * 1e6,
                min * 1e6
            );
        }
        println!(
            "  {what} of medians {}, of fastest {}; per round: quartiles {} / {} / {} (min {}, max {})",
            show(b_med / a_med),
            show(b_min / a_min),
            quartile(1),
            quartile(2),
            quartile(3),
            quartile(0),
            quartile(4)
        );
    }
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
