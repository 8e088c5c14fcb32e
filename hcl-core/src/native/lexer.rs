//! The infallible native-syntax lexer.
//!
//! Dispatches on the first byte of each token and scans runs with static class
//! tables and `memchr`. Templates need a mode stack: a quoted template or a
//! heredoc pushes its mode, an interpolation or directive (`${`, `%{`) pushes
//! the main mode back, and the brace that closes the sequence pops it (the
//! lexer counts braces, as the reference scanner does). Tokens are produced on
//! demand, so the parser never holds more than a few of them.
//!
//! For the parser, two compound lexemes stand for runs of tokens (see
//! [`Lexeme`]): a quoted string with no escape or sequence, and a dotted
//! name written without spaces. Only the parser's lexer makes them; the
//! public token stream ([`Lexer::next_token`]) never holds one. Byte
//! classes and word-at-a-time scans live in `scan`, template text in
//! `template`.

use super::token::{Token, TokenKind};

mod lexeme;
mod scan;
mod template;

pub(crate) use lexeme::{Lexeme, Run};
use scan::{ascii_ident_start, run_end, skip_blanks, Lead, IDENT_CONT, LEAD, QUOTED_STOP};
pub(crate) use scan::{bytes_in, skip_words, HIGH};

/// Where lexing starts: expression (and configuration) syntax, or a bare
/// template.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LexMode {
    /// Configuration files and standalone expressions.
    Normal,
    /// Standalone templates: literal text with `${` and `%{` sequences.
    Template,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Main,
    Quoted,
    Heredoc,
    Bare,
}

#[derive(Clone, Copy, Debug)]
struct Heredoc {
    marker_start: u32,
    marker_end: u32,
    start_of_line: bool,
}

/// The kinds the parser reports lexical problems for (bitwise operators,
/// stray punctuation, newlines in strings, invalid characters).
#[inline(always)]
pub(crate) fn needs_lexical_check(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Amp
            | TokenKind::Pipe
            | TokenKind::Caret
            | TokenKind::Tilde
            | TokenKind::Backtick
            | TokenKind::Apostrophe
            | TokenKind::Semicolon
            | TokenKind::QuotedNewline
            | TokenKind::Invalid
    )
}

/// The byte that marks where invalid UTF-8 was replaced (see
/// [`Lexer::with_bad_utf8_marker`]).
pub(crate) const BAD_UTF8_MARKER: u8 = 0x1A;

/// An on-demand token stream over one source text.
#[derive(Debug)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    /// The current mode.
    mode: Mode,
    /// The modes to return to, innermost last (the current one is not
    /// here: a lexer that never leaves its first mode allocates nothing,
    /// which spares a small file's parse a malloc and a free).
    modes: Vec<Mode>,
    braces: i64,
    ret_braces: Vec<i64>,
    heredocs: Vec<Heredoc>,
    bad_utf8_marker: bool,
    /// Whether a newline token also covers the blank lines and the
    /// indentation after it (see `Lexer::merging_blank_lines`).
    merge_blank_lines: bool,
    /// Whether a quoted string without escapes or sequences and a dotted
    /// name are each one compound [`Lexeme`] (see
    /// `Lexer::with_compound_tokens`).
    compound_tokens: bool,
    /// Where the first escape (`\\…`, `$${`, `%%{`) in a quoted literal
    /// is, `u32::MAX` until one is lexed: literals that end before it need
    /// no decoding, which spares the parser a scan of nearly every one.
    first_escape: u32,
    /// Set when a token of a kind that [`needs_lexical_check`] names is
    /// emitted, so that the parser scans a batch for them only then.
    noted: bool,
    /// Where tokens are emitted: each path pushes its token straight into
    /// the output (building it in place keeps the hot loop out of memory
    /// round trips).
    out: Vec<Lexeme>,
    /// Set when `Eof` has been emitted.
    done: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`, skipping a UTF-8 byte order mark at its start.
    pub fn new(src: &'a str, mode: LexMode) -> Lexer<'a> {
        let pos = if src.starts_with('\u{feff}') { 3 } else { 0 };
        let mode = match mode {
            LexMode::Normal => Mode::Main,
            LexMode::Template => Mode::Bare,
        };
        Lexer {
            src,
            pos,
            mode,
            modes: Vec::new(),
            braces: 0,
            ret_braces: Vec::new(),
            heredocs: Vec::new(),
            bad_utf8_marker: false,
            merge_blank_lines: false,
            compound_tokens: false,
            noted: false,
            first_escape: u32::MAX,
            out: Vec::new(),
            done: false,
        }
    }

    /// Treats the byte 0x1A as a stand-in for invalid UTF-8 (the entry point
    /// for raw bytes substitutes it and reports the encoding problem itself).
    pub fn with_bad_utf8_marker(mut self) -> Lexer<'a> {
        self.bad_utf8_marker = true;
        self
    }

    /// Skips the blank lines after a newline token (the token's span is
    /// still the first newline): for the parser, where a run of newlines
    /// means what one does, and each token costs a round trip.
    #[cfg(test)]
    pub(crate) fn merging_blank_lines(mut self) -> Lexer<'a> {
        self.merge_blank_lines = true;
        self
    }

    /// Lexes a quoted string that is one literal without escapes (most
    /// strings of a configuration) as one [`Run::PlainString`] lexeme
    /// instead of three tokens and two mode changes, and a dotted name
    /// (`var.region`) as one [`Run::DottedName`]: for the parser,
    /// whose cursor knows these lexemes.
    #[cfg(test)]
    pub(crate) fn with_compound_tokens(mut self) -> Lexer<'a> {
        self.compound_tokens = true;
        self
    }

    /// The parser's options, set in place (the parser's lexer is a field of
    /// the parser; a builder taking and giving back the lexer copied it):
    /// blank lines merged and, if `compound_tokens`, compound lexemes, as
    /// the tests' `merging_blank_lines` and `with_compound_tokens` set them.
    pub(crate) fn set_parser_options(&mut self, compound_tokens: bool) {
        self.merge_blank_lines = true;
        self.compound_tokens |= compound_tokens;
    }

    /// Whether the quoted literal ending at `lit_end`, already lexed, may hold an escape
    /// (`false` is certain; `true` asks for a look).
    #[inline]
    pub(crate) fn may_have_escapes(&self, lit_end: u32) -> bool {
        lit_end > self.first_escape
    }

    /// Starts at byte `pos` instead of the beginning, so that text embedded
    /// in a larger file (a JSON string) lexes with the file's offsets.
    pub(crate) fn starting_at(mut self, pos: usize) -> Lexer<'a> {
        self.pos = pos.min(self.bytes().len());
        self
    }

    /// Appends lexemes to `out` until it holds `limit` of them or the end
    /// is reached; returns whether [`TokenKind::Eof`] was appended. Lexing
    /// in batches lets the compiler build each lexeme in place.
    pub(crate) fn lex_into(&mut self, out: &mut Vec<Lexeme>, limit: usize) -> bool {
        self.done = false;
        while out.len() < limit && !self.done {
            if self.mode == Mode::Main {
                // The parser's options (both on) as constants: the main
                // loop tests neither at each newline or string.
                if self.merge_blank_lines && self.compound_tokens {
                    self.run_main::<true>(out, limit);
                } else {
                    self.run_main::<false>(out, limit);
                }
            } else {
                std::mem::swap(&mut self.out, out);
                self.lex_one();
                std::mem::swap(&mut self.out, out);
            }
        }
        self.done
    }

    /// Main-mode tokens into `out` until it holds `limit`, the mode
    /// changes or the end is reached. The commonest tokens are lexed here
    /// with the position in a register (`out` is not the lexer's, so
    /// pushing to it cannot change the lexer's fields as far as the
    /// compiler knows); the rest go through [`Lexer::lex_main`].
    #[inline(always)]
    fn run_main<const PARSER_OPTIONS: bool>(&mut self, out: &mut Vec<Lexeme>, limit: usize) {
        use TokenKind as K;
        let src = self.src;
        // (The source's bytes as held in a register, not reloaded from
        // `self`; taken from `src`, so that the name scans, which read
        // `src`, share the registers.)
        let b = src.as_bytes();
        let mut p = self.pos;
        let at = |i: usize| b.get(i).copied().unwrap_or(0);
        // (The options, read once: the calls to `lex_main` below could
        // change them as far as the compiler knows, so that it would
        // reload them at every newline and string.)
        let (merge_blank_lines, compound_tokens) = if PARSER_OPTIONS {
            (true, true)
        } else {
            (self.merge_blank_lines, self.compound_tokens)
        };
        macro_rules! emit {
            ($kind:expr, $start:expr, $end:expr) => {{
                let (start, end): (usize, usize) = ($start, $end);
                out.push(Lexeme::token($kind, start as u32, end as u32));
                p = end;
            }};
            ($lexeme:expr, $end:expr) => {{
                let (l, end): (Lexeme, usize) = ($lexeme, $end);
                out.push(l);
                p = end;
            }};
        }
        // Most blank runs are one space after a name, `=`, `,` or a string
        // (`a = 1`, `[1, 2]`, `b "l" {`): their arms step over it (a name's
        // scan and `=` have read the byte already), and `skip_blanks` is
        // asked for the rest. (Stepped at the top of the loop, a space
        // costs a test before every token.)
        let space_after = |end: usize, next: u8| end + usize::from(next == b' ');
        while out.len() < limit {
            let Some(&c) = b.get(p) else {
                // (The end is handled here, not after the loop: a test
                // there of why the loop ended costs an instruction in
                // every round.)
                self.pos = p;
                std::mem::swap(&mut self.out, out);
                self.eof();
                std::mem::swap(&mut self.out, out);
                return;
            };
            // One class-table load and a jump, with no range check (the
            // table's values are the enum's): a `match` on the byte itself
            // compiles to a range check, a jump table and, for letters, a
            // second test of the byte.
            match LEAD[c as usize] {
                Lead::Blank => p = skip_blanks(b, p),
                Lead::Newline => {
                    emit!(K::Newline, p, p + 1);
                    if merge_blank_lines {
                        p = Self::blank_lines_end(b, p);
                    }
                }
                Lead::Name => {
                    let first = ident_cont_end(src, p + 1);
                    match self.dotted_name(p, first) {
                        Some((l, end)) => {
                            emit!(l, end);
                            p = space_after(p, at(p));
                        }
                        None => {
                            emit!(K::Ident, p, first.0);
                            // (A name is often aligned: `port     = 1`.)
                            if first.1 == b' ' {
                                p = if at(p + 1) == b' ' {
                                    skip_blanks(b, p + 1)
                                } else {
                                    p + 1
                                };
                            }
                        }
                    }
                }
                Lead::Equal if !matches!(at(p + 1), b'=' | b'>') => {
                    let next = at(p + 1);
                    emit!(K::Equal, p, p + 1);
                    p = space_after(p, next);
                }
                Lead::Quote if compound_tokens => match Self::plain_string_end(b, p) {
                    Some(end) => {
                        emit!(
                            Lexeme::compound(K::OQuote, Run::PlainString, p, p + 1, end),
                            end
                        );
                        p = space_after(p, at(p));
                    }
                    None => {
                        self.push_mode(Mode::Quoted);
                        emit!(K::OQuote, p, p + 1);
                        self.pos = p;
                        return;
                    }
                },
                Lead::Digit => {
                    let end = Self::number_end(b, p);
                    emit!(K::Number, p, end);
                }
                Lead::OBrace => {
                    self.braces += 1;
                    emit!(K::OBrace, p, p + 1);
                }
                // (A `}` inside a sequence, which may close it, is
                // `lex_main`'s.)
                Lead::CBrace if self.ret_braces.is_empty() => {
                    self.braces -= 1;
                    emit!(K::CBrace, p, p + 1);
                }
                // (Terraform files use `//` as much as `#`; a lone `/` and
                // `/*` are `lex_main`'s.)
                Lead::Comment if c == b'#' || at(p + 1) == b'/' => {
                    emit!(K::Comment, p, Self::line_end(b, p))
                }
                Lead::Comma => {
                    emit!(K::Comma, p, p + 1);
                    p = space_after(p, at(p));
                }
                Lead::OBrack => emit!(K::OBrack, p, p + 1),
                Lead::CBrack => emit!(K::CBrack, p, p + 1),
                Lead::OParen => emit!(K::OParen, p, p + 1),
                Lead::CParen => emit!(K::CParen, p, p + 1),
                Lead::Dot if at(p + 1) != b'.' => emit!(K::Dot, p, p + 1),
                Lead::Colon if at(p + 1) != b':' => emit!(K::Colon, p, p + 1),
                Lead::Question => emit!(K::Question, p, p + 1),
                _ => {
                    // Everything else, and whatever changes the mode.
                    self.pos = p;
                    std::mem::swap(&mut self.out, out);
                    self.lex_main();
                    std::mem::swap(&mut self.out, out);
                    p = self.pos;
                    if self.mode != Mode::Main || self.done {
                        return;
                    }
                }
            }
        }
        self.pos = p;
    }

    /// The next token; [`TokenKind::Eof`] (repeatedly) at the end.
    pub fn next_token(&mut self) -> Token {
        // One token at a time is never a compound lexeme (the parser's
        // batches are).
        let compound = std::mem::replace(&mut self.compound_tokens, false);
        let l = self.next_lexeme();
        self.compound_tokens = compound;
        debug_assert!(l.run().is_none(), "no compound lexeme one at a time");
        l.first()
    }

    /// The next lexeme, one at a time (through `lex_main` only; the tests
    /// compare it with the batches).
    pub(crate) fn next_lexeme(&mut self) -> Lexeme {
        self.lex_one();
        self.out.pop().unwrap_or_else(|| {
            let n = self.bytes().len() as u32;
            Lexeme::token(TokenKind::Eof, n, n)
        })
    }

    /// Emits the next token.
    #[inline(always)]
    fn lex_one(&mut self) {
        match self.mode {
            Mode::Main => self.lex_main(),
            Mode::Quoted => self.lex_quoted(),
            Mode::Heredoc => self.lex_heredoc(),
            Mode::Bare => self.lex_bare(),
        }
    }

    fn push_mode(&mut self, m: Mode) {
        self.modes.push(self.mode);
        self.mode = m;
    }

    /// Returns to the mode before the last push; the first mode is never
    /// left.
    fn pop_mode(&mut self) {
        if let Some(m) = self.modes.pop() {
            self.mode = m;
        }
    }

    /// The source's bytes (read from `src` every time, not kept beside it:
    /// one copy of the pointer and length lets the compiler hold them in
    /// one pair of registers).
    #[inline(always)]
    fn bytes(&self) -> &'a [u8] {
        self.src.as_bytes()
    }

    #[inline]
    fn at(&self, i: usize) -> u8 {
        self.bytes().get(i).copied().unwrap_or(0)
    }

    /// Whether a token of a kind that [`needs_lexical_check`] names was
    /// emitted since the last call.
    pub(crate) fn take_noted(&mut self) -> bool {
        std::mem::take(&mut self.noted)
    }

    #[inline(always)]
    fn tok(&mut self, kind: TokenKind, start: usize, len: usize) {
        // (Every such kind is emitted here: `run_main` emits none of them.)
        if needs_lexical_check(kind) {
            self.noted = true;
        }
        self.pos = start + len;
        self.out
            .push(Lexeme::token(kind, start as u32, (start + len) as u32));
    }

    fn eof(&mut self) {
        let n = self.bytes().len();
        self.done = true;
        self.tok(TokenKind::Eof, n, 0);
    }

    #[inline(always)]
    fn lex_main(&mut self) {
        let b = self.bytes();
        let p = skip_blanks(b, self.pos);
        self.pos = p;
        let Some(&c) = b.get(p) else {
            return self.eof();
        };
        use TokenKind as K;
        match c {
            b'\n' => self.newline(p, 1),
            b'\r' if self.at(p + 1) == b'\n' => self.newline(p, 2),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.ident(p),
            b'0'..=b'9' => self.number(p),
            b'"' => {
                if self.compound_tokens {
                    if let Some(end) = Self::plain_string_end(b, p) {
                        self.pos = end;
                        let l = Lexeme::compound(K::OQuote, Run::PlainString, p, p + 1, end);
                        return self.out.push(l);
                    }
                }
                self.push_mode(Mode::Quoted);
                self.tok(K::OQuote, p, 1)
            }
            b'#' => self.line_comment(p),
            b'/' => match self.at(p + 1) {
                b'/' => self.line_comment(p),
                b'*' => match crate::byte_search::find_pair(*b"*/", &b[p + 2..]) {
                    Some(i) => self.tok(K::Comment, p, i + 4),
                    None => self.tok(K::Invalid, p, b.len() - p),
                },
                _ => self.tok(K::Slash, p, 1),
            },
            b'{' => {
                self.braces += 1;
                self.tok(K::OBrace, p, 1)
            }
            b'}' => self.close_brace(p, 1, false),
            b'~' if self.at(p + 1) == b'}' => self.close_brace(p, 2, true),
            b'<' => match self.at(p + 1) {
                b'=' => self.tok(K::Le, p, 2),
                b'<' => self.heredoc_open(p),
                _ => self.tok(K::Lt, p, 1),
            },
            b'=' => match self.at(p + 1) {
                b'=' => self.tok(K::EqEq, p, 2),
                b'>' => self.tok(K::FatArrow, p, 2),
                _ => self.tok(K::Equal, p, 1),
            },
            b'!' if self.at(p + 1) == b'=' => self.tok(K::NotEq, p, 2),
            b'!' => self.tok(K::Bang, p, 1),
            b'>' if self.at(p + 1) == b'=' => self.tok(K::Ge, p, 2),
            b'>' => self.tok(K::Gt, p, 1),
            b'&' if self.at(p + 1) == b'&' => self.tok(K::AndAnd, p, 2),
            b'&' => self.tok(K::Amp, p, 1),
            b'|' if self.at(p + 1) == b'|' => self.tok(K::OrOr, p, 2),
            b'|' => self.tok(K::Pipe, p, 1),
            b':' if self.at(p + 1) == b':' => self.tok(K::DoubleColon, p, 2),
            b':' => self.tok(K::Colon, p, 1),
            b'.' if self.at(p + 1) == b'.' && self.at(p + 2) == b'.' => self.tok(K::Ellipsis, p, 3),
            b'.' => self.tok(K::Dot, p, 1),
            b'[' => self.tok(K::OBrack, p, 1),
            b']' => self.tok(K::CBrack, p, 1),
            b'(' => self.tok(K::OParen, p, 1),
            b')' => self.tok(K::CParen, p, 1),
            b',' => self.tok(K::Comma, p, 1),
            b'*' => self.tok(K::Star, p, 1),
            b'%' => self.tok(K::Percent, p, 1),
            b'+' => self.tok(K::Plus, p, 1),
            b'-' => self.tok(K::Minus, p, 1),
            b'?' => self.tok(K::Question, p, 1),
            b'^' => self.tok(K::Caret, p, 1),
            b'~' => self.tok(K::Tilde, p, 1),
            b';' => self.tok(K::Semicolon, p, 1),
            b'`' => self.tok(K::Backtick, p, 1),
            b'\'' => self.tok(K::Apostrophe, p, 1),
            BAD_UTF8_MARKER if self.bad_utf8_marker => {
                let mut e = p;
                while self.at(e) == BAD_UTF8_MARKER {
                    e += 1;
                }
                self.tok(K::BadUtf8, p, e - p)
            }
            0x80.. => {
                let ch = self.src[p..].chars().next().unwrap_or('\u{fffd}');
                if unicode_ident::is_xid_start(ch) {
                    self.ident(p)
                } else {
                    self.tok(K::Invalid, p, ch.len_utf8())
                }
            }
            _ => self.tok(K::Invalid, p, 1),
        }
    }

    /// Where the quoted string opening at `open` ends (after its closing
    /// quote) if it is one literal that `lex_quoted` would take whole and
    /// that needs no decoding: no escape, no sequence, no newline.
    #[inline(always)]
    fn plain_string_end(b: &[u8], open: usize) -> Option<usize> {
        // Most strings are one run of text up to the closing quote: that
        // stop byte is tested alone, before the dispatch on the others
        // (escapes, sequences, a `$` or `%` that is text, the last bytes of
        // the input). (Out of line, that dispatch costs more: the call
        // makes the main loop keep fewer values in registers.)
        match run_end(b, open + 1, |c| !QUOTED_STOP[c as usize]) {
            (end, Some(b'"')) => Self::plain_string_closed(open, end),
            (end, _) => Self::plain_string_end_after(b, open, end),
        }
    }

    /// The end of a plain string opening at `open` whose closing quote is
    /// at `close`, if a lexeme can note it.
    #[inline(always)]
    fn plain_string_closed(open: usize, close: usize) -> Option<usize> {
        // (A run longer than a lexeme can note is lexed token by token.)
        (close + 1 - open <= usize::from(u16::MAX)).then_some(close + 1)
    }

    /// [`Lexer::plain_string_end`] from `p` on, where the first scan
    /// stopped at something else than a closing quote (looked at again
    /// here).
    #[inline(always)]
    fn plain_string_end_after(b: &[u8], open: usize, mut p: usize) -> Option<usize> {
        loop {
            let (end, stop) = run_end(b, p, |c| !QUOTED_STOP[c as usize]);
            p = end;
            let c = match stop {
                Some(c) => c,
                None => *b.get(p)?,
            };
            match c {
                b'"' => return Self::plain_string_closed(open, p),
                b'$' | b'%' => match template::literal_sigil(b, p) {
                    Some(1) => p += 1,
                    _ => return None,
                },
                b'\\' | b'\r' | b'\n' => return None,
                _ => p += 1,
            }
        }
    }

    #[inline(always)]
    fn newline(&mut self, start: usize, len: usize) {
        self.tok(TokenKind::Newline, start, len);
        if self.merge_blank_lines {
            self.pos = Self::blank_lines_end(self.bytes(), self.pos);
        }
    }

    /// Up to the first non-blank character after the newline ending at
    /// `p` (the next token's start).
    #[inline(always)]
    fn blank_lines_end(b: &[u8], mut p: usize) -> usize {
        loop {
            p = skip_blanks(b, p);
            match b.get(p) {
                Some(b'\n') => p += 1,
                Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p += 2,
                _ => return p,
            }
        }
    }

    #[inline(always)]
    fn ident(&mut self, start: usize) {
        let end = self.ident_end(start);
        match self.dotted_name(start, (end, self.at(end))) {
            Some((l, end)) => {
                self.pos = end;
                self.out.push(l);
            }
            None => self.tok(TokenKind::Ident, start, end - start),
        }
    }

    /// With compound tokens, the dotted name starting at `start` whose
    /// first name ends at `end`, before the byte `next` (0 at the end of the
    /// input), if there is one: its lexeme and end. (A name longer than a
    /// lexeme can note is lexed token by token.)
    #[inline(always)]
    fn dotted_name(&self, start: usize, (end, next): (usize, u8)) -> Option<(Lexeme, usize)> {
        if next == b'.'
            && self.compound_tokens
            && ascii_ident_start(self.at(end + 1))
            && (start == 0 || self.at(start - 1) != b'.')
        {
            let mut run_end = end;
            while self.at(run_end) == b'.' && ascii_ident_start(self.at(run_end + 1)) {
                run_end = ident_cont_end(self.src, run_end + 2).0;
            }
            if run_end - start > usize::from(u16::MAX) {
                return None;
            }
            let l = Lexeme::compound(TokenKind::Ident, Run::DottedName, start, end, run_end);
            return Some((l, run_end));
        }
        None
    }

    /// Where the identifier starting at `start` ends.
    #[inline(always)]
    fn ident_end(&self, start: usize) -> usize {
        // The first character was checked by the caller.
        let first = match self.bytes().get(start) {
            Some(&c) if c >= 0x80 => self.src[start..].chars().next().map_or(1, char::len_utf8),
            _ => 1,
        };
        ident_cont_end(self.src, start + first).0
    }

    /// `digit ("." | digit | [eE][+-]?digit)*`, not ending in `.`, as the
    /// reference scanner reads it (so `0.1` after a dot is one token).
    #[inline(always)]
    fn number(&mut self, start: usize) {
        let end = Self::number_end(self.bytes(), start);
        self.tok(TokenKind::Number, start, end - start)
    }

    /// Where the number starting at `start` in `b` ends. (Given the bytes,
    /// not `self`: `run_main` holds them in registers.)
    #[inline(always)]
    fn number_end(b: &[u8], start: usize) -> usize {
        let at = |i: usize| b.get(i).copied().unwrap_or(0);
        let mut p = start + 1;
        let mut good = p;
        loop {
            match at(p) {
                b'0'..=b'9' => {
                    p += 1;
                    good = p;
                }
                b'.' => p += 1,
                b'e' | b'E' => {
                    let q = if matches!(at(p + 1), b'+' | b'-') {
                        p + 2
                    } else {
                        p + 1
                    };
                    if at(q).is_ascii_digit() {
                        p = q + 1;
                        good = p;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        good
    }

    #[inline(always)]
    fn line_comment(&mut self, start: usize) {
        let end = Self::line_end(self.bytes(), start);
        self.tok(TokenKind::Comment, start, end - start)
    }

    /// Just past the newline that ends the line holding `start` in `b` (or
    /// the end of the input).
    #[inline(always)]
    fn line_end(b: &[u8], start: usize) -> usize {
        match crate::byte_search::find(b'\n', b.get(start..).unwrap_or_default()) {
            Some(i) => start + i + 1,
            None => b.len(),
        }
    }

    #[inline(always)]
    fn close_brace(&mut self, start: usize, len: usize, tilde: bool) {
        if self.ret_braces.last() == Some(&self.braces) {
            self.ret_braces.pop();
            self.braces -= 1;
            self.pop_mode();
            return self.tok(TokenKind::TemplateSeqEnd, start, len);
        }
        self.braces -= 1;
        let kind = if tilde {
            // A `~}` that closes no sequence: let the parser report it.
            TokenKind::TemplateSeqEnd
        } else {
            TokenKind::CBrace
        };
        self.tok(kind, start, len)
    }

    /// `<<` or `<<-`, an identifier and a newline open a heredoc; anything
    /// else is a `<`.
    fn heredoc_open(&mut self, start: usize) {
        let mut p = start + 2;
        if self.at(p) == b'-' {
            p += 1;
        }
        let marker_start = p;
        let c = self.at(p);
        let ident_start = c.is_ascii_alphabetic()
            || c == b'_'
            || (c >= 0x80
                && self.src[p..]
                    .chars()
                    .next()
                    .is_some_and(unicode_ident::is_xid_start));
        if !ident_start {
            return self.tok(TokenKind::Lt, start, 1);
        }
        let marker_end = self.ident_end(p);
        let nl = match (self.at(marker_end), self.at(marker_end + 1)) {
            (b'\n', _) => 1,
            (b'\r', b'\n') => 2,
            _ => return self.tok(TokenKind::Lt, start, 1),
        };
        self.heredocs.push(Heredoc {
            marker_start: marker_start as u32,
            marker_end: marker_end as u32,
            start_of_line: true,
        });
        self.push_mode(Mode::Heredoc);
        self.tok(TokenKind::OHeredoc, start, marker_end + nl - start)
    }
}

/// Where the identifier characters from `p` on end (`p` itself may be the
/// end), and the byte there (0 at the end of the input): the scan has read
/// it, and the caller looks at it next.
#[inline(always)]
fn ident_cont_end(src: &str, mut p: usize) -> (usize, u8) {
    let b = src.as_bytes();
    // Identifiers are the commonest tokens, and most are short (`port`,
    // `enabled`): each byte is looked up in the class table, from an
    // eight-byte window whose length is known, so that a byte costs a load,
    // a test and a branch (no bounds check, no word arithmetic: a word-wide
    // class test costs some 35 instructions however short the name). The
    // loop below finishes the last bytes and names with non-ASCII
    // characters. (`scan::run_end` written out: through it, the lexer
    // costs 3.6% more instructions on the decode benchmark's config, a
    // matter of code generation.)
    'words: while let Some(window) = b.get(p..p + 8).and_then(|w| <&[u8; 8]>::try_from(w).ok()) {
        for (i, &c) in window.iter().enumerate() {
            if !IDENT_CONT[c as usize] {
                p += i;
                // An ASCII stop byte is certain (the table is exact for
                // ASCII): done without reading it again.
                if c < 0x80 {
                    return (p, c);
                }
                break 'words;
            }
        }
        p += 8;
    }
    loop {
        match b.get(p) {
            Some(&c) if IDENT_CONT[c as usize] => p += 1,
            Some(&c) if c >= 0x80 => match src.get(p..).and_then(|s| s.chars().next()) {
                Some(ch) if unicode_ident::is_xid_continue(ch) => p += ch.len_utf8(),
                _ => return (p, c),
            },
            Some(&c) => return (p, c),
            None => return (p, 0),
        }
    }
}

#[cfg(test)]
mod test;
