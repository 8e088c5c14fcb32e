//! `serde` support for [`Value`] (feature `serde`).
//!
//! Any serde format can produce a [`Value`]: booleans, numbers, strings,
//! sequences (tuples), maps with string keys (objects) and unit/none (null).
//! A deserializer that already holds a `Value` (hcl-serde's) hands it over
//! whole, keeping its exact type (lists, sets, maps, typed nulls, unknowns,
//! numbers beyond 64 bits): it recognises [`VALUE_TOKEN`] as the newtype
//! name [`Value`]'s `Deserialize` asks for and answers with
//! [`EncodedValue`], a one-entry map whose key is the token and whose value
//! is a private, lossless structured encoding of the value (its type, its
//! data, unknowns and typed nulls marked), which the visitor rebuilds. The
//! value crosses serde as data (the habit of `serde_json`'s arbitrary
//! precision numbers), with no state beside the call.
//!
//! Serializing writes the plain data model, nothing beside it: numbers as
//! `i64`/`u64`/`i128` when they are integers that fit, as `f64` when they
//! are one exactly, otherwise as their exact decimal text inside a newtype
//! named [`NUMBER_TOKEN`] (see [`Number`]'s `Serialize`); null as unit,
//! lists, sets and tuples as sequences, maps and objects as maps. Unknown
//! values and capsules cannot be serialized.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Error as _, Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Number, Type, Value};

/// The newtype-struct name [`Value`]'s `Deserialize` asks for; see the
/// module docs. Not for applications.
#[doc(hidden)]
pub const VALUE_TOKEN: &str = "$__hcl_core_private_Value";

impl<'de> Deserialize<'de> for Value {
    /// ```
    /// use hcl_core::Value;
    /// let v: Value = serde_json::from_str(r#"{"name": "web", "ports": [80, 443]}"#).unwrap();
    /// assert_eq!(hcl_core::value::get_attr(&v, "name").unwrap(), Value::from("web"));
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_newtype_struct(VALUE_TOKEN, ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an HCL value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::number(Number::from(v)))
    }

    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(Value::number(Number::from(v)))
    }

    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(Value::number(Number::from(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v)
            .map(Value::number)
            .ok_or_else(|| E::custom(format_args!("{v} is not a number HCL can represent")))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::string(v))
    }

    fn visit_char<E>(self, v: char) -> Result<Value, E> {
        Ok(Value::string(v.encode_utf8(&mut [0; 4])))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element::<Value>()? {
            items.push(v);
        }
        Ok(Value::tuple(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut entries: Vec<(String, Value)> = Vec::new();
        match map.next_key::<String>()? {
            // An encoded value (see `EncodedValue`): the whole value.
            Some(k) if k == VALUE_TOKEN => return Ok(map.next_value::<Node>()?.0),
            Some(k) => entries.push((k, map.next_value()?)),
            None => {}
        }
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            entries.push((k, v));
        }
        // `Value::object` keeps the last of duplicate keys, as JSON
        // decoders commonly do.
        Ok(Value::object(entries))
    }
}

/// How a deserializer that holds a [`Value`] answers [`VALUE_TOKEN`]: a
/// map with one entry, the token and the value's lossless encoding, for
/// the visitor of [`Value`]'s `Deserialize` to rebuild. Not for
/// applications.
///
/// The encoding of a value is a sequence: a tag, then the tag's data —
/// null and unknown: the type (cty's JSON type form); bool; number: its
/// decimal form (which reads back exactly) or `+Inf`/`-Inf`; string;
/// list, set, map: the element type, then the elements (for a map, key
/// and element in turn); tuple and object: the elements (for an object,
/// key and element in turn). Capsules cannot be encoded.
#[doc(hidden)]
pub struct EncodedValue<'a, E> {
    value: Option<&'a Value>,
    error: PhantomData<E>,
}

impl<'a, E> EncodedValue<'a, E> {
    /// The encoding of `value`.
    pub fn new(value: &'a Value) -> EncodedValue<'a, E> {
        EncodedValue {
            value: Some(value),
            error: PhantomData,
        }
    }
}

impl<'de, E: de::Error> MapAccess<'de> for EncodedValue<'_, E> {
    type Error = E;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, E> {
        if self.value.is_none() {
            return Ok(None);
        }
        seed.deserialize(de::value::BorrowedStrDeserializer::new(VALUE_TOKEN))
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        match self.value.take() {
            Some(v) => seed.deserialize(NodeDe::<E>(v, PhantomData)),
            None => Err(E::custom("an encoded value was asked for twice")),
        }
    }
}

const TAG_NULL: u8 = 0;
const TAG_UNKNOWN: u8 = 1;
const TAG_BOOL: u8 = 2;
const TAG_NUMBER: u8 = 3;
const TAG_STRING: u8 = 4;
const TAG_LIST: u8 = 5;
const TAG_SET: u8 = 6;
const TAG_MAP: u8 = 7;
const TAG_TUPLE: u8 = 8;
const TAG_OBJECT: u8 = 9;

/// One item of a value's encoding.
enum Item<'a> {
    Tag(u8),
    Text(std::borrow::Cow<'a, str>),
    Bool(bool),
    Node(&'a Value),
}

/// The encoding of one value, as a deserializer.
struct NodeDe<'a, E>(&'a Value, PhantomData<E>);

impl<'a, E: de::Error> NodeDe<'a, E> {
    fn items(&self) -> Result<Vec<Item<'a>>, E> {
        use std::borrow::Cow;
        let ty = |t: &Type| {
            super::cty_json::type_to_cty_json(t)
                .map(|j| Item::Text(Cow::Owned(j)))
                .map_err(|e| E::custom(e))
        };
        let v = self.0;
        let mut items = Vec::new();
        match v {
            Value::Null(t) => items.extend([Item::Tag(TAG_NULL), ty(t)?]),
            Value::Unknown(t) => items.extend([Item::Tag(TAG_UNKNOWN), ty(t)?]),
            Value::Bool(b) => items.extend([Item::Tag(TAG_BOOL), Item::Bool(*b)]),
            Value::Number(n) => {
                items.extend([Item::Tag(TAG_NUMBER), Item::Text(Cow::Owned(n.to_string()))])
            }
            Value::String(s) => {
                items.extend([Item::Tag(TAG_STRING), Item::Text(Cow::Borrowed(s.as_str()))])
            }
            Value::List(_) | Value::Set(_) => {
                let tag = if matches!(v, Value::List(_)) {
                    TAG_LIST
                } else {
                    TAG_SET
                };
                let elem = v.ty().element_type().cloned().unwrap_or(Type::Dynamic);
                items.extend([Item::Tag(tag), ty(&elem)?]);
                items.extend(v.as_elements().unwrap_or_default().iter().map(Item::Node));
            }
            Value::Tuple(t) => {
                items.push(Item::Tag(TAG_TUPLE));
                items.extend(t.as_slice().iter().map(Item::Node));
            }
            Value::Map(_) | Value::Object(_) => {
                if matches!(v, Value::Map(_)) {
                    let elem = v.ty().element_type().cloned().unwrap_or(Type::Dynamic);
                    items.extend([Item::Tag(TAG_MAP), ty(&elem)?]);
                } else {
                    items.push(Item::Tag(TAG_OBJECT));
                }
                for (k, e) in v.as_entries().into_iter().flatten() {
                    items.extend([Item::Text(Cow::Borrowed(k.as_str())), Item::Node(e)]);
                }
            }
            Value::Capsule(_) => {
                return Err(E::custom(
                    "a capsule value cannot be decoded into a Rust type",
                ))
            }
        }
        Ok(items)
    }
}

impl<'de, E: de::Error> Deserializer<'de> for NodeDe<'_, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_seq(de::value::SeqDeserializer::new(
            self.items()?.into_iter().map(ItemDe::<E>::new),
        ))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

struct ItemDe<'a, E>(Item<'a>, PhantomData<E>);

impl<'a, E> ItemDe<'a, E> {
    fn new(item: Item<'a>) -> ItemDe<'a, E> {
        ItemDe(item, PhantomData)
    }
}

impl<'de, E: de::Error> de::IntoDeserializer<'de, E> for ItemDe<'_, E> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de, E: de::Error> Deserializer<'de> for ItemDe<'_, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.0 {
            Item::Tag(t) => visitor.visit_u8(t),
            Item::Text(t) => visitor.visit_str(&t),
            Item::Bool(b) => visitor.visit_bool(b),
            Item::Node(v) => NodeDe::<E>(v, PhantomData).deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// A value rebuilt from its encoding.
struct Node(Value);

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_seq(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an encoded HCL value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        fn next<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(seq: &mut A) -> Result<T, A::Error> {
            seq.next_element()?
                .ok_or_else(|| de::Error::custom("an encoded value ends early"))
        }
        fn ty<'de, A: SeqAccess<'de>>(seq: &mut A) -> Result<Type, A::Error> {
            let text: String = next(seq)?;
            super::cty_json::type_from_cty_json(&text).map_err(de::Error::custom)
        }
        fn rest<'de, A: SeqAccess<'de>>(seq: &mut A) -> Result<Vec<Value>, A::Error> {
            let mut out = Vec::new();
            while let Some(Node(v)) = seq.next_element()? {
                out.push(v);
            }
            Ok(out)
        }
        fn entries<'de, A: SeqAccess<'de>>(seq: &mut A) -> Result<Vec<(String, Value)>, A::Error> {
            let mut out = Vec::new();
            while let Some(k) = seq.next_element::<String>()? {
                let Node(v) = next(seq)?;
                out.push((k, v));
            }
            Ok(out)
        }
        let bad = |e: super::ValueError| de::Error::custom(e);
        let tag: u8 = next(&mut seq)?;
        let v = match tag {
            TAG_NULL => Value::null(ty(&mut seq)?),
            TAG_UNKNOWN => Value::unknown(ty(&mut seq)?),
            TAG_BOOL => Value::from(next::<bool, _>(&mut seq)?),
            TAG_NUMBER => {
                let text: String = next(&mut seq)?;
                let n = match text.as_str() {
                    "+Inf" => Number::infinity(),
                    "-Inf" => Number::neg_infinity(),
                    t => Number::parse_decimal(t).map_err(de::Error::custom)?,
                };
                Value::number(n)
            }
            TAG_STRING => Value::string(next::<String, _>(&mut seq)?),
            TAG_LIST => {
                let elem = ty(&mut seq)?;
                Value::list(elem, rest(&mut seq)?).map_err(bad)?
            }
            TAG_SET => {
                let elem = ty(&mut seq)?;
                Value::set(elem, rest(&mut seq)?).map_err(bad)?
            }
            TAG_MAP => {
                let elem = ty(&mut seq)?;
                Value::map(elem, entries(&mut seq)?).map_err(bad)?
            }
            TAG_TUPLE => Value::tuple(rest(&mut seq)?),
            TAG_OBJECT => Value::object(entries(&mut seq)?),
            other => return Err(de::Error::custom(format_args!("unknown value tag {other}"))),
        };
        Ok(Node(v))
    }
}

impl Serialize for Value {
    /// ```
    /// use hcl_core::Value;
    /// let v = Value::object([("port", Value::from(80)), ("tls", Value::from(true))]);
    /// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"port":80,"tls":true}"#);
    /// ```
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !self.is_known() {
            return Err(S::Error::custom("an unknown value cannot be serialized"));
        }
        if self.is_null() {
            return s.serialize_unit();
        }
        if let Some(b) = self.as_bool() {
            return s.serialize_bool(b);
        }
        if let Some(n) = self.as_number() {
            return n.serialize(s);
        }
        if let Some(text) = self.as_str() {
            return s.serialize_str(text);
        }
        if let Some(items) = self.as_elements() {
            let mut seq = s.serialize_seq(Some(items.len()))?;
            for v in items {
                seq.serialize_element(v)?;
            }
            return seq.end();
        }
        if let Some(entries) = self.as_entries() {
            let mut map = s.serialize_map(Some(entries.len()))?;
            for (k, v) in entries {
                map.serialize_entry(k.as_str(), v)?;
            }
            return map.end();
        }
        Err(S::Error::custom(format_args!(
            "a value of type {} cannot be serialized",
            self.ty()
        )))
    }
}

/// The newtype-struct name under which a [`Number`] that no `i64`, `u64`,
/// `i128` or `f64` holds exactly is serialized, with its decimal text
/// (`Display`, which reads back as the same number) inside: a serializer
/// that writes HCL recognises the name and writes the digits as a number
/// literal; any other sees a newtype, transparent, around a string. Not
/// for applications.
#[doc(hidden)]
pub const NUMBER_TOKEN: &str = "$__hcl_core_private_Number";

impl Serialize for Number {
    /// As an integer when it is one that fits `i64`, `u64` or `i128`, as
    /// an `f64` when it is the number of one ([`Number::from_f64`] of it:
    /// `0.1` is, and infinities), otherwise (a fraction whose digits a
    /// double cannot hold, an integer beyond 128 bits) as its exact decimal
    /// text in a newtype named [`NUMBER_TOKEN`]: a serializer that writes
    /// HCL writes the number exactly, others write the string (serde_json:
    /// a JSON string, never a rounded float).
    ///
    /// ```
    /// use hcl_core::Number;
    /// assert_eq!(serde_json::to_string(&Number::from(7)).unwrap(), "7");
    /// let tenth = Number::parse_literal("0.1").unwrap();
    /// assert_eq!(serde_json::to_string(&tenth).unwrap(), "0.1");
    /// let third = Number::from(1).div(&Number::from(3)).unwrap();
    /// let json = serde_json::to_string(&third).unwrap();
    /// assert!(json.starts_with("\"0.33333333333333333333"), "{json}");
    /// assert_eq!(json.trim_matches('"').parse::<Number>().unwrap(), third);
    /// ```
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if let Some(i) = self.to_i64() {
            return s.serialize_i64(i);
        }
        if let Some(u) = self.to_u64() {
            return s.serialize_u64(u);
        }
        if let Some(i) = self.to_i128() {
            return s.serialize_i128(i);
        }
        let f = self.to_f64();
        if Number::from_f64(f).as_ref() == Some(self) {
            return s.serialize_f64(f);
        }
        s.serialize_newtype_struct(NUMBER_TOKEN, &self.to_string())
    }
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::value::Type;

    #[test]
    fn serde_value_from_json_maps_json_kinds_to_hcl_kinds() {
        let v: Value =
            serde_json::from_str(r#"{"a": [1, 2.5, "x", true, null], "b": {}}"#).unwrap();
        let a = crate::value::get_attr(&v, "a").unwrap();
        let items = a.as_elements().unwrap();
        assert_eq!(items[0], Value::from(1));
        assert_eq!(
            items[1],
            Value::number(Number::parse_decimal("2.5").unwrap())
        );
        assert_eq!(items[2], Value::from("x"));
        assert_eq!(items[3], Value::from(true));
        assert!(items[4].is_null());
        assert_eq!(
            crate::value::get_attr(&v, "b").unwrap(),
            Value::empty_object()
        );
    }

    #[test]
    fn serde_value_big_integers_stay_exact() {
        let v: Value = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(v, Value::number(Number::from(u64::MAX)));
        assert_eq!(serde_json::to_string(&v).unwrap(), "18446744073709551615");
    }

    #[test]
    fn serde_value_round_trips_through_json() {
        let src = r#"{"list":[1,-2,3],"name":"web","nested":{"ok":false},"none":null}"#;
        let v: Value = serde_json::from_str(src).unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), src);
    }

    #[test]
    fn serde_value_unknown_cannot_be_serialized() {
        let e = serde_json::to_string(&Value::unknown(Type::String)).unwrap_err();
        assert_eq!(e.to_string(), "an unknown value cannot be serialized");
    }

    #[test]
    fn serde_number_is_plain_data_exact_text_beyond_rust_numbers() {
        let json = |n: Number| serde_json::to_string(&Value::number(n)).unwrap();
        assert_eq!(json(Number::from(-7)), "-7");
        assert_eq!(json(Number::from(i128::MIN)), i128::MIN.to_string());
        assert_eq!(json(Number::parse_literal("0.1").unwrap()), "0.1");
        assert_eq!(json(Number::from_f64(1e300).unwrap()), "1e+300");
        // No double holds it: its exact digits, as a string.
        let third = Number::from(1).div(&Number::from(3)).unwrap();
        assert_eq!(json(third.clone()), format!("\"{third}\""));
        let big = Number::parse_literal("340282366920938463463374607431768211457").unwrap();
        assert_eq!(json(big), "\"340282366920938463463374607431768211457\"");
    }

    #[test]
    fn serde_value_encoding_round_trips_every_kind() {
        let values = [
            Value::null(Type::list(Type::String)),
            Value::unknown(Type::map(Type::Number)),
            Value::from(true),
            Value::number(Number::parse_literal("0.1").unwrap()),
            Value::number(Number::parse_literal("1e400").unwrap()),
            Value::number(Number::infinity()),
            Value::number(Number::neg_infinity()),
            Value::from("é"),
            Value::list(Type::String, []).unwrap(),
            Value::set(Type::Number, [Value::from(2), Value::from(1)]).unwrap(),
            Value::map(Type::Bool, [("k", Value::from(false))]).unwrap(),
            Value::tuple([Value::from(1), Value::null(Type::String)]),
            Value::object([
                ("a", Value::unknown(Type::Dynamic)),
                ("b", Value::tuple([Value::empty_object()])),
            ]),
        ];
        for v in values {
            let map = EncodedValue::<serde::de::value::Error>::new(&v);
            let back = ValueVisitor.visit_map(map).unwrap();
            assert_eq!(back.ty(), v.ty(), "{v:?}");
            assert_eq!(back, v, "raw equality");
        }
    }
}
