//! The text an edit writes: laid out as the formatter lays it out, at the
//! indentation of the body it goes into, with the file's line endings.
//!
//! Only the breaks between tokens are layout. The lines inside a heredoc
//! or a comment that spans lines are text: they keep their bytes, line
//! endings included (a heredoc's lines are its value, and the formatter
//! leaves them as they are for that reason too).

use crate::native::lexer::{LexMode, Lexer};
use crate::native::token::TokenKind;

/// How the document writes its lines, as far as new text must match.
#[derive(Clone, Copy)]
pub(super) struct Style {
    /// `\r\n` when the file's first line ends so: a file keeps one line
    /// ending throughout.
    pub(super) newline: &'static str,
}

impl Style {
    /// The style of `text`.
    pub(super) fn of(text: &str) -> Style {
        let crlf = text.find('\n').is_some_and(|i| text[..i].ends_with('\r'));
        Style {
            newline: if crlf { "\r\n" } else { "\n" },
        }
    }
}

/// `text` (items, or `name = expr`) formatted as at the top level, then
/// every line that starts with a token (the first included, blank lines
/// not) moved right by `indent`, and every break between tokens written
/// with the style's line ending. `None` when formatting would make the
/// text too large.
pub(super) fn lay_out(text: &str, indent: &str, style: Style) -> Option<String> {
    let limit = text.len().saturating_mul(2).saturating_add(1 << 20);
    let formatted = crate::format::format_tokens(text, limit)?;
    let mut out = String::with_capacity(formatted.len() + formatted.len() / 8 + indent.len());
    if starts_code(&formatted) {
        out.push_str(indent);
    }
    let mut copied = 0;
    let mut lexer = Lexer::new(&formatted, LexMode::Normal);
    // Every token but the end holds a byte: the count bounds the loop.
    for _ in 0..=formatted.len() {
        let t = lexer.next_token();
        if t.kind == TokenKind::Eof {
            break;
        }
        let end = t.end as usize;
        let token = formatted.get(t.start as usize..end).unwrap_or("");
        // A line comment holds the newline that ends its line.
        let breaks =
            t.kind == TokenKind::Newline || (t.kind == TokenKind::Comment && token.ends_with('\n'));
        if !breaks {
            continue;
        }
        let line = formatted.get(copied..end).unwrap_or("");
        let line = line.strip_suffix('\n').unwrap_or(line);
        out.push_str(line.strip_suffix('\r').unwrap_or(line));
        out.push_str(style.newline);
        copied = end;
        if starts_code(formatted.get(end..).unwrap_or("")) {
            out.push_str(indent);
        }
    }
    out.push_str(formatted.get(copied..).unwrap_or(""));
    Some(out)
}

/// Whether a line starting `rest` holds a token (it is not blank, and not
/// the end of the text).
fn starts_code(rest: &str) -> bool {
    !(rest.is_empty() || rest.starts_with(['\n', '\r']))
}

/// The expression of `name = expr`, laid out by [`lay_out`] for a line
/// indented by `indent` (its first line goes after the `=`).
pub(super) fn lay_out_expr(name: &str, expr: &str, indent: &str, style: Style) -> Option<String> {
    let laid = lay_out(&format!("{name} = {expr}"), indent, style)?;
    let (_, value) = laid.split_once('=')?;
    Some(value.trim_start_matches(' ').to_owned())
}
