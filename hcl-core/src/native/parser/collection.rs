//! Collections: tuples, objects and `for` expressions.

use super::body::invalid;
use super::expr::boxed;
use super::fast::SimpleItem;
use super::{span_of, Parser};
use crate::native::ast::{
    kept, ByteSpan, Expr, ExprKind, ExprList, ForExpr, InlineList, Object, ObjectItem, ObjectKey,
    Tuple,
};
use crate::native::token::{Token, TokenKind as K};

const UNTERMINATED_OBJECT: &str = "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";

impl<'a> Parser<'a> {
    /// The expressions pushed on the scratch stack since `start`, as a list.
    pub(super) fn take_exprs(&mut self, start: usize) -> ExprList {
        ExprList::take_tail(&mut self.scratch.expr_stack, start)
    }

    /// ```ebnf
    /// tuple = "[" ((Expression (("," | Newline) Expression)* ","?)?) "]";
    /// ```
    pub(super) fn parse_tuple(&mut self) -> Expr {
        let open = span_of(self.peek());
        if !self.enter(open) {
            self.bump();
            let close = self.recover(K::CBrack);
            return invalid(open.to(span_of(close)));
        }
        self.bump_opening(false);
        let e = if self.at_keyword("for") {
            let e = self.finish_for(open, false);
            self.pop_newlines();
            e
        } else {
            self.finish_tuple(open)
        };
        self.leave();
        e
    }

    /// The tuple's items and its closing bracket, and its newline mode
    /// left.
    fn finish_tuple(&mut self, open: ByteSpan) -> Expr {
        let items0 = self.scratch.expr_stack.len();
        let close;
        loop {
            if self.push_simple_tuple_item() {
                continue;
            }
            if self.at(K::CBrack) {
                close = span_of(self.bump_closing());
                break;
            }
            let mark = self.mark();
            let item = self.parse_expr_inline();
            super::push(&mut self.scratch.expr_stack, item);
            if self.failed(mark) {
                close = span_of(self.recover(K::CBrack));
                self.pop_newlines();
                break;
            }
            match self.peek().kind {
                K::CBrack => {
                    close = span_of(self.bump_closing());
                    break;
                }
                K::Comma => {
                    self.bump();
                }
                K::Eof => {
                    self.error_unless_recovering(
                        "Unterminated tuple constructor expression",
                        "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                        open,
                        None,
                    );
                    close = span_of(self.recover(K::CBrack));
                    self.pop_newlines();
                    break;
                }
                _ => {
                    let at = span_of(self.peek());
                    self.error_unless_recovering(
                        "Missing item separator",
                        "Expected a comma to mark the beginning of the next item.",
                        at,
                        Some(open.to(at)),
                    );
                    close = span_of(self.recover(K::CBrack));
                    self.pop_newlines();
                    break;
                }
            }
        }
        let items = self.take_exprs(items0);
        boxed(
            open.to(close),
            ExprKind::Tuple(kept::tuple(Tuple { items }, self.boxes())),
        )
    }

    /// ```ebnf
    /// object = "{" ((objectelem (( "," | Newline) objectelem)* ","?)?) "}";
    /// objectelem = (Identifier | Expression) ("=" | ":") Expression;
    /// ```
    pub(super) fn parse_object(&mut self) -> Expr {
        let open = span_of(self.peek());
        if !self.enter(open) {
            self.bump();
            let close = self.recover(K::CBrace);
            return invalid(open.to(span_of(close)));
        }
        // `for` expressions ignore newlines, object constructors do not:
        // which one this is is read past the brace before the brace is
        // consumed in its mode (`bump_opening`), if it is lexed.
        let is_for = match self.keyword_after_next_past_newlines("for") {
            Some(is_for) => {
                self.bump_opening(!is_for);
                is_for
            }
            None => {
                self.bump();
                let is_for = self.at_keyword_past_newlines("for");
                self.push_newlines(!is_for);
                is_for
            }
        };
        let e = if is_for {
            self.finish_for(open, true)
        } else {
            self.finish_object(open)
        };
        self.pop_newlines();
        self.leave();
        e
    }

    fn finish_object(&mut self, open: ByteSpan) -> Expr {
        let items0 = self.scratch.item_stack.len();
        let close;
        loop {
            let next = self.peek().kind;
            match next {
                K::Newline => {
                    self.bump();
                    continue;
                }
                K::CBrace => {
                    close = span_of(self.bump());
                    break;
                }
                _ => {}
            }
            match self.push_simple_object_items() {
                SimpleItem::WithSeparator => continue,
                SimpleItem::Item => {}
                SimpleItem::No => {
                    let force_non_literal = next == K::OParen;
                    let mark = self.mark();
                    let key = self.parse_expr_inline();
                    if self.failed(mark) {
                        close = span_of(self.recover(K::CBrace));
                        break;
                    }
                    let key = ObjectKey { expr: key };
                    // The flag is read back from where the key starts.
                    debug_assert_eq!(key.force_non_literal(self.src), force_non_literal);
                    let next = self.peek();
                    if next.kind != K::Equal && next.kind != K::Colon {
                        close = self.missing_item_value(open, next);
                        break;
                    }
                    self.bump();
                    let mark = self.mark();
                    let value = self.parse_expr_inline();
                    if self.failed(mark) {
                        if value.kind == ExprKind::Invalid {
                            self.scratch.item_stack.push(ObjectItem { key, value });
                        }
                        close = span_of(self.recover(K::CBrace));
                        break;
                    }
                    super::push(&mut self.scratch.item_stack, ObjectItem { key, value });
                }
            }
            match self.peek().kind {
                K::CBrace => {
                    close = span_of(self.bump());
                    break;
                }
                K::Comma | K::Newline => {
                    self.bump();
                }
                _ => {
                    close = self.missing_item_separator(open);
                    break;
                }
            }
        }
        let items = InlineList::take_tail(&mut self.scratch.item_stack, items0);
        boxed(
            open.to(close),
            ExprKind::Object(kept::object(Object { items }, self.boxes())),
        )
    }

    /// Reports an object item's key not followed by `=` or `:` (`next`)
    /// and skips to the closing brace (returned). (Out of line, as the
    /// other error paths of the object's loop: the loop is inlined into
    /// the parser's term function, where every cold byte counts.)
    #[cold]
    #[inline(never)]
    fn missing_item_value(&mut self, open: ByteSpan, next: Token) -> ByteSpan {
        let at = span_of(next);
        let ctx = Some(open.to(at));
        match next.kind {
            K::Newline | K::Comma => self.error_unless_recovering("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").", at, ctx),
            K::Ident => self.error_unless_recovering("Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.", at, ctx),
            K::Eof => self.error_unless_recovering("Unterminated object constructor expression", UNTERMINATED_OBJECT, open, None),
            _ => self.error_unless_recovering("Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value.", at, ctx),
        }
        span_of(self.recover(K::CBrace))
    }

    /// Reports an object item followed by neither a separator nor the
    /// closing brace, and skips to that brace (returned).
    #[cold]
    #[inline(never)]
    fn missing_item_separator(&mut self, open: ByteSpan) -> ByteSpan {
        let next = self.peek();
        if next.kind == K::Eof {
            self.error_unless_recovering(
                "Unterminated object constructor expression",
                UNTERMINATED_OBJECT,
                open,
                None,
            );
        } else {
            let at = span_of(next);
            self.error_unless_recovering(
                "Missing attribute separator",
                "Expected a newline or comma to mark the beginning of the next attribute.",
                at,
                Some(open.to(at)),
            );
        }
        span_of(self.recover(K::CBrace))
    }

    /// ```ebnf
    /// forTupleExpr = "[" forIntro Expression forCond? "]";
    /// forObjectExpr = "{" forIntro Expression "=>" Expression "..."? forCond? "}";
    /// forIntro = "for" Identifier ("," Identifier)? "in" Expression ":";
    /// forCond = "if" Expression;
    /// ```
    // (Out of line, and read through the shared out-of-line cursor step
    // [`Parser::bump_rare`]: a small file holds few `for` expressions, and
    // with the cursor inlined at each step this ran 414 instructions over
    // 45 cache lines of code, each fetched cold by a first parse.)
    #[inline(never)]
    fn finish_for(&mut self, open: ByteSpan, object: bool) -> Expr {
        let close_kind = if object { K::CBrace } else { K::CBrack };
        self.bump_rare(); // `for`
        if !self.at(K::Ident) {
            return self.bad_for(
                open,
                close_kind,
                "For expression requires variable name after 'for'.",
            );
        }
        let mut value_var = span_of(self.bump_rare());
        let mut key_var = None;
        if self.at(K::Comma) {
            self.bump_rare();
            if !self.at(K::Ident) {
                return self.bad_for(
                    open,
                    close_kind,
                    "For expression requires value variable name after comma.",
                );
            }
            key_var = Some(value_var);
            value_var = span_of(self.bump_rare());
        }
        if !self.at_keyword("in") {
            return self.bad_for(
                open,
                close_kind,
                "For expression requires the 'in' keyword after its name declarations.",
            );
        }
        self.bump_rare();
        let mark = self.mark();
        let collection = self.parse_expr();
        if self.failed(mark) {
            return self.abandon_for(open, close_kind);
        }
        if !self.at(K::Colon) {
            return self.bad_for(
                open,
                close_kind,
                "For expression requires a colon after the collection expression.",
            );
        }
        self.bump_rare();
        let mut key = None;
        let mut value = self.parse_expr();
        if self.at(K::FatArrow) {
            self.bump_rare();
            key = Some(value);
            value = self.parse_expr();
        }
        if self.failed(mark) {
            return self.abandon_for(open, close_kind);
        }
        let mut group = None;
        if self.at(K::Ellipsis) {
            group = Some(span_of(self.bump_rare()));
        }
        let mut cond = None;
        if self.at_keyword("if") {
            self.bump_rare();
            let c = self.parse_expr();
            if self.failed(mark) {
                return self.abandon_for(open, close_kind);
            }
            cond = Some(c);
        }
        let close = if self.at(close_kind) {
            span_of(self.bump_rare())
        } else {
            self.for_error_at_next(
                open,
                close_kind,
                "Extra characters after the end of the 'for' expression.",
            )
        };
        let whole = open.to(close);
        self.for_shape_errors(
            whole,
            object,
            key.as_ref().map(|k| k.span),
            group,
            value.span,
        );
        boxed(
            whole,
            ExprKind::For(kept::for_expr(
                ForExpr {
                    key_var,
                    value_var,
                    collection,
                    key,
                    value,
                    cond,
                    group: group.is_some(),
                    object,
                },
                self.boxes(),
            )),
        )
    }

    /// Reports a malformed `for` expression (`detail` says how) at the next
    /// token and skips to its closing bracket.
    #[cold]
    #[inline(never)]
    fn bad_for(&mut self, open: ByteSpan, close_kind: K, detail: &str) -> Expr {
        let close = self.for_error_at_next(open, close_kind, detail);
        invalid(open.to(close))
    }

    /// Reports "Invalid 'for' expression" (`detail` says how) at the next
    /// token, and skips to the closing bracket (returned).
    #[cold]
    #[inline(never)]
    fn for_error_at_next(&mut self, open: ByteSpan, close_kind: K, detail: &str) -> ByteSpan {
        let at = span_of(self.peek());
        self.error_unless_recovering("Invalid 'for' expression", detail, at, Some(open.to(at)));
        span_of(self.recover(close_kind))
    }

    /// Skips a `for` expression whose part failed to its closing bracket.
    #[cold]
    #[inline(never)]
    fn abandon_for(&mut self, open: ByteSpan, close_kind: K) -> Expr {
        let close = self.recover(close_kind);
        invalid(open.to(span_of(close)))
    }

    /// Reports a key (`key`) or grouping (`group`) in a tuple's `for`
    /// expression, or a missing key in an object's (whose value is at
    /// `value`). (Out of line: it rarely reports anything.)
    #[inline(never)]
    fn for_shape_errors(
        &mut self,
        whole: ByteSpan,
        object: bool,
        key: Option<ByteSpan>,
        group: Option<ByteSpan>,
        value: ByteSpan,
    ) {
        if !object {
            if let Some(k) = key {
                self.error(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    k,
                    Some(whole),
                );
            }
            if let Some(g) = group {
                self.error(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    g,
                    Some(whole),
                );
            }
        } else if key.is_none() {
            self.error(
                "Invalid 'for' expression",
                "Key expression is required when building an object.",
                value,
                Some(whole),
            );
        }
    }
}
