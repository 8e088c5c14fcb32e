//! Primitive type conversions.

use super::{check, check_safety, n, s};
use crate::value::{Number, Safety, Type, Value};

#[test]
fn conversion_bool_to_string_true_false() {
    check(vec![
        (Value::Bool(true), Type::String, Ok(s("true"))),
        (Value::Bool(false), Type::String, Ok(s("false"))),
    ]);
    check_safety(vec![(Type::Bool, Type::String, Some(Safety::Safe))]);
}

#[test]
fn conversion_string_to_bool_accepts_true_false_1_0() {
    check(vec![
        (s("true"), Type::Bool, Ok(Value::Bool(true))),
        (s("1"), Type::Bool, Ok(Value::Bool(true))),
        (s("false"), Type::Bool, Ok(Value::Bool(false))),
        (s("0"), Type::Bool, Ok(Value::Bool(false))),
        (s("yes"), Type::Bool, Err("a bool is required")),
        (s(""), Type::Bool, Err("a bool is required")),
        (s("2"), Type::Bool, Err("a bool is required")),
        (s(" true"), Type::Bool, Err("a bool is required")),
        (
            s("True"),
            Type::Bool,
            Err("a bool is required; to convert from string, use lowercase \"true\""),
        ),
        (
            s("FALSE"),
            Type::Bool,
            Err("a bool is required; to convert from string, use lowercase \"false\""),
        ),
    ]);
    check_safety(vec![(Type::String, Type::Bool, Some(Safety::Unsafe))]);
}

#[test]
fn conversion_number_to_string_full_precision_no_exponent() {
    let num = |lit: &str| Value::Number(Number::parse_literal(lit).unwrap());
    check(vec![
        (n(0), Type::String, Ok(s("0"))),
        (n(42), Type::String, Ok(s("42"))),
        (n(-7), Type::String, Ok(s("-7"))),
        (num("1.5"), Type::String, Ok(s("1.5"))),
        (num("0.1"), Type::String, Ok(s("0.1"))),
        (num("1e21"), Type::String, Ok(s("1000000000000000000000"))),
        (num("1e-7"), Type::String, Ok(s("0.0000001"))),
    ]);
    check_safety(vec![(Type::Number, Type::String, Some(Safety::Safe))]);
}

#[test]
fn conversion_string_to_number_parses_decimal() {
    check(vec![
        (s("12"), Type::Number, Ok(n(12))),
        (s("-3"), Type::Number, Ok(n(-3))),
        (s("1.5"), Type::Number, Ok(Value::from(1.5))),
        (s("abc"), Type::Number, Err("a number is required")),
        (s(""), Type::Number, Err("a number is required")),
        (s("1.2.3"), Type::Number, Err("a number is required")),
        (s(" 1"), Type::Number, Err("a number is required")),
        (s("1 "), Type::Number, Err("a number is required")),
        (s("0x10"), Type::Number, Err("a number is required")),
    ]);
    check_safety(vec![(Type::String, Type::Number, Some(Safety::Unsafe))]);
}

#[test]
fn conversion_string_to_number_rejects_exponent() {
    check(vec![
        (s("1e5"), Type::Number, Err("a number is required")),
        (s("1E5"), Type::Number, Err("a number is required")),
        (s("2.5e-3"), Type::Number, Err("a number is required")),
        (s("NaN"), Type::Number, Err("a number is required")),
    ]);
}

#[test]
fn conversion_no_bool_number_conversion() {
    check_safety(vec![
        (Type::Bool, Type::Number, None),
        (Type::Number, Type::Bool, None),
        (Type::list(Type::Bool), Type::list(Type::Number), None),
    ]);
    check(vec![
        (
            Value::Bool(true),
            Type::Number,
            Err("number required, but have bool"),
        ),
        (n(1), Type::Bool, Err("bool required, but have number")),
        (
            Value::unknown(Type::Number),
            Type::Bool,
            Err("bool required, but have number"),
        ),
    ]);
}

#[test]
fn conversion_number_to_string_keeps_every_digit() {
    let num = |lit: &str| Value::Number(Number::parse_literal(lit).unwrap());
    check(vec![
        (
            num("123456789012345678901234567890"),
            Type::String,
            Ok(s("123456789012345678901234567890")),
        ),
        (
            num("9007199254740993"),
            Type::String,
            Ok(s("9007199254740993")),
        ),
        (
            s("123456789012345678901234567890.5"),
            Type::Number,
            Ok(num("123456789012345678901234567890.5")),
        ),
    ]);
}
