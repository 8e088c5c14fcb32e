//! Calls, tuples, objects, `for` expressions and splats.

use super::*;

/// A list of expressions: a tuple's items or a call's arguments.
#[derive(Clone, Copy)]
pub struct Items<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) items: &'a [ast::Expr],
}

impl<'a> Items<'a> {
    /// The items, in order.
    #[inline]
    pub fn iter(self) -> impl ExactSizeIterator<Item = ExprNode<'a>> + DoubleEndedIterator + 'a {
        let source = self.source;
        self.items.iter().map(move |e| ExprNode::new(source, e))
    }

    /// The number of items.
    pub fn len(self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.items.is_empty()
    }

    /// Item `i`.
    pub fn get(self, i: usize) -> Option<ExprNode<'a>> {
        self.items.get(i).map(|e| ExprNode::new(self.source, e))
    }
}

/// `name(args)`, the name possibly namespaced (`provider::aws::f`).
#[derive(Clone, Copy)]
pub struct CallNode<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) span: ByteSpan,
    pub(super) call: &'a ast::Call,
}

impl<'a> CallNode<'a> {
    /// The name as written, segments joined with `::`.
    #[inline]
    pub fn name(self) -> &'a str {
        self.call.name_span().text(self.source.text())
    }

    /// Where the name is written.
    pub fn name_range(self) -> Range {
        self.source.range(self.call.name_span())
    }

    /// The arguments.
    pub fn args(self) -> Items<'a> {
        Items {
            source: self.source,
            items: &self.call.args,
        }
    }

    /// Whether the final argument is expanded (`f(xs...)`).
    pub fn expand_final(self) -> bool {
        self.call.expand_final
    }

    /// The parentheses and what they hold.
    pub fn args_range(self) -> Range {
        self.source
            .range(self.call.open_paren().to(self.call.close_paren))
    }

    /// The whole call.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }
}

/// `{ key = value, ... }`.
#[derive(Clone, Copy)]
pub struct ObjectNode<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) items: &'a [ast::ObjectItem],
}

impl<'a> ObjectNode<'a> {
    /// The items, in order.
    #[inline]
    pub fn items(self) -> impl ExactSizeIterator<Item = ObjectItemNode<'a>> + Clone + 'a {
        let source = self.source;
        self.items
            .iter()
            .map(move |item| ObjectItemNode { source, item })
    }
}

/// One `key = value` item of an object constructor.
#[derive(Clone, Copy)]
pub struct ObjectItemNode<'a> {
    source: &'a SourceFile,
    item: &'a ast::ObjectItem,
}

impl<'a> ObjectItemNode<'a> {
    /// The key.
    #[inline]
    pub fn key(self) -> ObjectKeyNode<'a> {
        ObjectKeyNode {
            source: self.source,
            key: &self.item.key,
        }
    }

    /// The value.
    #[inline]
    pub fn value(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.item.value)
    }
}

/// An object constructor's key: a bare name is a literal attribute name
/// (not a variable) unless the key is parenthesised.
#[derive(Clone, Copy)]
pub struct ObjectKeyNode<'a> {
    source: &'a SourceFile,
    key: &'a ast::ObjectKey,
}

impl<'a> ObjectKeyNode<'a> {
    /// The literal name, for a bare name (or keyword) not in parentheses.
    #[inline]
    pub fn literal_name(self) -> Option<&'a str> {
        self.key.as_literal_name(self.source.text())
    }

    /// The key as an expression (for a literal name, the bare name as a
    /// traversal or keyword literal).
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.key.expr)
    }

    /// Whether the key is parenthesised, which makes a bare name a
    /// variable.
    #[inline]
    pub fn is_parenthesized(self) -> bool {
        self.key.force_non_literal(self.source.text())
    }
}

/// A `for` expression.
#[derive(Clone, Copy)]
pub struct ForNode<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) node: &'a ast::ForExpr,
}

impl<'a> ForNode<'a> {
    for_intro_accessors!();

    /// The key expression (`{for ...}` only).
    pub fn key(self) -> Option<ExprNode<'a>> {
        self.node
            .key
            .as_ref()
            .map(|k| ExprNode::new(self.source, k))
    }

    /// The value expression.
    #[inline]
    pub fn value(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.value)
    }

    /// The `if` condition.
    pub fn condition(self) -> Option<ExprNode<'a>> {
        self.node
            .cond
            .as_ref()
            .map(|c| ExprNode::new(self.source, c))
    }

    /// Whether values are grouped by key (`...` after the value).
    pub fn is_grouped(self) -> bool {
        self.node.group
    }

    /// Whether the result is an object (`{for ...}`), not a tuple.
    pub fn is_object(self) -> bool {
        self.node.object
    }
}

/// A splat: [`each`](SplatNode::each), which starts from
/// [`ExprKind::SplatElement`], applied to every element of
/// [`source`](SplatNode::source).
#[derive(Clone, Copy)]
pub struct SplatNode<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) node: &'a ast::Splat,
}

impl<'a> SplatNode<'a> {
    /// The collection.
    pub fn source(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.source)
    }

    /// What is evaluated for each element.
    pub fn each(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.each)
    }

    /// Whether it is the full splat `[*]` (not the attribute-only `.*`).
    pub fn is_full(self) -> bool {
        self.node.is_full(self.source.text())
    }

    /// Where `.*` or `[*]` is written.
    pub fn marker_range(self) -> Range {
        self.source.range(self.node.marker)
    }
}
