//! No-panic fuzzing of the `hcldec` spec decoder: the input is a spec file
//! and a configuration file separated by the first NUL byte (both native
//! syntax); the configuration is decoded with the spec, as `hcldec` does.

#![no_main]

use std::sync::Arc;

use hcl_cli::decode::{decode, variables};
use hcl_cli::specfile::read_spec_file;
use hcl_core::load::parse_source;
use hcl_core::EvalContext;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (spec_text, config) = text.split_once('\0').unwrap_or((text, ""));
    let (spec_body, diags) = parse_source("spec.hcldec", spec_text);
    if diags.has_errors() {
        return;
    }
    let (spec, diags) = read_spec_file(&spec_body);
    if diags.has_errors() {
        return;
    }
    let mut ctx = EvalContext::new();
    for (name, v) in &spec.variables {
        ctx.set_variable(name.clone(), v.clone());
    }
    ctx.add_functions(&spec.functions);
    let ctx = Arc::new(ctx);
    let (body, _) = parse_source("config.hcl", config);
    let _ = variables(&body, &spec.root);
    let _ = decode(&body, &spec.root, Some(&ctx));
    let _ = decode(&body, &spec.root, None);
});
