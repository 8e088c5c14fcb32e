//! `serde` support for [`Value`] (feature `serde`).
//!
//! Any serde format can produce a [`Value`]: booleans, numbers, strings,
//! sequences (tuples), maps with string keys (objects) and unit/none (null).
//! A deserializer that already holds a `Value` (hcl-serde's) hands it over
//! whole, keeping its exact type (lists, sets, maps, typed nulls, unknowns,
//! numbers beyond 64 bits): it recognises [`VALUE_TOKEN`] as the newtype
//! name [`Value`]'s `Deserialize` asks for, parks the value with
//! [`park_value`], and calls `visit_unit`, which takes the parked value
//! (the habit of `serde_spanned` and toml's datetime: out of band, no
//! `unsafe`).
//!
//! Serializing writes the plain data model, nothing beside it: numbers as
//! `i64`/`u64`/`i128` when they are integers that fit, as `f64` when they
//! are one exactly, otherwise as their exact decimal text inside a newtype
//! named [`NUMBER_TOKEN`] (see [`Number`]'s `Serialize`); null as unit,
//! lists, sets and tuples as sequences, maps and objects as maps. Unknown
//! values and capsules cannot be serialized.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Error as _, Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Number, Type, Value};

/// The newtype-struct name [`Value`]'s `Deserialize` asks for; see the
/// module docs. Not for applications.
#[doc(hidden)]
pub const VALUE_TOKEN: &str = "$__hcl_core_private_Value";

thread_local! {
    static PARKED: RefCell<Option<Value>> = const { RefCell::new(None) };
}

/// Parks `value` for the `Value` visitor about to be called with
/// `visit_unit`; see the module docs. Not for applications.
#[doc(hidden)]
pub fn park_value(value: Value) {
    PARKED.with(|p| *p.borrow_mut() = Some(value));
}

/// Takes a value parked and not claimed (a visitor that was not
/// [`Value`]'s), so that it cannot leak into a later decode. Not for
/// applications.
#[doc(hidden)]
pub fn clear_parked_value() {
    PARKED.with(|p| p.borrow_mut().take());
}

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
        Ok(PARKED
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| Value::null(Type::Dynamic)))
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
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            entries.push((k, v));
        }
        // `Value::object` keeps the last of duplicate keys, as JSON
        // decoders commonly do.
        Ok(Value::object(entries))
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
    fn serde_value_parked_value_is_taken_by_visit_unit() {
        let list = Value::list(Type::String, [Value::from("a")]).unwrap();
        park_value(list.clone());
        let got = ValueVisitor.visit_unit::<serde_json::Error>().unwrap();
        assert_eq!(got, list);
        // Once taken, a unit is null again.
        assert!(ValueVisitor
            .visit_unit::<serde_json::Error>()
            .unwrap()
            .is_null());
    }
}
