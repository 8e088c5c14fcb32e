//! What a derived type decodes from: a body, the content schema processing
//! found in it, and its attributes, blocks and labels.
//!
//! Which path a body takes is hcl-core's decision, made in one place
//! ([`hcl_core::native::by_id::content_by_id_reporting`], beside schema
//! processing): a native body that matches its schema cleanly is read from
//! its syntax tree through the public syntax view (nothing built per
//! attribute or block), any other body through [`Body::content`] or
//! [`Body::partial_content`], which report the problems. Both paths decode
//! fields through the same code, so they give the same values and the same
//! diagnostics.

use hcl_core::body::{Attribute, Block, BodyContent};
use hcl_core::native::by_id::{
    content_by_id_reporting, AttrById, BodyById, ContentById, Processing,
};
use hcl_core::native::{BlockNode, ExprNode};
use hcl_core::{Body, Diagnostics, EvalContext, Expression, Range, Value};

use super::{CheckedSchema, FieldId};
use crate::de::value::LazyRange;

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
pub struct BodyRef<'a>(BodyById<'a>);

impl<'a> From<&'a Body> for BodyRef<'a> {
    fn from(body: &'a Body) -> BodyRef<'a> {
        BodyRef(BodyById::Handle(body))
    }
}

impl<'a> BodyRef<'a> {
    /// The body as a handle (a reference-count bump for a handle; a new
    /// handle for a node of a tree).
    pub fn to_body(self) -> Body {
        self.0.to_body()
    }

    /// Where an item the body lacks would go.
    pub(crate) fn missing_item_range(self) -> Range {
        self.0.missing_item_range()
    }
}

/// The content of a body after schema processing, as block fields see it
/// (see [`BlockField`](crate::BlockField)).
///
/// ```
/// use hcl_core::schema::BlockHeaderSchema;
/// use hcl_serde::decode::{BlockField, Content, Decoder};
/// use hcl_serde::HclDecode;
///
/// /// Where each `marker` block starts; the blocks themselves are empty.
/// struct Markers(Vec<u32>);
///
/// impl BlockField for Markers {
///     fn block_headers(field_name: &str) -> Vec<BlockHeaderSchema> {
///         vec![BlockHeaderSchema::new(field_name, Vec::<String>::new())]
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
pub struct Content<'a> {
    content: ContentById<'a>,
    /// The schema whose ids find attributes in general content.
    schema: &'a CheckedSchema,
}

impl<'a> Content<'a> {
    /// Content found by the generic path for `schema`.
    pub fn generic(content: BodyContent, schema: &'a CheckedSchema) -> Content<'a> {
        Content {
            content: ContentById::General(Box::new(content)),
            schema,
        }
    }

    /// Applies `schema` to `body`, exhaustively or partially (then with
    /// the leftover body), on whichever path hcl-core chooses; the general
    /// path's diagnostics, if any, go to `report` (the native path has
    /// none, and returns nothing beside the content to move or drop).
    #[inline]
    pub(crate) fn of(
        body: BodyRef<'a>,
        schema: &'a CheckedSchema,
        partial: bool,
        report: impl FnOnce(Diagnostics),
    ) -> (Content<'a>, Option<Body>) {
        let processing = if partial {
            Processing::Partial
        } else {
            Processing::Exhaustive
        };
        let (content, remain) =
            content_by_id_reporting(body.0, schema.compiled(), processing, report);
        (Content { content, schema }, remain)
    }

    /// The attribute `id` names (native content finds it by its position,
    /// generic content by the name the schema gives it).
    #[inline]
    pub(crate) fn attribute(&self, id: FieldId) -> Option<AttrRef<'_>> {
        match &self.content {
            // Inline: this runs for every attribute of every body.
            ContentById::Native(c) => c.attribute(id).map(|a| AttrRef(AttrById::Native(a))),
            general => general.attribute(id, self.schema.compiled()).map(AttrRef),
        }
    }

    /// The blocks of `type_name`, in source order.
    #[inline]
    pub fn blocks_of_type<'c>(
        &'c self,
        type_name: &'c str,
    ) -> impl Iterator<Item = BlockRef<'c>> + 'c {
        match &self.content {
            ContentById::General(c) => Either::Left(
                c.blocks_of_type(type_name)
                    .map(|b| BlockRef(BlockRepr::Generic(b))),
            ),
            ContentById::Native(c) => Either::Right(
                c.blocks_of_type(type_name)
                    .map(|b| BlockRef(BlockRepr::Native(b))),
            ),
        }
    }

    /// The blocks whose type `claims` accepts, in source order (the blocks
    /// of a block-type enum's variants).
    pub fn blocks_where<'c>(
        &'c self,
        claims: impl Fn(&str) -> bool + 'c,
    ) -> impl Iterator<Item = BlockRef<'c>> + 'c {
        let all = match &self.content {
            ContentById::General(c) => {
                Either::Left(c.blocks.iter().map(|b| BlockRef(BlockRepr::Generic(b))))
            }
            ContentById::Native(c) => {
                Either::Right(c.body().blocks().map(|b| BlockRef(BlockRepr::Native(b))))
            }
        };
        all.filter(move |b| claims(b.type_name()))
    }

    /// Where an item the body lacks would go: what "Missing ..."
    /// diagnostics point at.
    pub fn missing_item_range(&self) -> Range {
        self.content.missing_item_range()
    }
}

/// One of two iterators of the same items: the blocks of general content
/// or of a syntax tree, walked without checking which at every step (and
/// the blocks of one type or of a block-type enum's types).
pub(crate) enum Either<L, R> {
    Left(L),
    Right(R),
}

impl<T, L: Iterator<Item = T>, R: Iterator<Item = T>> Iterator for Either<L, R> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        match self {
            Either::Left(l) => l.next(),
            Either::Right(r) => r.next(),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Either::Left(l) => l.size_hint(),
            Either::Right(r) => r.size_hint(),
        }
    }
}

/// An attribute of a body's content.
#[derive(Clone, Copy)]
pub(crate) struct AttrRef<'a>(AttrById<'a>);

impl<'a> From<&'a Attribute> for AttrRef<'a> {
    fn from(attr: &'a Attribute) -> AttrRef<'a> {
        AttrRef(AttrById::General(attr))
    }
}

impl<'a> AttrRef<'a> {
    pub(crate) fn name(self) -> &'a str {
        match self.0 {
            AttrById::General(a) => &a.name,
            AttrById::Native(a) => a.name(),
        }
    }

    /// The range of the value expression.
    pub(crate) fn range(self) -> Range {
        match self.0 {
            AttrById::General(a) => a.expr.range(),
            AttrById::Native(a) => a.expr().range(),
        }
    }

    /// The value's range, resolved when asked for.
    #[inline]
    pub(crate) fn lazy_range(self) -> LazyRange<'a> {
        match self.0 {
            AttrById::General(a) => LazyRange::Expr(&a.expr),
            AttrById::Native(a) => LazyRange::Node(a.expr()),
        }
    }

    /// The native syntax node of the value, if it is one.
    #[inline]
    pub(crate) fn native_expr(self) -> Option<ExprNode<'a>> {
        match self.0 {
            AttrById::General(a) => ExprNode::of(&a.expr),
            AttrById::Native(a) => Some(a.expr()),
        }
    }

    pub(crate) fn evaluate(self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        match self.0 {
            AttrById::General(a) => a.expr.value(ctx),
            AttrById::Native(a) => a.expr().value(ctx),
        }
    }

    /// The unevaluated expression as a handle.
    pub(crate) fn expression(self) -> Expression {
        match self.0 {
            AttrById::General(a) => a.expr.clone(),
            AttrById::Native(a) => a.to_expression(),
        }
    }
}

/// A block of a body's content.
#[derive(Clone, Copy, Debug)]
pub struct BlockRef<'a>(BlockRepr<'a>);

#[derive(Clone, Copy, Debug)]
enum BlockRepr<'a> {
    Generic(&'a Block),
    Native(BlockNode<'a>),
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
            BlockRepr::Native(b) => b.type_name(),
        }
    }

    /// The block's labels.
    pub fn labels(self) -> Labels<'a> {
        match self.0 {
            BlockRepr::Generic(b) => Labels::of(b),
            BlockRepr::Native(b) => Labels(LabelsRepr::Native(b)),
        }
    }

    /// The block header: from the type to the last label.
    pub fn def_range(self) -> Range {
        match self.0 {
            BlockRepr::Generic(b) => b.def_range.clone(),
            BlockRepr::Native(b) => {
                let start = b.type_range();
                match b.labels().last() {
                    Some(last) => Range {
                        end: last.range().end,
                        ..start
                    },
                    None => start,
                }
            }
        }
    }

    /// The block's body.
    pub fn body(self) -> BodyRef<'a> {
        match self.0 {
            BlockRepr::Generic(b) => BodyRef::from(&b.body),
            BlockRepr::Native(b) => BodyRef(BodyById::Node(b.body())),
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
    Native(BlockNode<'a>),
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
            LabelsRepr::Native(b) => b.labels().len(),
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
            LabelsRepr::Native(b) => b.labels().nth(index).map(|l| l.value()),
        }
    }

    /// Where label `index` is written.
    pub fn range(self, index: usize) -> Option<Range> {
        match self.0 {
            LabelsRepr::Generic { ranges, .. } => ranges.get(index).cloned(),
            LabelsRepr::Native(b) => b.labels().nth(index).map(|l| l.range()),
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
    use hcl_core::schema::{AttributeSchema, BodySchema};
    use hcl_core::SourceFile;

    use super::*;

    // Which bodies are read from the tree is hcl_core::native::by_id's
    // decision, tested there; here, that ids find attributes through it.
    #[test]
    fn ids_find_attributes_in_any_order() {
        let src = SourceFile::new("t.hcl", "port = 2\nname = \"x\"\n");
        let (b, _) = parse_body(&src, &Default::default());
        let schema = CheckedSchema::new(
            BodySchema::new()
                .attribute(AttributeSchema::required("name"))
                .attribute(AttributeSchema::optional("port")),
        );
        let mut reported = Vec::new();
        let (c, _) = Content::of(BodyRef::from(&b), &schema, false, |d| reported.push(d));
        assert!(reported.is_empty());
        let name = |n| c.attribute(schema.attribute_id(n)).map(AttrRef::name);
        assert_eq!(name("name"), Some("name"));
        assert_eq!(name("port"), Some("port"));
        assert!(name("none").is_none());
    }
}
