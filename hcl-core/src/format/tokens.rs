//! The token stream the passes work on: the native lexer's tokens, comments
//! and newlines included, each with the number of spaces written before it.

use unicode_segmentation::UnicodeSegmentation;

use crate::native::columns::literal_columns;
use crate::native::lexer::{LexMode, Lexer};
use crate::native::token::{Token, TokenKind};

/// A source text lexed for formatting.
///
/// `spaces[i]` is what the passes rewrite: the blanks written before
/// `tokens[i]`. It starts as the count of bytes skipped before the token, as
/// the reference starts (a tab counts as one space, and a byte order mark as
/// three, which no pass keeps except before the end of the input).
pub(super) struct Tokens<'a> {
    pub(super) src: &'a str,
    /// Every token, ending with [`TokenKind::Eof`].
    pub(super) tokens: Vec<Token>,
    pub(super) spaces: Vec<u32>,
}

impl<'a> Tokens<'a> {
    /// Lexes `src` whole. The lexer keeps every byte but blanks (spaces and
    /// tabs between tokens) and a leading byte order mark in a token, so
    /// writing the tokens back with their spaces loses nothing else.
    pub(super) fn lex(src: &'a str) -> Tokens<'a> {
        // A plain lexer (no compound lexemes): every lexeme is one token.
        let mut lexer = Lexer::new(src, LexMode::Normal);
        // A token per four bytes is about what configuration files hold.
        let mut lexemes = Vec::with_capacity(src.len() / 4 + 2);
        loop {
            let limit = lexemes.len() + 4096;
            if lexer.lex_into(&mut lexemes, limit) {
                break;
            }
        }
        let tokens: Vec<Token> = lexemes.iter().map(|l| l.first()).collect();
        let mut spaces = Vec::with_capacity(tokens.len());
        let mut last_end = 0;
        for t in &tokens {
            spaces.push(t.start.saturating_sub(last_end));
            last_end = t.end;
        }
        Tokens {
            src,
            tokens,
            spaces,
        }
    }

    /// The tokens that belong to lines: all but the final end of input.
    pub(super) fn line_tokens(&self) -> &[Token] {
        match self.tokens.split_last() {
            Some((last, rest)) if last.kind == TokenKind::Eof => rest,
            _ => &self.tokens,
        }
    }

    /// The text of token `i`.
    pub(super) fn text(&self, i: usize) -> &'a str {
        self.tokens
            .get(i)
            .and_then(|t| self.src.get(t.start as usize..t.end as usize))
            .unwrap_or("")
    }

    /// The columns token `i` takes, as the reference counts them: its
    /// grapheme clusters (a literal's counted in the pieces the reference's
    /// scanner cuts it into, see [`literal_columns`]). ASCII without a
    /// carriage return has one per byte (`\r\n` is one cluster).
    fn width(&self, i: usize) -> usize {
        let text = self.text(i);
        if text.is_ascii() && !text.as_bytes().contains(&b'\r') {
            return text.len();
        }
        match self.tokens.get(i).map(|t| t.kind) {
            Some(TokenKind::QuotedLit) => literal_columns(text, true),
            Some(TokenKind::StringLit) => literal_columns(text, false),
            _ => text.graphemes(true).count(),
        }
    }

    /// The columns tokens `from..to` take with their spaces: a space is one
    /// column, a token as many as it has grapheme clusters (as the
    /// reference counts them, so that `"🇬🇧"` is three columns wide).
    pub(super) fn columns(&self, from: usize, to: usize) -> usize {
        (from..to)
            .map(|i| self.spaces.get(i).copied().unwrap_or(0) as usize + self.width(i))
            .sum()
    }

    /// The formatted text: each token after its spaces. `None` when it
    /// would be longer than `limit` bytes.
    pub(super) fn write(&self, limit: usize) -> Option<String> {
        self.write_keeping(limit, None)
    }

    /// [`write`](Self::write), keeping as written every gap whose count of
    /// spaces is the one in `unchanged` (tabs included): what a pass that
    /// resizes a few gaps of a file it does not format writes.
    pub(super) fn write_keeping(&self, limit: usize, unchanged: Option<&[u32]>) -> Option<String> {
        let spaces: usize = self.spaces.iter().map(|&s| s as usize).sum();
        let text: usize = self.tokens.iter().map(|t| t.len() as usize).sum();
        let len = spaces + text;
        if len > limit {
            return None;
        }
        let mut out = String::with_capacity(len);
        // Where tokens keep the spaces they had (in a formatted file,
        // nearly all), the source is copied a run at a time.
        let src = self.src;
        let (mut run, mut end) = (0, 0);
        for (i, (t, &s)) in self.tokens.iter().zip(&self.spaces).enumerate() {
            let start = t.start as usize;
            let gap = src.as_bytes().get(end..start).unwrap_or_default();
            let kept = match unchanged {
                Some(before) => before.get(i) == Some(&s),
                None => s as usize == gap.len() && gap.iter().all(|&b| b == b' '),
            };
            if !kept {
                out.push_str(src.get(run..end).unwrap_or(""));
                push_spaces(&mut out, s as usize);
                run = start;
            }
            end = t.end as usize;
        }
        out.push_str(src.get(run..end).unwrap_or(""));
        Some(out)
    }
}

fn push_spaces(out: &mut String, n: usize) {
    const SPACES: &str = "                                ";
    let mut left = n;
    while left > 0 {
        let chunk = left.min(SPACES.len());
        out.push_str(&SPACES[..chunk]);
        left -= chunk;
    }
}

/// How a token changes the bracket depth: openers (`{`, `[`, `(`, `${`,
/// `%{`) +1, closers (`}`, `]`, `)`, a template sequence's `}`) -1.
pub(super) fn bracket_change(kind: TokenKind) -> i32 {
    use TokenKind as K;
    match kind {
        K::OBrace | K::OBrack | K::OParen | K::TemplateControl | K::TemplateInterp => 1,
        K::CBrace | K::CBrack | K::CParen | K::TemplateSeqEnd => -1,
        _ => 0,
    }
}
