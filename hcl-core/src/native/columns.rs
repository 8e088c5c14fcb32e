//! Columns as the reference's native scanner counts them: grapheme
//! clusters within each token (its `emitToken` counts a token's clusters
//! from the token's first byte), so a cluster that the text would form
//! across a token boundary counts once per token. A combining mark right
//! after a string's opening quote is a column of its own there, and so is
//! the second regional indicator of a flag written where a token is
//! expected (each is an invalid character).
//!
//! The positions module counts clusters over a line; this rule gives it
//! the offsets where the tokens split a cluster. It lexes the file again,
//! once, and only when a column past a non-ASCII character is first asked
//! for: the parse itself pays nothing for it.

use unicode_segmentation::GraphemeCursor;

use super::lexer::{LexMode, Lexer};
use super::token::TokenKind;
use crate::pos::SourceFile;

/// The lexer of `file` in `mode`, its file's columns then counted token by
/// token: every entry that parses a native file (not a part of another
/// syntax's file) takes its lexer here.
pub(crate) fn lexer(file: &SourceFile, mode: LexMode) -> Lexer<'_> {
    file.count_columns_by_tokens(match mode {
        LexMode::Normal => breaks_in_config,
        LexMode::Template => breaks_in_template,
    });
    Lexer::new(file.text(), mode)
}

fn breaks_in_config(text: &str) -> Vec<u32> {
    cluster_breaks(text, LexMode::Normal)
}

fn breaks_in_template(text: &str) -> Vec<u32> {
    cluster_breaks(text, LexMode::Template)
}

/// The offsets, in order, where a token of `text` lexed in `mode` starts
/// or ends inside a grapheme cluster of the text.
pub(crate) fn cluster_breaks(text: &str, mode: LexMode) -> Vec<u32> {
    let mut breaks = Vec::new();
    let mut lexer = Lexer::new(text, mode);
    let mut last = 0;
    // (Every token but `Eof` covers a byte at least; the bound guards the
    // loop all the same.)
    for _ in 0..=text.len() + 1 {
        let token = lexer.next_token();
        let mut boundary = |at: u32| {
            if at > last && splits_cluster(text, at as usize) {
                breaks.push(at);
                last = at;
            }
        };
        boundary(token.start);
        if matches!(token.kind, TokenKind::QuotedLit | TokenKind::StringLit) {
            let escapes = token.kind == TokenKind::QuotedLit;
            each_sigil_token(text, token.start, token.end, escapes, &mut boundary);
        }
        boundary(token.end);
        if token.kind == TokenKind::Eof || token.end as usize >= text.len() {
            break;
        }
    }
    breaks
}

/// Calls `boundary` with where each `$` or `%` of the literal text at
/// `start..end` that does not open a sequence starts and ends: the
/// reference's scanner makes each one a literal token of its own (with the
/// `{` after it when doubled: `$${`), and lexes the text between as
/// others. In a quoted literal (`escapes`) the character after a backslash
/// is part of the escape.
fn each_sigil_token(
    text: &str,
    start: u32,
    end: u32,
    escapes: bool,
    boundary: &mut impl FnMut(u32),
) {
    let bytes = text.as_bytes();
    let mut i = start as usize;
    let end = (end as usize).min(bytes.len());
    while i < end {
        match bytes[i] {
            b'\\' if escapes => i += 2,
            sigil @ (b'$' | b'%') => {
                let doubled = bytes.get(i + 1) == Some(&sigil) && bytes.get(i + 2) == Some(&b'{');
                let len = if doubled { 3 } else { 1 };
                boundary(i as u32);
                boundary((i + len).min(end) as u32);
                i += len;
            }
            _ => i += 1,
        }
    }
}

/// Whether offset `at` of `text` lies inside a grapheme cluster. Only
/// where a non-ASCII character touches it: two ASCII characters form a
/// cluster only as CR LF, which no token boundary splits.
fn splits_cluster(text: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    let near_non_ascii = bytes.get(at).is_some_and(|&b| b >= 0x80)
        || at
            .checked_sub(1)
            .and_then(|i| bytes.get(i))
            .is_some_and(|&b| b >= 0x80);
    if !near_non_ascii || !text.is_char_boundary(at) || at >= text.len() {
        return false;
    }
    // (The whole text as the chunk: the cursor has every character it may
    // look back at, so it answers without asking for more.)
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    matches!(cursor.is_boundary(text, 0), Ok(false))
}

#[cfg(test)]
mod test {
    use super::*;

    /// (text, mode, offsets where a token splits a cluster)
    const SPLITS: &[(&str, LexMode, &[u32])] = &[
        ("v = \"x\" + 1", LexMode::Normal, &[]),
        // A combining acute right after the opening quote.
        ("v = \"\u{301}\" + 1", LexMode::Normal, &[5]),
        // The same inside the literal joins its letter: one token.
        ("v = \"e\u{301}\" + 1", LexMode::Normal, &[]),
        // A flag where a token is expected: two invalid characters.
        ("\u{1F1FA}\u{1F1F8} = 1", LexMode::Normal, &[4]),
        // A prepended mark before the closing quote.
        ("v = \"\u{600}\"", LexMode::Normal, &[7]),
        // In a comment the mark joins the space before it: one token.
        ("v = 1 # \u{301}\n", LexMode::Normal, &[]),
        // A `$` or `%` that opens no sequence is a token of its own.
        ("v = \"$\u{301}{a}\"", LexMode::Normal, &[6]),
        ("v = \"\u{600}%x\"", LexMode::Normal, &[7]),
        ("v = \"\\$\u{301}\"", LexMode::Normal, &[]),
        ("v = <<EOT\n\\$\u{301}\nEOT\n", LexMode::Normal, &[12]),
        // A template's literal after an interpolation.
        ("${a}\u{301}", LexMode::Template, &[4]),
        ("a\u{301}", LexMode::Template, &[]),
    ];

    #[test]
    fn tokens_split_the_clusters_they_cut() {
        for &(text, mode, want) in SPLITS {
            assert_eq!(cluster_breaks(text, mode), want, "{text:?}");
        }
    }

    #[test]
    fn columns_count_clusters_within_tokens() {
        let file = SourceFile::new("t.hcl", "v = \"\u{301}\" + 1");
        let _ = lexer(&file, LexMode::Normal);
        // The closing quote: after `"`, the mark and `"`, three columns.
        assert_eq!(file.pos(8).column, 8);
        let file = SourceFile::new("t.hcl", "\u{1F1FA}\u{1F1F8} = 1");
        let _ = lexer(&file, LexMode::Normal);
        assert_eq!(file.pos(8).column, 3);
        // A file no native parse read counts clusters over the line.
        let file = SourceFile::new("t.json", "\u{1F1FA}\u{1F1F8} = 1");
        assert_eq!(file.pos(8).column, 2);
    }
}
