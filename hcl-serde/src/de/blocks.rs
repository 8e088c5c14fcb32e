//! The blocks of one type, read in the shape the visitor asks for: a
//! sequence of their bodies, a map keyed by a label (level by level), or
//! a single body.

use serde::de::{self, DeserializeSeed, Visitor};
use serde::forward_to_deserialize_any;

use hcl_core::body::Block;
use hcl_core::{Diagnostic, Value};

use super::body::{body_like_methods, group_by, BodyDeserializer};
use crate::de::value::key_deserializer;
use crate::decode::label_segment;
use crate::decode::shapes::duplicate_block_diagnostic;
use crate::error::Error;

/// The blocks of one type that share their first `level` labels, read in
/// the shape the visitor asks for.
pub(super) struct Level<'a, 'c> {
    blocks: Vec<&'c Block>,
    level: usize,
    parent: BodyDeserializer<'a>,
}

impl<'a, 'c: 'a> Level<'a, 'c> {
    pub(super) fn new(
        blocks: Vec<&'c Block>,
        level: usize,
        parent: BodyDeserializer<'a>,
    ) -> Result<Self, Error> {
        if let Some(first) = blocks.first() {
            let count = first.labels.len();
            if let Some(odd) = blocks.iter().find(|b| b.labels.len() != count) {
                return Err(Error::from_diagnostics(
                    Diagnostic::error(
                        format!("Inconsistent labels for {}", first.type_name),
                        format!(
                            "Every {} block here must have the same number of labels: the one at {} has {}, this one {}.",
                            first.type_name,
                            first.def_range,
                            count,
                            odd.labels.len()
                        ),
                    )
                    .with_subject(odd.def_range.clone())
                    .into(),
                ));
            }
        }
        Ok(Level {
            blocks,
            level,
            parent,
        })
    }

    fn labelled(&self) -> bool {
        self.blocks
            .first()
            .is_some_and(|b| b.labels.len() > self.level)
    }

    /// The blocks grouped by their label at this level, in order.
    fn by_label(&self) -> Vec<(&'c str, Vec<&'c Block>)> {
        let level = self.level;
        group_by(self.blocks.iter().copied(), |b| {
            b.labels.get(level).map_or("", String::as_str)
        })
    }

    /// The one block of this level; a second one is a duplicate.
    fn single(&self) -> Result<&'c Block, Error> {
        match self.blocks.as_slice() {
            [one] => Ok(one),
            [first, again, ..] => Err(Error::from_diagnostics(
                duplicate_block_diagnostic(
                    &first.type_name,
                    first.def_range.clone(),
                    again.def_range.clone(),
                )
                .into(),
            )),
            [] => Err(de::Error::custom("no block")),
        }
    }

    fn body(&self, block: &'c Block) -> Result<BodyDeserializer<'a>, Error> {
        self.parent.nested(block)
    }

    /// Runs `f` on the body of the level's one block (a second is an
    /// error), placing what it reports in that block.
    fn in_single<R>(
        &self,
        f: impl FnOnce(BodyDeserializer<'a>) -> Result<R, Error>,
    ) -> Result<R, Error> {
        let block = self.single()?;
        f(self.body(block)?).map_err(|e| in_block(e, block))
    }

    pub(super) fn value(&self) -> Result<Value, Error> {
        if self.labelled() {
            let mut entries = Vec::new();
            for (key, group) in self.by_label() {
                let sub = Level::new(group, self.level + 1, self.parent)?;
                entries.push((key.to_owned(), sub.value()?));
            }
            return Ok(Value::object(entries));
        }
        let mut bodies = Vec::with_capacity(self.blocks.len());
        for b in &self.blocks {
            bodies.push(self.body(b)?.value().map_err(|e| in_block(e, b))?);
        }
        Ok(match bodies.len() {
            1 => bodies.pop().unwrap_or_else(Value::empty_object),
            _ => Value::tuple(bodies),
        })
    }
}

/// Prefixes the path of problems inside `block` with its segment
/// (`service["web"]`).
#[cold]
fn in_block(e: Error, block: &Block) -> Error {
    let segment = label_segment(block.labels.iter().map(String::as_str));
    if segment.is_empty() {
        e.at(block.def_range.clone())
    } else {
        e.at(block.def_range.clone()).prefix_path(&segment)
    }
}

impl<'de, 'a, 'c: 'a> de::Deserializer<'de> for Level<'a, 'c> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.labelled() {
            return self.deserialize_map(visitor);
        }
        match self.blocks.len() {
            1 => self.deserialize_map(visitor),
            _ => self.deserialize_seq(visitor),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(BlockSeq {
            level: &self,
            at: 0,
        })
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.labelled() {
            let groups = self.by_label().into_iter();
            return visitor.visit_map(LabelMap {
                level: &self,
                groups,
                pending: None,
            });
        }
        self.in_single(|body| body.deserialize_map(visitor))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.labelled() {
            return self.deserialize_map(visitor);
        }
        self.in_single(|body| body.deserialize_struct(name, fields, visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.in_single(|body| body.visit_enum_body(visitor))
    }

    body_like_methods!();

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct identifier
    }
}

/// Every block of a level, each as its body (labels past the level are
/// not part of a sequence element).
struct BlockSeq<'l, 'a, 'c> {
    level: &'l Level<'a, 'c>,
    at: usize,
}

impl<'de, 'a, 'c: 'a> de::SeqAccess<'de> for BlockSeq<'_, 'a, 'c> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(&block) = self.level.blocks.get(self.at) else {
            return Ok(None);
        };
        self.at += 1;
        let one = Level {
            blocks: vec![block],
            level: self.level.level,
            parent: self.level.parent,
        };
        // A sequence element is one block: past the labels of this level,
        // a derived type takes its own labels, a plain one reads the body.
        let element = SeqElement(one);
        seed.deserialize(element).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.level.blocks.len() - self.at)
    }
}

/// One block of a sequence: read as its body even when labels remain.
struct SeqElement<'a, 'c>(Level<'a, 'c>);

impl SeqElement<'_, '_> {
    fn value(&self) -> Result<Value, Error> {
        self.0.in_single(|body| body.value())
    }
}

impl<'de, 'a, 'c: 'a> de::Deserializer<'de> for SeqElement<'a, 'c> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.0.in_single(|body| body.deserialize_any(visitor))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.0
            .in_single(|body| body.deserialize_struct(name, fields, visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.0.in_single(|body| body.visit_enum_body(visitor))
    }

    body_like_methods!();

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier
    }
}

/// The blocks of a level keyed by their label there.
struct LabelMap<'l, 'a, 'c> {
    level: &'l Level<'a, 'c>,
    groups: std::vec::IntoIter<(&'c str, Vec<&'c Block>)>,
    pending: Option<Vec<&'c Block>>,
}

impl<'de, 'a, 'c: 'a> de::MapAccess<'de> for LabelMap<'_, 'a, 'c> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, group)) = self.groups.next() else {
            return Ok(None);
        };
        let range = group
            .first()
            .and_then(|b| b.label_ranges.get(self.level.level).cloned());
        let out = seed
            .deserialize(key_deserializer(key))
            .map_err(|e| match range {
                Some(r) => e.at(r),
                None => e,
            })?;
        self.pending = Some(group);
        Ok(Some(out))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let Some(group) = self.pending.take() else {
            return Err(de::Error::custom(
                "a map value was asked for before its key",
            ));
        };
        let sub = Level::new(group, self.level.level + 1, self.level.parent)?;
        seed.deserialize(sub)
    }
}
