//! The formatter: rewrites the blanks of a native-syntax file into the
//! canonical layout, exactly as hashicorp's `hclwrite.Format` (`hclfmt`,
//! `terraform fmt`) does.
//!
//! Only blanks change: every token, comment and blank line is kept, and so
//! is the text of strings and heredocs. The layout is decided from tokens
//! alone, in passes over the file's lines:
//!
//! 1. `lines`: split into lines, and each line into cells (the code, an
//!    attribute's `= value`, a trailing comment);
//! 2. `indent`: two spaces per level of open brackets;
//! 3. `spacing`: one space or none between neighbouring tokens, from a
//!    table of rules (`spacing::space_after`);
//! 4. `align`: `=` signs, then trailing comments, lined up in runs of
//!    consecutive lines.
//!
//! The tokens are the native lexer's (`native::lexer`), which keeps
//! comments and newlines and splits templates and heredocs where the
//! reference's scanner does: the formatter lexes nothing itself.
//!
//! Unlike `hclwrite.Format`, which formats whatever it is given, [`format()`]
//! first parses the file and refuses one with syntax errors, returning the
//! parser's diagnostics, as `terraform fmt` does: a formatter that guesses
//! at broken code can make it worse. The other deliberate differences, on
//! inputs where the reference would change what a file means (`1 .5`) or
//! predates the syntax (`provider::p::f`), are listed in COMPAT.md.
//!
//! ```
//! let src = "service \"web\" {\nport=8080\n  protocol = \"http\" # default\n}\n";
//! let out = hcl_core::format::format(src).unwrap();
//! assert_eq!(
//!     out,
//!     "service \"web\" {\n  port     = 8080\n  protocol = \"http\" # default\n}\n"
//! );
//! ```

mod align;
mod indent;
mod lines;
mod spacing;
mod tokens;

use crate::diag::{Diagnostic, Diagnostics};
use crate::native::parse_config;
use crate::pos::SourceFile;
use crate::Limits;

/// Formats a native-syntax configuration file.
///
/// Returns the formatted text, or, when the text has syntax errors, the
/// parser's diagnostics (the file is not formatted). Formatting twice gives
/// what formatting once gives.
///
/// ```
/// use hcl_core::format::format;
///
/// assert_eq!(format("a=1\nbeta = [ 1,2 ]\n").unwrap(), "a    = 1\nbeta = [1, 2]\n");
///
/// let diags = format("a = [1,\n").unwrap_err();
/// assert!(diags.has_errors());
/// ```
pub fn format(text: &str) -> Result<String, Diagnostics> {
    format_source(&SourceFile::new("<input>", text))
}

/// Formats the text of `file`, as [`format()`] does; diagnostics point into
/// `file` (so that they can be rendered with it).
///
/// The output may be longer than the input (indentation, alignment), but a
/// hostile file could make the alignment quadratic: output beyond twice the
/// input's length plus 256 MiB is refused with an error ("Formatted output
/// too large").
///
/// ```
/// use hcl_core::format::format_source;
/// use hcl_core::SourceFile;
///
/// let file = SourceFile::new("main.tf", "locals {\nx = 1 + 2 # three\n}\n");
/// assert_eq!(format_source(&file).unwrap(), "locals {\n  x = 1 + 2 # three\n}\n");
///
/// let bad = SourceFile::new("bad.tf", "x = \n");
/// let diags = format_source(&bad).unwrap_err();
/// let first = diags.iter().next().unwrap();
/// assert_eq!(first.subject.as_ref().unwrap().filename(), "bad.tf");
/// ```
pub fn format_source(file: &SourceFile) -> Result<String, Diagnostics> {
    let (_, diags) = parse_config(file, &Limits::default());
    if diags.has_errors() {
        return Err(diags);
    }
    let text = file.text();
    let limit = text.len().saturating_mul(2).saturating_add(256 << 20);
    format_tokens(text, limit).ok_or_else(|| {
        Diagnostics::from(Diagnostic::error(
            "Formatted output too large",
            format!(
                "Aligning this file would make it longer than {limit} bytes; it was left as it is."
            ),
        ))
    })
}

/// The columns the alignment pass counts for `text` (a name or a quoted
/// key, written without blanks): the width of each of its tokens.
pub(crate) fn columns(text: &str) -> usize {
    let toks = tokens::Tokens::lex(text);
    toks.columns(0, toks.line_tokens().len())
}

/// `text` with the runs of `=` that hold a line from the one at byte
/// `from` to the one at byte `to` (and the runs of trailing comments that
/// hold a line of them) aligned as [`format`](fn@format) aligns them, every other
/// byte as it was (a gap alignment did not resize keeps its tabs): what an edit needs around the lines it changed (an
/// attribute added, renamed or set: its own line; an item removed: the
/// lines on either side of the gap, whose runs may now be one). A line is
/// found by its first token (the blanks before it belong to the line
/// above). `None` when nothing changes.
pub(crate) fn realign(text: &str, from: usize, to: usize) -> Option<String> {
    let mut toks = tokens::Tokens::lex(text);
    let lines = lines::lines(&toks);
    let starts: Vec<usize> = lines
        .iter()
        .map(|l| {
            toks.tokens
                .get(l.start)
                .map_or(usize::MAX, |t| t.start as usize)
        })
        .collect();
    let line_at = |at: usize| starts.partition_point(|&s| s <= at).checked_sub(1);
    let first = line_at(from)?;
    let last = line_at(to.max(from)).unwrap_or(first);
    let before = toks.spaces.clone();
    align::align_around(&mut toks, &lines, first..=last);
    if toks.spaces == before {
        return None;
    }
    toks.write_keeping(
        text.len().saturating_mul(2).saturating_add(1 << 20),
        Some(&before),
    )
}

/// The alignment cells of the first line of `line` (lexed alone): whether
/// it has an `=` that lines up with its neighbours', and a trailing
/// comment that does. What an edit compares to know whether a line
/// joined or left the runs around it.
pub(crate) fn line_cells(line: &str) -> (bool, bool) {
    let toks = tokens::Tokens::lex(line);
    lines::lines(&toks)
        .first()
        .map_or((false, false), |l| (l.has_assign(), l.has_comment()))
}

/// The passes over `text`, whatever its syntax: `None` when the result
/// would be longer than `limit` bytes.
pub(crate) fn format_tokens(text: &str, limit: usize) -> Option<String> {
    let mut toks = tokens::Tokens::lex(text);
    let lines = lines::lines(&toks);
    indent::indent(&mut toks, &lines);
    spacing::space(&mut toks, &lines);
    align::align(&mut toks, &lines);
    toks.write(limit)
}

#[cfg(test)]
mod test;
