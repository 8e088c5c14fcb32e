//! Expressions: the conditional, the Pratt loop over the binary operator
//! table, terms, function calls, collections and `for` expressions.

use super::body::invalid;
use super::{span_of, Parser, Run};
use crate::native::ast::{
    kept, Binary, BinaryOp, ByteSpan, Call, Conditional, Expr, ExprKind, ExprList, ForExpr,
    InlineList, Literal, Object, ObjectItem, ObjectKey, Tuple, Unary, UnaryOp,
};
use crate::native::token::{Token, TokenKind as K};
use crate::value::Number;

/// The binary operators: precedence level (higher binds tighter) and
/// operator, mirroring the spec's table. All levels are left-associative.
#[rustfmt::skip]
pub(crate) fn binding_power(kind: K) -> Option<(u8, BinaryOp)> {
    Some(match kind {
        K::Star  => (6, BinaryOp::Mul), K::Slash => (6, BinaryOp::Div), K::Percent => (6, BinaryOp::Mod),
        K::Plus  => (5, BinaryOp::Add), K::Minus => (5, BinaryOp::Sub),
        K::Gt    => (4, BinaryOp::Gt),  K::Ge    => (4, BinaryOp::Ge),
        K::Lt    => (4, BinaryOp::Lt),  K::Le    => (4, BinaryOp::Le),
        K::EqEq  => (3, BinaryOp::Eq),  K::NotEq => (3, BinaryOp::NotEq),
        K::AndAnd => (2, BinaryOp::And),
        K::OrOr  => (1, BinaryOp::Or),
        _ => return None,
    })
}

fn boxed(span: ByteSpan, kind: ExprKind) -> Expr {
    Expr { span, kind }
}

impl<'a> Parser<'a> {
    /// ```ebnf
    /// Expression = (ExprTerm | Operation | Conditional);
    /// Conditional = Expression "?" Expression ":" Expression;
    /// ```
    pub(crate) fn parse_expr(&mut self) -> Expr {
        if let Some(e) = self.parse_simple_expr() {
            return e;
        }
        self.parse_expr_general()
    }

    /// [`Parser::parse_expr`] with the shortcut inlined into the caller,
    /// for the places that take most values: a simple value is built in
    /// place there, rather than handed back through memory (which stalls
    /// the caller's copy of it).
    #[inline(always)]
    pub(crate) fn parse_expr_inline(&mut self) -> Expr {
        match self.parse_simple_expr() {
            Some(e) => e,
            None => self.parse_expr_general(),
        }
    }

    /// [`Parser::parse_expr`] past the shortcut.
    #[inline(never)]
    fn parse_expr_general(&mut self) -> Expr {
        let mark = self.mark();
        let cond = self.parse_binary(0);
        if self.failed(mark) || !self.at(K::Question) {
            return cond;
        }
        // (An expression starts where its first token does.)
        let start = cond.span.start_point();
        let q = span_of(self.bump());
        if !self.enter(q) {
            return cond;
        }
        let then = self.parse_expr();
        if self.failed(mark) {
            self.leave();
            return cond;
        }
        let colon = self.peek();
        if colon.kind != K::Colon {
            let at = span_of(colon);
            self.error(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                at,
                Some(start.to(at)),
            );
            self.leave();
            return cond;
        }
        self.bump();
        let otherwise = self.parse_expr();
        self.leave();
        if self.failed(mark) {
            return cond;
        }
        let span = cond.span.to(otherwise.span);
        boxed(
            span,
            ExprKind::Conditional(kept::conditional(
                Conditional {
                    cond,
                    then,
                    otherwise,
                },
                self.boxes(),
            )),
        )
    }

    /// ```ebnf
    /// binaryOp = ExprTerm binaryOperator ExprTerm;
    /// ```
    ///
    /// Operators above `min_level` are folded left to right.
    fn parse_binary(&mut self, min_level: u8) -> Expr {
        let mark = self.mark();
        let mut lhs = self.parse_term_with_traversals();
        let mut chain = 0usize;
        while !self.failed(mark) {
            let Some((level, op)) = binding_power(self.peek().kind) else {
                break;
            };
            if level <= min_level {
                break;
            }
            let op_span = span_of(self.bump());
            // A long operator chain nests the tree: count it as depth.
            if !self.enter(op_span) {
                break;
            }
            chain += 1;
            let rhs = self.parse_binary(level);
            lhs = boxed(
                lhs.span.to(rhs.span),
                ExprKind::Binary(kept::binary(Binary { op, lhs, rhs }, self.boxes())),
            );
        }
        for _ in 0..chain {
            self.leave();
        }
        lhs
    }

    pub(crate) fn parse_term_with_traversals(&mut self) -> Expr {
        let term = self.parse_term();
        // Most terms have no postfix steps: skip the call then.
        if matches!(self.peek().kind, K::Dot | K::OBrack) {
            self.parse_traversals(term)
        } else {
            term
        }
    }

    /// ```ebnf
    /// ExprTerm = (LiteralValue | CollectionValue | TemplateExpr | VariableExpr |
    ///             FunctionCall | ForExpr | ExprTerm Index | ExprTerm GetAttr |
    ///             ExprTerm Splat | "(" Expression ")");
    /// unaryOp = ("-" | "!") ExprTerm;
    /// ```
    #[inline(always)]
    fn parse_term(&mut self) -> Expr {
        if let Some(term) = self.parse_run_term() {
            return term;
        }
        let start = self.peek();
        let at = span_of(start);
        match start.kind {
            K::OParen => self.parse_parens(),
            K::Number => {
                self.bump();
                boxed(at, self.number_kind(at))
            }
            K::Ident => {
                self.bump();
                if matches!(self.peek().kind, K::OParen | K::DoubleColon) {
                    return self.finish_call(at);
                }
                let kind = match at.text(self.src) {
                    "true" => ExprKind::Bool(true),
                    "false" => ExprKind::Bool(false),
                    "null" => ExprKind::Null,
                    _ => ExprKind::Variable,
                };
                boxed(at, kind)
            }
            K::OQuote | K::OHeredoc => self.parse_template_expr(),
            K::Minus | K::Bang => {
                self.bump();
                if !self.enter(at) {
                    return invalid(at);
                }
                // Only a term: `-1 + 2` is `(-1) + 2`.
                let operand = self.parse_term_with_traversals();
                self.leave();
                let op = if start.kind == K::Minus {
                    UnaryOp::Negate
                } else {
                    UnaryOp::Not
                };
                boxed(
                    at.to(operand.span),
                    ExprKind::Unary(Box::new(Unary {
                        op,
                        symbol: at,
                        operand,
                    })),
                )
            }
            K::OBrack => self.parse_tuple(),
            K::OBrace => self.parse_object(),
            _ => {
                self.invalid_expression_start(start);
                invalid(at)
            }
        }
    }

    /// A term that a run of tokens makes on its own, taken whole: a plain
    /// string is what [`Parser::parse_template_expr`] makes of its three
    /// tokens, a dotted name what a name and the contiguous attribute steps
    /// after it make ([`Parser::parse_traversals`] joins them into an
    /// attribute path). Not a dotted name after a keyword (`true.x`: its
    /// steps make a relative traversal), nor when unwinding (no step is
    /// read then).
    #[inline(always)]
    pub(crate) fn parse_run_term(&mut self) -> Option<Expr> {
        let (run, span) = self.peek_run()?;
        let kind = match run {
            Run::PlainString => ExprKind::StringLit,
            Run::DottedName => {
                if self.unwind || super::fast::keyword_root(span.text(self.src).as_bytes()) {
                    return None;
                }
                ExprKind::AttrPath
            }
        };
        self.bump_run(span);
        Some(boxed(span, kind))
    }

    #[cold]
    fn invalid_expression_start(&mut self, start: Token) {
        let at = span_of(start);
        if start.kind == K::Eof {
            self.error_unless_recovering(
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                at,
                None,
            );
        } else {
            self.error_unless_recovering(
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                at,
                None,
            );
        }
        self.recovery = true;
    }

    /// The node a numeric literal token makes: its number, or `Invalid`
    /// (reported) for a value that does not parse.
    // (Not `map_or(ExprKind::Invalid, ..)`: the unused default is dropped
    // through the drop glue of the whole enum, on every literal.)
    #[inline]
    pub(crate) fn number_kind(&mut self, at: ByteSpan) -> ExprKind {
        match self.number_literal(at) {
            Some(n) => ExprKind::Number(n),
            None => ExprKind::Invalid,
        }
    }

    /// The key a numeric literal token makes in an index step: its number,
    /// or `Dynamic` (reported) for a value that does not parse. (A match,
    /// as in [`Parser::number_kind`].)
    #[inline]
    pub(crate) fn number_key(&mut self, at: ByteSpan) -> Literal {
        match self.number_literal(at) {
            Some(n) => Literal::Number(n),
            None => Literal::Dynamic,
        }
    }

    /// Parses a numeric literal token, reporting a value that does not parse.
    // Inlined: most literals are short integers, read here in a few
    // instructions a digit; the rest go out of line.
    #[inline]
    pub(crate) fn number_literal(&mut self, at: ByteSpan) -> Option<Number> {
        // Most literals are short integers: up to 18 digits, any value fits
        // an `i64`, which is what the general parse makes of it.
        // (One pass: the value is built while the digits are checked; the
        // bytes, as a number token's are ASCII, without the `str` slice's
        // checks for character boundaries.)
        let text = at.bytes(self.src);
        if text.len() <= 18 {
            let digits = text.iter().try_fold(0i64, |v, &c| {
                let d = c.wrapping_sub(b'0');
                (d <= 9).then(|| v * 10 + i64::from(d))
            });
            if let Some(v) = digits {
                return Some(Number::from(v));
            }
        }
        self.number_literal_past_integers(at)
    }

    /// [`Parser::number_literal`] for a literal that is not a short
    /// integer.
    #[inline(never)]
    fn number_literal_past_integers(&mut self, at: ByteSpan) -> Option<Number> {
        // Short fractions (`0.5`, `1.25`) next, without the general parse's
        // set-up.
        if let Some(n) = Number::parse_short_literal(at.bytes(self.src)) {
            return Some(n);
        }
        match Number::parse_literal(at.text(self.src)) {
            Ok(n) => Some(n),
            Err(_) => {
                self.error(
                    "Invalid number literal",
                    "Failed to recognize the value of this number literal.",
                    at,
                    None,
                );
                None
            }
        }
    }

    /// `"(" Expression ")"`; newlines inside are insignificant.
    fn parse_parens(&mut self) -> Expr {
        let open = span_of(self.bump());
        if !self.enter(open) {
            let close = self.recover(K::CParen);
            return invalid(open.to(span_of(close)));
        }
        self.push_newlines(false);
        let mark = self.mark();
        let inner = self.parse_expr();
        if self.failed_since(mark) {
            self.recover(K::CParen);
            self.pop_newlines();
            self.leave();
            return inner;
        }
        let close = self.peek();
        if close.kind != K::CParen {
            let at = span_of(close);
            self.error(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                at,
                Some(open.to(at)),
            );
            self.recovery = true;
        }
        let close = span_of(self.bump());
        self.pop_newlines();
        self.leave();
        boxed(open.to(close), ExprKind::Parens(Box::new(inner)))
    }

    /// ```ebnf
    /// FunctionCall = Identifier "(" arguments ")";
    /// Arguments = (() || (Expression ("," Expression)* ("," | "...")?));
    /// ```
    ///
    /// Names may be namespaced: `provider::aws::arn_parse(...)`.
    fn finish_call(&mut self, name: ByteSpan) -> Expr {
        let mut rest = Vec::new();
        let mut open = self.bump();
        while open.kind == K::DoubleColon {
            let next = self.bump();
            let at = span_of(next);
            if next.kind != K::Ident {
                self.error(
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    at,
                    Some(name.to(at)),
                );
                self.recover_over(K::OParen);
                return invalid(name.to(at));
            }
            rest.push(at);
            open = self.bump();
        }
        let open_span = span_of(open);
        if open.kind != K::OParen {
            self.error(
                "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the function call.",
                open_span,
                Some(name.to(open_span)),
            );
            self.recover_over(K::OParen);
            return invalid(name.to(open_span));
        }
        if !self.enter(open_span) {
            let close = self.recover(K::CParen);
            return invalid(name.to(span_of(close)));
        }
        let name_span = rest.last().map_or(name, |l| name.to(*l));
        let args0 = self.expr_stack.len();
        let mut expand_final = false;
        let mut close = open_span;
        self.push_newlines(false);
        loop {
            if self.at(K::CParen) {
                close = span_of(self.bump());
                break;
            }
            let mark = self.mark();
            let arg = self.parse_expr_inline();
            super::push(&mut self.expr_stack, arg);
            if self.failed(mark) {
                let t = self.recover(K::CParen);
                if t.kind == K::CParen {
                    close = span_of(t);
                }
                break;
            }
            let sep = self.bump();
            let sep_span = span_of(sep);
            match sep.kind {
                K::CParen => {
                    close = sep_span;
                    break;
                }
                K::Ellipsis => {
                    expand_final = true;
                    if !self.at(K::CParen) {
                        self.error_unless_recovering(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                            sep_span,
                            Some(name.to(sep_span)),
                        );
                        close = span_of(self.recover(K::CParen));
                    } else {
                        close = span_of(self.bump());
                    }
                    break;
                }
                K::Comma => {
                    if self.at(K::CParen) {
                        close = span_of(self.bump());
                        break;
                    }
                }
                K::Eof => {
                    self.error(
                        "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                        name_span.to(open_span),
                        None,
                    );
                    self.recovery = true;
                    close = sep_span;
                    break;
                }
                _ => {
                    self.error(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep_span,
                        Some(name.to(sep_span)),
                    );
                    close = span_of(self.recover(K::CParen));
                    break;
                }
            }
        }
        self.pop_newlines();
        self.leave();
        let args = self.take_exprs(args0);
        boxed(
            name.to(close),
            ExprKind::Call(kept::call(
                Call {
                    name,
                    namespace: (!rest.is_empty()).then(|| Box::new(rest)),
                    args,
                    open: open_span.start,
                    expand_final,
                    close_paren: close,
                },
                self.boxes(),
            )),
        )
    }

    /// The expressions pushed on the scratch stack since `start`, as a list.
    fn take_exprs(&mut self, start: usize) -> ExprList {
        ExprList::take_tail(&mut self.expr_stack, start)
    }

    /// ```ebnf
    /// tuple = "[" ((Expression (("," | Newline) Expression)* ","?)?) "]";
    /// ```
    fn parse_tuple(&mut self) -> Expr {
        let open = span_of(self.bump());
        if !self.enter(open) {
            let close = self.recover(K::CBrack);
            return invalid(open.to(span_of(close)));
        }
        self.push_newlines(false);
        let e = if self.at_keyword("for") {
            self.finish_for(open, false)
        } else {
            self.finish_tuple(open)
        };
        self.pop_newlines();
        self.leave();
        e
    }

    fn finish_tuple(&mut self, open: ByteSpan) -> Expr {
        let items0 = self.expr_stack.len();
        let close;
        loop {
            if self.push_simple_tuple_item() {
                continue;
            }
            if self.at(K::CBrack) {
                close = span_of(self.bump());
                break;
            }
            let mark = self.mark();
            let item = self.parse_expr_inline();
            super::push(&mut self.expr_stack, item);
            if self.failed(mark) {
                close = span_of(self.recover(K::CBrack));
                break;
            }
            match self.peek().kind {
                K::CBrack => {
                    close = span_of(self.bump());
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
    fn parse_object(&mut self) -> Expr {
        let open = span_of(self.bump());
        if !self.enter(open) {
            let close = self.recover(K::CBrace);
            return invalid(open.to(span_of(close)));
        }
        // `for` expressions ignore newlines, object constructors do not.
        let is_for = self.at_keyword_past_newlines("for");
        let e = if is_for {
            self.push_newlines(false);
            let e = self.finish_for(open, true);
            self.pop_newlines();
            e
        } else {
            self.push_newlines(true);
            let e = self.finish_object(open);
            self.pop_newlines();
            e
        };
        self.leave();
        e
    }

    fn finish_object(&mut self, open: ByteSpan) -> Expr {
        const UNTERMINATED: &str = "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";
        let items0 = self.item_stack.len();
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
            if !self.push_simple_object_item() {
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
                    let at = span_of(next);
                    let ctx = Some(open.to(at));
                    match next.kind {
                    K::Newline | K::Comma => self.error_unless_recovering("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").", at, ctx),
                    K::Ident => self.error_unless_recovering("Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.", at, ctx),
                    K::Eof => self.error_unless_recovering("Unterminated object constructor expression", UNTERMINATED, open, None),
                    _ => self.error_unless_recovering("Missing key/value separator", "Expected an equals sign (\"=\") to mark the beginning of the attribute value.", at, ctx),
                }
                    close = span_of(self.recover(K::CBrace));
                    break;
                }
                self.bump();
                let mark = self.mark();
                let value = self.parse_expr_inline();
                if self.failed(mark) {
                    if value.kind == ExprKind::Invalid {
                        self.item_stack.push(ObjectItem { key, value });
                    }
                    close = span_of(self.recover(K::CBrace));
                    break;
                }
                super::push(&mut self.item_stack, ObjectItem { key, value });
            }
            match self.peek().kind {
                K::CBrace => {
                    close = span_of(self.bump());
                    break;
                }
                K::Comma | K::Newline => {
                    self.bump();
                }
                K::Eof => {
                    self.error_unless_recovering(
                        "Unterminated object constructor expression",
                        UNTERMINATED,
                        open,
                        None,
                    );
                    close = span_of(self.recover(K::CBrace));
                    break;
                }
                _ => {
                    let at = span_of(self.peek());
                    self.error_unless_recovering(
                        "Missing attribute separator",
                        "Expected a newline or comma to mark the beginning of the next attribute.",
                        at,
                        Some(open.to(at)),
                    );
                    close = span_of(self.recover(K::CBrace));
                    break;
                }
            }
        }
        let items = InlineList::take_tail(&mut self.item_stack, items0);
        boxed(
            open.to(close),
            ExprKind::Object(kept::object(Object { items }, self.boxes())),
        )
    }

    /// ```ebnf
    /// forTupleExpr = "[" forIntro Expression forCond? "]";
    /// forObjectExpr = "{" forIntro Expression "=>" Expression "..."? forCond? "}";
    /// forIntro = "for" Identifier ("," Identifier)? "in" Expression ":";
    /// forCond = "if" Expression;
    /// ```
    fn finish_for(&mut self, open: ByteSpan, object: bool) -> Expr {
        let close_kind = if object { K::CBrace } else { K::CBrack };
        self.bump(); // `for`
        let bad = |p: &mut Parser<'a>, detail: &str| -> Expr {
            let at = span_of(p.peek());
            p.error_unless_recovering("Invalid 'for' expression", detail, at, Some(open.to(at)));
            let close = p.recover(close_kind);
            invalid(open.to(span_of(close)))
        };
        if !self.at(K::Ident) {
            return bad(self, "For expression requires variable name after 'for'.");
        }
        let mut value_var = span_of(self.bump());
        let mut key_var = None;
        if self.at(K::Comma) {
            self.bump();
            if !self.at(K::Ident) {
                return bad(
                    self,
                    "For expression requires value variable name after comma.",
                );
            }
            key_var = Some(value_var);
            value_var = span_of(self.bump());
        }
        if !self.at_keyword("in") {
            return bad(
                self,
                "For expression requires the 'in' keyword after its name declarations.",
            );
        }
        self.bump();
        let mark = self.mark();
        let collection = self.parse_expr();
        if self.failed(mark) {
            let close = self.recover(close_kind);
            return invalid(open.to(span_of(close)));
        }
        if !self.at(K::Colon) {
            return bad(
                self,
                "For expression requires a colon after the collection expression.",
            );
        }
        self.bump();
        let mut key = None;
        let mut value = self.parse_expr();
        if self.at(K::FatArrow) {
            self.bump();
            key = Some(value);
            value = self.parse_expr();
        }
        if self.failed(mark) {
            let close = self.recover(close_kind);
            return invalid(open.to(span_of(close)));
        }
        let mut group = None;
        if self.at(K::Ellipsis) {
            group = Some(span_of(self.bump()));
        }
        let mut cond = None;
        if self.at_keyword("if") {
            self.bump();
            let c = self.parse_expr();
            if self.failed(mark) {
                let close = self.recover(close_kind);
                return invalid(open.to(span_of(close)));
            }
            cond = Some(c);
        }
        let close = if self.at(close_kind) {
            span_of(self.bump())
        } else {
            let at = span_of(self.peek());
            self.error_unless_recovering(
                "Invalid 'for' expression",
                "Extra characters after the end of the 'for' expression.",
                at,
                Some(open.to(at)),
            );
            span_of(self.recover(close_kind))
        };
        let whole = open.to(close);
        if !object {
            if let Some(k) = &key {
                self.error(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    k.span,
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
                value.span,
                Some(whole),
            );
        }
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
}
