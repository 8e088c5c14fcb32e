//! The decode benchmark's input, our structs for it and hcl-rs's, and
//! each side's decode, shared by `benches/decode.rs`, the profiling loop
//! (`decode_loop.rs`) and the interleaved comparison (`side_by_side.rs`).

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;

use hcl_serde::HclDecode;

/// The config under test: 50 services with attributes of every common
/// kind, a nested block and a map.
pub(crate) fn config() -> String {
    let mut s = String::from("name = \"shop\"\nregion = \"eu-west-1\"\n\n");
    for i in 0..50 {
        s.push_str(&format!(
            r#"service "svc-{i}" {{
  image    = "registry.example.com/team/svc-{i}:1.{i}.0"
  port     = {port}
  replicas = {replicas}
  enabled  = true
  cpu      = 0.5
  tags     = ["web", "tier-{tier}", "team-a"]
  env = {{
    LOG_LEVEL = "info"
    REGION    = "eu-west-1"
  }}

  health {{
    path     = "/healthz"
    interval = "10s"
    timeout  = 2
  }}
}}

"#,
            port = 8000 + i,
            replicas = 1 + i % 5,
            tier = i % 3,
        ));
    }
    s
}

#[derive(HclDecode)]
pub(crate) struct Config {
    pub(crate) name: String,
    pub(crate) region: String,
    #[hcl(block)]
    pub(crate) service: Vec<Service>,
}

#[derive(HclDecode)]
pub(crate) struct Service {
    #[hcl(label)]
    pub(crate) name: String,
    pub(crate) image: String,
    pub(crate) port: u16,
    pub(crate) replicas: u32,
    pub(crate) enabled: bool,
    pub(crate) cpu: f64,
    pub(crate) tags: Vec<String>,
    pub(crate) env: BTreeMap<String, String>,
    #[hcl(block)]
    pub(crate) health: Health,
}

#[derive(HclDecode)]
pub(crate) struct Health {
    pub(crate) path: String,
    pub(crate) interval: String,
    pub(crate) timeout: u32,
}

#[derive(Deserialize)]
struct RsConfig {
    name: String,
    region: String,
    service: HashMap<String, RsService>,
}

#[derive(Deserialize)]
struct RsService {
    image: String,
    port: u16,
    replicas: u32,
    enabled: bool,
    cpu: f64,
    tags: Vec<String>,
    env: BTreeMap<String, String>,
    health: RsHealth,
}

#[derive(Deserialize)]
struct RsHealth {
    path: String,
    interval: String,
    timeout: u32,
}

/// `hcl_serde::from_str` into [`Config`]: a checksum of what was decoded.
pub(crate) fn ours(src: &str) -> usize {
    let c: Config = hcl_serde::from_str(src).unwrap_or_else(|e| panic!("{e}"));
    c.service.len()
        + c.name.len()
        + c.region.len()
        + c.service
            .iter()
            .map(|s| {
                checksum(
                    &s.name,
                    &s.image,
                    s.port,
                    s.replicas,
                    s.enabled,
                    s.cpu,
                    &s.tags,
                    &s.env,
                    &s.health.path,
                    &s.health.interval,
                    s.health.timeout,
                )
            })
            .sum::<usize>()
}

/// `hcl::from_str` into the same data as serde structs: the same checksum.
pub(crate) fn theirs(src: &str) -> usize {
    let c: RsConfig = hcl::from_str(src).unwrap_or_else(|e| panic!("{e}"));
    c.service.len()
        + c.name.len()
        + c.region.len()
        + c.service
            .iter()
            .map(|(n, s)| {
                checksum(
                    n,
                    &s.image,
                    s.port,
                    s.replicas,
                    s.enabled,
                    s.cpu,
                    &s.tags,
                    &s.env,
                    &s.health.path,
                    &s.health.interval,
                    s.health.timeout,
                )
            })
            .sum::<usize>()
}

#[allow(clippy::too_many_arguments)]
fn checksum(
    name: &str,
    image: &str,
    port: u16,
    replicas: u32,
    enabled: bool,
    cpu: f64,
    tags: &[String],
    env: &BTreeMap<String, String>,
    path: &str,
    interval: &str,
    timeout: u32,
) -> usize {
    name.len()
        + image.len()
        + usize::from(port)
        + replicas as usize
        + usize::from(enabled)
        + cpu as usize
        + tags.len()
        + env.len()
        + path.len()
        + interval.len()
        + timeout as usize
}
