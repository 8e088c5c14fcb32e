//! Number functions, with expected values from go-cty's `number_test.go`
//! and Terraform's function documentation.

use super::*;
use crate::function::{stdlib, CallError};

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    stdlib::functions()
        .get(name)
        .unwrap_or_else(|| panic!("no function {name}"))
        .call(args)
}

fn num(f: f64) -> Value {
    Value::from(f)
}

fn message(e: CallError) -> String {
    match e {
        CallError::Argument { message, .. } | CallError::Call(message) => message,
        other => other.to_string(),
    }
}

#[test]
fn abs_ceil_floor_signum_follow_go_cty_examples() {
    let cases: &[(&str, f64, f64)] = &[
        ("abs", 23.0, 23.0),
        ("abs", 0.0, 0.0),
        ("abs", -23.0, 23.0),
        ("abs", -12.4, 12.4),
        ("ceil", 5.0, 5.0),
        ("ceil", 5.1, 6.0),
        ("ceil", -1.9, -1.0),
        ("floor", 5.0, 5.0),
        ("floor", 4.9, 4.0),
        ("floor", -1.1, -2.0),
        ("signum", 0.0, 0.0),
        ("signum", -13.0, -1.0),
        ("signum", 344.0, 1.0),
    ];
    for (name, input, want) in cases {
        assert_eq!(
            call(name, &[num(*input)]).unwrap(),
            num(*want),
            "{name}({input})"
        );
    }
}

#[test]
fn ceil_and_floor_return_infinities_unchanged() {
    for name in ["ceil", "floor", "abs"] {
        assert_eq!(
            call(name, &[num(f64::INFINITY)]).unwrap(),
            num(f64::INFINITY)
        );
    }
    assert_eq!(
        call("floor", &[num(f64::NEG_INFINITY)]).unwrap(),
        num(f64::NEG_INFINITY)
    );
}

#[test]
fn log_is_the_logarithm_in_the_given_base() {
    let cases: &[(f64, f64, f64)] = &[
        (1.0, 10.0, 0.0),
        (10.0, 10.0, 1.0),
        (16.0, 2.0, 4.0),
        (0.0, 10.0, f64::NEG_INFINITY),
    ];
    for (n, base, want) in cases {
        assert_eq!(call("log", &[num(*n), num(*base)]).unwrap(), num(*want));
    }
    let v = call("log", &[num(50.0), num(10.0)]).unwrap();
    let got = v.as_number().unwrap().to_f64();
    assert!((got - 1.698_970_004_336_018_5).abs() < 1e-12, "{got}");
}

#[test]
fn log_without_a_numeric_result_is_an_error() {
    let e = call("log", &[num(-1.0), num(10.0)]).unwrap_err();
    assert_eq!(message(e), "the logarithm of -1 in base 10 is not a number");
}

#[test]
fn pow_raises_to_the_power() {
    let cases: &[(f64, f64, f64)] = &[
        (1.0, 0.0, 1.0),
        (3.0, 2.0, 9.0),
        (4.0, 0.5, 2.0),
        (2.0, -1.0, 0.5),
        (0.0, 0.0, 1.0),
    ];
    for (a, b, want) in cases {
        assert_eq!(
            call("pow", &[num(*a), num(*b)]).unwrap(),
            num(*want),
            "pow({a}, {b})"
        );
    }
}

#[test]
fn pow_too_large_is_an_error_not_a_long_computation() {
    for (a, b) in [(10.0, 1e9), (2.0, 1e30), (-7.0, 1e12 + 1.0)] {
        let e = call("pow", &[num(a), num(b)]).unwrap_err();
        assert_eq!(
            message(e),
            NumberError::Overflow.to_string(),
            "pow({a}, {b})"
        );
    }
}

#[test]
fn max_and_min_pick_the_extreme() {
    let args = [num(12.0), num(54.0), num(3.0)];
    assert_eq!(call("max", &args).unwrap(), num(54.0));
    assert_eq!(call("min", &args).unwrap(), num(3.0));
    assert_eq!(call("max", &[num(-5.5)]).unwrap(), num(-5.5));
    assert_eq!(
        call("min", &[num(f64::INFINITY), num(1.0)]).unwrap(),
        num(1.0)
    );
}

#[test]
fn max_and_min_need_at_least_one_number() {
    for name in ["max", "min"] {
        assert_eq!(
            message(call(name, &[]).unwrap_err()),
            "must pass at least one number"
        );
    }
}

#[test]
fn parseint_parses_each_base() {
    let cases: &[(&str, i64, i64)] = &[
        ("128", 10, 128),
        ("-128", 10, -128),
        ("+128", 10, 128),
        ("10", 2, 2),
        ("11111111", 2, 255),
        ("FF", 16, 255),
        ("ff", 16, 255),
        ("-Ff", 16, -255),
        ("zz", 36, 1295),
        ("ZZ", 36, 1295),
        ("Z", 62, 61),
        ("z", 62, 35),
        ("10", 62, 62),
        ("0", 2, 0),
    ];
    for (text, base, want) in cases {
        assert_eq!(
            call("parseint", &[Value::from(*text), Value::from(*base)]).unwrap(),
            Value::from(*want),
            "parseint({text:?}, {base})"
        );
    }
}

#[test]
fn parseint_keeps_integers_beyond_64_bits() {
    let v = call(
        "parseint",
        &[Value::from("ffffffffffffffff"), Value::from(16)],
    )
    .unwrap();
    assert_eq!(
        v,
        Value::Number(Number::parse_decimal("18446744073709551615").unwrap())
    );
}

#[test]
fn parseint_rejects_bad_digits_and_bases() {
    let cases: &[(Value, Value, usize, &str)] = &[
        (
            "12".into(),
            2.into(),
            0,
            "cannot parse \"12\" as a base 2 integer",
        ),
        (
            "".into(),
            10.into(),
            0,
            "cannot parse \"\" as a base 10 integer",
        ),
        (
            "-".into(),
            10.into(),
            0,
            "cannot parse \"-\" as a base 10 integer",
        ),
        (
            "1 2".into(),
            10.into(),
            0,
            "cannot parse \"1 2\" as a base 10 integer",
        ),
        (
            "0x1f".into(),
            16.into(),
            0,
            "cannot parse \"0x1f\" as a base 16 integer",
        ),
        (
            "1_000".into(),
            10.into(),
            0,
            "cannot parse \"1_000\" as a base 10 integer",
        ),
        (
            "1".into(),
            1.into(),
            1,
            "base must be a whole number between 2 and 62 inclusive",
        ),
        (
            "1".into(),
            63.into(),
            1,
            "base must be a whole number between 2 and 62 inclusive",
        ),
        (
            "1".into(),
            num(1.5),
            1,
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        ),
        (
            1.into(),
            10.into(),
            0,
            "first argument must be a string, not number",
        ),
    ];
    for (text, base, index, want) in cases {
        let e = call("parseint", &[text.clone(), base.clone()]).unwrap_err();
        assert_eq!(e.argument_index(), Some(*index), "{text:?} {base:?}");
        assert_eq!(message(e), *want);
    }
}

#[test]
fn number_functions_return_unknown_number_for_unknown_arguments() {
    let u = Value::unknown(Type::Number);
    for (name, args) in [
        ("abs", vec![u.clone()]),
        ("abs", vec![Value::dynamic()]),
        ("ceil", vec![u.clone()]),
        ("floor", vec![u.clone()]),
        ("signum", vec![u.clone()]),
        ("log", vec![u.clone(), num(10.0)]),
        ("pow", vec![num(2.0), u.clone()]),
        ("max", vec![num(1.0), u.clone()]),
        ("min", vec![Value::dynamic(), num(1.0)]),
        ("parseint", vec![Value::unknown(Type::String), num(10.0)]),
    ] {
        assert_eq!(call(name, &args).unwrap(), u, "{name}");
    }
}

#[test]
fn number_functions_reject_null_arguments() {
    let null = Value::null(Type::Number);
    for (name, args) in [
        ("abs", vec![null.clone()]),
        ("ceil", vec![null.clone()]),
        ("pow", vec![num(2.0), null.clone()]),
        ("max", vec![num(1.0), null.clone()]),
    ] {
        let e = call(name, &args).unwrap_err();
        assert_eq!(message(e), "argument must not be null", "{name}");
    }
}

#[test]
fn operator_arithmetic_follows_go_cty() {
    let n = |f: f64| Number::from_f64(f).unwrap();
    assert_eq!(add(&n(1.0), &n(2.5)).unwrap(), n(3.5));
    assert_eq!(subtract(&n(1.0), &n(2.5)).unwrap(), n(-1.5));
    assert_eq!(multiply(&n(3.0), &n(-2.0)).unwrap(), n(-6.0));
    assert_eq!(divide(&n(1.0), &n(4.0)).unwrap(), n(0.25));
    assert_eq!(divide(&n(1.0), &n(0.0)).unwrap(), n(f64::INFINITY));
    assert_eq!(modulo(&n(7.0), &n(3.0)).unwrap(), n(1.0));
    assert_eq!(modulo(&n(-7.0), &n(3.0)).unwrap(), n(-1.0));
    assert_eq!(modulo(&n(7.0), &n(0.0)).unwrap(), n(7.0));
    assert_eq!(
        modulo(&n(7.0), &n(f64::INFINITY)).unwrap(),
        n(f64::INFINITY)
    );
    assert_eq!(negate(&n(2.0)), n(-2.0));
    let inf = n(f64::INFINITY);
    let ninf = n(f64::NEG_INFINITY);
    let zero = n(0.0);
    let errors = [
        (add(&inf, &ninf), "can't compute sum of opposing infinities"),
        (subtract(&inf, &inf), "can't subtract infinity from itself"),
        (multiply(&zero, &inf), "can't multiply zero by infinity"),
        (
            divide(&zero, &zero),
            "can't divide zero by zero or infinity by infinity",
        ),
        (
            divide(&inf, &ninf),
            "can't divide zero by zero or infinity by infinity",
        ),
        (
            modulo(&zero, &inf),
            "can't use modulo with zero and infinity",
        ),
    ];
    for (result, want) in errors {
        assert_eq!(result.unwrap_err(), want);
    }
}

#[test]
fn operator_functions_take_numbers_and_compare_with_unknowns() {
    let two = Value::from(2);
    let three = Value::from(3);
    assert_eq!(
        operator::add().call(&[two.clone(), three.clone()]).unwrap(),
        Value::from(5)
    );
    assert_eq!(
        operator::subtract()
            .call(&[two.clone(), three.clone()])
            .unwrap(),
        Value::from(-1)
    );
    assert_eq!(
        operator::multiply()
            .call(&[two.clone(), three.clone()])
            .unwrap(),
        Value::from(6)
    );
    assert_eq!(
        operator::divide()
            .call(&[three.clone(), two.clone()])
            .unwrap(),
        num(1.5)
    );
    assert_eq!(
        operator::modulo()
            .call(&[three.clone(), two.clone()])
            .unwrap(),
        Value::from(1)
    );
    assert_eq!(
        operator::negate().call(std::slice::from_ref(&two)).unwrap(),
        Value::from(-2)
    );
    let t = Value::Bool(true);
    let f = Value::Bool(false);
    assert_eq!(
        operator::less_than()
            .call(&[two.clone(), three.clone()])
            .unwrap(),
        t
    );
    assert_eq!(
        operator::less_than_or_equal_to()
            .call(&[two.clone(), two.clone()])
            .unwrap(),
        t
    );
    assert_eq!(
        operator::greater_than()
            .call(&[two.clone(), three.clone()])
            .unwrap(),
        f
    );
    assert_eq!(
        operator::greater_than_or_equal_to()
            .call(&[three.clone(), two.clone()])
            .unwrap(),
        t
    );
    assert_eq!(
        operator::less_than()
            .call(&[Value::unknown(Type::Number), two.clone()])
            .unwrap(),
        Value::unknown(Type::Bool)
    );
    assert_eq!(
        operator::add().call(&[Value::dynamic(), two]).unwrap(),
        Value::unknown(Type::Number)
    );
    assert_eq!(
        message(
            operator::divide()
                .call(&[Value::from(0), Value::from(0)])
                .unwrap_err()
        ),
        "can't divide zero by zero or infinity by infinity"
    );
}

fn exact(text: &str) -> Value {
    Value::Number(Number::parse_decimal(text).unwrap())
}

#[test]
fn number_functions_keep_full_precision() {
    let cases: Vec<(&str, Vec<Value>, Value)> = vec![
        (
            "abs",
            vec![exact("-123456789012345678901234567890")],
            exact("123456789012345678901234567890"),
        ),
        (
            "floor",
            vec![exact("12345678901234567890.5")],
            exact("12345678901234567890"),
        ),
        (
            "ceil",
            vec![exact("-12345678901234567890.5")],
            exact("-12345678901234567890"),
        ),
        ("ceil", vec![exact("0.1")], exact("1")),
        (
            "pow",
            vec![num(3.0), num(40.0)],
            exact("12157665459056928801"),
        ),
        ("pow", vec![num(1.0), num(1e9)], num(1.0)),
        ("pow", vec![num(-1.0), num(1e9 + 1.0)], num(-1.0)),
        ("pow", vec![num(0.0), num(1e9)], num(0.0)),
        (
            "max",
            vec![exact("0.1"), exact("0.10000000000000001")],
            exact("0.10000000000000001"),
        ),
        (
            "parseint",
            vec![Value::from("ffffffffffffffffffffffffffffffff"), num(16.0)],
            exact("340282366920938463463374607431768211455"),
        ),
    ];
    for (name, args, want) in cases {
        assert_eq!(call(name, &args).unwrap(), want, "{name}({args:?})");
    }
}

#[test]
fn operator_helpers_keep_full_precision() {
    let n = |s: &str| Number::parse_decimal(s).unwrap();
    assert_eq!(add(&n("0.1"), &n("0.2")).unwrap(), n("0.3"));
    assert_eq!(modulo(&n("5.5"), &n("2")).unwrap(), n("1.5"));
    assert_eq!(
        multiply(&n("9223372036854775807"), &n("2")).unwrap(),
        n("18446744073709551614")
    );
}
