//! Whether a value's text will span lines, asked before an element is
//! written (a tuple holding such an element is written one element per
//! line). It serializes the value into nothing, stopping at the first
//! object: a scalar costs one call, a struct one call.

use serde::ser::{self, Serialize};

use super::marker::EXPR;
use crate::error::Error;

/// Whether writing `v` takes more than one line.
pub(crate) fn spans_lines<T: ?Sized + Serialize>(v: &T) -> Result<bool, Error> {
    v.serialize(Probe)
}

struct Probe;

/// The elements of a sequence: spans lines if any element does.
struct AnyOf(bool);

macro_rules! one_line {
    ($($method:ident($($arg:ty),*)),* $(,)?) => {$(
        fn $method(self, $(_: $arg),*) -> Result<bool, Error> {
            Ok(false)
        }
    )*};
}

impl ser::Serializer for Probe {
    type Ok = bool;
    type Error = Error;
    type SerializeSeq = AnyOf;
    type SerializeTuple = AnyOf;
    type SerializeTupleStruct = AnyOf;
    type SerializeTupleVariant = Known;
    type SerializeMap = Known;
    type SerializeStruct = Known;
    type SerializeStructVariant = Known;

    one_line! {
        serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32),
        serialize_i64(i64), serialize_i128(i128), serialize_u8(u8), serialize_u16(u16),
        serialize_u32(u32), serialize_u64(u64), serialize_u128(u128), serialize_f32(f32),
        serialize_f64(f64), serialize_char(char), serialize_str(&str), serialize_bytes(&[u8]),
        serialize_none(), serialize_unit(), serialize_unit_struct(&'static str),
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<bool, Error> {
        Ok(false)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<bool, Error> {
        v.serialize(self)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<bool, Error> {
        if name == EXPR {
            let mut text = String::new();
            v.serialize(super::value::KeySerializer { out: &mut text })?;
            return Ok(text.contains('\n'));
        }
        v.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<bool, Error> {
        Ok(true)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<AnyOf, Error> {
        Ok(AnyOf(false))
    }
    fn serialize_tuple(self, _: usize) -> Result<AnyOf, Error> {
        Ok(AnyOf(false))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<AnyOf, Error> {
        Ok(AnyOf(false))
    }

    // Objects span lines (empty ones too, when their size is not known
    // ahead); their entries need not be looked at.
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Known, Error> {
        Ok(Known(true))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Known, Error> {
        Ok(Known(len != Some(0)))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Known, Error> {
        Ok(Known(len != 0))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Known, Error> {
        Ok(Known(true))
    }
}

/// An answer known from the start: the entries are skipped.
struct Known(bool);

impl ser::SerializeMap for Known {
    type Ok = bool;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, _: &T) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, _: &T) -> Result<(), Error> {
        Ok(())
    }
    fn end(self) -> Result<bool, Error> {
        Ok(self.0)
    }
}

macro_rules! known {
    ($($trait:ident $method:ident($($key:ty)?)),*) => {$(
        impl ser::$trait for Known {
            type Ok = bool;
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, $(_: $key,)? _: &T) -> Result<(), Error> {
                Ok(())
            }
            fn end(self) -> Result<bool, Error> {
                Ok(self.0)
            }
        }
    )*};
}
known!(
    SerializeTupleVariant serialize_field(),
    SerializeStruct serialize_field(&'static str),
    SerializeStructVariant serialize_field(&'static str)
);

macro_rules! any_of {
    ($($trait:ident $method:ident),*) => {$(
        impl ser::$trait for AnyOf {
            type Ok = bool;
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
                if !self.0 {
                    self.0 = spans_lines(v)?;
                }
                Ok(())
            }
            fn end(self) -> Result<bool, Error> {
                Ok(self.0)
            }
        }
    )*};
}
any_of!(
    SerializeSeq serialize_element,
    SerializeTuple serialize_element,
    SerializeTupleStruct serialize_field
);
