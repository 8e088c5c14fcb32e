//! No-panic fuzzing of plain serde decoding (no derive): `hcl_serde`'s
//! body deserializer into a dynamic target (`serde_json::Value`), into a
//! map of `hcl_core::Value`, and into plain structs whose fields take
//! blocks as sequences, label-keyed maps and single structs, in both
//! syntaxes (the first byte picks one) with the standard library in scope.

// The fields exist to be decoded; the target never reads them.
#![allow(dead_code)]

#![no_main]

use std::collections::{BTreeMap, HashMap};

use hcl_core::function::stdlib;
use hcl_core::{EvalContext, Value};
use libfuzzer_sys::fuzz_target;
use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Config {
    name: Option<String>,
    count: Option<u16>,
    service: Option<BTreeMap<String, Service>>,
    worker: Option<Vec<Service>>,
    tls: Option<Tls>,
    resource: Option<BTreeMap<String, BTreeMap<String, HashMap<String, Value>>>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Service {
    port: Option<u16>,
    #[serde(default)]
    tags: Vec<String>,
    health: Option<Vec<Tls>>,
}

#[derive(Deserialize, Debug)]
struct Tls {
    cert: String,
    verify: Option<bool>,
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let name = if first & 1 == 0 { "fuzz.hcl" } else { "fuzz.hcl.json" };
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    ctx.set_variable("region", Value::from("eu-west-1"));
    let _ = hcl_serde::from_str_with::<serde_json::Value>(name, text, Some(&ctx));
    let _ = hcl_serde::from_str_with::<HashMap<String, Value>>(name, text, Some(&ctx));
    let _ = hcl_serde::from_str_with::<Config>(name, text, Some(&ctx));
});
