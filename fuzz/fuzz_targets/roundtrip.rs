//! Differential fuzzing of `hcl json`: a native file that parses without
//! errors is converted to the JSON syntax; that must parse without errors
//! too, have the same top-level attribute names, and every attribute that
//! evaluates without errors (empty context: constants only) in both forms
//! must have the same value.

#![no_main]

use hcl_cli::tojson::native_to_json;
use hcl_core::native::parse_config;
use hcl_core::Limits;
use hcl_core::schema::{AttributeSchema, BodySchema};
use hcl_core::{EvalContext, SourceFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let src = SourceFile::new("fuzz.hcl", text);
    let (file, diags) = parse_config(&src, &Limits::default());
    if diags.has_errors() {
        return;
    }
    let json = native_to_json(&file).to_compact();
    let (json_body, diags) = hcl_core::load::parse_source("fuzz.hcl.json", &json);
    assert!(!diags.has_errors(), "{text:?}\n=> {json}\n{diags}");
    let native_body = file.to_body();
    let mut schema = BodySchema::new();
    for a in file.body().attributes() {
        schema = schema.attribute(AttributeSchema::optional(a.name()));
    }
    let (n, _, _) = native_body.partial_content(&schema);
    let (j, _, diags) = json_body.partial_content(&schema);
    assert!(!diags.has_errors(), "{text:?}\n=> {json}\n{diags}");
    let ctx = EvalContext::new();
    for a in n.attributes.iter() {
        let Some(b) = j.attributes.get(&a.name) else {
            panic!("{text:?}\n=> {json}\nattribute {} missing", a.name);
        };
        let (va, da) = a.expr.value(Some(&ctx));
        let (vb, db) = b.expr.value(Some(&ctx));
        if !da.has_errors() && !db.has_errors() && va.is_known() && vb.is_known() {
            assert_eq!(va, vb, "{text:?}\n=> {json}\nattribute {}", a.name);
        }
    }
});
