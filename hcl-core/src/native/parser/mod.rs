//! The recursive-descent parser: a token cursor with newline sensitivity,
//! recovery, depth limits and diagnostics. The grammar lives in the child
//! modules: [`body`] (structure), [`expr`] (expressions and the operator
//! table), [`traversal`] (postfix steps and splats), [`template`]
//! (templates and directives).
//!
//! The grammar reads tokens through one pair: [`Parser::peek`] (or
//! [`Parser::at`]) looks at the next significant token, [`Parser::bump`]
//! consumes it. The lexer delivers most strings and dotted names as one
//! compound lexeme (see [`Lexeme`]); the cursor shows the grammar the
//! tokens such a lexeme stands for, one at a time, so the grammar is
//! written for the plain token stream. The few places that can take a
//! whole run at once (a string or an attribute path as a term or a block
//! label) ask [`Parser::peek_run`] first.

use super::ast::ByteSpan;
pub(crate) use super::lexer::Run;
use super::lexer::{Lexeme, Lexer};
use super::token::{Token, TokenKind};
use crate::diag::{Diagnostic, Diagnostics};
use crate::pos::SourceFile;

pub(crate) mod body;
mod collection;
pub(crate) mod expr;
mod fast;
mod report;
mod scratch;
pub use scratch::release_kept_memory;
pub(crate) use scratch::{with_kept, Reuse, Scratch};
#[cfg(test)]
pub(crate) use test::assert_unaffected_by_earlier_parses;
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
    /// The first lexeme of the batch (`scratch.buf`: raw lexemes, trivia
    /// included) not consumed. Lexing in batches keeps the lexer's loop
    /// tight.
    head: usize,
    lexed_eof: bool,
    /// The top of `scratch.newlines`, whether newlines are significant
    /// (cached: every peek asks).
    newlines_top: bool,
    /// The next significant lexeme (trivia skipped as the newline mode
    /// says) and its index in `buf`: brought up to date by every step, so
    /// that a look is a read and a step after a look looks nothing up.
    next: Lexeme,
    next_at: usize,
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
    /// What very large number literals may still take
    /// ([`crate::Limits::max_number_bytes`]).
    numbers: crate::limits::NumberBudget,
    /// Scratch for escape errors (reused).
    pub(crate) esc_errs: Vec<super::escape::EscapeError>,
    /// The structure built so far: bodies, attributes, blocks and labels
    /// are appended here when complete.
    pub(crate) tree: super::ast::Tree,
    /// The working memory: the token batch (`buf`) and the newline-mode
    /// stack (`newlines`: the top rules) and the scratch stacks, where
    /// lists are collected and moved out when complete (to `tree`, or in
    /// one exact-size allocation for expression lists, so that the tree
    /// has no growth slack); empty attribute stacks (`attr_pool`: each body
    /// collects its attributes on one of its own, see `parse_body`); and
    /// where this parse's expression boxes come from (see `kept::Boxes`).
    /// Boxed: taken from the thread and given back whole (see
    /// [`Parser::end`]).
    pub(crate) scratch: Box<Scratch>,
    /// How this parse is sped up.
    tuning: Tuning,
    /// Peeks since the last bump: a parser loop that never consumes is a
    /// bug, caught in debug builds (and so by the fuzzer).
    #[cfg(debug_assertions)]
    stalled: u32,
}

/// How a parse is sped up. None of it shows in a result: the tests parse
/// every way and compare.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// Where the working memory comes from, and where the tree's goes.
    pub(crate) reuse: Reuse,
    /// Whether the lexer delivers plain strings and dotted names as
    /// compound lexemes.
    pub(crate) compound_lexemes: bool,
    /// Whether simple values take the shortcut (see `fast`).
    pub(crate) shortcut: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            reuse: Reuse::Thread,
            compound_lexemes: true,
            shortcut: true,
        }
    }
}

/// How many tokens are lexed at a time (at most: as many as the token
/// buffer has room for).
const BATCH: usize = 512;

/// How many tokens a parse with fresh working memory lexes at a time: its
/// token buffer (12 bytes a token) is fresh memory, and each page of it
/// costs a page fault, more than the extra batches cost.
const FIRST_BATCH: usize = 128;

pub(crate) const DEPTH_SUMMARY: &str = "Maximum nesting depth exceeded";

impl<'a> Parser<'a> {
    /// A parser over what `lexer` lexes from `file`, tuned as the entry
    /// points are.
    pub(crate) fn new(
        file: &'a SourceFile,
        lexer: Lexer<'a>,
        options: &crate::Limits,
    ) -> Parser<'a> {
        Parser::tuned(file, lexer, options, Tuning::default())
    }

    /// A parser tuned as `tuning` says.
    pub(crate) fn tuned(
        file: &'a SourceFile,
        lexer: Lexer<'a>,
        options: &crate::Limits,
        tuning: Tuning,
    ) -> Parser<'a> {
        let mut scratch = Scratch::take(tuning.reuse, file.text().len());
        scratch.newlines.push(true);
        Parser {
            src: file.text(),
            file,
            lexer,
            head: 0,
            lexed_eof: false,
            newlines_top: true,
            next: Lexeme::token(TokenKind::Eof, 0, 0),
            next_at: 0,
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
            numbers: crate::limits::NumberBudget::new(options),
            esc_errs: Vec::new(),
            tree: super::ast::Tree::placeholder(),
            tuning,
            scratch,
            #[cfg(debug_assertions)]
            stalled: 0,
        }
    }

    /// Starts the parse: sets the lexer's options and finds the first
    /// significant lexeme. (Each entry point's first step, not the
    /// builder's: a builder that changed the parser after making it built
    /// it on its own stack and copied it out whole, ≈ 100 instructions.)
    #[inline(always)]
    fn begin(&mut self) {
        self.lexer.set_parser_options(self.tuning.compound_lexemes);
        self.refresh();
    }

    /// A configuration file: its tree, the id of its top-level body and
    /// the diagnostics.
    pub(crate) fn config(mut self) -> (super::ast::Tree, super::ast::BodyId, Diagnostics) {
        self.begin();
        // Sized for a configuration here (a standalone expression needs no
        // tree). The scratch stacks are left to grow: sizing them up front
        // costs small files more allocations than it saves large ones.
        self.tree
            .make_room_for(self.src, self.tuning.reuse, &mut self.scratch.lists);
        let (root, _) = self.parse_body(TokenKind::Eof, ByteSpan::new(0, 0));
        let tree = std::mem::replace(&mut self.tree, super::ast::Tree::placeholder());
        (tree, root, self.end())
    }

    /// A standalone expression (newlines are insignificant) and the
    /// diagnostics.
    pub(crate) fn expression(mut self) -> (super::ast::Expr, Diagnostics) {
        self.begin();
        self.push_newlines(false);
        let expr = self.parse_expr();
        let next = self.peek();
        if next.kind != TokenKind::Eof && !self.recovery {
            self.error(
                "Extra characters after expression",
                "An expression was successfully parsed, but extra characters were found after it.",
                span_of(next),
                None,
            );
        }
        self.pop_newlines();
        (expr, self.end())
    }

    /// A standalone template and the diagnostics.
    pub(crate) fn template(mut self) -> (super::ast::Expr, Diagnostics) {
        self.begin();
        let expr = self.parse_bare_template();
        (expr, self.end())
    }

    /// A standalone absolute traversal (`[*]` steps allowed when `splats`)
    /// and the diagnostics.
    pub(crate) fn traversal(
        mut self,
        splats: bool,
    ) -> (Option<super::ast::Traversal>, Diagnostics) {
        self.begin();
        self.push_newlines(false);
        let t = self.parse_traversal(splats);
        (t, self.end())
    }

    /// A standalone relative traversal (steps without a root) and the
    /// diagnostics.
    pub(crate) fn relative_traversal(mut self) -> (Vec<super::ast::Traverser>, Diagnostics) {
        self.begin();
        self.push_newlines(false);
        let mut steps = Vec::new();
        self.parse_traversal_steps(&mut steps, ByteSpan::new(0, 0), false);
        (steps, self.end())
    }

    /// Where this parse's expression boxes come from.
    #[inline]
    pub(crate) fn boxes(&mut self) -> &mut super::ast::kept::Boxes {
        &mut self.scratch.boxes
    }

    /// Ends the parse: all diagnostics ([`Parser::finish`]), and the
    /// working memory back to the thread. (Not in a `Drop`: there the box
    /// could not be moved out. A parser dropped without it frees its
    /// memory instead, and the thread's next parse starts afresh.)
    #[inline(always)]
    fn end(mut self) -> Diagnostics {
        let diags = self.finish();
        self.scratch.give_back(self.tuning.reuse);
        diags
    }

    /// All diagnostics: lexical ones first, as the reference orders them.
    ///
    /// (By reference: by value, every caller would copy the whole parser
    /// into it.)
    pub(crate) fn finish(&mut self) -> Diagnostics {
        // Lex the rest so that every bad character is reported.
        while !self.lexed_eof {
            self.head = self.scratch.buf.len();
            self.fill();
        }
        let mut out = Diagnostics::with_limit(self.max_diags);
        // (Most parses report nothing: an empty list is not taken apart.)
        for list in [&mut self.lex_diags, &mut self.diags] {
            if !list.is_empty() {
                out.extend(std::mem::take(list));
            }
        }
        out.omit_errors(self.dropped);
        out
    }

    /// Drops the consumed tokens and lexes another batch (at least one
    /// token; after the end, `Eof` again).
    #[inline(never)]
    fn fill(&mut self) {
        // (Lexemes are `Copy`: moved down in place, without the code of a
        // `Drain`.)
        let buf = &mut self.scratch.buf;
        let kept = buf.len() - self.head;
        buf.copy_within(self.head.., 0);
        buf.truncate(kept);
        self.next_at = self.next_at.saturating_sub(self.head);
        self.head = 0;
        if self.lexed_eof {
            let n = self.src.len() as u32;
            self.scratch.buf.push(Lexeme::token(TokenKind::Eof, n, n));
            return;
        }
        let from = self.scratch.buf.len();
        let end = self.batch_end(from);
        self.lexed_eof = self.lexer.lex_into(&mut self.scratch.buf, end);
        // The lexer says whether the batch holds any kind `check_lexical`
        // complains about (most batches hold none).
        if self.lexer.take_noted() {
            for i in from..self.scratch.buf.len() {
                let l = self.scratch.buf[i];
                if super::lexer::needs_lexical_check(l.kind) {
                    self.check_lexical(l.first());
                }
            }
        }
    }

    /// How many lexemes the token buffer holds after a batch is lexed
    /// behind the `from` not yet consumed: [`BATCH`], or as many as a
    /// fresh buffer has room for ([`FIRST_BATCH`] at least); at least one
    /// more.
    #[inline]
    fn batch_end(&self, from: usize) -> usize {
        let room = self.scratch.buf.capacity().max(FIRST_BATCH);
        BATCH.min(room).max(from + 1)
    }

    #[inline]
    fn newlines_significant(&self) -> bool {
        self.newlines_top
    }

    /// The next significant token, not consumed. A compound lexeme shows
    /// as the first token it stands for.
    // The cursor's steps are forced inline in release builds (each call
    // would hand a token back through memory), but not in debug builds,
    // where the larger frames would cost the deepest inputs the stack.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek(&mut self) -> Token {
        #[cfg(debug_assertions)]
        {
            self.stalled += 1;
            assert!(self.stalled < 100_000, "parser loop makes no progress");
        }
        self.next.first()
    }

    /// Whether the next significant token is a `kind`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn at(&mut self, kind: TokenKind) -> bool {
        self.peek().kind == kind
    }

    /// Consumes and returns the next significant token (the one
    /// [`Parser::peek`] shows).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bump(&mut self) -> Token {
        let t = self.peek();
        // (Only these kinds start a run: where the caller has matched the
        // kind, the check of the run folds away.)
        if matches!(t.kind, TokenKind::OQuote | TokenKind::Ident) && self.next.run_len != 0 {
            self.split_next();
        }
        self.advance_to(self.next_at + 1, span_of(t));
        t
    }

    /// [`Parser::bump`] out of line: one shared copy of the cursor step for
    /// constructs a file holds few of (`for` expressions), rather than a
    /// copy inlined at each of their steps, whose code a small file's first
    /// parse would fetch cold for a single run.
    #[inline(never)]
    pub(crate) fn bump_rare(&mut self) -> Token {
        self.bump()
    }

    /// The run of tokens that the next significant lexeme stands for, if
    /// the lexer delivered one whole: a plain quoted string (one literal
    /// needing no decoding) or a dotted name (`var.region`), with its span.
    /// Not consumed: [`Parser::bump_run`] takes it whole, or
    /// [`Parser::bump`] token by token. `None` when the next token is any
    /// other (including the rest of a run already partly consumed).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_run(&self) -> Option<(Run, ByteSpan)> {
        let l = self.next;
        Some((l.run()?, ByteSpan::new(l.start, l.run_end())))
    }

    /// Consumes the run that [`Parser::peek_run`] showed (`span`), whole.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bump_run(&mut self, span: ByteSpan) {
        debug_assert!(
            self.peek_run().map(|(_, s)| s) == Some(span),
            "bump_run without a run"
        );
        self.advance_to(self.next_at + 1, span);
    }

    /// The raw token after the next significant one (no trivia skipped:
    /// templates have none); a compound lexeme there shows as its first
    /// token.
    pub(crate) fn peek_second_raw(&mut self) -> Token {
        if self.next_at + 1 >= self.scratch.buf.len() {
            self.fill();
        }
        match self.scratch.buf.get(self.next_at + 1).copied() {
            Some(l) => l.first(),
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

    /// Replaces the next lexeme, a compound one, by the tokens it stands
    /// for: the grammar reads it token by token. (Rare: it happens where
    /// the grammar reports an error, or reads the parts of a name, such as
    /// a `for` keyword's.)
    #[cold]
    #[inline(never)]
    fn split_next(&mut self) {
        let (i, l) = (self.next_at, self.next);
        let mut parts = Vec::new();
        let mut at = l.start;
        while at < l.run_end() {
            let t = l.part_at(self.src, at);
            parts.push(Lexeme::token(t.kind, t.start, t.end));
            at = t.end.max(at + 1);
        }
        self.scratch.buf.splice(i..=i, parts);
        if let Some(&first) = self.scratch.buf.get(i) {
            self.set_next(i, first);
        }
    }

    /// Moves the cursor to `buf[head]` (`prev` is the span of what was
    /// consumed) and looks for the next significant lexeme.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance_to(&mut self, head: usize, prev: ByteSpan) {
        #[cfg(debug_assertions)]
        {
            self.stalled = 0;
        }
        self.head = head;
        self.prev = prev;
        self.refresh();
    }

    /// Finds the next significant lexeme from `head` on.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn refresh(&mut self) {
        // Fast path: the next raw lexeme is not trivia (a newline is not
        // where newlines are significant).
        if let Some(&l) = self.scratch.buf.get(self.head) {
            if l.kind != TokenKind::Comment && (l.kind != TokenKind::Newline || self.newlines_top) {
                self.set_next(self.head, l);
                return;
            }
        }
        self.refresh_slow();
    }

    #[inline(never)]
    fn refresh_slow(&mut self) {
        let nl = self.newlines_significant();
        let mut i = self.head;
        loop {
            if i >= self.scratch.buf.len() {
                let back = i - self.head;
                self.fill();
                i = self.head + back;
            }
            let l = self.scratch.buf[i];
            match l.kind {
                TokenKind::Comment => {
                    // A line comment stands for the newline that ends it.
                    // (Rewriting it in place is safe: where newlines are
                    // insignificant, both are skipped alike.)
                    if nl && self.src.as_bytes().get(l.end as usize - 1) == Some(&b'\n') {
                        self.scratch.buf[i].kind = TokenKind::Newline;
                        break;
                    }
                    i += 1;
                }
                TokenKind::Newline if !nl => i += 1,
                _ => break,
            }
        }
        let l = self.scratch.buf[i];
        self.set_next(i, l);
    }

    /// Notes `l`, at `i` in `buf`, as the next significant lexeme.
    // Field by field: a whole copy comes out dearer.
    #[inline(always)]
    fn set_next(&mut self, i: usize, l: Lexeme) {
        self.next.start = l.start;
        self.next.end = l.end;
        self.next.kind = l.kind;
        self.next.run_len = l.run_len;
        self.next_at = i;
    }

    /// The span of the last consumed token.
    pub(crate) fn prev_span(&self) -> ByteSpan {
        self.prev
    }

    // Inlined (as `pop_newlines`): every call, bracket and template enters
    // a newline mode and leaves it, and the call was most of the cost.
    // (Forced: left to the compiler, both stayed out of line in the
    // parser's hottest callers.)
    #[inline(always)]
    pub(crate) fn push_newlines(&mut self, significant: bool) {
        if self.enter_newline_mode(significant) {
            self.refresh();
        }
    }

    /// Consumes the next significant token, the one that opens a bracket,
    /// and enters a newline mode (`significant`) for what follows it: the
    /// token after it is looked for once, under that mode (as
    /// [`Parser::bump_closing`] leaves one).
    #[inline(always)]
    pub(crate) fn bump_opening(&mut self, significant: bool) -> Token {
        let t = self.peek();
        debug_assert!(self.next.run_len == 0, "an opening bracket is one token");
        self.enter_newline_mode(significant);
        self.advance_to(self.next_at + 1, span_of(t));
        t
    }

    /// Pushes a newline mode; whether newlines became significant or
    /// insignificant (the cursor, not refreshed, may then be out of date).
    #[inline(always)]
    fn enter_newline_mode(&mut self, significant: bool) -> bool {
        push(&mut self.scratch.newlines, significant);
        let changed = self.newlines_top != significant;
        self.newlines_top = significant;
        changed
    }

    #[inline(always)]
    pub(crate) fn pop_newlines(&mut self) {
        if self.leave_newline_mode() {
            self.refresh();
        }
    }

    /// Consumes the next significant token, the one that closes a bracket,
    /// and leaves the newline mode the bracket entered (as
    /// [`Parser::pop_newlines`]): the token after it is looked for once,
    /// under the mode returned to. (Consumed first, it would be looked for
    /// under the bracket's mode, which skips a newline after the bracket
    /// out of line, and again after the pop, which takes the newline back.)
    #[inline(always)]
    pub(crate) fn bump_closing(&mut self) -> Token {
        let t = self.peek();
        debug_assert!(self.next.run_len == 0, "a closing bracket is one token");
        self.leave_newline_mode();
        self.advance_to(self.next_at + 1, span_of(t));
        t
    }

    /// Pops the newline mode (the first is never left); whether newlines
    /// became significant or insignificant (the cursor, not refreshed, may
    /// then be out of date).
    #[inline(always)]
    fn leave_newline_mode(&mut self) -> bool {
        if self.scratch.newlines.len() > 1 {
            self.scratch.newlines.pop();
        }
        let significant = self.scratch.newlines.last().copied().unwrap_or(true);
        let changed = self.newlines_top != significant;
        self.newlines_top = significant;
        changed
    }

    /// Whether the next token is the identifier `kw`.
    pub(crate) fn at_keyword(&mut self, kw: &str) -> bool {
        let t = self.peek();
        self.is_keyword(t, kw)
    }

    /// Whether `t` is the identifier `kw`.
    #[inline]
    fn is_keyword(&self, t: Token, kw: &str) -> bool {
        t.kind == TokenKind::Ident
            && t.len() as usize == kw.len()
            && span_of(t).text(self.src) == kw
    }

    /// [`Parser::at_keyword`] with newlines insignificant, without
    /// switching the newline mode when the answer is among the lexemes
    /// already lexed (an object's first item usually is).
    pub(crate) fn at_keyword_past_newlines(&mut self, kw: &str) -> bool {
        if let Some(at) = self.keyword_lexed_from(self.head, kw) {
            return at;
        }
        self.push_newlines(false);
        let at = self.at_keyword(kw);
        self.pop_newlines();
        at
    }

    /// [`Parser::at_keyword_past_newlines`] for the token after the next
    /// significant one (an opening bracket, whose newline mode depends on
    /// the answer), without consuming anything: `None` when it is not
    /// lexed yet.
    pub(crate) fn keyword_after_next_past_newlines(&self, kw: &str) -> Option<bool> {
        self.keyword_lexed_from(self.next_at + 1, kw)
    }

    /// Whether the first lexeme from `buf[from]` on that is not a newline
    /// or a comment is the identifier `kw`; `None` when none is lexed yet.
    fn keyword_lexed_from(&self, from: usize, kw: &str) -> Option<bool> {
        let trivia = |l: &&Lexeme| matches!(l.kind, TokenKind::Newline | TokenKind::Comment);
        let lexed = self.scratch.buf.get(from..).unwrap_or_default();
        let l = lexed.iter().find(|l| !trivia(l))?;
        Some(self.is_keyword(l.first(), kw))
    }

    pub(crate) fn file_name_str(&self) -> &str {
        self.file.name()
    }

    pub(crate) fn range(&self, span: ByteSpan) -> crate::pos::Range {
        self.file.range(span)
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

    #[inline]
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
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

impl Lexeme {
    /// The token that starts at byte `at` of the run this lexeme stands
    /// for (`at` is the start of the lexeme or the end of a token of its
    /// run): the one place that knows what a compound lexeme holds.
    fn part_at(self, src: &str, at: u32) -> Token {
        let end = self.run_end();
        let (kind, part_end) = match self.run() {
            _ if at == self.start => (self.kind, self.end),
            None => (self.kind, self.end),
            Some(Run::PlainString) if at + 1 >= end => (TokenKind::CQuote, end),
            Some(Run::PlainString) => (TokenKind::QuotedLit, end - 1),
            Some(Run::DottedName) if src.as_bytes().get(at as usize) == Some(&b'.') => {
                (TokenKind::Dot, at + 1)
            }
            Some(Run::DottedName) => (TokenKind::Ident, at + name_len(src, at, end)),
        };
        Token {
            kind,
            start: at,
            end: part_end,
        }
    }
}

/// The length of the name at `at` in a dotted name ending at `end`.
fn name_len(src: &str, at: u32, end: u32) -> u32 {
    let rest = ByteSpan::new(at, end).text(src).as_bytes();
    crate::byte_search::find(b'.', rest).unwrap_or(rest.len()) as u32
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

#[cfg(test)]
pub(crate) mod test;
