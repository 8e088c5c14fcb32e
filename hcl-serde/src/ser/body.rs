//! Serializing a body: the root value, or a block's. A struct's fields
//! (a map's entries) are attributes, except those marked as blocks
//! ([`Blocks`](super::Blocks)) or labels ([`Label`](super::Label)), and
//! `None` fields, which are left out.

use hcl_core::diag::quoted;
use serde::ser::{self, Serialize};

use super::marker::{blocks_labels, LABEL};
use super::value::{EntryKey, KeySerializer, Map, Seq, ValueSerializer};
use super::{at_index, at_key, Ser};
use crate::error::Error;

/// Serializes a body: a struct or a map (the root, or a block's body).
pub(crate) struct BodySerializer<'a> {
    pub(crate) s: &'a mut Ser,
}

#[cold]
fn not_a_body(_: &Ser, what: &str) -> Error {
    Error::cannot_write(format!(
        "a body is written from a struct or a map, not {what}"
    ))
}

macro_rules! refuse {
    ($fn:ident, $($method:ident($($arg:ty),*) $what:literal),* $(,)?) => {$(
        fn $method(self, $(_: $arg),*) -> Result<(), Error> {
            Err($fn(self.s, $what))
        }
    )*};
}

/// The methods a body and a field of blocks answer alike: scalars and
/// enum variants are refused with `$refuse`; `None`, `()` and unit structs
/// write nothing (no attribute, no block); `Some` and newtype structs
/// write what they hold.
macro_rules! body_like {
    ($refuse:ident) => {
        refuse! { $refuse,
            serialize_bool(bool) "a bool",
            serialize_i8(i8) "a number", serialize_i16(i16) "a number",
            serialize_i32(i32) "a number", serialize_i64(i64) "a number",
            serialize_i128(i128) "a number", serialize_u8(u8) "a number",
            serialize_u16(u16) "a number", serialize_u32(u32) "a number",
            serialize_u64(u64) "a number", serialize_u128(u128) "a number",
            serialize_f32(f32) "a number", serialize_f64(f64) "a number",
            serialize_char(char) "a string", serialize_str(&str) "a string",
            serialize_bytes(&[u8]) "bytes",
        }

        fn serialize_none(self) -> Result<(), Error> {
            Ok(())
        }
        fn serialize_unit(self) -> Result<(), Error> {
            Ok(())
        }
        fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
            Ok(())
        }
        fn serialize_unit_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
        ) -> Result<(), Error> {
            Err($refuse(self.s, "an enum variant"))
        }

        fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), Error> {
            v.serialize(self)
        }

        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            v: &T,
        ) -> Result<(), Error> {
            v.serialize(self)
        }

        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<(), Error> {
            Err($refuse(self.s, "an enum variant"))
        }
    };
}

impl<'a> ser::Serializer for BodySerializer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = BodyItems<'a>;
    type SerializeStruct = BodyItems<'a>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    body_like! { not_a_body }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_a_body(self.s, "a sequence"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_a_body(self.s, "a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_a_body(self.s, "a tuple"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_a_body(self.s, "an enum variant"))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<BodyItems<'a>, Error> {
        Ok(BodyItems::new(self.s, false))
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<BodyItems<'a>, Error> {
        Ok(BodyItems::new(self.s, false))
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_a_body(self.s, "an enum variant"))
    }
}

/// Starts attribute `name`: it must be an identifier.
fn attribute(s: &mut Ser, name: &str) -> Result<(), Error> {
    s.w.attribute(name).map_err(|_| {
        Error::cannot_write(format!(
            "{name} cannot be an attribute name (not an identifier)",
            name = quoted(name)
        ))
    })
}

/// The fields of a body.
pub(crate) struct BodyItems<'a> {
    s: &'a mut Ser,
    /// A key was read (into `Ser::key`).
    key: bool,
    /// A block's body: end the block after it.
    block: bool,
}

impl<'a> BodyItems<'a> {
    fn new(s: &'a mut Ser, block: bool) -> BodyItems<'a> {
        BodyItems {
            s,
            key: false,
            block,
        }
    }

    fn item<T: ?Sized + Serialize>(&mut self, name: &str, v: &T) -> Result<(), Error> {
        v.serialize(FieldSerializer { s: self.s, name })
            .map_err(|e| at_key(e, name))
    }

    fn finish(self) -> Result<(), Error> {
        if self.block {
            self.s.w.end_block();
            self.s.blocks -= 1;
            self.s.leave();
        }
        Ok(())
    }
}

impl ser::SerializeStruct for BodyItems<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.item(key, v)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeMap for BodyItems<'_> {
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
        let result = self.item(&key, v);
        self.s.give_back_key(key);
        result
    }

    /// Both halves of an entry in one step, the key written where serde
    /// hands it over (as objects do: [`EntryKey`]).
    fn serialize_entry<K: ?Sized + Serialize, V: ?Sized + Serialize>(
        &mut self,
        key: &K,
        v: &V,
    ) -> Result<(), Error> {
        key.serialize(EntryKey(|k: &str| self.item(k, v)))
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// One field of a body: an attribute, blocks, a label, or nothing (`None`).
struct FieldSerializer<'a, 'n> {
    s: &'a mut Ser,
    name: &'n str,
}

/// Writes `name = ` and the value through `ValueSerializer::$method`.
macro_rules! attribute_of {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {$(
        fn $method(self, $($arg: $ty),*) -> Result<(), Error> {
            attribute(self.s, self.name)?;
            ValueSerializer::new(self.s).$method($($arg),*)?;
            self.s.w.end_item();
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for FieldSerializer<'a, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Seq<'a>;
    type SerializeTuple = Seq<'a>;
    type SerializeTupleStruct = Seq<'a>;
    type SerializeTupleVariant = Seq<'a>;
    type SerializeMap = Map<'a>;
    type SerializeStruct = Map<'a>;
    type SerializeStructVariant = Map<'a>;

    attribute_of! {
        serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_i128(v: i128),
        serialize_u8(v: u8), serialize_u16(v: u16), serialize_u32(v: u32),
        serialize_u64(v: u64), serialize_u128(v: u128), serialize_f32(v: f32),
        serialize_f64(v: f64), serialize_char(v: char), serialize_str(v: &str),
        serialize_bytes(v: &[u8]), serialize_unit(),
        serialize_unit_struct(name: &'static str),
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str),
    }

    /// A `None` field is left out.
    fn serialize_none(self) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        if let Some(labels) = blocks_labels(name) {
            return v.serialize(BlocksSerializer {
                s: self.s,
                name: self.name,
                left: labels,
                labels: Vec::new(),
            });
        }
        if name == LABEL {
            if self.s.blocks == 0 {
                return Err(Error::cannot_write("a label outside a block"));
            }
            let mut label = String::new();
            v.serialize(KeySerializer { out: &mut label })?;
            self.s.w.label(&label);
            return Ok(());
        }
        attribute(self.s, self.name)?;
        // Expression text and numbers beyond Rust's are the value
        // serializer's business; any other newtype is what it wraps.
        ser::Serializer::serialize_newtype_struct(ValueSerializer::new(self.s), name, v)?;
        self.s.w.end_item();
        Ok(())
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        attribute(self.s, self.name)?;
        ValueSerializer::new(self.s).serialize_newtype_variant(name, index, variant, v)?;
        self.s.w.end_item();
        Ok(())
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'a>, Error> {
        attribute(self.s, self.name)?;
        let mut seq = ser::Serializer::serialize_seq(ValueSerializer::new(self.s), len)?;
        seq.then_end_item = true;
        Ok(seq)
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'a>, Error> {
        attribute(self.s, self.name)?;
        let mut seq = ser::Serializer::serialize_tuple_variant(
            ValueSerializer::new(self.s),
            name,
            index,
            variant,
            len,
        )?;
        seq.then_end_item = true;
        Ok(seq)
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Map<'a>, Error> {
        attribute(self.s, self.name)?;
        let mut map = ser::Serializer::serialize_map(ValueSerializer::new(self.s), len)?;
        map.then_end_item = true;
        Ok(map)
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Map<'a>, Error> {
        attribute(self.s, self.name)?;
        let mut map = ser::Serializer::serialize_struct(ValueSerializer::new(self.s), name, len)?;
        map.then_end_item = true;
        Ok(map)
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Map<'a>, Error> {
        attribute(self.s, self.name)?;
        let mut map = ser::Serializer::serialize_struct_variant(
            ValueSerializer::new(self.s),
            name,
            index,
            variant,
            len,
        )?;
        map.then_end_item = true;
        Ok(map)
    }
}

/// The blocks of one type: `left` more labels come from map keys, then
/// a body (struct or map) per block, or a sequence of them.
struct BlocksSerializer<'a, 'n> {
    s: &'a mut Ser,
    name: &'n str,
    left: usize,
    labels: Vec<String>,
}

#[cold]
fn not_blocks(_: &Ser, what: &str) -> Error {
    Error::cannot_write(format!(
        "blocks are written from structs or maps (labels from map keys), not {what}"
    ))
}

impl<'a> BlocksSerializer<'a, '_> {
    /// Opens the block, with its labels; its body follows.
    fn open(self) -> Result<BodyItems<'a>, Error> {
        if self.left > 0 {
            return Err(not_blocks(
                self.s,
                "a struct where a map of labels was expected",
            ));
        }
        self.s.enter()?;
        self.s.w.block(self.name).map_err(|_| {
            Error::cannot_write(format!(
                "{} cannot be a block type (not an identifier)",
                quoted(self.name)
            ))
        })?;
        for l in &self.labels {
            self.s.w.label(l);
        }
        self.s.blocks += 1;
        Ok(BodyItems::new(self.s, true))
    }
}

impl<'a> ser::Serializer for BlocksSerializer<'a, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = BlockSeq<'a>;
    type SerializeTuple = BlockSeq<'a>;
    type SerializeTupleStruct = BlockSeq<'a>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = BlockMap<'a>;
    type SerializeStruct = BodyItems<'a>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    body_like! { not_blocks }

    fn serialize_seq(self, _: Option<usize>) -> Result<BlockSeq<'a>, Error> {
        Ok(BlockSeq {
            s: self.s,
            name: self.name.to_owned(),
            left: self.left,
            labels: self.labels,
            index: 0,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<BlockSeq<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<BlockSeq<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_blocks(self.s, "an enum variant"))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<BlockMap<'a>, Error> {
        if self.left == 0 {
            return Ok(BlockMap::Body(self.open()?));
        }
        Ok(BlockMap::Labels {
            s: self.s,
            name: self.name.to_owned(),
            left: self.left - 1,
            labels: self.labels,
        })
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<BodyItems<'a>, Error> {
        self.open()
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_blocks(self.s, "an enum variant"))
    }
}

/// Blocks one per element.
struct BlockSeq<'a> {
    s: &'a mut Ser,
    name: String,
    left: usize,
    labels: Vec<String>,
    index: usize,
}

impl BlockSeq<'_> {
    fn element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
        let i = self.index;
        self.index += 1;
        v.serialize(BlocksSerializer {
            s: self.s,
            name: &self.name,
            left: self.left,
            labels: self.labels.clone(),
        })
        .map_err(|e| at_index(e, i))
    }
}

macro_rules! block_seq {
    ($($trait:ident $method:ident),*) => {$(
        impl ser::$trait for BlockSeq<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
                self.element(v)
            }
            fn end(self) -> Result<(), Error> {
                Ok(())
            }
        }
    )*};
}
block_seq!(
    SerializeSeq serialize_element,
    SerializeTuple serialize_element,
    SerializeTupleStruct serialize_field
);

/// A map below a blocks marker: a block's body, or labels as keys.
enum BlockMap<'a> {
    Body(BodyItems<'a>),
    Labels {
        s: &'a mut Ser,
        name: String,
        /// Labels left after this map's keys.
        left: usize,
        labels: Vec<String>,
    },
}

impl ser::SerializeMap for BlockMap<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        match self {
            BlockMap::Body(b) => ser::SerializeMap::serialize_key(b, key),
            BlockMap::Labels { labels, .. } => {
                let mut label = String::new();
                key.serialize(KeySerializer { out: &mut label })?;
                labels.push(label);
                Ok(())
            }
        }
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), Error> {
        match self {
            BlockMap::Body(b) => ser::SerializeMap::serialize_value(b, v),
            BlockMap::Labels {
                s,
                name,
                left,
                labels,
            } => {
                let label = labels.pop().unwrap_or_default();
                let mut these = labels.clone();
                these.push(label.clone());
                v.serialize(BlocksSerializer {
                    s,
                    name,
                    left: *left,
                    labels: these,
                })
                .map_err(|e| e.prefix_path(&super::label_segment(&label)))
            }
        }
    }

    fn end(self) -> Result<(), Error> {
        match self {
            BlockMap::Body(b) => ser::SerializeStruct::end(b),
            BlockMap::Labels { .. } => Ok(()),
        }
    }
}
