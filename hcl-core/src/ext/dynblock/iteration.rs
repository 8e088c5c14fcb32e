//! One element of a `for_each`, with the iterations of the dynamic blocks
//! around it, and the evaluation context that defines their iterators.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::body::{Expression, ExpressionImpl};
use crate::traversal::Traversal;
use crate::{Diagnostics, EvalContext, Range, Value};

#[derive(Debug)]
pub(super) struct Iteration {
    pub(super) name: String,
    key: Value,
    value: Value,
    /// The outer dynamic blocks' iterations, by iterator name.
    pub(super) inherited: BTreeMap<String, Arc<Iteration>>,
}

impl Iteration {
    /// The iteration of an element of a dynamic block nested in `outer`'s
    /// (or of a top-level one).
    pub(super) fn child_of(
        outer: Option<&Arc<Iteration>>,
        name: impl Into<String>,
        key: Value,
        value: Value,
    ) -> Arc<Iteration> {
        let mut inherited = BTreeMap::new();
        if let Some(outer) = outer {
            inherited.extend(outer.inherited.iter().map(|(k, v)| (k.clone(), v.clone())));
            inherited.insert(outer.name.clone(), outer.clone());
        }
        Arc::new(Iteration {
            name: name.into(),
            key,
            value,
            inherited,
        })
    }

    /// `{key = ..., value = ...}`: the iterator variable's value.
    fn object(&self) -> Value {
        Value::object([("key", self.key.clone()), ("value", self.value.clone())])
    }

    /// Whether `name` is this iteration's iterator or an outer one's.
    pub(super) fn defines(&self, name: &str) -> bool {
        name == self.name || self.inherited.contains_key(name)
    }

    /// A child of `base` defining every iterator variable in scope.
    pub(super) fn eval_context(&self, base: Option<&EvalContext>) -> EvalContext {
        let mut ctx = match base {
            Some(base) => EvalContext::child_of(Arc::new(base.clone())),
            None => EvalContext::new(),
        };
        for (name, it) in &self.inherited {
            ctx.set_variable(name.clone(), it.object());
        }
        ctx.set_variable(self.name.clone(), self.object());
        ctx
    }
}

/// An expression of a generated block's body: evaluated with the
/// iterators defined, and listing no iterator among its variables.
#[derive(Debug)]
pub(super) struct IteratedExpr {
    pub(super) expr: Expression,
    pub(super) iteration: Arc<Iteration>,
}

impl ExpressionImpl for IteratedExpr {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        self.expr.value(Some(&self.iteration.eval_context(ctx)))
    }

    fn variables(&self) -> Vec<Traversal> {
        let mut vars = self.expr.variables();
        vars.retain(|t| !t.root_name().is_some_and(|n| self.iteration.defines(n)));
        vars
    }

    fn range(&self) -> Range {
        self.expr.range()
    }

    fn start_range(&self) -> Range {
        self.expr.start_range()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn static_list(&self) -> Option<Vec<Expression>> {
        self.expr.as_impl().static_list()
    }

    fn static_map(&self) -> Option<Vec<(Expression, Expression)>> {
        self.expr.as_impl().static_map()
    }

    fn static_call(&self) -> Option<crate::body::StaticCall> {
        self.expr.as_impl().static_call()
    }

    fn absolute_traversal(&self) -> Option<Traversal> {
        self.expr.as_impl().absolute_traversal()
    }

    fn relative_traversal(&self) -> Option<Traversal> {
        self.expr.as_impl().relative_traversal()
    }

    fn as_keyword(&self) -> Option<String> {
        self.expr.as_impl().as_keyword()
    }
}
