//! The behaviour of hashicorp/hcl's `ext/userfunc` tests: calls, argument
//! counts, variadic parameters, the base context, errors.

use std::sync::{Arc, OnceLock};

use super::*;
use crate::function::Functions;
use crate::native::parse_expression;
use crate::{load, SourceFile};

/// Decodes `src`'s function blocks and evaluates `call` with them: the
/// value and the number of diagnostics of both steps.
fn run(src: &str, call: &str, base: Option<EvalContext>) -> (Value, usize) {
    let (body, diags) = load::parse_source("config.hcl", src);
    assert!(diags.is_empty(), "{diags:?}");
    let (functions, _, mut diags) = decode_user_functions(&body, "function", move || base.clone());
    let file = SourceFile::new("testexpr", call);
    let (expr, parse_diags) = parse_expression(&file, &Default::default());
    diags.extend(parse_diags);
    let mut ctx = EvalContext::new();
    ctx.add_functions(&functions);
    let (value, more) = expr.value(Some(&ctx));
    diags.extend(more);
    (value, diags.len())
}

const GREET: &str = "function \"greet\" {\n  params = [name]\n  result = \"Hello, ${name}.\"\n}\n";

#[test]
fn user_functions_evaluate_their_result_with_the_arguments() {
    let n = |v: i64| Value::from(v);
    let cases: Vec<(&str, &str, Option<EvalContext>, Value, usize)> = vec![
        (GREET, "greet(\"Ermintrude\")", None, Value::from("Hello, Ermintrude."), 0),
        // Missing value for "name"; too many arguments.
        (GREET, "greet()", None, Value::dynamic(), 1),
        (GREET, "greet(\"Ermintrude\", \"extra\")", None, Value::dynamic(), 1),
        ("function \"add\" {\n  params = [a, b]\n  result = a + b\n}\n", "add(1, 5)", None, n(6), 0),
        (
            "function \"argstuple\" {\n  params = []\n  variadic_param = args\n  result = args\n}\n",
            "argstuple(\"a\", true, 1)",
            None,
            Value::tuple([Value::from("a"), Value::Bool(true), n(1)]),
            0,
        ),
        // No variable named "nonexist".
        ("function \"missing_var\" {\n  params = []\n  result = nonexist\n}\n", "missing_var()", None, Value::dynamic(), 1),
        (
            "function \"closure\" {\n  params = []\n  result = upvalue\n}\n",
            "closure()",
            Some({
                let mut c = EvalContext::new();
                c.set_variable("upvalue", Value::Bool(true));
                c
            }),
            Value::Bool(true),
            0,
        ),
        (
            "function \"neg\" {\n  params = [val]\n  result = -val\n}\nfunction \"add\" {\n  params = [a, b]\n  result = a + b\n}\n",
            "neg(add(1, 3))",
            None,
            n(-4),
            0,
        ),
        // A missing "params" and an unexpected "parrams".
        ("function \"neg\" {\n  parrams = [val]\n  result = -val\n}\n", "null", None, Value::null(Type::Dynamic), 2),
    ];
    for (src, call, base, want, count) in cases {
        let (got, diags) = run(src, call, base);
        assert_eq!((got, diags), (want, count), "{call} with {src}");
    }
}

#[test]
fn user_function_declarations_are_checked() {
    let cases = [
        (
            "function \"f\" {\n  params = [\"a\"]\n  result = 1\n}\n",
            "Invalid param element",
        ),
        (
            "function \"f\" {\n  params = [a.b]\n  result = 1\n}\n",
            "Invalid param element",
        ),
        (
            "function \"f\" {\n  params = a\n  result = 1\n}\n",
            "Invalid expression",
        ),
        (
            "function \"f\" {\n  params = []\n  variadic_param = \"x\"\n  result = 1\n}\n",
            "Invalid variadic_param",
        ),
        (
            "function \"f\" {\n  params = []\n}\n",
            "Missing required argument",
        ),
        (
            "function {\n  params = []\n  result = 1\n}\n",
            "Missing name for function",
        ),
    ];
    for (src, want) in cases {
        let (body, _) = load::parse_source("config.hcl", src);
        let (functions, _, diags) = decode_user_functions(&body, "function", || None);
        assert!(functions.is_empty(), "{src}");
        let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, [want], "{src}");
    }
}

#[test]
fn null_arguments_are_refused_and_unknown_ones_give_unknown_results() {
    let (body, _) = load::parse_source("config.hcl", GREET);
    let (functions, remain, _) = decode_user_functions(&body, "function", || None);
    let greet = functions.get("greet").unwrap();
    assert!(greet.call(&[Value::null(Type::String)]).is_err());
    // The result type is the result's for the unknown argument: a string.
    assert_eq!(
        greet.call(&[Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::String)
    );
    // The rest of the body no longer has the function blocks.
    let (content, diags) = remain.content(&BodySchema::new());
    assert!(diags.is_empty() && content.blocks.is_empty(), "{diags:?}");
}

#[test]
fn a_failing_result_is_a_call_error_naming_the_problem() {
    let (body, _) = load::parse_source(
        "config.hcl",
        "function \"f\" {\n  params = [x]\n  result = x + 1\n}\n",
    );
    let (functions, _, _) = decode_user_functions(&body, "function", || None);
    let err = functions
        .get("f")
        .unwrap()
        .call(&[Value::from("a")])
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("Invalid operand"), "{text}");
    assert!(text.starts_with("config.hcl:3,"), "{text}");
}

/// Decodes `src`'s functions with themselves in their base context (so
/// that a result may call them) and evaluates `call`.
fn run_with_themselves(src: &str, call: &str) -> (Value, Diagnostics) {
    let (body, diags) = load::parse_source("config.hcl", src);
    assert!(diags.is_empty(), "{diags:?}");
    let slot: Arc<OnceLock<Functions>> = Arc::new(OnceLock::new());
    let base = slot.clone();
    let (functions, _, diags) = decode_user_functions(&body, "function", move || {
        let mut ctx = EvalContext::new();
        if let Some(f) = base.get() {
            ctx.add_functions(f);
        }
        Some(ctx)
    });
    assert!(diags.is_empty(), "{diags:?}");
    let _ = slot.set(functions.clone());
    let file = SourceFile::new("testexpr", call);
    let (expr, diags) = parse_expression(&file, &Default::default());
    assert!(diags.is_empty(), "{diags:?}");
    let mut ctx = EvalContext::new();
    ctx.add_functions(&functions);
    expr.value(Some(&ctx))
}

#[test]
fn a_recursive_user_function_fails_with_the_chain_of_calls() {
    let cases = [
        ("function \"f\" {\n  params = [n]\n  result = f(n)\n}\n", "f(1)", "f -> f"),
        // Both results of a conditional are evaluated: this never ends
        // in the reference either.
        (
            "function \"fact\" {\n  params = [n]\n  result = n <= 1 ? 1 : n * fact(n - 1)\n}\n",
            "fact(5)",
            "fact -> fact",
        ),
        (
            "function \"a\" {\n  params = [n]\n  result = b(n)\n}\nfunction \"b\" {\n  params = [n]\n  result = [a(n), a(n)]\n}\n",
            "a(1)",
            "a -> b -> a",
        ),
    ];
    for (src, call, chain) in cases {
        let (value, diags) = run_with_themselves(src, call);
        assert!(
            !value.is_known() || value.is_null() || diags.has_errors(),
            "{call}: {value:?}"
        );
        let text = format!("{diags:?}");
        assert!(diags.has_errors(), "{call}");
        assert!(
            text.contains(&format!("calls itself ({chain})")),
            "{call}: {text}"
        );
    }
}

#[test]
fn user_functions_may_call_each_other_without_recursion() {
    let src = "function \"double\" {\n  params = [n]\n  result = n * 2\n}\nfunction \"quad\" {\n  params = [n]\n  result = double(double(n))\n}\n";
    let (value, diags) = run_with_themselves(src, "[quad(1), quad(2), double(quad(3))]");
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(value, Value::tuple([4, 8, 24].map(Value::from)));
}

#[test]
fn a_chain_of_user_functions_deeper_than_max_depth_fails() {
    // f0 calls f1 calls ... f199: each a different function, nested 200
    // deep, more than the default limit of 128.
    let mut src = String::new();
    for i in 0..200 {
        let result = if i == 199 {
            "n".to_string()
        } else {
            format!("f{}(n)", i + 1)
        };
        src.push_str(&format!(
            "function \"f{i}\" {{\n  params = [n]\n  result = {result}\n}}\n"
        ));
    }
    let (_, diags) = run_with_themselves(&src, "f0(1)");
    let text = format!("{diags:?}");
    assert!(text.contains("nested more than 128 deep"), "{text}");
    // A chain within the limit evaluates.
    let (value, diags) = run_with_themselves(&src, "f150(7)");
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(value, Value::from(7));
}
