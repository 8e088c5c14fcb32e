//! Traversals: a path from a root variable (or from a value, for relative
//! traversals) through attributes and indexes, as static analysis reports
//! them (`var.servers[0].name`).
//!
//! A traversal has two storages behind one set of methods. One built by
//! hand ([`Traversal::new`]) keeps its [`Traverser`]s. One found in a
//! parsed file (by [`Expression::variables`](crate::Expression::variables),
//! say) keeps the file — shared, one reference count — and where its root
//! and each step are written: names, keys and ranges are read from the
//! source when asked for. Static analysis asks every expression of a file
//! for its references, and most users of a reference read its root name
//! only, so finding one costs no string and no resolved position per step.
//!
//! Three ways to find an expression's references, from the most kept to
//! the least:
//!
//! - [`Expression::variables`](crate::Expression::variables): owned
//!   [`Traversal`]s, to keep (a dependency graph's edges). Each takes a
//!   reference count of its file and gives it back when dropped.
//! - [`Expression::each_variable`](crate::Expression::each_variable): the
//!   same references lent one by one as [`TraversalRef`]s (root name,
//!   ranges, text; [`TraversalRef::to_traversal`] keeps one), read from
//!   a native tree in place: no allocation and no reference count. For a
//!   walk of every expression of a configuration that keeps few of them.
//! - The native syntax view's
//!   [`ExprNode::variables`](crate::native::ExprNode::variables) and
//!   [`each_variable`](crate::native::ExprNode::each_variable): views of
//!   the reference nodes, without making an `Expression` handle at all.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::{ByteSpan, Range, SourceFile};
use crate::value::{get_attr, index, Value};

mod borrowed;
mod path;
mod source;
#[cfg(test)]
mod test;

pub use borrowed::TraversalRef;
pub(crate) use path::{path_root, path_step, PathStep};
pub(crate) use source::SourceStep;
use source::{SourceSteps, SourceTraversal, SourceViews};

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
/// Two traversals are equal when their steps are (names, keys and ranges),
/// however each is stored.
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
/// assert_eq!(t.len(), 3);
/// assert_eq!(t.to_string(), "var.servers[0]");
/// ```
///
/// A traversal found in a file reads its steps from the file's text:
///
/// ```
/// use hcl_core::traversal::Traverser;
/// use hcl_core::native::parse_expression;
/// use hcl_core::{SourceFile, Value};
/// let src = SourceFile::new("main.tf", "aws_instance.web[0].id");
/// let (expr, _) = parse_expression(&src, &Default::default());
/// let refs = expr.variables();
/// let t = &refs[0];
/// assert_eq!(t.root_name(), Some("aws_instance"));
/// assert_eq!(t.to_string(), "aws_instance.web[0].id");
/// let steps = t.steps();
/// assert!(matches!(&steps[2], Traverser::Index { key, .. } if *key == Value::from(0)));
/// assert_eq!(src.text_of(&steps[2].range()), "[0]");
/// ```
#[derive(Clone, Default)]
pub struct Traversal {
    repr: Repr,
}

// Every list of steps is shared (`Arc`), so that dropping a traversal
// runs no loop inline: its drop is then a few instructions whatever it
// holds — a path, the commonest reference static analysis hands out, drops
// its file's reference count and nothing else — where a list dropped in
// place (a loop over its steps, for each kind) made every traversal's drop
// save and restore six registers and call out for the steps it did not
// have (≈ 40 instructions for a path, ≈ 16 now). Clones share the list.
#[derive(Clone)]
enum Repr {
    /// Steps built by hand.
    Steps(Arc<Vec<Traverser>>),
    /// An absolute traversal written in a source file.
    Source(SourceTraversal),
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Steps(Arc::default())
    }
}

impl Traversal {
    /// A traversal of `steps`.
    pub fn new(steps: Vec<Traverser>) -> Traversal {
        Traversal {
            repr: Repr::Steps(Arc::new(steps)),
        }
    }

    /// The absolute traversal written in `source` as the path `path` (a
    /// bare name, `var.region`, `a.b[0]["k"]`: see [`path_step`]).
    pub(crate) fn path(source: &SourceFile, path: ByteSpan) -> Traversal {
        Traversal::in_source(source, path, SourceSteps::Path)
    }

    /// The absolute traversal written in `source` with its root name at
    /// `root` and the steps `steps`.
    pub(crate) fn with_steps(
        source: &SourceFile,
        root: ByteSpan,
        steps: impl Iterator<Item = SourceStep>,
    ) -> Traversal {
        Traversal::in_source(source, root, SourceSteps::List(steps.collect()))
    }

    fn in_source(source: &SourceFile, at: ByteSpan, steps: SourceSteps) -> Traversal {
        Traversal {
            repr: Repr::Source(SourceTraversal::new(source, at, steps)),
        }
    }

    /// Whether the traversal starts at a root variable.
    pub fn is_absolute(&self) -> bool {
        match &self.repr {
            Repr::Steps(steps) => matches!(steps.first(), Some(Traverser::Root { .. })),
            Repr::Source(_) => true,
        }
    }

    /// The root variable name of an absolute traversal.
    pub fn root_name(&self) -> Option<&str> {
        match &self.repr {
            Repr::Steps(steps) => match steps.first() {
                Some(Traverser::Root { name, .. }) => Some(name),
                _ => None,
            },
            Repr::Source(t) => Some(t.root_name()),
        }
    }

    /// The number of steps, the root included.
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Steps(steps) => steps.len(),
            Repr::Source(t) => t.len(),
        }
    }

    /// Whether the traversal has no step at all.
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            Repr::Steps(steps) => steps.is_empty(),
            Repr::Source(_) => false,
        }
    }

    /// The steps, in order: borrowed when the traversal keeps them, built
    /// (names, keys and ranges) when it was found in a file.
    pub fn steps(&self) -> Cow<'_, [Traverser]> {
        match &self.repr {
            Repr::Steps(steps) => Cow::Borrowed(steps),
            Repr::Source(t) => Cow::Owned(t.traversers()),
        }
    }

    /// The steps, in order, owned.
    pub fn into_steps(self) -> Vec<Traverser> {
        match self.repr {
            Repr::Steps(steps) => Arc::unwrap_or_clone(steps),
            Repr::Source(t) => t.traversers(),
        }
    }

    /// The range from the first step to the last.
    pub fn range(&self) -> Option<Range> {
        match &self.repr {
            Repr::Steps(steps) => {
                let first = steps.first()?.range();
                let last = steps.last()?.range();
                Some(Range {
                    end: last.end,
                    ..first
                })
            }
            Repr::Source(t) => Some(t.range()),
        }
    }

    /// The absolute traversal split into its root and the relative rest.
    pub fn split_root(&self) -> Option<(&str, Cow<'_, [Traverser]>)> {
        match &self.repr {
            Repr::Steps(steps) => match steps.split_first() {
                Some((Traverser::Root { name, .. }, rest)) => Some((name, Cow::Borrowed(rest))),
                _ => None,
            },
            Repr::Source(t) => {
                let rest = t.traversers().into_iter().skip(1).collect();
                Some((t.root_name(), Cow::Owned(rest)))
            }
        }
    }

    /// The traversal with its root name read as a first attribute step
    /// (`a.b` → `.a.b`); a relative traversal is returned as it is.
    pub(crate) fn into_relative(self) -> Traversal {
        let mut steps = self.into_steps();
        if let Some(first) = steps.first_mut() {
            if let Traverser::Root { name, range } = first {
                *first = Traverser::Attr {
                    name: std::mem::take(name),
                    range: std::mem::take(range),
                };
            }
        }
        Traversal::new(steps)
    }

    /// Each step, borrowed from whichever storage, with where it is.
    pub(crate) fn views(&self) -> Views<'_> {
        Views {
            repr: match &self.repr {
                Repr::Steps(steps) => ViewsRepr::Steps(steps.iter()),
                Repr::Source(t) => ViewsRepr::Source(t.views()),
            },
        }
    }
}

/// A step borrowed from either storage.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum StepRef<'a> {
    /// The root variable name.
    Root(&'a str),
    /// `.name`.
    Attr(&'a str),
    /// An index with its key.
    Index(Cow<'a, Value>),
    /// A splat.
    Splat,
}

impl StepRef<'_> {
    fn into_traverser(self, range: Range) -> Traverser {
        match self {
            StepRef::Root(name) => Traverser::Root {
                name: name.to_owned(),
                range,
            },
            StepRef::Attr(name) => Traverser::Attr {
                name: name.to_owned(),
                range,
            },
            StepRef::Index(key) => Traverser::Index {
                key: key.into_owned(),
                range,
            },
            StepRef::Splat => Traverser::Splat { range },
        }
    }
}

/// Where a step is written: a resolved range, or a span of a file that is
/// resolved when asked for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum At<'a> {
    Range(&'a Range),
    Span(&'a SourceFile, ByteSpan),
}

impl At<'_> {
    /// The range.
    pub(crate) fn range(self) -> Range {
        match self {
            At::Range(range) => range.clone(),
            At::Span(source, span) => source.range(span),
        }
    }

    /// Whether both are the same range (spans of one file are compared
    /// without resolving them).
    fn same(self, other: At<'_>) -> bool {
        match (self, other) {
            (At::Span(a, x), At::Span(b, y)) if a.same_as(b) => x == y,
            (a, b) => a.range() == b.range(),
        }
    }
}

/// A step and where it is written.
#[derive(Clone, Debug)]
pub(crate) struct View<'a> {
    pub(crate) step: StepRef<'a>,
    pub(crate) at: At<'a>,
}

/// The steps of a traversal as [`View`]s ([`Traversal::views`]).
pub(crate) struct Views<'a> {
    repr: ViewsRepr<'a>,
}

enum ViewsRepr<'a> {
    Steps(std::slice::Iter<'a, Traverser>),
    Source(SourceViews<'a>),
}

impl<'a> Iterator for Views<'a> {
    type Item = View<'a>;

    fn next(&mut self) -> Option<View<'a>> {
        match &mut self.repr {
            ViewsRepr::Steps(steps) => steps.next().map(|s| match s {
                Traverser::Root { name, range } => View {
                    step: StepRef::Root(name),
                    at: At::Range(range),
                },
                Traverser::Attr { name, range } => View {
                    step: StepRef::Attr(name),
                    at: At::Range(range),
                },
                Traverser::Index { key, range } => View {
                    step: StepRef::Index(Cow::Borrowed(key)),
                    at: At::Range(range),
                },
                Traverser::Splat { range } => View {
                    step: StepRef::Splat,
                    at: At::Range(range),
                },
            }),
            ViewsRepr::Source(views) => views.next(),
        }
    }
}

impl PartialEq for Traversal {
    fn eq(&self, other: &Traversal) -> bool {
        if let (Repr::Steps(a), Repr::Steps(b)) = (&self.repr, &other.repr) {
            return a == b;
        }
        let (mut a, mut b) = (self.views(), other.views());
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(x), Some(y)) if x.step == y.step && x.at.same(y.at) => {}
                _ => return false,
            }
        }
    }
}

impl fmt::Debug for Traversal {
    /// As the steps would show if the traversal kept them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Traversal")
            .field("steps", &self.steps())
            .finish()
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
        apply_steps(value.clone(), self.views())
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
        let mut steps = self.views();
        let Some(View {
            step: StepRef::Root(name),
            at,
        }) = steps.next()
        else {
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
                .with_subject(at.range());
            return (Value::dynamic(), d.into());
        };
        match ctx.variable(name) {
            Some(v) => apply_steps(v.clone(), steps),
            None => {
                let suggestion = match crate::suggest::closest(name, ctx.variable_names()) {
                    Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
                    None => String::new(),
                };
                let d = Diagnostic::error(
                    "Unknown variable",
                    format!(
                        "There is no variable named {name}.{suggestion}",
                        name = quoted(name)
                    ),
                )
                .with_subject(at.range());
                (Value::dynamic(), d.into())
            }
        }
    }
}

fn apply_steps<'a>(
    mut value: Value,
    steps: impl Iterator<Item = View<'a>>,
) -> (Value, Diagnostics) {
    for View { step, at } in steps {
        let result = match &step {
            StepRef::Root(name) | StepRef::Attr(name) => get_attr(&value, name),
            StepRef::Index(key) => index(&value, key),
            StepRef::Splat => {
                let d = Diagnostic::error(
                    "Invalid traversal",
                    "A splat step cannot be applied to a value; evaluate the expression instead.",
                )
                .with_subject(at.range());
                return (Value::dynamic(), d.into());
            }
        };
        match result {
            Ok(v) => value = v,
            Err(err) => {
                let d = Diagnostic::error(err.summary, err.detail).with_subject(at.range());
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
        for view in self.views() {
            match view.step {
                StepRef::Root(name) => f.write_str(name)?,
                StepRef::Attr(name) => write!(f, ".{name}")?,
                // A key is written as the writer writes the value (one
                // quoting rule: `["a\"b"]`, `["$${x}"]`); only an unknown
                // key, which no syntax can spell, shows as its debug form.
                StepRef::Index(key) => match crate::write::value(&key) {
                    Ok(text) => write!(f, "[{text}]")?,
                    Err(_) => write!(f, "[{key:?}]")?,
                },
                StepRef::Splat => f.write_str("[*]")?,
            }
        }
        Ok(())
    }
}
