//! Number parse, format and add: small integers (the allocation-free fast
//! path) against big integers and 512-bit fractions.

// Fixed inputs that are known to parse; a panic here is a broken benchmark.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use hcl_core::Number;

const SMALL: &str = "1234567";
const BIG: &str = "115792089237316195423570985008687907853269984665640564039457584007913129639937";
const FRACTION: &str = "3.14159265358979323846";

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    for (name, text) in [
        ("small_int", SMALL),
        ("big_int", BIG),
        ("fraction", FRACTION),
        ("short_fraction", "0.1"),
    ] {
        g.bench_function(name, |b| b.iter(|| Number::parse_literal(black_box(text))));
    }
    g.finish();
}

fn format(c: &mut Criterion) {
    let third = Number::one().div(&Number::from(3)).unwrap();
    let mut g = c.benchmark_group("format");
    for (name, n) in [
        ("small_int", Number::parse_literal(SMALL).unwrap()),
        ("big_int", Number::parse_literal(BIG).unwrap()),
        ("fraction", Number::parse_literal(FRACTION).unwrap()),
        ("short_fraction", Number::parse_literal("0.1").unwrap()),
        ("one_third", third),
    ] {
        g.bench_function(name, |b| b.iter(|| black_box(&n).to_string()));
    }
    g.finish();
}

fn add(c: &mut Criterion) {
    let mut g = c.benchmark_group("add");
    for (name, text) in [
        ("small_int", SMALL),
        ("big_int", BIG),
        ("fraction", FRACTION),
    ] {
        let (x, y) = (
            Number::parse_literal(text).unwrap(),
            Number::parse_literal("2.5e1").unwrap(),
        );
        g.bench_function(name, |b| b.iter(|| black_box(&x).add(black_box(&y))));
    }
    let (x, y) = (Number::from(1), Number::from(3));
    g.bench_function("div_one_third", |b| {
        b.iter(|| black_box(&x).div(black_box(&y)))
    });
    g.finish();
}

criterion_group!(benches, parse, format, add);
criterion_main!(benches);
