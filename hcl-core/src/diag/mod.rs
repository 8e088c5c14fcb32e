//! Diagnostics: problems found in configuration, kept as data.
//!
//! Every layer (parsers, evaluation, schema processing, decoding) reports
//! problems by pushing [`Diagnostic`]s into a [`Diagnostics`] sink and goes on
//! with a partial result, so that one run reports every problem. Summaries
//! follow the reference implementation's wording ("Unsupported argument",
//! "Missing required argument", …) so that users of Terraform-family tools
//! recognise them.

pub(crate) mod quote;
pub mod render;

use std::fmt;
use std::sync::Arc;

use crate::pos::Range;

pub use quote::{excerpt, quoted, Excerpt, Quoted};
pub use render::{render, render_all, write_diagnostic, RenderOptions};

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
    /// What the expression at fault was evaluated with (the values of the
    /// variables it refers to, the function being called), for diagnostics
    /// made by evaluation; shown after the snippet when rendered.
    pub involved: Option<Arc<Involved>>,
}

/// What the expression of a diagnostic was evaluated with, kept as text:
/// the values of the variables it refers to and the function it was
/// calling. The reference keeps the expression and its evaluation context
/// on the diagnostic and works these out when it draws it; this is the
/// owned result, so that a diagnostic stays plain data. Rendered after the
/// snippet:
///
/// ```text
/// with var.name as "web",
///      var.port set to null.
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Involved {
    /// One entry per distinct variable reference whose value was known,
    /// sorted by reference.
    pub values: Vec<InvolvedValue>,
    /// The signature of the function being called when the diagnostic is
    /// about a call (`upper(str)`, `concat(seqs...)`).
    pub call: Option<String>,
}

/// A variable reference and its value, as [`Involved`] lists them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InvolvedValue {
    /// The reference as written in native syntax, index keys included
    /// (`var.name`, `local.servers[0]`, `each.value["k"]`).
    pub traversal: String,
    /// The value in the reference's concise form (`"web"`, `true`,
    /// `list of string with 2 elements`); `None` when it is null.
    pub value: Option<String>,
}

impl Involved {
    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty() && self.call.is_none()
    }
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
            involved: None,
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

    /// Sets what the expression at fault was evaluated with (none when
    /// `involved` is empty).
    pub fn with_involved(mut self, involved: Arc<Involved>) -> Diagnostic {
        self.involved = (!involved.is_empty()).then_some(involved);
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
///
/// A collection keeps at most [`limit`](Diagnostics::limit) diagnostics
/// (default [`Diagnostics::DEFAULT_LIMIT`]), so that a hostile file with a
/// million mistakes cannot make a million diagnostics. The ones beyond the
/// limit are counted and replaced by one final "Too many diagnostics"
/// diagnostic (an error when any of those left out was an error).
///
/// ```
/// use hcl_core::diag::{Diagnostic, Diagnostics};
/// let mut diags = Diagnostics::with_limit(2);
/// for i in 0..5 {
///     diags.push(Diagnostic::error(format!("problem {i}"), ""));
/// }
/// let summaries: Vec<_> = diags.iter().map(|d| d.summary.as_str()).collect();
/// assert_eq!(summaries, ["problem 0", "problem 1", "Too many diagnostics"]);
/// assert_eq!(diags.omitted(), 3);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostics {
    // When `omitted > 0` the last item is the "Too many diagnostics" marker.
    items: Vec<Diagnostic>,
    limit: usize,
    omitted: usize,
    omitted_errors: usize,
    // Errors among the kept items (the marker aside): evaluation asks for
    // the count after every call, so it must not be a scan.
    kept_errors: usize,
}

/// The summary of the diagnostic that stands for those left out.
const TOO_MANY: &str = "Too many diagnostics";

fn is_marker(d: &Diagnostic) -> bool {
    d.summary == TOO_MANY && d.subject.is_none()
}

impl Default for Diagnostics {
    fn default() -> Self {
        Diagnostics::with_limit(Diagnostics::DEFAULT_LIMIT)
    }
}

impl Diagnostics {
    /// How many diagnostics a collection keeps unless told otherwise
    /// ([`Limits::max_diagnostics`](crate::Limits::max_diagnostics) by
    /// default).
    pub const DEFAULT_LIMIT: usize = crate::Limits::DEFAULT.max_diagnostics;

    /// An empty collection.
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    /// An empty collection that keeps at most `limit` diagnostics (plus the
    /// final "Too many diagnostics" one); `usize::MAX` keeps them all.
    pub fn with_limit(limit: usize) -> Diagnostics {
        Diagnostics {
            items: Vec::new(),
            limit,
            omitted: 0,
            omitted_errors: 0,
            kept_errors: 0,
        }
    }

    /// How many diagnostics this collection keeps.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Changes the limit for the diagnostics pushed from now on.
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// How many diagnostics were left out because of the limit (at least:
    /// a merged collection's own omissions count as one).
    pub fn omitted(&self) -> usize {
        self.omitted
    }

    fn kept(&self) -> usize {
        self.items.len() - usize::from(self.omitted > 0)
    }

    // `merged` is the marker of a collection being merged into this one: its
    // wording (with its own limit) is kept.
    fn note_omitted(&mut self, error: bool, merged: Option<Diagnostic>) {
        if self.omitted == 0 {
            let marker = merged.unwrap_or_else(|| Diagnostic {
                severity: Severity::Warning,
                summary: TOO_MANY.to_owned(),
                detail: format!(
                    "Only the first {} problems are reported; correct them and try again to see the rest.",
                    self.limit
                ),
                subject: None,
                context: None,
                involved: None,
            });
            self.items.push(marker);
        }
        self.omitted += 1;
        if error {
            self.omitted_errors += 1;
            if let Some(marker) = self.items.last_mut() {
                marker.severity = Severity::Error;
            }
        }
    }

    /// Adds one diagnostic (or counts it as left out, past the limit).
    pub fn push(&mut self, diag: Diagnostic) {
        if is_marker(&diag) {
            self.note_omitted(diag.is_error(), Some(diag));
        } else if self.kept() >= self.limit {
            self.note_omitted(diag.is_error(), None);
        } else {
            self.kept_errors += usize::from(diag.is_error());
            if self.omitted > 0 {
                let at = self.items.len() - 1;
                self.items.insert(at, diag);
            } else {
                self.items.push(diag);
            }
        }
    }

    /// Counts `n` errors as left out, for a producer that stopped keeping
    /// them itself (a parser past its limit).
    pub fn omit_errors(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        self.note_omitted(true, None);
        self.omitted += n - 1;
        self.omitted_errors += n - 1;
    }

    /// Adds every diagnostic of `other`, in order.
    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        for d in other {
            self.push(d);
        }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.error_count() > 0
    }

    /// The number of errors reported, those left out by the limit included
    /// (so that "did this step report an error" can compare counts).
    pub fn error_count(&self) -> usize {
        self.kept_errors + self.omitted_errors
    }

    /// The number of warnings reported, those left out included.
    pub fn warning_count(&self) -> usize {
        (self.kept() - self.kept_errors) + (self.omitted - self.omitted_errors)
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
        let mut diags = Diagnostics::new();
        diags.push(d);
        diags
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(items: Vec<Diagnostic>) -> Self {
        items.into_iter().collect()
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
        let mut diags = Diagnostics::new();
        diags.extend(iter);
        diags
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

#[cfg(test)]
mod test;
