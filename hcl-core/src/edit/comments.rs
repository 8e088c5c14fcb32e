//! An item's comments, as hashicorp's hclwrite counts them: they are part
//! of the item's tokens there, and go with it wherever it goes (removed,
//! or added from the new text of an update).
//!
//! - lead comments: the comments directly before the item, walking back
//!   while the tokens are comments: the comment lines above it (no blank
//!   line between, and none ending a line of code) and the comments
//!   before it on its own line;
//! - the line comment: comments after the item on its last line.

use crate::native::lexer::{LexMode, Lexer};
use crate::native::token::{Token, TokenKind};

/// The item at bytes `item` of `text` (whose tokens are `tokens`) with
/// its lead comments and line comment, and whether its line ends there
/// (only comments after it on that line).
pub(super) fn with_comments(
    text: &str,
    tokens: &[Token],
    item: std::ops::Range<usize>,
) -> (std::ops::Range<usize>, bool) {
    let first = tokens.partition_point(|t| (t.start as usize) < item.start);
    let after = tokens.partition_point(|t| (t.start as usize) < item.end);
    let start = lead_start(text, tokens, first).unwrap_or(item.start);
    let (end, line_ended) = line_comment_end(text, tokens, after, item.end);
    (start..end, line_ended)
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
