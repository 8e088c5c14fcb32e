//! The contents of literal tokens: JSON number syntax, string escapes and
//! suggestions for mistyped keywords.

/// Whether `b` is a number in JSON syntax:
///
/// ```text
/// number = [ "-" ] int [ frac ] [ exp ]
/// int    = "0" / ( digit1-9 *digit )
/// frac   = "." 1*digit
/// exp    = ( "e" / "E" ) [ "-" / "+" ] 1*digit
/// ```
pub(crate) fn is_json_number(b: &[u8]) -> bool {
    let digits = |i: usize| {
        b.get(i..)
            .map_or(0, |r| r.iter().take_while(|c| c.is_ascii_digit()).count())
    };
    let mut i = usize::from(b.first() == Some(&b'-'));
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i += digits(i),
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        let n = digits(i + 1);
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let n = digits(i);
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == b.len()
}

/// What is wrong in a string's contents, as byte offsets into them.
pub(crate) struct StringError {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) detail: String,
}

/// Decodes the text between a string's quotes into `out`.
pub(crate) fn decode_escapes(s: &str, out: &mut String) -> Result<(), StringError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut run = 0;
    while let Some(&c) = b.get(i) {
        if c >= 0x20 && c != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(s.get(run..i).unwrap_or_default());
        if c != b'\\' {
            let detail =
                "Control characters must be escaped in JSON strings (for example a tab as `\\t`).";
            return Err(StringError {
                start: i,
                end: i + 1,
                detail: detail.into(),
            });
        }
        let esc = b.get(i + 1).copied();
        let mut len = 2;
        match esc {
            Some(b'"') => out.push('"'),
            Some(b'\\') => out.push('\\'),
            Some(b'/') => out.push('/'),
            Some(b'b') => out.push('\u{8}'),
            Some(b'f') => out.push('\u{c}'),
            Some(b'n') => out.push('\n'),
            Some(b'r') => out.push('\r'),
            Some(b't') => out.push('\t'),
            Some(b'u') => {
                let (ch, used) = decode_unicode_escape(s, i)?;
                out.push(ch);
                len = used;
            }
            _ => {
                let end = s
                    .get(i + 1..)
                    .and_then(|r| r.chars().next())
                    .map_or(i + 1, |ch| i + 1 + ch.len_utf8());
                let shown = s.get(i..end).unwrap_or("\\");
                return Err(StringError {
                    start: i,
                    end,
                    detail: format!("`{shown}` is not a valid escape sequence in a JSON string."),
                });
            }
        }
        i += len;
        run = i;
    }
    out.push_str(s.get(run..).unwrap_or_default());
    Ok(())
}

/// Decodes `\uXXXX` at `i` (and the low half of a surrogate pair after it);
/// returns the character and the number of bytes used.
fn decode_unicode_escape(s: &str, i: usize) -> Result<(char, usize), StringError> {
    let hex = |at: usize| -> Option<u32> {
        let h = s.get(at..at + 4)?;
        if h.bytes().all(|c| c.is_ascii_hexdigit()) {
            u32::from_str_radix(h, 16).ok()
        } else {
            None
        }
    };
    let Some(first) = hex(i + 2) else {
        // Point at `\u`, the hex digits there are and the first bad character.
        let digits = s.get(i + 2..).map_or(0, |r| {
            r.bytes().take(4).take_while(u8::is_ascii_hexdigit).count()
        });
        let mut end = i + 2 + digits;
        if let Some(ch) = s.get(end..).and_then(|r| r.chars().next()) {
            end += ch.len_utf8();
        }
        return Err(StringError {
            start: i,
            end,
            detail: "A `\\u` escape must be followed by four hexadecimal digits.".into(),
        });
    };
    let lone = |start: usize, code: u32| {
        StringError {
        start,
        end: start + 6,
        detail: format!(
            "`\\u{code:04X}` is half of a UTF-16 surrogate pair; it cannot appear alone in a string."
        ),
    }
    };
    match first {
        0xD800..=0xDBFF => {
            let low = (s.get(i + 6..i + 8) == Some("\\u"))
                .then(|| hex(i + 8))
                .flatten()
                .filter(|l| (0xDC00..=0xDFFF).contains(l));
            match low {
                Some(low) => {
                    let code = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00);
                    char::from_u32(code)
                        .map(|c| (c, 12))
                        .ok_or_else(|| lone(i, first))
                }
                None => Err(lone(i, first)),
            }
        }
        0xDC00..=0xDFFF => Err(lone(i, first)),
        _ => char::from_u32(first)
            .map(|c| (c, 6))
            .ok_or_else(|| lone(i, first)),
    }
}

/// A keyword close to `given` (edit distance below 3), as the reference
/// suggests them.
pub(crate) fn keyword_suggestion(given: &str) -> Option<&'static str> {
    ["false", "true", "null"]
        .into_iter()
        .find(|k| levenshtein(given, k) < 3)
}

pub(crate) fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == cb {
                diag
            } else {
                1 + diag.min(above).min(row[j])
            };
            diag = above;
        }
    }
    row[b.len()]
}
