//! Decode throughput, side by side: a config of 50 service blocks decoded
//! into structs by `hcl_serde::from_str` (derived `HclDecode`) and by hcl-rs
//! `hcl::from_str` into equivalent serde structs. Both parse and decode the
//! same text in each iteration. A second group splits our time into
//! parsing and decoding the parsed body.
//!
//! Run: `cargo bench --bench decode`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

mod decode_config;
use decode_config::{config, ours, theirs, Config};

fn bench(c: &mut Criterion) {
    let src = config();
    assert_eq!(
        ours(&src),
        theirs(&src),
        "both decoders must read the same data"
    );
    let mut g = c.benchmark_group("decode_50_services");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("hcl_serde", |b| b.iter(|| ours(black_box(&src))));
    g.bench_function("hcl-rs", |b| b.iter(|| theirs(black_box(&src))));
    g.finish();

    // Where our time goes: parsing to a body, then decoding the parsed
    // body (schema processing, evaluation, conversion).
    let mut g = c.benchmark_group("decode_50_services_stages");
    g.throughput(Throughput::Bytes(src.len() as u64));
    let file = hcl_core::SourceFile::new("bench.hcl", src.as_str());
    g.bench_function("parse_body", |b| {
        b.iter(|| hcl_core::native::parse_body(black_box(&file), &Default::default()))
    });
    let (body, _) = hcl_core::native::parse_body(&file, &Default::default());
    g.bench_function("decode_parsed_body", |b| {
        b.iter(|| hcl_serde::from_body::<Config>(black_box(&body), None).map(|c| c.service.len()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
