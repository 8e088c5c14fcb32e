//! Integration tests of native-syntax expression evaluation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod access;
mod calls;
mod conditional;
mod for_expr;
mod limits;
mod ops;
mod specsuite;
mod static_analysis;
mod templates;

use std::sync::Arc;

use hcl_core::function::{stdlib, Function, FunctionError, Param};
use hcl_core::native::{parse_expression, parse_template};
use hcl_core::Limits;
use hcl_core::{Diagnostic, Diagnostics, EvalContext, Expression, Number, SourceFile, Type, Value};

/// A number from its literal text.
pub fn n(s: &str) -> Value {
    Value::Number(Number::parse_literal(s).unwrap())
}

/// A string value.
pub fn s(v: &str) -> Value {
    Value::from(v)
}

/// The context most tests use: a few variables of each kind and a few
/// functions.
pub fn ctx() -> EvalContext {
    let mut c = EvalContext::new();
    c.set_variable(
        "var",
        Value::object([
            ("port", s("8080")),
            ("name", s("web")),
            ("count", Value::from(3)),
            ("enabled", Value::Bool(true)),
            ("nothing", Value::null(Type::String)),
            (
                "list",
                Value::list(Type::String, [s("a"), s("b"), s("c")]).unwrap(),
            ),
            ("set", Value::set(Type::String, [s("b"), s("a")]).unwrap()),
            (
                "map",
                Value::map(Type::Number, [("x", Value::from(1)), ("y", Value::from(2))]).unwrap(),
            ),
            (
                "tuple",
                Value::tuple([s("a"), Value::from(1), Value::Bool(false)]),
            ),
            (
                "obj",
                Value::object([("a", Value::from(1)), ("b", s("two"))]),
            ),
            (
                "servers",
                Value::tuple([
                    Value::object([("name", s("a")), ("ip", s("10.0.0.1"))]),
                    Value::object([("name", s("b")), ("ip", s("10.0.0.2"))]),
                ]),
            ),
            (
                "server_list",
                Value::list(
                    Type::object([("name", Type::String)]),
                    [
                        Value::object([("name", s("x"))]),
                        Value::object([("name", s("y"))]),
                    ],
                )
                .unwrap(),
            ),
        ]),
    );
    c.set_variable("unknown_num", Value::unknown(Type::Number));
    c.set_variable("unknown_bool", Value::unknown(Type::Bool));
    c.set_variable("unknown_str", Value::unknown(Type::String));
    c.set_variable("unknown_list", Value::unknown(Type::list(Type::String)));
    c.set_variable("dyn", Value::dynamic());
    c.set_variable("null_dyn", Value::null(Type::Dynamic));
    c.set_function(
        "upper",
        Function::builder()
            .param(Param::new("str", Type::String))
            .returns(Type::String)
            .implementation(|args, _| {
                Ok(Value::string(args[0].as_str().unwrap_or("").to_uppercase()))
            }),
    );
    c.set_function(
        "concat",
        Function::builder()
            .variadic(Param::new("parts", Type::String))
            .returns(Type::String)
            .implementation(|args, _| {
                Ok(Value::string(
                    args.iter().filter_map(Value::as_str).collect::<String>(),
                ))
            }),
    );
    c.set_function(
        "pair",
        Function::builder()
            .param(Param::new("a", Type::Number))
            .param(Param::new("b", Type::Number))
            .variadic(Param::new("rest", Type::Number))
            .returns(Type::Number)
            .implementation(|args, _| Ok(args[0].clone())),
    );
    c.set_function(
        "fail",
        Function::builder()
            .param(Param::new("x", Type::Number))
            .returns(Type::Number)
            .implementation(|args, _| {
                if args[0] == Value::from(0) {
                    Err(FunctionError::argument(0, "must not be zero"))
                } else {
                    Err(FunctionError::call("always fails"))
                }
            }),
    );
    c.set_function(
        "ns::hello",
        Function::builder()
            .returns(Type::String)
            .implementation(|_, _| Ok(s("hi"))),
    );
    c.set_function("try", stdlib::try_function());
    c.set_function("can", stdlib::can_function());
    c
}

/// Parses and evaluates `src` as an expression.
pub fn eval_in(src: &str, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let file = SourceFile::new("test.hcl", src);
    let (expr, diags) = parse_expression(&file, &Limits::default());
    assert!(!diags.has_errors(), "{src:?} does not parse: {diags}");
    let handle = expr;
    handle.value(ctx)
}

/// Parses and evaluates `src` as a bare template.
pub fn eval_template(src: &str, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let file = SourceFile::new("test.hcl", src);
    let (expr, diags) = parse_template(&file, &Limits::default());
    assert!(!diags.has_errors(), "{src:?} does not parse: {diags}");
    expr.value(ctx)
}

/// Evaluates `src` in [`ctx`] and expects no diagnostics.
#[track_caller]
pub fn ok(src: &str) -> Value {
    let (v, diags) = eval_in(src, Some(&ctx()));
    assert!(diags.is_empty(), "{src:?}: unexpected diagnostics: {diags}");
    v
}

/// What a diagnostic says it was evaluated with: `while calling f(x)` if
/// it names a call, then `x as v` (or `x set to null`) per value, joined
/// by `; `, as the text form lists them.
pub fn involved(d: &Diagnostic) -> String {
    let Some(inv) = &d.involved else {
        return String::new();
    };
    let call = inv.call.iter().map(|c| format!("while calling {c}"));
    let values = inv.values.iter().map(|v| match &v.value {
        Some(value) => format!("{} as {value}", v.traversal),
        None => format!("{} set to null", v.traversal),
    });
    call.chain(values).collect::<Vec<_>>().join("; ")
}

/// Evaluates `src` in [`ctx`] and expects exactly one error, with
/// `summary`, whose subject starts at `line:column`; returns it.
#[track_caller]
pub fn err(src: &str, summary: &str, line: u32, column: u32) -> Diagnostic {
    err_in(src, Some(&ctx()), summary, line, column)
}

/// [`err`] in a given context.
#[track_caller]
pub fn err_in(
    src: &str,
    ctx: Option<&EvalContext>,
    summary: &str,
    line: u32,
    column: u32,
) -> Diagnostic {
    let (_, diags) = eval_in(src, ctx);
    assert_eq!(
        diags.error_count(),
        1,
        "{src:?}: expected one error, got: {diags}"
    );
    let d = diags.iter().next().unwrap().clone();
    assert_eq!(d.summary, summary, "{src:?}: {d}");
    let subject = d.subject.clone().expect("a subject range");
    assert_eq!(
        (subject.start.line, subject.start.column),
        (line, column),
        "{src:?}: {d}"
    );
    d
}
