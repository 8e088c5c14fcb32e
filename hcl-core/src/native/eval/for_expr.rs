//! `[for k, v in coll : value if cond]` and `{for k, v in coll : key => value... if cond}`.
//!
//! Iteration order is the reference's: lists and tuples by index (the key
//! variable is the index), maps and objects by key in lexical order (the key
//! variable is the key), sets in set order (the key variable is the element).

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use super::Evaluator;
use crate::diag::excerpt;
use crate::limits::MAP_NODE;
use crate::native::ast::{ByteSpan, Expr, ForExpr};
use crate::value::{convert, Type, Value};

/// One element to iterate over: key and value.
type Element = (Value, Value);

/// The elements of an iterable value, or `None` if it cannot be iterated.
pub(crate) fn elements(collection: &Value) -> Option<Vec<Element>> {
    Some(match collection {
        Value::List(l) => l
            .iter()
            .enumerate()
            .map(|(i, v)| (Value::from(i as i64), v.clone()))
            .collect(),
        Value::Tuple(t) => t
            .iter()
            .enumerate()
            .map(|(i, v)| (Value::from(i as i64), v.clone()))
            .collect(),
        Value::Set(s) => s.iter().map(|v| (v.clone(), v.clone())).collect(),
        Value::Map(m) => m
            .iter()
            .map(|(k, v)| (Value::String(k.clone()), v.clone()))
            .collect(),
        Value::Object(o) => o
            .iter()
            .map(|(k, v)| (Value::String(k.clone()), v.clone()))
            .collect(),
        _ => return None,
    })
}

/// Whether values of `ty` can be iterated.
fn iterable(ty: &Type) -> bool {
    ty.is_collection() || ty.is_structural()
}

impl<'a> Evaluator<'a> {
    /// Evaluates a `for` expression's collection and checks it can be
    /// iterated. `None` ends the evaluation with the dynamic value;
    /// `Some(None)` is an unknown collection of an iterable type.
    pub(super) fn for_collection(
        &mut self,
        collection: &'a Expr,
        whole: ByteSpan,
    ) -> Option<Option<Vec<Element>>> {
        let coll = self.eval(collection);
        if coll.is_null() {
            self.error_about(
                collection,
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                collection.span,
                Some(whole),
            );
            return None;
        }
        let ty = coll.ty();
        if ty.is_dynamic() {
            return None;
        }
        if !iterable(&ty) {
            let detail = format!(
                "A value of type {} cannot be used as the collection in a 'for' expression.",
                ty.friendly_name(),
            );
            self.error_about(
                collection,
                "Iteration over non-iterable value",
                &detail,
                collection.span,
                Some(whole),
            );
            return None;
        }
        if !coll.is_known() {
            return Some(None);
        }
        // The element pairs are charged before they are built.
        let count = coll.length().unwrap_or(0);
        if !self.charge_elements(count, collection.span) {
            return None;
        }
        let items = elements(&coll)?;
        Some(Some(items))
    }

    /// Sets the loop variables for one element.
    pub(super) fn set_loop_vars(&mut self, base: usize, has_key: bool, (k, v): Element) {
        if has_key {
            if let Some(slot) = self.locals.get_mut(base) {
                slot.1 = k;
            }
            if let Some(slot) = self.locals.get_mut(base + 1) {
                slot.1 = v;
            }
        } else if let Some(slot) = self.locals.get_mut(base) {
            slot.1 = v;
        }
    }

    /// Pushes the loop variables (unset) and returns where they start.
    pub(super) fn push_loop_vars(&mut self, key: Option<ByteSpan>, value: ByteSpan) -> usize {
        let base = self.locals.len();
        if let Some(k) = key {
            self.locals.push((k.text(self.text), Value::dynamic()));
        }
        self.locals.push((value.text(self.text), Value::dynamic()));
        base
    }

    /// The `if` clause for the current element: `Some(include)`, or `None`
    /// when the result cannot be known (unknown, or an error reported once).
    /// A tuple's `for` skips an unknown condition before converting it to
    /// a bool, an object's after (so only an object's `for` reports an
    /// unknown condition of a type that is no bool), as the reference does.
    fn for_condition(
        &mut self,
        cond: &'a Expr,
        whole: ByteSpan,
        known: &mut bool,
        makes_tuple: bool,
    ) -> Option<bool> {
        let raw = self.eval(cond);
        if makes_tuple && !raw.is_null() && !raw.is_known() {
            *known = false;
            return None;
        }
        if raw.is_null() {
            if *known {
                self.error_about(
                    cond,
                    "Invalid 'for' condition",
                    "The value of the 'if' clause must not be null.",
                    cond.span,
                    Some(whole),
                );
            }
            *known = false;
            return None;
        }
        match convert(&raw, &Type::Bool) {
            Ok(Value::Bool(b)) => Some(b),
            Ok(_) => {
                *known = false;
                None
            }
            Err(err) => {
                if *known {
                    let detail = format!("The 'if' clause value is invalid: {err}.");
                    let summary = "Invalid 'for' condition";
                    self.error_about(cond, summary, detail, cond.span, Some(whole));
                }
                *known = false;
                None
            }
        }
    }

    /// A `for` expression.
    pub(super) fn eval_for(&mut self, f: &'a ForExpr, whole: ByteSpan) -> Value {
        let Some(items) = self.for_collection(&f.collection, whole) else {
            return Value::dynamic();
        };
        let base = self.push_loop_vars(f.key_var, f.value_var);
        let value = self.for_body(f, items, base, whole);
        self.locals.truncate(base);
        value
    }

    fn for_body(
        &mut self,
        f: &'a ForExpr,
        items: Option<Vec<Element>>,
        base: usize,
        whole: ByteSpan,
    ) -> Value {
        // An early check of the condition with unknown variables catches a
        // wrongly typed condition once rather than per element.
        if let Some(cond) = &f.cond {
            let (raw, diags) = self.eval_apart(cond);
            let failed = diags.has_errors();
            self.diags.extend(diags);
            if raw.is_null() {
                self.error_about(
                    cond,
                    "Condition is null",
                    "The value of the 'if' clause must not be null.",
                    cond.span,
                    Some(whole),
                );
                return Value::dynamic();
            }
            if let Err(err) = convert(&raw, &Type::Bool) {
                let detail = format!("The 'if' clause value is invalid: {err}.");
                let summary = "Invalid 'for' condition";
                self.error_about(cond, summary, detail, cond.span, Some(whole));
                return Value::dynamic();
            }
            if failed {
                return Value::dynamic();
            }
        }
        // Checked after the condition, as the reference does.
        let Some(items) = items else {
            return Value::dynamic();
        };
        let has_key = f.key_var.is_some();
        let mut known = true;
        match &f.key {
            None => {
                let mut values = Vec::new();
                for item in items {
                    // Past the budget the evaluation winds down: an
                    // element would only repeat work whose result cannot
                    // be kept (a call computes before it charges).
                    if self.budget.is_exceeded() {
                        return Value::dynamic();
                    }
                    self.set_loop_vars(base, has_key, item);
                    if let Some(cond) = &f.cond {
                        match self.for_condition(cond, whole, &mut known, true) {
                            Some(true) => {}
                            _ => continue,
                        }
                    }
                    values.push(self.eval(&f.value));
                }
                if !known || !self.charge_elements(values.len(), whole) {
                    return Value::dynamic();
                }
                Value::tuple(values)
            }
            Some(key_expr) => {
                let mut single: BTreeMap<String, Value> = BTreeMap::new();
                let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
                for item in items {
                    if self.budget.is_exceeded() {
                        return Value::dynamic();
                    }
                    self.set_loop_vars(base, has_key, item);
                    if let Some(cond) = &f.cond {
                        match self.for_condition(cond, whole, &mut known, false) {
                            Some(true) => {}
                            _ => continue,
                        }
                    }
                    let raw = self.eval(key_expr);
                    if raw.is_null() {
                        if known {
                            self.error_about(
                                key_expr,
                                "Invalid object key",
                                "Key expression in 'for' expression must not produce a null value.",
                                key_expr.span,
                                Some(whole),
                            );
                        }
                        known = false;
                        continue;
                    }
                    if !raw.is_known() {
                        known = false;
                        continue;
                    }
                    let key = match convert(&raw, &Type::String) {
                        // Each element's key is a copy (and its object's type
                        // another), so a loop over one long key builds many.
                        Ok(Value::String(s)) if self.charge_bytes(s.len(), key_expr.span) => {
                            s.as_str().to_owned()
                        }
                        Ok(_) => {
                            known = false;
                            continue;
                        }
                        Err(err) => {
                            if known {
                                let detail = format!(
                                    "The key expression produced an invalid result: {err}."
                                );
                                self.error_about(
                                    key_expr,
                                    "Invalid object key",
                                    detail,
                                    key_expr.span,
                                    Some(whole),
                                );
                            }
                            known = false;
                            continue;
                        }
                    };
                    let value = self.eval(&f.value);
                    if f.group {
                        groups.entry(key).or_default().push(value);
                    } else {
                        match single.entry(key) {
                            Entry::Vacant(slot) => {
                                slot.insert(value);
                            }
                            Entry::Occupied(slot) => {
                                let detail = format!(
                                    "Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                                    excerpt(slot.key())
                                );
                                self.error_about(
                                    key_expr,
                                    "Duplicate object key",
                                    detail,
                                    key_expr.span,
                                    Some(whole),
                                );
                            }
                        }
                    }
                }
                let count = if f.group { groups.len() } else { single.len() };
                if !known || !self.charge_elements(count.saturating_add(MAP_NODE), whole) {
                    return Value::dynamic();
                }
                if f.group {
                    Value::object(groups.into_iter().map(|(k, vs)| (k, Value::tuple(vs))))
                } else {
                    Value::object(single)
                }
            }
        }
    }
}
