//! Checking operators, conditionals, collections, for expressions and
//! splats.
//!
//! Where a value would be needed to go on (an operand, a condition, a
//! collection to iterate, a key), an eventual type is not an error: the
//! operation happens when the value is there, so its result is eventual of
//! the same kind (an output absorbing a promise).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Checker;
use crate::native::ast::{
    Binary, BinaryOp, ByteSpan, Conditional, Expr, ExprKind, ForExpr, Object, Splat, TemplatePart,
    Unary, UnaryOp,
};
use crate::typeck::rules::{conversion, unify, unify_all, unify_strict};
use crate::typeck::ty::{Eventual, Type};

fn requirement(want: &Type) -> &'static str {
    match want {
        Type::Bool => "a bool is required",
        Type::Number => "a number is required",
        _ => "a string is required",
    }
}

impl<'a> Checker<'a> {
    /// Reports an operand that cannot convert to `want`.
    fn operand(&mut self, got: &Type, want: &Type, side: &str, e: &Expr, whole: ByteSpan) {
        if conversion(got, want).is_none() {
            self.error(
                "Invalid operand",
                format!(
                    "Unsuitable value for {side} operand: {}.",
                    requirement(want)
                ),
                e.span,
                Some(whole),
            );
        }
    }

    pub(super) fn unary(&mut self, u: &'a Unary, whole: ByteSpan) -> Type {
        let t = self.expr_ast(&u.operand);
        let (t, ev) = t.resolved_deep();
        let t = &t;
        let result = match u.op {
            UnaryOp::Not => {
                self.operand(t, &Type::Bool, "unary", &u.operand, whole);
                Type::Bool
            }
            UnaryOp::Negate => {
                self.operand(t, &Type::Number, "unary", &u.operand, whole);
                if *t == Type::Int {
                    Type::Int
                } else {
                    Type::Number
                }
            }
        };
        ev.wrap(result)
    }

    pub(super) fn binary(&mut self, b: &'a Binary, whole: ByteSpan) -> Type {
        use BinaryOp::*;
        let l = self.expr_ast(&b.lhs);
        let r = self.expr_ast(&b.rhs);
        let (l, el) = l.resolved_deep();
        let l = &l;
        let (r, er) = r.resolved_deep();
        let r = &r;
        let both = |checker: &mut Self, want: &Type| {
            checker.operand(l, want, "left", &b.lhs, whole);
            checker.operand(r, want, "right", &b.rhs, whole);
        };
        let result = match b.op {
            Eq | NotEq => Type::Bool,
            Or | And => {
                both(self, &Type::Bool);
                Type::Bool
            }
            Gt | Ge | Lt | Le => {
                both(self, &Type::Number);
                Type::Bool
            }
            Add | Sub | Mul | Mod => {
                both(self, &Type::Number);
                // Integers are closed under these; see COMPAT.md.
                if *l == Type::Int && *r == Type::Int {
                    Type::Int
                } else {
                    Type::Number
                }
            }
            Div => {
                both(self, &Type::Number);
                Type::Number
            }
        };
        el.max(er).wrap(result)
    }

    /// Checks a condition (`bool` required) and says which eventual it is.
    pub(super) fn condition(&mut self, cond: &'a Expr, context: ByteSpan) -> Eventual {
        let t = self.expr_ast(cond);
        let (t, ev) = t.resolved_deep();
        let t = &t;
        if conversion(t, &Type::Bool).is_none() {
            self.error(
                "Incorrect condition type",
                format!("The condition expression must be of type bool, but have {t}."),
                cond.span,
                Some(context),
            );
        }
        ev
    }

    pub(super) fn conditional(&mut self, c: &'a Conditional, whole: ByteSpan) -> Type {
        let ev = self.condition(&c.cond, whole);
        let t = self.expr_ast(&c.then);
        let f = self.expr_ast(&c.otherwise);
        let result = match unify_strict(&t, &f) {
            Some(u) => u,
            None => {
                self.error(
                    "Inconsistent conditional result types",
                    format!(
                        "The true and false result expressions must have consistent types. \
                         The 'true' value is {t}, but the 'false' value is {f}."
                    ),
                    c.then.span.to(c.otherwise.span),
                    Some(whole),
                );
                unify(&t, &f)
            }
        };
        ev.wrap(result)
    }

    /// The key and element types of iterating a collection; reports a type
    /// that cannot be iterated.
    pub(super) fn iteration(
        &mut self,
        coll: &Type,
        span: ByteSpan,
        context: ByteSpan,
    ) -> (Type, Type) {
        if let Some(kv) = iteration_types(coll) {
            return kv;
        }
        if *coll == Type::None {
            self.error(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.".into(),
                span,
                Some(context),
            );
        } else {
            self.error(
                "Iteration over non-iterable value",
                format!("A value of type {coll} cannot be used as the collection in a 'for' expression."),
                span,
                Some(context),
            );
        }
        (Type::Dynamic, Type::Dynamic)
    }

    pub(super) fn for_expr(&mut self, f: &'a ForExpr, whole: ByteSpan) -> Type {
        let coll = self.expr_ast(&f.collection);
        let (coll, mut ev) = coll.resolved_deep();
        let coll = &coll;
        let (k, v) = self.iteration(coll, f.collection.span, whole);
        let n = self.locals.len();
        if let Some(kv) = f.key_var {
            self.locals.push((self.text(kv), k));
        }
        self.locals.push((self.text(f.value_var), v));
        if let Some(key) = &f.key {
            let kt = self.expr_ast(key);
            let (kt, e) = kt.resolved_deep();
            let kt = &kt;
            ev = ev.max(e);
            if conversion(kt, &Type::String).is_none() {
                self.error(
                    "Invalid object key",
                    format!("Key expression in 'for' expression must be a string, but have {kt}."),
                    key.span,
                    Some(whole),
                );
            }
        }
        let value = self.expr_ast(&f.value);
        if let Some(cond) = &f.cond {
            let ct = self.expr_ast(cond);
            let (ct, e) = ct.resolved_deep();
            let ct = &ct;
            ev = ev.max(e);
            if conversion(ct, &Type::Bool).is_none() {
                self.error(
                    "Invalid 'for' condition",
                    "The 'if' clause value is invalid: a bool is required.".into(),
                    cond.span,
                    Some(whole),
                );
            }
        }
        self.locals.truncate(n);
        let result = match (f.object, f.group) {
            (true, true) => Type::map(Type::list(value)),
            (true, false) => Type::map(value),
            (false, _) => Type::list(value),
        };
        ev.wrap(result)
    }

    pub(super) fn splat(&mut self, s: &'a Splat) -> Type {
        let source = self.expr_ast(&s.source);
        let (source, ev) = source.resolved_deep();
        let source = &source;
        let result = match source {
            Type::Dynamic => {
                self.each(&s.each, Type::Dynamic);
                Type::Dynamic
            }
            // A null source gives an empty tuple.
            Type::None => {
                self.each(&s.each, Type::Dynamic);
                Type::tuple([])
            }
            Type::List(e) | Type::Set(e) => Type::list(self.each(&s.each, (**e).clone())),
            // As the reference: `each` per element, a tuple of the results.
            // A problem `each` has with several elements is reported once.
            Type::Tuple(es) => {
                let before = self.diags.len();
                let ts: Vec<Type> = es.iter().map(|e| self.each(&s.each, e.clone())).collect();
                self.dedup_diagnostics_since(before);
                Type::tuple(ts)
            }
            // A union of lists and sets splats as a list of its elements'
            // union; a null (if the union has `none`) gives an empty
            // tuple, so an optional single value gives zero or one element.
            Type::Union(_) => {
                let rest = source.without_none();
                let elems: Option<Vec<Type>> = rest
                    .union_elements()
                    .iter()
                    .map(|t| match t {
                        Type::List(e) | Type::Set(e) => Some((**e).clone()),
                        _ => None,
                    })
                    .collect();
                match elems {
                    Some(es) => Type::list(self.each(&s.each, Type::union(es))),
                    None if source.is_optional() => Type::list(self.each(&s.each, rest)),
                    None => Type::tuple([self.each(&s.each, rest)]),
                }
            }
            // Any other value is taken as a one-element tuple.
            other => Type::tuple([self.each(&s.each, other.clone())]),
        };
        ev.wrap(result)
    }

    fn dedup_diagnostics_since(&mut self, start: usize) {
        let all = std::mem::take(&mut self.diags).into_vec();
        let mut kept: Vec<crate::diag::Diagnostic> = Vec::with_capacity(all.len());
        for (i, d) in all.into_iter().enumerate() {
            if i < start || !kept.get(start..).is_some_and(|k| k.contains(&d)) {
                kept.push(d);
            }
        }
        self.diags.extend(kept);
    }

    fn each(&mut self, each: &'a Expr, elem: Type) -> Type {
        self.anon.push(elem);
        let t = self.expr_ast(each);
        self.anon.pop();
        t
    }

    pub(super) fn object(&mut self, o: &'a Object) -> Type {
        let mut attrs = BTreeMap::new();
        let mut literal_keys = true;
        let mut ev = Eventual::Prompt;
        let mut values = Vec::with_capacity(o.items.len());
        for item in &o.items {
            let name = match item.key.as_literal_name(self.src.text()) {
                Some(n) => Some(n.to_owned()),
                None => literal_text(&item.key.expr, self.src.text()),
            };
            if name.is_none() {
                literal_keys = false;
                let kt = self.expr_ast(&item.key.expr);
                let (kt, e) = kt.resolved_deep();
                let kt = &kt;
                ev = ev.max(e);
                if conversion(kt, &Type::String).is_none() {
                    self.error(
                        "Incorrect key type",
                        format!("Can't use this value as a key: string required, but have {kt}."),
                        item.key.expr.span,
                        None,
                    );
                }
            }
            let v = self.expr_ast(&item.value);
            if let Some(n) = name {
                attrs.insert(n, v.clone());
            }
            values.push(v);
        }
        // Keys known only at evaluation: the attribute names are unknown, so
        // the best static description is a map of the values' unification.
        let result = if literal_keys {
            Type::Object(Arc::new(attrs))
        } else {
            Type::map(unify_all(values.iter()))
        };
        ev.wrap(result)
    }
}

/// The text of a key written as a string without interpolations.
fn literal_text(e: &Expr, src: &str) -> Option<String> {
    match &e.kind {
        ExprKind::StringLit => Some(e.span.inner().text(src).to_owned()),
        ExprKind::Template(t) => {
            let mut s = String::new();
            for p in &t.parts {
                match p {
                    TemplatePart::Literal(l) => s.push_str(l.text.as_str(src)),
                    _ => return None,
                }
            }
            Some(s)
        }
        ExprKind::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The key and element types of iterating a value of type `coll`, or
/// `None` when no value of the type can be iterated. A union iterates as
/// its iterable elements (a null one would fail at evaluation).
fn iteration_types(coll: &Type) -> Option<(Type, Type)> {
    match coll {
        Type::Dynamic => Some((Type::Dynamic, Type::Dynamic)),
        Type::List(e) | Type::Set(e) => Some((Type::Int, (**e).clone())),
        Type::Tuple(es) => Some((Type::Int, Type::union(es.iter().cloned()))),
        Type::Map(e) => Some((Type::String, (**e).clone())),
        Type::Object(attrs) => Some((Type::String, Type::union(attrs.values().cloned()))),
        Type::Union(es) => {
            let (ks, vs): (Vec<Type>, Vec<Type>) = es.iter().filter_map(iteration_types).unzip();
            if ks.is_empty() {
                None
            } else {
                Some((Type::union(ks), Type::union(vs)))
            }
        }
        _ => None,
    }
}
