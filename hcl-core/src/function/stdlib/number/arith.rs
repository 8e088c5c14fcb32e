//! Arithmetic on [`Number`]s with go-cty's rules and error messages.
//!
//! Every operation goes through this module so that the stdlib depends on
//! one narrow seam of the `Number` API.
#![allow(dead_code)] // the operator helpers wait for the evaluator

use crate::value::{Number, NumberError};

fn from_f64(f: f64) -> Result<Number, NumberError> {
    Number::from_f64(f).ok_or(NumberError::NotANumber)
}

/// `a + b`; opposing infinities have no sum.
pub(crate) fn add(a: &Number, b: &Number) -> Result<Number, String> {
    a.add(b)
        .map_err(|_| "can't compute sum of opposing infinities".to_owned())
}

/// `a - b`; an infinity minus itself has no result.
pub(crate) fn subtract(a: &Number, b: &Number) -> Result<Number, String> {
    from_f64(a.to_f64() - b.to_f64()).map_err(|_| "can't subtract infinity from itself".to_owned())
}

/// `a * b`; zero times infinity has no result.
pub(crate) fn multiply(a: &Number, b: &Number) -> Result<Number, String> {
    from_f64(a.to_f64() * b.to_f64()).map_err(|_| "can't multiply zero by infinity".to_owned())
}

/// `a / b`; a non-zero number divided by zero is an infinity of its sign.
pub(crate) fn divide(a: &Number, b: &Number) -> Result<Number, String> {
    from_f64(a.to_f64() / b.to_f64())
        .map_err(|_| "can't divide zero by zero or infinity by infinity".to_owned())
}

/// `a % b` as go-cty computes it: the remainder of truncated division (its
/// sign is the dividend's), `a` itself when `b` is zero, and the product of
/// the operands when either is infinite.
pub(crate) fn modulo(a: &Number, b: &Number) -> Result<Number, String> {
    let error = || "can't use modulo with zero and infinity".to_owned();
    if a.is_infinite() || b.is_infinite() {
        return from_f64(a.to_f64() * b.to_f64()).map_err(|_| error());
    }
    if b.to_f64() == 0.0 {
        return Ok(a.clone());
    }
    from_f64(a.to_f64() % b.to_f64()).map_err(|_| error())
}

/// `-a`.
pub(crate) fn negate(a: &Number) -> Number {
    from_f64(-a.to_f64()).unwrap_or_else(|_| a.clone())
}

/// `|a|`.
pub(super) fn abs(a: &Number) -> Number {
    from_f64(a.to_f64().abs()).unwrap_or_else(|_| a.clone())
}

/// The smallest whole number `>= a`; infinities unchanged.
pub(super) fn ceil(a: &Number) -> Number {
    from_f64(a.to_f64().ceil()).unwrap_or_else(|_| a.clone())
}

/// The greatest whole number `<= a`; infinities unchanged.
pub(super) fn floor(a: &Number) -> Number {
    from_f64(a.to_f64().floor()).unwrap_or_else(|_| a.clone())
}

/// `-1`, `0` or `1`.
pub(super) fn signum(a: &Number) -> i64 {
    match a.cmp(&Number::zero()) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

/// `a` raised to `b`. A finite base and exponent whose result cannot be
/// represented is an overflow error rather than an infinity.
pub(super) fn pow(a: &Number, b: &Number) -> Result<Number, NumberError> {
    let r = a.to_f64().powf(b.to_f64());
    if r.is_infinite() && !a.is_infinite() && !b.is_infinite() && a.to_f64() != 0.0 {
        return Err(NumberError::Overflow);
    }
    from_f64(r)
}
