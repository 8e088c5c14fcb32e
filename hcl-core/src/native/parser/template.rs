//! Templates: literal text, interpolations, `if`/`for` directives, strip
//! markers and `<<-` indentation stripping.
//!
//! A template is read in two passes, as the reference does: first a flat
//! list of pieces (literals with strip markers applied, interpolations and
//! directive markers), then the directives are matched into a tree with an
//! explicit stack (so nesting costs no recursion).

use super::body::invalid;
use super::{span_of, Parser};
use crate::diag::quoted;
use crate::native::ast::{
    kept, ByteSpan, Expr, ExprKind, Interpolation, LitText, PartList, Template, TemplateFor,
    TemplateIf, TemplateKind, TemplateLiteral, TemplatePart,
};
use crate::native::token::TokenKind as K;

/// One piece of the flat pass.
pub(crate) enum Flat {
    Lit(TemplateLiteral),
    Interp(Interpolation),
    If {
        cond: Expr,
        span: ByteSpan,
    },
    Else(ByteSpan),
    EndIf(ByteSpan),
    For {
        key_var: Option<ByteSpan>,
        value_var: ByteSpan,
        collection: Expr,
        span: ByteSpan,
    },
    EndFor(ByteSpan),
}

enum Frame {
    If {
        cond: Expr,
        if_span: ByteSpan,
        then_parts: Option<Vec<TemplatePart>>,
        else_span: Option<ByteSpan>,
        parts: Vec<TemplatePart>,
    },
    For {
        key_var: Option<ByteSpan>,
        value_var: ByteSpan,
        collection: Expr,
        for_span: ByteSpan,
        parts: Vec<TemplatePart>,
    },
}

impl Frame {
    fn parts(&mut self) -> &mut Vec<TemplatePart> {
        match self {
            Frame::If { parts, .. } | Frame::For { parts, .. } => parts,
        }
    }
    fn span(&self) -> ByteSpan {
        match self {
            Frame::If { if_span, .. } => *if_span,
            Frame::For { for_span, .. } => *for_span,
        }
    }
}

impl<'a> Parser<'a> {
    /// ```ebnf
    /// TemplateExpr = quotedTemplate | heredocTemplate;
    /// heredocTemplate = (("<<" | "<<-") Identifier Newline (content) Identifier Newline);
    /// ```
    pub(crate) fn parse_template_expr(&mut self) -> Expr {
        let open_tok = self.bump();
        let open = span_of(open_tok);
        if open_tok.kind == K::OQuote {
            // Fast path for the commonest template: a plain string.
            let first = self.peek();
            if first.kind == K::CQuote {
                self.bump();
                return Expr {
                    span: open.to(span_of(first)),
                    kind: ExprKind::StringLit,
                };
            }
            if first.kind == K::QuotedLit {
                let second = self.peek_second_raw();
                if second.kind == K::CQuote && !self.quoted_needs_decoding(first) {
                    self.bump();
                    self.bump();
                    return Expr {
                        span: open.to(span_of(second)),
                        kind: ExprKind::StringLit,
                    };
                }
            }
        }
        let (kind, end) = if open_tok.kind == K::OQuote {
            (TemplateKind::Quoted, K::CQuote)
        } else {
            let flush = open.text(self.src).starts_with("<<-");
            (TemplateKind::Heredoc { flush }, K::CHeredoc)
        };
        if !self.enter(open) {
            let close = self.recover(end);
            return invalid(open.to(span_of(close)));
        }
        let (parts, close) = self.parse_template_parts(end, kind, open);
        self.leave();
        let span = open.to(close);
        self.finish_template(span, close, kind, parts)
    }

    /// A standalone template: everything up to the end of the input.
    pub(crate) fn parse_bare_template(&mut self) -> Expr {
        let start = span_of(self.peek()).start_point();
        let (parts, end) = self.parse_template_parts(K::Eof, TemplateKind::Bare, start);
        let span = start.to(end);
        self.finish_template(span, end, TemplateKind::Bare, parts)
    }

    fn finish_template(
        &mut self,
        span: ByteSpan,
        end: ByteSpan,
        kind: TemplateKind,
        mut parts: Vec<Flat>,
    ) -> Expr {
        if let [Flat::Interp(_)] = parts.as_slice() {
            if let Some(Flat::Interp(i)) = parts.pop() {
                self.scratch.flat_pool.push(parts);
                return Expr {
                    span,
                    kind: ExprKind::TemplateWrap(Box::new(i.expr)),
                };
            }
        }
        if kind == TemplateKind::Quoted {
            if let [Flat::Lit(TemplateLiteral {
                text: LitText::Source(s),
                ..
            })] = parts.as_slice()
            {
                if *s == span.inner() || (s.is_empty() && span.len() == 2) {
                    parts.clear();
                    self.scratch.flat_pool.push(parts);
                    return Expr {
                        span,
                        kind: ExprKind::StringLit,
                    };
                }
            }
        }
        let tree = self.build_tree(&mut parts, end);
        self.scratch.flat_pool.push(parts);
        Expr {
            span,
            kind: ExprKind::Template(kept::template(Template { kind, parts: tree }, self.boxes())),
        }
    }

    /// The flat pass up to (and consuming) `end`; returns the pieces and the
    /// span of the end token.
    fn parse_template_parts(
        &mut self,
        end: K,
        kind: TemplateKind,
        open: ByteSpan,
    ) -> (Vec<Flat>, ByteSpan) {
        let start = span_of(self.peek());
        // Piece lists are reused (templates nest, so there is a pool).
        let mut parts: Vec<Flat> = self.scratch.flat_pool.pop().unwrap_or_default();
        let mut ltrim_next = false;
        let mut next_can_trim_prev = false;
        let end_span;
        loop {
            let next = self.bump();
            let at = span_of(next);
            if next.kind == end {
                end_span = at;
                break;
            }
            let ltrim = std::mem::take(&mut ltrim_next);
            let can_trim_prev = std::mem::take(&mut next_can_trim_prev);
            match next.kind {
                K::StringLit | K::QuotedLit => {
                    let mut text = self.decode_literal(at, next.kind == K::QuotedLit);
                    if ltrim {
                        text = trim_lit(self.src, text, true);
                    }
                    parts.push(Flat::Lit(TemplateLiteral { span: at, text }));
                    next_can_trim_prev = true;
                }
                K::TemplateInterp | K::TemplateControl => {
                    let strip_left = next.len() == 3;
                    if can_trim_prev && strip_left {
                        if let Some(Flat::Lit(l)) = parts.last_mut() {
                            let t = std::mem::replace(&mut l.text, LitText::Source(at));
                            l.text = trim_lit(self.src, t, false);
                        }
                    }
                    self.push_newlines(false);
                    if next.kind == K::TemplateInterp {
                        let (piece, strip) = self.finish_interp(at, start, end, strip_left);
                        ltrim_next = strip;
                        parts.push(piece);
                    } else if let Some((piece, strip)) = self.finish_directive(at, start) {
                        ltrim_next = strip;
                        if let Some(p) = piece {
                            parts.push(p);
                        }
                    }
                    self.pop_newlines();
                }
                _ => {
                    self.error_unless_recovering(
                        "Unterminated template string",
                        "No closing marker was found for the string.",
                        at,
                        Some(start.to(at)),
                    );
                    // At the end too: the constructs around the template,
                    // unterminated at the same end, are then not reported
                    // again (as the reference's recovery).
                    end_span = span_of(self.recover(end));
                    break;
                }
            }
        }
        if let TemplateKind::Heredoc { flush: true, .. } = kind {
            flush_heredoc(self.src, &mut parts);
        }
        meld(self.src, &mut parts);
        if parts.is_empty() {
            let at = open.end_point();
            parts.push(Flat::Lit(TemplateLiteral {
                span: at,
                text: LitText::Source(at),
            }));
        }
        (parts, end_span)
    }

    /// ```ebnf
    /// TemplateInterpolation = ("${" | "${~") Expression ("}" | "~}";
    /// ```
    fn finish_interp(
        &mut self,
        open: ByteSpan,
        start: ByteSpan,
        end: K,
        strip_left: bool,
    ) -> (Flat, bool) {
        let expr = self.parse_expr();
        let close = self.peek();
        let cspan = span_of(close);
        let mut strip_right = false;
        if close.kind != K::TemplateSeqEnd {
            if !self.recovery {
                match close.kind {
                    K::Eof => self.error("Unclosed template interpolation sequence", "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.", start, None),
                    K::Colon => self.error("Extra characters after interpolation expression", "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".", cspan, Some(start.to(cspan))),
                    K::CQuote | K::OQuote if end == K::CQuote => self.error("Unclosed template interpolation sequence", "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.", start, None),
                    _ => self.error("Extra characters after interpolation expression", "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".", cspan, Some(start.to(cspan))),
                }
            }
            self.recover(K::TemplateSeqEnd);
        } else {
            self.bump();
            strip_right = close.len() == 2;
        }
        let piece = Interpolation {
            span: open.to(cspan),
            expr,
        };
        // Read back from the source where the node is asked.
        debug_assert_eq!(piece.strip_left(self.src), strip_left);
        debug_assert!(!strip_right || piece.strip_right(self.src));
        (Flat::Interp(piece), strip_right)
    }

    /// ```ebnf
    /// TemplateIf = (("%{" | "%{~") "if" Expression ("}" | "~}") Template
    ///              (("%{" | "%{~") "else" ("}" | "~}") Template)?
    ///              ("%{" | "%{~") "endif" ("}" | "~}"));
    /// TemplateFor = (("%{" | "%{~") "for" Identifier ("," Identifier) "in" Expression ("}" | "~}")
    ///               Template ("%{" | "%{~") "endfor" ("}" | "~}"));
    /// ```
    ///
    /// One directive marker. `None` when it was skipped after an error;
    /// otherwise the piece (if any) and whether it ends with `~}`.
    fn finish_directive(
        &mut self,
        open: ByteSpan,
        start: ByteSpan,
    ) -> Option<(Option<Flat>, bool)> {
        let kw = self.peek();
        let kw_span = span_of(kw);
        if kw.kind != K::Ident {
            self.error_unless_recovering(
                "Invalid template directive",
                "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                kw_span,
                Some(open.to(kw_span)),
            );
            self.recover(K::TemplateSeqEnd);
            return None;
        }
        self.bump();
        let word = kw_span.text(self.src);
        let piece = match word {
            "if" => {
                let cond = self.parse_expr();
                Flat::If {
                    cond,
                    span: open.to(span_of(self.peek())),
                }
            }
            "else" => Flat::Else(open.to(span_of(self.peek()))),
            "endif" => Flat::EndIf(open.to(span_of(self.peek()))),
            "endfor" => Flat::EndFor(open.to(span_of(self.peek()))),
            "for" => {
                let bad = |p: &mut Parser<'a>, detail: &str| {
                    let at = span_of(p.peek());
                    p.error_unless_recovering("Invalid 'for' directive", detail, at, None);
                    p.recover(K::TemplateSeqEnd);
                };
                if !self.at(K::Ident) {
                    bad(self, "For directive requires variable name after 'for'.");
                    return None;
                }
                let mut value_var = span_of(self.bump());
                let mut key_var = None;
                if self.at(K::Comma) {
                    self.bump();
                    if !self.at(K::Ident) {
                        bad(
                            self,
                            "For directive requires value variable name after comma.",
                        );
                        return None;
                    }
                    key_var = Some(value_var);
                    value_var = span_of(self.bump());
                }
                if !self.at_keyword("in") {
                    bad(self, "For directive requires 'in' keyword after names.");
                    return None;
                }
                self.bump();
                let collection = self.parse_expr();
                Flat::For {
                    key_var,
                    value_var,
                    collection,
                    span: open.to(span_of(self.peek())),
                }
            }
            _ => {
                if !self.recovery {
                    let suggestion =
                        name_suggestion(word, &["if", "for", "else", "endif", "endfor"])
                            .map(|s| format!(" Did you mean {}?", quoted(s)))
                            .unwrap_or_default();
                    self.error(
                        "Invalid template control keyword",
                        format!(
                            "{} is not a valid template control keyword.{suggestion}",
                            quoted(word)
                        ),
                        kw_span,
                        Some(open.to(kw_span)),
                    );
                }
                self.recover(K::TemplateSeqEnd);
                return None;
            }
        };
        let close = self.peek();
        if close.kind != K::TemplateSeqEnd {
            let at = span_of(close);
            self.error_unless_recovering(
                &format!("Extra characters in {word} marker"),
                "Expected a closing brace to end the sequence, but found extra characters.",
                at,
                Some(start.to(at)),
            );
            self.recover(K::TemplateSeqEnd);
            return Some((Some(piece), false));
        }
        self.bump();
        Some((Some(piece), close.len() == 2))
    }

    /// Matches directives into a tree.
    /// `end` is the token that ended the template (reported when a
    /// directive is left open).
    fn build_tree(&mut self, flat: &mut Vec<Flat>, end: ByteSpan) -> Box<[TemplatePart]> {
        // Without directives every piece is a part: the exact size.
        let mut root: Vec<TemplatePart> = Vec::with_capacity(flat.len());
        let mut stack: Vec<Frame> = Vec::new();
        for piece in flat.drain(..) {
            match piece {
                Flat::Lit(l) => current(&mut stack, &mut root).push(TemplatePart::Literal(l)),
                Flat::Interp(i) => current(&mut stack, &mut root).push(TemplatePart::Interp(i)),
                Flat::If { cond, span } => {
                    if !self.enter(span) {
                        current(&mut stack, &mut root).push(TemplatePart::Invalid(span));
                        continue;
                    }
                    stack.push(Frame::If {
                        cond,
                        if_span: span,
                        then_parts: None,
                        else_span: None,
                        parts: Vec::new(),
                    })
                }
                Flat::For {
                    key_var,
                    value_var,
                    collection,
                    span,
                } => {
                    if !self.enter(span) {
                        current(&mut stack, &mut root).push(TemplatePart::Invalid(span));
                        continue;
                    }
                    stack.push(Frame::For {
                        key_var,
                        value_var,
                        collection,
                        for_span: span,
                        parts: Vec::new(),
                    })
                }
                Flat::Else(span) => match stack.last_mut() {
                    Some(Frame::If {
                        then_parts,
                        else_span,
                        parts,
                        ..
                    }) if else_span.is_none() => {
                        *then_parts = Some(std::mem::take(parts));
                        *else_span = Some(span);
                    }
                    Some(frame) => {
                        let detail = match frame {
                            Frame::If { if_span, .. } => format!(
                                "Already in the else clause for the if started at {}.",
                                self.range_string(*if_span)
                            ),
                            Frame::For { .. } => {
                                "An else clause is not expected for a for directive.".to_owned()
                            }
                        };
                        self.error("Unexpected else directive", detail, span, None);
                        self.abandon(&mut stack, &mut root, span);
                    }
                    None => self.unbalanced(&mut root, "else", span),
                },
                Flat::EndIf(span) => match stack.last() {
                    Some(Frame::If { .. }) => {
                        self.leave();
                        if let Some(Frame::If {
                            cond,
                            if_span,
                            then_parts,
                            else_span,
                            parts,
                        }) = stack.pop()
                        {
                            let (then_parts, else_parts) = match then_parts {
                                Some(t) => (t, parts),
                                None => (parts, Vec::new()),
                            };
                            let (then_parts, else_parts) = (branch(then_parts), branch(else_parts));
                            current(&mut stack, &mut root).push(TemplatePart::If(Box::new(
                                TemplateIf {
                                    cond,
                                    if_span,
                                    then_parts,
                                    else_span,
                                    else_parts,
                                    endif_span: span,
                                },
                            )));
                        }
                    }
                    Some(Frame::For { for_span, .. }) => {
                        let detail = format!(
                            "Expecting an endfor directive corresponding to the for directive at {}.",
                            self.range_string(*for_span)
                        );
                        self.error("Unexpected endif directive", detail, span, None);
                        self.abandon(&mut stack, &mut root, span);
                    }
                    None => self.unbalanced(&mut root, "endif", span),
                },
                Flat::EndFor(span) => match stack.last() {
                    Some(Frame::For { .. }) => {
                        self.leave();
                        if let Some(Frame::For {
                            key_var,
                            value_var,
                            collection,
                            for_span,
                            parts,
                        }) = stack.pop()
                        {
                            current(&mut stack, &mut root).push(TemplatePart::For(Box::new(
                                TemplateFor {
                                    key_var,
                                    value_var,
                                    collection,
                                    for_span,
                                    body: branch(parts),
                                    endfor_span: span,
                                },
                            )));
                        }
                    }
                    Some(Frame::If { if_span, .. }) => {
                        let detail = format!(
                            "Expecting an endif directive for the if started at {}.",
                            self.range_string(*if_span)
                        );
                        self.error("Unexpected endfor directive", detail, span, None);
                        self.abandon(&mut stack, &mut root, span);
                    }
                    None => self.unbalanced(&mut root, "endfor", span),
                },
            }
        }
        while let Some(frame) = stack.pop() {
            self.leave();
            let detail = match &frame {
                Frame::If { if_span, .. } => format!(
                    "The if directive at {} is missing its corresponding endif directive.",
                    self.range_string(*if_span)
                ),
                Frame::For { for_span, .. } => format!(
                    "The for directive at {} is missing its corresponding endfor directive.",
                    self.range_string(*for_span)
                ),
            };
            self.error("Unexpected end of template", detail, end, None);
            let span = frame.span().to(end);
            current(&mut stack, &mut root).push(TemplatePart::Invalid(span));
        }
        right_sized(root)
    }

    /// Drops the innermost directive after a mismatched end marker.
    fn abandon(&mut self, stack: &mut Vec<Frame>, root: &mut Vec<TemplatePart>, at: ByteSpan) {
        if let Some(frame) = stack.pop() {
            self.leave();
            let span = frame.span().to(at);
            current(stack, root).push(TemplatePart::Invalid(span));
        }
    }

    fn unbalanced(&mut self, root: &mut Vec<TemplatePart>, name: &str, span: ByteSpan) {
        self.error(
            &format!("Unexpected {name} directive"),
            "The control directives within this template are unbalanced.",
            span,
            None,
        );
        root.push(TemplatePart::Invalid(span));
    }

    /// A range as the reference prints it in details: `file:line,col-col`.
    fn range_string(&self, span: ByteSpan) -> String {
        let r = self.range(span);
        let name = self.file_name_str();
        if r.start.line == r.end.line {
            format!(
                "{name}:{},{}-{}",
                r.start.line, r.start.column, r.end.column
            )
        } else {
            format!(
                "{name}:{},{}-{},{}",
                r.start.line, r.start.column, r.end.line, r.end.column
            )
        }
    }
}

fn current<'v>(
    stack: &'v mut [Frame],
    root: &'v mut Vec<TemplatePart>,
) -> &'v mut Vec<TemplatePart> {
    match stack.last_mut() {
        Some(f) => f.parts(),
        None => root,
    }
}

/// Strips Unicode spaces from the start (`left`) or end of literal text;
/// a span stays a span.
fn trim_lit(src: &str, text: LitText, left: bool) -> LitText {
    match text {
        LitText::Source(s) => {
            let t = s.text(src);
            let kept = if left { t.trim_start() } else { t.trim_end() };
            let cut = (t.len() - kept.len()) as u32;
            if left {
                LitText::Source(ByteSpan::new(s.start + cut, s.end))
            } else {
                LitText::Source(ByteSpan::new(s.start, s.end - cut))
            }
        }
        LitText::Owned(o) => {
            let kept = if left { o.trim_start() } else { o.trim_end() };
            LitText::Owned(kept.into())
        }
    }
}

/// `<<-`: removes the smallest indentation of the lines from every line
/// (blank lines do not count), as the reference does.
fn flush_heredoc(src: &str, parts: &mut [Flat]) {
    let mut min = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, piece) in parts.iter().enumerate() {
        let lit = match piece {
            Flat::Lit(l) => Some(l.text.as_str(src)),
            _ => None,
        };
        if newline {
            newline = false;
            let spaces = match lit {
                Some(t) => {
                    let trimmed = t.trim_start();
                    if trimmed.is_empty() && t.ends_with('\n') {
                        usize::MAX
                    } else {
                        adjust.push(i);
                        t[..t.len() - trimmed.len()].chars().count()
                    }
                }
                None => 0,
            };
            min = min.min(spaces);
        }
        if lit.is_some_and(|t| t.ends_with('\n')) {
            newline = true;
        }
    }
    if min == 0 || min == usize::MAX {
        return;
    }
    for i in adjust {
        if let Some(Flat::Lit(l)) = parts.get_mut(i) {
            let t = l.text.as_str(src);
            let cut = t.char_indices().nth(min).map_or(t.len(), |(b, _)| b);
            l.text = match &l.text {
                LitText::Source(s) => LitText::Source(ByteSpan::new(s.start + cut as u32, s.end)),
                LitText::Owned(o) => LitText::Owned(o[cut..].into()),
            };
            l.span = ByteSpan::new(l.span.start + cut as u32, l.span.end);
        }
    }
}

/// Merges consecutive literal pieces (in place). A run of adjacent source
/// spans stays a span; any other run is built in one string.
fn meld(src: &str, parts: &mut Vec<Flat>) {
    let mut out = 0;
    let mut i = 0;
    while i < parts.len() {
        let mut j = i + 1;
        while j < parts.len() && matches!((&parts[i], &parts[j]), (Flat::Lit(_), Flat::Lit(_))) {
            j += 1;
        }
        if j - i > 1 {
            let mut span: Option<ByteSpan> = None;
            let mut contiguous: Option<ByteSpan> = None;
            let mut all_source = true;
            let mut len = 0;
            for p in &parts[i..j] {
                if let Flat::Lit(l) = p {
                    span = Some(span.map_or(l.span, |s| s.to(l.span)));
                    len += l.text.as_str(src).len();
                    match (&l.text, contiguous) {
                        (LitText::Source(s), None) if all_source => contiguous = Some(*s),
                        (LitText::Source(s), Some(c)) if all_source && c.end == s.start => {
                            contiguous = Some(c.to(*s))
                        }
                        _ => all_source = false,
                    }
                }
            }
            let text = match contiguous {
                Some(c) if all_source => LitText::Source(c),
                _ => {
                    let mut buf = String::with_capacity(len);
                    for p in &parts[i..j] {
                        if let Flat::Lit(l) = p {
                            buf.push_str(l.text.as_str(src));
                        }
                    }
                    LitText::Owned(buf.into_boxed_str())
                }
            };
            let span = span.unwrap_or_default();
            parts[i] = Flat::Lit(TemplateLiteral { span, text });
        }
        parts.swap(out, i);
        out += 1;
        i = j;
    }
    parts.truncate(out);
}

/// The closest of `options` to `given` (edit distance below 3).
fn name_suggestion(given: &str, options: &[&'static str]) -> Option<&'static str> {
    options
        .iter()
        .map(|o| (levenshtein(given, o), *o))
        .filter(|(d, _)| *d < 3)
        .min_by_key(|(d, _)| *d)
        .map(|(_, o)| o)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(row[j]).min(cur)
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// `parts` without growth slack: a directive's parts grow from empty one
/// by one (room for four where one or two are the norm), and are kept in
/// the tree as long as it lives.
fn right_sized(parts: Vec<TemplatePart>) -> Box<[TemplatePart]> {
    parts.into_boxed_slice()
}

/// A directive branch's parts: one inline, more in an exact-size list.
fn branch(parts: Vec<TemplatePart>) -> PartList {
    PartList::from(parts)
}
