//! The fast path for literal attributes: a string, number or bool literal
//! of the native syntax is handed to the visitor straight from the syntax
//! tree, without building a [`Value`] (no allocation for `&str`, numbers or
//! bools). Anything a scalar cannot answer directly goes through the
//! general [`ValueDeserializer`] with the value built on demand.

use serde::de::{self, Visitor};

use hcl_core::pos::Range;
use hcl_core::{Number, Value};

use crate::de::number;
use crate::de::ValueDeserializer;
use crate::error::Error;

/// A literal scalar, borrowed from the syntax tree.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Scalar<'a> {
    /// An ASCII string literal (so already in NFC).
    Str(&'a str),
    /// A number literal.
    Num(&'a Number),
    /// `true` or `false`.
    Bool(bool),
}

/// Deserializes a [`Scalar`]; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScalarDeserializer<'a> {
    pub(crate) scalar: Scalar<'a>,
    pub(crate) range: Range,
}

impl ScalarDeserializer<'_> {
    fn value(&self) -> Value {
        match self.scalar {
            Scalar::Str(s) => Value::string(s),
            Scalar::Num(n) => Value::Number(n.clone()),
            Scalar::Bool(b) => Value::Bool(b),
        }
    }
}

macro_rules! slow {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let v = self.value();
            ValueDeserializer::new(&v).with_range(self.range).$method(visitor)
        }
    )*};
}

macro_rules! int {
    ($($method:ident $conv:ident $visit:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.scalar {
                Scalar::Num(n) => visitor.$visit(number::$conv(&Value::Number(n.clone()))?),
                _ => {
                    let v = self.value();
                    visitor.$visit(number::$conv(&v)?)
                }
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ScalarDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.scalar {
            Scalar::Str(s) => visitor.visit_str(s),
            Scalar::Bool(b) => visitor.visit_bool(b),
            Scalar::Num(_) => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_range(self.range)
                    .deserialize_any(visitor)
            }
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.scalar {
            Scalar::Str(s) => visitor.visit_str(s),
            Scalar::Bool(b) => visitor.visit_str(if b { "true" } else { "false" }),
            Scalar::Num(n) => visitor.visit_string(n.to_string()),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.scalar {
            Scalar::Bool(b) => visitor.visit_bool(b),
            _ => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_range(self.range)
                    .deserialize_bool(visitor)
            }
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.scalar {
            Scalar::Num(n) => visitor.visit_f64(n.to_f64()),
            _ => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_range(self.range)
                    .deserialize_f64(visitor)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    int! {
        deserialize_i8 to_i8 visit_i8 deserialize_i16 to_i16 visit_i16
        deserialize_i32 to_i32 visit_i32 deserialize_i64 to_i64 visit_i64
        deserialize_i128 to_i128 visit_i128
        deserialize_u8 to_u8 visit_u8 deserialize_u16 to_u16 visit_u16
        deserialize_u32 to_u32 visit_u32 deserialize_u64 to_u64 visit_u64
        deserialize_u128 to_u128 visit_u128
    }

    slow! {
        deserialize_f32 deserialize_char deserialize_bytes deserialize_byte_buf
        deserialize_unit deserialize_seq deserialize_map deserialize_identifier
        deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_range(self.range)
            .deserialize_unit_struct(name, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_range(self.range)
            .deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_range(self.range)
            .deserialize_tuple_struct(name, len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_range(self.range)
            .deserialize_struct(name, fields, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_range(self.range)
            .deserialize_enum(name, variants, visitor)
    }
}
