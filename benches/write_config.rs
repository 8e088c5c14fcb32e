//! The decode benchmark's config as plain serde data, for the writing
//! benchmark and its profiling loop (the same data for us and hcl-rs).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The whole file.
#[derive(Serialize, Deserialize)]
pub struct Config {
    name: String,
    region: String,
    service: BTreeMap<String, Service>,
}

#[derive(Serialize, Deserialize)]
struct Service {
    image: String,
    port: u16,
    replicas: u32,
    enabled: bool,
    cpu: f64,
    tags: Vec<String>,
    env: BTreeMap<String, String>,
    health: Health,
}

#[derive(Serialize, Deserialize)]
struct Health {
    path: String,
    interval: String,
    timeout: u32,
}

/// The decode benchmark's text.
pub fn text() -> String {
    crate::decode_config::config()
}

/// That text decoded into [`Config`].
pub fn data() -> Config {
    match hcl_serde::from_str(&text()) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    }
}
