//! The JSON parser against serde_json on the same input: a generated
//! Terraform-style configuration (nested objects, arrays, strings with and
//! without escapes, numbers).

#![allow(clippy::unwrap_used)] // a bench may stop on a broken corpus

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl_core::json::parser::parse;
use hcl_core::pos::SourceFile;

fn corpus(resources: usize) -> String {
    let mut s = String::from("{\"resource\": {\"aws_instance\": {");
    for i in 0..resources {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            concat!(
                "\n  \"web{i}\": {{\n",
                "    \"ami\": \"ami-{i:08x}\",\n",
                "    \"instance_type\": \"t3.micro\",\n",
                "    \"count\": {i},\n",
                "    \"cpu_ratio\": 0.{i}5,\n",
                "    \"enabled\": true,\n",
                "    \"user_data\": \"#!/bin/sh\\necho \\\"hello {i}\\\"\\n\",\n",
                "    \"tags\": {{\"Name\": \"web-{i}\", \"Env\": \"prod\", \"Note\": \"caf\\u00e9\"}},\n",
                "    \"ports\": [80, 443, 8080, {i}],\n",
                "    \"lifecycle\": [{{\"create_before_destroy\": true, \"ignore_changes\": null}}]\n",
                "  }}"
            ),
            i = i
        ));
    }
    s.push_str("}}}\n");
    s
}

fn bench(c: &mut Criterion) {
    let text = corpus(2000);
    let file = SourceFile::new("bench.tf.json", text.as_str());
    let mut group = c.benchmark_group("json_parse");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("hcl_core", |b| {
        b.iter(|| {
            let (node, diags) = parse(black_box(&file));
            assert!(diags.is_empty());
            node
        })
    });
    group.bench_function("serde_json_value", |b| {
        b.iter(|| serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
