//! Arbitrary-precision numbers. (Interface skeleton: the full implementation
//! lands with the number work of the foundation issue.)

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// An HCL number: exact integers of any size, non-integers with a 512-bit
/// mantissa, and the two infinities. There is no NaN.
#[derive(Clone)]
pub struct Number(f64);

/// Why a number could not be made or computed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NumberError {
    /// The text is not a number in the expected syntax.
    Syntax,
    /// The exponent is too large (or small) to represent.
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
    /// Zero.
    pub fn zero() -> Number {
        Number(0.0)
    }
    /// Positive infinity.
    pub fn infinity() -> Number {
        Number(f64::INFINITY)
    }
    /// Negative infinity.
    pub fn neg_infinity() -> Number {
        Number(f64::NEG_INFINITY)
    }
    /// From a finite or infinite `f64`; `None` for NaN.
    pub fn from_f64(f: f64) -> Option<Number> {
        (!f.is_nan()).then_some(Number(f))
    }
    /// Parses a native-syntax numeric literal (`12`, `1.5`, `1e10`).
    pub fn parse_literal(s: &str) -> Result<Number, NumberError> {
        s.parse::<f64>()
            .map(Number)
            .map_err(|_| NumberError::Syntax)
    }
    /// Parses the string form used by string-to-number conversion.
    pub fn parse_decimal(s: &str) -> Result<Number, NumberError> {
        Number::parse_literal(s)
    }
    /// Whether the value is an integer (infinities are not).
    pub fn is_integer(&self) -> bool {
        self.0.is_finite() && self.0.fract() == 0.0
    }
    /// Whether the value is an infinity.
    pub fn is_infinite(&self) -> bool {
        self.0.is_infinite()
    }
    /// The value as `i64` if it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        self.is_integer().then_some(self.0 as i64)
    }
    /// The nearest `f64`.
    pub fn to_f64(&self) -> f64 {
        self.0
    }
    /// Sum.
    pub fn add(&self, o: &Number) -> Result<Number, NumberError> {
        Number::from_f64(self.0 + o.0).ok_or(NumberError::NotANumber)
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Number {
        Number(v as f64)
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Number {}
impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Number {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}
impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state)
    }
}
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
