//! The decode benchmark's input and our structs for it, shared by
//! `benches/decode.rs` and `benches/decode_loop.rs` (the profiling loop).

#![allow(dead_code)]

use std::collections::BTreeMap;

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
