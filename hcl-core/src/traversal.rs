//! Traversals: a path from a root variable (or from a value, for relative
//! traversals) through attributes and indexes, as static analysis reports
//! them (`var.servers[0].name`).

use std::fmt;

use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::value::{get_attr, index, Value};

/// One step of a traversal.
#[derive(Clone, Debug, PartialEq)]
pub enum Traverser {
    /// The root variable name; only ever the first step of an absolute
    /// traversal.
    Root {
        /// The variable name.
        name: String,
        /// Where the name is written.
        range: Range,
    },
    /// `.name`: an attribute access.
    Attr {
        /// The attribute name.
        name: String,
        /// Where the step is written, including the dot.
        range: Range,
    },
    /// `[key]` or the legacy `.0`: an index with a literal key.
    Index {
        /// The key: a number or a string value.
        key: Value,
        /// Where the step is written, including brackets or the dot.
        range: Range,
    },
    /// `.*` or `[*]`: a splat.
    Splat {
        /// Where the splat is written.
        range: Range,
    },
}

impl Traverser {
    /// Where the step is written.
    pub fn range(&self) -> Range {
        match self {
            Traverser::Root { range, .. }
            | Traverser::Attr { range, .. }
            | Traverser::Index { range, .. }
            | Traverser::Splat { range } => range.clone(),
        }
    }
}

/// A sequence of traversal steps. An *absolute* traversal starts with a
/// [`Traverser::Root`]; a *relative* one does not.
///
/// ```
/// use hcl_core::traversal::{Traversal, Traverser};
/// use hcl_core::{Range, Value};
/// let t = Traversal::new(vec![
///     Traverser::Root { name: "var".into(), range: Range::default() },
///     Traverser::Attr { name: "servers".into(), range: Range::default() },
///     Traverser::Index { key: Value::from(0), range: Range::default() },
/// ]);
/// assert_eq!(t.root_name(), Some("var"));
/// assert_eq!(t.to_string(), "var.servers[0]");
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Traversal {
    /// The steps, in order.
    pub steps: Vec<Traverser>,
}

impl Traversal {
    /// A traversal of `steps`.
    pub fn new(steps: Vec<Traverser>) -> Traversal {
        Traversal { steps }
    }

    /// Whether the traversal starts at a root variable.
    pub fn is_absolute(&self) -> bool {
        matches!(self.steps.first(), Some(Traverser::Root { .. }))
    }

    /// The root variable name of an absolute traversal.
    pub fn root_name(&self) -> Option<&str> {
        match self.steps.first() {
            Some(Traverser::Root { name, .. }) => Some(name),
            _ => None,
        }
    }

    /// The range from the first step to the last.
    pub fn range(&self) -> Option<Range> {
        let first = self.steps.first()?.range();
        let last = self.steps.last()?.range();
        Some(Range {
            end: last.end,
            ..first
        })
    }

    /// The absolute traversal split into its root and the relative rest.
    pub fn split_root(&self) -> Option<(&str, &[Traverser])> {
        match self.steps.split_first() {
            Some((Traverser::Root { name, .. }, rest)) => Some((name, rest)),
            _ => None,
        }
    }
}

impl Traversal {
    /// Applies the traversal's steps to `value`: attribute and index steps
    /// with exactly the rules (and diagnostics) of expression evaluation,
    /// since both use [`crate::value::get_attr`] and [`crate::value::index`].
    /// The first failing step stops the traversal with the dynamic value. A
    /// root step is read as an attribute access; a splat step cannot be
    /// applied to a value and is reported.
    ///
    /// ```
    /// use hcl_core::traversal::{Traversal, Traverser};
    /// use hcl_core::{Range, Value};
    /// let t = Traversal::new(vec![
    ///     Traverser::Attr { name: "ports".into(), range: Range::default() },
    ///     Traverser::Index { key: Value::from(1), range: Range::default() },
    /// ]);
    /// let v = Value::object([("ports", Value::tuple([Value::from(80), Value::from(443)]))]);
    /// assert_eq!(t.traverse_rel(&v).0, Value::from(443));
    /// let (_, diags) = t.traverse_rel(&Value::from(1));
    /// assert_eq!(diags.iter().next().unwrap().summary, "Unsupported attribute");
    /// ```
    pub fn traverse_rel(&self, value: &Value) -> (Value, Diagnostics) {
        apply_steps(value.clone(), &self.steps)
    }

    /// Applies an absolute traversal in `ctx`: looks the root variable up
    /// (as expression evaluation does, with "Variables not allowed" in
    /// literal-only mode or when no scope has a variable map, and "Unknown
    /// variable" with a suggestion otherwise), then applies the other steps
    /// as [`traverse_rel`](Traversal::traverse_rel).
    ///
    /// ```
    /// use hcl_core::traversal::{Traversal, Traverser};
    /// use hcl_core::{EvalContext, Range, Value};
    /// let t = Traversal::new(vec![
    ///     Traverser::Root { name: "var".into(), range: Range::default() },
    ///     Traverser::Attr { name: "region".into(), range: Range::default() },
    /// ]);
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("var", Value::object([("region", Value::from("eu"))]));
    /// assert_eq!(t.traverse_abs(Some(&ctx)).0, Value::from("eu"));
    /// assert_eq!(t.traverse_abs(None).1.iter().next().unwrap().summary, "Variables not allowed");
    /// ```
    pub fn traverse_abs(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        let Some((Traverser::Root { name, range }, rest)) = self.steps.split_first() else {
            let d = Diagnostic::error(
                "Invalid traversal",
                "An absolute traversal must start with a variable name.",
            );
            let d = match self.range() {
                Some(r) => d.with_subject(r),
                None => d,
            };
            return (Value::dynamic(), d.into());
        };
        let Some(ctx) = ctx.filter(|c| c.has_variables()) else {
            let d = Diagnostic::error("Variables not allowed", "Variables may not be used here.")
                .with_subject(range.clone());
            return (Value::dynamic(), d.into());
        };
        match ctx.variable(name) {
            Some(v) => apply_steps(v.clone(), rest),
            None => {
                let suggestion = match crate::suggest::closest(name, ctx.variable_names()) {
                    Some(s) => format!(" Did you mean {s:?}?"),
                    None => String::new(),
                };
                let d = Diagnostic::error(
                    "Unknown variable",
                    format!("There is no variable named {name:?}.{suggestion}"),
                )
                .with_subject(range.clone());
                (Value::dynamic(), d.into())
            }
        }
    }
}

fn apply_steps(mut value: Value, steps: &[Traverser]) -> (Value, Diagnostics) {
    for step in steps {
        let result = match step {
            Traverser::Root { name, .. } | Traverser::Attr { name, .. } => get_attr(&value, name),
            Traverser::Index { key, .. } => index(&value, key),
            Traverser::Splat { range } => {
                let d = Diagnostic::error(
                    "Invalid traversal",
                    "A splat step cannot be applied to a value; evaluate the expression instead.",
                )
                .with_subject(range.clone());
                return (Value::dynamic(), d.into());
            }
        };
        match result {
            Ok(v) => value = v,
            Err(err) => {
                let d = Diagnostic::error(err.summary, err.detail).with_subject(step.range());
                return (Value::dynamic(), d.into());
            }
        }
    }
    (value, Diagnostics::new())
}

impl fmt::Display for Traversal {
    /// The traversal as written in native syntax, with canonical brackets
    /// (`a.b[0]["k"][*]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            match step {
                Traverser::Root { name, .. } => f.write_str(name)?,
                Traverser::Attr { name, .. } => write!(f, ".{name}")?,
                Traverser::Index { key, .. } => match key {
                    Value::String(s) => write!(f, "[{:?}]", s.as_str())?,
                    Value::Number(n) => write!(f, "[{n}]")?,
                    other => write!(f, "[{other:?}]")?,
                },
                Traverser::Splat { .. } => f.write_str("[*]")?,
            }
        }
        Ok(())
    }
}
