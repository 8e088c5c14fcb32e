//! Static analysis of native-syntax expressions: which constructs are a
//! static list, map, call or traversal (hclsyntax's `ExprList`, `ExprMap`,
//! `ExprCall` and `AsTraversal`). The syntax-agnostic entry points, with
//! the diagnostics, are in [`crate::static_analysis`].
//!
//! Parentheses are looked through: `(a.b)` is the traversal `a.b`.

use std::any::Any;
use std::sync::Arc;

use crate::body::{Expression, ExpressionImpl, StaticCall};
use crate::diag::Diagnostics;
use crate::eval::EvalContext;
use crate::native::ast::{self, ByteSpan, Expr, ExprKind, Literal, TraverserKind};
use crate::native::expression::NativeExpression;
use crate::pos::{Range, SourceFile};
use crate::traversal::{Traversal, Traverser};
use crate::value::{Type, Value};

fn unparen(mut e: &Expr) -> &Expr {
    while let ExprKind::Parens(inner) = &e.kind {
        e = inner;
    }
    e
}

fn handle(source: &SourceFile, e: &Expr) -> Expression {
    Expression::new(NativeExpression::new(source.clone(), Arc::new(e.clone())))
}

fn range(source: &SourceFile, span: ByteSpan) -> Range {
    source.range(span.with_file(source.id()))
}

/// The elements of a tuple constructor `[a, b]`.
pub fn static_list(expr: &NativeExpression) -> Option<Vec<Expression>> {
    match &unparen(expr.expr()).kind {
        ExprKind::Tuple(t) => Some(t.items.iter().map(|e| handle(expr.source(), e)).collect()),
        _ => None,
    }
}

/// The items of an object constructor `{ k = v }`. A bare-name key is an
/// [`ObjectKeyExpression`]: it evaluates to its name and is a keyword.
pub fn static_map(expr: &NativeExpression) -> Option<Vec<(Expression, Expression)>> {
    match &unparen(expr.expr()).kind {
        ExprKind::Object(o) => Some(
            o.items
                .iter()
                .map(|item| {
                    let key = Expression::new(ObjectKeyExpression {
                        inner: NativeExpression::new(
                            expr.source().clone(),
                            Arc::new(item.key.expr.clone()),
                        ),
                        force_non_literal: item.key.force_non_literal,
                    });
                    (key, handle(expr.source(), &item.value))
                })
                .collect(),
        ),
        _ => None,
    }
}

/// The name and arguments of a function call `f(a, b)`.
pub fn static_call(expr: &NativeExpression) -> Option<StaticCall> {
    let e = unparen(expr.expr());
    let ExprKind::Call(call) = &e.kind else {
        return None;
    };
    let src = expr.source();
    Some(StaticCall {
        name: call.full_name(src.text()),
        name_range: range(src, call.name_span()),
        args: call.args.iter().map(|a| handle(src, a)).collect(),
        expand_final: call.expand_final,
        range: range(src, e.span),
        args_range: range(src, call.open_paren.to(call.close_paren)),
    })
}

/// The traversal a variable reference makes (`var.a[0]`): a root and
/// attribute or literal index steps.
pub fn absolute_traversal(expr: &NativeExpression) -> Option<Traversal> {
    let src = expr.source();
    let t = unparen(expr.expr()).as_traversal(src.text())?;
    let mut steps = vec![Traverser::Root {
        name: t.root.text(src.text()).to_owned(),
        range: range(src, t.root),
    }];
    for step in &t.steps {
        steps.push(traverser(src, step)?);
    }
    Some(Traversal::new(steps))
}

fn traverser(src: &SourceFile, step: &ast::Traverser) -> Option<Traverser> {
    let r = range(src, step.span);
    Some(match &step.kind {
        TraverserKind::Attr { name } => Traverser::Attr {
            name: name.text(src.text()).to_owned(),
            range: r,
        },
        TraverserKind::Index { key, .. } => Traverser::Index {
            key: match &**key {
                Literal::Number(n) => Value::Number(n.clone()),
                Literal::Bool(b) => Value::Bool(*b),
                Literal::Null => Value::null(Type::Dynamic),
                Literal::String(s) => Value::string(s.as_str(src.text())),
                Literal::Dynamic => Value::dynamic(),
            },
            range: r,
        },
        TraverserKind::Splat => Traverser::Splat { range: r },
    })
}

/// The name a bare identifier spells (`string` in `type = string`).
pub fn as_keyword(expr: &NativeExpression) -> Option<String> {
    let e = unparen(expr.expr());
    match e.kind {
        ExprKind::Variable => Some(e.span.text(expr.source().text()).to_owned()),
        _ => None,
    }
}

/// The key of an object constructor item as static map analysis returns
/// it: a bare name (not parenthesised) is the literal name, as the
/// reference's `ObjectConsKeyExpr`; anything else is the key expression.
#[derive(Clone, Debug)]
pub struct ObjectKeyExpression {
    inner: NativeExpression,
    force_non_literal: bool,
}

impl ObjectKeyExpression {
    fn literal_name(&self) -> Option<&str> {
        if self.force_non_literal {
            return None;
        }
        let e = self.inner.expr();
        match e.kind {
            ExprKind::Variable => Some(e.span.text(self.inner.source().text())),
            _ => None,
        }
    }

    /// The key expression as written.
    pub fn inner(&self) -> &NativeExpression {
        &self.inner
    }
}

impl ExpressionImpl for ObjectKeyExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        match self.literal_name() {
            Some(name) => (Value::string(name), Diagnostics::new()),
            None => self.inner.value(ctx),
        }
    }

    fn variables(&self) -> Vec<Traversal> {
        match self.literal_name() {
            Some(_) => Vec::new(),
            None => self.inner.variables(),
        }
    }

    fn range(&self) -> Range {
        self.inner.range()
    }

    fn start_range(&self) -> Range {
        self.inner.start_range()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn absolute_traversal(&self) -> Option<Traversal> {
        if self.force_non_literal {
            return None;
        }
        absolute_traversal(&self.inner)
    }

    fn as_keyword(&self) -> Option<String> {
        self.literal_name().map(str::to_owned)
    }
}
