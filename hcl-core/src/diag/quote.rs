//! Text quoted the way the reference quotes it in its messages: Go's
//! `strconv.Quote` (the `%q` verb), which keeps printable characters —
//! combining marks and wide characters included — and escapes the rest.
//! Rust's `{:?}` escapes differently (`"e\u{301}"` where Go writes `"é"`),
//! so every message that names something from the input goes through here.

use std::fmt::{self, Write};

/// A string that displays as Go's `strconv.Quote` writes it: in double
/// quotes, with `"` and `\` escaped, `\a \b \f \n \r \t \v` for those
/// controls, and `\xNN`, `\uNNNN` or `\UNNNNNNNN` for any other character Go
/// does not count as printable. Displaying writes straight into the
/// formatter, so quoting inside `format!` builds no string of its own.
///
/// ```
/// use hcl_core::diag::quoted;
/// assert_eq!(quoted("e\u{301}").to_string(), "\"e\u{301}\"");
/// assert_eq!(format!("named {}", quoted("a\"b\\\t\u{1}")), r#"named "a\"b\\\t\x01""#);
/// assert_eq!(quoted("\u{feff}𝒳").to_string(), "\"\\ufeff𝒳\"");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

/// `s`, to be displayed as the reference's `%q` shows it (see [`Quoted`]).
pub fn quoted(s: &str) -> Quoted<'_> {
    Quoted(s)
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.chars() {
            escape_into(f, c, '"')?;
        }
        f.write_char('"')
    }
}

/// How many characters of a value an [`Excerpt`] shows.
pub(crate) const MAX_EXCERPT_CHARS: usize = 1000;

/// Text from a value (a string that did not convert, a key that was not
/// found), quoted as [`Quoted`] quotes it but cut after
/// 1 000 characters, the cut marked by `…` after the
/// closing quote. A value can be as long as the evaluation's budget allows,
/// and a loop can report one diagnostic an element: quoted whole, ten
/// thousand diagnostics about a 1 MB string took 10 GB.
///
/// ```
/// use hcl_core::diag::excerpt;
/// assert_eq!(excerpt("short").to_string(), "\"short\"");
/// let long = "x".repeat(5000);
/// assert_eq!(excerpt(&long).to_string(), format!("\"{}\"…", "x".repeat(1000)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(&'a str);

/// `s`, to be displayed as [`quoted`] displays it but at most
/// 1 000 characters long (see [`Excerpt`]).
pub fn excerpt(s: &str) -> Excerpt<'_> {
    Excerpt(s)
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(MAX_EXCERPT_CHARS) {
            Some((cut, _)) => write!(f, "{}…", quoted(&self.0[..cut])),
            None => quoted(self.0).fmt(f),
        }
    }
}

/// `text`, a message that names a value without quoting it (as Go's
/// `regexp` names a pattern), cut after [`MAX_EXCERPT_CHARS`] characters
/// as an [`Excerpt`] is.
pub(crate) fn clip(text: String) -> String {
    match text.char_indices().nth(MAX_EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Writes `c` as Go writes it between `quote` characters (`"` for a string,
/// `'` for a rune): the one escaping rule behind [`Quoted`] and the `format`
/// function's `%q`.
pub(crate) fn escape_into(out: &mut impl Write, c: char, quote: char) -> fmt::Result {
    match c {
        '\x07' => out.write_str("\\a"),
        '\x08' => out.write_str("\\b"),
        '\x0c' => out.write_str("\\f"),
        '\n' => out.write_str("\\n"),
        '\r' => out.write_str("\\r"),
        '\t' => out.write_str("\\t"),
        '\x0b' => out.write_str("\\v"),
        '\\' => out.write_str("\\\\"),
        c if c == quote => {
            out.write_char('\\')?;
            out.write_char(c)
        }
        c if is_go_printable(c) => out.write_char(c),
        c if u32::from(c) < 0x80 => write!(out, "\\x{:02x}", u32::from(c)),
        c if u32::from(c) < 0x10000 => write!(out, "\\u{:04x}", u32::from(c)),
        c => write!(out, "\\U{:08x}", u32::from(c)),
    }
}

/// Go's `strconv.IsPrint` (Go 1.19, Unicode 13): letters, marks, numbers,
/// punctuation, symbols and the ASCII space. Rust has no general category,
/// so the complement is listed instead: controls and separators
/// (`is_control`, `is_whitespace`), every format character (Cf) of Unicode
/// 13, private use (Co) and the noncharacters. Other unassigned code points
/// (Cn) count as printable here, where Go escapes them.
fn is_go_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    let n = u32::from(c);
    !(c.is_control()
        || c.is_whitespace()
        || matches!(
            c,
            '\u{ad}'
                | '\u{600}'..='\u{605}'
                | '\u{61c}'
                | '\u{6dd}'
                | '\u{70f}'
                | '\u{8e2}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{110bd}'
                | '\u{110cd}'
                | '\u{13430}'..='\u{13438}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0001}'
                | '\u{e0020}'..='\u{e007f}'
        )
        || matches!(c, '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..)
        || matches!(c, '\u{fdd0}'..='\u{fdef}')
        || n & 0xfffe == 0xfffe)
}

#[cfg(test)]
mod test {
    use super::quoted;

    /// Each input beside what Go 1.19's `strconv.Quote` returns for it.
    #[test]
    fn quotes_as_go_strconv_quote() {
        let cases = [
            ("", r#""""#),
            ("web", r#""web""#),
            ("a b", r#""a b""#),
            ("a\"b", r#""a\"b""#),
            ("a\\b", r#""a\\b""#),
            ("it's", r#""it's""#),
            ("\x07\x08\x0c\n\r\t\x0b", r#""\a\b\f\n\r\t\v""#),
            ("\0\x01\x1b\x7f", r#""\x00\x01\x1b\x7f""#),
            // C1 controls and separators other than the ASCII space.
            ("\u{85}\u{9f}", r#""\u0085\u009f""#),
            ("\u{a0}\u{2028}\u{3000}", r#""\u00a0\u2028\u3000""#),
            // Combining marks are printable, also at the start.
            ("e\u{301}", "\"e\u{301}\""),
            ("\u{301}x", "\"\u{301}x\""),
            (
                "\u{1f469}\u{200d}\u{1f4bb}",
                "\"\u{1f469}\\u200d\u{1f4bb}\"",
            ),
            // Format characters.
            ("\u{ad}\u{200b}\u{feff}", r#""\u00ad\u200b\ufeff""#),
            ("\u{600}\u{2066}\u{e0001}", r#""\u0600\u2066\U000e0001""#),
            // Wide and non-BMP characters are kept.
            ("中文", "\"中文\""),
            ("𝒳\u{1f600}", "\"𝒳\u{1f600}\""),
            // Private use and noncharacters.
            (
                "\u{e000}\u{f0000}\u{10fffd}",
                r#""\ue000\U000f0000\U0010fffd""#,
            ),
            ("\u{fdd0}\u{fffe}\u{1ffff}", r#""\ufdd0\ufffe\U0001ffff""#),
            // The replacement character (what invalid UTF-8 became) is kept.
            ("\u{fffd}", "\"\u{fffd}\""),
            // Unassigned code points are kept; Go escapes them ("\u0378"),
            // a difference COMPAT.md lists.
            ("\u{378}", "\"\u{378}\""),
        ];
        for (input, want) in cases {
            assert_eq!(quoted(input).to_string(), want, "{input:?}");
        }
    }
}
