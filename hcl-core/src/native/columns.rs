//! Columns as the reference's native scanner counts them: grapheme
//! clusters within each token (its `emitToken` counts a token's clusters
//! from the token's first byte), so a cluster that the text would form
//! across a token boundary counts once per token. A combining mark right
//! after a string's opening quote is a column of its own there, and so is
//! the second regional indicator of a flag written where a token is
//! expected (each is an invalid character).
//!
//! The positions module counts clusters over a line; this rule gives it
//! the offsets where the count restarts. It lexes the file again,
//! once, and only when a column past a non-ASCII character is first asked
//! for: the parse itself pays nothing for it.

use unicode_segmentation::UnicodeSegmentation;

use super::lexer::{LexMode, Lexer};
use super::token::TokenKind;
use crate::pos::{restarts_clusters, SourceFile};

/// The lexer of `file` in `mode`, its file's columns then counted token by
/// token: every entry that parses a native file (not a part of another
/// syntax's file) takes its lexer here.
pub(crate) fn lexer(file: &SourceFile, mode: LexMode) -> Lexer<'_> {
    file.count_columns_by_tokens(match mode {
        LexMode::Normal => restarts_in_config,
        LexMode::Template => restarts_in_template,
    });
    Lexer::new(file.text(), mode)
}

fn restarts_in_config(text: &str) -> Vec<u32> {
    column_restarts(text, LexMode::Normal)
}

fn restarts_in_template(text: &str) -> Vec<u32> {
    column_restarts(text, LexMode::Template)
}

/// The offsets, in order, where a token of `text` lexed in `mode` starts
/// or ends next to a non-ASCII character: where the reference's count of
/// clusters restarts and a count over the line might not.
pub(crate) fn column_restarts(text: &str, mode: LexMode) -> Vec<u32> {
    let mut breaks = Vec::new();
    let mut lexer = Lexer::new(text, mode);
    let mut last = 0;
    // (Every token but `Eof` covers a byte at least; the bound guards the
    // loop all the same.)
    for _ in 0..=text.len() + 1 {
        let token = lexer.next_token();
        let mut boundary = |at: u32| {
            if at > last && restarts_clusters(text, at as usize) {
                breaks.push(at);
                last = at;
            }
        };
        boundary(token.start);
        if matches!(token.kind, TokenKind::QuotedLit | TokenKind::StringLit) {
            let literal = text.get(token.start as usize..token.end as usize);
            let escapes = token.kind == TokenKind::QuotedLit;
            each_sigil_token(literal.unwrap_or_default(), escapes, |at| {
                boundary(token.start + at as u32);
            });
        }
        boundary(token.end);
        if token.kind == TokenKind::Eof || token.end as usize >= text.len() {
            break;
        }
    }
    breaks
}

/// Calls `boundary` with where each `$` or `%` of `literal` (a literal
/// token's text) that does not open a sequence starts and ends: the
/// reference's scanner makes each one a literal token of its own (with the
/// `{` after it when doubled: `$${`), and lexes the text between as
/// others. In a quoted literal (`escapes`) the character after a backslash
/// is part of the escape. In heredoc and template text (no `escapes`) a
/// sigil whose next character is a single byte followed by a line break
/// takes that byte into its token (`$x` `\n`, `$\r` `\n`): so a `$`
/// right before a CR LF cuts the CR from its LF.
pub(crate) fn each_sigil_token(literal: &str, escapes: bool, mut boundary: impl FnMut(usize)) {
    let bytes = literal.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if escapes => i += 2,
            sigil @ (b'$' | b'%') => {
                let doubled = bytes.get(i + 1) == Some(&sigil) && bytes.get(i + 2) == Some(&b'{');
                let takes_next = !escapes
                    && bytes
                        .get(i + 1)
                        .is_some_and(|&c| c.is_ascii() && c != b'\n')
                    && matches!(bytes.get(i + 2..), Some([b'\n', ..] | [b'\r', b'\n', ..]));
                let len = match (doubled, takes_next) {
                    (true, _) => 3,
                    (false, true) => 2,
                    (false, false) => 1,
                };
                boundary(i);
                boundary((i + len).min(bytes.len()));
                i += len;
            }
            _ => i += 1,
        }
    }
}

/// The columns of a literal token's text as the reference counts them:
/// grapheme clusters of each piece its scanner lexes the text into (see
/// [`each_sigil_token`]).
pub(crate) fn literal_columns(literal: &str, escapes: bool) -> usize {
    let mut columns = 0;
    let mut start = 0;
    each_sigil_token(literal, escapes, |at| {
        columns += literal
            .get(start..at)
            .map_or(0, |s| s.graphemes(true).count());
        start = at;
    });
    columns
        + literal
            .get(start..)
            .map_or(0, |s| s.graphemes(true).count())
}

#[cfg(test)]
mod test {
    use super::*;

    /// (text, mode, token boundaries next to a non-ASCII character)
    const SPLITS: &[(&str, LexMode, &[u32])] = &[
        ("v = \"x\" + 1", LexMode::Normal, &[]),
        // A combining acute right after the opening quote.
        ("v = \"\u{301}\" + 1", LexMode::Normal, &[5, 7]),
        // The same inside the literal joins its letter: one token (whose
        // end restarts the count, which changes nothing there).
        ("v = \"e\u{301}\" + 1", LexMode::Normal, &[8]),
        // A flag where a token is expected: two invalid characters.
        ("\u{1F1FA}\u{1F1F8} = 1", LexMode::Normal, &[4, 8]),
        // A prepended mark before the closing quote.
        ("v = \"\u{600}\"", LexMode::Normal, &[5, 7]),
        // In a comment the mark joins the space before it: one token.
        ("v = 1 # \u{301}\n", LexMode::Normal, &[]),
        // A `$` or `%` that opens no sequence is a token of its own.
        ("v = \"$\u{301}{a}\"", LexMode::Normal, &[6]),
        ("v = \"\u{600}%x\"", LexMode::Normal, &[5, 7]),
        ("v = \"\\$\u{301}\"", LexMode::Normal, &[9]),
        ("v = <<EOT\n\\$\u{301}\nEOT\n", LexMode::Normal, &[12]),
        // A template's literal after an interpolation.
        ("${a}\u{301}", LexMode::Template, &[4]),
        ("a\u{301}", LexMode::Template, &[]),
    ];

    #[test]
    fn counts_restart_at_token_boundaries_next_to_non_ascii() {
        for &(text, mode, want) in SPLITS {
            assert_eq!(column_restarts(text, mode), want, "{text:?}");
        }
    }

    /// (literal text, quoted, columns as the reference counts them)
    const LITERAL_COLUMNS: &[(&str, bool, usize)] = &[
        ("x$\u{301}y", true, 4),
        ("x$\u{301}y", false, 4),
        // Heredoc text: a sigil before a CR LF takes the CR into its
        // token, the LF then counts alone.
        ("$\r\n", false, 3),
        ("ab%\r\n", false, 5),
        ("$\r\r\n", false, 3),
        // The sigil's next byte is another sigil (or any byte) before the
        // break: that pair is the token, the CR LF stays whole.
        ("$$\r\n", false, 3),
        ("$$$\r\n", false, 4),
        ("%$\r\n", false, 3),
        ("$x\r\n", false, 3),
        // An escape takes the CR LF along: whole.
        ("$${\r\n", false, 4),
        // Not a break after the next byte: the sigil alone.
        ("$ab\r\n", false, 4),
        ("$\n", false, 2),
        ("$\u{e9}\r\n", false, 3),
        // Quoted text has no line break; a CR there is a character.
        ("$\r\n", true, 2),
    ];

    #[test]
    fn literal_columns_follow_the_reference_s_pieces() {
        for &(text, quoted, want) in LITERAL_COLUMNS {
            assert_eq!(
                literal_columns(text, quoted),
                want,
                "{text:?} quoted: {quoted}"
            );
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
