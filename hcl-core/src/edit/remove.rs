//! What removing an item takes out of the text: the item, its lead
//! comments and its line comment, as hashicorp's hclwrite counts them
//! (they are part of the item's tokens there, and go with it), and the
//! lines they leave empty.
//!
//! - lead comments: the comments directly before the item, walking back
//!   while the tokens are comments: the comment lines above it (no blank
//!   line between, and none ending a line of code) and the comments
//!   before it on its own line;
//! - the line comment: comments after the item on its last line.

use super::splice::{line_end, line_start, Splice};
use crate::native::lexer::{LexMode, Lexer};
use crate::native::token::{Token, TokenKind};

/// Removes the item at bytes `start..end` with its comments: whole lines
/// when nothing else is on them, the item alone (and the blanks it would
/// leave at the end of its line) otherwise.
pub(super) fn remove_lines(text: &str, start: usize, end: usize) -> Splice {
    let tokens = tokens(text);
    let first = tokens.partition_point(|t| (t.start as usize) < start);
    let after = tokens.partition_point(|t| (t.start as usize) < end);
    let start = lead_start(text, &tokens, first).unwrap_or(start);
    let (end, line_ended) = line_comment_end(text, &tokens, after, end);
    let ls = line_start(text, start);
    let before_blank = text[ls..start].trim_matches([' ', '\t']).is_empty();
    if before_blank && line_ended {
        let le = line_end(text, end.saturating_sub(1).max(start));
        // A blank line left between nothing and nothing goes too: before
        // the end of the file or of a body, or before another blank line.
        let next = text[le..].lines().next().map(str::trim);
        let ends = matches!(next, None | Some("") | Some("}"));
        let above = ls.checked_sub(1).map(|nl| line_start(text, nl));
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

/// Every token of `text`, comments and newlines included.
pub(super) fn tokens(text: &str) -> Vec<Token> {
    let mut lexer = Lexer::new(text, LexMode::Normal);
    let mut out = Vec::new();
    // Every token but the end holds a byte: the count bounds the loop.
    for _ in 0..=text.len() {
        let t = lexer.next_token();
        if t.kind == TokenKind::Eof {
            break;
        }
        out.push(t);
    }
    out
}

/// Whether `t` ends its line (a newline, or a line comment, which holds
/// its newline).
fn ends_line(text: &str, t: &Token) -> bool {
    t.kind == TokenKind::Newline
        || text
            .get(t.start as usize..t.end as usize)
            .is_some_and(|s| s.ends_with('\n'))
}

/// Where the lead comments of the item whose first token is `tokens[first]`
/// start, when it has any.
fn lead_start(text: &str, tokens: &[Token], first: usize) -> Option<usize> {
    let mut from = first;
    while from > 0 && tokens[from - 1].kind == TokenKind::Comment {
        from -= 1;
    }
    // Comments on the line of the code before them belong to it: the lead
    // starts on the first line the comments have to themselves.
    while from < first {
        let starts_line = from == 0 || ends_line(text, &tokens[from - 1]);
        if starts_line {
            return Some(tokens[from].start as usize);
        }
        from += 1;
    }
    None
}

/// The end of the item ending at byte `end` (its first token after is
/// `tokens[after]`) with its line comment, and whether its line ends
/// there (only comments after it on that line).
pub(super) fn line_comment_end(
    text: &str,
    tokens: &[Token],
    after: usize,
    end: usize,
) -> (usize, bool) {
    let mut end = end;
    for t in tokens.get(after..).unwrap_or_default() {
        match t.kind {
            TokenKind::Comment if ends_line(text, t) => return (t.end as usize, true),
            TokenKind::Comment => end = t.end as usize,
            TokenKind::Newline => return (end, true),
            _ => return (end, false),
        }
    }
    (end, true)
}
