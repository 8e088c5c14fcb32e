//! Columns as the reference's JSON scanner counts them in strings: the
//! opening quote, each backslash and each quote is a column of its own,
//! and the text between counts its grapheme clusters from its first
//! character. A combining mark right after a quote or a backslash is then a
//! column of its own, where a count over the line would join it to the
//! character before. Outside strings every token is ASCII but an invalid
//! character, which starts a column of its own too.
//!
//! This rule gives the positions module the offsets where that count
//! restarts; it scans the file once more, only when a column past a
//! non-ASCII character is first asked for.

use super::scanner::{Scanner, Tok};
use crate::pos::restarts_clusters;

/// The offsets, in order, where the reference's JSON scanner restarts its
/// count of clusters next to a non-ASCII character of `text`: the bounds
/// of every token (as the parser's scanner finds them), and inside a
/// string after its opening quote, around each backslash and the quote or
/// backslash it escapes, and before its closing quote.
pub(crate) fn column_restarts(text: &str) -> Vec<u32> {
    let bytes = text.as_bytes();
    let mut breaks = Vec::new();
    let mut restarts = |at: usize| {
        if breaks.last().is_none_or(|&last| (last as usize) < at) && restarts_clusters(text, at) {
            breaks.push(at as u32);
        }
    };
    let mut scanner = Scanner::new(bytes);
    loop {
        let token = scanner.next_token();
        let (start, end) = (token.start as usize, token.end as usize);
        restarts(start);
        match token.kind {
            Tok::Eof => break,
            Tok::String => {
                let mut i = start + 1;
                restarts(i);
                let body_end = if bytes.get(end.wrapping_sub(1)) == Some(&b'"') && end > i {
                    end - 1
                } else {
                    end
                };
                while i < body_end {
                    if bytes[i] == b'\\' {
                        restarts(i);
                        restarts(i + 1);
                        // (An escaped quote or backslash is a column of its
                        // own; any other escaped character starts a run.)
                        if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) {
                            restarts(i + 2);
                        }
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                restarts(body_end);
            }
            _ => {}
        }
        restarts(end);
    }
    breaks
}

#[cfg(test)]
mod test {
    use super::*;

    /// (JSON text, offsets where a count of clusters restarts)
    const SPLITS: &[(&str, &[u32])] = &[
        ("{\"v\": \"x\"}", &[]),
        // A combining acute right after the opening quote.
        ("{\"\u{301}v\": 1}", &[2]),
        ("{\"v\": \"\u{301}\", \"v\": 2}", &[7, 9]),
        // After a backslash, and after an escaped quote.
        ("[\"\\\\\u{301}\", \"\\\"\u{301}\"]", &[4, 6, 12, 14]),
        // Within the string the mark joins its letter.
        ("[\"e\u{301}\"]", &[5]),
        // An invalid character after a value.
        ("{}\u{200d}", &[2]),
    ];

    #[test]
    fn string_units_restart_the_count_of_clusters() {
        for &(text, want) in SPLITS {
            assert_eq!(column_restarts(text), want, "{text:?}");
        }
    }
}
