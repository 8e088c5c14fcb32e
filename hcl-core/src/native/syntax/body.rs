//! Bodies, attributes, blocks and labels.

use super::*;

/// A body: the file's top level or a block's content.
#[derive(Clone, Copy)]
pub struct BodyNode<'a> {
    pub(super) cx: Cx<'a>,
    pub(super) id: BodyId,
    pub(super) body: &'a ast::Body,
}

/// An item of a body, for walking both kinds in source order.
#[derive(Clone, Copy)]
pub enum BodyItem<'a> {
    /// `name = expr`
    Attribute(AttributeNode<'a>),
    /// `type "label" { ... }`
    Block(BlockNode<'a>),
}

impl<'a> BodyNode<'a> {
    /// The syntax view of a [`Body`] handle of the native syntax (`None` for
    /// another syntax, a merged body, or the leftover of partial processing,
    /// whose claimed items a view of the whole node would show again).
    ///
    /// ```
    /// use hcl_core::load::parse_source;
    /// use hcl_core::native::BodyNode;
    /// let (body, _) = parse_source("a.hcl", "a = 1\n");
    /// assert_eq!(BodyNode::of(&body).unwrap().attributes().len(), 1);
    /// let (json, _) = parse_source("a.hcl.json", "{\"a\": 1}");
    /// assert!(BodyNode::of(&json).is_none());
    /// ```
    pub fn of(body: &'a Body) -> Option<BodyNode<'a>> {
        let native = body.as_impl().as_any().downcast_ref::<NativeBody>()?;
        native.hides_nothing().then(|| BodyNode {
            cx: Cx::of(native.file()),
            id: native.id(),
            body: native.ast(),
        })
    }

    /// The attributes, in source order (names are unique: the parser
    /// reports and drops a redefinition).
    pub fn attributes(self) -> impl ExactSizeIterator<Item = AttributeNode<'a>> + 'a {
        let cx = self.cx;
        cx.tree()
            .attributes_with_ids(self.body)
            .map(move |(id, attr)| AttributeNode { cx, id, attr })
    }

    /// The attribute called `name`.
    pub fn attribute(self, name: &str) -> Option<AttributeNode<'a>> {
        self.attributes().find(|a| a.name() == name)
    }

    /// The blocks, in source order.
    #[inline]
    pub fn blocks(self) -> impl ExactSizeIterator<Item = BlockNode<'a>> + 'a {
        let cx = self.cx;
        cx.tree()
            .blocks(self.body)
            .iter()
            .map(move |block| BlockNode { cx, block })
    }

    /// Attributes and blocks together, in source order.
    pub fn items(self) -> impl Iterator<Item = BodyItem<'a>> + 'a {
        let mut attrs = self.attributes().peekable();
        let mut blocks = self.blocks().peekable();
        std::iter::from_fn(move || match (attrs.peek(), blocks.peek()) {
            (Some(a), Some(b)) if b.block.ty.start < a.attr.name.start => {
                blocks.next().map(BodyItem::Block)
            }
            (Some(_), _) => attrs.next().map(BodyItem::Attribute),
            (None, _) => blocks.next().map(BodyItem::Block),
        })
    }

    /// The whole body: the file, or a block's braces and what they hold.
    pub fn range(self) -> Range {
        self.cx.source().range(self.body.span)
    }

    /// The body as a [`Body`] handle, for schema-driven processing (no
    /// copy of the tree).
    pub fn to_body(self) -> Body {
        Body::new(NativeBody::new(self.cx.file.clone(), self.id))
    }

    /// Attribute number `index` in source order, found in place (by its
    /// id: one check of the index against the body's run, one lookup).
    #[inline]
    pub(crate) fn attribute_at(self, index: usize) -> Option<AttributeNode<'a>> {
        let id = self.body.attributes.get(index)?;
        Some(AttributeNode {
            cx: self.cx,
            id,
            attr: self.cx.tree().attribute(id),
        })
    }

    /// Where an item the body lacks would go: its first byte (what a
    /// "Missing ..." diagnostic points at, as schema processing does).
    pub(crate) fn missing_item_range(self) -> Range {
        self.cx.source().range(self.body.span.start_point())
    }

    /// The source the body was parsed from.
    #[inline]
    pub fn source(self) -> &'a SourceFile {
        self.cx.source()
    }

    /// The tree and the compact node, for the crate's own passes.
    pub(crate) fn ast(self) -> (&'a Tree, &'a ast::Body) {
        (self.cx.tree(), self.body)
    }
}

/// `name = expr`
#[derive(Clone, Copy)]
pub struct AttributeNode<'a> {
    cx: Cx<'a>,
    id: ast::AttrId,
    attr: &'a ast::Attribute,
}

impl<'a> AttributeNode<'a> {
    /// The name.
    #[inline]
    pub fn name(self) -> &'a str {
        self.attr.name.text(self.cx.source().text())
    }

    /// Where the name is written.
    pub fn name_range(self) -> Range {
        self.cx.source().range(self.attr.name)
    }

    /// Where the `=` is written.
    pub fn equals_range(self) -> Range {
        self.cx
            .source()
            .range(self.attr.equals(self.cx.source().text()))
    }

    /// The value expression.
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        ExprNode::new(self.cx.source(), &self.attr.expr)
    }

    /// From the name to the end of the value.
    pub fn range(self) -> Range {
        self.cx.source().range(self.attr.span())
    }

    /// The value as an [`Expression`] handle (no copy of the tree).
    // Inline: a few stores, which a caller in another crate (an analysis
    // walking every attribute) would otherwise call out of line.
    #[inline]
    pub fn to_expression(self) -> Expression {
        Expression::native(NativeExpression::attribute(self.cx.file.clone(), self.id))
    }
}

/// `type label* { body }`
#[derive(Clone, Copy)]
pub struct BlockNode<'a> {
    cx: Cx<'a>,
    block: &'a ast::Block,
}

impl<'a> BlockNode<'a> {
    /// The block type.
    #[inline]
    pub fn type_name(self) -> &'a str {
        self.block.ty.text(self.cx.source().text())
    }

    /// Where the block type is written.
    pub fn type_range(self) -> Range {
        self.cx.source().range(self.block.ty)
    }

    /// The labels, in order.
    #[inline]
    pub fn labels(self) -> impl ExactSizeIterator<Item = LabelNode<'a>> + 'a {
        let cx = self.cx;
        cx.tree()
            .labels(self.block)
            .iter()
            .map(move |label| LabelNode { cx, label })
    }

    /// The content.
    pub fn body(self) -> BodyNode<'a> {
        BodyNode {
            cx: self.cx,
            id: self.block.body,
            body: self.cx.tree().body(self.block.body),
        }
    }

    /// The `{`.
    pub fn open_brace_range(self) -> Range {
        self.cx.source().range(self.block.open_brace())
    }

    /// The `}` (after a syntax error, where the block was cut short).
    pub fn close_brace_range(self) -> Range {
        self.cx.source().range(self.block.close_brace)
    }

    /// From the type to the closing brace.
    pub fn range(self) -> Range {
        self.cx.source().range(self.block.span())
    }

    /// The content as a [`Body`] handle.
    pub fn to_body(self) -> Body {
        Body::new(NativeBody::new(self.cx.file.clone(), self.block.body))
    }
}

/// A block label: a quoted string or a bare name.
#[derive(Clone, Copy)]
pub struct LabelNode<'a> {
    cx: Cx<'a>,
    label: &'a ast::Label,
}

impl<'a> LabelNode<'a> {
    /// The label's value (escapes decoded, quotes removed).
    #[inline]
    pub fn value(self) -> &'a str {
        self.cx
            .tree()
            .label_value(self.label, self.cx.source().text())
    }

    /// Whether it was written in quotes.
    pub fn is_quoted(self) -> bool {
        self.label.is_quoted(self.cx.source().text())
    }

    /// Where the label is written, quotes included.
    pub fn range(self) -> Range {
        self.cx.source().range(self.label.span)
    }
}
