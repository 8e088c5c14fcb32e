//! Property tests: text round trips and agreement with machine arithmetic.

use proptest::prelude::*;

use super::super::{Number, NumberError};

/// Decimal texts: integers of any length, fractions, and scaled values.
fn decimal_text() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        "[0-9]{1,60}",
        proptest::option::of("[0-9]{1,60}"),
        -400i32..400,
    )
        .prop_map(|(neg, int, frac, exp)| {
            let sign = if neg { "-" } else { "" };
            match frac {
                Some(f) => format!("{sign}{int}.{f}e{exp}"),
                None => format!("{sign}{int}"),
            }
        })
}

fn parse_signed(s: &str) -> Number {
    match s.strip_prefix('-') {
        Some(rest) => Number::parse_literal(rest).unwrap().neg(),
        None => Number::parse_literal(s).unwrap(),
    }
}

fn finite_f64() -> impl Strategy<Value = f64> {
    any::<f64>().prop_filter("finite", |f| f.is_finite())
}

proptest! {
    #[test]
    fn format_then_parse_is_the_identity(text in decimal_text()) {
        let x = parse_signed(&text);
        let shown = x.to_string();
        prop_assert_eq!(Number::parse_decimal(&shown).unwrap(), x.clone());
        prop_assert_eq!(Number::parse_decimal(&x.to_string_exact()).unwrap(), x);
    }

    #[test]
    fn quotients_read_back(a in any::<i64>(), b in any::<i64>(), k in -2000i64..2000) {
        prop_assume!(b != 0);
        let scale = Number::from(2).pow(&Number::from(k)).unwrap();
        let x = Number::from(a).div(&Number::from(b)).unwrap().mul(&scale).unwrap();
        prop_assert_eq!(Number::parse_decimal(&x.to_string()).unwrap(), x);
    }

    #[test]
    fn integer_add_sub_mul_agree_with_i128(a in any::<i64>(), b in any::<i64>(), c in any::<i128>()) {
        let (x, y) = (Number::from(a), Number::from(b));
        let (a, b) = (i128::from(a), i128::from(b));
        prop_assert_eq!(x.add(&y).unwrap().to_i128(), Some(a + b));
        prop_assert_eq!(x.sub(&y).unwrap().to_i128(), Some(a - b));
        prop_assert_eq!(x.mul(&y).unwrap().to_i128(), Some(a * b));
        let z = Number::from(c);
        prop_assert_eq!(z.to_i128(), Some(c));
        prop_assert_eq!(z.to_string(), c.to_string());
        let half = c / 2;
        prop_assert_eq!(Number::from(half).add(&Number::from(half)).unwrap().to_i128(), Some(half * 2));
        if b != 0 {
            prop_assert_eq!(x.rem(&y).unwrap().to_i128(), Some(a % b));
        }
    }

    #[test]
    fn ordering_agrees_with_f64(a in finite_f64(), b in finite_f64()) {
        let (x, y) = (Number::from_f64(a).unwrap(), Number::from_f64(b).unwrap());
        prop_assert_eq!(x.cmp(&y), a.partial_cmp(&b).unwrap());
        prop_assert_eq!(x.to_f64(), if a == 0.0 { 0.0 } else { a });
    }

    #[test]
    fn ordering_agrees_with_f64_for_exact_binary_values(m in any::<i32>(), k in -1100i64..1000, m2 in any::<i32>(), k2 in -1100i64..1000) {
        // m·2^k is exactly an f64 (a 32-bit mantissa), so compare exactly.
        let exact = |m: i32, k: i64| Number::from(m).mul(&Number::from(2).pow(&Number::from(k)).unwrap()).unwrap();
        let f = |m: i32, k: i64| f64::from(m) * 2f64.powi(k as i32);
        let (x, y) = (exact(m, k), exact(m2, k2));
        let (a, b) = (f(m, k), f(m2, k2));
        prop_assume!(a.is_finite() && b.is_finite() && (a != 0.0 || m == 0) && (b != 0.0 || m2 == 0));
        prop_assert_eq!(x.cmp(&y), a.partial_cmp(&b).unwrap());
        prop_assert_eq!(x.to_f64(), a);
    }

    #[test]
    fn addition_is_correctly_rounded_against_exact_integers(a in decimal_text(), b in decimal_text()) {
        // Scale both by 2^2000 so that every value is an integer, add
        // exactly, and compare after scaling back.
        let (x, y) = (parse_signed(&a), parse_signed(&b));
        let sum = x.add(&y).unwrap();
        let scale = Number::from(2).pow(&Number::from(3000)).unwrap();
        let xi = x.mul(&scale).unwrap();
        let yi = y.mul(&scale).unwrap();
        prop_assume!(xi.is_integer() && yi.is_integer());
        let exact = xi.add(&yi).unwrap();
        let back = exact.div(&scale).unwrap();
        prop_assert_eq!(sum, back);
    }
}

/// Edge values of every kind: zero, i64 limits, huge and tiny, infinities.
fn edge_number() -> impl Strategy<Value = Number> {
    let pow2 = |k: i64| Number::from(2).pow(&Number::from(k)).unwrap();
    let third = Number::one().div(&Number::from(3)).unwrap();
    prop::sample::select(vec![
        Number::zero(),
        Number::one(),
        Number::from(-1),
        Number::from(i64::MAX),
        Number::from(i64::MIN),
        Number::from(u128::MAX),
        third.clone(),
        third.neg(),
        pow2(Number::MAX_BITS - 1),
        pow2(Number::MAX_BITS - 1).neg(),
        pow2(Number::MIN_EXP - 1),
        pow2(-600).mul(&third).unwrap(),
        Number::parse_literal("0.1").unwrap(),
        Number::parse_literal("1e4000").unwrap(),
        Number::infinity(),
        Number::neg_infinity(),
    ])
}

proptest! {
    /// The short-literal path (at most 19 digits, no exponent) gives what
    /// exact division gives: the same number, so the same representation.
    #[test]
    fn short_decimals_parse_like_exact_division(
        int in prop_oneof![0u64..1_000, 0u64..10_000_000_000],
        frac in "[0-9]{0,9}",
        neg in any::<bool>(),
    ) {
        let text = if frac.is_empty() { int.to_string() } else { format!("{int}.{frac}") };
        let text = if neg { format!("-{text}") } else { text };
        let digits: u64 = format!("{int}{frac}").parse().unwrap();
        let scale = Number::from(10).pow(&Number::from(frac.len() as i64)).unwrap();
        let mut want = Number::from(digits).div(&scale).unwrap();
        if neg {
            want = want.neg();
        }
        let got = Number::parse_decimal(&text).unwrap();
        prop_assert_eq!(&got, &want);
        prop_assert_eq!(got.to_string(), want.to_string());
        prop_assert_eq!(Number::parse_literal(text.trim_start_matches('-')).unwrap(), want.abs());
        // The parser's entry to the short path, where it answers.
        if let Some(short) = Number::parse_short_literal(text.trim_start_matches('-').as_bytes()) {
            prop_assert_eq!(short, want.abs());
        }
    }
}

proptest! {
    #[test]
    fn parsing_any_text_fails_cleanly_or_reads_back(s in "[-+0-9.eE]{0,24}|\\PC{0,12}") {
        for r in [Number::parse_literal(&s), Number::parse_decimal(&s), Number::parse_json(&s)] {
            match r {
                Ok(x) => prop_assert_eq!(Number::parse_json(&x.to_string()).unwrap_or_else(|_| x.clone()), x),
                Err(e) => prop_assert!(matches!(e, NumberError::Syntax | NumberError::Overflow)),
            }
        }
    }

    #[test]
    fn operations_on_edge_values_are_consistent(a in edge_number(), b in edge_number()) {
        prop_assert_eq!(a.add(&b), b.add(&a));
        prop_assert_eq!(a.mul(&b), b.mul(&a));
        if let (Ok(d), Ok(e)) = (a.sub(&b), b.sub(&a)) {
            prop_assert_eq!(d, e.neg());
        }
        prop_assert_eq!(a.cmp(&b), b.cmp(&a).reverse());
        prop_assert_eq!(a == b, a.cmp(&b) == std::cmp::Ordering::Equal);
        // None of these may panic; their values are checked elsewhere.
        let _ = (a.div(&b), a.rem(&b), a.floor(), a.ceil(), a.trunc(), a.to_f64());
        let _ = a.pow(&Number::from(3));
    }
}
