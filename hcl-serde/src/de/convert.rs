//! The one implementation of the spec's conversions into Rust scalars:
//! `bool`, every integer type (range- and whole-number-checked), `f32` and
//! `f64` (overflow is an error naming the range), `char` and strings.
//!
//! Both deserializers take their scalars from here: the value deserializer
//! hands over an evaluated [`Value`], the literal fast path a literal node
//! of the syntax tree, each as a [`Scalar`]; the rules do not depend on
//! where the scalar came from. They agree with `hcl_core::value::convert`
//! to `bool`, `number` and `string` followed by the Rust type's range check
//! (a property test holds them to it): `"1"` and `"0"` are alternative
//! spellings of true and false, and a numeric string is read with the
//! string-to-number grammar, without trimming.

use std::borrow::Cow;

use serde::de::Visitor;

use hcl_core::diag::quoted;
use hcl_core::value::{mismatch_message, Type};
use hcl_core::{Number, Value};

use crate::error::Error;

/// A value as the scalar conversions see it, wherever it came from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Scalar<'a> {
    Bool(bool),
    Number(&'a Number),
    /// A string (already normalised).
    Str(&'a str),
    /// Anything else: null, unknown, a collection or a structure.
    Other(&'a Value),
}

impl<'a> Scalar<'a> {
    /// The scalar view of an evaluated value.
    #[inline]
    pub(crate) fn of(value: &'a Value) -> Scalar<'a> {
        match value {
            Value::Bool(b) => Scalar::Bool(*b),
            Value::Number(n) => Scalar::Number(n),
            Value::String(s) => Scalar::Str(s.as_str()),
            other => Scalar::Other(other),
        }
    }
}

/// The spec's conversion to bool: a bool, or the strings `"true"`, `"1"`,
/// `"false"`, `"0"`.
pub(crate) fn to_bool(s: Scalar<'_>) -> Result<bool, Error> {
    match s {
        Scalar::Bool(b) => Ok(b),
        Scalar::Str("true" | "1") => Ok(true),
        Scalar::Str("false" | "0") => Ok(false),
        Scalar::Str(text) => Err(not_a_bool(text)),
        Scalar::Number(_) => Err(custom(mismatch_message(&Type::Number, &Type::Bool))),
        Scalar::Other(v) => Err(mismatch(v, &Type::Bool)),
    }
}

#[cold]
fn not_a_bool(text: &str) -> Error {
    // The reference hints at the spelling when only the case is off.
    for word in ["true", "false"] {
        if text.eq_ignore_ascii_case(word) {
            return custom(format!(
                "a bool is required; to convert from string, use lowercase {word}",
                word = quoted(word)
            ));
        }
    }
    custom(format!(
        "a bool is required, but {text} is none of \"true\", \"false\", \"1\" and \"0\"",
        text = quoted(text)
    ))
}

/// The spec's conversion to number: a number, or a string in the
/// string-to-number grammar (`-`? digits (`.` digits)?; no spaces, no `+`,
/// no exponent).
pub(crate) fn to_number(s: Scalar<'_>) -> Result<Cow<'_, Number>, Error> {
    match s {
        Scalar::Number(n) => Ok(Cow::Borrowed(n)),
        Scalar::Str(text) => match Number::parse_decimal(text) {
            Ok(n) => Ok(Cow::Owned(n)),
            Err(_) => Err(not_a_number(text)),
        },
        Scalar::Bool(_) => Err(custom(mismatch_message(&Type::Bool, &Type::Number))),
        Scalar::Other(v) => Err(mismatch(v, &Type::Number)),
    }
}

#[cold]
fn not_a_number(text: &str) -> Error {
    custom(format!(
        "a number is required, but {text} is not a number",
        text = quoted(text)
    ))
}

/// A Rust integer type: a number converted to it, range- and
/// whole-number-checked.
pub(crate) trait IntTarget: Sized {
    /// The number as `Self`.
    fn from_number(n: &Number) -> Result<Self, Error>;

    /// The scalar as `Self` (numbers and numeric strings).
    #[inline(always)]
    fn from_scalar(s: Scalar<'_>) -> Result<Self, Error> {
        match s {
            Scalar::Number(n) => Self::from_number(n),
            _ => Self::from_number(&*to_number(s)?),
        }
    }
}

macro_rules! int_target {
    ($($conv:ident $t:ty),* $(,)?) => {$(
        impl IntTarget for $t {
            #[inline]
            fn from_number(n: &Number) -> Result<$t, Error> {
                // Every integer in `i64`'s range is stored as one: the usual
                // number converts from it without the wide conversion.
                if let Some(v) = n.to_i64().and_then(|v| <$t>::try_from(v).ok()) {
                    return Ok(v);
                }
                match n.$conv() {
                    Some(v) => Ok(v),
                    None => Err(int_error(n, stringify!($t))),
                }
            }
        }
    )*};
}

int_target!(
    to_i8 i8, to_i16 i16, to_i32 i32, to_i64 i64, to_i128 i128,
    to_u8 u8, to_u16 u16, to_u32 u32, to_u64 u64, to_u128 u128,
);

#[cold]
fn int_error(n: &Number, ty: &str) -> Error {
    let shown = shown(n);
    if !n.is_integer() {
        custom(format!(
            "a whole number is required for `{ty}`, but {shown} has a fractional part"
        ))
    } else {
        custom(format!("{shown} is out of range for {ty}"))
    }
}

/// A number as a message shows it: in full when it is short, else by its
/// number of digits (`1e400` is a 401-digit integer; the range points at
/// it).
fn shown(n: &Number) -> String {
    const LONGEST: usize = 40;
    let text = n.to_string();
    if text.len() <= LONGEST {
        return text;
    }
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    format!("a number of {digits} digits")
}

/// The nearest `f64`. A finite number beyond the `f64` range is an error
/// (as gocty refuses it); the infinities stay infinities.
pub(crate) fn to_f64(s: Scalar<'_>) -> Result<f64, Error> {
    // A number is read in place (no `Cow` made for it), a string parsed.
    match s {
        Scalar::Number(n) => number_to_f64(n),
        _ => number_to_f64(&*to_number(s)?),
    }
}

#[inline]
fn number_to_f64(n: &Number) -> Result<f64, Error> {
    let f = n.to_f64();
    if f.is_infinite() && n.is_finite() {
        return Err(float_range_error("f64", f64::MAX));
    }
    Ok(f)
}

/// The nearest `f32`, with the range rule of [`to_f64`].
pub(crate) fn to_f32(s: Scalar<'_>) -> Result<f32, Error> {
    match s {
        Scalar::Number(n) => number_to_f32(n),
        _ => number_to_f32(&*to_number(s)?),
    }
}

#[inline]
fn number_to_f32(n: &Number) -> Result<f32, Error> {
    let f = n.to_f64();
    // Rounding to f32 may overflow even when the f64 does not.
    #[allow(clippy::cast_possible_truncation)]
    let narrow = f as f32;
    if narrow.is_infinite() && n.is_finite() {
        return Err(float_range_error("f32", f32::MAX.into()));
    }
    Ok(narrow)
}

#[cold]
fn float_range_error(ty: &str, max: f64) -> Error {
    // The number itself may have hundreds of digits: not repeated here,
    // the range points at it.
    custom(format!(
        "the number is out of range for {ty} (from -{max:e} to {max:e})"
    ))
}

/// A Rust scalar type the conversions produce directly: what a field of
/// that type takes from a literal scalar without a serde visitor (the
/// visitor of these types takes the value as it is, so both give the same).
pub(crate) trait ScalarTarget: Sized {
    /// The scalar as `Self`, by this module's rule for the type.
    fn from_scalar(s: Scalar<'_>) -> Result<Self, Error>;
}

impl ScalarTarget for bool {
    #[inline(always)]
    fn from_scalar(s: Scalar<'_>) -> Result<bool, Error> {
        to_bool(s)
    }
}

impl ScalarTarget for f64 {
    #[inline(always)]
    fn from_scalar(s: Scalar<'_>) -> Result<f64, Error> {
        to_f64(s)
    }
}

impl ScalarTarget for f32 {
    #[inline(always)]
    fn from_scalar(s: Scalar<'_>) -> Result<f32, Error> {
        to_f32(s)
    }
}

macro_rules! int_scalar_targets {
    ($($t:ty),*) => {$(
        impl ScalarTarget for $t {
            #[inline(always)]
            fn from_scalar(s: Scalar<'_>) -> Result<$t, Error> {
                <$t as IntTarget>::from_scalar(s)
            }
        }
    )*};
}

int_scalar_targets!(i8, i16, i32, i64, i128, u8, u16, u32, u64, u128);

/// The spec's conversion to string, handed to `visitor`: a string as it
/// is, a number in its decimal form, a bool as `"true"` or `"false"`.
#[inline(always)]
pub(crate) fn visit_string<'de, V: Visitor<'de>>(
    s: Scalar<'_>,
    visitor: V,
) -> Result<V::Value, Error> {
    match s {
        Scalar::Str(text) => visitor.visit_str(text),
        Scalar::Number(n) => visitor.visit_string(n.to_string()),
        Scalar::Bool(b) => visitor.visit_str(if b { "true" } else { "false" }),
        Scalar::Other(v) => Err(mismatch(v, &Type::String)),
    }
}

/// Every scalar request of a deserializer, answered from a [`Scalar`]:
/// what the value deserializer and the literal fast path share.
macro_rules! scalar_requests {
    ($scalar:ident) => {
        scalar_requests!(@int $scalar
            deserialize_i8 i8, visit_i8, deserialize_i16 i16, visit_i16,
            deserialize_i32 i32, visit_i32, deserialize_i64 i64, visit_i64,
            deserialize_i128 i128, visit_i128,
            deserialize_u8 u8, visit_u8, deserialize_u16 u16, visit_u16,
            deserialize_u32 u32, visit_u32, deserialize_u64 u64, visit_u64,
            deserialize_u128 u128, visit_u128,
        );

        fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.$scalar() {
                Some(s) => visitor.visit_bool($crate::de::convert::to_bool(s)?),
                None => self.general(move |d| d.deserialize_bool(visitor)),
            }
        }

        fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.$scalar() {
                Some(s) => visitor.visit_f32($crate::de::convert::to_f32(s)?),
                None => self.general(move |d| d.deserialize_f32(visitor)),
            }
        }

        fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.$scalar() {
                Some(s) => visitor.visit_f64($crate::de::convert::to_f64(s)?),
                None => self.general(move |d| d.deserialize_f64(visitor)),
            }
        }

        #[inline]
        fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.$scalar() {
                Some(s) => $crate::de::convert::visit_string(s, visitor),
                None => self.general(move |d| d.deserialize_str(visitor)),
            }
        }

        #[inline]
        fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.deserialize_str(visitor)
        }

        fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.deserialize_str(visitor)
        }

        fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.deserialize_str(visitor)
        }
    };
    (@int $scalar:ident $($method:ident $t:ty, $visit:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.$scalar() {
                Some(s) => visitor.$visit(
                    <$t as $crate::de::convert::IntTarget>::from_scalar(s)?,
                ),
                None => self.general(move |d| d.$method(visitor)),
            }
        }
    )*};
}
pub(crate) use scalar_requests;

/// A value of the wrong kind for `want`, in go-cty's words.
#[cold]
pub(crate) fn mismatch(value: &Value, want: &Type) -> Error {
    unusable(value, &want.friendly_name_for_constraint())
        .unwrap_or_else(|| custom(mismatch_message(&value.ty(), want)))
}

/// A value of the wrong shape for a field that takes a sequence or a map,
/// said in the decoder's words ("a list is required, but have string"),
/// not as a conversion to a collection of the dynamic type ("list of
/// dynamic required"): serde does not say what the elements are to be.
#[cold]
pub(crate) fn shape_mismatch(value: &Value, shape: &str) -> Error {
    unusable(value, shape).unwrap_or_else(|| {
        custom(format!(
            "{shape} is required, but have {}",
            value.ty().friendly_name()
        ))
    })
}

/// The problem of a null or unknown value where `wanted` is required.
fn unusable(value: &Value, wanted: &str) -> Option<Error> {
    if value.is_null() {
        return Some(custom(format!("a non-null value is required ({wanted})")));
    }
    if !value.is_known() {
        return Some(custom("the value is not known yet"));
    }
    None
}

#[cold]
pub(crate) fn custom(msg: impl std::fmt::Display) -> Error {
    <Error as serde::de::Error>::custom(msg)
}
