//! Diagnostics: problems found in configuration, kept as data.
//!
//! Every layer (parsers, evaluation, schema processing, decoding) reports
//! problems by pushing [`Diagnostic`]s into a [`Diagnostics`] sink and goes on
//! with a partial result, so that one run reports every problem. Summaries
//! follow the reference implementation's wording ("Unsupported argument",
//! "Missing required argument", …) so that users of Terraform-family tools
//! recognise them.

pub mod render;

use std::fmt;

use crate::pos::Range;

pub use render::{render, render_all, RenderOptions};

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Severity {
    /// The input is invalid; any result produced alongside is partial.
    Error,
    /// The input is valid but probably not what the author meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        })
    }
}

/// One problem, with where it is.
///
/// `summary` is one line that makes sense on its own; `detail` explains and
/// may span several sentences. `subject` is the range at fault, `context` an
/// optional wider range that helps a reader (for example the whole
/// expression around a bad operand).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short, self-contained description.
    pub summary: String,
    /// A longer explanation; may be empty.
    pub detail: String,
    /// The range at fault, if the problem has a place in source.
    pub subject: Option<Range>,
    /// A wider range around the subject, for context.
    pub context: Option<Range>,
}

impl Diagnostic {
    /// An error with a summary and a detail, at no place yet.
    ///
    /// ```
    /// use hcl_core::diag::{Diagnostic, Severity};
    /// let d = Diagnostic::error("Unsupported argument", "An argument named \"x\" is not expected here.");
    /// assert_eq!(d.severity, Severity::Error);
    /// ```
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
            context: None,
        }
    }

    /// A warning with a summary and a detail, at no place yet.
    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail)
        }
    }

    /// Sets the subject range.
    pub fn with_subject(mut self, subject: Range) -> Diagnostic {
        self.subject = Some(subject);
        self
    }

    /// Sets the context range.
    pub fn with_context(mut self, context: Range) -> Diagnostic {
        self.context = Some(context);
        self
    }

    /// Whether this is an error (as opposed to a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `Error: summary; detail` with the position when known; use
    /// [`render`](crate::diag) for snippets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = &self.subject {
            write!(f, "{}:{}: ", r.start.line, r.start.column)?;
        }
        write!(f, "{}: {}", self.severity, self.summary)?;
        if !self.detail.is_empty() {
            write!(f, "; {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// An ordered collection of diagnostics: the sink every layer writes to.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty collection.
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    /// Adds one diagnostic.
    pub fn push(&mut self, diag: Diagnostic) {
        self.items.push(diag);
    }

    /// Adds every diagnostic of `other`, in order.
    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.items.extend(other);
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// The number of errors.
    pub fn error_count(&self) -> usize {
        self.items.iter().filter(|d| d.is_error()).count()
    }

    /// The number of warnings.
    pub fn warning_count(&self) -> usize {
        self.items.len() - self.error_count()
    }

    /// Whether there are no diagnostics at all.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The number of diagnostics.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The diagnostics, in the order they were reported.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// The diagnostics as a slice.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.items
    }

    /// Consumes the collection, returning the diagnostics.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.items
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics { items: vec![d] }
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(items: Vec<Diagnostic>) -> Self {
        Diagnostics { items }
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<I: IntoIterator<Item = Diagnostic>>(iter: I) -> Self {
        Diagnostics {
            items: iter.into_iter().collect(),
        }
    }
}

impl fmt::Display for Diagnostics {
    /// One diagnostic per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
