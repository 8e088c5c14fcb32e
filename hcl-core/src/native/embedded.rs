//! Native-syntax text embedded in another file: the strings of the JSON
//! syntax, which hold templates (full evaluation) or expressions (static
//! analysis, type expressions).
//!
//! When the string had no escapes, its decoded text is exactly the source
//! bytes between the quotes, so it is parsed in place and every position
//! is the right one in the outer file. Otherwise the decoded text is parsed
//! as its own file, padded so that the string's first character keeps its
//! line and column; positions after an escape are then off by the escapes'
//! extra length, as in the reference. (Past 64 KiB of padding, in huge or
//! minified files, positions of such strings are left relative to the
//! string, so that reading a file never becomes quadratic.)

use crate::diag::Diagnostics;
use crate::native::ast::{ByteSpan, Expr};
use crate::native::lexer::{LexMode, Lexer};
use crate::native::parser::Parser;
use crate::pos::SourceFile;
use crate::Limits;

/// The most padding (in bytes) put before decoded text to keep its
/// position; see the module documentation.
const MAX_PADDING: usize = 64 * 1024;

/// Where embedded text came from: the outer file, the span of the text in
/// it (inside the quotes), and the text after decoding escapes.
#[derive(Clone, Copy, Debug)]
pub struct Embedded<'a> {
    /// The outer file.
    pub file: &'a SourceFile,
    /// The span of the raw text in `file` (quotes excluded).
    pub span: ByteSpan,
    /// The decoded text.
    pub text: &'a str,
}

impl Embedded<'_> {
    /// The file to parse and the span to lex in it.
    fn prepare(&self) -> (SourceFile, ByteSpan) {
        if self.span.text(self.file.text()) == self.text {
            return (self.file.clone(), self.span);
        }
        let pos = self.file.pos(self.span.start);
        let (lines, columns) = (
            pos.line.saturating_sub(1) as usize,
            pos.column.saturating_sub(1) as usize,
        );
        // Padding costs its length for every such string: past a bound
        // (a huge or minified file) positions are left relative to the
        // string rather than make reading the file quadratic.
        let (lines, columns) = if lines + columns > MAX_PADDING {
            (0, 0)
        } else {
            (lines, columns)
        };
        let mut padded = "\n".repeat(lines);
        padded.extend(std::iter::repeat_n(' ', columns));
        let start = padded.len() as u32;
        padded.push_str(self.text);
        let end = padded.len() as u32;
        (
            SourceFile::new(self.file.name_arc().clone(), padded),
            ByteSpan::new(start, end),
        )
    }
}

/// Whether `text` read as a template can be anything but its own literal
/// text: it holds an interpolation or directive introducer (`${`, `%{`;
/// their escapes `$${` and `%%{` contain them too, so are read). A string
/// without one need not be parsed: it refers to nothing, evaluates to
/// itself and is written as quoted text.
pub(crate) fn has_template_sequence(text: &str) -> bool {
    text.contains("${") || text.contains("%{")
}

/// Parses embedded text as a standalone template. Returns the tree and the
/// file its spans refer to (the outer file when the text had no escapes).
pub fn parse_embedded_template(
    at: Embedded<'_>,
    options: &Limits,
) -> (Expr, SourceFile, Diagnostics) {
    parse_embedded(at, options, LexMode::Template, |p| p.template())
}

/// Parses embedded text as a native-syntax expression (newlines are
/// insignificant). Returns the tree and the file its spans refer to.
pub fn parse_embedded_expression(
    at: Embedded<'_>,
    options: &Limits,
) -> (Expr, SourceFile, Diagnostics) {
    parse_embedded(at, options, LexMode::Normal, |p| p.expression())
}

/// Lexes only the embedded span of the prepared file, in `mode`, and runs
/// `parse` over it.
fn parse_embedded(
    at: Embedded<'_>,
    options: &Limits,
    mode: LexMode,
    parse: impl FnOnce(Parser<'_>) -> (Expr, Diagnostics),
) -> (Expr, SourceFile, Diagnostics) {
    let (file, span) = at.prepare();
    let (expr, diags) = {
        let text = file.text();
        let lexer = Lexer::new(text.get(..span.end as usize).unwrap_or(text), mode)
            .starting_at(span.start as usize);
        parse(Parser::new(&file, lexer, options))
    };
    (expr, file, diags)
}

#[cfg(test)]
mod test {
    use super::*;

    fn at(file: &SourceFile, span: ByteSpan) -> (u32, u32) {
        let p = file.pos(span.start);
        (p.line, p.column)
    }

    #[test]
    fn embedded_text_without_escapes_parses_in_place() {
        let src = SourceFile::new("a.json", "{\n  \"a\": \"x ${ y }\"\n}");
        let (expr, file, diags) = parse_embedded_template(
            Embedded {
                file: &src,
                span: ByteSpan::new(10, 18),
                text: "x ${ y }",
            },
            &Limits::default(),
        );
        assert!(diags.is_empty());
        assert_eq!(file.name(), src.name());
        assert_eq!(at(&file, expr.span), (2, 9));
    }

    #[test]
    fn embedded_text_with_escapes_keeps_the_start_line_and_column() {
        // The JSON string `"\"q\" ${"` decodes to `"q" ${`.
        let src = SourceFile::new("a.json", "{\n  \"a\": \"\\\"q\\\" ${\"\n}");
        let (_, file, diags) = parse_embedded_template(
            Embedded {
                file: &src,
                span: ByteSpan::new(10, 19),
                text: "\"q\" ${",
            },
            &Limits::default(),
        );
        assert!(diags.has_errors());
        assert_eq!(file.name(), "a.json");
        let r = diags.iter().next().unwrap().subject.clone().unwrap();
        assert_eq!(r.start.line, 2);
        assert!(r.start.column >= 9, "{r}");
    }

    #[test]
    fn embedded_expression_reports_extra_characters() {
        let src = SourceFile::new("a.json", "\"a b\"");
        let (_, _, diags) = parse_embedded_expression(
            Embedded {
                file: &src,
                span: ByteSpan::new(1, 4),
                text: "a b",
            },
            &Limits::default(),
        );
        let d = diags.iter().next().unwrap();
        assert_eq!(d.summary, "Extra characters after expression");
        assert_eq!(d.subject.clone().unwrap().start.column, 4);
    }
}
