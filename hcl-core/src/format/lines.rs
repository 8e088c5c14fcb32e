//! Lines and their cells: what the passes indent, space and align.
//!
//! A line is the tokens up to and including a newline (a line comment
//! counts as one: it holds its newline). Each line splits into up to three
//! cells, whose first tokens the alignment pass lines up with the
//! neighbouring lines':
//!
//! - *lead*: everything before the other two (never empty when they are
//!   not);
//! - *assign*: from an attribute's `=` on, when the line assigns a whole
//!   expression (its brackets balance from the `=` on);
//! - *comment*: a line comment that ends a line holding other tokens.

use super::tokens::{bracket_change, Tokens};
use crate::native::token::{Token, TokenKind};

/// One line, as token indices: lead `start..assign`, assign
/// `assign..comment`, comment `comment..end`. An empty cell is an absent
/// one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Line {
    pub(super) start: usize,
    pub(super) assign: usize,
    pub(super) comment: usize,
    pub(super) end: usize,
}

impl Line {
    pub(super) fn lead(&self) -> std::ops::Range<usize> {
        self.start..self.assign
    }

    pub(super) fn assign(&self) -> std::ops::Range<usize> {
        self.assign..self.comment
    }

    pub(super) fn has_assign(&self) -> bool {
        self.assign < self.comment
    }

    pub(super) fn has_comment(&self) -> bool {
        self.comment < self.end
    }
}

/// Whether a token ends its line: a newline, or a line comment (which
/// holds its newline).
fn ends_line(t: &Token, src: &str) -> bool {
    match t.kind {
        TokenKind::Newline => true,
        TokenKind::Comment => src.as_bytes().get(t.end as usize - 1) == Some(&b'\n'),
        _ => false,
    }
}

/// The lines of `toks`, the last one (after the last newline) included
/// even when empty.
pub(super) fn lines(toks: &Tokens<'_>) -> Vec<Line> {
    let tokens = toks.line_tokens();
    let mut lines = Vec::with_capacity(tokens.len() / 4 + 1);
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if ends_line(t, toks.src) {
            lines.push(cells(tokens, start, i + 1));
            start = i + 1;
        }
    }
    lines.push(cells(tokens, start, tokens.len()));
    lines
}

/// Splits the line `start..end` into its cells.
fn cells(tokens: &[Token], start: usize, end: usize) -> Line {
    let line = &tokens[start..end];
    // A comment alone on its line stays in the lead, flush with the indent.
    let lead_end = match line {
        [_, .., last] if last.kind == TokenKind::Comment => end - 1,
        _ => end,
    };
    let mut assign = lead_end;
    // Only the first `=` counts, and only if what follows it closes every
    // bracket it opens: otherwise it starts a multi-line expression.
    // (The first token is never an attribute's `=`.)
    let first = (start + 1).min(lead_end);
    if let Some(eq) = tokens[first..lead_end]
        .iter()
        .position(|t| t.kind == TokenKind::Equal)
    {
        let eq = first + eq;
        let net: i32 = tokens[eq..lead_end]
            .iter()
            .map(|t| bracket_change(t.kind))
            .sum();
        if net == 0 {
            assign = eq;
        }
    }
    Line {
        start,
        assign,
        comment: lead_end,
        end,
    }
}
