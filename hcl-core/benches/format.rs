//! The formatter over the corpus: every native-syntax file of
//! `../shared/corpus/` as it is (already formatted, mostly: the common case
//! of `hcl fmt --check`) and with its indentation stripped and its `=`
//! re-spaced (everything to redo), each file through
//! [`hcl_core::format::format_source`] (the syntax check included).
//!
//! hcl-rs has no formatter for the same job (its `format` renders a parsed
//! structure, without comments, in its own layout), so there is no
//! side-by-side here; `BENCHMARKS.md` compares the whole `hcl fmt` process
//! with hashicorp's `hclfmt`.

#![allow(clippy::unwrap_used)] // a bench may stop on a broken corpus

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl_core::format::format_source;
use hcl_core::SourceFile;

// The corpus and its stripped copies, as the conformance test reads them.
#[path = "../tests/format/corpus.rs"]
mod corpus;

fn bench(c: &mut Criterion) {
    let Some(files) = corpus::files() else {
        return;
    };
    let original: Vec<SourceFile> = files
        .iter()
        .map(|(p, text)| SourceFile::new(p.display().to_string(), text.as_str()))
        .collect();
    let stripped: Vec<SourceFile> = files
        .iter()
        .map(|(p, text)| SourceFile::new(p.display().to_string(), corpus::stripped(text)))
        .collect();
    let mut group = c.benchmark_group("format");
    for (name, sources) in [("corpus", &original), ("corpus_stripped", &stripped)] {
        let bytes: usize = sources.iter().map(|s| s.text().len()).sum();
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for s in sources {
                    black_box(format_source(black_box(s)).unwrap());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
