//! Decodes the shipped configuration `examples/config/app.hcl` (or a file
//! given on the command line, native or JSON syntax) into typed structs and
//! prints them; on errors, prints every diagnostic with its source snippet.
//!
//! Run: `cargo run --example decode_config [FILE]`.

use std::process::ExitCode;

use hcl_serde::{HclDecode, Spanned};

#[derive(HclDecode, Debug)]
struct Config {
    name: String,
    workers: u16,
    #[hcl(optional)]
    debug: bool,
    allowed_origins: Vec<String>,
    #[hcl(block)]
    database: Database,
    #[hcl(block)]
    service: Vec<Service>,
    #[hcl(block)]
    limits: Option<Limits>,
}

#[derive(HclDecode, Debug)]
struct Database {
    url: String,
    pool_size: Spanned<u32>,
}

#[derive(HclDecode, Debug)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
    #[hcl(default = "one")]
    replicas: u32,
    tags: Option<Vec<String>>,
}

fn one() -> u32 {
    1
}

#[derive(HclDecode, Debug)]
struct Limits {
    requests_per_minute: u32,
    burst: u32,
}

fn main() -> ExitCode {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/config/app.hcl").to_owned()
    });
    let config: Config = match hcl_serde::from_file(&path, None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} ({} workers, debug: {})",
        config.name, config.workers, config.debug
    );
    println!("  origins: {}", config.allowed_origins.join(", "));
    let pool = &config.database.pool_size;
    println!(
        "  database: {} (pool of {}, set at line {})",
        config.database.url,
        **pool,
        pool.range().start.line
    );
    for s in &config.service {
        let tags = s.tags.as_deref().unwrap_or_default().join(", ");
        println!(
            "  service {:<8} port {:<5} x{}  [{tags}]",
            s.name, s.port, s.replicas
        );
    }
    if let Some(l) = &config.limits {
        println!(
            "  limits: {} requests/minute, burst {}",
            l.requests_per_minute, l.burst
        );
    }
    ExitCode::SUCCESS
}
