//! The JSON scanner: splits bytes into tokens and never fails.
//!
//! Like the reference scanner it is lax about the multi-byte tokens (a
//! number token is any run of number-ish bytes, a keyword any run of
//! letters) so that the parser can name what the author meant ("`True` is
//! not a valid JSON keyword. Did you mean `true`?"). Unlike it, the scanner
//! produces one token at a time, so parsing allocates no token list.

/// What a token is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tok {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    /// `=`: scanned only to tell authors that JSON uses `:`.
    Equals,
    String,
    Number,
    Keyword,
    /// A byte that starts no token; the scanner stops after it.
    Invalid,
    Eof,
}

impl Tok {
    /// Whether a token of this kind opens a nested value.
    pub(crate) fn is_open(self) -> bool {
        matches!(self, Tok::BraceO | Tok::BrackO)
    }

    /// Whether a token of this kind closes a nested value.
    pub(crate) fn is_close(self) -> bool {
        matches!(self, Tok::BraceC | Tok::BrackC)
    }
}

/// The string token contains at least one backslash escape.
pub(crate) const STR_ESCAPES: u8 = 1;
/// The string token contains a raw control character.
pub(crate) const STR_CONTROL: u8 = 2;
/// The string token has no closing quote.
pub(crate) const STR_UNTERMINATED: u8 = 4;

/// One token: its kind and byte range; `flags` describe string tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Token {
    pub(crate) kind: Tok,
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) flags: u8,
}

/// Byte classes for first-byte dispatch.
const WS: u8 = 1;
const NUM: u8 = 2;
const ALPHA: u8 = 3;
const PUNCT: u8 = 4;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = WS;
    t[b'\t' as usize] = WS;
    t[b'\n' as usize] = WS;
    t[b'\r' as usize] = WS;
    let mut b = b'0';
    while b <= b'9' {
        t[b as usize] = NUM;
        b += 1;
    }
    t[b'-' as usize] = NUM;
    t[b'+' as usize] = NUM;
    t[b'.' as usize] = NUM;
    let mut b = b'a';
    while b <= b'z' {
        t[b as usize] = ALPHA;
        t[(b - b'a' + b'A') as usize] = ALPHA;
        b += 1;
    }
    t[b'{' as usize] = PUNCT;
    t[b'}' as usize] = PUNCT;
    t[b'[' as usize] = PUNCT;
    t[b']' as usize] = PUNCT;
    t[b',' as usize] = PUNCT;
    t[b':' as usize] = PUNCT;
    t[b'=' as usize] = PUNCT;
    t
};

/// Bytes that end the fast run inside a string: the quote, the backslash
/// and the control characters.
static STR_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

fn is_number_byte(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
}

fn is_keyword_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// A cursor over the source bytes.
pub(crate) struct Scanner<'a> {
    src: &'a [u8],
    pos: usize,
    stopped: bool,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `src` (at most `u32::MAX` bytes; the
    /// parser checks).
    pub(crate) fn new(src: &'a [u8]) -> Scanner<'a> {
        Scanner {
            src,
            pos: 0,
            stopped: false,
        }
    }

    /// Whether the scanner has met a byte that starts no token (and gives
    /// only `Eof` from then on).
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    fn token(&self, kind: Tok, start: usize, flags: u8) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
            flags,
        }
    }

    /// The next token; `Eof` forever once the input (or an invalid byte)
    /// is reached.
    pub(crate) fn next_token(&mut self) -> Token {
        if self.stopped {
            return self.token(Tok::Eof, self.pos, 0);
        }
        while let Some(&b) = self.src.get(self.pos) {
            if CLASS[b as usize] != WS {
                break;
            }
            self.pos += 1;
        }
        let start = self.pos;
        let Some(&first) = self.src.get(start) else {
            return self.token(Tok::Eof, start, 0);
        };
        match CLASS[first as usize] {
            PUNCT => {
                self.pos += 1;
                let kind = match first {
                    b'{' => Tok::BraceO,
                    b'}' => Tok::BraceC,
                    b'[' => Tok::BrackO,
                    b']' => Tok::BrackC,
                    b',' => Tok::Comma,
                    b':' => Tok::Colon,
                    _ => Tok::Equals,
                };
                self.token(kind, start, 0)
            }
            NUM => {
                self.pos = self.run(start, is_number_byte);
                self.token(Tok::Number, start, 0)
            }
            ALPHA => {
                self.pos = self.run(start, is_keyword_byte);
                self.token(Tok::Keyword, start, 0)
            }
            _ if first == b'"' => self.string(start),
            _ => {
                // One whole character, so that the range never splits it.
                let len = match first {
                    0xF0..=0xFF => 4,
                    0xE0..=0xEF => 3,
                    0xC0..=0xDF => 2,
                    _ => 1,
                };
                self.pos = (start + len).min(self.src.len());
                self.stopped = true;
                self.token(Tok::Invalid, start, 0)
            }
        }
    }

    fn run(&self, start: usize, class: fn(u8) -> bool) -> usize {
        let rest = self.src.get(start..).unwrap_or_default();
        start + rest.iter().position(|&b| !class(b)).unwrap_or(rest.len())
    }

    /// A string token: up to and including the closing quote. A line break
    /// ends an unterminated string (the quote was most likely forgotten);
    /// other control characters are flagged and scanning goes on.
    fn string(&mut self, start: usize) -> Token {
        let mut i = start + 1;
        let mut flags = 0;
        loop {
            let rest = self.src.get(i..).unwrap_or_default();
            match rest.iter().position(|&b| STR_STOP[b as usize]) {
                None => {
                    self.pos = self.src.len();
                    return self.token(Tok::String, start, flags | STR_UNTERMINATED);
                }
                Some(n) => i += n,
            }
            match self.src.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    return self.token(Tok::String, start, flags);
                }
                Some(b'\\') => {
                    flags |= STR_ESCAPES;
                    // The escaped byte may be a quote or a backslash; the
                    // parser checks that the escape is valid.
                    i += 2;
                    if i > self.src.len() {
                        self.pos = self.src.len();
                        return self.token(Tok::String, start, flags | STR_UNTERMINATED);
                    }
                }
                Some(b'\n') => {
                    self.pos = i;
                    return self.token(Tok::String, start, flags | STR_UNTERMINATED);
                }
                _ => {
                    flags |= STR_CONTROL;
                    i += 1;
                }
            }
        }
    }
}
