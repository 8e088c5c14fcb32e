//! No-panic fuzzing of evaluation: the input is one native-syntax
//! expression, evaluated with the whole standard library and a few
//! variables in the context, under the default limits.

#![no_main]

use hcl_core::function::stdlib;
use hcl_core::native::parse_expression;
use hcl_core::Limits;
use hcl_core::{EvalContext, SourceFile, Value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let src = SourceFile::new("fuzz.hcl", text);
    let (expr, diags) = parse_expression(&src, &Limits::default());
    if diags.has_errors() {
        return;
    }
    let mut ctx = EvalContext::new();
    ctx.add_functions(&stdlib::functions());
    ctx.set_variable("s", Value::from("hello"));
    ctx.set_variable("n", Value::from(42));
    ctx.set_variable("l", Value::tuple(vec![Value::from(1), Value::from("a")]));
    ctx.set_variable("o", Value::object([("k", Value::from(true))]));
    ctx.set_variable("u", Value::dynamic());
    let _ = expr.value(Some(&ctx));
    let _ = expr.value(None);
});
