//! Rendering diagnostics as text: 100 000 diagnostics of one 100 000-line
//! file must take time linear in their number and the file's size (a line
//! index, never a scan of the file per diagnostic).

#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use hcl_core::diag::{render_all, Diagnostic, Diagnostics, RenderOptions};
use hcl_core::SourceFile;

const N: usize = 100_000;

/// A file of `N` attributes and one diagnostic per attribute name; the
/// second set has a three-line subject per diagnostic, with context.
fn diagnostics() -> (SourceFile, Diagnostics, Diagnostics) {
    let text: String = (0..N).map(|i| format!("attr_{i} = {i}\n")).collect();
    let file = SourceFile::new("big.hcl", text.as_str());
    let mut one_line = Diagnostics::with_limit(usize::MAX);
    let mut multi_line = Diagnostics::with_limit(usize::MAX);
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let name = line.find(' ').unwrap_or(0);
        one_line.push(
            Diagnostic::error("Attribute redefined", "Each argument may be set only once.")
                .with_subject(file.range_of(start..start + name)),
        );
        let end = (start + 3 * line.len()).min(text.len());
        multi_line.push(
            Diagnostic::error("Unsuitable value", "")
                .with_subject(file.range_of(start + name + 3..end - 1))
                .with_context(file.range_of(start..end)),
        );
        start += line.len();
    }
    (file, one_line, multi_line)
}

fn render(c: &mut Criterion) {
    let (file, one_line, multi_line) = diagnostics();
    let opts = RenderOptions {
        width: 80,
        ..RenderOptions::default()
    };
    let mut group = c.benchmark_group("render");
    group.sample_size(10);
    group.bench_function("100000 diagnostics, one-line subjects", |b| {
        b.iter(|| render_all(black_box(&one_line), &file, &opts).len())
    });
    group.bench_function(
        "100000 diagnostics, three-line subjects with context",
        |b| b.iter(|| render_all(black_box(&multi_line), &file, &opts).len()),
    );
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
