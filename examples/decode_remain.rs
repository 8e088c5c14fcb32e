//! Two-phase decoding: the first phase reads what every plugin block has
//! (its type and name) and keeps the rest of each body; the second phase
//! decodes each kept body with the struct that the plugin type selects.
//! Errors of the second phase still point into the original file.
//!
//! Run: `cargo run --example decode_remain`.

use std::process::ExitCode;

use hcl_core::Body;
use hcl_serde::HclDecode;

const CONFIG: &str = r#"
plugin "http" "api" {
  enabled = true
  listen  = "0.0.0.0:8080"
  routes  = ["/v1", "/health"]
}

plugin "cron" "cleanup" {
  schedule = "0 3 * * *"
  command  = "vacuum"
}
"#;

#[derive(HclDecode, Debug)]
struct Config {
    #[hcl(block)]
    plugin: Vec<Plugin>,
}

#[derive(HclDecode, Debug)]
struct Plugin {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(default = "yes")]
    enabled: bool,
    #[hcl(remain)]
    settings: Body,
}

fn yes() -> bool {
    true
}

#[derive(HclDecode, Debug)]
struct Http {
    listen: String,
    routes: Vec<String>,
}

#[derive(HclDecode, Debug)]
struct Cron {
    schedule: String,
    command: String,
}

fn main() -> ExitCode {
    let config: Config = match hcl_serde::from_str_with("plugins.hcl", CONFIG, None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    for p in &config.plugin {
        let described = match p.kind.as_str() {
            "http" => hcl_serde::from_body::<Http>(&p.settings, None)
                .map(|h| format!("listens on {} for {}", h.listen, h.routes.join(" "))),
            "cron" => hcl_serde::from_body::<Cron>(&p.settings, None)
                .map(|c| format!("runs `{}` at `{}`", c.command, c.schedule)),
            other => {
                println!("{}: unknown plugin type {other:?}", p.name);
                continue;
            }
        };
        match described {
            Ok(text) => println!("{} ({}, enabled: {}): {text}", p.name, p.kind, p.enabled),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
