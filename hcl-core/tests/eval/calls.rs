//! Function calls, argument expansion, `try` and `can`.

use super::*;

#[test]
fn calls_convert_arguments_to_parameter_types() {
    let cases: &[(&str, Value)] = &[
        ("upper(\"a\")", s("A")),
        ("upper(1)", s("1")),
        ("upper(var.name)", s("WEB")),
        ("concat()", s("")),
        ("concat(\"a\", 1, true)", s("a1true")),
        ("concat(var.list...)", s("abc")),
        ("concat(\"x\", var.set...)", s("xab")),
        ("concat([\"p\", \"q\"]...)", s("pq")),
        ("pair(1, 2)", Value::from(1)),
        ("pair(\"7\", 2, 3, 4)", Value::from(7)),
        ("ns::hello()", s("hi")),
        ("upper(unknown_str)", Value::unknown(Type::String)),
        ("upper(dyn)", Value::unknown(Type::String)),
        ("concat(unknown_list...)", Value::dynamic()),
        ("concat(dyn...)", Value::dynamic()),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn call_errors() {
    let d = err("uper(\"a\")", "Call to unknown function", 1, 1);
    assert_eq!(
        d.detail,
        "There is no function named \"uper\". Did you mean \"upper\"?"
    );
    assert_eq!(d.subject.clone().unwrap().end.column, 5);
    let d = err("ns::helo()", "Call to unknown function", 1, 1);
    assert_eq!(
        d.detail,
        "There is no function named \"helo\" in namespace ns::. Did you mean ns::hello?"
    );
    let d = err("xx::f()", "Call to unknown function", 1, 1);
    assert_eq!(d.detail, "There are no functions in namespace \"xx::\".");
    let d = err_in("upper(\"a\")", None, "Function calls not allowed", 1, 1);
    assert_eq!(d.detail, "Functions may not be called here.");
    err_in(
        "upper(\"a\")",
        Some(&EvalContext::new()),
        "Function calls not allowed",
        1,
        1,
    );
    let d = err("pair(1)", "Not enough function arguments", 1, 7);
    assert_eq!(
        d.detail,
        "Function \"pair\" expects at least 2 argument(s). Missing value for \"b\"."
    );
    let d = err("upper()", "Not enough function arguments", 1, 7);
    assert_eq!(
        d.detail,
        "Function \"upper\" expects 1 argument(s). Missing value for \"str\"."
    );
    let d = err("upper(\"a\", \"b\")", "Too many function arguments", 1, 12);
    assert_eq!(d.detail, "Function \"upper\" expects only 1 argument(s).");
    let d = err("upper([1])", "Invalid function argument", 1, 7);
    assert_eq!(
        d.detail,
        "Invalid value for \"str\" parameter: string required, but have tuple with 1 element."
    );
    let d = err("pair(1, var.list)", "Invalid function argument", 1, 9);
    assert_eq!(
        d.detail,
        "Invalid value for \"b\" parameter: number required, but have list of string."
    );
    // About the argument, with the called function's signature.
    assert_eq!(
        involved(&d),
        "while calling pair(a, b, rest...); var.list as list of string with 3 elements"
    );
    let d = err("upper(null)", "Invalid function argument", 1, 7);
    assert_eq!(
        d.detail,
        "Invalid value for \"str\" parameter: argument must not be null."
    );
    let d = err("fail(0)", "Invalid function argument", 1, 6);
    assert_eq!(
        d.detail,
        "Invalid value for \"x\" parameter: must not be zero."
    );
    let d = err("fail(1)", "Error in function call", 1, 1);
    assert_eq!(d.detail, "Call to function \"fail\" failed: always fails.");
    let d = err("concat(1...)", "Invalid expanding argument value", 1, 8);
    assert_eq!(
        d.detail,
        "The expanding argument (indicated by ...) must be of a tuple, list, or set type."
    );
    let d = err(
        "concat(null_dyn...)",
        "Invalid expanding argument value",
        1,
        8,
    );
    assert_eq!(
        d.detail,
        "The expanding argument (indicated by ...) must not be null."
    );
}

#[test]
fn try_returns_the_first_success() {
    let cases: &[(&str, Value)] = &[
        ("try(var.nope, \"fallback\")", s("fallback")),
        ("try(var.name, \"fallback\")", s("web")),
        ("try(var.list[5], var.list[0])", s("a")),
        ("try(unknown_str, \"x\")", Value::dynamic()),
        (
            "[for x in [1, 0] : try(fail(x), x)]",
            Value::tuple([Value::from(1), Value::from(0)]),
        ),
        ("can(var.nope)", Value::Bool(false)),
        ("can(var.name)", Value::Bool(true)),
        ("can(unknown_num)", Value::unknown(Type::Bool)),
        (
            "[for x in var.list : can(var.obj[x])]",
            Value::tuple([Value::Bool(true), Value::Bool(true), Value::Bool(false)]),
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
    let d = err("try(var.nope, var.zip)", "Error in function call", 1, 1);
    assert!(d.detail.starts_with("Call to function \"try\" failed: no expression succeeded:\n- Unsupported attribute (at test.hcl:1,8-13)\n  This object does not have an attribute named \"nope\".\n"), "{}", d.detail);
    assert!(d
        .detail
        .ends_with("At least one expression must produce a successful result."));
    let d = err("try()", "Error in function call", 1, 1);
    assert_eq!(
        d.detail,
        "Call to function \"try\" failed: at least one argument is required."
    );
    err("can()", "Not enough function arguments", 1, 5);
}

#[test]
fn stdlib_table_has_try_and_can() {
    let table = stdlib::functions();
    assert!(table.get("try").is_some());
    assert!(table.get("can").is_some());
}
