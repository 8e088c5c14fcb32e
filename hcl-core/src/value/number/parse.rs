//! Decimal text to numbers, correctly rounded.
//!
//! The digits are read exactly into an integer `D` with a decimal exponent
//! `k`. For `k >= 0` the value is the exact integer `D·10^k`. For `k < 0` it
//! is `D / (5^j · 2^j)` with `j = -k`: one long division with enough quotient
//! bits and a sticky remainder gives the correctly rounded result. Go's
//! `big.ParseFloat` rounds once at the end as well, so both agree (Go divides
//! by `5^j` computed at 576 bits, which is exact for up to 248 fraction
//! digits).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

use super::float::{finish, Frac, PRECISION};
use super::{Number, NumberError, Repr};

/// Which text form is accepted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Grammar {
    /// `DIGIT+ ("." DIGIT*)? (("e" | "E") ("+" | "-")? DIGIT+)?`: the
    /// fraction's digits may be missing, as Go's `big.ParseFloat` (which the
    /// reference parses literals with) allows, so `1.e5` is 100000. (The
    /// lexer never ends a number token with its dot: `1.` is `1` and `.`.)
    Literal,
    /// `"-"? DIGIT+ ("." DIGIT+)?`
    Decimal,
    /// `"-"? DIGIT+ ("." DIGIT+)? (("e" | "E") ("+" | "-")? DIGIT+)?`, for
    /// JSON numbers and Rust's own `{:e}` output of an `f64`.
    General,
}

/// `log2(10)`, for the cheap range estimates done before any big arithmetic.
const LOG2_10: f64 = std::f64::consts::LOG2_10;

/// Written exponents are clamped here: far beyond any representable value,
/// and small enough that adding the digit count cannot overflow.
const EXP_CLAMP: i64 = 1 << 40;

pub(super) fn parse_general(s: &str) -> Result<Number, NumberError> {
    parse(s, Grammar::General)
}

pub(super) fn parse(s: &str, grammar: Grammar) -> Result<Number, NumberError> {
    let b = s.as_bytes();
    if let Some(n) = short_decimal(b, grammar) {
        return Ok(n);
    }
    let mut i = 0;
    let neg = grammar != Grammar::Literal && b.first() == Some(&b'-');
    if neg {
        i += 1;
    }
    let int = digits(b, &mut i);
    if int.is_empty() {
        return Err(NumberError::Syntax);
    }
    let mut frac: &[u8] = &[];
    if b.get(i) == Some(&b'.') {
        i += 1;
        frac = digits(b, &mut i);
        if frac.is_empty() && grammar != Grammar::Literal {
            return Err(NumberError::Syntax);
        }
    }
    let mut exp10: i64 = 0;
    if grammar != Grammar::Decimal && matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        let exp_neg = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let ds = digits(b, &mut i);
        if ds.is_empty() {
            return Err(NumberError::Syntax);
        }
        exp10 = exponent_value(ds);
        if exp_neg {
            exp10 = -exp10;
        }
    }
    if i != b.len() {
        return Err(NumberError::Syntax);
    }
    from_digits(neg, int, frac, exp10)
}

impl Number {
    /// A native-syntax literal ([`Number::parse_literal`]'s grammar) read
    /// the short way, for the parser: `None` where only the general parse
    /// can read it (or report it). (Bytes: the parser reads a literal's
    /// ASCII without the `str` slice's checks for character boundaries.)
    #[inline]
    pub(crate) fn parse_short_literal(b: &[u8]) -> Option<Number> {
        short_decimal(b, Grammar::Literal)
    }
}

impl Number {
    /// About how many bytes of exact digits reading the number text `s`
    /// (a native literal or a JSON number) works with: its digits and, for
    /// an exponent, the digits of the power of ten it scales them by (an
    /// integer `1e300000` is held exactly, ≈ 125 KB, and a tiny fraction is
    /// found by a division as long). An exponent past the number model's
    /// range counts as that range: such text is refused before any work.
    /// The parsers bound the total with [`crate::Limits::max_number_bytes`].
    pub(crate) fn exact_work_bytes(s: &str) -> usize {
        let b = s.as_bytes();
        let (mantissa, exponent) = match b.iter().position(|&c| c == b'e' || c == b'E') {
            Some(e) => b.split_at(e),
            None => (b, &b""[..]),
        };
        let figures = mantissa.iter().filter(|c| c.is_ascii_digit()).count() as f64;
        let range = (Number::MAX_BITS.max(-Number::MIN_EXP) as f64 / LOG2_10).ceil();
        // (After the `e`, the sign if any, then the digits.)
        let mut at = usize::from(!exponent.is_empty());
        at += usize::from(matches!(exponent.get(at), Some(b'+' | b'-')));
        let exp = (exponent_value(digits(exponent, &mut at)) as f64).min(range);
        ((figures + exp) * LOG2_10 / 8.0).ceil() as usize
    }
}

/// The value of an exponent's ASCII digits, clamped at [`EXP_CLAMP`].
fn exponent_value(ds: &[u8]) -> i64 {
    ds.iter().fold(0, |v: i64, &d| {
        (v * 10 + i64::from(d - b'0')).min(EXP_CLAMP)
    })
}

/// `5^j` for the fraction digits `j` of [`short_decimal`] (a table: the
/// loop of `pow` costs more than the rest of a short literal).
const POW5: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 5;
        i += 1;
    }
    t
};

/// The commonest literals without the general machinery: at most 19
/// characters, digits with one optional `.` between digits (so at most 19
/// digits: the value fits a `u64` before its sign), no exponent, and a
/// value that is an integer or a short binary fraction (`8080`, `0.5`,
/// `-2.25`). `None`: anything else, for the general parse (which also
/// reports errors). One pass over the bytes; the differential property
/// test `short_decimals_parse_like_exact_division` holds it to exact
/// division.
#[inline]
fn short_decimal(b: &[u8], grammar: Grammar) -> Option<Number> {
    let (neg, b) = match b.split_first() {
        Some((b'-', rest)) if grammar != Grammar::Literal => (true, rest),
        _ => (false, b),
    };
    if b.len() > 19 {
        return None;
    }
    let mut d = 0u64;
    let mut dot = None;
    for (i, &c) in b.iter().enumerate() {
        let digit = c.wrapping_sub(b'0');
        if digit <= 9 {
            d = d * 10 + u64::from(digit);
        } else if c == b'.' && dot.is_none() {
            dot = Some(i);
        } else {
            return None;
        }
    }
    // Fraction digits, without the trailing zeros (`1.50` is `1.5`, `2.0`
    // the integer 2).
    let mut j = match dot {
        None if b.is_empty() => return None,
        None => 0,
        Some(i) if i == 0 || i + 1 == b.len() => return None,
        Some(i) => (b.len() - i - 1) as u32,
    };
    while j > 0 && d % 10 == 0 {
        d /= 10;
        j -= 1;
    }
    if j == 0 {
        let v = i64::try_from(d).ok()?;
        return Some(Number::from(if neg { -v } else { v }));
    }
    // d / 10^j = (d / 5^j) · 2^-j, exactly when 5^j divides d.
    let p5 = *POW5.get(j as usize)?;
    if d % p5 != 0 {
        return None;
    }
    Frac::new(neg, d / p5, -i64::from(j)).map(|f| Number(Repr::Frac(f)))
}

fn digits<'a>(b: &'a [u8], i: &mut usize) -> &'a [u8] {
    let start = *i;
    while b.get(*i).is_some_and(u8::is_ascii_digit) {
        *i += 1;
    }
    b.get(start..*i).unwrap_or_default()
}

/// The value `int.frac · 10^exp10`, from ASCII digit strings.
fn from_digits(neg: bool, int: &[u8], frac: &[u8], exp10: i64) -> Result<Number, NumberError> {
    // Significant digits, without leading and trailing zeros.
    let all = || int.iter().chain(frac.iter()).copied();
    let lead = all().take_while(|&d| d == b'0').count();
    let total = int.len() + frac.len();
    if lead == total {
        return Ok(Number::zero());
    }
    let trail = all().rev().take_while(|&d| d == b'0').count();
    let count = total - lead - trail;
    // value = D · 10^k, where D has `count` digits.
    let k = exp10 - frac.len() as i64 + trail as i64;

    // 10^(count-1+k) <= value < 10^(count+k)
    let low = (count as i64 - 1 + k) as f64 * LOG2_10;
    let high = (count as i64 + k) as f64 * LOG2_10;
    if low > (Number::MAX_BITS + 2) as f64 {
        return Err(NumberError::Overflow);
    }
    if high < (Number::MIN_EXP - 2) as f64 {
        return Ok(Number::zero());
    }

    let sig = || all().skip(lead).take(count);
    if count <= 19 && (0..=19).contains(&k) {
        // No allocation for the integers that fit in 64 bits.
        let d = sig().fold(0u64, |acc, c| acc * 10 + u64::from(c - b'0'));
        if let Some(v) = 10u64
            .checked_pow(k as u32)
            .and_then(|p| d.checked_mul(p))
            .and_then(|v| i64::try_from(v).ok())
        {
            return Ok(Number(Repr::Int(if neg { -v } else { v })));
        }
    }

    if count <= 19 && (-27..0).contains(&k) {
        // A short decimal fraction that is a binary fraction too (`0.5`,
        // `2.25`): `D / 10^j = (D / 5^j) · 2^-j` exactly when `5^j` divides
        // `D`, with no long division (5^27 still fits in 64 bits).
        let d = sig().fold(0u64, |acc, c| acc * 10 + u64::from(c - b'0'));
        let j = k.unsigned_abs() as u32;
        let p5 = 5u64.pow(j);
        if d % p5 == 0 {
            // `d` has no trailing zero digit, so the value is no integer.
            if let Some(frac) = Frac::new(neg, d / p5, k) {
                return Ok(Number(Repr::Frac(frac)));
            }
            return finish(neg, BigUint::from(d / p5), k, false);
        }
    }

    let text: Vec<u8> = sig().collect();
    let d = BigUint::parse_bytes(&text, 10).unwrap_or_default();
    if k >= 0 {
        let p = BigUint::from(10u32).pow(k as u32);
        return finish(neg, d * p, 0, false);
    }
    let j = k.unsigned_abs();
    let p5 = pow5(j);
    // Enough quotient bits that the remainder only acts as a sticky bit.
    let s = (PRECISION + 2 + p5.bits()).saturating_sub(d.bits());
    let (q, r) = (d << s).div_rem(&p5);
    finish(neg, q, -(j as i64) - s as i64, !r.is_zero())
}

/// `5^n`; callers keep `n` within the range limits (at most a few million).
pub(super) fn pow5(n: u64) -> BigUint {
    if n == 0 {
        return BigUint::one();
    }
    BigUint::from(5u32).pow(u32::try_from(n).unwrap_or(u32::MAX))
}
