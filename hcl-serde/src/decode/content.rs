//! What a derived type decodes from: a body, the content schema processing
//! found in it, and its attributes, blocks and labels.
//!
//! Native-syntax bodies (what [`from_str`](crate::from_str) parses) are read
//! straight from the syntax tree when they match their schema cleanly: every
//! attribute and block claimed, every required attribute present, every
//! block with the labels its type takes. Names are then compared in place
//! and ranges resolved only for diagnostics, so decoding builds nothing per
//! attribute or block. Any other body, and a native body with a schema
//! problem, takes the generic path ([`Body::content`]), which reports the
//! problems exactly as before. Both paths decode fields through the same
//! code, so they give the same values and the same diagnostics.

use std::sync::Arc;

use hcl_core::__private::ast::Expr;
use hcl_core::__private::ast::{self, AttrId, BodyId, Tree};
use hcl_core::__private::{ByteSpan, NativeBody, NativeExpression};
use hcl_core::body::{Attribute, Block, BodyContent};
use hcl_core::{Body, Diagnostics, EvalContext, Expression, Range, SourceFile, Value};

use super::CheckedSchema;
use crate::de::value::LazyRange;

/// A parsed native-syntax file: the tree and the text its spans index.
#[derive(Clone, Copy, Debug)]
struct Syntax<'a> {
    source: &'a SourceFile,
    tree: &'a Arc<Tree>,
}

impl<'a> Syntax<'a> {
    fn text(self, span: ByteSpan) -> &'a str {
        span.text(self.source.text())
    }

    /// Whether the source text at `span` is `name`.
    #[inline]
    fn is(self, span: ByteSpan, name: &str) -> bool {
        let bytes = self.source.text().as_bytes();
        match bytes.get(span.start as usize..span.end as usize) {
            Some(text) => same_bytes(text, name.as_bytes()),
            None => false,
        }
    }

    fn range(self, span: ByteSpan) -> Range {
        self.source.range_of(span.start as usize..span.end as usize)
    }

    /// A body handle for node `id`, for the generic path.
    fn body_handle(self, id: BodyId) -> Body {
        Body::new(NativeBody::new(self.source.clone(), self.tree.clone(), id))
    }
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

/// The body a type decodes from: a [`Body`] handle, or a body node of a
/// native-syntax tree reached while decoding (no handle is built for it
/// unless the generic path needs one).
///
/// ```
/// use hcl_serde::decode::BodyRef;
/// use hcl_core::native::parse_body;
/// use hcl_core::SourceFile;
///
/// let (body, _) = parse_body(&SourceFile::new("a.hcl", "a = 1\n"), &Default::default());
/// let r = BodyRef::from(&body);
/// assert_eq!(r.to_body().just_attributes().0.len(), 1);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BodyRef<'a>(BodyRepr<'a>);

#[derive(Clone, Copy, Debug)]
enum BodyRepr<'a> {
    Handle(&'a Body),
    Native(Syntax<'a>, BodyId),
}

impl<'a> From<&'a Body> for BodyRef<'a> {
    fn from(body: &'a Body) -> BodyRef<'a> {
        BodyRef(BodyRepr::Handle(body))
    }
}

impl<'a> BodyRef<'a> {
    /// The body as a handle (a reference-count bump for a handle; a new
    /// handle for a node of a tree).
    pub fn to_body(self) -> Body {
        match self.0 {
            BodyRepr::Handle(body) => body.clone(),
            BodyRepr::Native(syntax, id) => syntax.body_handle(id),
        }
    }

    /// The native tree node behind the body, when it is one whose every
    /// item is visible (a leftover of partial processing hides some).
    fn native(self) -> Option<(Syntax<'a>, BodyId)> {
        match self.0 {
            BodyRepr::Native(syntax, id) => Some((syntax, id)),
            BodyRepr::Handle(body) => {
                let native = body.as_impl().as_any().downcast_ref::<NativeBody>()?;
                native.hides_nothing().then_some((
                    Syntax {
                        source: native.source(),
                        tree: native.tree(),
                    },
                    native.id(),
                ))
            }
        }
    }
}

/// The content of a body after schema processing, as block fields see it
/// (see [`BlockField`](crate::BlockField)).
///
/// ```
/// use hcl_serde::decode::{BlockField, Content, Decoder};
/// use hcl_serde::HclDecode;
///
/// /// Where each `marker` block starts; the blocks themselves are empty.
/// struct Markers(Vec<u32>);
///
/// impl BlockField for Markers {
///     fn label_names() -> Vec<String> {
///         Vec::new()
///     }
///
///     fn decode_blocks(content: &Content<'_>, type_name: &str, _: &mut Decoder<'_>) -> Option<Self> {
///         let lines = content.blocks_of_type(type_name).map(|b| b.def_range().start.line);
///         Some(Markers(lines.collect()))
///     }
/// }
///
/// #[derive(HclDecode)]
/// struct Config {
///     #[hcl(block)]
///     marker: Markers,
/// }
///
/// let c: Config = hcl_serde::from_str("marker {}\n\nmarker {}\n").unwrap();
/// assert_eq!(c.marker.0, [1, 3]);
/// ```
#[derive(Debug)]
pub struct Content<'a>(ContentRepr<'a>);

#[derive(Debug)]
enum ContentRepr<'a> {
    Generic(BodyContent),
    Native(NativeContent<'a>),
}

/// A native body that matched its schema cleanly, and where each schema
/// attribute is in it.
#[derive(Debug)]
struct NativeContent<'a> {
    syntax: Syntax<'a>,
    body: &'a ast::Body,
    /// The body's attributes.
    all: &'a [ast::Attribute],
    attrs: Slots,
}

impl<'a> Content<'a> {
    /// Content found by the generic path.
    pub fn generic(content: BodyContent) -> Content<'a> {
        Content(ContentRepr::Generic(content))
    }

    /// The content of `body` read from its syntax tree, when it is a
    /// native body that matches `schema` with nothing to report (`None`:
    /// take the generic path, which reports what is wrong).
    pub(crate) fn native(body: BodyRef<'a>, schema: &CheckedSchema) -> Option<Content<'a>> {
        let (syntax, id) = body.native()?;
        if !schema.is_valid() {
            return None;
        }
        let schema = schema.schema();
        let node = syntax.tree.body(id);
        let mut attrs = Slots::new(schema.attributes.len());
        let mut found = 0;
        let all = syntax.tree.attributes(node);
        // Each name is first looked for right after the previous hit:
        // bodies usually list attributes in the order of the struct's
        // fields.
        let mut next = 0;
        for (slot, wanted) in schema.attributes.iter().enumerate() {
            let is_wanted = |a: &ast::Attribute| {
                // Lengths first: most names differ in length.
                syntax.is(a.name, &wanted.name)
            };
            let hit = match all.get(next) {
                Some(a) if is_wanted(a) => Some(next),
                _ => all.iter().position(is_wanted),
            };
            match hit {
                Some(index) => {
                    attrs.set(slot, index);
                    next = index + 1;
                    found += 1;
                }
                None if wanted.required => return None,
                None => {}
            }
        }
        // Names are unique, so this says every attribute was claimed.
        if found != node.attributes.len() {
            return None;
        }
        for block in syntax.tree.blocks(node) {
            let header = schema
                .blocks
                .iter()
                .find(|b| syntax.is(block.ty, &b.type_name))?;
            // Any other count is a problem `label_count_problem` reports.
            if syntax.tree.labels(block).len() != header.label_names.len() {
                return None;
            }
        }
        Some(Content(ContentRepr::Native(NativeContent {
            syntax,
            body: node,
            all,
            attrs,
        })))
    }

    /// Attribute `name`, the schema's attribute number `slot` (native
    /// content finds it by `slot`, generic content by `name`).
    #[inline]
    pub(crate) fn attribute(&self, slot: usize, name: &str) -> Option<AttrRef<'_>> {
        match &self.0 {
            ContentRepr::Generic(c) => c.attributes.get(name).map(AttrRef::from),
            ContentRepr::Native(c) => {
                let index = c.attrs.get(slot)?;
                let attr = c.all.get(index)?;
                let id = c.body.attributes.get(index)?;
                Some(AttrRef(AttrRepr::Native(c.syntax, attr, id)))
            }
        }
    }

    /// The blocks of `type_name`, in source order.
    pub fn blocks_of_type<'c>(
        &'c self,
        type_name: &'c str,
    ) -> impl Iterator<Item = BlockRef<'c>> + 'c {
        let (generic, native) = match &self.0 {
            ContentRepr::Generic(c) => (Some(c.blocks_of_type(type_name)), None),
            ContentRepr::Native(c) => {
                let blocks = c.syntax.tree.blocks(c.body).iter();
                let syntax = c.syntax;
                let of_type = blocks.filter(move |b| syntax.is(b.ty, type_name));
                (
                    None,
                    Some(of_type.map(move |b| BlockRef(BlockRepr::Native(syntax, b)))),
                )
            }
        };
        let generic = generic
            .into_iter()
            .flatten()
            .map(|b| BlockRef(BlockRepr::Generic(b)));
        generic.chain(native.into_iter().flatten())
    }

    /// The blocks whose type `claims` accepts, in source order (the blocks
    /// of a block-type enum's variants).
    pub fn blocks_where<'c>(
        &'c self,
        claims: impl Fn(&str) -> bool + 'c,
    ) -> impl Iterator<Item = BlockRef<'c>> + 'c {
        let (generic, native) = match &self.0 {
            ContentRepr::Generic(c) => (Some(c.blocks.iter()), None),
            ContentRepr::Native(c) => (None, Some((c.syntax, c.syntax.tree.blocks(c.body).iter()))),
        };
        let generic = generic
            .into_iter()
            .flatten()
            .map(|b| BlockRef(BlockRepr::Generic(b)));
        let native = native.into_iter().flat_map(|(syntax, blocks)| {
            blocks.map(move |b| BlockRef(BlockRepr::Native(syntax, b)))
        });
        generic.chain(native).filter(move |b| claims(b.type_name()))
    }

    /// Where an item the body lacks would go: what "Missing ..."
    /// diagnostics point at.
    pub fn missing_item_range(&self) -> Range {
        match &self.0 {
            ContentRepr::Generic(c) => c.missing_item_range.clone(),
            ContentRepr::Native(c) => c.syntax.range(c.body.span.start_point()),
        }
    }
}

/// Where each schema attribute is in a native body (its position among
/// the body's attributes); inline for the usual handful of attributes, so
/// that a body costs no allocation.
#[derive(Debug)]
enum Slots {
    Inline([u32; INLINE_SLOTS]),
    Heap(Vec<u32>),
}

const INLINE_SLOTS: usize = 16;

/// An empty slot.
const ABSENT: u32 = u32::MAX;

impl Slots {
    fn new(len: usize) -> Slots {
        if len <= INLINE_SLOTS {
            Slots::Inline([ABSENT; INLINE_SLOTS])
        } else {
            Slots::Heap(vec![ABSENT; len])
        }
    }

    fn set(&mut self, slot: usize, index: usize) {
        let cell = match self {
            Slots::Inline(a) => a.get_mut(slot),
            Slots::Heap(v) => v.get_mut(slot),
        };
        if let (Some(cell), Ok(index)) = (cell, u32::try_from(index)) {
            *cell = index;
        }
    }

    #[inline]
    fn get(&self, slot: usize) -> Option<usize> {
        let index = match self {
            Slots::Inline(a) => a.get(slot),
            Slots::Heap(v) => v.get(slot),
        };
        index.filter(|&&i| i != ABSENT).map(|&i| i as usize)
    }
}

/// An attribute of a body's content.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttrRef<'a>(AttrRepr<'a>);

#[derive(Clone, Copy, Debug)]
enum AttrRepr<'a> {
    Generic(&'a Attribute),
    Native(Syntax<'a>, &'a ast::Attribute, AttrId),
}

impl<'a> From<&'a Attribute> for AttrRef<'a> {
    fn from(attr: &'a Attribute) -> AttrRef<'a> {
        AttrRef(AttrRepr::Generic(attr))
    }
}

impl<'a> AttrRef<'a> {
    pub(crate) fn name(self) -> &'a str {
        match self.0 {
            AttrRepr::Generic(a) => &a.name,
            AttrRepr::Native(syntax, a, _) => syntax.text(a.name),
        }
    }

    /// The range of the value expression.
    pub(crate) fn range(self) -> Range {
        match self.0 {
            AttrRepr::Generic(a) => a.expr.range(),
            AttrRepr::Native(syntax, a, _) => syntax.range(a.expr.span),
        }
    }

    /// The value's range, resolved when asked for.
    #[inline]
    pub(crate) fn lazy_range(self) -> LazyRange<'a> {
        match self.0 {
            AttrRepr::Generic(a) => LazyRange::Expr(&a.expr),
            AttrRepr::Native(syntax, a, _) => LazyRange::Span(syntax.source, a.expr.span),
        }
    }

    /// The native syntax node of the value and its file, if it is one.
    #[inline]
    pub(crate) fn native_expr(self) -> Option<(&'a Expr, &'a SourceFile)> {
        match self.0 {
            AttrRepr::Generic(a) => {
                let native = a
                    .expr
                    .as_impl()
                    .as_any()
                    .downcast_ref::<NativeExpression>()?;
                Some((native.expr(), native.source()))
            }
            AttrRepr::Native(syntax, a, _) => Some((&a.expr, syntax.source)),
        }
    }

    pub(crate) fn evaluate(self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        match self.0 {
            AttrRepr::Generic(a) => a.expr.value(ctx),
            AttrRepr::Native(syntax, a, _) => {
                hcl_core::__private::evaluate(&a.expr, syntax.source, ctx)
            }
        }
    }

    /// The unevaluated expression as a handle.
    pub(crate) fn expression(self) -> Expression {
        match self.0 {
            AttrRepr::Generic(a) => a.expr.clone(),
            AttrRepr::Native(syntax, _, id) => Expression::new(NativeExpression::attribute(
                syntax.source.clone(),
                syntax.tree.clone(),
                id,
            )),
        }
    }
}

/// A block of a body's content.
#[derive(Clone, Copy, Debug)]
pub struct BlockRef<'a>(BlockRepr<'a>);

#[derive(Clone, Copy, Debug)]
enum BlockRepr<'a> {
    Generic(&'a Block),
    Native(Syntax<'a>, &'a ast::Block),
}

impl<'a> From<&'a Block> for BlockRef<'a> {
    fn from(block: &'a Block) -> BlockRef<'a> {
        BlockRef(BlockRepr::Generic(block))
    }
}

impl<'a> BlockRef<'a> {
    /// The block type.
    pub fn type_name(self) -> &'a str {
        match self.0 {
            BlockRepr::Generic(b) => &b.type_name,
            BlockRepr::Native(syntax, b) => syntax.text(b.ty),
        }
    }

    /// The block's labels.
    pub fn labels(self) -> Labels<'a> {
        match self.0 {
            BlockRepr::Generic(b) => Labels::of(b),
            BlockRepr::Native(syntax, b) => {
                Labels(LabelsRepr::Native(syntax, syntax.tree.labels(b)))
            }
        }
    }

    /// The block header: from the type to the last label.
    pub fn def_range(self) -> Range {
        match self.0 {
            BlockRepr::Generic(b) => b.def_range.clone(),
            BlockRepr::Native(syntax, b) => {
                let last = syntax.tree.labels(b).last().map_or(b.ty, |l| l.span);
                syntax.range(b.ty.to(last))
            }
        }
    }

    /// The block's body.
    pub fn body(self) -> BodyRef<'a> {
        match self.0 {
            BlockRepr::Generic(b) => BodyRef::from(&b.body),
            BlockRepr::Native(syntax, b) => BodyRef(BodyRepr::Native(syntax, b.body)),
        }
    }
}

/// The labels of the block header a body came from (none at the root).
#[derive(Clone, Copy, Debug)]
pub struct Labels<'a>(LabelsRepr<'a>);

#[derive(Clone, Copy, Debug)]
enum LabelsRepr<'a> {
    Generic {
        names: &'a [String],
        ranges: &'a [Range],
    },
    Native(Syntax<'a>, &'a [ast::Label]),
}

impl<'a> Labels<'a> {
    /// No labels: a root body.
    pub const NONE: Labels<'static> = Labels::new(&[], &[]);

    /// Labels with these values, written at these ranges.
    pub const fn new(names: &'a [String], ranges: &'a [Range]) -> Labels<'a> {
        Labels(LabelsRepr::Generic { names, ranges })
    }

    /// The labels of `block`.
    pub fn of(block: &'a Block) -> Labels<'a> {
        Labels::new(&block.labels, &block.label_ranges)
    }

    /// How many labels there are.
    pub fn len(self) -> usize {
        match self.0 {
            LabelsRepr::Generic { names, .. } => names.len(),
            LabelsRepr::Native(_, labels) => labels.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The value of label `index`.
    pub fn get(self, index: usize) -> Option<&'a str> {
        match self.0 {
            LabelsRepr::Generic { names, .. } => names.get(index).map(String::as_str),
            LabelsRepr::Native(syntax, labels) => {
                labels.get(index).map(|l| l.value(syntax.source.text()))
            }
        }
    }

    /// Where label `index` is written.
    pub fn range(self, index: usize) -> Option<Range> {
        match self.0 {
            LabelsRepr::Generic { ranges, .. } => ranges.get(index).cloned(),
            LabelsRepr::Native(syntax, labels) => labels.get(index).map(|l| syntax.range(l.span)),
        }
    }

    /// The label values, in order.
    pub fn iter(self) -> impl Iterator<Item = &'a str> {
        (0..self.len()).filter_map(move |i| self.get(i))
    }
}

#[cfg(test)]
mod test {
    use hcl_core::native::parse_body;
    use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
    use hcl_core::{Body, SourceFile};

    use super::*;

    fn schema() -> BodySchema {
        BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::optional("port"))
            .block(BlockHeaderSchema {
                type_name: "svc".into(),
                label_names: vec!["id".into()],
            })
    }

    fn body(src: &str) -> Body {
        parse_body(&SourceFile::new("t.hcl", src), &Default::default()).0
    }

    fn from_tree(body: &Body) -> bool {
        Content::native(BodyRef::from(body), &CheckedSchema::new(schema())).is_some()
    }

    #[test]
    fn only_a_body_that_matches_its_schema_cleanly_is_read_from_the_tree() {
        for clean in [
            "name = 1\n",
            "port = 2\nname = 1\nsvc \"a\" {}\nsvc \"b\" {}\n",
        ] {
            assert!(from_tree(&body(clean)), "{clean}");
        }
        for broken in [
            "port = 2\n",            // a required attribute missing
            "name = 1\nextra = 2\n", // an attribute the schema does not name
            "name = 1\nother {}\n",  // a block type it does not name
            "name = 1\nsvc {}\n",    // a label missing
            "name = 1\nsvc \"a\" \"b\" {}\n",
        ] {
            assert!(!from_tree(&body(broken)), "{broken}");
        }
    }

    #[test]
    fn leftovers_json_bodies_and_invalid_schemas_take_the_generic_path() {
        let native = body("name = 1\nport = 2\n");
        let (_, rest, _) =
            native.partial_content(&BodySchema::new().attribute(AttributeSchema::optional("x")));
        assert!(!from_tree(&rest), "a leftover hides what was claimed");
        let (json, _) = hcl_core::json::parse_body(&SourceFile::new("t.json", r#"{"name": 1}"#));
        assert!(!from_tree(&json));
        let invalid = schema().attribute(AttributeSchema::optional("name"));
        assert!(Content::native(BodyRef::from(&native), &CheckedSchema::new(invalid)).is_none());
    }

    #[test]
    fn slots_find_attributes_in_any_order() {
        let b = body("port = 2\nname = \"x\"\n");
        let c = Content::native(BodyRef::from(&b), &CheckedSchema::new(schema())).unwrap();
        assert_eq!(c.attribute(0, "name").map(AttrRef::name), Some("name"));
        assert_eq!(c.attribute(1, "port").map(AttrRef::name), Some("port"));
        assert!(c.attribute(2, "none").is_none());
    }

    #[test]
    fn name_comparison_agrees_with_byte_equality_at_every_length() {
        let base: Vec<u8> = (b'a'..=b'z').collect();
        for len in 0..base.len() {
            let a = &base[..len];
            assert!(same_bytes(a, a));
            for at in 0..len {
                let mut b = a.to_vec();
                b[at] = b'_';
                assert!(!same_bytes(a, &b), "{len} {at}");
            }
            assert!(!same_bytes(a, &base[..len + 1]));
        }
    }

    #[test]
    fn schemas_beyond_the_inline_slots_are_read_from_the_tree_too() {
        let names: Vec<String> = (0..40).map(|i| format!("a{i}")).collect();
        let mut schema = BodySchema::new();
        for n in &names {
            schema = schema.attribute(AttributeSchema::required(n.as_str()));
        }
        // Written backwards, so every search wraps around.
        let src: String = names.iter().rev().map(|n| format!("{n} = 1\n")).collect();
        let b = body(&src);
        let c = Content::native(BodyRef::from(&b), &CheckedSchema::new(schema)).unwrap();
        for (slot, n) in names.iter().enumerate() {
            assert_eq!(c.attribute(slot, n).map(AttrRef::name), Some(n.as_str()));
        }
    }
}
