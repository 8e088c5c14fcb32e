//! An evaluated [`Value`] as a serde Deserializer: the spec's conversions
//! for whatever the visitor asks.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use hcl_core::diag::quoted;
use hcl_core::native::{ExprKind, ExprNode};
use hcl_core::pos::Range;
use hcl_core::value::Type;
use hcl_core::{Expression, Limits, Value};

use crate::de::convert::{self, custom, mismatch, scalar_requests, shape_mismatch, Scalar};
use crate::error::Error;
use crate::spanned;

/// Deserializes a borrowed [`Value`], converting per the spec for the type
/// the visitor asks for: `"8080"` → `u16`, `8080` → `String`, `"true"` →
/// `bool`, lists, sets and tuples → sequences, maps and objects → structs and
/// maps, null → `None`.
///
/// ```
/// use hcl_core::Value;
/// use hcl_serde::de::ValueDeserializer;
/// use serde::Deserialize;
///
/// let port = u16::deserialize(ValueDeserializer::new(&Value::from("8080"))).unwrap();
/// assert_eq!(port, 8080);
/// let err = u16::deserialize(ValueDeserializer::new(&Value::from(70000))).unwrap_err();
/// assert_eq!(err.entries()[0].diagnostic.detail, "Unsuitable value: 70000 is out of range for u16");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ValueDeserializer<'a> {
    value: &'a Value,
    range: LazyRange<'a>,
    depth: usize,
}

/// Where a value came from, resolved only when a `Spanned` asks: resolving
/// a range (line and column) costs more than decoding most scalars.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LazyRange<'a> {
    /// No source.
    None,
    /// A resolved range.
    Known(&'a Range),
    /// The range of this expression.
    Expr(&'a Expression),
    /// The range of this syntax node.
    Node(ExprNode<'a>),
    /// The range of the value of item `key` of this object constructor,
    /// found when asked (most values never ask).
    Member(ExprNode<'a>, &'a str),
}

impl<'a> LazyRange<'a> {
    /// The range, resolving it now.
    pub(crate) fn get(self) -> Option<Range> {
        match self {
            LazyRange::None => None,
            LazyRange::Known(r) => Some(r.clone()),
            LazyRange::Expr(e) => Some(e.range()),
            LazyRange::Node(node) => Some(node.range()),
            // A member not found among the items (a key that is computed)
            // is placed at the whole object.
            LazyRange::Member(object, _) => Some(self.node().unwrap_or(object).range()),
        }
    }

    /// The native syntax node the range is of, if it is one (inside
    /// parentheses).
    fn node(self) -> Option<ExprNode<'a>> {
        let mut node = match self {
            LazyRange::Expr(e) => ExprNode::of(e)?,
            LazyRange::Node(node) => node,
            LazyRange::Member(object, key) => match object.kind() {
                ExprKind::Object(object) => {
                    object.items().find(|item| names(item.key(), key))?.value()
                }
                _ => return None,
            },
            LazyRange::None | LazyRange::Known(_) => return None,
        };
        while let ExprKind::Parens(inner) = node.kind() {
            node = inner;
        }
        Some(node)
    }

    /// The range of element `i` of the value this is the range of: its
    /// item's, where the value was written as a tuple constructor (a
    /// problem with element 2 of `[1, 2, 300]` points at `300`, a
    /// `Spanned` element gets its own); else this one.
    pub(crate) fn element(self, i: usize) -> LazyRange<'a> {
        match self.node().map(ExprNode::kind) {
            Some(ExprKind::Tuple(items)) => items.get(i).map_or(self, LazyRange::Node),
            _ => self,
        }
    }

    /// The range of member `key` of the value this is the range of, as
    /// [`element`](Self::element) for an object constructor whose item
    /// names `key` literally (resolved when asked: a member is found by
    /// its name among the items).
    pub(crate) fn member(self, key: &'a str) -> LazyRange<'a> {
        match self.node() {
            Some(node) if matches!(node.kind(), ExprKind::Object(_)) => {
                LazyRange::Member(node, key)
            }
            _ => self,
        }
    }
}

/// Whether the object key `k` names `key`: a bare name, or a key whose
/// value (without variables) is that string.
fn names(k: hcl_core::native::ObjectKeyNode<'_>, key: &str) -> bool {
    match k.literal_name() {
        Some(name) => name == key,
        None => matches!(k.expr().value(None).0, Value::String(s) if s.as_str() == key),
    }
}

impl<'a> ValueDeserializer<'a> {
    /// A deserializer for `value`, with the default depth limit
    /// ([`Limits::max_depth`]).
    pub fn new(value: &'a Value) -> ValueDeserializer<'a> {
        ValueDeserializer {
            value,
            range: LazyRange::None,
            depth: Limits::DEFAULT.max_depth,
        }
    }

    /// The source range of the expression the value came from: what a
    /// `Spanned<T>` anywhere inside receives.
    pub fn with_range(mut self, range: &'a Range) -> ValueDeserializer<'a> {
        self.range = LazyRange::Known(range);
        self
    }

    pub(crate) fn with_lazy_range(mut self, range: LazyRange<'a>) -> ValueDeserializer<'a> {
        self.range = range;
        self
    }

    /// Sets how many more levels of nesting are allowed.
    pub fn with_max_depth(mut self, depth: usize) -> ValueDeserializer<'a> {
        self.depth = depth;
        self
    }

    /// A deserializer for `value`, a part of this one's written at
    /// `range`, one level deeper.
    fn nested(
        &self,
        value: &'a Value,
        range: LazyRange<'a>,
    ) -> Result<ValueDeserializer<'a>, Error> {
        match self.depth.checked_sub(1) {
            Some(depth) => Ok(ValueDeserializer {
                value,
                range,
                depth,
            }),
            None => Err(custom("the value is nested too deeply")),
        }
    }

    /// The scalar view of the value (every value has one).
    #[inline]
    fn scalar(self) -> Option<Scalar<'a>> {
        Some(Scalar::of(self.value))
    }

    /// The general path of a request, which for an evaluated value is the
    /// value itself (see the literal fast path for one that is not).
    #[inline]
    fn general<R>(self, f: impl FnOnce(ValueDeserializer<'a>) -> R) -> R {
        f(self)
    }

    fn unknown_check(&self) -> Result<(), Error> {
        if self.value.is_known() {
            Ok(())
        } else {
            Err(custom("the value is not known yet"))
        }
    }
}

impl<'de, 'a> de::Deserializer<'de> for ValueDeserializer<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unknown_check()?;
        match self.value {
            Value::Null(_) => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => {
                if let Some(i) = n.to_i64() {
                    visitor.visit_i64(i)
                } else if let Some(u) = n.to_u64() {
                    visitor.visit_u64(u)
                } else {
                    visitor.visit_f64(convert::to_f64(Scalar::Number(n))?)
                }
            }
            Value::String(s) => visitor.visit_str(s.as_str()),
            Value::List(_) | Value::Set(_) | Value::Tuple(_) => self.deserialize_seq(visitor),
            Value::Map(_) | Value::Object(_) => self.deserialize_map(visitor),
            Value::Unknown(_) | Value::Capsule(_) => {
                Err(custom("a capsule value cannot be decoded into a Rust type"))
            }
        }
    }

    scalar_requests!(scalar);

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_bytes(s.as_str().as_bytes()),
            _ => self.deserialize_seq(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_null() {
            visitor.visit_unit()
        } else {
            Err(custom("null is required"))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == hcl_core::value::VALUE_TOKEN {
            return hand_over_value(self.value, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unknown_check()?;
        let items = match self.value {
            Value::List(l) => l.as_slice(),
            Value::Set(s) => s.as_slice(),
            Value::Tuple(t) => t.as_slice(),
            other => return Err(shape_mismatch(other, "a list")),
        };
        let mut seq = SeqAccess {
            parent: self,
            items: items.iter().enumerate(),
        };
        let out = visitor.visit_seq(&mut seq)?;
        if seq.items.len() > 0 {
            return Err(custom(format!(
                "a sequence of {} elements is too long for this field",
                items.len()
            )));
        }
        Ok(out)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unknown_check()?;
        let (entries, object) = match self.value {
            Value::Map(m) => (m.entries(), false),
            Value::Object(o) => (o.entries(), true),
            other => return Err(shape_mismatch(other, "a map or an object")),
        };
        visitor.visit_map(MapAccess {
            parent: self,
            entries: entries.iter(),
            pending: None,
            object,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == spanned::NAME {
            return spanned::deserialize_spanned(self, self.range.get(), visitor);
        }
        let _ = fields;
        match self.value {
            Value::Map(_) | Value::Object(_) => self.deserialize_map(visitor),
            other if other.is_null() || !other.is_known() => {
                Err(mismatch(other, &Type::object(Vec::<(String, Type)>::new())))
            }
            other => Err(custom(format!(
                "object required, but have {}",
                other.ty().friendly_name()
            ))),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            Value::Map(_) | Value::Object(_) => {
                let entries = self.value.as_entries().into_iter().flatten();
                let mut it = entries;
                match (it.next(), it.next()) {
                    (Some((k, v)), None) => visitor.visit_enum(EnumAccess {
                        variant: k.as_str(),
                        value: self.nested(v, self.range.member(k.as_str()))?,
                    }),
                    _ => Err(custom(
                        "an enum variant is required: a string, or an object with exactly one attribute",
                    )),
                }
            }
            other => Err(mismatch(other, &Type::String)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

struct SeqAccess<'a, I> {
    parent: ValueDeserializer<'a>,
    items: I,
}

impl<'de, 'a, I> de::SeqAccess<'de> for &mut SeqAccess<'a, I>
where
    I: ExactSizeIterator<Item = (usize, &'a Value)>,
{
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some((i, v)) => {
                let range = self.parent.range.element(i);
                seed.deserialize(self.parent.nested(v, range)?)
                    .map(Some)
                    .map_err(|e| e.at_lazy(range).prefix_path(&format!("[{i}]")))
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MapAccess<'a, I> {
    parent: ValueDeserializer<'a>,
    entries: I,
    pending: Option<(&'a str, &'a Value)>,
    object: bool,
}

impl<'de, 'a, I> de::MapAccess<'de> for MapAccess<'a, I>
where
    I: ExactSizeIterator<Item = (&'a hcl_core::value::Str, &'a Value)>,
{
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.entries.next() {
            Some((k, v)) => {
                self.pending = Some((k.as_str(), v));
                seed.deserialize(KeyDeserializer(k.as_str())).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let Some((k, v)) = self.pending.take() else {
            return Err(custom("a map value was requested before its key"));
        };
        let object = self.object;
        let range = self.parent.range.member(k);
        seed.deserialize(self.parent.nested(v, range)?)
            .map_err(|e| e.at_lazy(range).prefix_path(&key_segment(k, object)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A map key: a string, converted to numbers and bools on request, as map
/// keys are always strings in HCL.
#[derive(Clone, Copy)]
pub(crate) struct KeyDeserializer<'a>(&'a str);

impl<'a> KeyDeserializer<'a> {
    /// A key is always a string.
    #[inline]
    fn scalar(self) -> Option<Scalar<'a>> {
        Some(Scalar::Str(self.0))
    }

    /// Never taken: every key has a scalar view.
    fn general<R>(self, f: impl FnOnce(ValueDeserializer<'_>) -> R) -> R {
        f(ValueDeserializer::new(&Value::string(self.0)))
    }
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str(self.0)
    }

    scalar_requests!(scalar);

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

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(self.0.into_deserializer())
    }

    forward_to_deserialize_any! {
        bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct ignored_any
    }
}

struct EnumAccess<'a> {
    variant: &'a str,
    value: ValueDeserializer<'a>,
}

impl<'de, 'a> de::EnumAccess<'de> for EnumAccess<'a> {
    type Error = Error;
    type Variant = ValueDeserializer<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), Error> {
        let variant = seed.deserialize(KeyDeserializer(self.variant))?;
        Ok((variant, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserializer::deserialize_unit(self, de::IgnoredAny).map(|_| ())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

/// Whether a key prints as `.name` in a path (an HCL identifier) rather than
/// as `["key"]`.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Gives `value` whole to a [`Value`] visitor, as data (see
/// `hcl_core::value::EncodedValue`): a `Value` field keeps the exact type,
/// unknowns and typed nulls included.
pub(crate) fn hand_over_value<'de, V: Visitor<'de>>(
    value: &Value,
    visitor: V,
) -> Result<V::Value, Error> {
    visitor.visit_map(hcl_core::value::EncodedValue::new(value))
}

/// The path segment of a map or object key: `.name` for an object
/// attribute that is an identifier, `["key"]` otherwise.
pub(crate) fn key_segment(k: &str, object: bool) -> String {
    if object && is_identifier(k) {
        format!(".{k}")
    } else {
        format!("[{}]", quoted(k))
    }
}

/// A deserializer for a map key (always a string in HCL), converting to
/// numbers and bools on request.
pub(crate) fn key_deserializer(key: &str) -> KeyDeserializer<'_> {
    KeyDeserializer(key)
}
