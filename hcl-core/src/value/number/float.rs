//! The finite non-`i64` representation and the one rounding step every
//! operation ends with.
//!
//! A finite number is `±mant · 2^exp` with `mant` odd. Keeping the mantissa
//! odd makes the representation unique, so derived equality and hashing agree
//! with numeric equality.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::Zero;

use super::{Number, NumberError, Repr};

/// Mantissa bits of a rounded (non-integer) result.
pub(super) const PRECISION: u64 = 512;

/// A finite value `±mant · 2^exp` that is not an `i64`.
///
/// Invariants: `mant` is odd; `2^(MIN_EXP-1) <= |value| < 2^MAX_BITS`; if
/// the value is an integer it does not fit in `i64`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct BigFloat {
    pub(super) neg: bool,
    pub(super) mant: BigUint,
    pub(super) exp: i64,
}

/// A non-integer `±mant · 2^exp` (odd `mant`, negative `exp`) whose
/// mantissa fits in 64 bits: the inline form of such a [`BigFloat`]. Every
/// number of this shape is stored this way and no other, so equal numbers
/// keep one representation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Frac {
    pub(super) neg: bool,
    pub(super) mant: u64,
    pub(super) exp: i32,
}

impl Frac {
    /// `±mant · 2^exp` when that is a non-integer: the mantissa's trailing
    /// zero bits are moved to the exponent, which must then be negative.
    pub(super) fn new(neg: bool, mant: u64, exp: i64) -> Option<Frac> {
        if mant == 0 {
            return None;
        }
        let tz = mant.trailing_zeros();
        let exp = exp.checked_add(i64::from(tz)).filter(|&e| e < 0)?;
        Some(Frac {
            neg,
            mant: mant >> tz,
            exp: i32::try_from(exp).ok()?,
        })
    }

    /// The same number as a [`BigFloat`] (for the operations written for
    /// those).
    pub(super) fn to_big(self) -> BigFloat {
        BigFloat {
            neg: self.neg,
            mant: BigUint::from(self.mant),
            exp: i64::from(self.exp),
        }
    }

    /// The nearest `f64`; without the heap when it is exact (see
    /// `format::exact_f64`).
    pub(super) fn to_f64(self) -> f64 {
        match super::format::exact_f64(self.mant, i64::from(self.exp)) {
            Some(mag) if self.neg => -mag,
            Some(mag) => mag,
            None => super::format::big_to_f64(&self.to_big()),
        }
    }
}

/// A borrowed view of any finite number as `±mant · 2^exp`. Zero has a zero
/// mantissa; otherwise the mantissa is odd.
pub(super) struct Parts<'a> {
    pub(super) neg: bool,
    pub(super) mant: Cow<'a, BigUint>,
    pub(super) exp: i64,
}

impl Parts<'_> {
    pub(super) fn is_zero(&self) -> bool {
        self.mant.is_zero()
    }

    /// `t` such that `2^(t-1) <= |value| < 2^t` (Go's binary exponent).
    pub(super) fn top(&self) -> i64 {
        self.mant.bits() as i64 + self.exp
    }

    pub(super) fn is_integer(&self) -> bool {
        self.exp >= 0
    }
}

impl Number {
    /// The finite parts of `self`; `None` for the infinities.
    pub(super) fn parts(&self) -> Option<Parts<'_>> {
        match &self.0 {
            Repr::Int(v) => {
                let mag = v.unsigned_abs();
                let tz = if mag == 0 { 0 } else { mag.trailing_zeros() };
                Some(Parts {
                    neg: *v < 0,
                    mant: Cow::Owned(BigUint::from(mag >> tz)),
                    exp: i64::from(tz),
                })
            }
            Repr::Frac(f) => Some(Parts {
                neg: f.neg,
                mant: Cow::Owned(BigUint::from(f.mant)),
                exp: i64::from(f.exp),
            }),
            Repr::Big(b) => Some(Parts {
                neg: b.neg,
                mant: Cow::Borrowed(&b.mant),
                exp: b.exp,
            }),
            Repr::PosInf | Repr::NegInf => None,
        }
    }
}

/// Builds the number `±(mant + δ) · 2^exp`, where `δ` is strictly between 0
/// and 1 when `sticky` is set and 0 otherwise.
///
/// An exact integer result is kept exact; anything else is rounded to
/// [`PRECISION`] bits, to nearest even. When `sticky` is set the caller must
/// supply at least `PRECISION + 1` mantissa bits, so that `δ` lies below the
/// rounding bit.
pub(super) fn finish(
    neg: bool,
    mant: BigUint,
    exp: i64,
    sticky: bool,
) -> Result<Number, NumberError> {
    debug_assert!(!sticky || mant.bits() > PRECISION);
    let (mut mant, mut exp) = (mant, exp);
    if !sticky {
        if mant.is_zero() {
            return Ok(Number::zero());
        }
        strip(&mut mant, &mut exp);
        if exp >= 0 {
            return normalised(neg, mant, exp);
        }
    }
    round_to(&mut mant, &mut exp, sticky, PRECISION);
    if mant.is_zero() {
        return Ok(Number::zero());
    }
    strip(&mut mant, &mut exp);
    normalised(neg, mant, exp)
}

/// Rounds `(mant + δ) · 2^exp` to `prec` bits, nearest even, in place.
pub(super) fn round_to(mant: &mut BigUint, exp: &mut i64, sticky: bool, prec: u64) {
    let bits = mant.bits();
    if bits <= prec {
        return;
    }
    let shift = bits - prec;
    let half = mant.bit(shift - 1);
    // Anything set below the half bit makes the discarded part more than half.
    let below = sticky || mant.trailing_zeros().is_some_and(|tz| tz < shift - 1);
    let mut q = &*mant >> shift;
    if half && (below || q.bit(0)) {
        q += 1u32;
    }
    *mant = q;
    *exp += shift as i64;
}

fn strip(mant: &mut BigUint, exp: &mut i64) {
    if let Some(tz) = mant.trailing_zeros() {
        if tz > 0 {
            *mant >>= tz;
            *exp += tz as i64;
        }
    }
}

/// Applies the range limits and picks the representation of an odd-mantissa
/// value.
fn normalised(neg: bool, mant: BigUint, exp: i64) -> Result<Number, NumberError> {
    let top = mant.bits() as i64 + exp;
    if top > Number::MAX_BITS {
        return Err(NumberError::Overflow);
    }
    if top < Number::MIN_EXP {
        // Go's big.Float flushes an exponent underflow to zero, too.
        return Ok(Number::zero());
    }
    if exp >= 0 && top <= 64 {
        if let Some(small) = small_int(neg, &mant, exp) {
            return Ok(Number(Repr::Int(small)));
        }
    }
    if exp < 0 {
        if let (Ok(m), Ok(e)) = (u64::try_from(&mant), i32::try_from(exp)) {
            return Ok(Number(Repr::Frac(Frac {
                neg,
                mant: m,
                exp: e,
            })));
        }
    }
    Ok(Number(Repr::Big(Arc::new(BigFloat { neg, mant, exp }))))
}

fn small_int(neg: bool, mant: &BigUint, exp: i64) -> Option<i64> {
    let m = u64::try_from(mant).ok()?;
    let mag = m.checked_shl(u32::try_from(exp).ok()?)?;
    if mag >> exp != m {
        return None;
    }
    if neg {
        0i64.checked_sub_unsigned(mag)
    } else {
        i64::try_from(mag).ok()
    }
}

/// Compares the magnitudes of two non-zero finite values.
pub(super) fn cmp_magnitude(a: &Parts<'_>, b: &Parts<'_>) -> Ordering {
    match a.top().cmp(&b.top()) {
        Ordering::Equal => {}
        other => return other,
    }
    // Same top bit: the exponents differ by at most the mantissa lengths.
    let e = a.exp.min(b.exp);
    let ma = &*a.mant << (a.exp - e) as u64;
    let mb = &*b.mant << (b.exp - e) as u64;
    ma.cmp(&mb)
}

/// Numeric comparison of two finite values.
pub(super) fn cmp_finite(a: &Parts<'_>, b: &Parts<'_>) -> Ordering {
    let sign = |p: &Parts<'_>| match (p.is_zero(), p.neg) {
        (true, _) => 0,
        (false, true) => -1,
        (false, false) => 1,
    };
    let (sa, sb) = (sign(a), sign(b));
    if sa != sb || sa == 0 {
        return sa.cmp(&sb);
    }
    let m = cmp_magnitude(a, b);
    if sa < 0 {
        m.reverse()
    } else {
        m
    }
}
