//! Value paths: where inside a value something happened.
//!
//! A [`Path`] is a sequence of steps from a root value to a nested one, as
//! conversion errors report it. It prints in the reference's traversal
//! form: `[2].port`, `["key"][0]`.

use crate::diag::excerpt;
use std::fmt;

/// One step of a [`Path`].
///
/// ```
/// use hcl_core::value::PathStep;
/// assert_eq!(PathStep::Index(0).to_string(), "[0]");
/// assert_eq!(PathStep::Key("k".into()).to_string(), r#"["k"]"#);
/// assert_eq!(PathStep::Attr("port".into()).to_string(), ".port");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PathStep {
    /// An element of a list, set or tuple, by position (for sets: the
    /// position in set order).
    Index(usize),
    /// An element of a map, by key.
    Key(String),
    /// An attribute of an object, by name.
    Attr(String),
}

/// A path from a root value to a nested value.
///
/// ```
/// use hcl_core::value::{Path, PathStep};
/// let mut path = Path::root();
/// path.push(PathStep::Index(2));
/// path.push(PathStep::Attr("port".into()));
/// assert_eq!(path.to_string(), "[2].port");
/// path.pop();
/// path.push(PathStep::Key("a\"b".into()));
/// assert_eq!(path.to_string(), r#"[2]["a\"b"]"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Path {
    steps: Vec<PathStep>,
}

impl Path {
    /// The empty path: the root value itself.
    pub fn root() -> Path {
        Path::default()
    }

    /// A path made of `steps`.
    pub fn from_steps(steps: impl IntoIterator<Item = PathStep>) -> Path {
        Path {
            steps: steps.into_iter().collect(),
        }
    }

    /// The steps, from the root.
    pub fn steps(&self) -> &[PathStep] {
        &self.steps
    }

    /// Whether this is the root path.
    pub fn is_root(&self) -> bool {
        self.steps.is_empty()
    }

    /// Appends a step.
    pub fn push(&mut self, step: PathStep) {
        self.steps.push(step);
    }

    /// Removes and returns the last step.
    pub fn pop(&mut self) -> Option<PathStep> {
        self.steps.pop()
    }

    /// This path followed by `step`.
    pub fn join(&self, step: PathStep) -> Path {
        let mut p = self.clone();
        p.push(step);
        p
    }
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Index(i) => write!(f, "[{i}]"),
            PathStep::Key(k) => write!(f, "[{k}]", k = excerpt(k)),
            PathStep::Attr(name) => write!(f, ".{name}"),
        }
    }
}

/// The traversal form, as the reference formats value paths: attributes as
/// `.name`, indices as `[0]`, map keys quoted as `["key"]`.
impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.steps.iter().try_for_each(|s| fmt::Display::fmt(s, f))
    }
}

impl FromIterator<PathStep> for Path {
    fn from_iter<I: IntoIterator<Item = PathStep>>(iter: I) -> Path {
        Path::from_steps(iter)
    }
}
