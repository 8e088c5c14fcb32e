//! The fast path for literal attributes: a native-syntax expression made of
//! literals only (ASCII strings, numbers, bools, and tuples and objects of
//! them with literal keys) is handed to the visitor straight from the
//! syntax tree, without building a [`Value`]. Any request the tree cannot
//! answer directly evaluates the node (in literal-only mode, which gives the
//! same value as full mode for a literal) and goes through the general
//! [`ValueDeserializer`], so both paths convert identically.

use serde::de::{self, DeserializeSeed, Visitor};

use hcl_core::native::{ExprKind, ExprNode, Literal, ObjectItemNode, TemplateNode};
use hcl_core::Value;

use crate::de::convert::{custom, scalar_requests, Scalar};
use crate::de::value::LazyRange;
use crate::de::ValueDeserializer;
use crate::error::Error;
use crate::spanned;

/// Whether `expr` is a literal tree the fast path handles: no nulls, no
/// non-ASCII object keys (which would need normalising), no duplicate
/// object keys (the later one wins, which evaluation handles), nesting at
/// most `depth`. (A non-ASCII string value is decoded through its value,
/// node by node.)
#[inline]
pub(crate) fn is_fast_literal(expr: ExprNode<'_>, depth: usize) -> bool {
    // Scalars, most attributes, are decided here; collections out of line,
    // so that a scalar does not pay for their stack frame.
    match expr.kind() {
        ExprKind::Literal(Literal::Number(_) | Literal::Bool(_)) => true,
        ExprKind::Template(t) => string_of(t).is_some(),
        ExprKind::Tuple(_) | ExprKind::Object(_) if depth > 0 => is_fast_collection(expr, depth),
        _ => false,
    }
}

/// [`is_fast_literal`] of a tuple or an object (`depth` > 0).
#[inline(never)]
fn is_fast_collection(expr: ExprNode<'_>, depth: usize) -> bool {
    match expr.kind() {
        ExprKind::Tuple(t) => t.iter().all(|e| is_fast_literal(e, depth - 1)),
        ExprKind::Object(o) => {
            if !o.items().all(|i| is_fast_literal(i.value(), depth - 1)) {
                return false;
            }
            // Small objects compare keys pairwise, on the stack; large ones
            // sort them (a pairwise check would be quadratic).
            if o.items().len() <= SMALL_OBJECT {
                let mut keys = [""; SMALL_OBJECT];
                for (i, item) in o.items().enumerate() {
                    let Some(k) = key_of(item).filter(|k| k.is_ascii()) else {
                        return false;
                    };
                    let (before, rest) = keys.split_at_mut(i);
                    if before.contains(&k) {
                        return false;
                    }
                    if let Some(slot) = rest.first_mut() {
                        *slot = k;
                    }
                }
                return true;
            }
            let keys: Option<Vec<&str>> = o
                .items()
                .map(|i| key_of(i).filter(|k| k.is_ascii()))
                .collect();
            let Some(mut keys) = keys else {
                return false;
            };
            keys.sort_unstable();
            !keys.windows(2).any(|w| w.first() == w.last())
        }
        _ => false,
    }
}

/// Up to this many items, [`is_fast_literal`] checks an object's keys for
/// duplicates without allocating.
const SMALL_OBJECT: usize = 8;

/// The text of a string with no interpolation or directive.
#[inline(always)]
fn string_of(t: TemplateNode<'_>) -> Option<&str> {
    t.literal()
}

#[inline]
fn key_of<'a>(item: ObjectItemNode<'a>) -> Option<&'a str> {
    let key = item.key();
    if let Some(name) = key.literal_name() {
        // `true`, `false` and `null` as bare keys name attributes.
        return Some(name);
    }
    match key.expr().kind() {
        ExprKind::Template(t) if !key.is_parenthesized() => string_of(t),
        _ => None,
    }
}

/// Deserializes a literal tree checked by [`is_fast_literal`].
#[derive(Clone, Copy)]
pub(crate) struct LiteralDeserializer<'a> {
    pub(crate) expr: ExprNode<'a>,
    pub(crate) range: LazyRange<'a>,
}

impl<'a> LiteralDeserializer<'a> {
    fn at(&self, expr: ExprNode<'a>) -> LiteralDeserializer<'a> {
        LiteralDeserializer { expr, ..*self }
    }

    /// The scalar a literal node is, when it is one the rules read in
    /// place (a non-ASCII string is normalised through its value first).
    /// One match on the node's kind: this runs for every literal attribute.
    #[inline(always)]
    fn scalar(self) -> Option<Scalar<'a>> {
        match self.expr.kind() {
            ExprKind::Template(t) => {
                let text = string_of(t)?;
                (self.expr.source().is_ascii() || text.is_ascii()).then_some(Scalar::Str(text))
            }
            ExprKind::Literal(Literal::Number(n)) => Some(Scalar::Number(n)),
            ExprKind::Literal(Literal::Bool(b)) => Some(Scalar::Bool(b)),
            _ => None,
        }
    }

    /// The general path of a request: the node's value, deserialized.
    #[cold]
    fn general<R>(self, f: impl FnOnce(ValueDeserializer<'_>) -> R) -> R {
        let v = self.value();
        f(ValueDeserializer::new(&v).with_lazy_range(self.range))
    }

    /// The slow path: the node's value.
    fn value(&self) -> Value {
        self.expr.value(None).0
    }
}

macro_rules! slow {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let v = self.value();
            ValueDeserializer::new(&v).with_lazy_range(self.range).$method(visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for LiteralDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.scalar() {
            Some(Scalar::Str(text)) => return visitor.visit_str(text),
            Some(Scalar::Bool(b)) => return visitor.visit_bool(b),
            _ => {}
        }
        match self.expr.kind() {
            ExprKind::Tuple(_) => self.deserialize_seq(visitor),
            ExprKind::Object(_) => self.deserialize_map(visitor),
            _ => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_lazy_range(self.range)
                    .deserialize_any(visitor)
            }
        }
    }

    scalar_requests!(scalar);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // Literal trees hold no nulls.
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == hcl_core::value::VALUE_TOKEN {
            return crate::de::value::hand_over_value(&self.value(), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.expr.kind() {
            ExprKind::Tuple(t) => {
                let mut seq = Seq {
                    parent: self,
                    items: t.iter().enumerate(),
                };
                let out = visitor.visit_seq(&mut seq)?;
                if seq.items.len() > 0 {
                    return Err(custom(format!(
                        "a sequence of {} elements is too long for this field",
                        t.len()
                    )));
                }
                Ok(out)
            }
            _ => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_lazy_range(self.range)
                    .deserialize_seq(visitor)
            }
        }
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
        match self.expr.kind() {
            ExprKind::Object(o) => {
                // Object values iterate in key order; so does this. Keys
                // written in order (the usual case) need no sorted copy.
                let items = o.items().filter_map(|i| key_of(i).map(|k| (k, i.value())));
                let mut previous = None;
                if items.clone().all(|(k, _)| previous.replace(k) < Some(k)) {
                    return visitor.visit_map(Map {
                        parent: self,
                        items: items.clone(),
                        len: o.items().len(),
                        pending: None,
                    });
                }
                let mut sorted: Vec<(&str, ExprNode<'_>)> = items.collect();
                sorted.sort_unstable_by_key(|(k, _)| *k);
                visitor.visit_map(Map {
                    parent: self,
                    len: sorted.len(),
                    items: sorted.into_iter(),
                    pending: None,
                })
            }
            _ => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_lazy_range(self.range)
                    .deserialize_map(visitor)
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.expr.kind() {
            ExprKind::Object(_) if name != spanned::NAME => self.deserialize_map(visitor),
            _ => {
                let v = self.value();
                ValueDeserializer::new(&v)
                    .with_lazy_range(self.range)
                    .deserialize_struct(name, fields, visitor)
            }
        }
    }

    slow! {
        deserialize_bytes deserialize_byte_buf deserialize_unit deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_lazy_range(self.range)
            .deserialize_unit_struct(name, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.value();
        ValueDeserializer::new(&v)
            .with_lazy_range(self.range)
            .deserialize_enum(name, variants, visitor)
    }
}

struct Seq<'a, I> {
    parent: LiteralDeserializer<'a>,
    items: I,
}

impl<'de, 'a, I> de::SeqAccess<'de> for &mut Seq<'a, I>
where
    I: ExactSizeIterator<Item = (usize, ExprNode<'a>)>,
{
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some((i, e)) => seed
                .deserialize(self.parent.at(e))
                .map(Some)
                .map_err(|err| err.prefix_path(&format!("[{i}]"))),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Map<'a, I> {
    parent: LiteralDeserializer<'a>,
    items: I,
    /// How many items are left (every key of a checked literal is one).
    len: usize,
    pending: Option<(&'a str, ExprNode<'a>)>,
}

impl<'de, 'a, I> de::MapAccess<'de> for Map<'a, I>
where
    I: Iterator<Item = (&'a str, ExprNode<'a>)>,
{
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.items.next() {
            Some((k, e)) => {
                self.len = self.len.saturating_sub(1);
                self.pending = Some((k, e));
                // Literal keys are ASCII (see `is_fast_literal`), so already
                // normalised: no string value needs to be made.
                seed.deserialize(crate::de::value::key_deserializer(k))
                    .map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let Some((k, e)) = self.pending.take() else {
            return Err(custom("a map value was requested before its key"));
        };
        seed.deserialize(self.parent.at(e))
            .map_err(|err| err.prefix_path(&crate::de::value::key_segment(k, true)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.len)
    }
}
