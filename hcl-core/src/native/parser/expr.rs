//! Expressions: the conditional, the Pratt loop over the binary operator
//! table, terms and function calls (collections and `for` expressions in
//! `collection`).

use super::body::invalid;
use super::fast::SimpleArg;
use super::{span_of, Parser, Run};
use crate::native::ast::{
    kept, Binary, BinaryOp, ByteSpan, Call, Conditional, Expr, ExprKind, Literal, Unary, UnaryOp,
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

/// A level above every binary operator's (see [`binding_power`]): an
/// expression parsed above it ([`Parser::parse_expr_above`]) is one term
/// with its postfix steps.
const TERM_ONLY: u8 = 7;

pub(super) fn boxed(span: ByteSpan, kind: ExprKind) -> Expr {
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
    #[inline(always)]
    fn parse_expr_general(&mut self) -> Expr {
        self.parse_expr_above(0)
    }

    /// A term with its postfix steps and the operations it starts whose
    /// operators bind tighter than `min_level` (folded left to right), and
    /// at level 0 the conditional it starts: a whole expression at 0, an
    /// operator's right-hand side above its level, a unary operator's
    /// operand at [`TERM_ONLY`]. The one out-of-line function that every
    /// term goes through: the term's code is inlined here, so that each
    /// nesting level of an expression (each call of a nested type
    /// constraint `map(object({ ... }))`) costs one call frame, not two.
    #[inline(never)]
    fn parse_expr_above(&mut self, min_level: u8) -> Expr {
        let mark = self.mark();
        let lhs = self.parse_term_with_traversals();
        let cond = self.parse_operations(mark, lhs, min_level);
        if min_level != 0 || self.failed(mark) || !self.at(K::Question) {
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
    #[inline(always)]
    fn parse_binary(&mut self, min_level: u8) -> Expr {
        self.parse_expr_above(min_level)
    }

    /// The operations that `lhs`, a term, starts: the operators after it
    /// above `min_level`, folded left to right (`mark`: where the term's
    /// parse started).
    #[inline(always)]
    fn parse_operations(&mut self, mark: usize, mut lhs: Expr, min_level: u8) -> Expr {
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

    /// A term and its postfix steps (inlined into its one caller,
    /// [`Parser::parse_expr_above`]).
    #[inline(always)]
    fn parse_term_with_traversals(&mut self) -> Expr {
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
                let operand = self.parse_expr_above(TERM_ONLY);
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
        let text = at.text(self.src);
        if !self.numbers.admit(text) {
            let (summary, detail) = self.numbers.refusal();
            self.error(summary, &detail, at, None);
            return None;
        }
        match Number::parse_literal(text) {
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
        let open = span_of(self.peek());
        if !self.enter(open) {
            self.bump();
            let close = self.recover(K::CParen);
            return invalid(open.to(span_of(close)));
        }
        self.bump_opening(false);
        let mark = self.mark();
        let inner = self.parse_expr();
        if self.failed_since(mark) {
            self.recover(K::CParen);
            self.pop_newlines();
            self.leave();
            return inner;
        }
        let close = self.peek();
        let close = if close.kind == K::CParen {
            span_of(self.bump_closing())
        } else {
            let at = span_of(close);
            self.error(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                at,
                Some(open.to(at)),
            );
            self.recovery = true;
            let close = span_of(self.bump());
            self.pop_newlines();
            close
        };
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
        while self.at(K::DoubleColon) {
            self.bump();
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
        }
        // (Consumed as the arguments' newline mode is entered, below:
        // `bump_opening`.)
        let open = self.peek();
        let open_span = span_of(open);
        if open.kind != K::OParen {
            self.bump();
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
            self.bump();
            let close = self.recover(K::CParen);
            return invalid(name.to(span_of(close)));
        }
        let name_span = rest.last().map_or(name, |l| name.to(*l));
        let args0 = self.scratch.expr_stack.len();
        let mut expand_final = false;
        let mut close = open_span;
        // Set when the next token is the `)` that closes the call, left for
        // `bump_closing`.
        let mut closing = false;
        self.bump_opening(false);
        loop {
            if self.at(K::CParen) {
                closing = true;
                break;
            }
            match self.push_simple_call_arg() {
                SimpleArg::No => {}
                SimpleArg::WithComma => continue,
                SimpleArg::BeforeClose => {
                    closing = true;
                    break;
                }
            }
            let mark = self.mark();
            // (Past the shortcut, not through it again: what it leaves is
            // mostly not a simple value, and the general path builds what
            // the shortcut would for any value, as `fast`'s tests check.)
            let arg = self.parse_expr_general();
            super::push(&mut self.scratch.expr_stack, arg);
            if self.failed(mark) {
                let t = self.recover(K::CParen);
                if t.kind == K::CParen {
                    close = span_of(t);
                }
                break;
            }
            if self.at(K::CParen) {
                closing = true;
                break;
            }
            let sep = self.bump();
            let sep_span = span_of(sep);
            match sep.kind {
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
                        closing = true;
                    }
                    break;
                }
                K::Comma => {
                    if self.at(K::CParen) {
                        closing = true;
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
        if closing {
            close = span_of(self.bump_closing());
        } else {
            self.pop_newlines();
        }
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
}
