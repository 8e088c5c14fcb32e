//! What removing an item takes out of the text: the item with its
//! comments (see [`super::comments`]), and the lines they leave empty.

use super::comments::{tokens, with_comments};
use super::splice::{line_end, line_start, Splice};
use crate::native::token::{Token, TokenKind};

/// Removes the item at bytes `start..end` with its comments: whole lines
/// when nothing else is on them, the item alone (and the blanks it would
/// leave at the end of its line) otherwise.
pub(super) fn remove_lines(text: &str, start: usize, end: usize) -> Splice {
    let tokens = tokens(text);
    let (std::ops::Range { start, end }, line_ended) = with_comments(text, &tokens, start..end);
    let ls = line_start(text, start);
    let before_blank = text[ls..start].trim_matches([' ', '\t']).is_empty();
    if before_blank && line_ended {
        let le = line_end(text, end.saturating_sub(1).max(start));
        // A blank line left between nothing and nothing goes too: before
        // the end of the file or of a body, or before another blank line.
        let next = text[le..].lines().next().map(str::trim);
        let ends = matches!(next, None | Some("") | Some("}"));
        // (The line above, when there is one: the first line may start
        // after a byte order mark.)
        let above = ls
            .checked_sub(1)
            .filter(|&nl| text.as_bytes().get(nl) == Some(&b'\n'))
            .map(|nl| line_start(text, nl));
        let blank_above = above.is_some_and(|a| a < ls && text[a..ls].trim().is_empty());
        let start = match above {
            Some(a) if ends && blank_above => a,
            _ => ls,
        };
        return Splice {
            at: start..le,
            text: String::new(),
        };
    }
    if let Some(at) = between_braces(&tokens, start, end) {
        // `b { x = 1 }`: the body is left empty, written `{}` as the
        // formatter writes an empty one-line body (and hclwrite leaves it).
        return Splice {
            at,
            text: String::new(),
        };
    }
    // Code shares the line: the item goes with the blanks on one side, so
    // that none are left at the end of the line or doubled inside it.
    let rest = &text[end..];
    let blanks_after = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let before = &text[ls..start];
    let blanks_before = before.len() - before.trim_end_matches([' ', '\t']).len();
    let at = if rest[blanks_after..].starts_with(['\n', '\r']) || blanks_after == rest.len() {
        start - blanks_before..end
    } else {
        start..end + blanks_after
    };
    Splice {
        at,
        text: String::new(),
    }
}

/// The blanks between the braces of a one-line body whose only content
/// is the item at `start..end` (with its comments), when it is that.
fn between_braces(tokens: &[Token], start: usize, end: usize) -> Option<std::ops::Range<usize>> {
    let first = tokens.partition_point(|t| (t.start as usize) < start);
    let after = tokens.partition_point(|t| (t.start as usize) < end);
    let open = tokens.get(first.checked_sub(1)?)?;
    let close = tokens.get(after)?;
    (open.kind == TokenKind::OBrace && close.kind == TokenKind::CBrace)
        .then_some(open.end as usize..close.start as usize)
}
