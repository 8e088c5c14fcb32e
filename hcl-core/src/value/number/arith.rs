//! Arithmetic. Each operation computes the exact result when that is cheap
//! and bounded, and otherwise an exact proxy with a sticky bit that rounds the
//! same way, then rounds once (see [`finish`]).

use std::borrow::Cow;
use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

use super::float::{cmp_magnitude, finish, round_to, BigFloat, Frac, Parts, PRECISION};
use super::{Number, NumberError, Repr};

/// A non-integer power whose exact mantissa would exceed this many bits is
/// computed by repeated squaring at a higher working precision instead.
const EXACT_POW_BITS: u64 = 1 << 16;

/// Working precision of the approximate power, as Go uses for powers of five
/// in `big.ParseFloat`.
const POW_PRECISION: u64 = PRECISION + 64;

impl Number {
    /// Sum. `+Inf + -Inf` has no value.
    ///
    /// ```
    /// use hcl_core::Number;
    /// let n = |s| Number::parse_literal(s).unwrap();
    /// assert_eq!(n("0.1").add(&n("0.2")).unwrap(), n("0.3"));
    /// assert_eq!(Number::from(i64::MAX).add(&Number::from(1)).unwrap().to_string(), "9223372036854775808");
    /// ```
    #[inline]
    pub fn add(&self, o: &Number) -> Result<Number, NumberError> {
        match (&self.0, &o.0) {
            (Repr::Int(a), Repr::Int(b)) => Ok(match a.checked_add(*b) {
                Some(s) => Number(Repr::Int(s)),
                None => Number::from(i128::from(*a) + i128::from(*b)),
            }),
            (Repr::PosInf, Repr::NegInf) | (Repr::NegInf, Repr::PosInf) => {
                Err(NumberError::NotANumber)
            }
            (Repr::PosInf, _) | (_, Repr::PosInf) => Ok(Number::infinity()),
            (Repr::NegInf, _) | (_, Repr::NegInf) => Ok(Number::neg_infinity()),
            _ => match (self.parts(), o.parts()) {
                (Some(a), Some(b)) => add_finite(&a, &b),
                _ => Err(NumberError::NotANumber),
            },
        }
    }

    /// Difference. `+Inf - +Inf` has no value.
    #[inline]
    pub fn sub(&self, o: &Number) -> Result<Number, NumberError> {
        match (&self.0, &o.0) {
            (Repr::Int(a), Repr::Int(b)) => Ok(match a.checked_sub(*b) {
                Some(s) => Number(Repr::Int(s)),
                None => Number::from(i128::from(*a) - i128::from(*b)),
            }),
            _ => self.add(&o.neg()),
        }
    }

    /// Product. `0 × ∞` has no value.
    #[inline]
    pub fn mul(&self, o: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int(a), Repr::Int(b)) = (&self.0, &o.0) {
            return Ok(match a.checked_mul(*b) {
                Some(p) => Number(Repr::Int(p)),
                None => Number::from(i128::from(*a) * i128::from(*b)),
            });
        }
        if self.is_infinite() || o.is_infinite() {
            return match self.signum() * o.signum() {
                0 => Err(NumberError::NotANumber),
                s => Ok(signed_infinity(s < 0)),
            };
        }
        match (self.parts(), o.parts()) {
            (Some(a), Some(b)) => mul_finite(&a, &b),
            _ => Err(NumberError::NotANumber),
        }
    }

    /// Quotient, as Go's `big.Float.Quo`: `x / 0` is an infinity with the
    /// sign of `x`, `x / ∞` is zero; `0 / 0` and `∞ / ∞` have no value.
    ///
    /// ```
    /// use hcl_core::Number;
    /// assert_eq!(Number::from(6).div(&Number::from(3)).unwrap(), Number::from(2));
    /// assert_eq!(Number::from(-1).div(&Number::zero()).unwrap(), Number::neg_infinity());
    /// ```
    pub fn div(&self, o: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int(a), Repr::Int(b)) = (&self.0, &o.0) {
            if let (Some(0), Some(q)) = (a.checked_rem(*b), a.checked_div(*b)) {
                return Ok(Number(Repr::Int(q)));
            }
        }
        match (self.is_infinite(), o.is_infinite()) {
            (true, true) => return Err(NumberError::NotANumber),
            (true, false) => return Ok(signed_infinity((self.signum() < 0) != (o.signum() < 0))),
            (false, true) => return Ok(Number::zero()),
            (false, false) => {}
        }
        if o.is_zero() {
            return match self.signum() {
                0 => Err(NumberError::NotANumber),
                s => Ok(signed_infinity(s < 0)),
            };
        }
        match (self.parts(), o.parts()) {
            (Some(a), Some(b)) => div_finite(&a, &b),
            _ => Err(NumberError::NotANumber),
        }
    }

    /// Remainder as go-cty's `Value.Modulo`: the truncated remainder
    /// `a − b·trunc(a/b)`, with the sign of the dividend.
    ///
    /// Integers give the exact remainder. For other operands each step
    /// rounds as in go-cty (`q = trunc(a/b)` from the 512-bit quotient, then
    /// `a − b·q`), so `0.3 % 0.1` is `0` as there, not the tiny exact
    /// remainder of the two rounded operands; if a step overflows the exact
    /// remainder is used. If either operand is infinite the result is the
    /// product `a × b` (go-cty's choice); modulo zero returns the dividend.
    ///
    /// ```
    /// use hcl_core::Number;
    /// let n = |s| Number::parse_literal(s).unwrap();
    /// assert_eq!(Number::from(-7).rem(&Number::from(3)).unwrap(), Number::from(-1));
    /// assert_eq!(n("5.5").rem(&n("2")).unwrap(), n("1.5"));
    /// assert_eq!(n("0.3").rem(&n("0.1")).unwrap(), Number::zero());
    /// assert_eq!(Number::from(5).rem(&Number::zero()).unwrap(), Number::from(5));
    /// ```
    pub fn rem(&self, o: &Number) -> Result<Number, NumberError> {
        if self.is_infinite() || o.is_infinite() {
            return self.mul(o);
        }
        if o.is_zero() {
            return Ok(self.clone());
        }
        if let (Repr::Int(a), Repr::Int(b)) = (&self.0, &o.0) {
            // Only `i64::MIN % -1` overflows, and its remainder is 0.
            return Ok(Number(Repr::Int(a.checked_rem(*b).unwrap_or(0))));
        }
        if !(self.is_integer() && o.is_integer()) {
            let go_cty = self
                .div(o)
                .and_then(|q| o.mul(&q.trunc()))
                .and_then(|p| self.sub(&p));
            if let Ok(r) = go_cty {
                return Ok(r);
            }
        }
        match (self.parts(), o.parts()) {
            (Some(a), Some(b)) => rem_finite(self, &a, &b),
            _ => Err(NumberError::NotANumber),
        }
    }

    /// Negation.
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::Int(v) => match v.checked_neg() {
                Some(n) => Number(Repr::Int(n)),
                None => Number::from(-i128::from(*v)),
            },
            Repr::Frac(f) => Number(Repr::Frac(Frac { neg: !f.neg, ..*f })),
            Repr::Big(b) => {
                // `2^63` is the only `Big` whose negation is an `Int`.
                if !b.neg && b.exp == 63 && b.mant.is_one() {
                    return Number(Repr::Int(i64::MIN));
                }
                let mut n = BigFloat::clone(b);
                n.neg = !n.neg;
                Number(Repr::Big(Arc::new(n)))
            }
            Repr::PosInf => Number::neg_infinity(),
            Repr::NegInf => Number::infinity(),
        }
    }

    /// Absolute value.
    pub fn abs(&self) -> Number {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// The largest integer not above the value (infinities stay).
    ///
    /// ```
    /// use hcl_core::Number;
    /// let n = |s| Number::parse_decimal(s).unwrap();
    /// assert_eq!(n("-1.5").floor(), n("-2"));
    /// assert_eq!(n("-1.5").ceil(), n("-1"));
    /// assert_eq!(n("-1.5").trunc(), n("-1"));
    /// ```
    pub fn floor(&self) -> Number {
        self.to_integer(Rounding::Floor)
    }

    /// The smallest integer not below the value (infinities stay).
    pub fn ceil(&self) -> Number {
        self.to_integer(Rounding::Ceil)
    }

    /// The integer part, rounding towards zero (infinities stay).
    pub fn trunc(&self) -> Number {
        self.to_integer(Rounding::Trunc)
    }

    fn to_integer(&self, mode: Rounding) -> Number {
        let b = match self.big_float() {
            Some(b) if b.exp < 0 => b,
            _ => return self.clone(),
        };
        // The mantissa is odd, so a negative exponent always leaves a fraction.
        let mut q = &b.mant >> b.exp.unsigned_abs();
        let away = match mode {
            Rounding::Floor => b.neg,
            Rounding::Ceil => !b.neg,
            Rounding::Trunc => false,
        };
        if away {
            q += 1u32;
        }
        // Below 2^512 in magnitude, so always within range.
        finish(b.neg, q, 0, false).unwrap_or_else(|_| Number::zero())
    }

    /// `self` raised to the power `e`.
    ///
    /// Integer exponents give the exact result when it is an integer (and
    /// `Overflow` beyond [`Number::MAX_BITS`] bits, checked before any work),
    /// and otherwise a 512-bit result: correctly rounded when the exact power
    /// has at most 65 536 bits, else within a few units in the last place.
    /// Special values follow IEEE `pow` (`x^0 = 1`, `0^-1 = +Inf`,
    /// `(-Inf)^3 = -Inf`, `0.5^Inf = 0`). Non-integer exponents go through
    /// `f64`, as go-cty's `pow` function does for every exponent; a result
    /// without value (`(-8)^0.5`) is `NotANumber`.
    ///
    /// ```
    /// use hcl_core::value::{Number, NumberError};
    /// let two = Number::from(2);
    /// assert_eq!(two.pow(&Number::from(10)).unwrap(), Number::from(1024));
    /// assert_eq!(two.pow(&Number::from(-2)).unwrap().to_string(), "0.25");
    /// assert_eq!(Number::from(10).pow(&Number::from(1_000_000_000)), Err(NumberError::Overflow));
    /// ```
    pub fn pow(&self, e: &Number) -> Result<Number, NumberError> {
        if e.is_zero() {
            return Ok(Number::one());
        }
        if e.is_infinite() {
            return Ok(pow_infinite_exponent(self, e.signum() > 0));
        }
        if !e.is_integer() {
            let r = self.to_f64().powf(e.to_f64());
            return Number::from_f64(r).ok_or(NumberError::NotANumber);
        }
        let odd = e.parts().is_some_and(|p| p.exp == 0);
        let positive = e.signum() > 0;
        match self.signum() {
            0 if positive => return Ok(Number::zero()),
            0 => return Ok(Number::infinity()),
            _ => {}
        }
        let result_neg = self.is_negative() && odd;
        if self.is_infinite() {
            return Ok(if positive {
                signed_infinity(result_neg)
            } else {
                Number::zero()
            });
        }
        let base = match self.parts() {
            Some(p) => p,
            None => return Err(NumberError::NotANumber),
        };
        // |self| = 1
        if base.exp == 0 && base.mant.is_one() {
            return Ok(if result_neg {
                Number::from(-1)
            } else {
                Number::one()
            });
        }
        // Estimate log2 of the result before doing any work.
        let log2 = log2_abs(&base) * e.to_f64();
        if log2 > (Number::MAX_BITS + 1) as f64 {
            return Err(NumberError::Overflow);
        }
        if log2 < (Number::MIN_EXP - 2) as f64 {
            return Ok(Number::zero());
        }
        // Exponents beyond u64 only pass the estimate for bases within
        // 2^-60 or so of ±1; refusing those is cheaper than being exact.
        let n = e
            .to_i128()
            .and_then(|v| u64::try_from(v.unsigned_abs()).ok())
            .ok_or(NumberError::Overflow)?;
        let (mant, exp, sticky) = pow_magnitude(&base, n)?;
        if positive {
            return finish(result_neg, mant, exp, sticky);
        }
        // The division rounds once more; it is correctly rounded when the
        // power was exact.
        let p = Parts {
            neg: result_neg,
            mant: Cow::Owned(mant),
            exp,
        };
        let one = Parts {
            neg: false,
            mant: Cow::Owned(BigUint::one()),
            exp: 0,
        };
        div_finite(&one, &p)
    }
}

#[derive(Clone, Copy)]
enum Rounding {
    Floor,
    Ceil,
    Trunc,
}

fn signed_infinity(neg: bool) -> Number {
    if neg {
        Number::neg_infinity()
    } else {
        Number::infinity()
    }
}

fn add_finite(a: &Parts<'_>, b: &Parts<'_>) -> Result<Number, NumberError> {
    if a.is_zero() {
        return finish(b.neg, b.mant.clone().into_owned(), b.exp, false);
    }
    if b.is_zero() {
        return finish(a.neg, a.mant.clone().into_owned(), a.exp, false);
    }
    let (x, y) = if a.top() >= b.top() { (a, b) } else { (b, a) };
    if !(x.is_integer() && y.is_integer()) {
        // If y lies entirely below the last of PRECISION + 3 bits of x, it
        // only decides the rounding direction: keep it as a sticky bit
        // instead of aligning mantissas across a huge exponent gap.
        let sh = (PRECISION + 3).saturating_sub(x.mant.bits());
        let unit = x.exp - sh as i64;
        if y.top() <= unit {
            let m = &*x.mant << sh;
            let m = if x.neg == y.neg { m } else { m - 1u32 };
            return finish(x.neg, m, unit, true);
        }
    }
    // Exact: the gap is bounded by MAX_BITS for integers and by about two
    // precisions otherwise.
    let e = x.exp.min(y.exp);
    let mx = &*x.mant << (x.exp - e) as u64;
    let my = &*y.mant << (y.exp - e) as u64;
    if x.neg == y.neg {
        return finish(x.neg, mx + my, e, false);
    }
    match mx.cmp(&my) {
        Ordering::Greater => finish(x.neg, mx - my, e, false),
        Ordering::Less => finish(y.neg, my - mx, e, false),
        Ordering::Equal => Ok(Number::zero()),
    }
}

fn mul_finite(a: &Parts<'_>, b: &Parts<'_>) -> Result<Number, NumberError> {
    if a.is_zero() || b.is_zero() {
        return Ok(Number::zero());
    }
    // The product of the odd mantissas is at least 2^(bits_a + bits_b - 2).
    let low = a.mant.bits() as i64 + b.mant.bits() as i64 - 1 + a.exp + b.exp;
    if low > Number::MAX_BITS {
        return Err(NumberError::Overflow);
    }
    finish(a.neg != b.neg, &*a.mant * &*b.mant, a.exp + b.exp, false)
}

fn div_finite(a: &Parts<'_>, b: &Parts<'_>) -> Result<Number, NumberError> {
    if a.is_zero() {
        return Ok(Number::zero());
    }
    let neg = a.neg != b.neg;
    let exp = a.exp - b.exp;
    if b.mant.is_one() {
        return finish(neg, a.mant.clone().into_owned(), exp, false);
    }
    let s = (PRECISION + 2 + b.mant.bits()).saturating_sub(a.mant.bits());
    let (q, r) = (&*a.mant << s).div_rem(&b.mant);
    finish(neg, q, exp - s as i64, !r.is_zero())
}

fn rem_finite(a_num: &Number, a: &Parts<'_>, b: &Parts<'_>) -> Result<Number, NumberError> {
    if a.is_zero() || cmp_magnitude(a, b) == Ordering::Less {
        return Ok(a_num.clone());
    }
    // |a| >= |b|: the alignment shift is bounded by MAX_BITS - MIN_EXP.
    let e = a.exp.min(b.exp);
    let ma = &*a.mant << (a.exp - e) as u64;
    let mb = &*b.mant << (b.exp - e) as u64;
    finish(a.neg, ma % mb, e, false)
}

/// An approximation of `log2 |x|` for a non-zero finite `x`, good to about
/// 1e-15 relative.
fn log2_abs(x: &Parts<'_>) -> f64 {
    let bits = x.mant.bits();
    let drop = bits.saturating_sub(64);
    let lead = u64::try_from(&*x.mant >> drop).unwrap_or(u64::MAX);
    (lead as f64).log2() + drop as f64 + x.exp as f64
}

/// `|base|^n` as `(mant, exp, sticky)`: exact when that is affordable,
/// otherwise rounded to [`POW_PRECISION`] bits with a sticky marker.
fn pow_magnitude(base: &Parts<'_>, n: u64) -> Result<(BigUint, i64, bool), NumberError> {
    let exact_bits = if base.is_integer() {
        0
    } else {
        base.mant.bits().saturating_mul(n)
    };
    if exact_bits <= EXACT_POW_BITS {
        // Integers: the caller's estimate keeps n·log2|base| within MAX_BITS.
        let n32 = u32::try_from(n).map_err(|_| NumberError::Overflow)?;
        let exp = base
            .exp
            .checked_mul(i64::from(n32))
            .ok_or(NumberError::Overflow)?;
        return Ok((base.mant.pow(n32), exp, false));
    }
    // Square and multiply at the working precision; the result carries a
    // sticky bit, so it is rounded once more at the end (as Go's pow5 does).
    // Every square is at most the final power in magnitude (or at least it,
    // below one), so the exponents stay within the range limits.
    let mut result = (BigUint::one(), 0i64);
    let mut sq = (base.mant.clone().into_owned(), base.exp);
    let mut k = n;
    while k > 0 {
        if k & 1 == 1 {
            result = (&result.0 * &sq.0, result.1 + sq.1);
            round_to(&mut result.0, &mut result.1, false, POW_PRECISION);
        }
        k >>= 1;
        if k > 0 {
            sq = (&sq.0 * &sq.0, sq.1 * 2);
            round_to(&mut sq.0, &mut sq.1, false, POW_PRECISION);
        }
    }
    // Widen so that the sticky bit sits below the rounding bit.
    let (mut m, mut e) = result;
    let widen = (PRECISION + 3).saturating_sub(m.bits());
    m <<= widen;
    e -= widen as i64;
    Ok((m, e, true))
}

fn pow_infinite_exponent(x: &Number, positive: bool) -> Number {
    let mag = x.abs().cmp(&Number::one());
    match (mag, positive) {
        (Ordering::Equal, _) => Number::one(),
        (Ordering::Greater, true) | (Ordering::Less, false) => Number::infinity(),
        (Ordering::Greater, false) | (Ordering::Less, true) => Number::zero(),
    }
}
