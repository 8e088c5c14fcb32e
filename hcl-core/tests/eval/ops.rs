//! Operators: arithmetic, comparison, equality, logic, unary; conversions
//! of operands, unknowns and errors.

use super::*;

#[test]
fn arithmetic_operators_follow_go_cty() {
    let cases: &[(&str, Value)] = &[
        ("1 + 2", Value::from(3)),
        ("5 - 7", Value::from(-2)),
        ("6 * 7", Value::from(42)),
        ("7 / 2", n("3.5")),
        ("1 / 3 * 3", Value::from(1)),
        ("7 % 3", Value::from(1)),
        ("-7 % 3", Value::from(-1)),
        ("5.5 % 2", n("1.5")),
        ("0.1 + 0.2", n("0.3")),
        ("1 / 0", Value::Number(Number::infinity())),
        ("-1 / 0", Value::Number(Number::neg_infinity())),
        ("5 % 0", Value::from(5)),
        ("9223372036854775807 + 1", n("9223372036854775808")),
        ("2 + 3 * 4", Value::from(14)),
        ("(2 + 3) * 4", Value::from(20)),
        ("-var.count", Value::from(-3)),
        ("\"1\" + 1", Value::from(2)),
        ("var.port + 1", Value::from(8081)),
        ("\"2.5\" * \"2\"", Value::from(5)),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn comparison_operators_compare_numbers() {
    let cases: &[(&str, bool)] = &[
        ("1 < 2", true),
        ("2 < 1", false),
        ("2 <= 2", true),
        ("3 > 2", true),
        ("2 >= 3", false),
        ("\"10\" > 9", true),
        ("-1 < 0", true),
        ("1 / 0 > 100000000000000000000", true),
    ];
    for (src, want) in cases {
        assert_eq!(ok(src), Value::Bool(*want), "{src}");
    }
}

#[test]
fn equality_is_false_across_types_not_an_error() {
    let cases: &[(&str, bool)] = &[
        ("1 == 1", true),
        ("1 == 1.0", true),
        ("1 == \"1\"", false),
        ("\"a\" == \"a\"", true),
        ("\"a\" != \"b\"", true),
        ("true == true", true),
        ("null == null", true),
        ("var.nothing == null", true),
        ("var.name == null", false),
        ("[1, 2] == [1, 2]", true),
        ("{a = 1} == {a = 1}", true),
        ("{a = 1} != {a = 2}", true),
        ("var.list == [\"a\", \"b\", \"c\"]", false),
        ("1 != 1", false),
    ];
    for (src, want) in cases {
        assert_eq!(ok(src), Value::Bool(*want), "{src}");
    }
}

#[test]
fn logical_operators_and_unary_not() {
    let cases: &[(&str, Value)] = &[
        ("true && false", Value::Bool(false)),
        ("true && true", Value::Bool(true)),
        ("false || true", Value::Bool(true)),
        ("false || false", Value::Bool(false)),
        ("!true", Value::Bool(false)),
        ("!false", Value::Bool(true)),
        ("\"true\" && true", Value::Bool(true)),
        ("!var.enabled", Value::Bool(false)),
        // Short-circuiting over unknowns, as the reference's ShortCircuit.
        ("false && unknown_bool", Value::Bool(false)),
        ("unknown_bool && false", Value::Bool(false)),
        ("true || unknown_bool", Value::Bool(true)),
        ("unknown_bool || true", Value::Bool(true)),
        ("true && unknown_bool", Value::unknown(Type::Bool)),
        ("unknown_bool || false", Value::unknown(Type::Bool)),
        ("unknown_bool && unknown_bool", Value::unknown(Type::Bool)),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn unknown_operands_give_unknown_results() {
    let cases: &[(&str, Value)] = &[
        ("unknown_num + 1", Value::unknown(Type::Number)),
        ("1 - unknown_num", Value::unknown(Type::Number)),
        ("unknown_num * 0", Value::unknown(Type::Number)),
        ("unknown_num < 1", Value::unknown(Type::Bool)),
        ("unknown_num == 1", Value::unknown(Type::Bool)),
        ("unknown_num != 1", Value::unknown(Type::Bool)),
        ("dyn + 1", Value::unknown(Type::Number)),
        ("-unknown_num", Value::unknown(Type::Number)),
        ("!unknown_bool", Value::unknown(Type::Bool)),
        ("!dyn", Value::unknown(Type::Bool)),
        ("dyn == 1", Value::unknown(Type::Bool)),
        // Different types are unequal even when one is unknown.
        ("unknown_num == \"a\"", Value::Bool(false)),
    ];
    for (src, want) in cases {
        assert_eq!(&ok(src), want, "{src}");
    }
}

#[test]
fn invalid_operands_name_the_side_and_type() {
    let d = err("var.name + 1", "Invalid operand", 1, 1);
    assert_eq!(
        d.detail,
        "Unsuitable value for left operand: a number is required."
    );
    // The values of the operand's references, not the other operand's.
    assert_eq!(involved(&d), "var.name as \"web\"");
    assert_eq!(d.context.clone().unwrap().end.column, 13);
    let d = err("1 + true", "Invalid operand", 1, 5);
    assert_eq!(
        d.detail,
        "Unsuitable value for right operand: number required, but have bool."
    );
    let d = err("-\"x\"", "Invalid operand", 1, 2);
    assert_eq!(
        d.detail,
        "Unsuitable value for unary operand: a number is required."
    );
    let d = err("!1", "Invalid operand", 1, 2);
    assert_eq!(
        d.detail,
        "Unsuitable value for unary operand: bool required, but have number."
    );
    err("1 && true", "Invalid operand", 1, 1);
    err("[1] < 2", "Invalid operand", 1, 1);
    err("\n  var.list * 2", "Invalid operand", 2, 3);
}

#[test]
fn null_operands_fail_the_operation() {
    let d = err("null + 1", "Operation failed", 1, 1);
    assert_eq!(
        d.detail,
        "Error during operation: argument must not be null."
    );
    err("var.nothing > 1", "Operation failed", 1, 1);
    err("-null", "Operation failed", 1, 1);
}

#[test]
fn opposing_infinities_fail_the_operation() {
    let cases: &[(&str, &str)] = &[
        ("1/0 + -1/0", "can't compute sum of opposing infinities"),
        ("1/0 - 1/0", "can't subtract infinity from itself"),
        ("0 * (1/0)", "can't multiply zero by infinity"),
        ("0 / 0", "can't divide zero by zero or infinity by infinity"),
    ];
    for (src, msg) in cases {
        let d = err(src, "Operation failed", 1, 1);
        assert_eq!(d.detail, format!("Error during operation: {msg}."), "{src}");
    }
}

#[test]
fn operand_errors_still_report_inner_diagnostics() {
    let (_, diags) = eval_in("nope + 1", Some(&ctx()));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags.iter().next().unwrap().summary, "Unknown variable");
}

#[test]
fn operand_errors_come_after_the_operands_own_as_in_the_reference() {
    let (_, diags) = eval_in("var.name + 1 + var.name", Some(&ctx()));
    let columns: Vec<u32> = diags
        .iter()
        .map(|d| d.subject.clone().unwrap().start.column)
        .collect();
    assert_eq!(columns, [1, 16]);
}
