//! The recursive-descent parser: a token cursor with newline sensitivity,
//! recovery, depth limits and diagnostics. The grammar lives in the child
//! modules: [`body`] (structure), [`expr`] (expressions and the operator
//! table), [`traversal`] (postfix steps and splats), [`template`]
//! (templates and directives).

use super::ast::ByteSpan;
use super::lexer::Lexer;
use super::token::{Token, TokenKind};
use crate::diag::{Diagnostic, Diagnostics};
use crate::pos::SourceFile;

pub(crate) mod body;
pub(crate) mod expr;
mod fast;
mod scratch;
#[cfg(test)]
pub(crate) use scratch::assert_unaffected_by_earlier_parses;
pub(crate) mod template;
pub(crate) mod traversal;

/// Counters that keep lexical complaints from flooding the output, as the
/// reference does (for example one "Invalid character encoding" per file).
#[derive(Default)]
struct Told {
    bitwise: u32,
    backtick: u32,
    apostrophe: u32,
    semicolon: u32,
}

pub(crate) struct Parser<'a> {
    pub(crate) src: &'a str,
    file: &'a SourceFile,
    lexer: Lexer<'a>,
    /// A batch of raw tokens (trivia included); `head` is the first one not
    /// consumed. Lexing in batches keeps the lexer's loop tight.
    buf: Vec<Token>,
    head: usize,
    lexed_eof: bool,
    /// Whether newlines are significant; the top of the stack rules.
    newlines: Vec<bool>,
    /// The top of `newlines` (cached: every peek asks).
    newlines_top: bool,
    /// The index in `buf` of the last `peek_at` answer (`usize::MAX` when
    /// unknown): valid until a bump, a fill or a newline-mode change.
    peeked: usize,
    /// The last significant token consumed.
    /// (Only the span: copying a whole token copies its padding through
    /// the stack.)
    prev: ByteSpan,
    pub(crate) diags: Vec<Diagnostic>,
    lex_diags: Vec<Diagnostic>,
    /// How many errors were reported (kept or not): recovery compares it.
    reported: usize,
    /// Past `max_diags` kept, errors are only counted, so that a file of
    /// garbage cannot fill memory with diagnostics.
    max_diags: usize,
    dropped: usize,
    told: Told,
    /// Set once an error leaves the cursor somewhere unreliable; errors are
    /// then not reported until the next body item starts afresh.
    pub(crate) recovery: bool,
    /// Set when the depth limit is hit: every construct of the current
    /// body item gives up, so that unwinding is quick.
    pub(crate) unwind: bool,
    depth: usize,
    max_depth: usize,
    /// Scratch for escape errors (reused).
    pub(crate) esc_errs: Vec<super::escape::EscapeError>,
    /// The structure built so far: bodies, attributes, blocks and labels
    /// are appended here when complete.
    pub(crate) tree: super::ast::Tree,
    /// Scratch stacks: lists are collected here and moved out when
    /// complete (to `tree`, or in one exact-size allocation for expression
    /// lists, so that the tree has no growth slack).
    pub(crate) attr_stack: Vec<super::ast::Attribute>,
    /// Empty attribute stacks: each body collects its attributes on one of
    /// its own (see `parse_body`).
    pub(crate) attr_pool: Vec<Vec<super::ast::Attribute>>,
    pub(crate) block_stack: Vec<super::ast::Block>,
    pub(crate) expr_stack: Vec<super::ast::Expr>,
    pub(crate) item_stack: Vec<super::ast::ObjectItem>,
    pub(crate) label_stack: Vec<super::ast::Label>,
    pub(crate) flat_pool: Vec<Vec<template::Flat>>,
    pub(crate) step_stack: Vec<super::ast::Traverser>,
    /// Peeks since the last bump: a parser loop that never consumes is a
    /// bug, caught in debug builds (and so by the fuzzer).
    #[cfg(debug_assertions)]
    stalled: u32,
}

const NO_PEEK: usize = usize::MAX;

/// How many tokens are lexed at a time.
const BATCH: usize = 512;

pub(crate) const DEPTH_SUMMARY: &str = "Maximum nesting depth exceeded";

impl<'a> Parser<'a> {
    pub(crate) fn new(
        file: &'a SourceFile,
        lexer: Lexer<'a>,
        options: &crate::Limits,
    ) -> Parser<'a> {
        let mut scratch = scratch::Scratch::take();
        if scratch.buf.capacity() < BATCH {
            scratch.buf.reserve(BATCH);
        }
        scratch.newlines.push(true);
        Parser {
            src: file.text(),
            file,
            lexer: with_compound_tokens(lexer.merging_blank_lines()),
            buf: scratch.buf,
            head: 0,
            lexed_eof: false,
            newlines: scratch.newlines,
            newlines_top: true,
            peeked: NO_PEEK,
            prev: ByteSpan::new(0, 0),
            diags: Vec::new(),
            lex_diags: Vec::new(),
            reported: 0,
            max_diags: options.max_diagnostics,
            dropped: 0,
            told: Told::default(),
            recovery: false,
            unwind: false,
            depth: 0,
            max_depth: options.max_depth,
            esc_errs: Vec::new(),
            tree: super::ast::Tree::default(),
            attr_stack: scratch.attr_stack,
            attr_pool: scratch.attr_pool,
            block_stack: scratch.block_stack,
            expr_stack: scratch.expr_stack,
            item_stack: scratch.item_stack,
            label_stack: scratch.label_stack,
            flat_pool: scratch.flat_pool,
            step_stack: scratch.step_stack,
            #[cfg(debug_assertions)]
            stalled: 0,
        }
    }

    /// Sizes the tree for a configuration file (not done in `new`: a
    /// standalone expression needs none of it). The scratch stacks are left
    /// to grow: sizing them up front costs small files more allocations
    /// than it saves large ones.
    pub(crate) fn reserve_for_config(&mut self) {
        self.tree = super::ast::Tree::with_capacity_for(self.src.len());
    }

    /// All diagnostics: lexical ones first, as the reference orders them.
    pub(crate) fn finish(mut self) -> Diagnostics {
        // Lex the rest so that every bad character is reported.
        while !self.lexed_eof {
            self.head = self.buf.len();
            self.fill();
        }
        let mut out = Diagnostics::with_limit(self.max_diags);
        out.extend(std::mem::take(&mut self.lex_diags));
        out.extend(std::mem::take(&mut self.diags));
        out.omit_errors(self.dropped);
        out
    }

    /// Keeps `d` unless `max_diags` are already kept.
    fn keep(&mut self, d: Diagnostic, lexical: bool) {
        if self.diags.len() + self.lex_diags.len() >= self.max_diags {
            self.dropped += 1;
        } else if lexical {
            self.lex_diags.push(d);
        } else {
            self.diags.push(d);
        }
    }

    /// Drops the consumed tokens and lexes another batch (at least one
    /// token; after the end, `Eof` again).
    #[inline(never)]
    fn fill(&mut self) {
        self.buf.drain(..self.head);
        self.head = 0;
        self.peeked = NO_PEEK;
        if self.lexed_eof {
            let n = self.src.len() as u32;
            self.buf.push(Token {
                kind: TokenKind::Eof,
                start: n,
                end: n,
            });
            return;
        }
        let from = self.buf.len();
        self.lexed_eof = self.lexer.lex_into(&mut self.buf, BATCH.max(from + 1));
        // The lexer says whether the batch holds any kind `check_lexical`
        // complains about (most batches hold none).
        if self.lexer.take_noted() {
            for i in from..self.buf.len() {
                let t = self.buf[i];
                if super::lexer::needs_lexical_check(t.kind) {
                    self.check_lexical(t);
                }
            }
        }
    }

    #[cold]
    fn check_lexical(&mut self, t: Token) {
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

    #[inline]
    fn newlines_significant(&self) -> bool {
        self.newlines_top
    }

    /// The index in `buf` and the value of the next significant token,
    /// never a compound token ([`TokenKind::PlainString`],
    /// [`TokenKind::IdentPath`]): one is split into the tokens it stands
    /// for, so that the grammar sees what the lexer alone would give.
    /// (Indexes stay valid until the next `fill`, which only `peek_scan`
    /// calls, and the cache is recomputed after it.)
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_at(&mut self) -> (usize, Token) {
        let (i, t) = self.peek_at_whole();
        if !is_compound(t.kind) {
            return (i, t);
        }
        (i, self.split_compound(i, t))
    }

    /// Replaces the compound token `t` at `i` by the tokens it stands for
    /// and returns the first of them.
    // Built here from the length the cold part returns: a whole token
    // coming back from a call reaches the caller through a stack copy of
    // its padding, which stalls (store forwarding).
    #[inline(always)]
    fn split_compound(&mut self, i: usize, t: Token) -> Token {
        let len = self.split_compound_tokens(i, t);
        let kind = if t.kind == TokenKind::PlainString {
            TokenKind::OQuote
        } else {
            TokenKind::Ident
        };
        Token {
            kind,
            start: t.start,
            end: t.start + len,
        }
    }

    /// The splitting: a plain string becomes its `OQuote`, `QuotedLit`
    /// (when not empty) and `CQuote`; a dotted name its `Ident`s and
    /// `Dot`s. Returns the length of the first. (Out of line, so that the
    /// peeks that call it stay small enough to inline.)
    #[cold]
    #[inline(never)]
    fn split_compound_tokens(&mut self, i: usize, t: Token) -> u32 {
        let tok = |kind, start, end| Token { kind, start, end };
        if t.kind == TokenKind::PlainString {
            let open = tok(TokenKind::OQuote, t.start, t.start + 1);
            let lit = tok(TokenKind::QuotedLit, t.start + 1, t.end - 1);
            let close = tok(TokenKind::CQuote, t.end - 1, t.end);
            if lit.is_empty() {
                self.buf.splice(i..=i, [open, close]);
            } else {
                self.buf.splice(i..=i, [open, lit, close]);
            }
        } else {
            let mut parts = Vec::new();
            let mut at = t.start;
            for (n, name) in span_of(t).text(self.src).split('.').enumerate() {
                if n > 0 {
                    parts.push(tok(TokenKind::Dot, at, at + 1));
                    at += 1;
                }
                let end = at + name.len() as u32;
                parts.push(tok(TokenKind::Ident, at, end));
                at = end;
            }
            self.buf.splice(i..=i, parts);
        }
        self.peeked = i;
        self.buf.get(i).map_or(0, Token::len)
    }

    /// Like [`Parser::peek_at`], but a compound token is returned whole:
    /// for the places that read one, or that only compare its kind with
    /// others (or use its start).
    // The cursor's steps are forced inline in release builds (the compiler
    // stops inlining them once the compound-token split is in, and each
    // call then hands a token back through memory), but not in debug
    // builds, where the larger frames would cost the deepest inputs the
    // stack.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_at_whole(&mut self) -> (usize, Token) {
        #[cfg(debug_assertions)]
        {
            self.stalled += 1;
            assert!(self.stalled < 100_000, "parser loop makes no progress");
        }
        if let Some(&t) = self.buf.get(self.peeked) {
            return (self.peeked, t);
        }
        // Fast path: the next raw token is not trivia (a newline is not
        // where newlines are significant).
        if let Some(&t) = self.buf.get(self.head) {
            if t.kind != TokenKind::Comment && (t.kind != TokenKind::Newline || self.newlines_top) {
                self.peeked = self.head;
                return (self.head, t);
            }
        }
        let i = self.peek_scan();
        self.peeked = i;
        (i, self.buf[i])
    }

    #[inline(never)]
    fn peek_scan(&mut self) -> usize {
        let nl = self.newlines_significant();
        let mut i = self.head;
        loop {
            if i >= self.buf.len() {
                let back = i - self.head;
                self.fill();
                i = self.head + back;
            }
            let t = self.buf[i];
            match t.kind {
                TokenKind::Comment => {
                    // A line comment stands for the newline that ends it.
                    // (Rewriting it in place is safe: where newlines are
                    // insignificant, both are skipped alike.)
                    if nl && self.src.as_bytes().get(t.end as usize - 1) == Some(&b'\n') {
                        self.buf[i].kind = TokenKind::Newline;
                        return i;
                    }
                    i += 1;
                }
                TokenKind::Newline if !nl => i += 1,
                _ => return i,
            }
        }
    }

    /// The next significant token, not consumed.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek(&mut self) -> Token {
        self.peek_at().1
    }

    /// The raw token right after the next significant one (no trivia
    /// skipping: used inside templates, which have none).
    pub(crate) fn peek_second_raw(&mut self) -> Token {
        let (i, _) = self.peek_at();
        if i + 1 >= self.buf.len() {
            self.fill();
            self.peeked = NO_PEEK;
        }
        let (i, _) = self.peek_at();
        match self.buf.get(i + 1) {
            Some(t) => *t,
            None => {
                let n = self.src.len() as u32;
                Token {
                    kind: TokenKind::Eof,
                    start: n,
                    end: n,
                }
            }
        }
    }

    /// The kind of the next significant token.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_kind(&mut self) -> TokenKind {
        self.peek_at().1.kind
    }

    /// The next significant token, not consumed; may be a compound token
    /// (where only its kind or its start matters, or where it is read
    /// whole).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_whole(&mut self) -> Token {
        self.peek_at_whole().1
    }

    /// The kind of the next significant token; may be a compound one.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_kind_whole(&mut self) -> TokenKind {
        self.peek_at_whole().1.kind
    }

    /// Consumes and returns the next significant token.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bump(&mut self) -> Token {
        let (i, t) = self.peek_at();
        self.advance_past(i, t);
        t
    }

    /// Consumes `t`, the token at `i` that the last peek returned, as it
    /// is (a compound token whole): a bump without the second look.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bump_at(&mut self, i: usize, t: Token) -> Token {
        debug_assert!(self.peeked == i && self.buf.get(i) == Some(&t));
        self.advance_past(i, t);
        t
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance_past(&mut self, i: usize, t: Token) {
        #[cfg(debug_assertions)]
        {
            self.stalled = 0;
        }
        self.peeked = NO_PEEK;
        self.head = i + 1;
        self.prev = span_of(t);
    }

    /// The span of the last consumed token.
    pub(crate) fn prev_span(&self) -> ByteSpan {
        self.prev
    }

    pub(crate) fn push_newlines(&mut self, significant: bool) {
        if self.newlines_significant() != significant {
            self.peeked = NO_PEEK;
        }
        self.newlines.push(significant);
        self.newlines_top = significant;
    }

    pub(crate) fn pop_newlines(&mut self) {
        if self.newlines.len() > 1 {
            self.newlines.pop();
        }
        self.newlines_top = self.newlines.last().copied().unwrap_or(true);
        self.peeked = NO_PEEK;
    }

    /// Whether the next token is the identifier `kw` (a dotted name's
    /// first part counts: it is the next token once split).
    pub(crate) fn at_keyword(&mut self, kw: &str) -> bool {
        let t = self.peek_whole();
        self.is_keyword(t, kw)
    }

    /// Whether `t` is the keyword `kw`, or a dotted name that starts with it.
    #[inline]
    fn is_keyword(&self, t: Token, kw: &str) -> bool {
        match t.kind {
            TokenKind::Ident => t.len() as usize == kw.len() && span_of(t).text(self.src) == kw,
            TokenKind::IdentPath => fast::root_is(span_of(t).text(self.src), kw),
            _ => false,
        }
    }

    /// [`Parser::at_keyword`] with newlines insignificant, without
    /// switching the newline mode when the answer is among the tokens
    /// already lexed (an object's first item usually is).
    pub(crate) fn at_keyword_past_newlines(&mut self, kw: &str) -> bool {
        let lexed = self.buf.get(self.head..).unwrap_or_default();
        if let Some(&t) = lexed
            .iter()
            .find(|t| !matches!(t.kind, TokenKind::Newline | TokenKind::Comment))
        {
            return self.is_keyword(t, kw);
        }
        self.push_newlines(false);
        let at = self.at_keyword(kw);
        self.pop_newlines();
        at
    }

    pub(crate) fn file_name_str(&self) -> &str {
        self.file.name()
    }

    pub(crate) fn range(&self, span: ByteSpan) -> crate::pos::Range {
        self.file.range(span)
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

    /// A mark to pass to [`Parser::failed`].
    #[inline]
    pub(crate) fn mark(&self) -> usize {
        self.reported
    }

    /// Whether errors were reported since `mark` (kept or not).
    #[inline]
    pub(crate) fn failed_since(&self, mark: usize) -> bool {
        self.reported > mark
    }

    /// Whether errors were reported since `mark` and the cursor is
    /// unreliable (the reference's `p.recovery && diags.HasErrors()`).
    #[inline]
    pub(crate) fn failed(&self, mark: usize) -> bool {
        self.unwind || (self.recovery && self.reported > mark)
    }

    /// Enters one nesting level; past the limit, reports (once) and returns
    /// `false`, and the caller must not descend.
    #[inline]
    pub(crate) fn enter(&mut self, at: ByteSpan) -> bool {
        if self.depth >= self.max_depth {
            self.depth_exceeded(at);
            return false;
        }
        self.depth += 1;
        true
    }

    #[cold]
    fn depth_exceeded(&mut self, at: ByteSpan) {
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

    #[inline]
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
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

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        use std::mem::take;
        scratch::Scratch {
            buf: take(&mut self.buf),
            newlines: take(&mut self.newlines),
            attr_stack: take(&mut self.attr_stack),
            attr_pool: take(&mut self.attr_pool),
            block_stack: take(&mut self.block_stack),
            expr_stack: take(&mut self.expr_stack),
            item_stack: take(&mut self.item_stack),
            label_stack: take(&mut self.label_stack),
            flat_pool: take(&mut self.flat_pool),
            step_stack: take(&mut self.step_stack),
        }
        .give_back();
    }
}

/// `v.push(item)`, with the growth out of line: where no call can happen,
/// the item is written straight into place instead of being assembled on
/// the stack first (and read back in wider pieces than it was written,
/// which stalls on store forwarding).
#[inline(always)]
pub(crate) fn push<T>(v: &mut Vec<T>, item: T) {
    if v.len() < v.capacity() {
        v.push(item);
    } else {
        push_growing(v, item);
    }
}

#[cold]
#[inline(never)]
fn push_growing<T>(v: &mut Vec<T>, item: T) {
    v.push(item);
}

/// Turns on the compound tokens (tests can turn them off to compare with
/// the plain token stream).
fn with_compound_tokens(lexer: Lexer<'_>) -> Lexer<'_> {
    #[cfg(test)]
    if !test::COMPOUND_TOKENS.with(std::cell::Cell::get) {
        return lexer;
    }
    lexer.with_compound_tokens()
}

/// Whether `kind` stands for several tokens of the plain stream.
#[inline(always)]
pub(crate) fn is_compound(kind: TokenKind) -> bool {
    matches!(kind, TokenKind::PlainString | TokenKind::IdentPath)
}

/// The span of a token. (Not through `ByteSpan::new`: the lexer's tokens
/// never end before they start, and without the clamp the two offsets move
/// as one word; built in two halves, a span read back whole from memory
/// stalls on store forwarding.)
#[inline]
pub(crate) fn span_of(t: Token) -> ByteSpan {
    ByteSpan {
        start: t.start,
        end: t.end,
    }
}

/// The other end of a bracketing pair.
fn opposite(k: TokenKind) -> Option<TokenKind> {
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

#[cfg(test)]
mod test;
