//! `cond ? a : b`.

use super::*;

#[test]
fn conditional_results_unify() {
    let cases: &[(&str, Value)] = &[
        ("true ? 1 : 2", Value::from(1)),
        ("false ? 1 : 2", Value::from(2)),
        ("var.enabled ? \"on\" : \"off\"", s("on")),
        ("\"true\" ? 1 : 2", Value::from(1)),
        ("true ? 1 : \"x\"", s("1")),
        ("false ? 1 : \"x\"", s("x")),
        ("true ? null : 1", Value::null(Type::Number)),
        ("false ? \"a\" : null", Value::null(Type::String)),
        (
            "true ? [1] : []",
            Value::list(Type::Number, [Value::from(1)]).unwrap(),
        ),
        (
            "true ? var.list : []",
            Value::list(Type::String, [s("a"), s("b"), s("c")]).unwrap(),
        ),
        (
            "false ? var.list : []",
            Value::list(Type::String, []).unwrap(),
        ),
        ("unknown_bool ? 1 : 2", Value::unknown(Type::Number)),
        ("unknown_bool ? \"a\" : 2", Value::unknown(Type::String)),
        ("true ? dyn : 1", Value::dynamic()),
        ("false ? dyn : 1", Value::from(1)),
        ("dyn ? 1 : 2", Value::unknown(Type::Number)),
        // Unknown, as in the reference, though both arms are null.
        ("unknown_bool ? null : null", Value::dynamic()),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn conditional_errors() {
    let d = err("1 ? 2 : 3", "Incorrect condition type", 1, 1);
    assert_eq!(d.detail, "The condition expression must be of type bool.");
    let d = err("var.name ? 2 : 3", "Incorrect condition type", 1, 1);
    assert_eq!(d.detail, "The condition expression must be of type bool.");
    assert_eq!(involved(&d), "var.name as \"web\"");
    let d = err("var.nothing ? 2 : 3", "Null condition", 1, 1);
    assert_eq!(
        d.detail,
        "The condition value is null. Conditions must either be true or false."
    );
    let d = err(
        "true ? 1 : [2]",
        "Inconsistent conditional result types",
        1,
        8,
    );
    assert_eq!(
        d.detail,
        "The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple with 1 element."
    );
    // Objects with different attributes unify (the unification helper's
    // rules; missing attributes become null).
    assert_eq!(
        ok("true ? {a = 1} : {b = 2}"),
        Value::object([("a", Value::from(1)), ("b", Value::null(Type::Number))])
    );
    let d = err(
        "true ? {a = 1} : {a = [1], b = 2}",
        "Inconsistent conditional result types",
        1,
        8,
    );
    assert_eq!(
        d.detail,
        "The true and false result expressions must have consistent types. Type mismatch for object attribute \"a\": The 'true' value is number, but the 'false' value is tuple with 1 element."
    );
    let d = err(
        "true ? [1, \"a\"] : [[1]]",
        "Inconsistent conditional result types",
        1,
        8,
    );
    assert!(
        d.detail
            .ends_with("The 'true' tuple has length 2, but the 'false' tuple has length 1."),
        "{}",
        d.detail
    );
}

#[test]
fn only_the_chosen_arm_reports() {
    assert_eq!(ok("true ? 1 : 1 + 1"), Value::from(1));
    let (v, diags) = eval_in("true ? 1 : nope", Some(&ctx()));
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(v, Value::from(1));
    let (_, diags) = eval_in("false ? 1 : nope", Some(&ctx()));
    assert_eq!(diags.iter().next().unwrap().summary, "Unknown variable");
}
