//! Parse throughput, side by side: this crate's native parser, hcl-rs
//! (`hcl::parse`) and hcl-edit (`hcl_edit::parser::parse_body`), on the
//! shared corpus (files parsed one by one) and on a generated ~10 MB file
//! (written under `target/bench-input/` at bench time), and each file of
//! the benchmark set on its own (`parse_file/NAME`: the shared bench
//! inputs and a generated 1 MB file, whose strings are templates as often
//! as not). `hcl-toolkit`
//! parses a loaded [`SourceFile`]; `hcl-toolkit+load` also loads it (copies
//! the text and indexes its lines), as the other two parse a `&str`. A `lex`
//! group measures the lexer alone.
//!
//! Run: `cargo bench --bench parse`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl_core::native::parse_config;
use hcl_core::Limits;
use hcl_core::SourceFile;

mod gen;

/// The corpus texts that all three parsers accept (so that each parses the
/// same bytes).
fn corpus() -> Vec<String> {
    let Some(dir) = hcl_test_shared::shared_dir("corpus") else {
        return Vec::new();
    };
    hcl_test_shared::config_files(&dir)
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|t| hcl::parse(t).is_ok() && hcl_edit::parser::parse_body(t).is_ok())
        .collect()
}

fn large() -> String {
    // The workspace's target folder (this package is benches/).
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-input");
    let path = dir.join("large.tf");
    if let Ok(t) = std::fs::read_to_string(&path) {
        if t.len() >= gen::LARGE_SIZE {
            return t;
        }
    }
    let text = gen::generate(gen::LARGE_SIZE);
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(&path, &text);
    text
}

/// The benchmark set, file by file: the shared bench inputs and a
/// generated 1 MB file.
fn bench_files() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some(dir) = hcl_test_shared::shared_dir("corpus/bench") {
        for name in ["medium.tf", "large.tf", "deeply_nested.tf", "app.hcl"] {
            if let Ok(t) = std::fs::read_to_string(dir.join(name)) {
                out.push((name, t));
            }
        }
    }
    out.push(("generated_1MB", gen::generate(1 << 20)));
    out
}

/// Loads (copies the text and indexes its lines) and parses.
fn ours(text: &str) -> usize {
    let src = SourceFile::new("bench.tf", text);
    parse(&src)
}

/// Parses a loaded file.
fn parse(src: &SourceFile) -> usize {
    let (file, diags) = parse_config(src, &Limits::default());
    assert!(diags.is_empty());
    let blocks = file.body().blocks().len();
    blocks
}

fn parse_benches(c: &mut Criterion) {
    let files = corpus();
    let total: usize = files.iter().map(String::len).sum();
    let mut g = c.benchmark_group("parse_corpus");
    g.throughput(Throughput::Bytes(total as u64));
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|t| SourceFile::new("bench.tf", t.as_str()))
        .collect();
    g.bench_function("hcl-toolkit", |b| {
        b.iter(|| sources.iter().map(|s| parse(black_box(s))).sum::<usize>())
    });
    g.bench_function("hcl-toolkit+load", |b| {
        b.iter(|| files.iter().map(|t| ours(black_box(t))).sum::<usize>())
    });
    g.bench_function("hcl-rs", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|t| hcl::parse(black_box(t)).map(|b| b.0.len()).unwrap_or(0))
                .sum::<usize>()
        })
    });
    g.bench_function("hcl-edit", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|t| {
                    hcl_edit::parser::parse_body(black_box(t))
                        .map(|b| b.len())
                        .unwrap_or(0)
                })
                .sum::<usize>()
        })
    });
    g.finish();

    let big = large();
    let mut g = c.benchmark_group("parse_large");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(big.len() as u64));
    let big_src = SourceFile::new("large.tf", big.as_str());
    g.bench_function("hcl-toolkit", |b| b.iter(|| parse(black_box(&big_src))));
    g.bench_function("hcl-toolkit+load", |b| b.iter(|| ours(black_box(&big))));
    g.bench_function("hcl-rs", |b| {
        b.iter(|| hcl::parse(black_box(&big)).map(|b| b.0.len()).unwrap_or(0))
    });
    g.bench_function("hcl-edit", |b| {
        b.iter(|| {
            hcl_edit::parser::parse_body(black_box(&big))
                .map(|b| b.len())
                .unwrap_or(0)
        })
    });
    g.finish();

    for (name, text) in bench_files() {
        let mut g = c.benchmark_group(format!("parse_file/{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        let src = SourceFile::new(name, text.as_str());
        g.bench_function("hcl-toolkit", |b| b.iter(|| parse(black_box(&src))));
        g.bench_function("hcl-rs", |b| {
            b.iter(|| hcl::parse(black_box(&text)).map(|b| b.0.len()).unwrap_or(0))
        });
        g.finish();
    }

    let mut g = c.benchmark_group("lex_corpus");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("hcl-toolkit", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|t| hcl_core::native::count_tokens(black_box(t)))
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, parse_benches);
criterion_main!(benches);
