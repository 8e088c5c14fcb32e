//! `for` expressions.

use super::*;

#[test]
fn for_expressions_over_each_collection_kind() {
    let cases: &[(&str, Value)] = &[
        (
            "[for x in [1, 2, 3] : x * 2]",
            Value::tuple([Value::from(2), Value::from(4), Value::from(6)]),
        ),
        (
            "[for i, x in [\"a\", \"b\"] : \"${i}=${x}\"]",
            Value::tuple([s("0=a"), s("1=b")]),
        ),
        (
            "[for x in var.list : upper(x)]",
            Value::tuple([s("A"), s("B"), s("C")]),
        ),
        (
            "[for k, v in var.map : \"${k}${v}\"]",
            Value::tuple([s("x1"), s("y2")]),
        ),
        (
            "[for k, v in {b = 1, a = 2} : k]",
            Value::tuple([s("a"), s("b")]),
        ),
        (
            "[for k, v in var.set : k == v]",
            Value::tuple([Value::Bool(true), Value::Bool(true)]),
        ),
        ("[for v in var.set : v]", Value::tuple([s("a"), s("b")])),
        (
            "[for x in [1, 2, 3, 4] : x if x % 2 == 0]",
            Value::tuple([Value::from(2), Value::from(4)]),
        ),
        (
            "{for x in [\"a\", \"b\"] : x => upper(x)}",
            Value::object([("a", s("A")), ("b", s("B"))]),
        ),
        (
            "{for k, v in var.obj : v => k}",
            Value::object([("1", s("a")), ("two", s("b"))]),
        ),
        (
            "{for x in [1, 2, 3] : x % 2 => x...}",
            Value::object([
                ("0", Value::tuple([Value::from(2)])),
                ("1", Value::tuple([Value::from(1), Value::from(3)])),
            ]),
        ),
        ("[for x in [] : x]", Value::empty_tuple()),
        ("{for x in [] : x => x}", Value::empty_object()),
        ("[for x in dyn : x]", Value::dynamic()),
        ("[for x in unknown_list : x]", Value::dynamic()),
        (
            "[for x in [1, unknown_num] : x]",
            Value::tuple([Value::from(1), Value::unknown(Type::Number)]),
        ),
        ("[for x in [1, 2] : x if unknown_bool]", Value::dynamic()),
        ("{for x in [\"a\"] : unknown_str => x}", Value::dynamic()),
        // The loop variable shadows a context variable of the same name.
        ("[for var in [1] : var]", Value::tuple([Value::from(1)])),
        (
            "[for x in [[1, 2], [3]] : [for y in x : y * 10]]",
            Value::tuple([
                Value::tuple([Value::from(10), Value::from(20)]),
                Value::tuple([Value::from(30)]),
            ]),
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn for_expression_errors() {
    let d = err(
        "[for x in var.nothing : x]",
        "Iteration over null value",
        1,
        11,
    );
    assert_eq!(
        d.detail,
        "A null value cannot be used as the collection in a 'for' expression."
    );
    assert_eq!(d.context.clone().unwrap().start.column, 1);
    let d = err(
        "[for x in var.name : x]",
        "Iteration over non-iterable value",
        1,
        11,
    );
    assert_eq!(
        d.detail,
        "A value of type string cannot be used as the collection in a 'for' expression."
    );
    assert_eq!(involved(&d), "var.name as \"web\"");
    let d = err(
        "[for x in [1] : x if \"maybe\"]",
        "Invalid 'for' condition",
        1,
        22,
    );
    assert_eq!(
        d.detail,
        "The 'if' clause value is invalid: a bool is required."
    );
    let d = err(
        "[for x in [1, 2] : x if x == 1 ? null : true]",
        "Invalid 'for' condition",
        1,
        25,
    );
    assert_eq!(d.detail, "The value of the 'if' clause must not be null.");
    err("[for x in [1] : x if null]", "Condition is null", 1, 22);
    // The condition is checked even when the collection is unknown.
    err(
        "[for x in unknown_list : x if \"maybe\"]",
        "Invalid 'for' condition",
        1,
        31,
    );
    let d = err("{for x in [1] : null => x}", "Invalid object key", 1, 17);
    assert_eq!(
        d.detail,
        "Key expression in 'for' expression must not produce a null value."
    );
    let d = err("{for x in [1] : [x] => x}", "Invalid object key", 1, 17);
    assert_eq!(d.detail, "The key expression produced an invalid result: string required, but have tuple with 1 element.");
    let d = err(
        "{for x in [\"a\", \"A\"] : upper(x) => x}",
        "Duplicate object key",
        1,
        24,
    );
    assert_eq!(
        d.detail,
        "Two different items produced the key \"A\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."
    );
}

#[test]
fn for_variables_do_not_leak() {
    let (_, diags) = eval_in("[[for x in [1] : x], x]", Some(&ctx()));
    assert_eq!(diags.iter().next().unwrap().summary, "Unknown variable");
}

#[test]
fn errors_in_an_iteration_show_its_variables() {
    let (_, diags) = eval_in("[for k, v in var.map : k * v]", Some(&ctx()));
    let shown: Vec<String> = diags.iter().map(involved).collect();
    assert_eq!(shown, ["k as \"x\"", "k as \"y\""]);
    // In literal-only mode nothing is looked up, but the loop's own
    // variables are a scope.
    let (_, diags) = eval_in("[for s in [\"a\"] : s * 2]", None);
    assert_eq!(involved(diags.iter().next().unwrap()), "s as \"a\"");
    let (_, diags) = eval_in("\"a\" * 2", None);
    assert_eq!(involved(diags.iter().next().unwrap()), "");
}
