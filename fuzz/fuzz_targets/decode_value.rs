//! No-panic fuzzing of the loader: the first byte picks the syntax, the
//! rest is a file; every attribute of its body is evaluated with the
//! standard library.

#![no_main]

use hcl_core::function::stdlib;
use hcl_core::load::parse_source;
use hcl_core::EvalContext;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let name = if first & 1 == 0 { "fuzz.hcl" } else { "fuzz.hcl.json" };
    let (body, _) = parse_source(name, text);
    let (attrs, _) = body.just_attributes();
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    for a in attrs.iter() {
        let _ = a.expr.value(Some(&ctx));
    }
});
