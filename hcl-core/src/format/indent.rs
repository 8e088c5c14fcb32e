//! The indentation pass: two spaces per level, levels counted from the
//! brackets each line opens and closes.
//!
//! A line whose brackets open more than they close indents the lines after
//! it one level, however many it opens; the level remembers how many, so
//! that the closing is undone in the same steps. A line that closes more
//! than the innermost level opened pops levels until the count is used up.
//! This keeps unbalanced layouts (`[[` on one line, `]` and `]` on two)
//! from drifting. The line that closes a level is itself dedented; the
//! line that opens one is not yet indented.

use super::lines::Line;
use super::tokens::{bracket_change, Tokens};
use crate::native::token::TokenKind;

/// Sets the spaces before the first token of every line.
pub(super) fn indent(toks: &mut Tokens<'_>, lines: &[Line]) {
    // Each entry: how many brackets the line that opened the level opened.
    let mut levels: Vec<i32> = Vec::with_capacity(16);
    for line in lines {
        let lead = line.lead();
        let Some(first) = toks.tokens.get(lead.start) else {
            continue;
        };
        if lead.is_empty() {
            continue;
        }
        if first.kind == TokenKind::Newline {
            // A blank line keeps no trailing blanks.
            toks.spaces[lead.start] = 0;
            continue;
        }
        let mut net = 0;
        for t in &toks.tokens[lead.clone()] {
            net += bracket_change(t.kind);
            // A heredoc's text is not code: its brackets do not count.
            if t.kind == TokenKind::OHeredoc {
                break;
            }
        }
        // (The assign cell counts whole, heredoc or not, as the reference
        // counts it.)
        net += toks.tokens[line.assign()]
            .iter()
            .map(|t| bracket_change(t.kind))
            .sum::<i32>();
        if net > 0 {
            toks.spaces[lead.start] = 2 * levels.len() as u32;
            levels.push(net);
            continue;
        }
        let mut closed = -net;
        while closed > 0 {
            let Some(top) = levels.last_mut() else {
                break;
            };
            if closed >= *top {
                closed -= *top;
                levels.pop();
            } else {
                *top -= closed;
                closed = 0;
            }
        }
        toks.spaces[lead.start] = 2 * levels.len() as u32;
    }
}
