//! Decoding of literal template text: backslash escapes (quoted templates
//! only) and the `$${` / `%%{` escapes of template sequences.
//!
//! Most literal text has no escapes: [`decode`] then returns `None` and the
//! caller keeps a span into the source instead of a copy.

/// One problem in an escape sequence: its byte range in the source and the
/// reference's detail text. The summary is always "Invalid escape sequence".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EscapeError {
    /// Offset of the first byte of the bad sequence.
    pub start: u32,
    /// Offset just past the bad sequence.
    pub end: u32,
    /// What is wrong, worded as the reference words it.
    pub detail: String,
}

/// Whether `raw` needs decoding at all.
#[inline]
pub fn needs_decoding(raw: &str, quoted: bool) -> bool {
    let b = raw.as_bytes();
    // Every quoted literal is checked, and almost none needs decoding:
    // eight bytes at a time up to the first byte that may start an escape.
    let mut i = crate::native::lexer::skip_words(b, 0, escape_start_bytes);
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' if quoted => return true,
            b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// The high bit of each byte of `word` (little-endian) that is `\\`, `$` or
/// `%` (bytes of multi-byte characters never are).
#[inline(always)]
fn escape_start_bytes(word: u64) -> u64 {
    use super::lexer::{bytes_in, HIGH};
    let v = word & !HIGH;
    (bytes_in(v, b'$', b'%') | bytes_in(v, b'\\', b'\\')) & !word & HIGH
}

/// Decodes the literal text `raw`, which starts at byte `base` of the source.
/// Returns `None` when the text needs no decoding (the common case).
pub fn decode(raw: &str, quoted: bool, base: u32, errs: &mut Vec<EscapeError>) -> Option<String> {
    if !needs_decoding(raw, quoted) {
        return None;
    }
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    let mut lit_start = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if quoted => {
                out.push_str(&raw[lit_start..i]);
                i = escape(raw, i, base, &mut out, errs);
                lit_start = i;
            }
            c @ (b'$' | b'%') if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => {
                out.push_str(&raw[lit_start..i]);
                out.push(c as char);
                out.push('{');
                i += 3;
                lit_start = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(&raw[lit_start..]);
    Some(out)
}

/// Decodes one backslash escape at `i`; returns the offset after it.
fn escape(raw: &str, i: usize, base: u32, out: &mut String, errs: &mut Vec<EscapeError>) -> usize {
    let mut err = |end: usize, detail: String| {
        errs.push(EscapeError {
            start: base + i as u32,
            end: base + end as u32,
            detail,
        })
    };
    let Some(sel) = raw[i + 1..].chars().next() else {
        err(
            i + 1,
            "Backslash must be followed by an escape sequence selector character.".into(),
        );
        return i + 1;
    };
    let after = i + 1 + sel.len_utf8();
    match sel {
        'n' => out.push('\n'),
        'r' => out.push('\r'),
        't' => out.push('\t'),
        '"' => out.push('"'),
        '\\' => out.push('\\'),
        'u' | 'U' => {
            let want = if sel == 'u' { 4 } else { 8 };
            let hex = raw.as_bytes()[after..]
                .iter()
                .take(want)
                .take_while(|c| c.is_ascii_hexdigit())
                .count();
            let end = after + hex;
            if hex != want {
                let detail = if sel == 'u' {
                    "The \\u escape sequence must be followed by four hexadecimal digits."
                } else {
                    "The \\U escape sequence must be followed by eight hexadecimal digits."
                };
                err(end, detail.into());
                return end;
            }
            let num = u32::from_str_radix(&raw[after..end], 16).unwrap_or(u32::MAX);
            match char::from_u32(num) {
                Some(ch) => out.push(ch),
                None => err(
                    end,
                    format!("Cannot encode character U+{num:04x} in UTF-8."),
                ),
            }
            return end;
        }
        other => {
            err(
                after,
                format!(
                    "The symbol {} is not a valid escape sequence selector.",
                    crate::diag::quoted(other.encode_utf8(&mut [0; 4]))
                ),
            );
            out.push(other);
        }
    }
    after
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn quoted_template_escapes_decode_per_spec() {
        let cases: &[(&str, &str)] = &[
            (r"\n\r\t", "\n\r\t"),
            (r#"\"\\"#, "\"\\"),
            (r"\u00e9", "é"),
            (r"\U0001F600", "😀"),
            ("$${a}", "${a}"),
            ("%%{a}", "%{a}"),
            ("$$", "$$"),
            ("a$b%c", "a$b%c"),
        ];
        for (raw, want) in cases {
            let mut errs = Vec::new();
            let got = decode(raw, true, 0, &mut errs);
            assert_eq!(got.as_deref().unwrap_or(raw), *want, "{raw}");
            assert!(errs.is_empty(), "{raw}: {errs:?}");
        }
    }

    #[test]
    fn heredoc_text_keeps_backslashes() {
        let mut errs = Vec::new();
        assert_eq!(decode(r"a\nb", false, 0, &mut errs), None);
        assert_eq!(
            decode(r"a\n$${", false, 0, &mut errs).as_deref(),
            Some(r"a\n${")
        );
    }

    #[test]
    fn invalid_escapes_report_reference_details_with_ranges() {
        let cases: &[(&str, u32, u32, &str)] = &[
            (
                r"ab\q",
                2,
                4,
                "The symbol \"q\" is not a valid escape sequence selector.",
            ),
            (
                r"\u12",
                0,
                4,
                "The \\u escape sequence must be followed by four hexadecimal digits.",
            ),
            (
                r"\U1234",
                0,
                6,
                "The \\U escape sequence must be followed by eight hexadecimal digits.",
            ),
            (r"\uD800", 0, 6, "Cannot encode character U+d800 in UTF-8."),
            (
                "x\\",
                1,
                2,
                "Backslash must be followed by an escape sequence selector character.",
            ),
        ];
        for (raw, start, end, detail) in cases {
            let mut errs = Vec::new();
            decode(raw, true, 10, &mut errs);
            assert_eq!(
                errs,
                vec![EscapeError {
                    start: 10 + start,
                    end: 10 + end,
                    detail: detail.to_string()
                }],
                "{raw}"
            );
        }
    }

    #[test]
    fn needs_decoding_finds_escapes_at_every_offset() {
        for pad in 0..20 {
            let pre = "é".repeat(pad / 2) + &"a".repeat(pad % 2);
            for (tail, quoted, want) in [
                ("", true, false),
                ("\\n", true, true),
                ("\\n", false, false),
                ("$${x}", true, true),
                ("%%{x}", false, true),
                ("$x %y $$ %{ ${", true, false),
                ("100%", true, false),
            ] {
                let raw = format!("{pre}{tail}zzzzzzzz");
                assert_eq!(needs_decoding(&raw, quoted), want, "{raw:?}");
                let raw = format!("{pre}{tail}");
                assert_eq!(needs_decoding(&raw, quoted), want, "{raw:?}");
            }
        }
    }
}
