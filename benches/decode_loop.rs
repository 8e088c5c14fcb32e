//! Decodes the decode benchmark's config many times (for profiling the
//! decoder). Run:
//! `cargo run --release --example decode_loop -- [all|parse|decode] [ROUNDS]`
//! where `all` is `hcl_serde::from_str` (the benchmark), `parse` only
//! parses, and `decode` decodes a body parsed once.

mod decode_config;

use decode_config::{config, Config};

fn main() -> Result<(), hcl_serde::Error> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "all".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let src = config();
    let file = hcl_core::SourceFile::new("bench.hcl", src.as_str());
    let (body, _) = hcl_core::native::parse_body(&file, &Default::default());
    let mut services = 0usize;
    for _ in 0..rounds {
        services += match mode.as_str() {
            "parse" => {
                let (body, _) = hcl_core::native::parse_body(&file, &Default::default());
                usize::from(std::hint::black_box(body).sources().len() == 1)
            }
            "decode" => hcl_serde::from_body::<Config>(&body, None)?.service.len(),
            _ => hcl_serde::from_str::<Config>(&src)?.service.len(),
        };
    }
    println!("{mode}: {rounds} rounds, {services}");
    Ok(())
}
