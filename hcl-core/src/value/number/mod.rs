//! Arbitrary-precision numbers, matching go-cty's `*big.Float` numbers (512
//! bits, round to nearest even) digit for digit, except that integers stay
//! exact at any size.
//!
//! - Integers are exact up to [`Number::MAX_BITS`] bits. Integers that fit in
//!   `i64` take no heap allocation.
//! - Non-integer results are rounded to a [`Number::PRECISION`]-bit mantissa,
//!   to nearest even. An operation whose exact result is an integer keeps it
//!   exact (`0.5 + 0.5` is exactly `1`).
//! - `+Inf` and `-Inf` exist; NaN does not (operations without a numeric
//!   result return [`NumberError::NotANumber`]).
//! - Text: [`Number::parse_literal`] reads native-syntax literals,
//!   [`Number::parse_decimal`] reads the string form, and `Display` writes the
//!   shortest decimal that reads back as the same number, without exponent
//!   (Go's `big.Float.Text('f', -1)`).

mod arith;
mod float;
mod format;
mod parse;
#[cfg(test)]
mod test;

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint, Sign};

use float::{cmp_finite, finish, BigFloat, Frac};

/// An HCL number: exact integers of any size, non-integers with a 512-bit
/// mantissa, and the two infinities. There is no NaN.
///
/// Equal numbers have one representation, so `Eq`, `Hash` and `Ord` are
/// numeric.
///
/// ```
/// use hcl_core::Number;
///
/// let third = Number::from(1).div(&Number::from(3)).unwrap();
/// assert!(third.to_string().starts_with("0.3333333333"));
/// let sum = Number::parse_literal("0.1").unwrap().add(&Number::parse_literal("0.2").unwrap());
/// assert_eq!(sum.unwrap().to_string(), "0.3");
/// let big = Number::parse_literal("115792089237316195423570985008687907853269984665640564039457584007913129639937").unwrap();
/// assert!(big.is_integer());
/// assert_eq!(big.sub(&Number::from(1)).unwrap().to_string(), "115792089237316195423570985008687907853269984665640564039457584007913129639936");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Number(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Every integer that fits in `i64`, zero included, is stored here.
    Int(i64),
    /// Every non-integer whose odd mantissa fits in 64 bits (`0.5`, `2.25`),
    /// without the heap.
    Frac(Frac),
    /// Any other finite number.
    Big(Arc<BigFloat>),
    PosInf,
    NegInf,
}

/// Why a number could not be made or computed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NumberError {
    /// The text is not a number in the expected syntax.
    Syntax,
    /// The result is too large to represent (see [`Number::MAX_BITS`]).
    Overflow,
    /// The operation has no numeric result (∞ − ∞, 0 × ∞, 0 ÷ 0, ∞ ÷ ∞).
    NotANumber,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberError::Syntax => "a number is required",
            NumberError::Overflow => "number is too large to represent",
            NumberError::NotANumber => "result is not a number",
        })
    }
}

impl std::error::Error for NumberError {}

impl Number {
    /// Mantissa bits of a non-integer number (go-cty's precision).
    pub const PRECISION: u64 = float::PRECISION;

    /// Every finite number is below `2^MAX_BITS` in magnitude, so integers
    /// have at most this many bits (about 301 030 decimal digits). Larger
    /// results are refused with [`NumberError::Overflow`] rather than spending
    /// unbounded time and memory.
    pub const MAX_BITS: i64 = 1_000_000;

    /// Every non-zero number is at least `2^(MIN_EXP - 1)` in magnitude;
    /// smaller results round to zero (as Go's `big.Float` flushes exponent
    /// underflow to zero). This bounds the length of the decimal form.
    pub const MIN_EXP: i64 = -1_000_000;

    /// The bytes this number keeps on the heap: none for integers that fit
    /// in `i64` and short fractions, about its mantissa's size otherwise
    /// (what an evaluation's budget charges for a number it builds).
    ///
    /// ```
    /// use hcl_core::Number;
    /// assert_eq!(Number::from(7).heap_bytes(), 0);
    /// // 3^4096 has 6492 bits.
    /// let big = Number::from(3).pow(&Number::from(4096)).unwrap();
    /// assert!(big.heap_bytes() >= 6492 / 8);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
            Repr::Big(b) => std::mem::size_of::<BigFloat>() + b.mant.bits().div_ceil(8) as usize,
            _ => 0,
        }
    }

    /// What an evaluation's budget charges for building or reading this
    /// number: its [`heap_bytes`](Self::heap_bytes), weighted as
    /// [`Limits::max_bytes`](crate::Limits::max_bytes) says for very large
    /// ones.
    pub(crate) fn charged_bytes(&self) -> usize {
        crate::limits::large_number_cost(self.heap_bytes())
    }

    /// Zero.
    pub const fn zero() -> Number {
        Number(Repr::Int(0))
    }

    /// One.
    pub const fn one() -> Number {
        Number(Repr::Int(1))
    }

    /// A small integer, in constant contexts (the syntax tree's table of
    /// small index keys).
    pub(crate) const fn small(n: u8) -> Number {
        Number(Repr::Int(n as i64))
    }

    /// Positive infinity.
    pub const fn infinity() -> Number {
        Number(Repr::PosInf)
    }

    /// Negative infinity.
    pub const fn neg_infinity() -> Number {
        Number(Repr::NegInf)
    }

    /// Converts an `f64` through its shortest round-trip decimal, so that
    /// `from_f64(0.1)` equals the literal `0.1` (not the binary value of the
    /// `f64`). Integral `f64`s convert exactly, whatever their size. `None`
    /// for NaN; `-0.0` becomes zero.
    ///
    /// ```
    /// use hcl_core::Number;
    /// assert_eq!(Number::from_f64(0.1), Number::parse_literal("0.1").ok());
    /// let two_60 = Number::from_f64(2f64.powi(60)).unwrap();
    /// assert_eq!(two_60.to_string(), "1152921504606846976");
    /// assert_eq!(Number::from_f64(f64::NEG_INFINITY), Some(Number::neg_infinity()));
    /// assert_eq!(Number::from_f64(f64::NAN), None);
    /// ```
    pub fn from_f64(f: f64) -> Option<Number> {
        if f.is_nan() {
            None
        } else if f.is_infinite() {
            Some(if f > 0.0 {
                Number::infinity()
            } else {
                Number::neg_infinity()
            })
        } else if f == f.trunc() && f.abs() < 9.0e15 {
            // Small integral floats are exact integers; skip the text round.
            Some(Number(Repr::Int(f as i64)))
        } else if f == f.trunc() {
            // A large integral float is an integer exactly; its shortest
            // decimal would pad with zeros and change the value.
            num_traits::FromPrimitive::from_f64(f).and_then(|i| Number::from_big_int(i).ok())
        } else {
            // `{:e}` is Rust's shortest round-trip form; it always parses.
            parse::parse_general(&format!("{f:e}")).ok()
        }
    }

    /// An exact integer (`Overflow` beyond [`Number::MAX_BITS`] bits).
    pub fn from_big_int(i: BigInt) -> Result<Number, NumberError> {
        let (sign, mag) = i.into_parts();
        finish(sign == Sign::Minus, mag, 0, false)
    }

    /// Parses a native-syntax numeric literal:
    /// `DIGIT+ ("." DIGIT*)? (("e" | "E") ("+" | "-")? DIGIT+)?` (the
    /// fraction's digits may be missing, as in the reference: `1.e5`).
    ///
    /// Integers are exact; other values are rounded to 512 bits. Values of
    /// `2^MAX_BITS` or more are refused with `Overflow`; tiny ones round to
    /// zero (as Go's `big.ParseFloat` gives 0 for `1e-999999999`).
    ///
    /// ```
    /// use hcl_core::value::{Number, NumberError};
    /// assert_eq!(Number::parse_literal("1.5e3").unwrap(), Number::from(1500));
    /// assert_eq!(Number::parse_literal("1.e5").unwrap(), Number::from(100000));
    /// assert_eq!(Number::parse_literal("-1"), Err(NumberError::Syntax));
    /// assert_eq!(Number::parse_literal("1e999999999"), Err(NumberError::Overflow));
    /// ```
    pub fn parse_literal(s: &str) -> Result<Number, NumberError> {
        parse::parse(s, parse::Grammar::Literal)
    }

    /// Parses the string form of the string-to-number conversion, the reverse
    /// of `Display`: `"-"? DIGIT+ ("." DIGIT+)?` (no exponent, no `+`, no
    /// leading or trailing `.`).
    ///
    /// ```
    /// use hcl_core::value::{Number, NumberError};
    /// assert_eq!(Number::parse_decimal("-12.5").unwrap().to_string(), "-12.5");
    /// assert_eq!(Number::parse_decimal("1e3"), Err(NumberError::Syntax));
    /// ```
    pub fn parse_decimal(s: &str) -> Result<Number, NumberError> {
        parse::parse(s, parse::Grammar::Decimal)
    }

    /// Parses a JSON number token (the JSON syntax keeps numbers exact):
    /// `"-"? DIGIT+ ("." DIGIT+)? (("e" | "E") ("+" | "-")? DIGIT+)?`. Leading
    /// zeros are accepted; rejecting them is the JSON lexer's job. Range rules
    /// as for [`Number::parse_literal`].
    ///
    /// ```
    /// use hcl_core::Number;
    /// assert_eq!(Number::parse_json("-1.5E+2").unwrap(), Number::from(-150));
    /// ```
    pub fn parse_json(s: &str) -> Result<Number, NumberError> {
        parse::parse(s, parse::Grammar::General)
    }

    /// A finite number that is not an `Int` as a [`BigFloat`]: borrowed,
    /// or built from a `Frac` (for the operations written for `BigFloat`s).
    fn big_float(&self) -> Option<std::borrow::Cow<'_, BigFloat>> {
        match &self.0 {
            Repr::Big(b) => Some(std::borrow::Cow::Borrowed(b)),
            Repr::Frac(f) => Some(std::borrow::Cow::Owned(f.to_big())),
            Repr::Int(_) | Repr::PosInf | Repr::NegInf => None,
        }
    }

    /// Whether the value is held without the heap (dropping it frees
    /// nothing).
    #[inline]
    pub(crate) fn is_inline(&self) -> bool {
        !matches!(self.0, Repr::Big(_))
    }

    /// Whether the value is an integer (infinities are not).
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Int(_) => true,
            Repr::Frac(_) => false,
            Repr::Big(b) => b.exp >= 0,
            Repr::PosInf | Repr::NegInf => false,
        }
    }

    /// Whether the value is an infinity.
    pub fn is_infinite(&self) -> bool {
        matches!(self.0, Repr::PosInf | Repr::NegInf)
    }

    /// Whether the value is not an infinity.
    pub fn is_finite(&self) -> bool {
        !self.is_infinite()
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Int(0))
    }

    /// Whether the value is below zero (`-Inf` included).
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    /// `-1`, `0` or `1`.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Int(v) => v.signum() as i32,
            Repr::Big(b) if b.neg => -1,
            Repr::Frac(f) if f.neg => -1,
            Repr::Big(_) | Repr::Frac(_) | Repr::PosInf => 1,
            Repr::NegInf => -1,
        }
    }

    /// The value as a `BigInt` if it is an integer.
    pub fn to_big_int(&self) -> Option<BigInt> {
        match &self.0 {
            Repr::Int(v) => Some(BigInt::from(*v)),
            Repr::Big(b) if b.exp >= 0 => {
                let mag = &b.mant << b.exp as u64;
                let sign = if b.neg { Sign::Minus } else { Sign::Plus };
                Some(BigInt::from_biguint(sign, mag))
            }
            _ => None,
        }
    }

    /// The value as `i128` if it is an integer in range.
    pub fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Int(v) => Some(i128::from(*v)),
            // Beyond 128 bits the shift would be wasted work.
            Repr::Big(b) if b.exp >= 0 && b.mant.bits() as i64 + b.exp <= 128 => {
                i128::try_from(self.to_big_int()?).ok()
            }
            _ => None,
        }
    }

    /// The value as `u128` if it is an integer in range.
    pub fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Int(v) => u128::try_from(*v).ok(),
            Repr::Big(b) if !b.neg && b.exp >= 0 && b.mant.bits() as i64 + b.exp <= 128 => {
                u128::try_from(self.to_big_int()?).ok()
            }
            _ => None,
        }
    }

    /// The value as `i64` if it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        match self.0 {
            // Every integer in `i64` range is stored as `Int`.
            Repr::Int(v) => Some(v),
            _ => None,
        }
    }

    /// The nearest `f64` (ties to even); beyond the `f64` range, an infinity.
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Int(v) => *v as f64,
            Repr::Frac(f) => f.to_f64(),
            Repr::Big(b) => format::big_to_f64(b),
            Repr::PosInf => f64::INFINITY,
            Repr::NegInf => f64::NEG_INFINITY,
        }
    }

    /// The decimal digits of the exact stored value, without exponent. For
    /// non-integers this can be much longer than `Display`, which prints the
    /// shortest decimal that reads back as the same number.
    ///
    /// ```
    /// use hcl_core::Number;
    /// let tenth = Number::parse_literal("0.1").unwrap();
    /// assert_eq!(tenth.to_string(), "0.1");
    /// assert!(tenth.to_string_exact().starts_with("0.1000000000000000000"));
    /// assert_eq!(tenth.to_string_exact().len(), 517);
    /// ```
    pub fn to_string_exact(&self) -> String {
        format::exact(self)
    }
}

macro_rules! to_small_int {
    ($($name:ident $t:ty),*) => {$(
        #[doc = concat!("The value as `", stringify!($t), "` if it is an integer in range.")]
        pub fn $name(&self) -> Option<$t> {
            self.to_i128().and_then(|v| <$t>::try_from(v).ok())
        }
    )*};
}

impl Number {
    to_small_int!(to_i8 i8, to_i16 i16, to_i32 i32, to_isize isize, to_u8 u8, to_u16 u16, to_u32 u32, to_u64 u64, to_usize usize);
}

macro_rules! from_small_int {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Number {
                Number(Repr::Int(i64::from(v)))
            }
        }
    )*};
}
from_small_int!(i8 i16 i32 i64 u8 u16 u32);

macro_rules! from_wide_int {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Number {
                match i64::try_from(v) {
                    Ok(small) => Number(Repr::Int(small)),
                    Err(_) => {
                        let neg = v < 0 as $t;
                        let mag = BigUint::from(v.unsigned_abs());
                        // 128 bits are far inside `MAX_BITS`, so this cannot fail.
                        finish(neg, mag, 0, false).unwrap_or_else(|_| Number::zero())
                    }
                }
            }
        }
    )*};
}
from_wide_int!(i128 isize);

macro_rules! from_wide_uint {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Number {
                match i64::try_from(v) {
                    Ok(small) => Number(Repr::Int(small)),
                    // 128 bits are far inside `MAX_BITS`, so this cannot fail.
                    Err(_) => finish(false, BigUint::from(v), 0, false).unwrap_or_else(|_| Number::zero()),
                }
            }
        }
    )*};
}
from_wide_uint!(u64 u128 usize);

impl Default for Number {
    fn default() -> Number {
        Number::zero()
    }
}

impl FromStr for Number {
    type Err = NumberError;

    /// Same as [`Number::parse_literal`].
    fn from_str(s: &str) -> Result<Number, NumberError> {
        Number::parse_literal(s)
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Numeric order: `-Inf` < every finite number < `+Inf`.
impl Ord for Number {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Int(a), Repr::Int(b)) => a.cmp(b),
            (Repr::PosInf, Repr::PosInf) | (Repr::NegInf, Repr::NegInf) => Ordering::Equal,
            (Repr::PosInf, _) | (_, Repr::NegInf) => Ordering::Greater,
            (Repr::NegInf, _) | (_, Repr::PosInf) => Ordering::Less,
            _ => match (self.parts(), other.parts()) {
                (Some(a), Some(b)) => cmp_finite(&a, &b),
                _ => Ordering::Equal,
            },
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Int(v) => fmt::Display::fmt(v, f),
            Repr::PosInf => f.write_str("+Inf"),
            Repr::NegInf => f.write_str("-Inf"),
            Repr::Frac(n) => f.write_str(&format::shortest(&n.to_big())),
            Repr::Big(b) => f.write_str(&format::shortest(b)),
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
