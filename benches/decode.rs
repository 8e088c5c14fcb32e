//! Decode throughput, side by side: a config of 50 service blocks decoded
//! into structs by `hcl_serde::from_str` (derived `HclDecode`) and by hcl-rs
//! `hcl::from_str` into equivalent serde structs. Both parse and decode the
//! same text in each iteration. A second group splits our time into
//! parsing and decoding the parsed body.
//!
//! Run: `cargo bench --bench decode`.

use std::collections::{BTreeMap, HashMap};
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use serde::Deserialize;

mod decode_config;
use decode_config::{config, Config};

#[derive(Deserialize)]
struct RsConfig {
    name: String,
    region: String,
    service: HashMap<String, RsService>,
}

#[derive(Deserialize)]
struct RsService {
    image: String,
    port: u16,
    replicas: u32,
    enabled: bool,
    cpu: f64,
    tags: Vec<String>,
    env: BTreeMap<String, String>,
    health: RsHealth,
}

#[derive(Deserialize)]
struct RsHealth {
    path: String,
    interval: String,
    timeout: u32,
}

fn ours(src: &str) -> usize {
    let c: Config = hcl_serde::from_str(src).unwrap_or_else(|e| panic!("{e}"));
    c.service.len()
        + c.name.len()
        + c.region.len()
        + c.service
            .iter()
            .map(|s| {
                checksum(
                    &s.name,
                    &s.image,
                    s.port,
                    s.replicas,
                    s.enabled,
                    s.cpu,
                    &s.tags,
                    &s.env,
                    &s.health.path,
                    &s.health.interval,
                    s.health.timeout,
                )
            })
            .sum::<usize>()
}

fn theirs(src: &str) -> usize {
    let c: RsConfig = hcl::from_str(src).unwrap_or_else(|e| panic!("{e}"));
    c.service.len()
        + c.name.len()
        + c.region.len()
        + c.service
            .iter()
            .map(|(n, s)| {
                checksum(
                    n,
                    &s.image,
                    s.port,
                    s.replicas,
                    s.enabled,
                    s.cpu,
                    &s.tags,
                    &s.env,
                    &s.health.path,
                    &s.health.interval,
                    s.health.timeout,
                )
            })
            .sum::<usize>()
}

#[allow(clippy::too_many_arguments)]
fn checksum(
    name: &str,
    image: &str,
    port: u16,
    replicas: u32,
    enabled: bool,
    cpu: f64,
    tags: &[String],
    env: &BTreeMap<String, String>,
    path: &str,
    interval: &str,
    timeout: u32,
) -> usize {
    name.len()
        + image.len()
        + usize::from(port)
        + replicas as usize
        + usize::from(enabled)
        + cpu as usize
        + tags.len()
        + env.len()
        + path.len()
        + interval.len()
        + timeout as usize
}

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
