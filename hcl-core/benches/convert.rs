//! Conversion throughput: large tuples (as tuple constructors and JSON
//! arrays produce them) converted to a list type.

#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use hcl_core::value::{convert, Type, Value};

fn tuple_to_list(c: &mut Criterion) {
    let strings = Value::tuple((0..10_000).map(|i| Value::from(format!("item-{i}"))));
    let numbers = Value::tuple((0..10_000i64).map(Value::from));
    let to = Type::list(Type::String);
    c.bench_function("convert tuple of 10000 strings to list(string)", |b| {
        b.iter(|| convert(black_box(&strings), black_box(&to)).unwrap())
    });
    c.bench_function("convert tuple of 10000 numbers to list(string)", |b| {
        b.iter(|| convert(black_box(&numbers), black_box(&to)).unwrap())
    });
}

criterion_group!(benches, tuple_to_list);
criterion_main!(benches);
