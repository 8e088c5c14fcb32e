//! Serializing a value where an expression goes (an attribute's value, an
//! element, an object item): the native syntax's literals, tuples and
//! objects.

use serde::ser::{self, Serialize};

use hcl_core::diag::quoted;
use hcl_core::value::NUMBER_TOKEN;

use super::marker::{blocks_labels, EXPR, LABEL};
use super::{at_index, at_key, Ser};
use crate::error::Error;

/// Serializes one value at the writer's position.
pub(crate) struct ValueSerializer<'a> {
    pub(crate) s: &'a mut Ser,
}

impl<'a> ValueSerializer<'a> {
    pub(crate) fn new(s: &'a mut Ser) -> ValueSerializer<'a> {
        ValueSerializer { s }
    }
}

/// The text a key serializes to (appended to a buffer): map keys must be
/// strings.
pub(crate) struct KeySerializer<'a> {
    pub(crate) out: &'a mut String,
}

/// Writes a number given by its decimal text (an `hcl_core::Number` that
/// no Rust number holds, serialized under `NUMBER_TOKEN`): checked, so
/// that only a number is written.
pub(crate) fn write_number_text(s: &mut Ser, text: &str) -> Result<(), Error> {
    let n = hcl_core::Number::parse_decimal(text)
        .map_err(|_| Error::cannot_write(format!("{text} is not a number", text = quoted(text))))?;
    if !s.w.number(&n) {
        return Err(not_finite(n.to_f64()));
    }
    Ok(())
}

/// Checks and writes expression text.
pub(crate) fn write_expr(s: &mut Ser, text: &str) -> Result<(), Error> {
    let file = hcl_core::SourceFile::new("<expression>", text);
    let (_, diags) = hcl_core::native::parse_expression(&file, &Default::default());
    if diags.has_errors() {
        let first = diags
            .iter()
            .next()
            .map(|d| d.summary.clone())
            .unwrap_or_default();
        return Err(Error::cannot_write(format!(
            "{text} is not an expression: {first}",
            text = quoted(text)
        )));
    }
    s.w.raw(text);
    Ok(())
}

impl<'a> ser::Serializer for ValueSerializer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Seq<'a>;
    type SerializeTuple = Seq<'a>;
    type SerializeTupleStruct = Seq<'a>;
    type SerializeTupleVariant = Seq<'a>;
    type SerializeMap = Map<'a>;
    type SerializeStruct = Map<'a>;
    type SerializeStructVariant = Map<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.s.w.bool(v);
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.s.w.integer(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.s.w.number_text(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.s.w.unsigned(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.s.w.number_text(v);
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if !self.s.w.float32(v) {
            return Err(not_finite(f64::from(v)));
        }
        Ok(())
    }

    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if !self.s.w.float(v) {
            return Err(not_finite(v));
        }
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.s.w.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.s.w.string(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.end()
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.s.w.null();
        self.s.wrote_none = true;
        Ok(())
    }

    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.s.w.null();
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.s.w.string(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        if name == NUMBER_TOKEN {
            let mut text = String::new();
            v.serialize(KeySerializer { out: &mut text })?;
            return write_number_text(self.s, &text);
        }
        if name == EXPR {
            let mut text = String::new();
            v.serialize(KeySerializer { out: &mut text })?;
            return write_expr(self.s, &text);
        }
        // Blocks and labels are a body's business; in a value they are
        // the value they wrap.
        let _ = (name == LABEL, blocks_labels(name));
        v.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        let s = self.s;
        s.enter()?;
        s.w.begin_object(false);
        s.w.field_key(variant);
        v.serialize(ValueSerializer::new(s))
            .map_err(|e| at_key(e, variant))?;
        s.w.end_item();
        s.w.end_object();
        s.leave();
        Ok(())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Seq<'a>, Error> {
        self.s.enter()?;
        self.s.w.begin_tuple(false);
        Ok(Seq {
            s: self.s,
            index: 0,
            variant: None,
            then_end_item: false,
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Seq<'a>, Error> {
        let s = self.s;
        s.enter()?;
        s.w.begin_object(false);
        s.w.field_key(variant);
        s.w.begin_tuple(false);
        Ok(Seq {
            s,
            index: 0,
            variant: Some(variant),
            then_end_item: false,
        })
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Map<'a>, Error> {
        self.s.enter()?;
        self.s.w.begin_object(len == Some(0));
        Ok(Map {
            s: self.s,
            key: false,
            empty: len == Some(0),
            variant: None,
            then_end_item: false,
        })
    }

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Map<'a>, Error> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Map<'a>, Error> {
        let s = self.s;
        s.enter()?;
        s.w.begin_object(false);
        s.w.field_key(variant);
        s.w.begin_object(len == 0);
        Ok(Map {
            s,
            key: false,
            empty: len == 0,
            variant: Some(variant),
            then_end_item: false,
        })
    }
}

#[cold]
fn not_finite(v: f64) -> Error {
    let what = if v.is_nan() {
        "NaN"
    } else {
        "an infinite number"
    };
    Error::cannot_write(format!(
        "{what} cannot be written (the syntax has no literal for it)"
    ))
}

/// The elements of a tuple.
pub(crate) struct Seq<'a> {
    s: &'a mut Ser,
    index: usize,
    /// Inside `{ Variant = [...] }`.
    variant: Option<&'static str>,
    /// The tuple is an attribute's value: end the attribute after it.
    pub(crate) then_end_item: bool,
}

impl Seq<'_> {
    fn element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
        // A value that fails reports its error, with its path, below.
        let spans = super::probe::spans_lines(v).unwrap_or(false);
        self.s.w.element(spans);
        let i = self.index;
        self.index += 1;
        let variant = self.variant;
        v.serialize(ValueSerializer::new(self.s)).map_err(|e| {
            let e = at_index(e, i);
            match variant {
                Some(name) => at_key(e, name),
                None => e,
            }
        })
    }

    fn finish(self) -> Result<(), Error> {
        self.s.w.end_tuple();
        if self.variant.is_some() {
            self.s.w.end_item();
            self.s.w.end_object();
        }
        if self.then_end_item {
            self.s.w.end_item();
        }
        self.s.leave();
        Ok(())
    }
}

macro_rules! seq_impls {
    ($($trait:ident $method:ident),*) => {$(
        impl ser::$trait for Seq<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
                self.element(v)
            }
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}
seq_impls!(
    SerializeSeq serialize_element,
    SerializeTuple serialize_element,
    SerializeTupleStruct serialize_field,
    SerializeTupleVariant serialize_field
);

/// The items of an object.
pub(crate) struct Map<'a> {
    s: &'a mut Ser,
    /// A key was read (into `Ser::key`).
    key: bool,
    /// Opened as `{}`: nothing may follow.
    empty: bool,
    /// Inside `{ Variant = {...} }`.
    variant: Option<&'static str>,
    /// The object is an attribute's value: end the attribute after it.
    pub(crate) then_end_item: bool,
}

/// The key of an object item.
#[derive(Clone, Copy)]
enum ItemKey<'k> {
    /// A struct's field name ([`Writer::field_key`](hcl_core::write::Writer::field_key)):
    /// left out with its item when the value is `None`.
    Field(&'static str),
    /// A map's key.
    Entry(&'k str),
}

impl Map<'_> {
    /// Writes `key = v`; a struct field that is `None` is left out (a
    /// decoder reads a missing field as `None`).
    fn item<T: ?Sized + Serialize>(&mut self, key: ItemKey<'_>, v: &T) -> Result<(), Error> {
        if self.empty {
            return Err(Error::cannot_write("more entries than announced"));
        }
        let mark = self.s.w.len();
        let (key, skip_none) = match key {
            ItemKey::Field(k) => {
                self.s.w.field_key(k);
                (k, true)
            }
            ItemKey::Entry(k) => {
                self.s.w.key(k);
                (k, false)
            }
        };
        self.s.wrote_none = false;
        let variant = self.variant;
        v.serialize(ValueSerializer::new(self.s)).map_err(|e| {
            let e = at_key(e, key);
            match variant {
                Some(name) => at_key(e, name),
                None => e,
            }
        })?;
        if skip_none && self.s.wrote_none && self.s.w.ends_with(" = null") {
            self.s.w.truncate(mark);
        } else {
            self.s.w.end_item();
        }
        self.s.wrote_none = false;
        Ok(())
    }

    fn finish(self) -> Result<(), Error> {
        if !self.empty {
            self.s.w.end_object();
        }
        if self.variant.is_some() {
            self.s.w.end_item();
            self.s.w.end_object();
        }
        if self.then_end_item {
            self.s.w.end_item();
        }
        self.s.leave();
        Ok(())
    }
}

impl ser::SerializeMap for Map<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.s.key.clear();
        key.serialize(KeySerializer {
            out: &mut self.s.key,
        })?;
        self.key = true;
        Ok(())
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
        let key = self.s.take_key();
        self.key = false;
        let result = self.item(ItemKey::Entry(&key), v);
        self.s.give_back_key(key);
        result
    }

    /// `serialize_key` then `serialize_value` in one step (how maps
    /// serialize their entries): a string key is written as the item's
    /// key where serde hands it over, with no copy (see [`EntryKey`]).
    fn serialize_entry<K: ?Sized + Serialize, V: ?Sized + Serialize>(
        &mut self,
        key: &K,
        v: &V,
    ) -> Result<(), Error> {
        key.serialize(EntryKey(|k: &str| self.item(ItemKey::Entry(k), v)))
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeStruct for Map<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.item(ItemKey::Field(key), v)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Map<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.item(ItemKey::Field(key), v)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

// --- keys ------------------------------------------------------------

/// A map entry's key, serialized into its item (`.0` writes the item of a
/// key): a string key, the usual one, is given to `.0` as serde hands it
/// over; a key of any other kind goes through [`KeySerializer`], the one
/// rule for what a key may be, into a buffer of its own.
pub(crate) struct EntryKey<F>(pub(crate) F);

impl<F: FnOnce(&str) -> Result<(), Error>> EntryKey<F> {
    /// The key as [`KeySerializer`] writes it (or refuses it), then its item.
    #[cold]
    fn through_key_serializer(
        self,
        key: impl FnOnce(KeySerializer<'_>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut text = String::new();
        key(KeySerializer { out: &mut text })?;
        (self.0)(&text)
    }
}

/// Methods that [`EntryKey`] leaves to [`KeySerializer`].
macro_rules! through_key_serializer {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {$(
        fn $method(self, $($arg: $ty),*) -> Result<(), Error> {
            self.through_key_serializer(|k| k.$method($($arg),*))
        }
    )*};
}

/// Compound keys: refused, by [`KeySerializer`].
macro_rules! refused_by_key_serializer {
    ($($method:ident($($arg:ident: $ty:ty),*) -> $ret:ident),* $(,)?) => {$(
        fn $method(self, $($arg: $ty),*) -> Result<Self::$ret, Error> {
            KeySerializer { out: &mut String::new() }.$method($($arg),*)
        }
    )*};
}

impl<F: FnOnce(&str) -> Result<(), Error>> ser::Serializer for EntryKey<F> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        (self.0)(v)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }

    through_key_serializer! {
        serialize_char(v: char),
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str),
        serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_i128(v: i128),
        serialize_u8(v: u8), serialize_u16(v: u16), serialize_u32(v: u32),
        serialize_u64(v: u64), serialize_u128(v: u128), serialize_f32(v: f32),
        serialize_f64(v: f64), serialize_bytes(v: &[u8]), serialize_none(),
        serialize_unit(), serialize_unit_struct(name: &'static str),
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.through_key_serializer(|k| k.serialize_newtype_variant(name, index, variant, v))
    }

    refused_by_key_serializer! {
        serialize_seq(len: Option<usize>) -> SerializeSeq,
        serialize_tuple(len: usize) -> SerializeTuple,
        serialize_tuple_struct(name: &'static str, len: usize) -> SerializeTupleStruct,
        serialize_tuple_variant(
            name: &'static str, index: u32, variant: &'static str, len: usize
        ) -> SerializeTupleVariant,
        serialize_map(len: Option<usize>) -> SerializeMap,
        serialize_struct(name: &'static str, len: usize) -> SerializeStruct,
        serialize_struct_variant(
            name: &'static str, index: u32, variant: &'static str, len: usize
        ) -> SerializeStructVariant,
    }
}

impl KeySerializer<'_> {
    #[cold]
    fn not_a_string(&self, what: &str) -> Error {
        Error::cannot_write(format!("a map key must be a string, not {what}"))
    }
}

macro_rules! key_refuses {
    ($($method:ident($($arg:ty),*) $what:literal),* $(,)?) => {$(
        fn $method(self, $(_: $arg),*) -> Result<(), Error> {
            Err(self.not_a_string($what))
        }
    )*};
}

impl ser::Serializer for KeySerializer<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.out.push_str(v);
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.out.push(v);
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.out.push_str(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }

    key_refuses! {
        serialize_bool(bool) "a bool",
        serialize_i8(i8) "a number",
        serialize_i16(i16) "a number",
        serialize_i32(i32) "a number",
        serialize_i64(i64) "a number",
        serialize_i128(i128) "a number",
        serialize_u8(u8) "a number",
        serialize_u16(u16) "a number",
        serialize_u32(u32) "a number",
        serialize_u64(u64) "a number",
        serialize_u128(u128) "a number",
        serialize_f32(f32) "a number",
        serialize_f64(f64) "a number",
        serialize_bytes(&[u8]) "bytes",
        serialize_none() "null",
        serialize_unit() "null",
        serialize_unit_struct(&'static str) "null",
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(self.not_a_string("an enum variant with data"))
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(self.not_a_string("a sequence"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(self.not_a_string("a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(self.not_a_string("a tuple"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(self.not_a_string("an enum variant with data"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(self.not_a_string("a map"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(self.not_a_string("a struct"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(self.not_a_string("an enum variant with data"))
    }
}
