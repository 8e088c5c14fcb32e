//! The JSON parser against serde_json on the same input: a generated
//! Terraform-style configuration (nested objects, arrays, strings with and
//! without escapes, numbers).
//!
//! Three measurements of the JSON syntax side by side with
//! `serde_json::Value` (a tuned JSON parser, as the yardstick): the bare
//! tree (`hcl_core`), the file to its `Body` handle (`json_syntax_body`),
//! and the body decoded with a schema down to every resource's attributes
//! (`json_syntax_content`).

#![allow(clippy::unwrap_used)] // a bench may stop on a broken corpus

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl_core::json::syntax::parse;
use hcl_core::pos::SourceFile;
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};

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
            let (node, diags) = parse(black_box(&file), &Default::default());
            assert!(diags.is_empty());
            node
        })
    });
    group.bench_function("json_syntax_body", |b| {
        b.iter(|| {
            let (body, diags) = hcl_core::json::parse_body(black_box(&file), &Default::default());
            assert!(diags.is_empty());
            body
        })
    });
    let top = BodySchema::new().block(BlockHeaderSchema::new("resource", ["type", "name"]));
    let inner = [
        "ami",
        "instance_type",
        "count",
        "cpu_ratio",
        "enabled",
        "user_data",
        "tags",
        "ports",
        "lifecycle",
    ]
    .into_iter()
    .fold(BodySchema::new(), |s, n| {
        s.attribute(AttributeSchema::optional(n))
    });
    group.bench_function("json_syntax_content", |b| {
        b.iter(|| {
            let (body, diags) = hcl_core::json::parse_body(black_box(&file), &Default::default());
            assert!(diags.is_empty());
            let (content, diags) = body.content(&top);
            assert!(diags.is_empty());
            let mut n = 0;
            for block in &content.blocks {
                let (c, diags) = block.body.content(&inner);
                assert!(diags.is_empty());
                n += c.attributes.len();
            }
            assert_eq!(n, 2000 * 9);
            n
        })
    });
    group.bench_function("serde_json_value", |b| {
        b.iter(|| serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
