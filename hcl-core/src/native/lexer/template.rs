//! Template text: quoted strings, heredocs and bare templates, and the
//! `${`/`%{` sequences that return to the main mode.

use super::scan::{quoted_stop_candidates, QUOTED_STOP};
use super::{Lexer, Mode};
use crate::native::token::TokenKind;

impl Lexer<'_> {
    /// `${`/`%{` (with an optional `~`): enters the main mode until the
    /// matching `}`.
    pub(super) fn open_sequence(&mut self, kind: TokenKind, start: usize) {
        let len = if self.at(start + 2) == b'~' { 3 } else { 2 };
        self.braces += 1;
        self.ret_braces.push(self.braces);
        self.push_mode(Mode::Main);
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.tok(kind, start, len)
    }

    /// Checks for a template sequence opener at `p`.
    #[inline]
    pub(super) fn sequence_at(&self, p: usize) -> Option<TokenKind> {
        match (self.at(p), self.at(p + 1)) {
            (b'$', b'{') => Some(TokenKind::TemplateInterp),
            (b'%', b'{') => Some(TokenKind::TemplateControl),
            _ => None,
        }
    }

    /// Steps over a `$` or `%` inside literal text: `$${`/`%%{` are escapes
    /// (three bytes); a lone one is one byte. Returns `None` at an opener.
    #[inline]
    pub(super) fn literal_sigil(&self, p: usize) -> Option<usize> {
        literal_sigil(self.bytes(), p)
    }

    #[inline(always)]
    pub(super) fn lex_quoted(&mut self) {
        let b = self.bytes();
        let start = self.pos;
        let Some(&c) = b.get(start) else {
            return self.eof();
        };
        if c == b'"' {
            self.pop_mode();
            return self.tok(TokenKind::CQuote, start, 1);
        }
        if let Some(kind) = self.sequence_at(start) {
            return self.open_sequence(kind, start);
        }
        if c == b'\r' || c == b'\n' {
            let mut p = start;
            while matches!(self.at(p), b'\r' | b'\n') {
                p += 1;
            }
            return self.tok(TokenKind::QuotedNewline, start, p - start);
        }
        let mut p = start;
        loop {
            // Literals average some 28 bytes: eight at a time up to a byte
            // that may end the run (`scan::skip_words` written out: through
            // it, this loop cost 0.8% more parse instructions, a matter of
            // code layout; the byte-table scan of `plain_string_end`,
            // `scan::run_end`, cost the corpus some 0.5% here).
            while let Some(word) = b.get(p..p + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
                let stop = quoted_stop_candidates(u64::from_le_bytes(word));
                if stop != 0 {
                    p += (stop.trailing_zeros() / 8) as usize;
                    break;
                }
                p += 8;
            }
            let Some(&c) = b.get(p) else {
                break;
            };
            if !QUOTED_STOP[c as usize] {
                p += 1;
                continue;
            }
            match c {
                b'\\' => {
                    // The escaped character goes with it. A backslash at the
                    // end of a line (or of the input) escapes nothing: it is
                    // a token of its own, an invalid character, as the
                    // reference scans it ("Invalid character", then the
                    // string is unterminated at it).
                    match self.src.get(p + 1..).and_then(|s| s.chars().next()) {
                        Some(ch) if ch != '\r' && ch != '\n' => {
                            self.first_escape = self.first_escape.min(p as u32);
                            p += 1 + ch.len_utf8();
                        }
                        _ if p == start => return self.tok(TokenKind::Invalid, start, 1),
                        _ => break,
                    }
                }
                b'$' | b'%' => match self.literal_sigil(p) {
                    // A sigil that ends the input is no text
                    // ([`Lexer::invalid_to_end`]).
                    Some(_) if p + 1 == b.len() => break,
                    Some(n) => {
                        if n == 3 {
                            self.first_escape = self.first_escape.min(p as u32);
                        }
                        p += n
                    }
                    None => break,
                },
                _ => break,
            }
        }
        // Nothing read (an opener, a line break or a backslash at the start
        // was taken above): a sigil that ends the input.
        if p == start {
            return self.invalid_to_end(start);
        }
        self.tok(TokenKind::QuotedLit, start, p - start)
    }

    /// An invalid character at `start` in template text, taking the rest of
    /// the input with it: where the reference's template scanner finds no
    /// text it can read (a `$` or `%` that ends the input, which may start
    /// a sequence; a carriage return without its line feed in a heredoc),
    /// all that follows is one invalid token, at which the template is
    /// unterminated.
    #[cold]
    fn invalid_to_end(&mut self, start: usize) {
        let len = self.bytes().len() - start;
        self.tok(TokenKind::Invalid, start, len)
    }

    #[inline(always)]
    pub(super) fn lex_heredoc(&mut self) {
        let b = self.bytes();
        let start = self.pos;
        if start >= b.len() {
            return self.eof();
        }
        let Some(hd) = self.heredocs.last().copied() else {
            self.pop_mode();
            return self.lex_main();
        };
        if hd.start_of_line {
            let line_end =
                crate::byte_search::find(b'\n', &b[start..]).map_or(b.len(), |i| start + i);
            let mut content_end = line_end;
            if content_end > start && b[content_end - 1] == b'\r' {
                content_end -= 1;
            }
            let marker = &self.src[hd.marker_start as usize..hd.marker_end as usize];
            let line = self.src.get(start..content_end).unwrap_or("");
            if line.trim() == marker {
                self.heredocs.pop();
                self.pop_mode();
                return self.tok(TokenKind::CHeredoc, start, content_end - start);
            }
        }
        if let Some(kind) = self.sequence_at(start) {
            return self.open_sequence(kind, start);
        }
        let mut p = start;
        let mut eol = false;
        loop {
            match crate::byte_search::find3(b'\n', b'$', b'%', &b[p..]) {
                None => {
                    p = b.len();
                    break;
                }
                Some(i) => {
                    p += i;
                    if b[p] == b'\n' {
                        p += 1;
                        eol = true;
                        break;
                    }
                    match self.literal_sigil(p) {
                        // A sigil that ends the input is no text.
                        Some(_) if p + 1 == b.len() => break,
                        Some(n) => p += n,
                        None => break,
                    }
                }
            }
        }
        // The text read also stops at a carriage return without its line
        // feed, which the template scanner does not read (rare, and searched
        // for in the text read only).
        let lone_cr = crate::byte_search::find(b'\r', &b[start..p])
            .map(|i| start + i)
            .filter(|&r| b.get(r + 1) != Some(&b'\n'));
        if let Some(r) = lone_cr {
            p = r;
            eol = false;
        }
        // Nothing read at all (no opener: taken above): a lone carriage
        // return or a sigil that ends the input.
        if p == start {
            return self.invalid_to_end(start);
        }
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = eol;
        }
        self.tok(TokenKind::StringLit, start, p - start)
    }

    #[inline(always)]
    pub(super) fn lex_bare(&mut self) {
        let b = self.bytes();
        let start = self.pos;
        if start >= b.len() {
            return self.eof();
        }
        if let Some(kind) = self.sequence_at(start) {
            return self.open_sequence(kind, start);
        }
        let mut p = start;
        loop {
            match crate::byte_search::find2(b'$', b'%', &b[p..]) {
                None => {
                    p = b.len();
                    break;
                }
                Some(i) => {
                    p += i;
                    match self.literal_sigil(p) {
                        Some(n) => p += n,
                        None => break,
                    }
                }
            }
        }
        self.tok(TokenKind::StringLit, start, p - start)
    }
}

/// [`Lexer::literal_sigil`] in `b`.
#[inline(always)]
pub(super) fn literal_sigil(b: &[u8], p: usize) -> Option<usize> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let c = at(p);
    match at(p + 1) {
        b'{' => None,
        n if n == c && at(p + 2) == b'{' => Some(3),
        _ => Some(1),
    }
}
