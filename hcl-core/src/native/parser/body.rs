//! Structure: bodies, attributes, blocks and labels.

use super::{span_of, Parser, Run};
use crate::diag::quoted;
use crate::native::ast::{
    Attribute, Block, Body, BodyId, ByteSpan, Expr, ExprKind, Label, LitText,
};
use crate::native::token::TokenKind as K;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

const UNCLOSED_BLOCK: &str = "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";

/// Remembers attribute names to report redefinitions: a name of a class
/// not seen is new without a look at the others, which is the case for most
/// names; any other is looked for among the body's earlier ones (a scan of
/// its stack), or, in a large body, in a set of them.
struct Seen {
    /// One bit for each (length, first byte) class of the names so far
    /// (see [`name_class`]), while the body holds fewer than [`FINE_AT`]
    /// names; then all bits (every name goes to [`Large`]).
    classes: u64,
    /// What a larger body uses instead.
    large: Large,
}

/// How a body of [`FINE_AT`] names or more remembers them.
enum Large {
    /// It is not that large.
    No,
    /// Up to [`MAP_AT`] names: finer classes, one bit of `64 * FINE_WORDS`
    /// for each (length, first byte, last byte) class seen (see
    /// [`note_fine_class`]).
    Fine([u64; FINE_WORDS]),
    /// Past that: a set of the names.
    Map(NameSet),
}

impl<'a> Parser<'a> {
    /// ```ebnf
    /// Body = (Attribute | Block | OneLineBlock)*;
    /// ```
    ///
    /// Parses items until `end` (`Eof` or `}`), which is consumed; adds the
    /// body to the tree, and returns its id and the span of the end token.
    pub(crate) fn parse_body(&mut self, end: K, start: ByteSpan) -> (BodyId, ByteSpan) {
        let mut seen = Seen {
            classes: 0,
            large: Large::No,
        };
        // The body's attributes collect on an empty stack (an enclosing
        // body's, if any, is set aside meanwhile), so that they move to the
        // tree in one copy, not one by one from the top of a shared stack.
        let outer = if self.scratch.attr_stack.is_empty() {
            None
        } else {
            let fresh = self.scratch.attr_pool.pop().unwrap_or_default();
            Some(std::mem::replace(&mut self.scratch.attr_stack, fresh))
        };
        let blocks0 = self.scratch.block_stack.len();
        let end_span;
        loop {
            let next = self.peek();
            if next.kind == end {
                end_span = span_of(self.bump());
                break;
            }
            match next.kind {
                K::Newline => {
                    self.bump();
                }
                K::Ident => {
                    self.reset_recovery();
                    self.parse_body_item(&mut seen);
                }
                _ => {
                    let bad = self.bump();
                    let bad_span = span_of(bad);
                    if !self.recovery {
                        match bad.kind {
                            K::OQuote => self.error(
                                "Invalid argument name",
                                "Argument names must not be quoted.",
                                bad_span,
                                None,
                            ),
                            K::Eof if end == K::CBrace => self.error(
                                "Unclosed configuration block",
                                UNCLOSED_BLOCK,
                                start,
                                None,
                            ),
                            K::Eof => self.error(
                                "Unclosed configuration body",
                                "Found end of file before the end of this configuration body.",
                                start,
                                None,
                            ),
                            _ => self.error(
                                "Argument or block definition required",
                                "An argument or block definition is required here.",
                                bad_span,
                                None,
                            ),
                        }
                    }
                    if bad.kind != K::Eof && end == K::Eof {
                        // At the top level, skip the bad line and go on:
                        // more errors can be reported in one pass.
                        self.recover_after_body_item();
                        continue;
                    }
                    end_span = if bad.kind == K::Eof {
                        bad_span
                    } else {
                        self.prev_span()
                    };
                    // At the end too: the blocks around this one, unclosed
                    // at the same end, are then not reported again (as the
                    // reference's recovery).
                    self.recover(end);
                    break;
                }
            }
        }
        // Nested bodies are complete and appended by now, so this body's
        // items land contiguously.
        let body = Body {
            attributes: self
                .tree
                .append_attributes_from(&mut self.scratch.attr_stack, 0),
            blocks: self
                .tree
                .append_blocks(&mut self.scratch.block_stack, blocks0),
            span: start.to(end_span),
        };
        if let Some(outer) = outer {
            let own = std::mem::replace(&mut self.scratch.attr_stack, outer);
            self.scratch.attr_pool.push(own);
        }
        (self.tree.push_body(body), end_span)
    }

    /// Whether the attribute `attr_name` repeats an earlier one of its
    /// body (the first `earlier` on the attribute stack; reported); if
    /// not, notes it.
    // The common case, a name of a class not seen in a small body, is
    // decided here, inlined into the body loop; the rest out of line.
    #[inline(always)]
    fn redefined(&mut self, seen: &mut Seen, attr_name: ByteSpan, earlier: usize) -> bool {
        // (A larger body has every class bit set: no test of `large` here.)
        let class = name_class(self.src, attr_name);
        if seen.classes & class == 0 && earlier < FINE_AT {
            seen.classes |= class;
            return false;
        }
        seen.classes |= class;
        self.redefined_scan(seen, attr_name, earlier)
    }

    /// [`Parser::redefined`] past the class check.
    #[inline(never)]
    fn redefined_scan(&mut self, seen: &mut Seen, attr_name: ByteSpan, earlier: usize) -> bool {
        let src = self.src;
        let stack = self.scratch.attr_stack.get(..earlier).unwrap_or_default();
        if let Large::No = seen.large {
            if stack.len() >= FINE_AT {
                let mut classes = [0; FINE_WORDS];
                for a in stack {
                    note_fine_class(&mut classes, src, a.name);
                }
                seen.large = Large::Fine(classes);
                seen.classes = u64::MAX;
            }
        }
        let scan = || {
            let bytes = attr_name.bytes(src);
            stack
                .iter()
                .find(|a| a.name.len() == attr_name.len() && a.name.bytes(src) == bytes)
                .map(|a| a.name)
        };
        let existing = match &mut seen.large {
            Large::No => scan(),
            Large::Fine(classes) => {
                if note_fine_class(classes, src, attr_name) {
                    None
                } else {
                    scan()
                }
            }
            // One hash per attribute: looked up and noted in one step.
            Large::Map(map) => map.find_or_insert(src, stack, attr_name, stack.len()),
        };
        if let Some(prev) = existing {
            let r = self.range(prev);
            let detail = format!(
                "The argument {} was already set at {}:{},{}-{}. Each argument may be set only once.",
                quoted(attr_name.text(src)),
                self.file_name_str(),
                r.start.line,
                r.start.column,
                r.end.column
            );
            self.error("Attribute redefined", detail, attr_name, None);
            return true;
        }
        if let Large::Fine(_) = seen.large {
            if stack.len() >= MAP_AT {
                let mut map = NameSet::default();
                for (at, a) in stack.iter().enumerate() {
                    map.find_or_insert(src, stack, a.name, at);
                }
                map.find_or_insert(src, stack, attr_name, stack.len());
                seen.large = Large::Map(map);
            }
        }
        false
    }

    /// ```ebnf
    /// Attribute    = Identifier "=" Expression Newline;
    /// Block        = Identifier (StringLit|Identifier)* "{" Newline Body "}" Newline;
    /// OneLineBlock = Identifier (StringLit|Identifier)* "{" (Identifier "=" Expression)? "}" Newline;
    /// ```
    ///
    /// The item goes on the body's scratch stack (built where it is
    /// pushed: an item handed back through memory stalls the body loop).
    #[inline(always)]
    fn parse_body_item(&mut self, seen: &mut Seen) {
        // (Pushed before the check, and taken back if it repeats a name:
        // built where it stays, a simple attribute is not copied through
        // the stack on its way.)
        if let Some(name) = self.push_simple_attribute() {
            let earlier = self.scratch.attr_stack.len() - 1;
            if self.redefined(seen, name, earlier) {
                self.scratch.attr_stack.pop();
            }
            return;
        }
        let ident = span_of(self.bump());
        match self.peek().kind {
            K::Equal => {
                let expr = self.finish_attribute(ident, false);
                if !self.redefined(seen, ident, self.scratch.attr_stack.len()) {
                    super::push(
                        &mut self.scratch.attr_stack,
                        Attribute { name: ident, expr },
                    );
                }
            }
            K::OQuote | K::OBrace | K::Ident => {
                if let Some(block) = self.finish_block(ident) {
                    super::push(&mut self.scratch.block_stack, block);
                }
            }
            _ => {
                self.recover_after_body_item();
                self.error(
                    "Argument or block definition required",
                    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                    ident,
                    None,
                );
            }
        }
    }

    /// Consumes the `=` (the next token); the value of attribute `name`.
    // Inlined: returned through memory, the attribute cost a store-forwarding
    // stall in the body loop (~2%).
    #[inline(always)]
    fn finish_attribute(&mut self, name: ByteSpan, single_line: bool) -> Expr {
        self.bump();
        let mark = self.mark();
        let expr = self.parse_expr_inline();
        if self.failed(mark) {
            self.recover_after_body_item();
        } else if !single_line {
            let end = self.peek();
            if end.kind == K::Newline || end.kind == K::Eof {
                self.bump();
            } else {
                if !self.recovery {
                    let (summary, detail) = if end.kind == K::Comma {
                        ("Unexpected comma after argument", "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.")
                    } else {
                        (
                            "Missing newline after argument",
                            "An argument definition must end with a newline.",
                        )
                    };
                    self.error(summary, detail, span_of(end), Some(name.to(span_of(end))));
                }
                self.recover_after_body_item();
            }
        }
        expr
    }

    fn finish_block(&mut self, ty: ByteSpan) -> Option<Block> {
        let labels0 = self.scratch.label_stack.len();
        let open;
        loop {
            // A plain string: what `parse_quoted_label` makes of its three
            // tokens.
            if let Some((Run::PlainString, span)) = self.peek_run() {
                self.bump_run(span);
                self.scratch.label_stack.push(Label::plain(span));
                continue;
            }
            let tok = self.peek();
            match tok.kind {
                K::OBrace => {
                    open = span_of(self.bump());
                    break;
                }
                K::Ident => {
                    let span = span_of(self.bump());
                    self.scratch.label_stack.push(Label::plain(span));
                }
                K::OQuote => {
                    let label = self.parse_quoted_label();
                    self.scratch.label_stack.push(label);
                }
                _ => {
                    let at = span_of(tok);
                    let ctx = Some(ty.to(at));
                    match tok.kind {
                        K::Equal => self.error("Invalid block definition", "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.", at, ctx),
                        K::Newline => self.error("Invalid block definition", "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.", at, ctx),
                        _ => self.error_unless_recovering("Invalid block definition", "Either a quoted string block label or an opening brace (\"{\") is expected here.", at, ctx),
                    }
                    self.recover_after_body_item();
                    let labels = self
                        .tree
                        .append_labels(&mut self.scratch.label_stack, labels0);
                    let body = self.tree.push_body(Body {
                        span: ty,
                        ..Body::default()
                    });
                    return Some(Block {
                        ty,
                        labels,
                        open: ty.start,
                        body,
                        close_brace: ty,
                    });
                }
            }
        }

        if !self.enter(open) {
            self.scratch.label_stack.truncate(labels0);
            self.recover(K::CBrace);
            self.recover_after_body_item();
            return None;
        }
        let body = match self.peek().kind {
            K::Newline | K::Eof | K::CBrace => self.parse_body(K::CBrace, open).0,
            _ => self.parse_one_line_body(ty, open),
        };
        self.leave();
        let close = self.prev_span();
        // After the body: its nested blocks' labels went in first.
        let labels = self
            .tree
            .append_labels(&mut self.scratch.label_stack, labels0);

        let eol = self.peek();
        if eol.kind == K::Newline || eol.kind == K::Eof {
            self.bump();
        } else {
            if !self.recovery {
                self.error(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    span_of(eol),
                    Some(ty.to(span_of(eol))),
                );
            }
            self.recover_after_body_item();
        }
        Some(Block {
            ty,
            labels,
            open: open.start,
            body,
            close_brace: close,
        })
    }

    /// The body of `name { attr = expr }`: one attribute, closed on the
    /// same line.
    fn parse_one_line_body(&mut self, ty: ByteSpan, open: ByteSpan) -> BodyId {
        let mut body = Body {
            span: open,
            ..Body::default()
        };
        let ident = self.bump();
        let ident_span = span_of(ident);
        let next = self.peek();
        let mut ok = false;
        if ident.kind != K::Ident {
            self.recover_after_body_item();
            self.error(
                "Argument or block definition required",
                "An argument or block definition is required here.",
                ident_span,
                None,
            );
        } else {
            match next.kind {
                K::Equal => {
                    let expr = self.finish_attribute(ident_span, true);
                    let attr = Attribute {
                        name: ident_span,
                        expr,
                    };
                    body.span = attr.span();
                    body.attributes = self.tree.append_attributes(std::iter::once(attr));
                    ok = true;
                }
                K::OQuote | K::OBrace | K::Ident => {
                    self.recover_after_body_item();
                    let name = ident_span.text(self.src).to_owned();
                    self.error(
                        "Argument definition required",
                        format!("A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.", quoted(&name)),
                        ident_span.to(span_of(next)),
                        None,
                    );
                }
                _ => {
                    self.recover_after_body_item();
                    self.error(
                        "Argument or block definition required",
                        "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                        ident_span,
                        None,
                    );
                }
            }
        }
        let id = self.tree.push_body(body);
        if !ok {
            return id;
        }
        let next = self.peek();
        let at = span_of(next);
        match next.kind {
            K::CBrace => {
                self.bump();
            }
            K::Comma => {
                self.error("Invalid single-argument block definition", "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.", at, None);
                self.recover(K::CBrace);
            }
            K::Newline => {
                self.error("Invalid single-argument block definition", "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.", at, None);
                self.recover(K::CBrace);
            }
            K::Eof => {
                self.error_unless_recovering(
                    "Unclosed configuration block",
                    UNCLOSED_BLOCK,
                    open,
                    Some(ty.to(open)),
                );
                self.recover(K::CBrace);
            }
            _ => {
                self.error_unless_recovering("Invalid single-argument block definition", "A single-line block definition must end with a closing brace immediately after its single argument definition.", at, None);
                self.recover(K::CBrace);
            }
        }
        id
    }

    /// A quoted label: a `StringLit` without template sequences.
    pub(crate) fn parse_quoted_label(&mut self) -> Label {
        let (span, text) = self.parse_quoted_string_literal();
        let decoded = match text {
            LitText::Source(s) if s == span.inner() => 0,
            LitText::Source(s) => self.tree.push_label_text(s.text(self.src).into()),
            LitText::Owned(s) => self.tree.push_label_text(s),
        };
        Label { span, decoded }
    }

    /// ```ebnf
    /// StringLit = '"' (quoted literals as defined in prose above) '"';
    /// ```
    pub(crate) fn parse_quoted_string_literal(&mut self) -> (ByteSpan, LitText) {
        let open = span_of(self.bump());
        let mut text: Option<LitText> = None;
        let end;
        loop {
            let tok = self.bump();
            let at = span_of(tok);
            match tok.kind {
                K::CQuote => {
                    end = at;
                    break;
                }
                K::QuotedLit => {
                    let piece = self.decode_literal(at, true);
                    text = Some(match text {
                        None => piece,
                        Some(prev) => concat_lit(self.src, prev, piece),
                    });
                }
                K::TemplateInterp | K::TemplateControl => {
                    let which = if tok.kind == K::TemplateControl {
                        '%'
                    } else {
                        '$'
                    };
                    self.error(
                        "Invalid string literal",
                        format!("Template sequences are not allowed in this string. To include a literal \"{which}\", double it (as \"{which}{which}\") to escape it."),
                        at,
                        Some(open.to(at)),
                    );
                    self.recover(K::TemplateSeqEnd);
                }
                K::Eof => {
                    self.error(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        at,
                        Some(open.to(at)),
                    );
                    end = at;
                    break;
                }
                _ => {
                    self.error(
                        "Invalid string literal",
                        "This item is not valid in a string literal.",
                        at,
                        Some(open.to(at)),
                    );
                    self.recover(K::CQuote);
                    end = at;
                    break;
                }
            }
        }
        let span = open.to(end);
        let text = text.unwrap_or(LitText::Source(open.end_point()));
        (span, text)
    }

    /// Decodes one literal token, reporting bad escapes.
    pub(crate) fn decode_literal(&mut self, at: ByteSpan, quoted: bool) -> LitText {
        if quoted && !self.lexer.may_have_escapes(at.end) {
            return LitText::Source(at);
        }
        let raw = at.text(self.src);
        let mut errs = std::mem::take(&mut self.esc_errs);
        let out = crate::native::escape::decode(raw, quoted, at.start, &mut errs);
        for e in errs.drain(..) {
            self.error(
                "Invalid escape sequence",
                e.detail,
                ByteSpan::new(e.start, e.end),
                None,
            );
        }
        self.esc_errs = errs;
        match out {
            None => LitText::Source(at),
            Some(s) => LitText::Owned(s.into_boxed_str()),
        }
    }
}

/// How many attributes a body has before their names go in finer classes
/// (see [`Large::Fine`]): with 64 classes, about one name in five of a body
/// of 16 is of a class seen before.
const FINE_AT: usize = 16;

/// How many attributes a body has before their names go in a map. Up to
/// here a name of a fine class seen before is looked for by a scan of the
/// body's earlier names: at 128 names, about one name in five, with 512
/// classes. The map costs a hash and a probe for every name, and its
/// set-up more: made at 16 names, it was 3% of a parse of a real file
/// (large.tf, whose largest bodies hold 20 to 100 attributes).
const MAP_AT: usize = 128;

/// The words of [`Large::Fine`]'s bits: `1 << FINE_BITS` bits.
const FINE_WORDS: usize = 1 << (FINE_BITS - 6);
const FINE_BITS: u32 = 9;

/// The longest probe [`NameSet`] accepts with its fast hash: a longer one
/// switches the set to std's keyed hash for good. At most half full, linear
/// probing meets such a probe by chance about once in millions of names;
/// names made to collide meet it quickly, and cost at most this many
/// comparisons each before the switch.
const FAST_PROBE_LIMIT: usize = 64;

/// The attribute names of a large body, for finding redefinitions: a hash
/// set of positions in the body's attribute stack (4 bytes a slot, open
/// addressing, at most half full), where a `HashMap<&str, ByteSpan>` takes
/// six times that and more while it grows: it was most of a parse's peak
/// memory on a file of a million short attributes.
///
/// Names are hashed with a fast unkeyed hash ([`fast_hash`]) until a probe
/// gets longer than [`FAST_PROBE_LIMIT`], which only names made to collide
/// do; the set then hashes again with std's keyed hash, so that no file
/// can make the lookups quadratic. (The keyed hash of every name was 5% of
/// a parse of a real file, and its keys cost a system call in a fresh
/// process.)
#[derive(Default)]
pub(super) struct NameSet {
    /// One more than the position of an attribute in the stack; 0 for a
    /// free slot.
    slots: Vec<u32>,
    len: usize,
    /// Set once a probe got too long: the keyed hash from then on.
    keyed: Option<RandomState>,
}

impl NameSet {
    /// The name of an attribute of `stack` equal to `stack[at]`'s name (or
    /// `name`, when `at` is the stack's length: the attribute about to be
    /// pushed); if there is none, the attribute at `at` is added.
    pub(super) fn find_or_insert(
        &mut self,
        src: &str,
        stack: &[Attribute],
        name: ByteSpan,
        at: usize,
    ) -> Option<ByteSpan> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.rehash(src, stack, self.slots.len() * 2);
        }
        let text = name.text(src);
        loop {
            match self.probe(src, stack, text) {
                Probe::Found(earlier) => return Some(earlier),
                Probe::Free(i) => {
                    self.slots[i] = at as u32 + 1;
                    self.len += 1;
                    return None;
                }
                Probe::TooLong => {
                    self.keyed = Some(RandomState::new());
                    self.rehash(src, stack, self.slots.len());
                }
            }
        }
    }

    /// Looks `text` up: the earlier attribute of that name, or the free
    /// slot where it goes.
    #[inline]
    fn probe(&self, src: &str, stack: &[Attribute], text: &str) -> Probe {
        let mask = self.slots.len() - 1;
        let (mut i, limit) = match &self.keyed {
            None => (fast_hash(text) as usize & mask, FAST_PROBE_LIMIT),
            Some(keyed) => (keyed.hash_one(text) as usize & mask, usize::MAX),
        };
        for _ in 0..limit {
            let slot = self.slots[i] as usize;
            let Some(earlier) = slot.checked_sub(1) else {
                return Probe::Free(i);
            };
            if let Some(a) = stack.get(earlier) {
                if a.name.len() as usize == text.len() && a.name.text(src) == text {
                    return Probe::Found(a.name);
                }
            }
            i = (i + 1) & mask;
        }
        Probe::TooLong
    }

    /// Puts the names back in a table of `size` slots, with the current
    /// hash. At least four slots a name of a body as large as the one that
    /// makes a map ([`MAP_AT`]): a table that starts at half full regrows
    /// at once.
    fn rehash(&mut self, src: &str, stack: &[Attribute], size: usize) {
        let old = std::mem::replace(&mut self.slots, vec![0; size.max(4 * MAP_AT)]);
        self.len = 0;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let at = slot as usize - 1;
            if let Some(a) = stack.get(at) {
                self.find_or_insert(src, stack, a.name, at);
            }
        }
    }

    /// Whether a probe got too long and the set hashes with keys.
    #[cfg(test)]
    pub(super) fn is_keyed(&self) -> bool {
        self.keyed.is_some()
    }
}

/// What [`NameSet::probe`] found.
enum Probe {
    /// An earlier attribute of the name.
    Found(ByteSpan),
    /// The free slot where the name goes.
    Free(usize),
    /// The fast hash's probe limit was reached.
    TooLong,
}

/// A fast hash of a name (FxHash's step, eight bytes at a time, then the
/// high bits folded down, since the set masks the low ones). Unkeyed: see
/// [`NameSet`] for what guards against names made to collide.
#[inline]
pub(super) fn fast_hash(text: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mix = |h: u64, word: [u8; 8]| (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    let bytes = text.as_bytes();
    let mut h = bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut word = [0; 8];
        word.copy_from_slice(w);
        h = mix(h, word);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut word = [0; 8];
        word[..rest.len()].copy_from_slice(rest);
        h = mix(h, word);
    }
    h ^ (h >> 29) ^ (h >> 47)
}

/// One bit standing for the length and first byte of the name at `span`:
/// equal names have equal bits.
#[inline(always)]
fn name_class(src: &str, span: ByteSpan) -> u64 {
    let first = src
        .as_bytes()
        .get(span.start as usize)
        .copied()
        .unwrap_or(0);
    1 << ((u32::from(first) ^ (span.len() << 3)) & 63)
}

/// Sets the bit of [`Large::Fine`]'s `classes` that stands for the length
/// and the first and last bytes of the name at `span` (equal names have
/// equal bits; the last byte too, since names often share a prefix, as
/// `create_` does); whether it was clear.
fn note_fine_class(classes: &mut [u64; FINE_WORDS], src: &str, span: ByteSpan) -> bool {
    let bytes = src.as_bytes();
    let byte = |at: u32| u32::from(bytes.get(at as usize).copied().unwrap_or(0));
    let key = byte(span.start) | byte(span.end.wrapping_sub(1)) << 8 | span.len() << 16;
    // Fibonacci hashing (the top bits of the product mix every byte), the
    // length folded down first: keys that differ by a multiple of a large
    // power of two do not all land together.
    let class = ((key ^ key >> 15).wrapping_mul(0x9e37_79b9) >> (32 - FINE_BITS)) as usize;
    let (word, bit) = (&mut classes[(class >> 6) % FINE_WORDS], 1 << (class & 63));
    let clear = *word & bit == 0;
    *word |= bit;
    clear
}

/// Joins two pieces of literal text; stays a span when they are adjacent.
pub(crate) fn concat_lit(src: &str, a: LitText, b: LitText) -> LitText {
    match (a, b) {
        (LitText::Source(x), LitText::Source(y)) if x.end == y.start => LitText::Source(x.to(y)),
        (a, b) => {
            let mut s = String::from(a.as_str(src));
            s.push_str(b.as_str(src));
            LitText::Owned(s.into_boxed_str())
        }
    }
}

/// An expression placeholder after an error.
pub(crate) fn invalid(span: ByteSpan) -> Expr {
    Expr {
        span,
        kind: ExprKind::Invalid,
    }
}
