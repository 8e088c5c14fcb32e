//! Parses every corpus file many times (for profiling the parser).
//! Run: `cargo run --release --example parse_corpus_loop -- DIR [ROUNDS]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "../shared/corpus".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let texts: Vec<String> = hcl_test_shared::config_files(std::path::Path::new(&dir))
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let total: usize = texts.iter().map(String::len).sum();
    let sources: Vec<_> = texts
        .iter()
        .map(|t| hcl_core::SourceFile::new("f.tf", t.as_str()))
        .collect();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..rounds {
        for src in &sources {
            let (f, _) = hcl_core::native::parse_config(src, &Default::default());
            n += f.body().blocks().len();
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n} blocks; parse only: {:.0} MB/s",
        (total * rounds) as f64 / secs / 1e6
    );
    let t = std::time::Instant::now();
    for _ in 0..rounds {
        for text in &texts {
            let src = hcl_core::SourceFile::new("f.tf", text.as_str());
            let (f, _) = hcl_core::native::parse_config(&src, &Default::default());
            n += f.body().blocks().len();
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n} blocks; load and parse: {:.0} MB/s",
        (total * rounds) as f64 / secs / 1e6
    );
}
