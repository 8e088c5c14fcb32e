//! The native syntax's [`ExpressionImpl`]: an expression node of a parsed
//! file, shared, with the file it came from.
//!
//! The handle is cheap to clone whatever it refers to: an attribute's value
//! is reached through the file's shared [`Tree`] and the attribute's id (no
//! copy of the tree, no allocation per attribute), and any other expression
//! (a standalone parse, or a part of a larger expression handed out by
//! static analysis) is an owned, shared node.
//!
//! Besides evaluation it answers the information model's static analysis
//! questions as the native specification ("Static Analysis") and the
//! reference's `hclsyntax` do: a tuple constructor is a static list, an
//! object constructor a static map (its keys are handles that evaluate a
//! bare identifier to its name), a call a static call, a variable with
//! attribute and constant index steps (and the keywords `true`, `false`,
//! `null`) a static traversal. As in the reference, parentheses are not
//! looked through: `(a.b)` is not a static traversal.

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::body::{Expression, ExpressionImpl, StaticCall};
use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::ast::{AttrId, ByteSpan, Expr, ExprKind, Tree};
use crate::native::eval::Constant;
use crate::native::syntax::{self, ExprNode, Step, Steps};
use crate::pos::{Range, SourceFile};
use crate::traversal::Traversal;
use crate::value::Value;

/// A native-syntax expression: the node and its source file.
///
/// Made by [`NativeExpression::new`] for an expression of its own, or by
/// [`NativeExpression::attribute`] for an attribute's value in a parsed
/// file (which is what body handles give out).
// In this order (`repr(C)`): evaluating a constant reads the handle's
// first 40 bytes only (an `Expression` holds this inline, so those are
// the first bytes after its tag), which share a cache line more often
// than bytes spread over the whole handle (measured when handles were
// shared allocations: 1.24 L1 misses a value, 1.67 with the constant
// after the other fields).
#[derive(Clone, Debug)]
#[repr(C)]
pub struct NativeExpression {
    /// The value of the node when it is a constant (a literal, or a small
    /// expression that reads no variable and calls no function), found
    /// when the handle is evaluated a second time: most attributes are
    /// literals, and evaluating one again then reads this field only, not
    /// the tree, the node and the source text it would otherwise reach
    /// through three pointers. Not found before: a handle made for static
    /// analysis (`variables()`) may never be evaluated, and most handles
    /// (a file's analysis, a decode) are evaluated once, which then costs
    /// what evaluating the node costs, without keeping its value.
    constant: OnceLock<Option<Constant>>,
    node: Node,
    source: SourceFile,
}

/// Whether a handle was evaluated before (then the next evaluation finds
/// and keeps the constant): a flag, copied with the handle, kept in its
/// [`Node`] (in bytes the node leaves unused: the handle stays 64 bytes).
#[derive(Debug, Default)]
struct Evaluated(AtomicBool);

impl Evaluated {
    /// Whether it was set, setting it. (Relaxed: the flag only chooses
    /// between two ways to the same value. A load and a store, not one
    /// `swap`: a swap is a locked instruction, ≈20 cycles on every
    /// evaluation of every handle, and two threads that both see the flag
    /// unset merely both evaluate the node.)
    #[inline]
    fn set(&self) -> bool {
        let was = self.0.load(Ordering::Relaxed);
        if !was {
            self.0.store(true, Ordering::Relaxed);
        }
        was
    }
}

impl Clone for Evaluated {
    fn clone(&self) -> Evaluated {
        Evaluated(AtomicBool::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Where the expression node lives.
#[derive(Clone, Debug)]
enum Node {
    /// The value of an attribute of the shared tree.
    Attribute(Arc<Tree>, AttrId, Evaluated),
    /// An expression of its own.
    Owned(Arc<Expr>, Evaluated),
    /// The key of an object constructor item, and whether it was
    /// parenthesised (`true`: never a literal name). (Its handle knows
    /// from the start that it keeps no constant.)
    ObjectKey(Arc<Expr>, bool),
}

impl Node {
    fn expr(&self) -> &Expr {
        match self {
            Node::Attribute(tree, id, _) => &tree.attribute(*id).expr,
            Node::Owned(e, _) | Node::ObjectKey(e, _) => e,
        }
    }

    /// Whether this is the handle's first evaluation (an object key's
    /// never comes to ask), noting that it was evaluated.
    #[inline]
    fn first_evaluation(&self) -> bool {
        match self {
            Node::Attribute(_, _, evaluated) | Node::Owned(_, evaluated) => !evaluated.set(),
            Node::ObjectKey(..) => false,
        }
    }

    /// For an object key: whether it was parenthesised.
    fn object_key(&self) -> Option<bool> {
        match self {
            Node::ObjectKey(_, parenthesised) => Some(*parenthesised),
            _ => None,
        }
    }
}

impl NativeExpression {
    /// Wraps `expr`, a node parsed from `source`.
    pub fn new(source: SourceFile, expr: Arc<Expr>) -> NativeExpression {
        NativeExpression::of_node(source, Node::Owned(expr, Evaluated::default()))
    }

    /// The value of attribute `id` of `tree`, a file parsed from `source`.
    pub fn attribute(source: SourceFile, tree: Arc<Tree>, id: AttrId) -> NativeExpression {
        NativeExpression::of_node(source, Node::Attribute(tree, id, Evaluated::default()))
    }

    /// The handle of an expression `node` (not an object key), whose
    /// value is kept if it is a constant.
    fn of_node(source: SourceFile, node: Node) -> NativeExpression {
        NativeExpression {
            constant: OnceLock::new(),
            node,
            source,
        }
    }

    /// The value of the node if it is a constant, found on the first call
    /// (an object key's handle has none).
    fn constant(&self) -> Option<&Constant> {
        self.constant
            .get_or_init(|| Constant::of(ExprNode::new(&self.source, self.expr())))
            .as_ref()
    }

    /// The syntax view of the node.
    pub(crate) fn node(&self) -> Option<ExprNode<'_>> {
        Some(ExprNode::new(&self.source, self.expr()))
    }

    /// The syntax node.
    pub fn expr(&self) -> &Expr {
        self.node.expr()
    }

    fn handle(&self, e: &Expr) -> Expression {
        Expression::native(NativeExpression::new(
            self.source.clone(),
            Arc::new(e.clone()),
        ))
    }

    fn range_of(&self, span: ByteSpan) -> Range {
        self.source.range(span)
    }

    /// The literal name of an object key written as a bare identifier (or
    /// keyword) without parentheses.
    fn literal_key_name(&self) -> Option<&str> {
        match (self.node.object_key(), &self.expr().kind) {
            (Some(false), ExprKind::Variable | ExprKind::Bool(_) | ExprKind::Null) => {
                Some(self.expr().span.text(self.source.text()))
            }
            _ => None,
        }
    }

    /// The value of the node by the general path. An object key's: a
    /// literal name is a string, a dotted path written without
    /// parentheses is an error, any other key evaluates as an expression.
    #[inline(never)]
    fn general_value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        if let Some(name) = self.literal_key_name() {
            return (Value::string(name), Diagnostics::new());
        }
        if self.node.object_key() == Some(false)
            && matches!(
                self.expr().kind,
                ExprKind::AttrPath | ExprKind::ScopeTraversal(_)
            )
        {
            let d = Diagnostic::error(
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
            )
            .with_subject(self.range());
            return (Value::dynamic(), d.into());
        }
        let node = ExprNode::new(&self.source, self.expr());
        match self.node {
            Node::ObjectKey(..) => crate::native::eval::evaluate(node, ctx),
            _ => crate::native::eval::evaluate_general(node, ctx),
        }
    }

    /// The value while the constant is not known: the first evaluation is
    /// the node's, as the syntax view does it (nothing kept); the second
    /// finds the constant and keeps it. (Out of line: the value of a known
    /// constant, the commonest, stays a few instructions inlined in
    /// [`Expression::value`].)
    #[inline(never)]
    fn value_unknown_constant(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        if self.node.first_evaluation() {
            return crate::native::eval::evaluate(ExprNode::new(&self.source, self.expr()), ctx);
        }
        crate::native::eval::evaluate_decoded(self.constant(), ctx, || self.general_value(ctx))
    }

    /// The step list of a static traversal, as the reference's
    /// `AsTraversal`.
    fn traversal_of(&self, e: &Expr) -> Option<Traversal> {
        match &e.kind {
            ExprKind::Bool(_) | ExprKind::Null => Some(Traversal::path(&self.source, e.span)),
            ExprKind::RelativeTraversal(t) => {
                let mut steps = self.traversal_of(&t.source)?.into_steps();
                steps.extend(Steps::list(&self.source, &t.steps).map(Step::to_traverser));
                Some(Traversal::new(steps))
            }
            _ => match ExprNode::new(&self.source, e).kind() {
                syntax::ExprKind::Traversal(t) => Some(t.to_traversal()),
                _ => None,
            },
        }
    }
}

impl ExpressionImpl for NativeExpression {
    #[inline]
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        // A constant is answered without reaching the node once it is
        // known (an object key's handle knows it has none from the start).
        match self.constant.get() {
            Some(known) => crate::native::eval::evaluate_decoded(known.as_ref(), ctx, || {
                self.general_value(ctx)
            }),
            None => self.value_unknown_constant(ctx),
        }
    }

    fn variables(&self) -> Vec<Traversal> {
        // A constant refers to no variable (once known, without the node);
        // nor does a key written as a literal name.
        if matches!(self.constant.get(), Some(Some(_))) || self.literal_key_name().is_some() {
            return Vec::new();
        }
        ExprNode::new(&self.source, self.expr()).variables()
    }

    fn range(&self) -> Range {
        self.range_of(self.expr().span)
    }

    fn start_range(&self) -> Range {
        self.range_of(crate::native::eval::start_span(self.expr()))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn static_list(&self) -> Option<Vec<Expression>> {
        match &self.expr().kind {
            ExprKind::Tuple(t) => Some(t.items.iter().map(|e| self.handle(e)).collect()),
            _ => None,
        }
    }

    fn static_map(&self) -> Option<Vec<(Expression, Expression)>> {
        match &self.expr().kind {
            ExprKind::Object(o) => Some(
                o.items
                    .iter()
                    .map(|item| {
                        // No constant: a key's value follows the rules of
                        // keys (`true` is the name "true").
                        let key = NativeExpression {
                            constant: OnceLock::from(None),
                            node: Node::ObjectKey(
                                Arc::new(item.key.expr.clone()),
                                item.key.force_non_literal(self.source.text()),
                            ),
                            source: self.source.clone(),
                        };
                        (Expression::native(key), self.handle(&item.value))
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    fn static_call(&self) -> Option<StaticCall> {
        match &self.expr().kind {
            ExprKind::Call(c) => {
                // The three ranges follow each other (the call starts with
                // its name, the arguments after it): one line search.
                let span = self.expr().span;
                let name_range = self.range_of(c.name_span());
                let range = if span.start == c.name_span().start {
                    Range {
                        end: self.source.pos_after(name_range.start, span.end),
                        ..name_range.clone()
                    }
                } else {
                    self.range_of(span)
                };
                let args_span = c.open_paren().to(c.close_paren);
                Some(StaticCall {
                    name: c.full_name(self.source.text()),
                    args_range: self.source.range_after(name_range.end, args_span),
                    name_range,
                    args: c.args.iter().map(|e| self.handle(e)).collect(),
                    expand_final: c.expand_final,
                    range,
                })
            }
            _ => None,
        }
    }

    fn absolute_traversal(&self) -> Option<Traversal> {
        if self.node.object_key() == Some(true) {
            return None;
        }
        self.traversal_of(self.expr())
    }

    fn relative_traversal(&self) -> Option<Traversal> {
        Some(self.absolute_traversal()?.into_relative())
    }

    fn as_keyword(&self) -> Option<String> {
        let t = self.absolute_traversal()?;
        match t.len() {
            1 => t.root_name().map(str::to_owned),
            _ => None,
        }
    }
}
