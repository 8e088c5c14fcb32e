//! Parsing and dropping syntax trees frees every byte it allocated.
//!
//! Dropping a tree skips the drop glue of the expression kinds that own no
//! heap memory (`mem::forget`, a measured speed-up); this binary counts
//! every allocation and free through a counting global allocator and shows
//! that nothing is left behind, over expressions of every kind, once the
//! thread's kept memory is released.
//!
//! A plain `main` (`harness = false` in Cargo.toml): the counts are
//! process-wide, and the test harness's threads allocate too.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;

use hcl_core::native::{parse_config, parse_expression, parse_template, release_kept_memory};
use hcl_core::{EvalContext, SourceFile};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Every kind of expression, in attributes, in tuples and objects at
/// several depths, and in templates; numbers small, fractional and beyond
/// 64 bits; strings with and without escapes; broken input.
const SOURCES: &[&str] = &[
    "a = 1\nb = 2.5\nc = 123456789012345678901234567890\nd = 1e400\ne = -0.1\n",
    "a = true\nb = false\nc = null\nd = \"plain\"\ne = \"esc\\n\\u00e9\"\nf = \"\"\n",
    "a = x\nb = x.y.z\nc = x[0].y[\"k\"]\nd = x.0.y\ne = f(x).y\n",
    "a = [1, [2, [3, [4.5, 99999999999999999999999]]], {k = [true, null]}]\n",
    "a = { k = 1, \"q\" = [x, y.z], (e) = { n = \"s\\t\" }, m = 1e30 }\n",
    "a = \"x ${y} %{ if z }w%{ else }v%{ endif } %{ for k, v in m }${k}%{ endfor }\"\n",
    "a = <<EOT\n  hi ${x}\nEOT\nb = <<-EOT\n    trimmed\n    EOT\n",
    "a = [for k, v in m : v.x if k != \"a\"]\nb = {for x in y : x.k => x...}\n",
    "a = x[*].y\nb = x.*.z\nc = -x\nd = !y\ne = a + b * c\nf = a ? b : c\ng = (x)\n",
    "a = provider::ns::f(1, [2]...)\nb = x[y][z]\n",
    // Boxes the kept store takes back from inside `for`, `!`, brackets,
    // indexes, splats and relative traversals.
    "a = [for k in f(m) : g(k) if !h(k)]\nb = {for k in m : f(k) => k ? 1 : 2}\n\
     c = (a + b)[f(1)].d\nd = -f(x)\ne = f(x)[*].y\nf = g(x).*.y\ng = \"${f(x)}\"\n",
    // Short lists of literals and names, left in the boxes kept for the
    // next parse, and lists beside them that own memory.
    "a = [1, \"s\", x.y]\nb = {k = 1, l = m}\nc = f(1, \"s\", n)\nd = [99999999999999999999999, 2]\n\
     e = f(g(1), 2.5)\nf = {k = [1]}\ng = [1, 2, 3, 4]\n",
    "block \"l1\" l2 {\n  inner {\n    a = [1, {b = 2}]\n  }\n}\n",
    "a = \nb = [1, \nc = { x = }\nd = \"${\"\ne = f(\n",
];

fn parse_everything() {
    for text in SOURCES {
        let src = SourceFile::new("t.hcl", *text);
        let (file, _) = parse_config(&src, &Default::default());
        for attr in file.body().attributes() {
            let _ = attr.expr().value(Some(&EvalContext::new()));
        }
        drop(file);
        let (expr, _) = parse_expression(&src, &Default::default());
        drop(expr);
        let (tmpl, _) = parse_template(&src, &Default::default());
        drop(tmpl);
    }
}

/// Runs without the test harness (`harness = false`): the counts are
/// global, and the harness's own threads would allocate beside ours.
fn main() {
    dropping_trees_of_every_expression_kind_frees_every_allocation();
    println!("test dropping_trees_of_every_expression_kind_frees_every_allocation ... ok");
}

fn dropping_trees_of_every_expression_kind_frees_every_allocation() {
    // The first round fills whatever is allocated once (lazy statics, the
    // thread's kept memory); it is released before counting.
    parse_everything();
    release_kept_memory();
    let region = Region::new(GLOBAL);
    for _ in 0..3 {
        parse_everything();
    }
    release_kept_memory();
    let change = region.change();
    // (Reallocations are already in the allocated and freed byte counts.)
    let outstanding = change.bytes_allocated as i128 - change.bytes_deallocated as i128;
    assert_eq!(
        outstanding, 0,
        "bytes still allocated after dropping every tree: {change:?}"
    );
    assert_eq!(
        change.allocations, change.deallocations,
        "allocations not freed: {change:?}"
    );
}
