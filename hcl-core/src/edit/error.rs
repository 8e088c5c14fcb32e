//! Why an edit could not be made, said of the input at fault: the file
//! (when opened), the text given to the edit, or the edit itself.

use crate::diag::{quoted, Diagnostic, Diagnostics};
use crate::write::WriteError;

/// Why an edit could not be made; the document is then unchanged.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum EditError {
    /// The document's text has syntax errors (when opened).
    Syntax(Diagnostics),
    /// Text given to an edit (an expression, a block's body, the new text
    /// of [`super::Document::update_from`]) has syntax errors; `what`
    /// names it, and the diagnostics' positions are in it.
    Input {
        /// The text at fault, described (`the expression "1 +" for
        /// attribute "x"`).
        what: String,
        /// Its parser's diagnostics.
        diags: Diagnostics,
    },
    /// The edit would make the file invalid (a name defined twice, …):
    /// what it would do, in words.
    Conflict(String),
    /// No block at this path, or no attribute of this name.
    NotFound(String),
    /// A name (attribute, block type) that is not an identifier.
    InvalidName(String),
    /// A value that has no text.
    Write(WriteError),
}

impl EditError {
    /// An edit whose result would not parse (`diags`, of that result).
    pub(super) fn broken(diags: &Diagnostics) -> EditError {
        EditError::Conflict(format!(
            "the edit would leave the file with a syntax error ({}), so it was not made",
            first_error(diags)
        ))
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Syntax(d) => {
                let file = d
                    .iter()
                    .find_map(|d| d.subject.as_ref())
                    .map(|r| &r.filename);
                match file {
                    Some(name) => write!(f, "syntax error in {}: {}", quoted(name), first_error(d)),
                    None => write!(f, "syntax error in the file: {}", first_error(d)),
                }
            }
            EditError::Input { what, diags } => {
                write!(f, "syntax error in {what}: {}", first_error(diags))
            }
            EditError::Conflict(what) => f.write_str(what),
            EditError::NotFound(what) => write!(f, "not found: {what}"),
            EditError::InvalidName(n) => write!(f, "{n} is not a valid identifier", n = quoted(n)),
            EditError::Write(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {}

/// `text` quoted for a message, cut short (a whole body would drown it).
pub(super) fn excerpt(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", quoted(&text[..cut])),
        None => quoted(text).to_string(),
    }
}

/// Text given to an edit that does not parse.
pub(super) fn input_error(what: String, diags: Diagnostics) -> EditError {
    EditError::Input { what, diags }
}

/// Text that formatting would blow up beyond its bound (a hostile run of
/// alignment): refused rather than written.
pub(super) fn too_large() -> EditError {
    let diag = Diagnostic::error(
        "Formatted output too large",
        "Laying out the new text would make it too large.",
    );
    input_error("the new text".to_owned(), Diagnostics::from(diag))
}

/// The first error, where it is and what the parser said of it: `at
/// line 1, column 4: Missing expression (Expected the start of an
/// expression, but found the end of the file.)`.
fn first_error(diags: &Diagnostics) -> String {
    let Some(d) = diags
        .iter()
        .find(|d| d.is_error())
        .or_else(|| diags.iter().next())
    else {
        return "no detail".to_owned();
    };
    let mut out = String::new();
    if let Some(r) = &d.subject {
        out.push_str(&format!(
            "at line {}, column {}: ",
            r.start.line, r.start.column
        ));
    }
    out.push_str(&d.summary);
    if !d.detail.is_empty() {
        out.push_str(&format!(" ({})", d.detail.trim_end()));
    }
    out
}
