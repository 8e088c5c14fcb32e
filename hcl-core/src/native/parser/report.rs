//! What the parser reports and how it recovers: diagnostics kept within
//! the limit, the lexical problems a batch of tokens holds, the depth
//! limit's report, and the skipping after an error (to the closing
//! bracket, past a bracketed item, to the end of a body item).

use super::{Parser, DEPTH_SUMMARY};
use crate::diag::Diagnostic;
use crate::native::token::{Token, TokenKind};
use crate::pos::ByteSpan;

impl Parser<'_> {
    /// Keeps `d` unless `max_diags` are already kept.
    pub(super) fn keep(&mut self, d: Diagnostic, lexical: bool) {
        if self.diags.len() + self.lex_diags.len() >= self.max_diags {
            self.dropped += 1;
        } else if lexical {
            self.lex_diags.push(d);
        } else {
            self.diags.push(d);
        }
    }

    #[cold]
    pub(super) fn check_lexical(&mut self, t: Token) {
        let span = ByteSpan::new(t.start, t.end);
        let (summary, detail): (&str, String) = match t.kind {
            TokenKind::Amp | TokenKind::Pipe | TokenKind::Caret | TokenKind::Tilde => {
                if self.told.bitwise >= 4 {
                    return;
                }
                self.told.bitwise += 1;
                let suggestion = match t.kind {
                    TokenKind::Amp => " Did you mean boolean AND (\"&&\")?",
                    TokenKind::Pipe => " Did you mean boolean OR (\"||\")?",
                    TokenKind::Tilde => " Did you mean boolean NOT (\"!\")?",
                    _ => "",
                };
                (
                    "Unsupported operator",
                    format!("Bitwise operators are not supported.{suggestion}"),
                )
            }
            TokenKind::Backtick => {
                self.told.backtick += 1;
                if self.told.backtick % 2 == 0 {
                    return;
                }
                ("Invalid character", "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".".into())
            }
            TokenKind::Apostrophe => {
                self.told.apostrophe += 1;
                if self.told.apostrophe % 2 == 0 {
                    return;
                }
                (
                    "Invalid character",
                    "Single quotes are not valid. Use double quotes (\") to enclose strings.".into(),
                )
            }
            TokenKind::Semicolon => {
                if self.told.semicolon >= 1 {
                    return;
                }
                self.told.semicolon += 1;
                ("Invalid character", "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.".into())
            }
            TokenKind::QuotedNewline => ("Invalid multi-line string", "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.".into()),
            TokenKind::Invalid => {
                let text = span.text(self.src);
                if text == "\u{201c}" || text == "\u{201d}" {
                    ("Invalid character", "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".".into())
                } else if text.starts_with("/*") {
                    ("Invalid character", "This comment has no closing \"*/\" before the end of the file.".into())
                } else {
                    ("Invalid character", "This character is not used within the language.".into())
                }
            }
            _ => return,
        };
        let d = Diagnostic::error(summary, detail).with_subject(self.range(span));
        self.keep(d, true);
    }

    /// Reports an error.
    #[cold]
    pub(crate) fn error(
        &mut self,
        summary: &str,
        detail: impl Into<String>,
        subject: ByteSpan,
        context: Option<ByteSpan>,
    ) {
        let mut d = Diagnostic::error(summary, detail).with_subject(self.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.range(c));
        }
        self.reported += 1;
        self.keep(d, false);
    }

    /// Reports an error unless already recovering.
    #[cold]
    pub(crate) fn error_unless_recovering(
        &mut self,
        summary: &str,
        detail: impl Into<String>,
        subject: ByteSpan,
        context: Option<ByteSpan>,
    ) {
        if !self.recovery {
            self.error(summary, detail, subject, context);
        }
    }

    #[cold]
    pub(super) fn depth_exceeded(&mut self, at: ByteSpan) {
        let detail = format!(
            "This is nested more than {} levels deep (brackets, blocks, templates or operators); \
             the parser's limit can be raised with Limits::max_depth.",
            self.max_depth
        );
        if !self.unwind {
            self.error_unless_recovering(DEPTH_SUMMARY, detail, at, None);
        }
        self.recovery = true;
        self.unwind = true;
    }

    /// Skips to the `end` token that closes the current bracket (counting
    /// nested pairs) and returns it; returns `Eof` if there is none.
    pub(crate) fn recover(&mut self, end: TokenKind) -> Token {
        let start = opposite(end);
        self.recovery = true;
        let mut nest = 0usize;
        loop {
            let t = self.bump();
            let mut k = t.kind;
            if end == TokenKind::TemplateSeqEnd && k == TokenKind::TemplateControl {
                k = TokenKind::TemplateInterp;
            }
            if Some(k) == start {
                nest += 1;
            } else if k == end {
                if nest == 0 {
                    return t;
                }
                nest -= 1;
            } else if k == TokenKind::Eof {
                return t;
            }
        }
    }

    /// Finds the next `start` bracket and skips past its closing partner.
    pub(crate) fn recover_over(&mut self, start: TokenKind) {
        loop {
            let k = self.bump().kind;
            if k == start || k == TokenKind::Eof {
                break;
            }
        }
        if let Some(end) = opposite(start) {
            self.recover(end);
        }
    }

    /// Skips to just after the newline that ends the current body item,
    /// stepping over bracketed content.
    pub(crate) fn recover_after_body_item(&mut self) {
        use TokenKind as K;
        self.recovery = true;
        let mut open: Vec<TokenKind> = Vec::new();
        loop {
            let t = self.bump();
            match t.kind {
                K::Newline if open.is_empty() => break,
                K::Eof => break,
                K::OBrace
                | K::OBrack
                | K::OParen
                | K::OQuote
                | K::OHeredoc
                | K::TemplateInterp
                | K::TemplateControl => open.push(t.kind),
                K::CBrace | K::CBrack | K::CParen | K::CQuote | K::CHeredoc => {
                    let opener = opposite(t.kind);
                    while let Some(&top) = open.last() {
                        if Some(top) == opener {
                            break;
                        }
                        open.pop();
                    }
                    open.pop();
                }
                K::TemplateSeqEnd => {
                    while let Some(&top) = open.last() {
                        if top == K::TemplateInterp || top == K::TemplateControl {
                            break;
                        }
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }

    /// Starts a fresh body item: errors are reported again.
    pub(crate) fn reset_recovery(&mut self) {
        self.recovery = false;
        self.unwind = false;
    }
}

/// The other end of a bracketing pair.
pub(super) fn opposite(k: TokenKind) -> Option<TokenKind> {
    use TokenKind as K;
    Some(match k {
        K::OBrace => K::CBrace,
        K::CBrace => K::OBrace,
        K::OBrack => K::CBrack,
        K::CBrack => K::OBrack,
        K::OParen => K::CParen,
        K::CParen => K::OParen,
        K::OQuote => K::CQuote,
        K::CQuote => K::OQuote,
        K::OHeredoc => K::CHeredoc,
        K::CHeredoc => K::OHeredoc,
        K::TemplateInterp => K::TemplateSeqEnd,
        K::TemplateSeqEnd => K::TemplateInterp,
        _ => return None,
    })
}
