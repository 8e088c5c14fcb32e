//! [`Spanned<T>`]: a decoded value with the source range it came from.
//!
//! The range crosses serde out of band (habit of `serde_spanned`): the
//! value deserializers recognise a struct with a private name, park the
//! range in a thread-local slot, and hand the visitor a one-entry map whose
//! value is the real data. The visitor takes the range before it
//! deserializes the value, so nested `Spanned` fields each get their own.

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

use hcl_core::pos::Range;

use crate::error::Error;

pub(crate) const NAME: &str = "$__hcl_private_Spanned";
pub(crate) const VALUE_FIELD: &str = "$__hcl_private_value";
const FIELDS: &[&str] = &[VALUE_FIELD];

thread_local! {
    static PENDING_RANGE: Cell<Option<Range>> = const { Cell::new(None) };
}

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
        let range = PENDING_RANGE.with(Cell::take);
        let (Some(range), Some(key)) = (range, map.next_key::<String>()?) else {
            return Err(de::Error::custom(
                "`Spanned` can only be decoded by hcl_serde",
            ));
        };
        if key != VALUE_FIELD {
            return Err(de::Error::custom(
                "`Spanned` can only be decoded by hcl_serde",
            ));
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
    PENDING_RANGE.with(|c| c.set(Some(range.unwrap_or_default())));
    let out = visitor.visit_map(OneEntry { value: Some(inner) });
    // A visitor that is not ours leaves the slot set; clear it.
    PENDING_RANGE.with(Cell::take);
    out
}

struct OneEntry<D> {
    value: Option<D>,
}

impl<'de, D: Deserializer<'de, Error = Error>> MapAccess<'de> for OneEntry<D> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.value.is_none() {
            return Ok(None);
        }
        seed.deserialize(de::value::BorrowedStrDeserializer::new(VALUE_FIELD))
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(d) => seed.deserialize(d),
            None => Err(de::Error::custom("`Spanned` value requested twice")),
        }
    }
}
