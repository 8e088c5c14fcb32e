//! A whole body as a serde Deserializer, so that any `serde::Deserialize`
//! type decodes from HCL, not only derived ones.
//!
//! Mapping (plain serde types):
//!
//! - attributes are fields (or map entries); a null attribute counts as
//!   absent for a struct (spec "Null values"), so `Option` fields become
//!   `None` and `#[serde(default)]` fields their default;
//! - the blocks of one type are one field, read in the shape the visitor
//!   asks for: a sequence of the blocks' bodies (`Vec<T>`), a map keyed by
//!   the first label whose values take the remaining labels the same way
//!   (`HashMap<String, T>`, `BTreeMap<String, Vec<T>>`, …), or a single
//!   body (`T`, `Option<T>`; a second block is a "Duplicate … block"
//!   error). Dynamic targets (`serde_json::Value`, `HashMap<String,
//!   Value>`) get the JSON syntax's representation: labels nest as object
//!   keys, and several blocks under one key become a sequence.
//!
//! Derived types (`#[derive(HclDecode)]`) do not implement `Deserialize`
//! and never come here: their generated decoder reads the body itself.
//!
//! serde stops at the first error a visitor returns, so for plain types
//! every evaluation error of a body is reported (attributes are evaluated
//! before the visitor runs) but only the first conversion error.

use std::collections::HashMap;

use serde::de::{self, DeserializeSeed, Visitor};
use serde::forward_to_deserialize_any;

use hcl_core::body::{Attribute, Block, BodyContent};
use hcl_core::diag::quoted;
use hcl_core::pos::Range;
use hcl_core::suggest::closest;
use hcl_core::{Body, Diagnostic, EvalContext, Limits, Value};

use crate::de::value::{key_deserializer, LazyRange, ValueDeserializer};
use crate::error::{Entry, Error};
use crate::spanned;

use super::blocks::Level;

/// Deserializes a [`Body`] into any `serde::Deserialize` type, evaluating
/// attribute expressions in `ctx` (`None`: literal-only mode). This is
/// what [`from_str`](crate::from_str) and [`from_body`](crate::from_body)
/// use; see the module docs for how blocks map.
///
/// ```
/// use std::collections::BTreeMap;
/// use hcl_core::native::parse_body;
/// use hcl_core::SourceFile;
/// use hcl_serde::de::BodyDeserializer;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Service { port: u16 }
///
/// #[derive(Deserialize)]
/// struct Config { service: BTreeMap<String, Service> }
///
/// let src = SourceFile::new("a.hcl", "service \"web\" {\n  port = \"80\"\n}\n");
/// let (body, _) = parse_body(&src, &Default::default());
/// let config = Config::deserialize(BodyDeserializer::new(&body, None)).unwrap();
/// assert_eq!(config.service["web"].port, 80);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BodyDeserializer<'a> {
    body: &'a Body,
    /// The block the body belongs to (`None` at the root).
    block: Option<&'a Block>,
    ctx: Option<&'a EvalContext>,
    depth: usize,
    /// How deeply blocks and values may nest ([`Limits::max_depth`]).
    max_depth: usize,
}

impl<'a> BodyDeserializer<'a> {
    /// A deserializer for a root body, within the limits of `ctx` (the
    /// defaults in literal-only mode).
    pub fn new(body: &'a Body, ctx: Option<&'a EvalContext>) -> BodyDeserializer<'a> {
        BodyDeserializer {
            body,
            block: None,
            ctx,
            depth: 0,
            max_depth: ctx.map_or(&Limits::DEFAULT, EvalContext::limits).max_depth,
        }
    }

    /// Blocks and values nest at most `max_depth` levels deep.
    pub(crate) fn with_max_depth(mut self, max_depth: usize) -> BodyDeserializer<'a> {
        self.max_depth = max_depth;
        self
    }

    /// A root body met `depth` blocks deep (a plain type inside a derived
    /// one), so that the nesting limit counts across both decoders.
    pub(crate) fn at_depth(mut self, depth: usize) -> BodyDeserializer<'a> {
        self.depth = depth;
        self
    }

    fn of_block(&self, block: &'a Block) -> Self {
        BodyDeserializer {
            body: &block.body,
            block: Some(block),
            depth: self.depth + 1,
            ..*self
        }
    }

    /// Where to point a problem of the body as a whole.
    fn range(&self) -> Range {
        self.block
            .map_or_else(|| self.body.missing_item_range(), |b| b.def_range.clone())
    }

    fn content(&self) -> Result<BodyContent, Error> {
        let (content, diags) = self.body.all_content();
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        Ok(content)
    }

    /// The attributes as map items: those a struct has a field for (all,
    /// for a map) evaluated, reporting every evaluation error at once; the
    /// others offered unevaluated, so that a struct that denies unknown
    /// fields sees them. A struct treats null as absent; a map keeps it.
    fn attribute_items<'c>(
        &self,
        content: &'c BodyContent,
        fields: Option<&'static [&'static str]>,
    ) -> Result<Vec<Item<'c>>, Error> {
        let mut items = Vec::with_capacity(content.attributes.len() + content.blocks.len());
        let mut errors = Vec::new();
        for attr in &content.attributes {
            if fields.is_some_and(|f| !f.contains(&attr.name.as_str())) {
                items.push(Item::Unwanted(attr));
                continue;
            }
            let (value, diags) = attr.expr.value(self.ctx);
            if diags.has_errors() {
                errors.extend(diags.into_iter().map(|diagnostic| Entry {
                    diagnostic,
                    path: attr.name.clone(),
                }));
            } else if fields.is_none() || !value.is_null() {
                items.push(Item::Attribute(attr, value));
            }
        }
        if errors.is_empty() {
            Ok(items)
        } else {
            Err(Error::from_entries(errors))
        }
    }

    fn visit_body<'de, V: Visitor<'de>>(
        self,
        fields: Option<&'static [&'static str]>,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let content = self.content()?;
        let mut items = self.attribute_items(&content, fields)?;
        let groups = group_by(content.blocks.iter(), |b| b.type_name.as_str());
        items.extend(groups.into_iter().map(|(_, g)| Item::Blocks(g)));
        let map = BodyMap {
            parent: self,
            items: items.into_iter(),
            pending: None,
            fields,
        };
        let out = visitor.visit_map(map);
        out.map_err(|e| self.place(e, fields, &content))
    }

    /// The body as an externally tagged enum, as hcl-rs reads one: the body
    /// holds exactly one item, whose name is the variant — a block type
    /// (`check { http { url = "/h" } }`: variant `http`, its block the
    /// data) or an attribute (`check { port = 80 }`).
    pub(super) fn visit_enum_body<'de, V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let content = self.content()?;
        let mut items = self.attribute_items(&content, None)?;
        let groups = group_by(content.blocks.iter(), |b| b.type_name.as_str());
        items.extend(groups.into_iter().map(|(_, g)| Item::Blocks(g)));
        match (items.pop(), items.is_empty()) {
            (Some(item), true) => visitor.visit_enum(BodyVariant { parent: self, item }),
            (item, _) => Err(Error::from_diagnostics(
                Diagnostic::error(
                    "Unsuitable value type",
                    format!(
                        "Unsuitable value: an enum variant is required: a body with exactly one block or attribute, whose name is the variant, but this one has {}",
                        items.len() + usize::from(item.is_some())
                    ),
                )
                .with_subject(self.range())
                .into(),
            )),
        }
    }

    /// Gives struct-level problems (serde's "missing field") the
    /// reference's wording and the body's range.
    #[cold]
    fn place(
        &self,
        e: Error,
        fields: Option<&'static [&'static str]>,
        content: &BodyContent,
    ) -> Error {
        let mut entries = e.into_entries();
        for entry in &mut entries {
            if entry.diagnostic.subject.is_some() {
                continue;
            }
            let missing = fields.into_iter().flatten().find(|f| {
                entry.path.is_empty()
                    && entry.diagnostic.detail == crate::error::missing_field_detail(f)
            });
            if let Some(name) = missing {
                let present = content.attributes.get(name).is_some();
                entry.diagnostic = if present {
                    // Present but null: counts as absent.
                    Diagnostic::error(
                        "Missing required argument",
                        format!(
                            "The argument {name} is required, but its value is null.",
                            name = quoted(name)
                        ),
                    )
                } else {
                    hcl_core::body::missing_required_argument(name)
                };
                entry.diagnostic.subject = Some(content.missing_item_range.clone());
            } else {
                entry.diagnostic.subject = Some(self.range());
            }
        }
        Error::from_entries(entries)
    }

    /// The body as one value: attributes as they evaluate, blocks in the
    /// JSON syntax's representation (see the module docs).
    pub(super) fn value(&self) -> Result<Value, Error> {
        let content = self.content()?;
        let mut entries: Vec<(String, Value)> = Vec::new();
        for item in self.attribute_items(&content, None)? {
            if let Item::Attribute(a, v) = item {
                entries.push((a.name.clone(), v));
            }
        }
        for (type_name, group) in group_by(content.blocks.iter(), |b| b.type_name.as_str()) {
            let level = Level::new(group, 0, *self)?;
            entries.push((type_name.to_owned(), level.value()?));
        }
        Ok(Value::object(entries))
    }

    pub(super) fn nested(&self, block: &'a Block) -> Result<BodyDeserializer<'a>, Error> {
        if self.depth >= self.max_depth {
            return Err(depth_error(block, self.max_depth));
        }
        Ok(self.of_block(block))
    }
}

/// `blocks` grouped by `key`, groups in order of first appearance, blocks
/// in source order. Hashed, so that a file of many distinct block types or
/// labels is not quadratic.
pub(super) fn group_by<'c>(
    blocks: impl Iterator<Item = &'c Block>,
    key: impl Fn(&'c Block) -> &'c str,
) -> Vec<(&'c str, Vec<&'c Block>)> {
    let mut out: Vec<(&'c str, Vec<&'c Block>)> = Vec::new();
    let mut index: HashMap<&'c str, usize> = HashMap::new();
    for b in blocks {
        let k = key(b);
        match index.get(k).and_then(|&i| out.get_mut(i)) {
            Some((_, group)) => group.push(b),
            None => {
                index.insert(k, out.len());
                out.push((k, vec![b]));
            }
        }
    }
    out
}

#[cold]
fn depth_error(block: &Block, max_depth: usize) -> Error {
    Error::from_diagnostics(
        Diagnostic::error(
            "Maximum nesting depth exceeded",
            format!("Blocks nest more than {max_depth} levels deep (Limits::max_depth)."),
        )
        .with_subject(block.def_range.clone())
        .into(),
    )
}

/// What every body-backed deserializer here answers alike: an `Option` is
/// `Some` (a body or block is present), a `Value` target gets the content
/// as one value (`self.value()`), an ignored field costs nothing.
macro_rules! body_like_methods {
    () => {
        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.visit_some(self)
        }

        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            visitor: V,
        ) -> Result<V::Value, Error> {
            if name == hcl_core::value::VALUE_TOKEN {
                return $crate::de::value::hand_over_value(&self.value()?, visitor);
            }
            visitor.visit_newtype_struct(self)
        }

        fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.visit_unit()
        }
    };
}
pub(super) use body_like_methods;

impl<'de> de::Deserializer<'de> for BodyDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.visit_body(None, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == spanned::NAME {
            return spanned::deserialize_spanned(self, Some(self.range()), visitor);
        }
        self.visit_body(Some(fields), visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.visit_enum_body(visitor)
    }

    body_like_methods!();

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier
    }
}

/// The one item of a body read as an enum: its name is the variant.
struct BodyVariant<'a, 'c> {
    parent: BodyDeserializer<'a>,
    item: Item<'c>,
}

impl<'de, 'a, 'c: 'a> de::EnumAccess<'de> for BodyVariant<'a, 'c> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let variant = seed.deserialize(key_deserializer(self.item.name()))?;
        Ok((variant, self))
    }
}

impl<'a, 'c: 'a> BodyVariant<'a, 'c> {
    /// Runs `f` on the variant's data: the attribute's value or the
    /// blocks, placing what it reports at the item.
    fn data<R>(
        self,
        attr: impl FnOnce(ValueDeserializer<'_>) -> Result<R, Error>,
        blocks: impl FnOnce(Level<'a, 'c>) -> Result<R, Error>,
    ) -> Result<R, Error> {
        match self.item {
            Item::Attribute(a, value) => {
                let de = ValueDeserializer::new(&value).with_lazy_range(LazyRange::Expr(&a.expr));
                attr(de).map_err(|e| e.at(a.expr.range()).prefix_path(&a.name))
            }
            Item::Unwanted(a) => Err(Error::message(
                "Unsuitable value type",
                "Unsuitable value: the variant has no value",
            )
            .at(a.name_range.clone())),
            Item::Blocks(group) => {
                let type_name = group
                    .first()
                    .map(|b| b.type_name.clone())
                    .unwrap_or_default();
                let first = group.first().map(|b| b.def_range.clone());
                let level = Level::new(group, 0, self.parent)?;
                blocks(level).map_err(|e| match first {
                    Some(r) => e.at(r).prefix_path(&type_name),
                    None => e,
                })
            }
        }
    }
}

impl<'de, 'a, 'c: 'a> de::VariantAccess<'de> for BodyVariant<'a, 'c> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        // `kind { tcp {} }`: an empty block names a unit variant.
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        let seed = std::cell::Cell::new(Some(seed));
        let take = || {
            seed.take()
                .ok_or_else(|| de::Error::custom("variant read twice"))
        };
        self.data(|d| take()?.deserialize(d), |l| take()?.deserialize(l))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        let visitor = std::cell::Cell::new(Some(visitor));
        let take = || {
            visitor
                .take()
                .ok_or_else(|| de::Error::custom("variant read twice"))
        };
        self.data(
            |d| de::Deserializer::deserialize_seq(d, take()?),
            |l| de::Deserializer::deserialize_seq(l, take()?),
        )
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let visitor = std::cell::Cell::new(Some(visitor));
        let take = || {
            visitor
                .take()
                .ok_or_else(|| de::Error::custom("variant read twice"))
        };
        self.data(
            |d| de::Deserializer::deserialize_struct(d, "", fields, take()?),
            |l| de::Deserializer::deserialize_struct(l, "", fields, take()?),
        )
    }
}

enum Item<'c> {
    Attribute(&'c Attribute, Value),
    /// An attribute the struct has no field for (serde ignores it, or
    /// rejects it under `deny_unknown_fields`).
    Unwanted(&'c Attribute),
    Blocks(Vec<&'c Block>),
}

impl Item<'_> {
    fn name(&self) -> &str {
        match self {
            Item::Attribute(a, _) | Item::Unwanted(a) => &a.name,
            Item::Blocks(g) => g.first().map_or("", |b| b.type_name.as_str()),
        }
    }
}

struct BodyMap<'a, 'c> {
    parent: BodyDeserializer<'a>,
    items: std::vec::IntoIter<Item<'c>>,
    pending: Option<Item<'c>>,
    fields: Option<&'static [&'static str]>,
}

impl<'de, 'a, 'c: 'a> de::MapAccess<'de> for BodyMap<'a, 'c> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let key = seed.deserialize(key_deserializer(item.name()));
        let key = key.map_err(|e| unsupported(e, &item, self.fields))?;
        self.pending = Some(item);
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.pending.take() {
            Some(Item::Attribute(attr, value)) => {
                let de = ValueDeserializer::new(&value)
                    .with_lazy_range(LazyRange::Expr(&attr.expr))
                    .with_max_depth(self.parent.max_depth);
                seed.deserialize(de)
                    .map_err(|e| e.at(attr.expr.range()).prefix_path(&attr.name))
            }
            Some(Item::Unwanted(_)) => seed.deserialize(de::value::UnitDeserializer::new()),
            Some(Item::Blocks(group)) => {
                let type_name = group
                    .first()
                    .map(|b| b.type_name.clone())
                    .unwrap_or_default();
                let first = group.first().map(|b| b.def_range.clone());
                let level = Level::new(group, 0, self.parent)?;
                seed.deserialize(level).map_err(|e| match first {
                    Some(r) => e.at(r).prefix_path(&type_name),
                    None => e,
                })
            }
            None => Err(de::Error::custom(
                "a map value was asked for before its key",
            )),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A key the struct rejected (`#[serde(deny_unknown_fields)]`): the
/// reference's "Unsupported argument" / "Unsupported block type", with the
/// closest field name as a suggestion.
#[cold]
fn unsupported(e: Error, item: &Item<'_>, fields: Option<&'static [&'static str]>) -> Error {
    let name = item.name();
    let hint = match closest(name, fields.into_iter().flatten().copied()) {
        Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
        None => String::new(),
    };
    let (summary, detail, range) = match item {
        Item::Attribute(a, _) | Item::Unwanted(a) => (
            "Unsupported argument",
            format!(
                "An argument named {name} is not expected here.{hint}",
                name = quoted(name)
            ),
            a.name_range.clone(),
        ),
        Item::Blocks(g) => (
            "Unsupported block type",
            format!(
                "Blocks of type {name} are not expected here.{hint}",
                name = quoted(name)
            ),
            g.first().map(|b| b.type_range.clone()).unwrap_or_default(),
        ),
    };
    // Only serde's own complaint about the key is replaced; anything else
    // keeps its message.
    if !e.summary().starts_with("Unsuitable value") {
        return e;
    }
    Error::from_diagnostics(
        Diagnostic::error(summary, detail)
            .with_subject(range)
            .into(),
    )
    .prefix_path(name)
}
