//! Decodes the shipped `examples/config/app.hcl` into plain
//! `#[derive(serde::Deserialize)]` structs (no HclDecode): attributes fill
//! fields, `service "web" { ... }` blocks fill a map keyed by label, the
//! single `database` block a nested struct; then the same file into a
//! dynamic `hcl_core::Value`, printed as JSON, which shows the shape that
//! dynamic targets get (a `serde_json::Value` gets the same).
//!
//! Run: `cargo run --example decode_plain_serde [FILE]`.

use std::collections::BTreeMap;
use std::process::ExitCode;

use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Config {
    name: String,
    workers: u16,
    #[serde(default)]
    debug: bool,
    database: Database,
    service: BTreeMap<String, Service>,
    limits: Option<Limits>,
}

#[derive(Deserialize, Debug)]
struct Database {
    url: String,
    pool_size: u32,
}

#[derive(Deserialize, Debug)]
struct Service {
    port: u16,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default = "one")]
    replicas: u32,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize, Debug)]
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
            eprint!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} ({} workers, debug {}), database {} (pool {})",
        config.name, config.workers, config.debug, config.database.url, config.database.pool_size
    );
    for (name, s) in &config.service {
        println!(
            "service {name}: port {}, {} replica(s), tags {:?}",
            s.port, s.replicas, s.tags
        );
    }
    if let Some(l) = &config.limits {
        println!("limits: {}/min, burst {}", l.requests_per_minute, l.burst);
    }
    let dynamic = match hcl_serde::from_file::<hcl_core::Value>(&path, None) {
        Ok(v) => v,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match hcl_core::value::to_cty_json(&dynamic) {
        Ok(json) => println!("{json}"),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
