//! Traversals: a path from a root variable (or from a value, for relative
//! traversals) through attributes and indexes, as static analysis reports
//! them (`var.servers[0].name`).

use std::fmt;

use crate::pos::Range;
use crate::value::Value;

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
            | Traverser::Splat { range } => *range,
        }
    }
}

/// A sequence of traversal steps. An *absolute* traversal starts with a
/// [`Traverser::Root`]; a *relative* one does not.
///
/// ```
/// use hcl_core::traversal::{Traversal, Traverser};
/// use hcl_core::{Range, Value};
/// let r = Range::default();
/// let t = Traversal::new(vec![
///     Traverser::Root { name: "var".into(), range: r },
///     Traverser::Attr { name: "servers".into(), range: r },
///     Traverser::Index { key: Value::from(0), range: r },
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
