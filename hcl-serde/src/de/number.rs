//! Numbers and strings to Rust integers and floats, with the spec's
//! string-to-number conversion, range checks and whole-number checks.

use hcl_core::value::{mismatch_message, Type};
use hcl_core::{Number, Value};

use crate::error::Error;

/// The number a value holds, converting a string per the spec.
pub(crate) fn number_of(value: &Value) -> Result<Number, Error> {
    match value {
        Value::Number(n) => Ok(n.clone()),
        Value::String(s) => Number::parse_decimal(s.as_str().trim()).map_err(|_| {
            custom(format!(
                "a number is required, but {:?} is not a number",
                s.as_str()
            ))
        }),
        other => Err(mismatch(other, &Type::Number)),
    }
}

/// An integer of the Rust type `T` from a value (its number, or a string
/// converted per the spec) or from a number.
pub(crate) trait IntTarget: Sized {
    /// The number as `Self`, range- and whole-number-checked.
    fn from_number(n: &Number) -> Result<Self, Error>;

    fn from_value(value: &Value) -> Result<Self, Error> {
        match value {
            Value::Number(n) => Self::from_number(n),
            _ => Self::from_number(&number_of(value)?),
        }
    }
}

macro_rules! int_of {
    ($($conv:ident $t:ty),* $(,)?) => {$(
        impl IntTarget for $t {
            fn from_number(n: &Number) -> Result<$t, Error> {
                match n.$conv() {
                    Some(v) => Ok(v),
                    None => Err(int_error(n, stringify!($t))),
                }
            }
        }
    )*};
}

int_of!(
    to_i8 i8, to_i16 i16, to_i32 i32, to_i64 i64, to_i128 i128,
    to_u8 u8, to_u16 u16, to_u32 u32, to_u64 u64, to_u128 u128,
);

#[cold]
fn int_error(n: &Number, ty: &str) -> Error {
    if !n.is_integer() {
        custom(format!(
            "a whole number is required for `{ty}`, but {n} has a fractional part"
        ))
    } else {
        custom(format!("{n} is out of range for {ty}"))
    }
}

pub(crate) fn to_f64(value: &Value) -> Result<f64, Error> {
    number_of(value).map(|n| n.to_f64())
}

#[cold]
pub(crate) fn mismatch(value: &Value, want: &Type) -> Error {
    if value.is_null() {
        return custom(format!(
            "a non-null value is required ({})",
            want.friendly_name_for_constraint()
        ));
    }
    if !value.is_known() {
        return custom("the value is not known yet");
    }
    custom(mismatch_message(&value.ty(), want))
}

#[cold]
pub(crate) fn custom(msg: impl std::fmt::Display) -> Error {
    <Error as serde::de::Error>::custom(msg)
}
