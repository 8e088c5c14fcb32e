//! Parses one file and reports its size, the parse time and the peak memory
//! of the parse, for the README's benchmark section.
//!
//! Run: `cargo run --release --example parse_peak_memory -- [FILE]`. Without
//! an argument it parses the generated ~10 MB benchmark input (`GEN_SIZE`
//! sets another size in bytes); `attributes` parses 1 M short attributes
//! (`a1 = 1`, one a line), `blocks` 1 M small blocks (`b "1" { x = 1 }`).
//!
//! Peak memory is measured from Linux's resident-set high-water mark: the
//! mark is reset (`/proc/self/clear_refs`) once the source text is loaded,
//! and the report counts the text once plus everything the parse added.

mod gen;

/// `n` short attributes, one a line (`a123 = 123`).
fn many_attributes(n: usize) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(n * 16);
    for i in 0..n {
        let _ = writeln!(out, "a{i} = {i}");
    }
    out
}

/// `n` small blocks, one a line (`b "123" { x = 1 }`).
fn many_blocks(n: usize) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(n * 20);
    for i in 0..n {
        let _ = writeln!(out, "b \"{i}\" {{ x = 1 }}");
    }
    out
}

fn status_kb(field: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let text = match std::env::args().nth(1) {
        Some(p) if p == "attributes" => many_attributes(1_000_000),
        Some(p) if p == "blocks" => many_blocks(1_000_000),
        Some(p) => match std::fs::read_to_string(&p) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{p}: {e}");
                std::process::exit(1);
            }
        },
        None => gen::generate(
            std::env::var("GEN_SIZE")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(gen::LARGE_SIZE),
        ),
    };
    let len = text.len();
    let src = hcl_core::SourceFile::new("big.tf", text);
    // Reset the high-water mark now that only the text is resident.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let base = status_kb("VmRSS:").unwrap_or(0);
    let t = std::time::Instant::now();
    let (file, diags) = hcl_core::native::parse_config(&src, &hcl_core::Limits::default());
    let elapsed = t.elapsed();
    let peak = status_kb("VmHWM:").unwrap_or(0);
    let after = status_kb("VmRSS:").unwrap_or(0);
    let added = peak.saturating_sub(base) * 1024;
    let kept = after.saturating_sub(base) * 1024;
    let total = added + len as u64;
    println!(
        "input {len} bytes, {} top-level blocks, {} diagnostics, {:.1} ms ({:.0} MB/s)",
        file.body().blocks().len(),
        diags.len(),
        elapsed.as_secs_f64() * 1e3,
        len as f64 / elapsed.as_secs_f64() / 1e6,
    );
    let t = std::time::Instant::now();
    drop(file);
    println!(
        "dropping the tree: {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    println!("resident after the parse: {kept} bytes (the tree, and what the allocator keeps)");
    println!(
        "peak memory of the parse: {total} bytes = {:.2}x the input (text {len} + parse {added})",
        total as f64 / len as f64
    );
}
