//! Checking operators, conditionals, collections, for expressions and
//! splats.
//!
//! Where a value would be needed to go on (an operand, a condition, a key),
//! an eventual type is not an error: the operation happens when the value
//! is there, so its result is eventual of the same kind (an output
//! absorbing a promise). That holds for eventuals anywhere inside the value
//! too (`[bucket.arn] == ["x"]` waits for the arn; see
//! [`ExtendedType::lifted`]). A collection to iterate (for expressions,
//! splats) waits only for the eventual around it: its elements may stay
//! eventual.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Checker;
use crate::native::ast::{
    Binary, BinaryOp, ByteSpan, Conditional, Expr, ExprKind, ForExpr, Object, Splat, Unary, UnaryOp,
};
use crate::typeck::parse::quoted_literal;
use crate::typeck::rules::{conversion, unify, unify_all, unify_strict};
use crate::typeck::ty::{Eventual, ExtendedType};

fn requirement(want: &ExtendedType) -> &'static str {
    match want {
        ExtendedType::Bool => "a bool is required",
        ExtendedType::Number => "a number is required",
        _ => "a string is required",
    }
}

impl<'a> Checker<'a> {
    /// Reports an operand that cannot convert to `want`.
    fn operand(
        &mut self,
        got: &ExtendedType,
        want: &ExtendedType,
        side: &str,
        e: &Expr,
        whole: ByteSpan,
    ) {
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

    pub(super) fn unary(&mut self, u: &'a Unary, whole: ByteSpan) -> ExtendedType {
        let t = self.expr_ast(&u.operand);
        let (t, ev) = t.lifted();
        let t = &t;
        let result = match u.op {
            UnaryOp::Not => {
                self.operand(t, &ExtendedType::Bool, "unary", &u.operand, whole);
                ExtendedType::Bool
            }
            UnaryOp::Negate => {
                self.operand(t, &ExtendedType::Number, "unary", &u.operand, whole);
                if *t == ExtendedType::Int {
                    ExtendedType::Int
                } else {
                    ExtendedType::Number
                }
            }
        };
        ev.wrap(result)
    }

    pub(super) fn binary(&mut self, b: &'a Binary, whole: ByteSpan) -> ExtendedType {
        use BinaryOp::*;
        let l = self.expr_ast(&b.lhs);
        let r = self.expr_ast(&b.rhs);
        let (l, el) = l.lifted();
        let l = &l;
        let (r, er) = r.lifted();
        let r = &r;
        let both = |checker: &mut Self, want: &ExtendedType| {
            checker.operand(l, want, "left", &b.lhs, whole);
            checker.operand(r, want, "right", &b.rhs, whole);
        };
        let result = match b.op {
            Eq | NotEq => ExtendedType::Bool,
            Or | And => {
                both(self, &ExtendedType::Bool);
                ExtendedType::Bool
            }
            Gt | Ge | Lt | Le => {
                both(self, &ExtendedType::Number);
                ExtendedType::Bool
            }
            Add | Sub | Mul | Mod => {
                both(self, &ExtendedType::Number);
                // Integers are closed under these; see COMPAT.md.
                if *l == ExtendedType::Int && *r == ExtendedType::Int {
                    ExtendedType::Int
                } else {
                    ExtendedType::Number
                }
            }
            Div => {
                both(self, &ExtendedType::Number);
                ExtendedType::Number
            }
        };
        el.max(er).wrap(result)
    }

    /// Checks a condition (`bool` required) and says which eventual it is.
    pub(super) fn condition(&mut self, cond: &'a Expr, context: ByteSpan) -> Eventual {
        let t = self.expr_ast(cond);
        let (lifted, ev) = t.lifted();
        if conversion(&lifted, &ExtendedType::Bool).is_none() {
            self.error(
                "Incorrect condition type",
                format!("The condition expression must be of type bool, but have {t}."),
                cond.span,
                Some(context),
            );
        }
        ev
    }

    pub(super) fn conditional(&mut self, c: &'a Conditional, whole: ByteSpan) -> ExtendedType {
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
        coll: &ExtendedType,
        span: ByteSpan,
        context: ByteSpan,
    ) -> (ExtendedType, ExtendedType) {
        if let Some(kv) = iteration_types(coll) {
            return kv;
        }
        if *coll == ExtendedType::None {
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
        (ExtendedType::Dynamic, ExtendedType::Dynamic)
    }

    pub(super) fn for_expr(&mut self, f: &'a ForExpr, whole: ByteSpan) -> ExtendedType {
        let coll = self.expr_ast(&f.collection);
        let (coll, mut ev) = coll.resolved_outer();
        let coll = &coll;
        let (k, v) = self.iteration(coll, f.collection.span, whole);
        let n = self.locals.len();
        if let Some(kv) = f.key_var {
            self.locals.push((self.text(kv), k));
        }
        self.locals.push((self.text(f.value_var), v));
        if let Some(key) = &f.key {
            let kt = self.expr_ast(key);
            let (lifted, e) = kt.lifted();
            ev = ev.max(e);
            if conversion(&lifted, &ExtendedType::String).is_none() {
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
            let (lifted, e) = ct.lifted();
            ev = ev.max(e);
            if conversion(&lifted, &ExtendedType::Bool).is_none() {
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
            (true, true) => ExtendedType::map(ExtendedType::list(value)),
            (true, false) => ExtendedType::map(value),
            (false, _) => ExtendedType::list(value),
        };
        ev.wrap(result)
    }

    pub(super) fn splat(&mut self, s: &'a Splat) -> ExtendedType {
        let source = self.expr_ast(&s.source);
        let (source, ev) = source.resolved_outer();
        let source = &source;
        let result = match source {
            ExtendedType::Dynamic => {
                self.each(&s.each, ExtendedType::Dynamic);
                ExtendedType::Dynamic
            }
            // A null source gives an empty tuple.
            ExtendedType::None => {
                self.each(&s.each, ExtendedType::Dynamic);
                ExtendedType::tuple([])
            }
            ExtendedType::List(e) | ExtendedType::Set(e) => {
                ExtendedType::list(self.each(&s.each, (**e).clone()))
            }
            // As the reference: `each` per element, a tuple of the results.
            // A problem `each` has with several elements is reported once.
            ExtendedType::Tuple(es) => {
                let before = self.diags.len();
                let ts: Vec<ExtendedType> =
                    es.iter().map(|e| self.each(&s.each, e.clone())).collect();
                self.dedup_diagnostics_since(before);
                ExtendedType::tuple(ts)
            }
            // A union of lists and sets splats as a list of its elements'
            // union; a null (if the union has `none`) gives an empty
            // tuple, so an optional single value gives zero or one element.
            ExtendedType::Union(_) => {
                let rest = source.without_none();
                let elems: Option<Vec<ExtendedType>> = rest
                    .union_elements()
                    .iter()
                    .map(|t| match t {
                        ExtendedType::List(e) | ExtendedType::Set(e) => Some((**e).clone()),
                        _ => None,
                    })
                    .collect();
                match elems {
                    Some(es) => ExtendedType::list(self.each(&s.each, ExtendedType::union(es))),
                    None if source.is_optional() => ExtendedType::list(self.each(&s.each, rest)),
                    None => ExtendedType::tuple([self.each(&s.each, rest)]),
                }
            }
            // Any other value is taken as a one-element tuple.
            other => ExtendedType::tuple([self.each(&s.each, other.clone())]),
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

    fn each(&mut self, each: &'a Expr, elem: ExtendedType) -> ExtendedType {
        self.anon.push(elem);
        let t = self.expr_ast(each);
        self.anon.pop();
        t
    }

    pub(super) fn object(&mut self, o: &'a Object) -> ExtendedType {
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
                let (lifted, e) = kt.lifted();
                ev = ev.max(e);
                if conversion(&lifted, &ExtendedType::String).is_none() {
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
            ExtendedType::Object(Arc::new(attrs))
        } else {
            ExtendedType::map(unify_all(values.iter()))
        };
        ev.wrap(result)
    }
}

/// The text of a key written as a string without interpolations, or as a
/// number.
fn literal_text(e: &Expr, src: &str) -> Option<String> {
    match &e.kind {
        ExprKind::Number(n) => Some(n.to_string()),
        _ => quoted_literal(e, src),
    }
}

/// The key and element types of iterating a value of type `coll`, or
/// `None` when no value of the type can be iterated. A union iterates as
/// its iterable elements (a null one would fail at evaluation).
fn iteration_types(coll: &ExtendedType) -> Option<(ExtendedType, ExtendedType)> {
    match coll {
        ExtendedType::Dynamic => Some((ExtendedType::Dynamic, ExtendedType::Dynamic)),
        ExtendedType::List(e) | ExtendedType::Set(e) => Some((ExtendedType::Int, (**e).clone())),
        ExtendedType::Tuple(es) => {
            Some((ExtendedType::Int, ExtendedType::union(es.iter().cloned())))
        }
        ExtendedType::Map(e) => Some((ExtendedType::String, (**e).clone())),
        ExtendedType::Object(attrs) => Some((
            ExtendedType::String,
            ExtendedType::union(attrs.values().cloned()),
        )),
        ExtendedType::Union(es) => {
            let (ks, vs): (Vec<ExtendedType>, Vec<ExtendedType>) =
                es.iter().filter_map(iteration_types).unzip();
            if ks.is_empty() {
                None
            } else {
                Some((ExtendedType::union(ks), ExtendedType::union(vs)))
            }
        }
        _ => None,
    }
}
