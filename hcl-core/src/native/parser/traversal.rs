//! Postfix steps: attribute access, index, legacy index and the two splat
//! operators; and the standalone traversal syntax.

use super::body::invalid;
use super::{span_of, Parser};
use crate::native::ast::{
    kept, split_attr_path_with, ByteSpan, Expr, ExprKind, IndexExpr, LitText, Literal,
    RelativeTraversal, Splat, Template, TemplateKind, TemplatePart, Traversal, Traverser,
    TraverserKind,
};
use crate::native::token::TokenKind as K;

impl<'a> Parser<'a> {
    /// ```ebnf
    /// Index = "[" Expression "]";
    /// GetAttr = "." Identifier;
    /// LegacyIndex = '.' digit+
    /// Splat = attrSplat | fullSplat;
    /// attrSplat = "." "*" GetAttr*;
    /// fullSplat = "[" "*" "]" (GetAttr | Index)*;
    /// ```
    pub(crate) fn parse_traversals(&mut self, from: Expr) -> Expr {
        let mut ret = from;
        let start = ret.span;
        // Steps that wrap `ret` in a new node deepen the tree: count them.
        let mut wraps = 0usize;
        // Literal steps collect on the scratch stack until a node is built.
        let steps0 = self.scratch.step_stack.len();
        // The span of the expression so far once a step was invalid.
        let mut broken: Option<ByteSpan> = None;
        while !self.unwind {
            match self.peek().kind {
                K::Dot => {
                    let dot = span_of(self.bump());
                    let next = self.peek();
                    let at = span_of(next);
                    match next.kind {
                        K::Ident => {
                            self.bump();
                            let step = Traverser {
                                span: dot.to(at),
                                kind: TraverserKind::Attr { name: at },
                            };
                            self.add_step(&mut ret, steps0, step);
                        }
                        K::Number => {
                            self.bump();
                            let step = self.legacy_index(dot, at, false);
                            self.add_step(&mut ret, steps0, step);
                        }
                        K::Star => {
                            self.bump();
                            if !self.enter(at) {
                                break;
                            }
                            wraps += 1;
                            ret = self.flush_steps(ret, steps0, &mut wraps);
                            ret = self.finish_attr_splat(ret, start, dot, at);
                        }
                        _ => {
                            // Reported even in recovery, and the loop goes
                            // on reading steps, as the reference's does:
                            // `5..` has two errors (at the second dot and
                            // at the line end).
                            self.error(
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                at,
                                None,
                            );
                            self.recovery = true;
                            broken = Some(broken.unwrap_or(start).to(dot));
                        }
                    }
                }
                K::OBrack => {
                    let open = span_of(self.bump());
                    if !self.enter(open) {
                        self.recover(K::CBrack);
                        break;
                    }
                    wraps += 1;
                    if self.at(K::Star) {
                        self.bump();
                        let mut close = self.bump();
                        if close.kind != K::CBrack && !self.recovery {
                            // The subject is where recovery stops (the
                            // closing bracket, or the end of the input), as
                            // the reference's points at its `close` token
                            // after recovery has replaced it.
                            close = self.recover(K::CBrack);
                            self.error(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                span_of(close),
                                None,
                            );
                        }
                        let marker = open.to(span_of(close));
                        ret = self.flush_steps(ret, steps0, &mut wraps);
                        let item = Expr {
                            span: marker,
                            kind: ExprKind::AnonSymbol,
                        };
                        let each = self.parse_traversals(item);
                        ret = Expr {
                            span: start.to(each.span),
                            kind: ExprKind::Splat(Box::new(Splat {
                                source: ret,
                                each,
                                marker,
                            })),
                        };
                        continue;
                    }
                    self.push_newlines(false);
                    let mark = self.mark();
                    let key = self.parse_expr();
                    let close = if self.failed(mark) {
                        self.recover(K::CBrack)
                    } else {
                        let close = self.bump();
                        if close.kind != K::CBrack && !self.recovery {
                            // Subject where recovery stops, as for a splat.
                            let close = self.recover(K::CBrack);
                            self.error(
                                "Missing close bracket on index",
                                "The index operator must end with a closing bracket (\"]\").",
                                span_of(close),
                                None,
                            );
                            close
                        } else {
                            close
                        }
                    };
                    self.pop_newlines();
                    let brackets = open.to(span_of(close));
                    match self.literal_key(&key) {
                        Some(lit) => {
                            // Not a new node after all.
                            self.leave();
                            wraps -= 1;
                            let step = Traverser {
                                span: brackets,
                                kind: TraverserKind::index(lit, false),
                            };
                            self.add_step(&mut ret, steps0, step);
                        }
                        None => {
                            ret = self.flush_steps(ret, steps0, &mut wraps);
                            ret = Expr {
                                span: start.to(brackets),
                                kind: ExprKind::Index(Box::new(IndexExpr {
                                    collection: ret,
                                    key,
                                    brackets,
                                })),
                            };
                        }
                    }
                }
                _ => break,
            }
        }
        ret = self.flush_steps(ret, steps0, &mut wraps);
        for _ in 0..wraps {
            self.leave();
        }
        match broken {
            Some(span) => invalid(span),
            None => ret,
        }
    }

    /// `.*` and the attribute (or legacy index) steps after it.
    fn finish_attr_splat(
        &mut self,
        source: Expr,
        start: ByteSpan,
        dot: ByteSpan,
        star: ByteSpan,
    ) -> Expr {
        let marker = dot.to(star);
        let mut steps = Vec::new();
        let mut last = star;
        while self.at(K::Dot) {
            let dot = span_of(self.bump());
            let next = self.peek();
            let at = span_of(next);
            match next.kind {
                K::Number => {
                    self.bump();
                    steps.push(self.legacy_index(dot, at, true));
                    last = at;
                }
                K::Ident => {
                    self.bump();
                    steps.push(Traverser {
                        span: dot.to(at),
                        kind: TraverserKind::Attr { name: at },
                    });
                    last = at;
                }
                kind => {
                    if !self.recovery {
                        if kind == K::Star {
                            self.error(
                                "Nested splat expression not allowed",
                                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                at,
                                None,
                            );
                        } else {
                            // At the star, as the reference's subject
                            // (the token after the splat's own dot).
                            self.error(
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                star,
                                None,
                            );
                        }
                    }
                    self.recovery = true;
                    break;
                }
            }
        }
        let item = Expr {
            span: marker,
            kind: ExprKind::AnonSymbol,
        };
        let each = if steps.is_empty() {
            item
        } else {
            let span = steps[0].span.to(last);
            Expr {
                span,
                kind: ExprKind::RelativeTraversal(Box::new(RelativeTraversal {
                    source: item,
                    steps: steps.into(),
                })),
            }
        };
        Expr {
            span: start.to(last),
            kind: ExprKind::Splat(Box::new(Splat {
                source,
                each,
                marker,
            })),
        }
    }

    /// `.0`: an index written as an attribute (HIL heritage). `.0.1` lexes
    /// as one number and is rejected.
    fn legacy_index(&mut self, dot: ByteSpan, num: ByteSpan, in_splat: bool) -> Traverser {
        let text = num.text(self.src);
        let key = if let Some((first, second)) = text.split_once('.') {
            let detail = if in_splat {
                format!("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{first}][{second}].")
            } else {
                format!("When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}].")
            };
            self.error("Invalid legacy index syntax", detail, num, None);
            Literal::Dynamic
        } else {
            self.number_key(num)
        };
        Traverser {
            span: dot.to(num),
            kind: TraverserKind::index(key, true),
        }
    }

    /// Adds a literal step after `expr`: contiguous attribute steps extend
    /// a compact [`ExprKind::AttrPath`]; others wait on the scratch stack.
    fn add_step(&mut self, expr: &mut Expr, steps0: usize, step: Traverser) {
        let contiguous_attr = matches!(step.kind, TraverserKind::Attr { name } if name.start == step.span.start + 1)
            && expr.span.end == step.span.start;
        if self.scratch.step_stack.len() == steps0
            && contiguous_attr
            && matches!(expr.kind, ExprKind::Variable | ExprKind::AttrPath)
        {
            expr.span = expr.span.to(step.span);
            expr.kind = ExprKind::AttrPath;
            return;
        }
        self.scratch.step_stack.push(step);
    }

    /// Builds the traversal node for the pending steps (one exact-size
    /// allocation for the steps).
    fn flush_steps(&mut self, expr: Expr, steps0: usize, wraps: &mut usize) -> Expr {
        let Some(last) = self.scratch.step_stack.get(steps0..).and_then(|s| s.last()) else {
            return expr;
        };
        let span = expr.span.to(last.span);
        let kind = match expr.kind {
            ExprKind::Variable => ExprKind::ScopeTraversal(kept::traversal(
                Traversal {
                    root: expr.span,
                    steps: self.scratch.step_stack.drain(steps0..).collect(),
                },
                self.boxes(),
            )),
            ExprKind::AttrPath => {
                let pending = self.scratch.step_stack.len() - steps0;
                let (root, mut steps) = split_attr_path_with(expr.span, self.src, pending);
                steps.extend(self.scratch.step_stack.drain(steps0..));
                ExprKind::ScopeTraversal(kept::traversal(
                    Traversal {
                        root,
                        steps: steps.into_boxed_slice(),
                    },
                    self.boxes(),
                ))
            }
            // (Steps after a step that is not a literal: rare.)
            ExprKind::ScopeTraversal(mut t) => {
                let steps = std::mem::take(&mut t.steps).into_vec();
                t.steps = extended(steps, &mut self.scratch.step_stack, steps0).into_boxed_slice();
                ExprKind::ScopeTraversal(t)
            }
            ExprKind::RelativeTraversal(mut t) => {
                let steps = std::mem::take(&mut t.steps).into_vec();
                t.steps = extended(steps, &mut self.scratch.step_stack, steps0).into();
                ExprKind::RelativeTraversal(t)
            }
            kind => {
                if self.enter(span) {
                    *wraps += 1;
                }
                let source = Expr {
                    span: expr.span,
                    kind,
                };
                ExprKind::RelativeTraversal(Box::new(RelativeTraversal {
                    source,
                    steps: self
                        .scratch
                        .step_stack
                        .drain(steps0..)
                        .collect::<Vec<_>>()
                        .into(),
                }))
            }
        };
        Expr { span, kind }
    }

    /// The key of `[key]` as a literal, when it is one (number, bool, null
    /// or a string without interpolation).
    fn literal_key(&self, key: &Expr) -> Option<Literal> {
        match &key.kind {
            ExprKind::Number(n) => Some(Literal::Number(n.clone())),
            ExprKind::Bool(b) => Some(Literal::Bool(*b)),
            ExprKind::Null => Some(Literal::Null),
            ExprKind::StringLit => Some(Literal::String(LitText::Source(key.span.inner()))),
            ExprKind::Template(t) => string_literal_of(t).map(Literal::String),
            _ => None,
        }
    }

    /// A traversal: `root (.attr | [literal] | [*])*` as the reference's
    /// `ParseTraversalAbs` / `ParseTraversalPartial` read it.
    pub(crate) fn parse_traversal(&mut self, allow_splats: bool) -> Option<Traversal> {
        let root = self.bump();
        let root_span = span_of(root);
        if root.kind != K::Ident {
            self.error(
                "Variable name required",
                "Must begin with a variable name.",
                root_span,
                None,
            );
            return None;
        }
        let mut steps = Vec::new();
        self.parse_traversal_steps(&mut steps, root_span, allow_splats);
        Some(Traversal {
            root: root_span,
            steps: steps.into_boxed_slice(),
        })
    }

    /// Steps of a standalone traversal until the end of the input.
    pub(crate) fn parse_traversal_steps(
        &mut self,
        steps: &mut Vec<Traverser>,
        ctx_start: ByteSpan,
        allow_splats: bool,
    ) {
        loop {
            let next = self.peek();
            let at = span_of(next);
            match next.kind {
                K::Eof => return,
                K::Dot => {
                    let dot = span_of(self.bump());
                    let name = self.bump();
                    let name_span = span_of(name);
                    if name.kind != K::Ident {
                        let detail = if name.kind == K::Star {
                            "Splat expressions (.*) may not be used here."
                        } else {
                            "Dot must be followed by attribute name."
                        };
                        self.error(
                            "Attribute name required",
                            detail,
                            name_span,
                            Some(ctx_start.to(name_span)),
                        );
                        return;
                    }
                    steps.push(Traverser {
                        span: dot.to(name_span),
                        kind: TraverserKind::Attr { name: name_span },
                    });
                }
                K::OBrack => {
                    let open = span_of(self.bump());
                    let next = self.peek();
                    let key = match next.kind {
                        K::Number => {
                            let n = span_of(self.bump());
                            Some(self.number_key(n))
                        }
                        K::OQuote => {
                            let (_, text) = self.parse_quoted_string_literal();
                            Some(Literal::String(text))
                        }
                        K::Star if allow_splats => {
                            self.bump();
                            None
                        }
                        kind => {
                            let at = span_of(next);
                            if kind == K::Star {
                                self.error(
                                    "Attribute name required",
                                    "Splat expressions ([*]) may not be used here.",
                                    at,
                                    Some(ctx_start.to(at)),
                                );
                            } else {
                                self.error("Index value required", "Index brackets must contain either a literal number or a literal string.", at, Some(ctx_start.to(at)));
                            }
                            return;
                        }
                    };
                    let close = self.bump();
                    let close_span = span_of(close);
                    let bad_close = close.kind != K::CBrack;
                    if bad_close {
                        self.error(
                            "Unclosed index brackets",
                            "Index key must be followed by a closing bracket.",
                            close_span,
                            Some(open.to(close_span)),
                        );
                    }
                    steps.push(Traverser {
                        span: open.to(close_span),
                        kind: match key {
                            Some(k) => TraverserKind::index(k, false),
                            None => TraverserKind::Splat,
                        },
                    });
                    if bad_close {
                        return;
                    }
                }
                _ => {
                    self.error(
                        "Invalid character",
                        "Expected an attribute access or an index operator.",
                        at,
                        Some(ctx_start.to(at)),
                    );
                    return;
                }
            }
        }
    }
}

/// The text of a quoted template that is a single literal (with escapes).
pub(crate) fn string_literal_of(t: &Template) -> Option<LitText> {
    if t.kind != TemplateKind::Quoted {
        return None;
    }
    match &t.parts[..] {
        [TemplatePart::Literal(l)] => Some(l.text.clone()),
        _ => None,
    }
}

/// `steps` and then `stack[from..]` (moved), with no room to spare.
fn extended(mut steps: Vec<Traverser>, stack: &mut Vec<Traverser>, from: usize) -> Vec<Traverser> {
    steps.reserve_exact(stack.len().saturating_sub(from));
    steps.extend(stack.drain(from.min(stack.len())..));
    steps
}
