//! Where a new value goes in place of an old one that has something after
//! it on its line, when the new value spans lines.
//!
//! - the `}` of a one-line body (`b { x = 1 }`): the body is opened up
//!   first, as adding an item to it does, so that the value's lines are
//!   laid out under the attribute's (and the body keeps the shape the
//!   other edits expect: its `}` on a line of its own);
//! - comments after a value replaced by one that ends in a heredoc: the
//!   closing marker must be alone on its line, so they go above the
//!   attribute, at its indentation. There they are still the attribute's
//!   own (lead comments, which go with it when it is removed, as hclwrite
//!   counts them); on the line after the marker, where hclwrite's
//!   `SetAttributeRaw` leaves them, they would read as the next item's.
//!   Another multi-line value keeps them after its last line.

use super::comments::{line_comment_end, tokens};
use super::layout::Style;
use super::splice::{line_indent, line_start, Splice};
use crate::native::lexer::{LexMode, Lexer};
use crate::native::token::TokenKind;

/// Where a new value goes in place of an old one.
pub(super) enum Place {
    /// The splice that puts it there.
    Here(Splice),
    /// The splice that puts it there, with the comments after the old
    /// value moved above the attribute: a line that splits the run of
    /// `=` the attribute was in.
    Moved(Splice),
    /// The old value is followed by the `}` of a one-line body, and the
    /// new one spans lines: open the body up, then place the value again.
    OpenUp,
}

/// Where `laid`, an expression laid out for the line of the attribute
/// that starts at byte `item`, goes in place of the expression at `at`:
/// in its place, with the comments after it on its line moved above the
/// attribute when `laid` ends in a heredoc's closing marker; after its
/// body is opened up when it spans lines and a `}` follows it.
pub(super) fn place(
    text: &str,
    item: usize,
    at: std::ops::Range<usize>,
    laid: String,
    style: Style,
) -> Place {
    if !laid.contains('\n') {
        return Place::Here(Splice { at, text: laid });
    }
    let tokens = tokens(text);
    let after = tokens.partition_point(|t| (t.start as usize) < at.end);
    let (end, line_ended) = line_comment_end(text, &tokens, after, at.end);
    if !line_ended {
        return Place::OpenUp;
    }
    if !ends_in_heredoc(&laid) {
        return Place::Here(Splice { at, text: laid });
    }
    // The comments, one space apart as the formatter spaces them (the
    // padding that lined them up with other lines' means nothing above).
    let moved: Vec<&str> = tokens[after..]
        .iter()
        .take_while(|t| (t.end as usize) <= end)
        .filter_map(|t| text.get(t.start as usize..t.end as usize))
        .map(str::trim_end)
        .filter(|c| !c.is_empty())
        .collect();
    let moved = moved.join(" ");
    if moved.is_empty() {
        return Place::Here(Splice { at, text: laid });
    }
    // The comments go, and the blanks before them; the break that ends
    // the line stays.
    let cut = at.end + text.get(at.end..end).unwrap_or("").trim_end().len();
    let start = line_start(text, item);
    let indent = line_indent(text, item);
    let head = text.get(start..at.start).unwrap_or("");
    Place::Moved(Splice {
        at: start..cut,
        text: format!("{indent}{moved}{nl}{head}{laid}", nl = style.newline),
    })
}

/// Whether expression text ends with a heredoc's closing marker (which
/// must end its line).
fn ends_in_heredoc(expr: &str) -> bool {
    let mut lexer = Lexer::new(expr, LexMode::Normal);
    let mut last = None;
    // Every token but the end holds a byte: the count bounds the loop.
    for _ in 0..=expr.len() {
        match lexer.next_token().kind {
            TokenKind::Eof => break,
            TokenKind::Newline => {}
            kind => last = Some(kind),
        }
    }
    last == Some(TokenKind::CHeredoc)
}
