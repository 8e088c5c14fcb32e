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

use crate::pos::restarts_clusters;

/// The offsets, in order, where the reference's JSON scanner restarts its
/// count of clusters next to a non-ASCII character of `text`.
pub(crate) fn column_restarts(text: &str) -> Vec<u32> {
    let bytes = text.as_bytes();
    let mut breaks = Vec::new();
    let mut restarts = |at: usize| {
        if breaks.last().is_none_or(|&last| (last as usize) < at) && restarts_clusters(text, at) {
            breaks.push(at as u32);
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        // Outside strings a non-ASCII character is an invalid token of its
        // own (where the reference stops scanning).
        restarts(i);
        if bytes[i] != b'"' {
            i += 1;
            continue;
        }
        i += 1;
        restarts(i);
        let mut escaping = false;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'\\' | b'"' => {
                    restarts(i);
                    i += 1;
                    restarts(i);
                    if b == b'\\' {
                        escaping = !escaping;
                    } else if escaping {
                        escaping = false;
                    } else {
                        break;
                    }
                }
                // A control character ends the string (unterminated).
                0..=31 => break,
                _ => {
                    i += 1;
                    escaping = false;
                }
            }
        }
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
