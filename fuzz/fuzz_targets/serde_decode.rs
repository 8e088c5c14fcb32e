//! No-panic fuzzing of typed decoding: `hcl_serde::from_str_with` into a
//! realistic derived configuration (attributes of many Rust types, labelled
//! and optional blocks, a map of blocks, a remain body decoded in a second
//! phase), in both syntaxes (the first byte picks one).

// The fields exist to be decoded; the target never reads them.
#![allow(dead_code)]

#![no_main]

use std::collections::BTreeMap;

use hcl_core::function::stdlib;
use hcl_core::{Body, EvalContext, Value};
use hcl_serde::{HclDecode, Spanned};
use libfuzzer_sys::fuzz_target;

#[derive(HclDecode, Debug)]
struct Job {
    #[hcl(optional)]
    name: String,
    #[hcl(optional)]
    count: Option<u16>,
    #[hcl(optional)]
    ratio: Option<f64>,
    #[hcl(optional)]
    enabled: Option<bool>,
    #[hcl(optional)]
    tags: Option<Vec<String>>,
    #[hcl(optional)]
    meta: Option<BTreeMap<String, String>>,
    #[hcl(optional)]
    anything: Option<Value>,
    #[hcl(block)]
    group: Vec<Group>,
    #[hcl(block)]
    update: Option<Update>,
    #[hcl(block)]
    volume: BTreeMap<String, Volume>,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug)]
struct Group {
    #[hcl(label)]
    name: String,
    count: Option<Spanned<i64>>,
    #[hcl(block)]
    task: Vec<Task>,
}

#[derive(HclDecode, Debug)]
struct Task {
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    driver: Option<String>,
    #[hcl(optional)]
    args: Option<Vec<String>>,
}

#[derive(HclDecode, Debug)]
struct Update {
    #[hcl(optional)]
    max_parallel: Option<u8>,
}

#[derive(HclDecode, Debug)]
struct Volume {
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    read_only: bool,
}

#[derive(HclDecode, Debug)]
#[hcl(partial)]
struct Rest {
    #[hcl(optional)]
    extra: Option<String>,
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let name = if first & 1 == 0 { "job.hcl" } else { "job.hcl.json" };
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    ctx.set_variable("region", Value::from("eu"));
    let ctx = (first & 2 == 0).then_some(&ctx);
    if let Ok(job) = hcl_serde::from_str_with::<Job>(name, text, ctx) {
        let _ = hcl_serde::from_body::<Rest>(&job.rest, ctx);
    }
});
