//! Lexer tests: token kinds and spans for each lexical element of the spec.

use super::{LexMode, Lexer};
use crate::native::token::TokenKind::{self, *};

fn lex(src: &str, mode: LexMode) -> Vec<(TokenKind, &str)> {
    let mut lx = Lexer::new(src, mode);
    let mut out = Vec::new();
    loop {
        let t = lx.next_token();
        if t.kind == Eof {
            assert_eq!((t.start, t.end), (src.len() as u32, src.len() as u32));
            return out;
        }
        out.push((t.kind, &src[t.start as usize..t.end as usize]));
    }
}

fn check(mode: LexMode, table: &[(&str, &[(TokenKind, &str)])]) {
    for (src, want) in table {
        assert_eq!(lex(src, mode), *want, "{src:?}");
    }
}

#[test]
fn comments_and_whitespace_per_spec() {
    check(
        LexMode::Normal,
        &[
            ("# c\nx", &[(Comment, "# c\n"), (Ident, "x")]),
            ("// c\r\nx", &[(Comment, "// c\r\n"), (Ident, "x")]),
            ("/* a\nb */x", &[(Comment, "/* a\nb */"), (Ident, "x")]),
            ("/* open", &[(Invalid, "/* open")]),
            (" \t x \t", &[(Ident, "x")]),
            ("\n\r\n", &[(Newline, "\n"), (Newline, "\r\n")]),
            ("\r", &[(Invalid, "\r")]),
            ("\u{feff}x", &[(Ident, "x")]),
        ],
    );
}

#[test]
fn identifiers_are_id_start_then_id_continue_or_dash() {
    check(
        LexMode::Normal,
        &[
            ("a-b_c9", &[(Ident, "a-b_c9")]),
            ("_x", &[(Ident, "_x")]),
            ("héllo", &[(Ident, "héllo")]),
            ("日本", &[(Ident, "日本")]),
            ("-a", &[(Minus, "-"), (Ident, "a")]),
            ("€", &[(Invalid, "€")]),
        ],
    );
}

#[test]
fn numeric_literals_per_spec() {
    check(
        LexMode::Normal,
        &[
            ("0", &[(Number, "0")]),
            ("12.5", &[(Number, "12.5")]),
            ("1e10", &[(Number, "1e10")]),
            ("1E+2", &[(Number, "1E+2")]),
            ("1e-2", &[(Number, "1e-2")]),
            ("1e", &[(Number, "1"), (Ident, "e")]),
            ("1.", &[(Number, "1"), (Dot, ".")]),
            ("0.1.2", &[(Number, "0.1.2")]),
            ("1.a", &[(Number, "1"), (Dot, "."), (Ident, "a")]),
        ],
    );
}

#[test]
fn operators_and_delimiters() {
    check(
        LexMode::Normal,
        &[
            (
                "+ - * / % && || ! == != < > <= >= = ? : :: => ... . ,",
                &[
                    (Plus, "+"),
                    (Minus, "-"),
                    (Star, "*"),
                    (Slash, "/"),
                    (Percent, "%"),
                    (AndAnd, "&&"),
                    (OrOr, "||"),
                    (Bang, "!"),
                    (EqEq, "=="),
                    (NotEq, "!="),
                    (Lt, "<"),
                    (Gt, ">"),
                    (Le, "<="),
                    (Ge, ">="),
                    (Equal, "="),
                    (Question, "?"),
                    (Colon, ":"),
                    (DoubleColon, "::"),
                    (FatArrow, "=>"),
                    (Ellipsis, "..."),
                    (Dot, "."),
                    (Comma, ","),
                ],
            ),
            (
                "{[()]}",
                &[
                    (OBrace, "{"),
                    (OBrack, "["),
                    (OParen, "("),
                    (CParen, ")"),
                    (CBrack, "]"),
                    (CBrace, "}"),
                ],
            ),
            (
                "& | ^ ~ ; ` '",
                &[
                    (Amp, "&"),
                    (Pipe, "|"),
                    (Caret, "^"),
                    (Tilde, "~"),
                    (Semicolon, ";"),
                    (Backtick, "`"),
                    (Apostrophe, "'"),
                ],
            ),
            ("$", &[(Invalid, "$")]),
        ],
    );
}

#[test]
fn quoted_templates_switch_modes_and_count_braces() {
    check(
        LexMode::Normal,
        &[
            ("\"a\"", &[(OQuote, "\""), (QuotedLit, "a"), (CQuote, "\"")]),
            (
                "\"a\\\"b\"",
                &[(OQuote, "\""), (QuotedLit, "a\\\"b"), (CQuote, "\"")],
            ),
            (
                "\"x${ {a=1} }y\"",
                &[
                    (OQuote, "\""),
                    (QuotedLit, "x"),
                    (TemplateInterp, "${"),
                    (OBrace, "{"),
                    (Ident, "a"),
                    (Equal, "="),
                    (Number, "1"),
                    (CBrace, "}"),
                    (TemplateSeqEnd, "}"),
                    (QuotedLit, "y"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"${~a~}\"",
                &[
                    (OQuote, "\""),
                    (TemplateInterp, "${~"),
                    (Ident, "a"),
                    (TemplateSeqEnd, "~}"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"%{if a}\"",
                &[
                    (OQuote, "\""),
                    (TemplateControl, "%{"),
                    (Ident, "if"),
                    (Ident, "a"),
                    (TemplateSeqEnd, "}"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"$${a}%%{b}$\"",
                &[(OQuote, "\""), (QuotedLit, "$${a}%%{b}$"), (CQuote, "\"")],
            ),
            (
                "\"a\nb\"",
                &[
                    (OQuote, "\""),
                    (QuotedLit, "a"),
                    (QuotedNewline, "\n"),
                    (QuotedLit, "b"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"${\"${a}\"}\"",
                &[
                    (OQuote, "\""),
                    (TemplateInterp, "${"),
                    (OQuote, "\""),
                    (TemplateInterp, "${"),
                    (Ident, "a"),
                    (TemplateSeqEnd, "}"),
                    (CQuote, "\""),
                    (TemplateSeqEnd, "}"),
                    (CQuote, "\""),
                ],
            ),
        ],
    );
}

/// Template text the reference's scanner cannot read — a `$` or `%` that
/// ends the input, a carriage return without its line feed in a heredoc —
/// is one invalid token to the end of the input.
#[test]
fn unreadable_template_text_is_invalid_to_the_end() {
    check(
        LexMode::Normal,
        &[
            ("\"a$", &[(OQuote, "\""), (QuotedLit, "a"), (Invalid, "$")]),
            ("\"%", &[(OQuote, "\""), (Invalid, "%")]),
            (
                "\"a$$",
                &[(OQuote, "\""), (QuotedLit, "a$"), (Invalid, "$")],
            ),
            (
                "\"$b\"",
                &[(OQuote, "\""), (QuotedLit, "$b"), (CQuote, "\"")],
            ),
            (
                "<<EOT\na\rb\nEOT\n",
                &[
                    (OHeredoc, "<<EOT\n"),
                    (StringLit, "a"),
                    (Invalid, "\rb\nEOT\n"),
                ],
            ),
            (
                "<<EOT\na$",
                &[(OHeredoc, "<<EOT\n"), (StringLit, "a"), (Invalid, "$")],
            ),
            ("<<EOT\n%", &[(OHeredoc, "<<EOT\n"), (Invalid, "%")]),
            ("<<EOT\n\rx", &[(OHeredoc, "<<EOT\n"), (Invalid, "\rx")]),
            (
                "<<EOT\na\r\nEOT",
                &[
                    (OHeredoc, "<<EOT\n"),
                    (StringLit, "a\r\n"),
                    (CHeredoc, "EOT"),
                ],
            ),
        ],
    );
}

#[test]
fn heredocs_end_at_their_marker_line() {
    check(
        LexMode::Normal,
        &[
            (
                "<<EOT\na\nEOT\n",
                &[
                    (OHeredoc, "<<EOT\n"),
                    (StringLit, "a\n"),
                    (CHeredoc, "EOT"),
                    (Newline, "\n"),
                ],
            ),
            (
                "<<-EOT\n  a\n  EOT",
                &[
                    (OHeredoc, "<<-EOT\n"),
                    (StringLit, "  a\n"),
                    (CHeredoc, "  EOT"),
                ],
            ),
            (
                "<<EOT\r\na\r\nEOT\r\n",
                &[
                    (OHeredoc, "<<EOT\r\n"),
                    (StringLit, "a\r\n"),
                    (CHeredoc, "EOT"),
                    (Newline, "\r\n"),
                ],
            ),
            (
                "<<EOT\nEOTX\nEOT\n",
                &[
                    (OHeredoc, "<<EOT\n"),
                    (StringLit, "EOTX\n"),
                    (CHeredoc, "EOT"),
                    (Newline, "\n"),
                ],
            ),
            (
                "<<EOT\nx ${a} EOT\nEOT\n",
                &[
                    (OHeredoc, "<<EOT\n"),
                    (StringLit, "x "),
                    (TemplateInterp, "${"),
                    (Ident, "a"),
                    (TemplateSeqEnd, "}"),
                    (StringLit, " EOT\n"),
                    (CHeredoc, "EOT"),
                    (Newline, "\n"),
                ],
            ),
            (
                "<<EOT x",
                &[(Lt, "<"), (Lt, "<"), (Ident, "EOT"), (Ident, "x")],
            ),
            (
                "a << b",
                &[(Ident, "a"), (Lt, "<"), (Lt, "<"), (Ident, "b")],
            ),
        ],
    );
}

#[test]
fn bare_templates_are_literal_text_with_sequences() {
    check(
        LexMode::Template,
        &[
            ("a \"b\"\nc", &[(StringLit, "a \"b\"\nc")]),
            (
                "x${a}y",
                &[
                    (StringLit, "x"),
                    (TemplateInterp, "${"),
                    (Ident, "a"),
                    (TemplateSeqEnd, "}"),
                    (StringLit, "y"),
                ],
            ),
            ("$", &[(StringLit, "$")]),
            ("%%{x}", &[(StringLit, "%%{x}")]),
        ],
    );
}

#[test]
fn identifier_ends_agree_with_the_character_rule() {
    // Every byte value (and a few non-ASCII characters) at every position
    // of names shorter and longer than the eight-byte window, from every
    // start: the end is where `ID_Continue | '-'` stops holding.
    let rule_end = |s: &str, from: usize| {
        s[from..]
            .char_indices()
            .find(|&(_, ch)| !(unicode_ident::is_xid_continue(ch) || ch == '-'))
            .map_or(s.len(), |(i, _)| from + i)
    };
    let mut stops: Vec<String> = (0..0x80u8).map(|b| char::from(b).to_string()).collect();
    stops.extend(["é", "\u{2028}", "ü", "\u{1a}"].map(String::from));
    for len in [0, 3, 7, 8, 9, 15, 16, 17] {
        for at in 0..=len {
            for stop in &stops {
                let name: String = "abcdefgh_ij-KL0123".chars().take(len).collect();
                let src = format!("{}{stop}{}", &name[..at], &name[at..]);
                for from in 0..=at {
                    let (end, next) = super::ident_cont_end(&src, from);
                    assert_eq!(end, rule_end(&src, from), "{src:?} from {from}");
                    assert_eq!(next, src.as_bytes().get(end).copied().unwrap_or(0));
                }
            }
        }
    }
}

#[test]
fn word_skip_stops_at_the_first_flagged_byte_or_the_last_whole_word() {
    let dollars = |word: u64| super::scan::bytes_in(word & !super::scan::HIGH, b'$', b'$');
    for len in 0..40 {
        for at in 0..=len {
            let mut text = vec![b'a'; len];
            if let Some(c) = text.get_mut(at) {
                *c = b'$';
            }
            for from in 0..=len {
                let got = super::scan::skip_words(&text, from, dollars);
                // Whole words only: the `$` is found when a word from
                // `from` covers it; otherwise the skip ends where fewer
                // than eight bytes are left (or at the `$`'s word).
                let whole = from + (len - from) / 8 * 8;
                let want = if at >= from && at < whole { at } else { whole };
                assert_eq!(got, want, "len {len}, $ at {at}, from {from}");
            }
        }
    }
}

#[test]
fn plain_strings_are_what_the_quoted_mode_lexes_as_one_literal() {
    // Every ASCII byte and a few non-ASCII characters at every position of
    // string bodies shorter and longer than the eight-byte window: a
    // string is one compound lexeme exactly when the quoted mode lexes it
    // as an opening quote, one literal without escapes and a closing
    // quote, and then over the same bytes.
    let mut inner: Vec<String> = (0..0x80u8).map(|b| char::from(b).to_string()).collect();
    inner.extend(["é", "$${", "%%{", "${", "%{", "\\n"].map(String::from));
    for len in [0, 3, 7, 8, 9, 15, 16, 17] {
        for at in 0..=len {
            for piece in &inner {
                let body: String = "abcdefgh/ij.KL:0123".chars().take(len).collect();
                let src = format!("\"{}{piece}{}\" x", &body[..at], &body[at..]);
                let compound = {
                    let mut lx = Lexer::new(&src, LexMode::Normal).with_compound_tokens();
                    let l = lx.next_lexeme();
                    (l.run() == Some(super::Run::PlainString)).then(|| l.run_end())
                };
                let mut lx = Lexer::new(&src, LexMode::Normal);
                let tokens: Vec<_> = (0..3).map(|_| lx.next_token()).collect();
                let kinds: Vec<_> = tokens.iter().map(|t| t.kind).collect();
                let one_literal = match kinds[..] {
                    [OQuote, CQuote, _] => Some(tokens[1].end),
                    [OQuote, QuotedLit, CQuote] if !lx.may_have_escapes(tokens[1].end) => {
                        Some(tokens[2].end)
                    }
                    _ => None,
                };
                assert_eq!(compound, one_literal, "{src:?}");
            }
        }
    }
}

#[test]
fn quoted_word_scan_never_misses_a_stop_byte() {
    // Every byte value at every position of a word: each stop byte of the
    // table is a candidate, and every candidate is ASCII.
    for b in 0..=255u8 {
        for pos in 0..8 {
            let mut word = *b"abcdefgh";
            word[pos] = b;
            let got = super::scan::quoted_stop_candidates(u64::from_le_bytes(word));
            for (i, &c) in word.iter().enumerate() {
                let candidate = got & (0x80 << (8 * i)) != 0;
                if super::scan::QUOTED_STOP[c as usize] {
                    assert!(candidate, "byte {c:#x} at {i} missed");
                }
                if candidate {
                    assert!(c < 0x80, "byte {c:#x} at {i}");
                }
            }
            assert_eq!(
                got.count_ones(),
                u32::from(b < 0x20 || (b'"'..=b'%').contains(&b) || b == b'\\')
            );
        }
    }
}

#[test]
fn long_quoted_literals_end_where_the_spec_says() {
    check(
        LexMode::Normal,
        &[
            (
                "\"registry.example.com/team/svc-1:1.1.0\"",
                &[
                    (OQuote, "\""),
                    (QuotedLit, "registry.example.com/team/svc-1:1.1.0"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"abcdefgh#ijklmnop\tq\\\"rstuvwxyz$${a}%%{b}cdefghijkl$x%y${z}\"",
                &[
                    (OQuote, "\""),
                    (
                        QuotedLit,
                        "abcdefgh#ijklmnop\tq\\\"rstuvwxyz$${a}%%{b}cdefghijkl$x%y",
                    ),
                    (TemplateInterp, "${"),
                    (Ident, "z"),
                    (TemplateSeqEnd, "}"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"abcdefghéijklmnop\nx\"",
                &[
                    (OQuote, "\""),
                    (QuotedLit, "abcdefghéijklmnop"),
                    (QuotedNewline, "\n"),
                    (QuotedLit, "x"),
                    (CQuote, "\""),
                ],
            ),
            (
                "\"abcdefghijklmnopq",
                &[(OQuote, "\""), (QuotedLit, "abcdefghijklmnopq")],
            ),
        ],
    );
}

#[test]
fn long_identifiers_end_where_the_spec_says() {
    check(
        LexMode::Normal,
        &[
            (
                "aws_security_group_rule.x",
                &[(Ident, "aws_security_group_rule"), (Dot, "."), (Ident, "x")],
            ),
            (
                "abcdefgh-ijklmnop_0123456789 z",
                &[(Ident, "abcdefgh-ijklmnop_0123456789"), (Ident, "z")],
            ),
            (
                "abcdefghé_ijklmnopq=1",
                &[(Ident, "abcdefghé_ijklmnopq"), (Equal, "="), (Number, "1")],
            ),
            (
                "abcdefghijklmnop\u{2028}",
                &[(Ident, "abcdefghijklmnop"), (Invalid, "\u{2028}")],
            ),
            ("abcdefg[", &[(Ident, "abcdefg"), (OBrack, "[")]),
        ],
    );
}

#[test]
fn merged_blank_lines_keep_the_first_newline_span() {
    let src = "a = 1\n\n  \t\r\n    b = 2\n";
    let mut lx = Lexer::new(src, LexMode::Normal).merging_blank_lines();
    let mut got = Vec::new();
    loop {
        let t = lx.next_token();
        if t.kind == Eof {
            break;
        }
        got.push((t.kind, t.start, t.end));
    }
    assert_eq!(
        got,
        [
            (Ident, 0, 1),
            (Equal, 2, 3),
            (Number, 4, 5),
            (Newline, 5, 6),
            (Ident, 16, 17),
            (Equal, 18, 19),
            (Number, 20, 21),
            (Newline, 21, 22),
        ]
    );
}

#[test]
fn first_escape_marks_where_literals_may_need_decoding() {
    let src = r#"a = "plain" b = "x\ny" c = "z""#;
    let mut lx = Lexer::new(src, LexMode::Normal);
    let mut lits = Vec::new();
    loop {
        let t = lx.next_token();
        if t.kind == Eof {
            break;
        }
        if t.kind == QuotedLit {
            lits.push(t.end);
        }
    }
    let may: Vec<bool> = lits.iter().map(|&end| lx.may_have_escapes(end)).collect();
    // Before the first escape: certain; from it on: look.
    assert_eq!(may, [false, true, true]);
    let mut lx = Lexer::new(r#""$${a}" "%%{b}" "$a %b""#, LexMode::Normal);
    while lx.next_token().kind != Eof {}
    // The first escape is the `$$` at byte 1.
    assert!(lx.may_have_escapes(2));
    assert!(!lx.may_have_escapes(1));
}

#[test]
fn plain_strings_and_dotted_names_are_one_lexeme_only_when_asked() {
    use super::Run;
    /// A token's kind, or the run a compound lexeme stands for.
    #[derive(Debug, PartialEq)]
    enum L {
        T(TokenKind),
        Run(Run),
    }
    fn t(kind: TokenKind) -> L {
        L::T(kind)
    }
    const STRING: L = L::Run(Run::PlainString);
    const NAME: L = L::Run(Run::DottedName);
    fn lex_compound(src: &str) -> Vec<(L, &str)> {
        let mut lx = Lexer::new(src, LexMode::Normal).with_compound_tokens();
        let mut out = Vec::new();
        loop {
            let l = lx.next_lexeme();
            if l.kind == Eof {
                return out;
            }
            let kind = match l.run() {
                Some(run) => L::Run(run),
                None => L::T(l.kind),
            };
            out.push((kind, &src[l.start as usize..l.run_end() as usize]));
        }
    }
    let table: &[(&str, &[(L, &str)])] = &[
        (
            "a = \"x\"",
            &[(t(Ident), "a"), (t(Equal), "="), (STRING, "\"x\"")],
        ),
        ("\"\" \"\"", &[(STRING, "\"\""), (STRING, "\"\"")]),
        (
            "\"registry.example.com/team/svc-1:1.1.0\"",
            &[(STRING, "\"registry.example.com/team/svc-1:1.1.0\"")],
        ),
        ("\"$x %y # é\t\"", &[(STRING, "\"$x %y # é\t\"")]),
        (
            "\"a\\nb\"",
            &[
                (t(OQuote), "\""),
                (t(QuotedLit), "a\\nb"),
                (t(CQuote), "\""),
            ],
        ),
        (
            "\"$${a}\"",
            &[
                (t(OQuote), "\""),
                (t(QuotedLit), "$${a}"),
                (t(CQuote), "\""),
            ],
        ),
        (
            "\"%%{a}\"",
            &[
                (t(OQuote), "\""),
                (t(QuotedLit), "%%{a}"),
                (t(CQuote), "\""),
            ],
        ),
        (
            "\"a${b}\"",
            &[
                (t(OQuote), "\""),
                (t(QuotedLit), "a"),
                (t(TemplateInterp), "${"),
                (t(Ident), "b"),
                (t(TemplateSeqEnd), "}"),
                (t(CQuote), "\""),
            ],
        ),
        (
            "\"%{if a}\"",
            &[
                (t(OQuote), "\""),
                (t(TemplateControl), "%{"),
                (t(Ident), "if"),
                (t(Ident), "a"),
                (t(TemplateSeqEnd), "}"),
                (t(CQuote), "\""),
            ],
        ),
        (
            "\"a\nb\"",
            &[
                (t(OQuote), "\""),
                (t(QuotedLit), "a"),
                (t(QuotedNewline), "\n"),
                (t(QuotedLit), "b"),
                (t(CQuote), "\""),
            ],
        ),
        (
            "\"abcdefghijklmnop",
            &[(t(OQuote), "\""), (t(QuotedLit), "abcdefghijklmnop")],
        ),
        ("\"", &[(t(OQuote), "\"")]),
        ("var.region", &[(NAME, "var.region")]),
        ("a.b.c_d-e f", &[(NAME, "a.b.c_d-e"), (t(Ident), "f")]),
        (
            "a.0 a.é",
            &[
                (t(Ident), "a"),
                (t(Dot), "."),
                (t(Number), "0"),
                (t(Ident), "a"),
                (t(Dot), "."),
                (t(Ident), "é"),
            ],
        ),
        (
            "a . b x..y",
            &[
                (t(Ident), "a"),
                (t(Dot), "."),
                (t(Ident), "b"),
                (t(Ident), "x"),
                (t(Dot), "."),
                (t(Dot), "."),
                (t(Ident), "y"),
            ],
        ),
    ];
    for (src, want) in table {
        assert_eq!(lex_compound(src), *want, "{src:?}");
        // One token at a time, or without asking: the plain tokens.
        let plain = lex(src, LexMode::Normal);
        let mut lx = Lexer::new(src, LexMode::Normal).with_compound_tokens();
        let mut one_at_a_time = Vec::new();
        loop {
            let t = lx.next_token();
            if t.kind == Eof {
                break;
            }
            one_at_a_time.push((t.kind, &src[t.start as usize..t.end as usize]));
        }
        assert_eq!(one_at_a_time, plain, "{src:?}");
    }
}

/// Every token of `src` from `lex_into` batches of `limit` (the parser's
/// path) and from `next_token` (one at a time, through `lex_main` only).
fn batched_and_single(src: &str, mode: LexMode, compound: bool, merge: bool, limit: usize) {
    let make = || {
        let mut lx = Lexer::new(src, mode);
        if compound {
            lx = lx.with_compound_tokens();
        }
        if merge {
            lx = lx.merging_blank_lines();
        }
        lx
    };
    let mut lx = make();
    let mut batched = Vec::new();
    loop {
        let to = batched.len() + limit;
        if lx.lex_into(&mut batched, to) {
            break;
        }
    }
    let mut lx = make();
    let mut single = Vec::new();
    loop {
        let t = lx.next_lexeme();
        single.push(t);
        if t.kind == Eof {
            break;
        }
    }
    assert_eq!(
        batched, single,
        "{src:?} ({mode:?}, compound {compound}, merge {merge}, batch {limit})"
    );
}

#[test]
fn batches_lex_what_single_steps_lex() {
    let samples = [
        "a = 1\nb = \"x\"\n\n\n  c = [1, 2.5e3, var.x.y, \"${a}\"] # c\r\nd = {k = v}\n",
        "blk \"l\" {\n  x = a.b.c == true ? f(1, 2) : !g(\"s\\n\")\n}\n",
        "a = <<EOT\nline ${x}\n%{if y}z%{endif}\nEOT\nb = <<-EOT\n  t\n  EOT\n",
        "a = x...\nb = a::b::c(1)\nc = x .. y\nd = m:n\ne = 1 >= 2 && 3 <= 4 || 5 != 6\n",
        "a = \"${x}\"}\n}~}{ x = \"a${ {b = \"c\"}.b }d\" }\n",
        "x = 1 / 2 % 3 * 4 + 5 - 6\n// c\n/* c\n */ y = z => w\n",
        "a = 'x' `y` ; & | ^ ~ \u{201c}q\u{201d} \u{1a} é.ü ü.é\n",
        "a = \"unterminated\nb = \"x\\",
        "\u{feff}a.b.c.d = x..y.z\n.a .b. c\n1.a a.1 a.b.1\n",
        "${a.b} %{ for x in y } $${z} %%{w} $ % ",
        // Blanks after the tokens whose arms step over them: aligned names,
        // a space then a tab, blanks before the end of the input.
        "port     = 1\nname \t= \"x\"  {\n  a.b    = [1,  2, \"y\" , c ,\td]\nk = \t\"v\" \t}\nz  ",
        "s = \"cost $5 or 100% of a long text, then more\" \"a$\" \"b%\" \"t\\n\" x",
        // `//` comments (the main loop's own arm) beside a lone `/`, `/*`
        // and `#`: after a token, at a line's start, empty, at the end.
        "a = 1 // c\n// d\r\n//\nb = x / y //z\n# h\nc = a/ /b /* k */ //",
        "h = <<EOT\n${a // c\n}\nEOT\nq = \"${ {k = 1} // d\n}\"\n",
    ];
    // Every ASCII byte as a token's first byte, after a name and after a
    // blank (the main loop dispatches on a class table of them).
    let every_byte: String = (0..0x80u8)
        .map(|b| format!("{0}a{0} {0}1\n", char::from(b)))
        .collect();
    for src in samples.into_iter().chain([every_byte.as_str()]) {
        for mode in [LexMode::Normal, LexMode::Template] {
            for (compound, merge) in [(false, false), (true, true), (true, false)] {
                for limit in [1, 2, 3, 7, 256] {
                    batched_and_single(src, mode, compound, merge, limit);
                }
                for (cut, _) in src.char_indices() {
                    batched_and_single(&src[..cut], mode, compound, merge, 5);
                }
            }
        }
    }
}

hcl_test_shared::shared_test!(
    batches_lex_what_single_steps_lex_on_the_shared_files,
    corpus,
    |dir| {
        let mut paths = hcl_test_shared::config_files(dir);
        if let Some(specsuite) = hcl_test_shared::shared_dir("specsuite") {
            paths.extend(hcl_test_shared::config_files(&specsuite));
        }
        for path in paths {
            let Ok(src) = std::fs::read_to_string(&path) else {
                continue;
            };
            batched_and_single(&src, LexMode::Normal, true, true, 256);
            batched_and_single(&src, LexMode::Normal, false, false, 256);
        }
    }
);

#[test]
fn lexemes_are_twelve_bytes_with_the_named_padding_byte_zero() {
    use super::Lexeme;
    // The byte beside `kind` and `run_len` is a field, so that the three
    // are written in one store: the lexeme must not grow, and the byte is
    // 0 in every lexeme a batch holds (a derived comparison reads it).
    assert_eq!(std::mem::size_of::<Lexeme>(), 12);
    let src = "a = \"x\" # c\nb.c = [1, \"y${z}\"]\n";
    let mut lx = Lexer::new(src, LexMode::Normal).with_compound_tokens();
    let mut out = Vec::new();
    loop {
        let limit = out.len() + 4;
        if lx.lex_into(&mut out, limit) {
            break;
        }
    }
    assert!(out.len() > 10, "{out:?}");
    assert!(out.iter().all(|l| l.zero == 0), "{out:?}");
}
