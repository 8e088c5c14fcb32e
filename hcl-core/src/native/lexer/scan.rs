//! Byte classes and word-at-a-time scans for the lexer's hot loops.

/// Bytes that may continue an ASCII identifier.
pub(super) static IDENT_CONT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
        b += 1;
    }
    t
};

/// What a byte that starts a token is to the main loop of
/// `Lexer::run_main` (one class per arm; [`Lead::Other`]: whatever it
/// leaves to `Lexer::lex_main`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(super) enum Lead {
    Blank,
    Newline,
    Name,
    Equal,
    Quote,
    Digit,
    OBrace,
    CBrace,
    /// `#` or `/`: a line comment if `#` or `//`.
    Comment,
    Comma,
    OBrack,
    CBrack,
    OParen,
    CParen,
    Dot,
    Colon,
    Question,
    Other,
}

/// The [`Lead`] of every byte: the same classes as `lex_main`'s `match`
/// (an ASCII letter or `_` starts a name; a non-ASCII start is `lex_main`'s
/// to judge).
pub(super) static LEAD: [Lead; 256] = {
    let mut t = [Lead::Other; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b' ' | b'\t' => Lead::Blank,
            b'\n' => Lead::Newline,
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Lead::Name,
            b'=' => Lead::Equal,
            b'"' => Lead::Quote,
            b'0'..=b'9' => Lead::Digit,
            b'{' => Lead::OBrace,
            b'}' => Lead::CBrace,
            b'#' | b'/' => Lead::Comment,
            b',' => Lead::Comma,
            b'[' => Lead::OBrack,
            b']' => Lead::CBrack,
            b'(' => Lead::OParen,
            b')' => Lead::CParen,
            b'.' => Lead::Dot,
            b':' => Lead::Colon,
            b'?' => Lead::Question,
            _ => Lead::Other,
        };
        c += 1;
    }
    t
};

/// Bytes that end a run of quoted-template literal text (or need a look).
pub(super) static QUOTED_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'$' as usize] = true;
    t[b'%' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// The first position from `p` where an eight-byte word of `b` holds a
/// byte that `candidates` flags (the high bit of each such byte set, as
/// the class functions below give), or where fewer than eight bytes are
/// left: the hot loops skip runs of uninteresting bytes this way and look
/// at the rest one byte at a time.
#[inline(always)]
pub(crate) fn skip_words(b: &[u8], mut p: usize, candidates: impl Fn(u64) -> u64) -> usize {
    while let Some(word) = b.get(p..p + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
        let found = candidates(u64::from_le_bytes(word));
        if found != 0 {
            // Little-endian: the lowest flagged bit is in the first such byte.
            return p + (found.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    p
}

/// Where a run of bytes that `in_run` accepts, from `p` on, ends within
/// whole eight-byte windows: the first byte it rejects and that byte, or
/// `None` where fewer than eight bytes are left (the caller looks at the
/// rest one byte at a time). Each byte is tested from a window whose
/// length is known, so that a byte costs a load, a class-table test and a
/// branch: no bounds check, and none of the constants of a word-wide test
/// (which costs some 30 instructions a word however short the run; most
/// names and strings of a configuration are shorter than a word).
#[inline(always)]
pub(super) fn run_end(b: &[u8], mut p: usize, in_run: impl Fn(u8) -> bool) -> (usize, Option<u8>) {
    while let Some(window) = b.get(p..p + 8).and_then(|w| <&[u8; 8]>::try_from(w).ok()) {
        for (i, &c) in window.iter().enumerate() {
            if !in_run(c) {
                return (p + i, Some(c));
            }
        }
        p += 8;
    }
    (p, None)
}

/// Where the run of spaces and tabs at `p` ends. Runs of spaces
/// (indentation, aligned `=` signs) are a large share of configuration text,
/// so they are skipped eight bytes at a time.
#[inline(always)]
pub(super) fn skip_blanks(b: &[u8], mut p: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    // A byte that differs from a space has a bit set: the run's end within
    // a word is found at once, however short the run (indentation and
    // alignment are mostly shorter than a word, and a second byte tested
    // first costs more than it saves). No space, no word: after most
    // newlines at the top level.
    if b.get(p) == Some(&b' ') {
        p = skip_words(b, p, |word| word ^ SPACES);
    }
    while let Some(b' ' | b'\t') = b.get(p) {
        p += 1;
    }
    p
}

pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH: u64 = ONES * 0x80;

/// The high bit of each byte of `v` (whose bytes are all below 0x80) that
/// lies in `lo..=hi`. No byte's subtraction borrows from its neighbour:
/// `v | 0x80` is at least `lo` and `hi | 0x80` exceeds `v`.
#[inline(always)]
pub(crate) const fn bytes_in(v: u64, lo: u8, hi: u8) -> u64 {
    let at_least_lo = (v | HIGH) - ONES * lo as u64;
    let at_most_hi = ONES * (hi as u64 | 0x80) - v;
    at_least_lo & at_most_hi & HIGH
}

/// The high bit of each byte of `word` (little-endian) that may be a
/// `QUOTED_STOP` byte: every ASCII control character, `"` to `%` (so `#` as
/// well) and `\\`. Never misses a stop byte; the few others are checked one
/// by one.
#[inline(always)]
pub(super) const fn quoted_stop_candidates(word: u64) -> u64 {
    let ascii = !word & HIGH;
    let v = word & !HIGH;
    let stop = bytes_in(v, 0, 0x1f) | bytes_in(v, b'"', b'%') | bytes_in(v, b'\\', b'\\');
    stop & ascii
}

/// Whether `c` starts an identifier and is ASCII.
#[inline(always)]
pub(super) fn ascii_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}
