//! A reference borrowed from the expression it was found in: what
//! [`Expression::each_variable`](crate::Expression::each_variable) hands
//! out.

use std::fmt;

use super::Traversal;
use crate::native::syntax::TraversalNode;
use crate::pos::Range;

/// A variable reference borrowed from the expression handle it was found
/// in: its root name and ranges are read without copying anything and
/// without taking a reference count of the file, which an owned
/// [`Traversal`] takes (and its drop gives back) — two locked instructions
/// a reference, as much as the rest of a walk on a machine where one
/// costs ≈5 ns. [`to_traversal`](Self::to_traversal) makes the owned
/// traversal when one is to be kept.
///
/// ```
/// use hcl_core::native::parse_config;
/// use hcl_core::SourceFile;
/// let src = SourceFile::new("main.tf", "n = aws_instance.web[0].id + var.extra\n");
/// let (file, _) = parse_config(&src, &Default::default());
/// let expr = file.body().attribute("n").unwrap().to_expression();
/// let mut roots = Vec::new();
/// expr.each_variable(|t| roots.push(t.root_name().to_owned()));
/// assert_eq!(roots, ["aws_instance", "var"]);
/// let mut kept = Vec::new();
/// expr.each_variable(|t| kept.push(t.to_traversal()));
/// assert_eq!(kept, expr.variables());
/// ```
#[derive(Clone, Copy)]
pub struct TraversalRef<'a>(Repr<'a>);

#[derive(Clone, Copy)]
enum Repr<'a> {
    /// A node of a native syntax tree, read in place.
    Native(TraversalNode<'a>),
    /// A traversal another syntax built.
    Built(&'a Traversal),
}

impl<'a> TraversalRef<'a> {
    /// A reference read from a native syntax tree.
    pub(crate) fn native(node: TraversalNode<'a>) -> TraversalRef<'a> {
        TraversalRef(Repr::Native(node))
    }

    /// A reference another syntax built (absolute, as every one
    /// `variables()` answers).
    pub(crate) fn built(traversal: &'a Traversal) -> TraversalRef<'a> {
        TraversalRef(Repr::Built(traversal))
    }

    /// The root variable's name.
    pub fn root_name(self) -> &'a str {
        match self.0 {
            Repr::Native(t) => t.root_name(),
            Repr::Built(t) => t.root_name().unwrap_or_default(),
        }
    }

    /// Where the root name is written.
    pub fn root_range(self) -> Range {
        match self.0 {
            Repr::Native(t) => t.root_range(),
            // (The first step's place, without building every step.)
            Repr::Built(t) => t.views().next().map(|v| v.at.range()).unwrap_or_default(),
        }
    }

    /// The whole reference's range.
    pub fn range(self) -> Range {
        match self.0 {
            Repr::Native(t) => t.range(),
            Repr::Built(t) => t.range().unwrap_or_default(),
        }
    }

    /// The reference as an owned [`Traversal`] (the same one `variables()`
    /// answers).
    pub fn to_traversal(self) -> Traversal {
        match self.0 {
            Repr::Native(t) => t.to_traversal(),
            Repr::Built(t) => t.clone(),
        }
    }
}

/// The traversal as written in native syntax, with canonical brackets
/// (as [`Traversal`]'s `Display`).
impl fmt::Display for TraversalRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Native(t) => fmt::Display::fmt(&t, f),
            Repr::Built(t) => fmt::Display::fmt(t, f),
        }
    }
}

impl fmt::Debug for TraversalRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TraversalRef")
            .field(&self.to_string())
            .finish()
    }
}
