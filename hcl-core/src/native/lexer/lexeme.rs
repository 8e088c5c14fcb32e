//! [`Lexeme`]: what the parser's lexer delivers, one token or a compound
//! lexeme standing for a run of them ([`Run`]).

use crate::native::token::{Token, TokenKind};

/// What the parser's lexer delivers: one token, or a compound lexeme that
/// stands for a run of them and that the parser can take whole (most
/// strings and names of a configuration are such runs, and one lexeme
/// instead of three or more saves the lexer mode changes and the parser
/// steps). A compound lexeme is the first token of its run, with the run
/// noted in what would be a token's padding: read as a token, every lexeme
/// is the next token. Only the parser's cursor looks further.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Lexeme {
    /// The kind of the token (of a run's first token).
    pub(crate) kind: TokenKind,
    /// The length in bytes of the run that a compound lexeme stands for
    /// (runs are at most `u16::MAX` long; a longer one is lexed token by
    /// token); 0 for one token. Which run it is follows from the kind
    /// ([`Lexeme::run`]), so that the parser's cursor notes one field less
    /// at every step.
    pub(crate) run_len: u16,
    /// Always 0: the byte next to `kind` and `run_len`, so that the three
    /// can be one 4-byte store instead of two beside a padding byte.
    pub(crate) zero: u8,
    /// Byte offset of the first byte.
    pub(crate) start: u32,
    /// Byte offset just past the token (the run's first token).
    pub(crate) end: u32,
}

/// The runs of tokens that a compound [`Lexeme`] stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Run {
    /// A quoted string that is one literal needing no decoding, such as
    /// `"text"` or `""`: `OQuote`, `QuotedLit` (when not empty), `CQuote`.
    PlainString,
    /// Names joined by dots with nothing between them, such as
    /// `var.region` (each part after a dot starting with an ASCII letter or
    /// `_`, the first not right after a dot): `Ident` (`Dot` `Ident`)+.
    DottedName,
}

impl Lexeme {
    /// The lexeme of one token.
    #[inline(always)]
    pub(crate) fn token(kind: TokenKind, start: u32, end: u32) -> Lexeme {
        Lexeme {
            kind,
            run_len: 0,
            zero: 0,
            start,
            end,
        }
    }

    /// The compound lexeme for `run` over `start..run_end` whose first
    /// token is `kind` and ends at `first_end` (the caller has checked
    /// that the run is at most `u16::MAX` bytes long).
    #[inline(always)]
    pub(super) fn compound(
        kind: TokenKind,
        run: Run,
        start: usize,
        first_end: usize,
        run_end: usize,
    ) -> Lexeme {
        debug_assert!(
            (run == Run::PlainString) == (kind == TokenKind::OQuote),
            "a run's kind tells which run it is"
        );
        Lexeme {
            kind,
            run_len: (run_end - start) as u16,
            zero: 0,
            start: start as u32,
            end: first_end as u32,
        }
    }

    /// The run that a compound lexeme stands for (a plain string starts
    /// with `"`, a dotted name with a name); `None` for one token.
    #[inline(always)]
    pub(crate) fn run(self) -> Option<Run> {
        match (self.run_len, self.kind) {
            (0, _) => None,
            (_, TokenKind::OQuote) => Some(Run::PlainString),
            _ => Some(Run::DottedName),
        }
    }

    /// The token the lexeme is (a compound lexeme: its run's first token).
    #[inline(always)]
    pub(crate) fn first(self) -> Token {
        Token {
            kind: self.kind,
            start: self.start,
            end: self.end,
        }
    }

    /// Where the lexeme ends: past its run, or past its token.
    #[inline]
    pub(crate) fn run_end(self) -> u32 {
        match self.run_len {
            0 => self.end,
            len => self.start + u32::from(len),
        }
    }
}
