//! Serialization throughput, side by side: the decode benchmark's config
//! (50 services; `decode_config::config`) as plain serde data, written by
//! `hcl_serde::to_string` and by hcl-rs `hcl::to_string` (the same value,
//! the same `Serialize` impls). The data is read once, with our decoder,
//! from the decode benchmark's text.
//!
//! A second group: an untouched edit round trip (`Document::parse`, then
//! its text) beside what it must not be slower than, a parse plus a copy
//! of the bytes, on the same text.
//!
//! Run: `cargo bench --bench write`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

mod decode_config;
mod write_config;

fn bench(c: &mut Criterion) {
    let data = write_config::data();
    let ours = hcl_serde::to_string(&data).unwrap_or_else(|e| panic!("{e}"));
    let theirs = hcl::to_string(&data).unwrap_or_else(|e| panic!("{e}"));
    let mut g = c.benchmark_group("to_string_config_50_services");
    g.throughput(Throughput::Bytes(ours.len() as u64));
    g.bench_function("hcl_serde::to_string", |b| {
        b.iter(|| hcl_serde::to_string(black_box(&data)).map(|s| s.len()))
    });
    g.throughput(Throughput::Bytes(theirs.len() as u64));
    g.bench_function("hcl-rs hcl::to_string", |b| {
        b.iter(|| hcl::to_string(black_box(&data)).map(|s| s.len()))
    });
    g.finish();

    let text = write_config::text();
    let mut g = c.benchmark_group("edit_round_trip_config_50_services");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("Document::parse + text", |b| {
        b.iter(|| {
            let doc = hcl_core::edit::Document::parse("bench.hcl", black_box(text.as_str()))
                .unwrap_or_else(|e| panic!("{e}"));
            doc.text().len()
        })
    });
    g.bench_function("parse + copy of the bytes", |b| {
        b.iter(|| {
            let src = hcl_core::SourceFile::new("bench.hcl", black_box(text.as_str()));
            let (file, _) = hcl_core::native::parse_config(&src, &Default::default());
            let copy = text.clone();
            let n = file.body().attributes().len();
            n + copy.len()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
