//! The native syntax's [`ExpressionImpl`]: an expression node of a parsed
//! file, shared, with the file it came from.
//!
//! The handle is cheap to clone whatever it refers to: an attribute's value
//! is reached through the file's shared tree and source ([`ParsedFile`],
//! one reference count) and the attribute's id (no copy of the tree, no
//! allocation per attribute), and so is a part of it handed out by static
//! analysis (a list item, a map key or value, a call argument: the id and
//! the path to the part). Any other expression (a standalone parse, or a
//! part of one) is an owned, shared node.
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
use crate::native::ast::{AttrId, ByteSpan, Expr, ExprKind, ParsedFile};
use crate::native::eval::Constant;
use crate::native::syntax::{self, ExprNode, Step, Steps};
use crate::pos::{Range, SourceFile};
use crate::traversal::Traversal;
use crate::value::Value;

/// A native-syntax expression: the node and its source file.
///
/// Made by [`NativeExpression::new`] for an expression of its own, or by
/// [`NativeExpression::attribute`] for an attribute's value in a parsed
/// file (which is what body handles give out); the parts static analysis
/// hands out of the latter (list items, map keys and values, call
/// arguments) refer into the same shared file.
// In this order (`repr(C)`): evaluating a constant reads the handle's
// first 40 bytes only (an `Expression` holds this inline, so those are
// the first bytes after its tag), which share a cache line more often
// than bytes spread over the whole handle (measured when handles were
// shared allocations: 1.24 L1 misses a value, 1.67 with the constant
// after the other fields).
#[derive(Clone)]
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
}

/// Whether a handle was evaluated before (then the next evaluation finds
/// and keeps the constant): a flag, copied with the handle, kept in its
/// [`Node`] (in bytes the node leaves unused: the handle stays 64 bytes).
#[derive(Debug, Default)]
struct Evaluated(AtomicBool);

impl Evaluated {
    /// Whether it was set, setting it. (Relaxed: the flag only chooses
    /// between two ways to the same value. A load and a store, not one
    /// `swap`: a swap is a locked instruction (≈2.7 ns here) on every
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

/// Where the expression node lives, whether it was evaluated, and whether
/// it is the key of an object constructor item (`Some(parenthesised)`;
/// `true`: never a literal name). An object key's handle knows from the
/// start that it keeps no constant, and never asks whether it was
/// evaluated.
///
/// Both kinds hold one shared pointer: making and dropping a handle
/// touches one reference count.
#[derive(Clone, Debug)]
enum Node {
    /// A node of the shared file: the value of attribute `attr`, or the
    /// part of it at `part`.
    InFile {
        file: Arc<ParsedFile>,
        attr: AttrId,
        part: PartPath,
        evaluated: Evaluated,
        key: Option<bool>,
    },
    /// An expression of its own (a standalone parse, or a part of one),
    /// and the file it was parsed from.
    Owned {
        own: Arc<OwnNode>,
        evaluated: Evaluated,
        key: Option<bool>,
    },
}

/// An expression of its own and the file it was parsed from, in one
/// shared allocation: each kind of [`Node`] then holds one pointer, whose
/// drop is a reference count and a call out only for the last one (two
/// pointers in one kind made every handle's drop save registers and test
/// the second).
#[derive(Debug)]
struct OwnNode {
    source: SourceFile,
    expr: Expr,
}

/// Where a part is in an attribute's value: the child taken at each level
/// from the value down, each a list item, a map key or value (item `i`'s
/// key is child `2i`, its value `2i + 1`) or a call argument. Sixteen bits
/// a level (the child's index plus one; zero ends the path), four levels:
/// a part deeper down, or past the 65 535th child, is not placed this way
/// (its handle is a copy of its node, as any part of a standalone
/// expression's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PartPath(u64);

impl PartPath {
    const LEVEL_BITS: u32 = 16;
    const LEVEL: u64 = (1 << Self::LEVEL_BITS) - 1;

    /// The child numbers of object item `item`'s key and value.
    fn object_children(item: usize) -> (usize, usize) {
        (2 * item, 2 * item + 1)
    }

    /// Which object item child `index` belongs to, and whether it is the
    /// key (the inverse of [`PartPath::object_children`]).
    fn object_item(index: usize) -> (usize, bool) {
        (index / 2, index % 2 == 0)
    }

    /// The path to child `index` of the part at this path, if it fits.
    fn child(self, index: usize) -> Option<PartPath> {
        let depth = (u64::BITS - self.0.leading_zeros()).div_ceil(Self::LEVEL_BITS);
        let step = u64::try_from(index).ok()?.checked_add(1)?;
        if depth * Self::LEVEL_BITS >= u64::BITS || step > Self::LEVEL {
            return None;
        }
        Some(PartPath(self.0 | step << (depth * Self::LEVEL_BITS)))
    }

    /// Follows the path down from `expr` (an invalid node if it leads
    /// nowhere, which a path made from the same tree never does).
    #[inline(never)]
    fn find(self, mut expr: &Expr) -> &Expr {
        let mut rest = self.0;
        while rest != 0 {
            let index = (rest & Self::LEVEL) as usize - 1;
            rest >>= Self::LEVEL_BITS;
            expr = match part(expr, index) {
                Some(e) => e,
                None => return &NO_PART,
            };
        }
        expr
    }
}

/// What a path that leads nowhere finds.
static NO_PART: Expr = Expr {
    span: ByteSpan::new(0, 0),
    kind: ExprKind::Invalid,
};

/// Child `index` of `expr` in the numbering of [`PartPath`]: the parts
/// static analysis hands out.
fn part(expr: &Expr, index: usize) -> Option<&Expr> {
    match &expr.kind {
        ExprKind::Tuple(t) => t.items.get(index),
        ExprKind::Object(o) => {
            let (item, is_key) = PartPath::object_item(index);
            let item = o.items.get(item)?;
            Some(if is_key { &item.key.expr } else { &item.value })
        }
        ExprKind::Call(c) => c.args.get(index),
        _ => None,
    }
}

impl Node {
    /// An expression of its own, parsed from `source`, not yet evaluated;
    /// `key` as [`Node::object_key`] says.
    #[inline]
    fn owned(source: SourceFile, expr: Expr, key: Option<bool>) -> Node {
        Node::Owned {
            own: Arc::new(OwnNode { source, expr }),
            evaluated: Evaluated::default(),
            key,
        }
    }

    #[inline]
    fn expr(&self) -> &Expr {
        self.view().ast()
    }

    #[inline]
    fn source(&self) -> &SourceFile {
        match self {
            Node::InFile { file, .. } => &file.source,
            Node::Owned { own, .. } => &own.source,
        }
    }

    /// The syntax view of the node (one look at where it lives for both
    /// the source and the node).
    #[inline]
    fn view(&self) -> ExprNode<'_> {
        match self {
            Node::InFile {
                file, attr, part, ..
            } => {
                let value = &file.tree.attribute(*attr).expr;
                let expr = match *part {
                    PartPath(0) => value,
                    part => part.find(value),
                };
                ExprNode::new(&file.source, expr)
            }
            Node::Owned { own, .. } => ExprNode::new(&own.source, &own.expr),
        }
    }

    /// Whether this is the handle's first evaluation (an object key's
    /// never comes to ask), noting that it was evaluated.
    #[inline]
    fn first_evaluation(&self) -> bool {
        match self {
            Node::InFile {
                evaluated,
                key: None,
                ..
            }
            | Node::Owned {
                evaluated,
                key: None,
                ..
            } => !evaluated.set(),
            _ => false,
        }
    }

    /// For an object key: whether it was parenthesised.
    #[inline]
    fn object_key(&self) -> Option<bool> {
        match self {
            Node::InFile { key, .. } | Node::Owned { key, .. } => *key,
        }
    }
}

/// The expression as written and where (not the file's whole tree, which
/// a handle shares).
impl std::fmt::Debug for NativeExpression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = self.expr().span.text(self.source().text());
        f.debug_struct("NativeExpression")
            .field("text", &text)
            .field("range", &self.range_of(self.expr().span).to_string())
            .finish()
    }
}

impl NativeExpression {
    /// Wraps `expr`, a node parsed from `source` (moved out of `expr`
    /// when nothing else shares it, else copied).
    #[inline]
    pub fn new(source: SourceFile, expr: Arc<Expr>) -> NativeExpression {
        NativeExpression::owned(source, Arc::unwrap_or_clone(expr))
    }

    /// Wraps `expr`, a node parsed from `source`, not shared. (The crate's
    /// callers hand [`NativeExpression::new`] a fresh `Arc`, moved out
    /// here: handing over the bare node instead, in those callers, was
    /// measured to move the parser's codegen by +0.4% to +1.1% through
    /// rustc's codegen-unit split, far more than the allocation saves.)
    #[inline]
    fn owned(source: SourceFile, expr: Expr) -> NativeExpression {
        NativeExpression {
            constant: OnceLock::new(),
            node: Node::owned(source, expr, None),
        }
    }

    /// The value of attribute `id` of a parsed `file`.
    #[inline]
    pub fn attribute(file: Arc<ParsedFile>, id: AttrId) -> NativeExpression {
        NativeExpression {
            constant: OnceLock::new(),
            node: Node::InFile {
                file,
                attr: id,
                part: PartPath::default(),
                evaluated: Evaluated::default(),
                key: None,
            },
        }
    }

    /// The handle of `node`: an object key's knows it keeps no constant,
    /// any other's keeps its value if it is one.
    #[inline]
    fn of_node(node: Node) -> NativeExpression {
        NativeExpression {
            constant: match node.object_key() {
                Some(_) => OnceLock::from(None),
                None => OnceLock::new(),
            },
            node,
        }
    }

    /// The file the node was parsed from.
    #[inline]
    fn source(&self) -> &SourceFile {
        self.node.source()
    }

    /// The value of the node if it is a constant, found on the first call
    /// (an object key's handle has none).
    fn constant(&self) -> Option<&Constant> {
        self.constant
            .get_or_init(|| Constant::of(self.node.view()))
            .as_ref()
    }

    /// The syntax view of the node.
    pub(crate) fn node(&self) -> Option<ExprNode<'_>> {
        Some(self.node.view())
    }

    /// The syntax node.
    #[inline]
    pub fn expr(&self) -> &Expr {
        self.node.expr()
    }

    /// Whether the handle is known to refer to no variable without a walk
    /// of its node: a constant refers to none (once known, without the
    /// node); nor does a key written as a literal name. (Asked in that
    /// order only of the handles each can be: an object key's handle
    /// never keeps a constant, and any other is no key, so an attribute's
    /// handle is not sent to the key's test out of line.)
    #[inline(always)]
    fn refers_to_nothing(&self) -> bool {
        match self.node.object_key() {
            None => matches!(self.constant.get(), Some(Some(_))),
            Some(_) => self.literal_key_name().is_some(),
        }
    }

    /// Calls `f` with each reference `variables()` answers, read from the
    /// node in place ([`Expression::each_variable`]'s native route).
    #[inline]
    pub(crate) fn each_variable<'a>(&'a self, f: impl FnMut(syntax::TraversalNode<'a>)) {
        if !self.refers_to_nothing() {
            self.node.view().each_variable(f);
        }
    }

    /// The handle of `e`, child `index` of this node (see [`PartPath`]),
    /// an object key (`Some(parenthesised)`) or not: a place in the shared
    /// file when this node is in one and the path fits, else a copy of the
    /// node.
    fn part_handle(&self, index: usize, e: &Expr, key: Option<bool>) -> Expression {
        let node = match &self.node {
            Node::InFile {
                file, attr, part, ..
            } => part.child(index).map(|part| Node::InFile {
                file: file.clone(),
                attr: *attr,
                part,
                evaluated: Evaluated::default(),
                key,
            }),
            Node::Owned { .. } => None,
        };
        let node = node.unwrap_or_else(|| Node::owned(self.source().clone(), e.clone(), key));
        Expression::native(NativeExpression::of_node(node))
    }

    fn range_of(&self, span: ByteSpan) -> Range {
        self.source().range(span)
    }

    /// The literal name of an object key written as a bare identifier (or
    /// keyword) without parentheses.
    #[inline]
    fn literal_key_name(&self) -> Option<&str> {
        if self.node.object_key() != Some(false) {
            return None;
        }
        match &self.expr().kind {
            ExprKind::Variable | ExprKind::Bool(_) | ExprKind::Null => {
                Some(self.expr().span.text(self.source().text()))
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
        let node = self.node.view();
        match self.node.object_key() {
            Some(_) => crate::native::eval::evaluate(node, ctx),
            None => crate::native::eval::evaluate_general(node, ctx),
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
            return crate::native::eval::evaluate(self.node.view(), ctx);
        }
        crate::native::eval::evaluate_decoded(self.constant(), ctx, || self.general_value(ctx))
    }

    /// The step list of a static traversal, as the reference's
    /// `AsTraversal`.
    fn traversal_of(&self, e: &Expr) -> Option<Traversal> {
        match &e.kind {
            ExprKind::Bool(_) | ExprKind::Null => Some(Traversal::path(self.source(), e.span)),
            ExprKind::RelativeTraversal(t) => {
                let mut steps = self.traversal_of(&t.source)?.into_steps();
                steps.extend(Steps::list(self.source(), &t.steps).map(Step::to_traverser));
                Some(Traversal::new(steps))
            }
            _ => match ExprNode::new(self.source(), e).kind() {
                syntax::ExprKind::Traversal(t) => Some(t.to_traversal()),
                _ => None,
            },
        }
    }
}

impl ExpressionImpl for NativeExpression {
    // Always inlined into `Expression::value` (its one hot caller), as
    // `evaluate_decoded` is into it: left to the compiler, both flipped
    // with unrelated edits elsewhere in the crate, and a known constant's
    // value then cost calls more (`eval_loop ours` +5.5% instructions a
    // round when they did).
    #[inline(always)]
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
        if self.refers_to_nothing() {
            return Vec::new();
        }
        self.node.view().traversals()
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
            ExprKind::Tuple(t) => Some(
                t.items
                    .iter()
                    .enumerate()
                    .map(|(i, e)| self.part_handle(i, e, None))
                    .collect(),
            ),
            _ => None,
        }
    }

    fn static_map(&self) -> Option<Vec<(Expression, Expression)>> {
        match &self.expr().kind {
            ExprKind::Object(o) => Some(
                o.items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        // No constant: a key's value follows the rules of
                        // keys (`true` is the name "true").
                        let parenthesised = item.key.force_non_literal(self.source().text());
                        let (key, value) = PartPath::object_children(i);
                        (
                            self.part_handle(key, &item.key.expr, Some(parenthesised)),
                            self.part_handle(value, &item.value, None),
                        )
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    fn static_call(&self) -> Option<StaticCall> {
        NativeCall::of(self).map(StaticCall::native)
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

/// A call node's handle, read when asked ([`StaticCall`]'s native parts).
#[derive(Clone)]
pub(crate) struct NativeCall {
    expr: NativeExpression,
    /// The name when its segments are not written next to each other
    /// (`a :: b`): then it cannot be a slice of the source.
    joined_name: Option<Box<str>>,
}

impl NativeCall {
    fn of(expr: &NativeExpression) -> Option<NativeCall> {
        let ExprKind::Call(c) = &expr.expr().kind else {
            return None;
        };
        let joined_name =
            (!c.name_written_joined()).then(|| c.full_name(expr.source().text()).into());
        Some(NativeCall {
            joined_name,
            expr: expr.clone(),
        })
    }

    /// The call's syntax view (what [`NativeCall::of`] found), which reads
    /// its parts and resolves its ranges.
    fn view(&self) -> Option<syntax::CallNode<'_>> {
        match self.expr.node.view().kind() {
            syntax::ExprKind::Call(c) => Some(c),
            _ => None,
        }
    }

    pub(crate) fn name(&self) -> &str {
        match (&self.joined_name, self.view()) {
            (Some(joined), _) => joined,
            (None, Some(c)) => c.name(),
            (None, None) => "",
        }
    }

    pub(crate) fn name_range(&self) -> Range {
        self.view()
            .map_or_else(|| self.range(), syntax::CallNode::name_range)
    }

    pub(crate) fn arg_count(&self) -> usize {
        self.view().map_or(0, |c| c.args().len())
    }

    pub(crate) fn arg(&self, index: usize) -> Option<Expression> {
        let arg = self.view()?.args().get(index)?;
        Some(self.expr.part_handle(index, arg.ast(), None))
    }

    pub(crate) fn expand_final(&self) -> bool {
        self.view().is_some_and(syntax::CallNode::expand_final)
    }

    pub(crate) fn range(&self) -> Range {
        self.expr.range()
    }

    pub(crate) fn args_range(&self) -> Range {
        self.view()
            .map_or_else(|| self.range(), syntax::CallNode::args_range)
    }
}

#[cfg(test)]
mod test;
