//! Files leave nothing behind: no process-wide table grows with the number
//! of sources parsed, and no lock is shared between parsing threads.
//!
//! The ten-million-source run is a release test:
//! `cargo test --release -p hcl-core --test source_memory -- --ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_core::load::parse_source;
use hcl_core::schema::{AttributeSchema, BodySchema};
use hcl_core::{EvalContext, Value};

/// Parses one small source of each syntax and evaluates a JSON string with
/// escapes (which builds an embedded template source on every evaluation).
fn parse_one(i: usize) {
    let name = format!("f{i}.hcl");
    let (body, diags) = parse_source(&name, "a = \"x-${1 + 1}\"\n");
    assert!(diags.is_empty());
    let schema = BodySchema::new().attribute(AttributeSchema::required("a"));
    let (content, _) = body.content(&schema);
    let (v, _) = content
        .attributes
        .get("a")
        .unwrap()
        .expr
        .value(Some(&EvalContext::new()));
    assert_eq!(v, Value::from("x-2"));

    let json = format!("f{i}.hcl.json");
    let (body, diags) = parse_source(&json, r#"{"a": "q\"${\"y\"}"}"#);
    assert!(diags.is_empty());
    let (content, _) = body.content(&schema);
    let (v, _) = content
        .attributes
        .get("a")
        .unwrap()
        .expr
        .value(Some(&EvalContext::new()));
    assert_eq!(v, Value::from("q\"y"));
}

#[cfg(target_os = "linux")]
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn sources_parsed_on_many_threads_keep_their_own_names() {
    let handles: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..200 {
                    let name = format!("t{t}-{i}.hcl");
                    let (body, _) = parse_source(&name, "a = 1\nb = \n");
                    let (_, diags) = body.just_attributes();
                    let _ = diags;
                    let (_, diags) = parse_source(&name, "a = 1\nb = \n");
                    let d = diags.iter().next().unwrap();
                    assert_eq!(d.subject.as_ref().unwrap().filename(), name);
                    parse_one(i);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

#[cfg(target_os = "linux")]
#[test]
#[ignore = "release-size: cargo test --release -p hcl-core --test source_memory -- --ignored"]
fn ten_million_sources_leave_memory_flat() {
    // Warm up: allocator arenas and any bounded per-thread buffers reach
    // their working size first.
    for i in 0..100_000 {
        parse_one(i);
    }
    let start = rss_kib();
    for i in 0..5_000_000 {
        parse_one(i);
    }
    let end = rss_kib();
    println!("RSS after warm-up {start} KiB, after 10 000 000 more sources {end} KiB");
    // A registry of names would grow by tens of bytes a source: hundreds
    // of megabytes here.
    assert!(
        end.saturating_sub(start) < 8 * 1024,
        "memory grew from {start} KiB to {end} KiB"
    );
}
