//! Parses every corpus file many times (for profiling the parser).
//! Run: `cargo run --release --example parse_corpus_loop -- DIR [ROUNDS]`.

fn files(dir: &std::path::Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("tf" | "tfvars" | "hcl")
        ) {
            if let Ok(t) = std::fs::read_to_string(&p) {
                out.push(t);
            }
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "../shared/corpus".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let mut texts = Vec::new();
    files(std::path::Path::new(&dir), &mut texts);
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
            n += f.body().blocks.len();
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
            n += f.body().blocks.len();
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n} blocks; load and parse: {:.0} MB/s",
        (total * rounds) as f64 / secs / 1e6
    );
}
