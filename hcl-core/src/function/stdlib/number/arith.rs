//! Arithmetic on [`Number`]s with go-cty's rules and error messages.
//!
//! Every operation of the stdlib goes through this module, so the messages
//! of go-cty's operator functions live in one place.
#![allow(dead_code)] // the operator helpers wait for the evaluator

use crate::value::{Number, NumberError};

/// `a + b`; opposing infinities have no sum.
pub(crate) fn add(a: &Number, b: &Number) -> Result<Number, String> {
    a.add(b)
        .map_err(|_| "can't compute sum of opposing infinities".to_owned())
}

/// `a - b`; an infinity minus itself has no result.
pub(crate) fn subtract(a: &Number, b: &Number) -> Result<Number, String> {
    a.sub(b)
        .map_err(|_| "can't subtract infinity from itself".to_owned())
}

/// `a * b`; zero times infinity has no result.
pub(crate) fn multiply(a: &Number, b: &Number) -> Result<Number, String> {
    a.mul(b).map_err(|e| match e {
        NumberError::Overflow => e.to_string(),
        _ => "can't multiply zero by infinity".to_owned(),
    })
}

/// `a / b`; a non-zero number divided by zero is an infinity of its sign.
pub(crate) fn divide(a: &Number, b: &Number) -> Result<Number, String> {
    a.div(b).map_err(|e| match e {
        NumberError::Overflow => e.to_string(),
        _ => "can't divide zero by zero or infinity by infinity".to_owned(),
    })
}

/// `a % b` as go-cty computes it: the remainder of truncated division (its
/// sign is the dividend's), `a` itself when `b` is zero, and the product of
/// the operands when either is infinite.
pub(crate) fn modulo(a: &Number, b: &Number) -> Result<Number, String> {
    a.rem(b).map_err(|e| match e {
        NumberError::Overflow => e.to_string(),
        _ => "can't use modulo with zero and infinity".to_owned(),
    })
}

/// `-a`.
pub(crate) fn negate(a: &Number) -> Number {
    a.neg()
}

/// `|a|`.
pub(super) fn abs(a: &Number) -> Number {
    a.abs()
}

/// The smallest whole number `>= a`; infinities unchanged.
pub(super) fn ceil(a: &Number) -> Number {
    a.ceil()
}

/// The greatest whole number `<= a`; infinities unchanged.
pub(super) fn floor(a: &Number) -> Number {
    a.floor()
}

/// `-1`, `0` or `1`.
pub(super) fn signum(a: &Number) -> i64 {
    i64::from(a.signum())
}

/// `a` raised to `b`: exact for integer exponents, with results beyond
/// [`Number::MAX_BITS`] an overflow error found before any work.
pub(super) fn pow(a: &Number, b: &Number) -> Result<Number, NumberError> {
    a.pow(b)
}
