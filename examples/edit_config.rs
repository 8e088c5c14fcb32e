//! Typed editing: read a config into a plain serde struct, change it, and
//! write the change back into the file's text, keeping its comments and
//! layout (only the attributes whose values changed are touched).
//!
//! Run: `cargo run --example edit_config`

use hcl_core::edit::Document;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug)]
struct Service {
    image: String,
    port: u16,
    replicas: u32,
}

#[derive(Serialize, Deserialize, Debug)]
struct Config {
    name: String,
    service: Service,
}

const SRC: &str = r#"# Deployment settings (edited by tools: keep the comments!)
name = "shop"

service = {
  image    = "shop:1.0" # pinned
  port     = 8080
  replicas = 2          # scaled by hand
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut config: Config = hcl_serde::from_str(SRC)?;
    config.service.replicas = 5;

    let mut doc = Document::parse("deploy.hcl", SRC)?;
    hcl_serde::ser::update_document(&mut doc, &config)?;
    print!("{}", doc.text());
    Ok(())
}
