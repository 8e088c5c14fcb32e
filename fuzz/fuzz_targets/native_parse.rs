//! No-panic fuzzing of every native-syntax entry point: a configuration
//! file from raw bytes (invalid UTF-8 included), a standalone expression, a
//! standalone template and the traversal forms. The first byte picks a small
//! depth limit now and then, so the limit's paths are exercised too.

#![no_main]

use hcl_core::native::{parse_bytes, parse_config, parse_expression, parse_template, parse_traversal_abs, parse_traversal_partial, parse_traversal_rel};
use hcl_core::Limits;
use hcl_core::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (opts, data) = match data.split_first() {
        Some((&b, rest)) if b < 8 => (Limits::default().with_max_depth(b as usize), rest),
        _ => (Limits::default(), data),
    };
    let (file, diags) = parse_bytes("fuzz.hcl", data, &opts);
    // Every diagnostic points inside the text.
    let len = file.source().text().len() as u32;
    for d in diags.iter() {
        if let Some(r) = &d.subject {
            assert!(r.start.byte <= r.end.byte && r.end.byte <= len, "{d}");
        }
    }
    // Positions asked again, the last first (so that no count resumes
    // where an earlier one ended), are the ones the parse resolved.
    for r in diags.iter().rev().filter_map(|d| d.subject.as_ref()) {
        assert_eq!(file.source().pos(r.end.byte), r.end, "{r}");
        assert_eq!(file.source().pos(r.start.byte), r.start, "{r}");
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let src = SourceFile::new("fuzz", text);
    let _ = parse_config(&src, &opts);
    let _ = parse_expression(&src, &opts);
    let _ = parse_template(&src, &opts);
    let _ = parse_traversal_abs(&src, &opts);
    let _ = parse_traversal_partial(&src, &opts);
    let _ = parse_traversal_rel(&src, &opts);
});
