//! The spacing pass: one space or none between neighbouring tokens of a
//! cell, decided by [`space_after`], a table of rules tried in order.

use super::lines::Line;
use super::tokens::{bracket_change, Tokens};
use crate::native::token::TokenKind;

/// Sets the spaces between the tokens of each lead and assign cell (the
/// first token of a cell is left to the indentation and alignment passes,
/// except that an assign cell's `=` gets one space for a start).
pub(super) fn space(toks: &mut Tokens<'_>, lines: &[Line]) {
    for line in lines {
        if line.has_assign() {
            toks.spaces[line.assign] = 1;
        }
        for cell in [line.lead(), line.assign()] {
            for i in cell.start + 1..cell.end {
                let before = (i >= cell.start + 2).then(|| toks.tokens[i - 2].kind);
                let subject = toks.tokens[i - 1].kind;
                let after = toks.tokens[i].kind;
                let is_in = subject == TokenKind::Ident && toks.text(i - 1) == "in";
                let space = space_after(before, subject, is_in, after)
                    || (subject == TokenKind::Number
                        && after == TokenKind::Dot
                        && continues_number(toks.text(i + 1)));
                toks.spaces[i] = u32::from(space);
            }
        }
    }
}

/// Whether `text`, right after `1.`, would lex as more of that number
/// (`5`, `e5`), so that `1 .5` or `x.0 .1` written without the space
/// would become `1.5` or `x.0.1`: another number, or an invalid legacy
/// index. The reference formatter joins them anyway; we keep one space
/// before the dot, so that formatting never changes what a file means
/// (a deliberate difference, see COMPAT.md).
fn continues_number(text: &str) -> bool {
    matches!(
        text.as_bytes(),
        [b'0'..=b'9', ..] | [b'e' | b'E', b'0'..=b'9', ..]
    )
}

/// Whether a space separates `subject` from the `after` that follows it in
/// a cell; `before` is the token before `subject` in the cell (`None` at
/// its start) and `is_in` tells whether `subject` is the word `in`.
///
/// The first rule that applies decides; most tokens are separated.
pub(super) fn space_after(
    before: Option<TokenKind>,
    subject: TokenKind,
    is_in: bool,
    after: TokenKind,
) -> bool {
    use TokenKind as K;
    let opens = bracket_change(subject) > 0;
    let after_closes = bracket_change(after) < 0;
    match (subject, after) {
        // Never a space at the end of a line.
        (_, K::Newline) => false,
        // A function's name and its `(`: `f(x)`.
        (K::Ident, K::OParen) => false,
        // Attribute access: `a.b`; and namespaced function names,
        // `provider::p::f` (see COMPAT.md).
        (K::Dot | K::DoubleColon, _) | (_, K::Dot | K::DoubleColon) => false,
        // `a, b` and `f(xs...)`.
        (_, K::Comma | K::Ellipsis) => false,
        (K::Comma, _) => true,
        // Template text is kept as written; its delimiters hug it.
        (K::QuotedLit | K::StringLit | K::OQuote | K::OHeredoc, _)
        | (_, K::QuotedLit | K::StringLit | K::CQuote | K::CHeredoc) => false,
        // The keyword of `for x in [a]`, which is not an index `in[a]`.
        (K::Ident, _) if is_in && before == Some(K::Ident) => true,
        // Indexing: `a[0]`, `f(x)[0]`, `[1][0]`.
        (K::Ident | K::Number, K::OBrack) => false,
        (_, K::OBrack) if bracket_change(subject) < 0 => false,
        // Logical not: `!a`.
        (K::Bang, _) => false,
        // A minus after something that cannot end an operand is a negation:
        // `-1`, `(-a)`, `a * -b`.
        (K::Minus, _) => !matches!(
            before,
            None | Some(
                K::OParen
                    | K::OBrace
                    | K::OBrack
                    | K::Equal
                    | K::Colon
                    | K::Comma
                    | K::Question
                    | K::Plus
                    | K::Star
                    | K::Slash
                    | K::Percent
                    | K::Minus
                    | K::EqEq
                    | K::NotEq
                    | K::Gt
                    | K::Ge
                    | K::Lt
                    | K::Le
                    | K::AndAnd
                    | K::OrOr
                    | K::Bang
            )
        ),
        // Braces are spaced inside, `{ a = 1 }`, but empty ones are `{}`.
        (K::OBrace, K::CBrace) => false,
        (K::OBrace, _) | (_, K::CBrace) => true,
        // An object alone in a sequence: `${ { a = 1 } }`.
        (K::TemplateInterp | K::TemplateControl, K::OBrace) => true,
        (K::CBrace, K::TemplateSeqEnd) => true,
        // Sequences side by side: `${a}${b}`.
        (K::TemplateSeqEnd, K::TemplateInterp | K::TemplateControl) => false,
        // Nothing just inside other brackets: `[a]`, `(a)`, `${a}`.
        _ if opens || after_closes => false,
        _ => true,
    }
}
