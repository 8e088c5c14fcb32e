//! Standard functions: numbers (go-cty's `number.go`).
//!
//! The table gets `abs`, `ceil`, `floor`, `log`, `pow`, `signum`, `max`,
//! `min` and `parseint`. The arithmetic and comparison functions that go-cty
//! also defines (`add`, `subtract`, …, `less_than`) are not named in
//! Terraform's table; they are kept here as crate helpers for the evaluator:
//! [`operator`] builds them as [`Function`]s, and the `pub(crate)` number
//! helpers ([`add`], [`subtract`], …) give go-cty's error messages.

mod arith;

use num_bigint::{BigInt, BigUint, Sign};

use crate::diag::excerpt;
use crate::function::{CallContext, Function, FunctionError, Functions, Param};
use crate::value::{Number, NumberError, Type, Value};

// The evaluator's operators call these; until it does, nothing else in the
// crate needs them.
#[allow(dead_code, unused_imports)]
pub(crate) use arith::{add, divide, modulo, multiply, negate, subtract};

pub(super) fn register(table: &mut Functions) {
    table.insert("abs", abs());
    table.insert("ceil", ceil());
    table.insert("floor", floor());
    table.insert("log", log());
    table.insert("pow", pow());
    table.insert("signum", signum());
    table.insert("max", max());
    table.insert("min", min());
    table.insert("parseint", parseint());
    table.insert("int", int());
}

/// `int(num)`: the number with its fractional part discarded (towards
/// zero), as go-cty's `IntFunc`.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let int = stdlib::functions().get("int").unwrap().clone();
/// assert_eq!(int.call(&[Value::from(-2.7)]).unwrap(), Value::from(-2));
/// ```
fn int() -> Function {
    Function::builder()
        .describe("Discards any fractional portion of the given number.")
        .param(Param::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .implementation(|args, _| Ok(Value::Number(number_arg(args, 0)?.trunc())))
}

/// The known number of argument `index` (the call procedure has already
/// checked types, nulls and unknowns for parameters that refuse them).
fn number_arg(args: &[Value], index: usize) -> Result<&Number, FunctionError> {
    args.get(index)
        .and_then(Value::as_number)
        .ok_or_else(|| FunctionError::argument(index, "a number is required"))
}

/// go-cty's conversion of a number to a Go `int`: whole numbers in the
/// 64-bit range only, with gocty's message otherwise.
pub(crate) fn whole_number(n: &Number) -> Result<i64, String> {
    n.to_i64().ok_or_else(|| {
        format!(
            "value must be a whole number, between {} and {}",
            i64::MIN,
            i64::MAX
        )
    })
}

/// A computed number as a function result, its heap bytes charged to the
/// budget (a very large number takes up to about 125 KB; see
/// [`Number::MAX_BITS`]); number errors fail the call.
pub(crate) fn number_result(
    n: Result<Number, NumberError>,
    cx: &mut CallContext<'_>,
) -> Result<Value, FunctionError> {
    let n = n.map_err(|e| FunctionError::call(e.to_string()))?;
    cx.charge_bytes(n.charged_bytes())?;
    Ok(Value::Number(n))
}

/// `abs(num)`: the magnitude of `num`.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let abs = stdlib::functions().get("abs").unwrap().clone();
/// assert_eq!(abs.call(&[Value::from(-12.4)]).unwrap(), Value::from(12.4));
/// assert_eq!(abs.call(&[Value::from(0)]).unwrap(), Value::from(0));
/// ```
fn abs() -> Function {
    Function::builder()
        .describe("Returns the magnitude of the given number, without its sign.")
        .param(Param::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .implementation(|args, cx| number_result(Ok(arith::abs(number_arg(args, 0)?)), cx))
}

/// `ceil(num)`: the smallest whole number greater than or equal to `num`;
/// infinities are returned unchanged.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let ceil = stdlib::functions().get("ceil").unwrap().clone();
/// assert_eq!(ceil.call(&[Value::from(5.1)]).unwrap(), Value::from(6));
/// ```
fn ceil() -> Function {
    Function::builder()
        .describe(
            "Returns the smallest whole number that is greater than or equal to the given value.",
        )
        .param(Param::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args, cx| number_result(Ok(arith::ceil(number_arg(args, 0)?)), cx))
}

/// `floor(num)`: the greatest whole number less than or equal to `num`;
/// infinities are returned unchanged.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let floor = stdlib::functions().get("floor").unwrap().clone();
/// assert_eq!(floor.call(&[Value::from(-4.9)]).unwrap(), Value::from(-5));
/// ```
fn floor() -> Function {
    Function::builder()
        .describe(
            "Returns the greatest whole number that is less than or equal to the given value.",
        )
        .param(Param::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args, cx| number_result(Ok(arith::floor(number_arg(args, 0)?)), cx))
}

/// `log(num, base)`: the logarithm of `num` in `base`, computed in double
/// precision as the reference does.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let log = stdlib::functions().get("log").unwrap().clone();
/// assert_eq!(log.call(&[Value::from(16), Value::from(2)]).unwrap(), Value::from(4));
/// assert!(log.call(&[Value::from(-1), Value::from(10)]).is_err());
/// ```
fn log() -> Function {
    Function::builder()
        .describe("Returns the logarithm of the given number in the given base.")
        .param(Param::new("num", Type::Number))
        .param(Param::new("base", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| {
            let (num, base) = (number_arg(args, 0)?, number_arg(args, 1)?);
            let result = num.to_f64().ln() / base.to_f64().ln();
            Number::from_f64(result).map(Value::Number).ok_or_else(|| {
                FunctionError::call(format!(
                    "the logarithm of {num} in base {base} is not a number"
                ))
            })
        })
}

/// `pow(num, power)`: `num` raised to `power`. Results too large to
/// represent are an error (never a long computation).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let pow = stdlib::functions().get("pow").unwrap().clone();
/// assert_eq!(pow.call(&[Value::from(3), Value::from(2)]).unwrap(), Value::from(9));
/// assert!(pow.call(&[Value::from(10), Value::from(1e9)]).is_err());
/// ```
fn pow() -> Function {
    Function::builder()
        .describe("Returns the given number raised to the given power (exponentiation).")
        .param(Param::new("num", Type::Number))
        .param(Param::new("power", Type::Number))
        .returns(Type::Number)
        .implementation(|args, cx| {
            number_result(arith::pow(number_arg(args, 0)?, number_arg(args, 1)?), cx)
        })
}

/// `signum(num)`: `-1`, `0` or `1` as `num` is negative, zero or positive.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let signum = stdlib::functions().get("signum").unwrap().clone();
/// assert_eq!(signum.call(&[Value::from(-13)]).unwrap(), Value::from(-1));
/// ```
fn signum() -> Function {
    Function::builder()
        .describe("Returns 0 if the given number is zero, 1 if the given number is positive, or -1 if the given number is negative.")
        .param(Param::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| Ok(Value::from(arith::signum(number_arg(args, 0)?))))
}

/// `max(numbers...)` / `min(numbers...)`: the extreme of one or more numbers.
fn extreme(description: &str, pick_greater: bool) -> Function {
    Function::builder()
        .describe(description)
        .variadic(Param::new("numbers", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .implementation(move |args, _| {
            let mut best: Option<&Number> = None;
            for (index, _) in args.iter().enumerate() {
                let n = number_arg(args, index)?;
                best = match best {
                    Some(b) if (n > b) != pick_greater || n == b => Some(b),
                    _ => Some(n),
                };
            }
            best.map(|n| Value::Number(n.clone()))
                .ok_or_else(|| FunctionError::call("must pass at least one number"))
        })
}

/// `max(numbers...)`: the greatest of the given numbers.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let max = stdlib::functions().get("max").unwrap().clone();
/// assert_eq!(max.call(&[12, 54, 3].map(Value::from)).unwrap(), Value::from(54));
/// assert!(max.call(&[]).is_err());
/// ```
fn max() -> Function {
    extreme(
        "Returns the numerically greatest of all of the given numbers.",
        true,
    )
}

/// `min(numbers...)`: the smallest of the given numbers.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let min = stdlib::functions().get("min").unwrap().clone();
/// assert_eq!(min.call(&[12, 54, 3].map(Value::from)).unwrap(), Value::from(3));
/// ```
fn min() -> Function {
    extreme(
        "Returns the numerically smallest of all of the given numbers.",
        false,
    )
}

/// `parseint(number, base)`: parses a string of digits in `base` (2 to 62)
/// as an integer. Digits are `0-9`, then `a-z` (either case up to base 36),
/// then `A-Z` for bases above 36; an optional `+` or `-` sign may lead.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let parseint = stdlib::functions().get("parseint").unwrap().clone();
/// assert_eq!(parseint.call(&[Value::from("FF"), Value::from(16)]).unwrap(), Value::from(255));
/// assert_eq!(parseint.call(&[Value::from("-1010"), Value::from(2)]).unwrap(), Value::from(-10));
/// assert!(parseint.call(&[Value::from("12"), Value::from(2)]).is_err());
/// ```
fn parseint() -> Function {
    Function::builder()
        .describe("Parses the given string as a number of the given base, or raises an error if the string contains invalid characters.")
        .param(Param::new("number", Type::Dynamic))
        .param(Param::new("base", Type::Number))
        .returns_with(|args| {
            let ty = args.first().map(Value::ty).unwrap_or(Type::Dynamic);
            if ty != Type::String {
                return Err(FunctionError::argument(
                    0,
                    format!(
                        "first argument must be a string, not {}",
                        ty.friendly_name()
                    ),
                ));
            }
            Ok(Type::Number)
        })
        .implementation(|args, cx| {
            let text = args.first().and_then(Value::as_str).unwrap_or_default();
            let base = whole_number(number_arg(args, 1)?)
                .map_err(|e| FunctionError::argument(1, e))?;
            if !(2..=62).contains(&base) {
                return Err(FunctionError::argument(
                    1,
                    "base must be a whole number between 2 and 62 inclusive",
                ));
            }
            // `base` is in 2..=62, so the cast cannot truncate.
            match parse_radix(text, base as u32) {
                Ok(parsed) => number_result(Number::from_big_int(parsed), cx),
                Err(Some(e)) => number_result(Err(e), cx),
                Err(None) => Err(FunctionError::argument(
                    0,
                    format!("cannot parse {text} as a base {base} integer", text = excerpt(text)),
                )),
            }
        })
}

/// Parses an integer as Go's `big.Int.SetString` does for an explicit base:
/// an optional sign, then at least one digit, nothing else. `Err(None)` is
/// text that is no such integer; `Err(Some(Overflow))` one beyond
/// [`Number::MAX_BITS`], refused from its length before any arithmetic (a
/// digit at a time, a million digits took 16 s: each step rewrote the
/// whole integer).
fn parse_radix(text: &str, base: u32) -> Result<BigInt, Option<NumberError>> {
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (Sign::Minus, &text[1..]),
        Some(b'+') => (Sign::Plus, &text[1..]),
        _ => (Sign::Plus, text),
    };
    if digits.is_empty() {
        return Err(None);
    }
    let mut values = Vec::with_capacity(digits.len());
    for b in digits.bytes() {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'z' => b - b'a' + 10,
            b'A'..=b'Z' if base <= 36 => b - b'A' + 10,
            b'A'..=b'Z' => b - b'A' + 36,
            _ => return Err(None),
        };
        if u32::from(d) >= base {
            return Err(None);
        }
        values.push(d);
    }
    // At least (significant digits - 1) · log2(base) bits.
    let significant = values.iter().skip_while(|&&d| d == 0).count();
    let low_bits = significant.saturating_sub(1) as f64 * f64::from(base).log2();
    if low_bits > (Number::MAX_BITS + 1) as f64 {
        return Err(Some(NumberError::Overflow));
    }
    let magnitude = BigUint::from_radix_be(&values, base).ok_or(None)?;
    Ok(BigInt::from_biguint(sign, magnitude))
}

/// The operator functions of go-cty's `number.go`, as [`Function`]s with its
/// parameter rules (for evaluators that call operators through the function
/// machinery).
#[allow(dead_code)] // for the evaluator; only the tests call them so far
pub(crate) mod operator {
    use super::*;

    fn binary(description: &str, op: fn(&Number, &Number) -> Result<Number, String>) -> Function {
        Function::builder()
            .describe(description)
            .param(Param::new("a", Type::Number).allow_dynamic())
            .param(Param::new("b", Type::Number).allow_dynamic())
            .returns(Type::Number)
            .implementation(move |args, cx| {
                let n =
                    op(number_arg(args, 0)?, number_arg(args, 1)?).map_err(FunctionError::call)?;
                cx.charge_bytes(n.charged_bytes())?;
                Ok(Value::Number(n))
            })
    }

    fn comparison(description: &str, holds: fn(std::cmp::Ordering) -> bool) -> Function {
        Function::builder()
            .describe(description)
            .param(
                Param::new("a", Type::Number)
                    .allow_dynamic()
                    .allow_unknown(),
            )
            .param(
                Param::new("b", Type::Number)
                    .allow_dynamic()
                    .allow_unknown(),
            )
            .returns(Type::Bool)
            .implementation(move |args, _| {
                match (
                    args.first().and_then(Value::as_number),
                    args.get(1).and_then(Value::as_number),
                ) {
                    (Some(a), Some(b)) => Ok(Value::Bool(holds(a.cmp(b)))),
                    _ => Ok(Value::Unknown(Type::Bool)),
                }
            })
    }

    /// `add(a, b)`.
    pub(crate) fn add() -> Function {
        binary("Returns the sum of the two given numbers.", super::add)
    }

    /// `subtract(a, b)`.
    pub(crate) fn subtract() -> Function {
        binary(
            "Returns the difference between the two given numbers.",
            super::subtract,
        )
    }

    /// `multiply(a, b)`.
    pub(crate) fn multiply() -> Function {
        binary(
            "Returns the product of the two given numbers.",
            super::multiply,
        )
    }

    /// `divide(a, b)`.
    pub(crate) fn divide() -> Function {
        binary(
            "Divides the first given number by the second.",
            super::divide,
        )
    }

    /// `modulo(a, b)`.
    pub(crate) fn modulo() -> Function {
        binary(
            "Divides the first given number by the second and then returns the remainder.",
            super::modulo,
        )
    }

    /// `negate(num)`.
    pub(crate) fn negate() -> Function {
        Function::builder()
            .describe("Multiplies the given number by -1.")
            .param(Param::new("num", Type::Number).allow_dynamic())
            .returns(Type::Number)
            .implementation(|args, cx| number_result(Ok(super::negate(number_arg(args, 0)?)), cx))
    }

    /// `greater_than(a, b)`: `a > b`.
    pub(crate) fn greater_than() -> Function {
        comparison(
            "Returns true if and only if the first number is greater than the second.",
            |o| o.is_gt(),
        )
    }

    /// `greater_than_or_equal_to(a, b)`: `a >= b`.
    pub(crate) fn greater_than_or_equal_to() -> Function {
        comparison(
            "Returns true if and only if the first number is greater than or equal to the second.",
            |o| o.is_ge(),
        )
    }

    /// `less_than(a, b)`: `a < b`.
    pub(crate) fn less_than() -> Function {
        comparison(
            "Returns true if and only if the first number is less than the second.",
            |o| o.is_lt(),
        )
    }

    /// `less_than_or_equal_to(a, b)`: `a <= b`.
    pub(crate) fn less_than_or_equal_to() -> Function {
        comparison(
            "Returns true if and only if the first number is less than or equal to the second.",
            |o| o.is_le(),
        )
    }
}

#[cfg(test)]
mod test;
