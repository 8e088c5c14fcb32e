//! Schema processing by field id, for typed decoding: a schema compiled
//! once per type ([`CompiledSchema`]) numbers its attributes
//! ([`FieldId`]), and [`content_by_id_with`] (or [`content_by_id`], its
//! exhaustive form, or [`content_by_id_reporting`], which hands
//! diagnostics to a callback) answers "the content of this body,
//! attribute by id", for a [`Body`] handle or a body node of a tree alike.
//!
//! Two paths, one entry: callers never choose. A native-syntax body that
//! matches its schema cleanly (every attribute and block claimed, every
//! required attribute present, every block with the labels its type takes)
//! is read in one pass over its tree ([`NativeContent`]): names are
//! compared in place and nothing is built per attribute or block. Any other body (JSON, merged,
//! a leftover of partial processing), a native body with any problem, and
//! partial processing take the general [`Body::content`] or
//! [`Body::partial_content`], which report what is wrong. The
//! fast path decides only *whether* it applies; the content it gives is the
//! content the general path finds (the differential test in `test.rs`
//! checks both on random bodies).

use crate::body::{Attribute, Body, BodyContent};
use crate::diag::Diagnostics;
use crate::native::ast;
use crate::native::syntax::{AttributeNode, BlockNode, BodyNode};
use crate::pos::{ByteSpan, Range};
use crate::schema::BodySchema;

/// A body schema checked once ([`BodySchema::validate`]) and numbered:
/// what a decoder keeps per type.
///
/// ```
/// use hcl_core::native::by_id::CompiledSchema;
/// use hcl_core::schema::{AttributeSchema, BodySchema};
///
/// let schema = CompiledSchema::new(BodySchema::new().attribute(AttributeSchema::required("a")));
/// assert!(schema.is_valid());
/// assert_eq!(schema.attribute_name(schema.attribute_id("a")), Some("a"));
/// assert_eq!(schema.attribute_name(schema.attribute_id("b")), None);
/// ```
#[derive(Clone, Debug)]
pub struct CompiledSchema {
    schema: BodySchema,
    valid: bool,
    /// The attributes' names as [`NameKey`]s, in the schema's order.
    names: Box<[NameKey]>,
}

/// An attribute of a [`CompiledSchema`], as the schema numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FieldId(u32);

impl FieldId {
    /// The id of no attribute.
    const NONE: FieldId = FieldId(u32::MAX);

    #[inline]
    fn index(self) -> Option<usize> {
        (self != FieldId::NONE).then_some(self.0 as usize)
    }
}

impl CompiledSchema {
    /// Checks and numbers `schema`.
    pub fn new(schema: BodySchema) -> CompiledSchema {
        let valid = schema.validate().is_ok();
        let names = schema
            .attributes
            .iter()
            .map(|a| NameKey::new(&a.name))
            .collect();
        CompiledSchema {
            schema,
            valid,
            names,
        }
    }

    /// The schema.
    pub fn schema(&self) -> &BodySchema {
        &self.schema
    }

    /// Whether the schema passed [`BodySchema::validate`] (an invalid one
    /// takes the general path, which reports it).
    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// The id of attribute `name`; for a name the schema does not list, an
    /// id that finds nothing. Ask once per type, with the schema.
    pub fn attribute_id(&self, name: &str) -> FieldId {
        let index = self.schema.attributes.iter().position(|a| a.name == name);
        FieldId(
            index
                .and_then(|i| u32::try_from(i).ok())
                .unwrap_or(FieldId::NONE.0),
        )
    }

    /// The name of the attribute `id` names.
    pub fn attribute_name(&self, id: FieldId) -> Option<&str> {
        let attr = self.schema.attributes.get(id.index()?)?;
        Some(&attr.name)
    }
}

/// The content of a body for a [`CompiledSchema`], from either path.
#[derive(Debug)]
pub enum ContentById<'a> {
    /// Read from the native syntax tree (nothing to report).
    Native(NativeContent<'a>),
    /// Found by [`Body::content`] (whose diagnostics come with it); boxed,
    /// so that the usual, native content moves as a small value.
    General(Box<BodyContent>),
}

/// A native body that matched its schema cleanly, and where each schema
/// attribute is in it.
#[derive(Clone)]
pub struct NativeContent<'a> {
    body: BodyNode<'a>,
    attrs: Slots,
    /// The schema names one block type, so every block of the body (each
    /// checked against the schema) is of that type.
    one_block_type: bool,
}

impl std::fmt::Debug for NativeContent<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NativeContent")
            .field("range", &self.body.range())
            .finish_non_exhaustive()
    }
}

/// A body to process by id: a [`Body`] handle, or a body node of a
/// native syntax tree reached while decoding (no handle is built for it
/// unless the general path needs one).
#[derive(Clone, Copy, Debug)]
pub enum BodyById<'a> {
    /// A handle, of any syntax.
    Handle(&'a Body),
    /// A body of a native syntax tree.
    Node(BodyNode<'a>),
}

impl<'a> From<&'a Body> for BodyById<'a> {
    fn from(body: &'a Body) -> BodyById<'a> {
        BodyById::Handle(body)
    }
}

impl<'a> From<BodyNode<'a>> for BodyById<'a> {
    fn from(node: BodyNode<'a>) -> BodyById<'a> {
        BodyById::Node(node)
    }
}

impl<'a> BodyById<'a> {
    /// The body as a handle (a reference-count bump for a handle; a new
    /// handle for a node of a tree).
    pub fn to_body(self) -> Body {
        match self {
            BodyById::Handle(body) => body.clone(),
            BodyById::Node(node) => node.to_body(),
        }
    }

    /// The native tree node behind the body, when it is one whose every
    /// item is visible (a leftover of partial processing hides some).
    #[inline]
    pub fn node(self) -> Option<BodyNode<'a>> {
        match self {
            BodyById::Node(node) => Some(node),
            BodyById::Handle(body) => BodyNode::of(body),
        }
    }

    /// Where an item the body lacks would go.
    pub fn missing_item_range(self) -> Range {
        match self {
            BodyById::Handle(body) => body.missing_item_range(),
            BodyById::Node(node) => node.missing_item_range(),
        }
    }
}

/// How a schema applies to a body (as [`Body::content`] and
/// [`Body::partial_content`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Processing {
    /// Everything in the body must be claimed by the schema.
    Exhaustive,
    /// What the schema does not claim is left over.
    Partial,
}

/// The content of `body` for `schema`, exhaustively: from its syntax tree
/// when it is a native body that matches cleanly, else from
/// [`Body::content`], with that path's diagnostics (the fast path has none
/// to give). [`content_by_id_with`], which chooses the path, with
/// exhaustive processing.
///
/// ```
/// use hcl_core::native::by_id::{content_by_id, CompiledSchema, ContentById};
/// use hcl_core::schema::{AttributeSchema, BodySchema};
/// use hcl_core::load::parse_source;
///
/// let schema = CompiledSchema::new(BodySchema::new().attribute(AttributeSchema::required("port")));
/// let port = schema.attribute_id("port");
/// let (body, _) = parse_source("a.hcl", "port = 80\n");
/// let (content, diags) = content_by_id(&body, &schema);
/// assert!(matches!(content, ContentById::Native(_)) && diags.is_empty());
/// assert_eq!(content.attribute(port, &schema).unwrap().name(), "port");
///
/// // A problem: the general path reports it.
/// let (body, _) = parse_source("a.hcl", "prot = 80\n");
/// let (content, diags) = content_by_id(&body, &schema);
/// assert!(matches!(content, ContentById::General(_)));
/// assert!(diags.has_errors());
/// ```
pub fn content_by_id<'a>(
    body: impl Into<BodyById<'a>>,
    schema: &CompiledSchema,
) -> (ContentById<'a>, Diagnostics) {
    let (content, _, diags) = content_by_id_with(body, schema, Processing::Exhaustive);
    (content, diags)
}

/// The content of `body` for `schema`, exhaustive or partial, and for
/// partial processing the leftover body ([`Body::partial_content`]'s).
/// Exhaustive processing of a native body that matches cleanly reads the
/// tree; everything else takes the general path, whose diagnostics come
/// with it.
///
/// ```
/// use hcl_core::native::by_id::{content_by_id_with, CompiledSchema, Processing};
/// use hcl_core::schema::{AttributeSchema, BodySchema};
/// use hcl_core::load::parse_source;
///
/// let schema = CompiledSchema::new(BodySchema::new().attribute(AttributeSchema::required("port")));
/// let (body, _) = parse_source("a.hcl", "port = 80\nextra = 1\n");
/// let (content, rest, diags) = content_by_id_with(&body, &schema, Processing::Partial);
/// assert!(diags.is_empty());
/// assert!(content.attribute(schema.attribute_id("port"), &schema).is_some());
/// assert_eq!(rest.unwrap().just_attributes().0.len(), 1);
/// ```
pub fn content_by_id_with<'a>(
    body: impl Into<BodyById<'a>>,
    schema: &CompiledSchema,
    processing: Processing,
) -> (ContentById<'a>, Option<Body>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let (content, remain) = content_by_id_reporting(body, schema, processing, |d| diags = d);
    (content, remain, diags)
}

/// [`content_by_id_with`], handing the general path's diagnostics, when
/// there are any, to `report` instead of returning them: the usual, native
/// content then comes back with nothing to move or drop beside it.
///
/// ```
/// use hcl_core::native::by_id::{content_by_id_reporting, CompiledSchema, Processing};
/// use hcl_core::schema::{AttributeSchema, BodySchema};
/// use hcl_core::load::parse_source;
///
/// let schema = CompiledSchema::new(BodySchema::new().attribute(AttributeSchema::required("port")));
/// let mut reported = Vec::new();
/// let (body, _) = parse_source("a.hcl", "prot = 80\n");
/// let (_, rest) = content_by_id_reporting(&body, &schema, Processing::Exhaustive, |d| reported.push(d));
/// assert!(rest.is_none());
/// assert!(reported.len() == 1 && reported[0].has_errors());
/// ```
#[inline]
pub fn content_by_id_reporting<'a>(
    body: impl Into<BodyById<'a>>,
    schema: &CompiledSchema,
    processing: Processing,
    report: impl FnOnce(Diagnostics),
) -> (ContentById<'a>, Option<Body>) {
    let body = body.into();
    if processing == Processing::Exhaustive {
        if let Some(c) = body.node().and_then(|n| NativeContent::of(n, schema)) {
            return (ContentById::Native(c), None);
        }
    }
    general_reporting(body, schema, processing, report)
}

/// [`content_by_id_reporting`]'s general path, [`Body::content`] or
/// [`Body::partial_content`], out of line: the native path's caller keeps
/// only the test and the native content.
#[cold]
#[inline(never)]
fn general_reporting<'a>(
    body: BodyById<'a>,
    schema: &CompiledSchema,
    processing: Processing,
    report: impl FnOnce(Diagnostics),
) -> (ContentById<'a>, Option<Body>) {
    let body = body.to_body();
    let (content, remain, diags) = match processing {
        Processing::Exhaustive => {
            let (content, diags) = body.content(schema.schema());
            (content, None, diags)
        }
        Processing::Partial => {
            let (content, remain, diags) = body.partial_content(schema.schema());
            (content, Some(remain), diags)
        }
    };
    if !diags.is_empty() {
        report(diags);
    }
    (ContentById::General(Box::new(content)), remain)
}

impl<'a> ContentById<'a> {
    /// Where an item the body lacks would go: what "Missing ..."
    /// diagnostics point at.
    pub fn missing_item_range(&self) -> Range {
        match self {
            ContentById::Native(c) => c.missing_item_range(),
            ContentById::General(c) => c.missing_item_range.clone(),
        }
    }

    /// The attribute `id` names, if present.
    pub fn attribute<'c>(&'c self, id: FieldId, schema: &CompiledSchema) -> Option<AttrById<'c>>
    where
        'a: 'c,
    {
        match self {
            ContentById::Native(c) => c.attribute(id).map(AttrById::Native),
            ContentById::General(c) => {
                let name = schema.attribute_name(id)?;
                c.attributes.get(name).map(AttrById::General)
            }
        }
    }
}

/// An attribute of [`ContentById`].
#[derive(Clone, Copy)]
pub enum AttrById<'a> {
    /// A node of the native tree.
    Native(AttributeNode<'a>),
    /// An attribute the general path built.
    General(&'a Attribute),
}

impl<'a> AttrById<'a> {
    /// The attribute's name.
    pub fn name(self) -> &'a str {
        match self {
            AttrById::Native(a) => a.name(),
            AttrById::General(a) => &a.name,
        }
    }
}

impl<'a> NativeContent<'a> {
    /// The content of `body` read in one pass over its tree, when it
    /// matches `schema` with nothing to report (`None`: take the general
    /// path, which reports what is wrong). Only [`content_by_id_reporting`]
    /// asks: the choice of path is made in one place.
    #[inline(always)]
    fn of(body: BodyNode<'a>, schema: &CompiledSchema) -> Option<NativeContent<'a>> {
        if !schema.valid {
            return None;
        }
        let compiled = schema;
        let schema = &schema.schema;
        let (tree, node) = body.ast();
        let all = tree.attributes(node);
        // Schema names are unique: a body with more attributes than the
        // schema names has one it does not claim.
        if all.len() > schema.attributes.len() {
            return None;
        }
        let text = body.source().text();
        let wanted = &schema.attributes;
        let attrs = if wanted.len() <= INLINE_SLOTS && in_schema_order(all, text, &compiled.names) {
            // Each attribute's position is its id.
            Slots::Inline(IN_ORDER)
        } else {
            Slots::of(all, text, compiled)?
        };
        // Types are compared as bytes of the source, as names are above
        // (no text is cut at char boundaries for a comparison).
        for block in tree.blocks(node) {
            let ty = block.ty.bytes(text);
            let header = schema
                .blocks
                .iter()
                .find(|b| same_bytes(ty, b.type_name.as_bytes()))?;
            // Any other count is a problem the general path reports.
            if tree.labels(block).len() != header.label_names.len() {
                return None;
            }
        }
        Some(NativeContent {
            body,
            attrs,
            one_block_type: schema.blocks.len() == 1,
        })
    }

    /// The attribute `id` names, if present.
    #[inline]
    pub fn attribute(&self, id: FieldId) -> Option<AttributeNode<'a>> {
        // No test for the id of no attribute: it is past every slot.
        self.body.attribute_at(self.attrs.get(id.0 as usize)?)
    }

    /// The body read.
    pub fn body(&self) -> BodyNode<'a> {
        self.body
    }

    /// The blocks of `type_name`, in source order. Types are compared as
    /// bytes of the source, as `NativeContent::of` compares them (no text is
    /// cut at char boundaries for a comparison).
    #[inline]
    pub fn blocks_of_type<'t>(
        &self,
        type_name: &'t str,
    ) -> impl Iterator<Item = BlockNode<'a>> + use<'a, 't> {
        let (tree, node) = self.body.ast();
        let text = self.body.source().text();
        let is_type = move |b: &ast::Block| same_bytes(b.ty.bytes(text), type_name.as_bytes());
        // Blocks of one type: the first one's answers for all.
        let all = match tree.blocks(node).first() {
            Some(first) if self.one_block_type => Some(is_type(first)),
            _ => None,
        };
        self.body
            .blocks()
            .zip(tree.blocks(node))
            .filter(move |(_, b)| all.unwrap_or_else(|| is_type(b)))
            .map(|(block, _)| block)
    }

    /// Where an item the body lacks would go (as [`Body::content`]'s
    /// `missing_item_range`).
    pub fn missing_item_range(&self) -> Range {
        self.body.missing_item_range()
    }
}

/// Whether the body's attributes `all` are the schema's attributes
/// `wanted`, every one, in the schema's order: then each attribute's
/// position is its id, and nothing needs to be put in slots.
#[inline]
fn in_schema_order(all: &[ast::Attribute], text: &str, wanted: &[NameKey]) -> bool {
    all.len() == wanted.len()
        && all
            .iter()
            .zip(wanted)
            .all(|(a, w)| w.is_name_at(text.as_bytes(), a.name))
}

/// A schema name prepared for comparing with names in the source: its
/// length and its first and last (up to) eight bytes as words, so that
/// a name of up to 16 bytes is compared by one or two word loads from the
/// source, without reading the schema's string.
#[derive(Clone, Debug)]
struct NameKey {
    len: usize,
    /// The bits of a name's first word that hold it (all of them from 8
    /// bytes on).
    mask: u64,
    /// The first `min(len, 8)` bytes, little-endian, zero above.
    head: u64,
    /// The last eight bytes (names of 9 to 16 bytes; else 0).
    tail: u64,
    /// Names longer than 16 bytes, compared in full.
    long: Option<Box<[u8]>>,
}

impl NameKey {
    fn new(name: &str) -> NameKey {
        let b = name.as_bytes();
        let (head, tail) = name_words(b);
        NameKey {
            len: b.len(),
            mask: u64::MAX
                .checked_shr(64 - 8 * b.len().min(8) as u32)
                .unwrap_or(0),
            head,
            tail,
            long: (b.len() > 16).then(|| b.into()),
        }
    }

    /// Whether the bytes of `text` at `span` are this name. A name in the
    /// source is usually followed by at least eight bytes (` = value`),
    /// so its first word is read whole and masked to its length; one near
    /// the very end of the text, or longer than 16 bytes, is compared out
    /// of line.
    #[inline(always)]
    fn is_name_at(&self, text: &[u8], span: ByteSpan) -> bool {
        let (start, end) = (span.start as usize, span.end as usize);
        if end.wrapping_sub(start) != self.len {
            return false;
        }
        let word = text.get(start..).and_then(|t| t.first_chunk::<8>());
        match word {
            Some(w) if self.len <= 8 => u64::from_le_bytes(*w) & self.mask == self.head,
            Some(w) if self.long.is_none() => {
                let last = text.get(..end).and_then(|t| t.last_chunk::<8>());
                u64::from_le_bytes(*w) == self.head
                    && last.is_some_and(|l| u64::from_le_bytes(*l) == self.tail)
            }
            _ => self.is_name_slow(text.get(start..end)),
        }
    }

    /// [`is_name_at`](Self::is_name_at) of a name near the end of the
    /// text, or longer than 16 bytes (`name` is of the key's length).
    #[cold]
    fn is_name_slow(&self, name: Option<&[u8]>) -> bool {
        match (name, &self.long) {
            (Some(name), Some(long)) => **long == *name,
            (Some(name), None) => name_words(name) == (self.head, self.tail),
            (None, _) => false,
        }
    }
}

/// A name's first `min(len, 8)` bytes as a little-endian word (zero
/// above), and its last eight bytes when it has 9 to 16 (else 0).
fn name_words(b: &[u8]) -> (u64, u64) {
    let mut head = [0u8; 8];
    let n = b.len().min(8);
    if let (Some(dst), Some(src)) = (head.get_mut(..n), b.get(..n)) {
        dst.copy_from_slice(src);
    }
    let tail = match b.last_chunk::<8>() {
        Some(t) if b.len() <= 16 && b.len() > 8 => u64::from_le_bytes(*t),
        _ => 0,
    };
    (u64::from_le_bytes(head), tail)
}

/// Puts in `slots` (one a schema attribute, zipped with them) where each
/// attribute of `wanted` is among the body's attributes `all`, and says how
/// many are present; `None` when a required one is missing or a position
/// does not fit a slot. Each name is first looked for right after the
/// previous hit: bodies usually list attributes in the order of a type's
/// fields.
#[inline]
fn find_attributes<S: TryFrom<usize>>(
    all: &[ast::Attribute],
    text: &str,
    schema: &CompiledSchema,
    slots: &mut [S],
) -> Option<usize> {
    let mut found = 0;
    let mut next = 0;
    let wanted = schema.schema.attributes.iter().zip(schema.names.iter());
    for ((wanted, key), slot) in wanted.zip(slots) {
        let is_wanted = |a: &ast::Attribute| key.is_name_at(text.as_bytes(), a.name);
        let hit = match all.get(next) {
            Some(a) if is_wanted(a) => Some(next),
            _ => all.iter().position(is_wanted),
        };
        match hit {
            Some(index) => {
                // Fits: `all` is no longer than `wanted`, so a position
                // is below the inline slots' 16 (never their empty mark),
                // and tree ids are `u32`s.
                *slot = S::try_from(index).ok()?;
                next = index + 1;
                found += 1;
            }
            None if wanted.required => return None,
            None => {}
        }
    }
    Some(found)
}

/// Byte-string equality for names: most differ in length, and the rest
/// are compared as two overlapping words of the widest size that fits
/// (names of 1 to 16 bytes) instead of byte by byte or through a call.
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let n = a.len();
    match n {
        0 => true,
        1..4 => a.first() == b.first() && a.get(n / 2) == b.get(n / 2) && a.last() == b.last(),
        4..8 => ends::<4>(a) == ends::<4>(b),
        8..=16 => ends::<8>(a) == ends::<8>(b),
        _ => a == b,
    }
}

/// The first and the last `N` bytes of `s` (which holds at least `N`).
#[inline(always)]
fn ends<const N: usize>(s: &[u8]) -> Option<(&[u8; N], &[u8; N])> {
    Some((s.first_chunk::<N>()?, s.last_chunk::<N>()?))
}

/// Where each schema attribute is in a native body (its position among
/// the body's attributes): a byte each, inline, for the usual handful of
/// attributes, so that a body costs no allocation and its content is small
/// to move (a body matching a schema of at most 16 attributes has at most
/// 16: a position past a byte is a body that cannot match).
#[derive(Clone, Debug)]
enum Slots {
    Inline([u8; INLINE_SLOTS]),
    Heap(Vec<u32>),
}

/// The inline slots of a body that has every schema attribute, in the
/// schema's order: each one's position is its id (ids past the schema's
/// are never issued, and past the body's attributes find nothing).
const IN_ORDER: [u8; INLINE_SLOTS] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

const INLINE_SLOTS: usize = 16;

/// An empty inline slot.
const ABSENT_INLINE: u8 = u8::MAX;

/// An empty slot on the heap.
const ABSENT: u32 = u32::MAX;

impl Slots {
    /// Where each attribute of `schema` is among the body's attributes
    /// `all`; `None` when a required one is missing or one of `all` is not
    /// claimed. Out of line: the usual body has its attributes in the
    /// schema's order, which the always-inline check before it finds.
    #[inline(never)]
    fn of(all: &[ast::Attribute], text: &str, schema: &CompiledSchema) -> Option<Slots> {
        let mut attrs = Slots::new(schema.names.len());
        let found = match &mut attrs {
            Slots::Inline(slots) => find_attributes(all, text, schema, slots)?,
            Slots::Heap(slots) => find_attributes(all, text, schema, slots)?,
        };
        // Names are unique, so this says every attribute was claimed.
        (found == all.len()).then_some(attrs)
    }

    fn new(len: usize) -> Slots {
        if len <= INLINE_SLOTS {
            Slots::Inline([ABSENT_INLINE; INLINE_SLOTS])
        } else {
            Slots::Heap(vec![ABSENT; len])
        }
    }

    #[inline]
    fn get(&self, slot: usize) -> Option<usize> {
        match self {
            Slots::Inline(a) => a
                .get(slot)
                .filter(|&&i| i != ABSENT_INLINE)
                .map(|&i| usize::from(i)),
            Slots::Heap(v) => v.get(slot).filter(|&&i| i != ABSENT).map(|&i| i as usize),
        }
    }
}

#[cfg(test)]
mod test;
