//! [`Spanned<T>`]: a decoded value with the source range it came from.
//!
//! The range crosses serde as data (habit of `serde_spanned`): the value
//! deserializers recognise a struct with a private name and hand the
//! visitor a map of two private entries, the range (file name, then line,
//! column and byte of its start and of its end) and the real data. Nested
//! `Spanned` fields each get their own; nothing is kept beside the call.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

use hcl_core::pos::{Pos, Range};

use crate::error::Error;

pub(crate) const NAME: &str = "$__hcl_private_Spanned";
pub(crate) const VALUE_FIELD: &str = "$__hcl_private_value";
const RANGE_FIELD: &str = "$__hcl_private_range";
const FIELDS: &[&str] = &[RANGE_FIELD, VALUE_FIELD];

/// A value and the range of the expression it was decoded from, so that an
/// application can report its own validation errors at the right place.
///
/// ```
/// use hcl_core::Value;
/// use hcl_serde::de::ValueDeserializer;
/// use hcl_serde::Spanned;
/// use serde::Deserialize;
///
/// let port: Spanned<u16> = Spanned::deserialize(ValueDeserializer::new(&Value::from(80))).unwrap();
/// assert_eq!(*port.get_ref(), 80);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    value: T,
    range: Range,
}

/// Writes the value alone (the range belongs to the source it was read
/// from).
impl<T: serde::Serialize> serde::Serialize for Spanned<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<T> Spanned<T> {
    /// A value with a range.
    pub fn new(value: T, range: Range) -> Spanned<T> {
        Spanned { value, range }
    }

    /// The source range (the default range when the value came from no
    /// source).
    pub fn range(&self) -> Range {
        self.range.clone()
    }

    /// The value.
    pub fn get_ref(&self) -> &T {
        &self.value
    }

    /// The value, mutably.
    pub fn get_mut(&mut self) -> &mut T {
        &mut self.value
    }

    /// The value, dropping the range.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct(NAME, FIELDS, SpannedVisitor(PhantomData))
    }
}

struct SpannedVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
    type Value = Spanned<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value decoded by hcl_serde")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Spanned<T>, A::Error> {
        let only_ours = || de::Error::custom("`Spanned` can only be decoded by hcl_serde");
        if map.next_key::<String>()?.as_deref() != Some(RANGE_FIELD) {
            return Err(only_ours());
        }
        let RangeData(range) = map.next_value()?;
        if map.next_key::<String>()?.as_deref() != Some(VALUE_FIELD) {
            return Err(only_ours());
        }
        let value = map.next_value()?;
        Ok(Spanned { value, range })
    }
}

/// What the value deserializers call for the private struct name.
pub(crate) fn deserialize_spanned<'de, D, V>(
    inner: D,
    range: Option<Range>,
    visitor: V,
) -> Result<V::Value, Error>
where
    D: Deserializer<'de, Error = Error>,
    V: Visitor<'de>,
{
    visitor.visit_map(Entries {
        range: Some(range.unwrap_or_default()),
        value: Some(inner),
    })
}

/// The range and the value, as the visitor's two map entries.
struct Entries<D> {
    range: Option<Range>,
    value: Option<D>,
}

impl<'de, D: Deserializer<'de, Error = Error>> MapAccess<'de> for Entries<D> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let key = if self.range.is_some() {
            RANGE_FIELD
        } else if self.value.is_some() {
            VALUE_FIELD
        } else {
            return Ok(None);
        };
        seed.deserialize(de::value::BorrowedStrDeserializer::new(key))
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        if let Some(r) = self.range.take() {
            let parts = [
                Part::Name(r.filename.to_string()),
                Part::Num(r.start.line),
                Part::Num(r.start.column),
                Part::Num(r.start.byte),
                Part::Num(r.end.line),
                Part::Num(r.end.column),
                Part::Num(r.end.byte),
            ];
            return seed.deserialize(de::value::SeqDeserializer::new(parts.into_iter()));
        }
        match self.value.take() {
            Some(d) => seed.deserialize(d),
            None => Err(de::Error::custom("`Spanned` value requested twice")),
        }
    }
}

/// A part of a range's encoding: the file name, or a line, column or
/// byte number.
enum Part {
    Name(String),
    Num(u32),
}

impl<'de> de::IntoDeserializer<'de, Error> for Part {
    type Deserializer = Part;

    fn into_deserializer(self) -> Part {
        self
    }
}

impl<'de> Deserializer<'de> for Part {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Part::Name(n) => visitor.visit_string(n),
            Part::Num(n) => visitor.visit_u32(n),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// A range rebuilt from its encoding.
struct RangeData(Range);

impl<'de> Deserialize<'de> for RangeData {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RangeData, D::Error> {
        type Parts = (String, u32, u32, u32, u32, u32, u32);
        let (filename, l0, c0, b0, l1, c1, b1) = Parts::deserialize(d)?;
        Ok(RangeData(Range {
            filename: Arc::from(filename),
            start: Pos {
                line: l0,
                column: c0,
                byte: b0,
            },
            end: Pos {
                line: l1,
                column: c1,
                byte: b1,
            },
        }))
    }
}
