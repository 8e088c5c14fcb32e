//! Runs one stage of the analysis benchmark many times, for profilers
//! (`valgrind --tool=callgrind`) and instruction counts: compare `parse`
//! with `analyse` to get the share of `variables()` and `value()`.
//!
//! Run: `cargo run --release --example analysis_loop -- MODE [FILE] [ROUNDS]`
//! where MODE is `parse` (parse only), `analyse` (parse, then `variables()`
//! of every attribute through `Expression` handles and `value()` of each
//! without variables), `analyse-view` (the same through the syntax view's
//! `ExprNode`), `variables` (parse, then `variables()` only, through
//! `Expression` handles), `variables-view` (the same through the syntax
//! view: no handle made) or `each-variable` (parse, then the syntax view's
//! allocation-free `each_variable` walk, reading each reference's root
//! name) or `static` (parse, then whether each attribute's handle is a
//! static reference, list, map or call). Without a
//! FILE (or with `gen:SIZE`) it uses the generated input of `gen.rs`.

use hcl_core::native::{parse_config, AttributeNode, BodyNode};
use hcl_core::{EvalContext, SourceFile};

mod gen;

fn each_attribute<'a>(body: BodyNode<'a>, f: &mut dyn FnMut(AttributeNode<'a>)) {
    body.attributes().for_each(&mut *f);
    for b in body.blocks() {
        each_attribute(b.body(), f);
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "analyse".into());
    let input = args.next().unwrap_or_else(|| "gen:1048576".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let text = match input.strip_prefix("gen:") {
        Some(size) => gen::generate(size.parse().unwrap_or(gen::LARGE_SIZE)),
        None => std::fs::read_to_string(&input).unwrap_or_else(|e| {
            eprintln!("{input}: {e}");
            std::process::exit(1)
        }),
    };
    let ctx = EvalContext::new();
    let mut n = 0usize;
    let t = std::time::Instant::now();
    for _ in 0..rounds {
        let src = SourceFile::new("bench.tf", text.as_str());
        let (file, _) = parse_config(&src, &Default::default());
        each_attribute(file.body(), &mut |a| match mode.as_str() {
            "analyse" => {
                let e = a.to_expression();
                let vars = e.variables();
                n += vars.len();
                if vars.is_empty() {
                    n += usize::from(e.value(Some(&ctx)).1.has_errors());
                }
            }
            "analyse-view" => {
                let e = a.expr();
                let vars = e.variables();
                n += vars.len();
                if vars.is_empty() {
                    n += usize::from(e.value(Some(&ctx)).1.has_errors());
                }
            }
            "variables" => n += a.to_expression().variables().len(),
            "variables-view" => n += a.expr().variables().len(),
            "each-variable" => a.expr().each_variable(|t| n += t.root_name().len()),
            "static" => {
                let e = a.to_expression();
                let e = e.as_impl();
                n += e.absolute_traversal().map_or(0, |t| t.len())
                    + e.static_list().map_or(0, |l| l.len())
                    + e.static_map().map_or(0, |m| m.len())
                    + e.static_call().map_or(0, |c| c.args.len());
            }
            _ => n += 1,
        });
    }
    println!(
        "{mode}: {n} ({:.3} ms a round)",
        t.elapsed().as_secs_f64() * 1e3 / rounds as f64
    );
}
