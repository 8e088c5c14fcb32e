//! Variables, traversals, index expressions and splats. Every index and
//! attribute step goes through [`crate::value::index`] and
//! [`crate::value::get_attr`], the access code shared with
//! [`crate::traversal`].

use super::Evaluator;
use crate::native::ast::{
    ByteSpan, Expr, ExprKind, IndexExpr, IndexKey, Splat, Traverser, TraverserKind,
};
use crate::value::{get_attr, index, AccessError, List, Type, Value};

impl<'a> Evaluator<'a> {
    /// `name`, `name.attr.attr` and `name[...]...`.
    pub(super) fn eval_scope_traversal(&mut self, e: &'a Expr) -> Value {
        match &e.kind {
            ExprKind::Variable => {
                let name = e.span.text(self.text);
                self.lookup_variable(name, e.span)
                    .unwrap_or_else(Value::dynamic)
            }
            ExprKind::AttrPath => {
                // The compact form: walk the dotted text without building
                // the step list.
                let text = e.span.text(self.text);
                let mut parts = text.split('.');
                let root = parts.next().unwrap_or("");
                let root_span = ByteSpan::new(e.span.start, e.span.start + root.len() as u32);
                let Some(mut value) = self.lookup_variable(root, root_span) else {
                    return Value::dynamic();
                };
                let mut at = root_span.end;
                for name in parts {
                    let step = ByteSpan::new(at, at + 1 + name.len() as u32);
                    at = step.end;
                    match get_attr(&value, name) {
                        Ok(v) => value = v,
                        Err(err) => {
                            self.access_error(err, step, e.span);
                            return Value::dynamic();
                        }
                    }
                }
                value
            }
            ExprKind::ScopeTraversal(t) => {
                let name = t.root.text(self.text);
                match self.lookup_variable(name, t.root) {
                    Some(v) => self.apply_steps(v, &t.steps, e.span),
                    None => Value::dynamic(),
                }
            }
            _ => Value::dynamic(),
        }
    }

    /// Applies attribute and literal index steps; the first failing step
    /// stops the traversal.
    pub(super) fn apply_steps(
        &mut self,
        mut value: Value,
        steps: &'a [Traverser],
        whole: ByteSpan,
    ) -> Value {
        for step in steps {
            let result = match &step.kind {
                TraverserKind::Attr { name } => get_attr(&value, name.text(self.text)),
                // Splat steps only occur in traversals parsed for static
                // analysis, never in evaluated expressions.
                TraverserKind::Splat => Ok(Value::dynamic()),
                index_step => match index_step.index_key(self.text) {
                    Some((key, _)) => index(&value, &key_value(key)),
                    None => Ok(Value::dynamic()),
                },
            };
            match result {
                Ok(v) => value = v,
                Err(err) => {
                    self.access_error(err, step.span, whole);
                    return Value::dynamic();
                }
            }
        }
        value
    }

    #[cold]
    fn access_error(&mut self, err: AccessError, subject: ByteSpan, whole: ByteSpan) {
        self.error(err.summary, err.detail, subject, Some(whole));
    }

    /// `collection[key]` with a computed key.
    pub(super) fn eval_index(&mut self, ix: &'a IndexExpr, whole: ByteSpan) -> Value {
        let collection = self.eval(&ix.collection);
        let key = self.eval(&ix.key);
        match index(&collection, &key) {
            Ok(v) => v,
            Err(err) => {
                self.access_error(err, ix.brackets, whole);
                Value::dynamic()
            }
        }
    }

    /// `source.*.each` and `source[*].each`.
    pub(super) fn eval_splat(&mut self, s: &'a Splat, whole: ByteSpan) -> Value {
        let (source, source_diags) = self.eval_apart(&s.source);
        if source_diags.has_errors() {
            self.diags.extend(source_diags);
            // Evaluated only for its diagnostics, as the reference does.
            self.anon.push(Value::dynamic());
            self.eval(&s.each);
            self.anon.pop();
            return Value::dynamic();
        }
        self.diags.extend(source_diags);
        let ty = source.ty();
        let sequence = ty.is_list() || ty.is_set() || ty.is_tuple();
        if source.is_null() {
            if !sequence {
                return Value::empty_tuple();
            }
            self.error_about(
                &s.source,
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                s.source.span,
                Some(s.source.span.to(s.marker)),
            );
            return Value::dynamic();
        }
        if ty.is_dynamic() {
            return Value::dynamic();
        }
        // An unknown non-sequence might be null, which would give an empty
        // tuple: its element is still evaluated (for diagnostics), but
        // nothing is known about the result.
        let upgraded_unknown = !sequence && !source.is_known();
        if sequence && !source.is_known() {
            let result_ty = self.splat_result_type(s, &ty, true);
            return Value::unknown(result_ty);
        }
        // The copy of the elements and the result, charged before either
        // is built.
        let count = source.as_elements().map_or(1, <[Value]>::len);
        if !self.charge_elements(count.saturating_mul(2), s.marker) {
            return Value::dynamic();
        }
        let items: Vec<Value> = match source.as_elements() {
            Some(items) => items.to_vec(),
            None => vec![source.clone()],
        };
        let mut values = Vec::with_capacity(items.len());
        let mut known = true;
        for item in items {
            // Past the budget the evaluation winds down (as a `for` does).
            if self.budget.is_exceeded() {
                return Value::dynamic();
            }
            self.anon.push(item);
            let (v, d) = self.eval_apart(&s.each);
            self.anon.pop();
            known &= !d.has_errors();
            self.diags.extend(d);
            values.push(v);
        }
        if upgraded_unknown {
            return Value::dynamic();
        }
        if !known {
            // The type the result would have (a source that is no sequence
            // taken as a tuple of itself, as above), without the
            // diagnostics its elements already gave: a failed step still
            // leaves a tuple or list, whose type later checks see.
            let sequence_ty = if sequence { ty } else { Type::tuple(vec![ty]) };
            return Value::unknown(self.splat_result_type(s, &sequence_ty, false));
        }
        if !(ty.is_list() || ty.is_set()) {
            return Value::tuple(values);
        }
        if values.is_empty() {
            let elem = match self.splat_result_type(s, &ty, true) {
                Type::List(e) => (*e).clone(),
                _ => Type::Dynamic,
            };
            return List::new(elem, []).map_or_else(|_| Value::dynamic(), Value::List);
        }
        let elem = values.first().map(Value::ty).unwrap_or(Type::Dynamic);
        match List::new(elem, values) {
            Ok(l) => Value::List(l),
            Err(_) => {
                self.error(
                    "Invalid nested splat expressions",
                    "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
                    s.each.span,
                    Some(whole),
                );
                Value::dynamic()
            }
        }
    }

    /// The type a splat produces over a sequence of type `ty`, from the
    /// type `each` gives for an unknown element; its diagnostics are kept
    /// if `keep` (where the reference keeps them).
    fn splat_result_type(&mut self, s: &'a Splat, ty: &Type, keep: bool) -> Type {
        let each_type = |ev: &mut Self, elem: Type| {
            ev.anon.push(Value::unknown(elem));
            let (v, diags) = ev.eval_apart(&s.each);
            ev.anon.pop();
            if keep {
                ev.diags.extend(diags);
            } else {
                ev.drop_apart(diags);
            }
            v.ty()
        };
        match ty {
            Type::List(e) | Type::Set(e) => Type::list(each_type(self, (**e).clone())),
            Type::Tuple(es) => {
                let es: Vec<Type> = es.to_vec();
                Type::tuple(
                    es.into_iter()
                        .map(|e| each_type(self, e))
                        .collect::<Vec<_>>(),
                )
            }
            _ => Type::Dynamic,
        }
    }
}

/// The value of a literal index key (the dynamic value for a key a
/// syntax error left).
pub(super) fn key_value(key: IndexKey<'_>) -> Value {
    key.map_or_else(Value::dynamic, |key| key.value())
}
