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
use std::sync::Arc;

use crate::body::{Expression, ExpressionImpl, StaticCall};
use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::native::ast::{
    self, AttrId, ByteSpan, Expr, ExprKind, Literal, TemplatePart, TraverserKind, Tree,
};
use crate::native::eval::EvalOptions;
use crate::native::syntax::ExprNode;
use crate::pos::{Range, SourceFile};
use crate::traversal::{Traversal, Traverser};
use crate::value::{Type, Value};

/// A native-syntax expression: the node and its source file.
///
/// Made by [`NativeExpression::new`] for an expression of its own, or by
/// [`NativeExpression::attribute`] for an attribute's value in a parsed
/// file (which is what body handles give out).
#[derive(Clone, Debug)]
pub struct NativeExpression {
    source: SourceFile,
    node: Node,
    /// For the key of an object constructor item: whether it was
    /// parenthesised (`Some(true)`: never a literal name).
    object_key: Option<bool>,
}

/// Where the expression node lives.
#[derive(Clone, Debug)]
enum Node {
    /// The value of an attribute of the shared tree.
    Attribute(Arc<Tree>, AttrId),
    /// An expression of its own.
    Owned(Arc<Expr>),
}

/// How deep [`ExpressionImpl::variables`] descends; deeper parts of a tree
/// (only possible through very long index chains) are not searched.
const MAX_WALK_DEPTH: usize = 1024;

impl NativeExpression {
    /// Wraps `expr`, a node parsed from `source`.
    pub fn new(source: SourceFile, expr: Arc<Expr>) -> NativeExpression {
        NativeExpression {
            source,
            node: Node::Owned(expr),
            object_key: None,
        }
    }

    /// The value of attribute `id` of `tree`, a file parsed from `source`.
    pub fn attribute(source: SourceFile, tree: Arc<Tree>, id: AttrId) -> NativeExpression {
        NativeExpression {
            source,
            node: Node::Attribute(tree, id),
            object_key: None,
        }
    }

    /// The syntax view of the node.
    pub(crate) fn node(&self) -> Option<ExprNode<'_>> {
        Some(ExprNode::new(&self.source, self.expr()))
    }

    /// The syntax node.
    pub fn expr(&self) -> &Expr {
        match &self.node {
            Node::Attribute(tree, id) => &tree.attribute(*id).expr,
            Node::Owned(e) => e,
        }
    }

    /// The file the node was parsed from.
    pub fn source(&self) -> &SourceFile {
        &self.source
    }

    /// Evaluates the expression within the limits of `options` (the
    /// [`ExpressionImpl::value`] of this handle uses the defaults).
    pub fn value_with_options(
        &self,
        ctx: Option<&EvalContext>,
        options: &EvalOptions,
    ) -> (Value, Diagnostics) {
        if self.object_key.is_some() {
            return self.value(ctx);
        }
        crate::native::eval::evaluate_with_options(
            ExprNode::new(&self.source, self.expr()),
            ctx,
            options,
        )
    }

    fn handle(&self, e: &Expr) -> Expression {
        Expression::new(NativeExpression::new(
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
        match (self.object_key, &self.expr().kind) {
            (Some(false), ExprKind::Variable | ExprKind::Bool(_) | ExprKind::Null) => {
                Some(self.expr().span.text(self.source.text()))
            }
            _ => None,
        }
    }

    /// The step list of a static traversal, as the reference's
    /// `AsTraversal`.
    fn traversal_of(&self, e: &Expr) -> Option<Traversal> {
        let text = self.source.text();
        match &e.kind {
            ExprKind::Bool(_) | ExprKind::Null => Some(Traversal::new(vec![Traverser::Root {
                name: e.span.text(text).to_owned(),
                range: self.range_of(e.span),
            }])),
            ExprKind::RelativeTraversal(t) => {
                let mut base = self.traversal_of(&t.source)?;
                base.steps.extend(t.steps.iter().map(|s| self.step(s)));
                Some(base)
            }
            _ => {
                let t = e.as_traversal(text)?;
                Some(self.convert_traversal(&t))
            }
        }
    }

    fn convert_traversal(&self, t: &ast::Traversal) -> Traversal {
        let mut steps = Vec::with_capacity(t.steps.len() + 1);
        steps.push(Traverser::Root {
            name: t.root.text(self.source.text()).to_owned(),
            range: self.range_of(t.root),
        });
        steps.extend(t.steps.iter().map(|s| self.step(s)));
        Traversal::new(steps)
    }

    fn step(&self, s: &ast::Traverser) -> Traverser {
        let text = self.source.text();
        let range = self.range_of(s.span);
        match &s.kind {
            TraverserKind::Attr { name } => Traverser::Attr {
                name: name.text(text).to_owned(),
                range,
            },
            TraverserKind::Index { key, .. } => Traverser::Index {
                key: match &**key {
                    Literal::Number(n) => Value::Number(n.clone()),
                    Literal::Bool(b) => Value::Bool(*b),
                    Literal::Null => Value::null(Type::Dynamic),
                    Literal::String(s) => Value::string(s.as_str(text)),
                    Literal::Dynamic => Value::dynamic(),
                },
                range,
            },
            TraverserKind::Splat => Traverser::Splat { range },
        }
    }
}

/// Calls `found` with every variable reference in `e` (a node of kind
/// [`ExprKind::Variable`], [`ExprKind::AttrPath`] or
/// [`ExprKind::ScopeTraversal`]), in source order, leaving out those rooted
/// at a variable of an enclosing `for` expression or template directive
/// within `e`: the reference's `Variables`. Object keys written as bare
/// names are names, not references.
///
/// At most `max_nodes` nodes are looked at (`usize::MAX` for all): a caller
/// that walks an expression for each of many diagnostics bounds its work.
pub(crate) fn visit_variables<'s>(
    e: &'s Expr,
    text: &'s str,
    max_nodes: usize,
    found: &mut dyn FnMut(&'s Expr),
) {
    let mut walk = VariableWalk {
        text,
        found,
        nodes_left: max_nodes,
    };
    walk.walk(e, &mut Vec::new(), 0);
}

struct VariableWalk<'s, 'f> {
    text: &'s str,
    found: &'f mut dyn FnMut(&'s Expr),
    nodes_left: usize,
}

impl<'s> VariableWalk<'s, '_> {
    fn walk(&mut self, e: &'s Expr, locals: &mut Vec<&'s str>, depth: usize) {
        if depth > MAX_WALK_DEPTH || self.nodes_left == 0 {
            return;
        }
        self.nodes_left -= 1;
        let text = self.text;
        let d = depth + 1;
        match &e.kind {
            ExprKind::Variable | ExprKind::AttrPath | ExprKind::ScopeTraversal(_) => {
                let root = match &e.kind {
                    ExprKind::ScopeTraversal(t) => t.root.text(text),
                    _ => {
                        let path = e.span.text(text);
                        path.split('.').next().unwrap_or(path)
                    }
                };
                if !locals.contains(&root) {
                    (self.found)(e);
                }
            }
            ExprKind::Number(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::StringLit
            | ExprKind::AnonSymbol
            | ExprKind::Invalid => {}
            ExprKind::Template(t) => self.walk_parts(&t.parts, locals, d),
            ExprKind::TemplateWrap(x) | ExprKind::Parens(x) => self.walk(x, locals, d),
            ExprKind::RelativeTraversal(t) => self.walk(&t.source, locals, d),
            ExprKind::Index(ix) => {
                self.walk(&ix.collection, locals, d);
                self.walk(&ix.key, locals, d);
            }
            ExprKind::Call(c) => c.args.iter().for_each(|a| self.walk(a, locals, d)),
            ExprKind::Tuple(t) => t.items.iter().for_each(|a| self.walk(a, locals, d)),
            ExprKind::Object(o) => {
                for item in &o.items {
                    if item.key.as_literal_name(text).is_none() {
                        self.walk(&item.key.expr, locals, d);
                    }
                    self.walk(&item.value, locals, d);
                }
            }
            ExprKind::For(f) => {
                self.walk(&f.collection, locals, d);
                let base = locals.len();
                locals.extend(f.key_var.iter().map(|k| k.text(text)));
                locals.push(f.value_var.text(text));
                if let Some(k) = &f.key {
                    self.walk(k, locals, d);
                }
                self.walk(&f.value, locals, d);
                if let Some(c) = &f.cond {
                    self.walk(c, locals, d);
                }
                locals.truncate(base);
            }
            ExprKind::Splat(s) => {
                self.walk(&s.source, locals, d);
                self.walk(&s.each, locals, d);
            }
            ExprKind::Unary(u) => self.walk(&u.operand, locals, d),
            ExprKind::Binary(b) => {
                self.walk(&b.lhs, locals, d);
                self.walk(&b.rhs, locals, d);
            }
            ExprKind::Conditional(c) => {
                self.walk(&c.cond, locals, d);
                self.walk(&c.then, locals, d);
                self.walk(&c.otherwise, locals, d);
            }
        }
    }

    fn walk_parts(&mut self, parts: &'s [TemplatePart], locals: &mut Vec<&'s str>, depth: usize) {
        let text = self.text;
        for part in parts {
            match part {
                TemplatePart::Literal(_) | TemplatePart::Invalid(_) => {}
                TemplatePart::Interp(i) => self.walk(&i.expr, locals, depth),
                TemplatePart::If(d) => {
                    self.walk(&d.cond, locals, depth);
                    self.walk_parts(&d.then_parts, locals, depth + 1);
                    self.walk_parts(&d.else_parts, locals, depth + 1);
                }
                TemplatePart::For(d) => {
                    self.walk(&d.collection, locals, depth);
                    let base = locals.len();
                    locals.extend(d.key_var.iter().map(|k| k.text(text)));
                    locals.push(d.value_var.text(text));
                    self.walk_parts(&d.body, locals, depth + 1);
                    locals.truncate(base);
                }
            }
        }
    }
}

impl ExpressionImpl for NativeExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        if let Some(name) = self.literal_key_name() {
            return (Value::string(name), Diagnostics::new());
        }
        if self.object_key == Some(false)
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
        crate::native::eval::evaluate(ExprNode::new(&self.source, self.expr()), ctx)
    }

    fn variables(&self) -> Vec<Traversal> {
        if self.literal_key_name().is_some() {
            return Vec::new();
        }
        let text = self.source.text();
        let mut out = Vec::new();
        visit_variables(self.expr(), text, usize::MAX, &mut |v| {
            if let Some(t) = v.as_traversal(text) {
                out.push(self.convert_traversal(&t));
            }
        });
        out
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
                        let key = NativeExpression {
                            source: self.source.clone(),
                            node: Node::Owned(Arc::new(item.key.expr.clone())),
                            object_key: Some(item.key.force_non_literal),
                        };
                        (Expression::new(key), self.handle(&item.value))
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    fn static_call(&self) -> Option<StaticCall> {
        match &self.expr().kind {
            ExprKind::Call(c) => Some(StaticCall {
                name: c.full_name(self.source.text()),
                name_range: self.range_of(c.name_span()),
                args: c.args.iter().map(|e| self.handle(e)).collect(),
                expand_final: c.expand_final,
                range: self.range(),
                args_range: self.range_of(c.open_paren.to(c.close_paren)),
            }),
            _ => None,
        }
    }

    fn absolute_traversal(&self) -> Option<Traversal> {
        if self.object_key == Some(true) {
            return None;
        }
        self.traversal_of(self.expr())
    }

    fn relative_traversal(&self) -> Option<Traversal> {
        let mut t = self.absolute_traversal()?;
        if let Some(Traverser::Root { name, range }) = t.steps.first().cloned() {
            if let Some(first) = t.steps.first_mut() {
                *first = Traverser::Attr { name, range };
            }
        }
        Some(t)
    }

    fn as_keyword(&self) -> Option<String> {
        let t = self.absolute_traversal()?;
        match t.steps.as_slice() {
            [Traverser::Root { name, .. }] => Some(name.clone()),
            _ => None,
        }
    }
}
