//! What the expression of a diagnostic was evaluated with, worked out when
//! evaluation reports a problem, in the form the reference's text writer
//! shows it (see [`Involved`]): each variable reference of the expression
//! whose value is known, with that value in a concise form, and the
//! signature of the function being called.
//!
//! Evaluation attaches this itself (native expressions, and the templates
//! of JSON strings); an application that reports a problem about an
//! expression it evaluated attaches it with
//! [`Expression::involved_values`], which calls [`of_expression`].

use std::sync::Arc;

use crate::body::Expression;
use crate::diag::{excerpt, Involved, InvolvedValue};
use crate::eval::EvalContext;
use crate::function::stdlib::{exact_decimal_of, float_text, quote};
use crate::function::Function;
use crate::traversal::{StepRef, Traversal};
use crate::value::{Number, Value};

/// The variable references of `expr` that `ctx` gives a known value, with
/// those values; `None` when there are none (or no context: in
/// literal-only mode nothing is looked up).
pub(crate) fn of_expression(expr: &Expression, ctx: Option<&EvalContext>) -> Option<Arc<Involved>> {
    let ctx = ctx?;
    let mut values = Collector::default();
    for t in expr.variables() {
        let (value, diags) = t.traverse_abs(Some(ctx));
        // A reference that fails is skipped: its own diagnostic says why.
        if !diags.has_errors() {
            values.add(traversal_text(&t), &value);
        }
    }
    values.finish(None)
}

/// The references found so far, as the reference lists them.
#[derive(Default)]
pub(crate) struct Collector {
    values: Vec<InvolvedValue>,
}

impl Collector {
    /// Adds `traversal` with its value; an unknown value says nothing and is
    /// left out.
    pub(crate) fn add(&mut self, traversal: String, value: &Value) {
        if !value.is_known() {
            return;
        }
        let value = (!value.is_null()).then(|| value_text(value));
        self.values.push(InvolvedValue { traversal, value });
    }

    /// The values sorted by reference, each reference once, with the called
    /// function's signature; `None` when there is nothing to show.
    pub(crate) fn finish(mut self, call: Option<String>) -> Option<Arc<Involved>> {
        // The reference sorts its "x as v" statements as strings; the
        // references differ before the " as" (a reference never continues
        // with a character below a space), so sorting them is the same.
        self.values.sort_by(|a, b| a.traversal.cmp(&b.traversal));
        self.values.dedup_by(|a, b| a.traversal == b.traversal);
        let involved = Involved {
            values: self.values,
            call,
        };
        (!involved.is_empty()).then(|| Arc::new(involved))
    }
}

/// A traversal as the reference writes it in these lines: the root, `.name`
/// steps, `[key]` steps with a primitive key written as a value and any
/// other as `[...]`; a splat step adds nothing.
pub(crate) fn traversal_text(t: &Traversal) -> String {
    let mut out = String::new();
    for view in t.views() {
        match view.step {
            StepRef::Root(name) => out.push_str(name),
            StepRef::Attr(name) => {
                out.push('.');
                out.push_str(name);
            }
            StepRef::Index(key) => push_index(&mut out, &key),
            StepRef::Splat => {}
        }
    }
    out
}

/// Appends an index step `[key]` as [`traversal_text`] writes it.
pub(crate) fn push_index(out: &mut String, key: &Value) {
    out.push('[');
    if key.ty().is_primitive() {
        out.push_str(&value_text(key));
    } else {
        // A longer form could make the line arbitrarily long.
        out.push_str("...");
    }
    out.push(']');
}

/// A value in the reference's concise form: `null`, `true`, a number with
/// ten significant digits (`1.23456789e+10`), a string quoted as Go quotes
/// it, `list of string with 2 elements`, `empty tuple`,
/// `object with 1 attribute "name"`, `object with 3 attributes`; any other
/// value by its type's name.
pub(crate) fn value_text(value: &Value) -> String {
    // Sizes come from the values: the type of a tuple or an object is as
    // big as the value, and building it for each diagnostic could cost
    // more than the evaluation that failed.
    let sized = |name: String, len: usize| match len {
        0 => format!("empty {name}"),
        1 => format!("{name} with 1 element"),
        n => format!("{name} with {n} elements"),
    };
    match value {
        Value::Null(_) => "null".to_owned(),
        Value::Unknown(_) => "(not yet known)".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number_text(n),
        // Cut short, so that one diagnostic about a huge string stays short.
        Value::String(s) => excerpt(s.as_str()).to_string(),
        Value::Tuple(t) => sized("tuple".to_owned(), t.len()),
        Value::List(l) => sized(value.ty().friendly_name(), l.len()),
        Value::Set(set) => sized(value.ty().friendly_name(), set.len()),
        Value::Map(m) => sized(value.ty().friendly_name(), m.len()),
        Value::Object(o) => match o.len() {
            0 => "object with no attributes".to_owned(),
            1 => {
                let name = o.entries().keys().next().map_or("", |k| k.as_str());
                format!("object with 1 attribute {}", quote(name))
            }
            n => format!("object with {n} attributes"),
        },
        Value::Capsule(_) => value.ty().friendly_name(),
    }
}

/// A number as go-cty's `big.Float.Text('g', 10)`.
fn number_text(n: &Number) -> String {
    float_text(
        exact_decimal_of(n).as_ref().map_err(|neg| *neg),
        b'g',
        Some(10),
    )
}

/// A function's signature as Terraform shows it when a call fails: its
/// parameter names, the variadic one followed by `...` (`concat(seqs...)`).
pub(crate) fn signature(called_as: &str, func: &Function) -> String {
    let mut out = format!("{called_as}(");
    let mut names: Vec<&str> = func.params().iter().map(|p| p.name.as_str()).collect();
    let variadic = func.variadic_param().map(|p| format!("{}...", p.name));
    names.extend(variadic.as_deref());
    out.push_str(&names.join(", "));
    out.push(')');
    out
}

#[cfg(test)]
mod test;
