//! Templates: quoted strings, heredocs and their parts.

use super::*;

/// A template: a quoted string, a heredoc or a standalone template.
#[derive(Clone, Copy)]
pub struct TemplateNode<'a> {
    pub(super) source: &'a SourceFile,
    pub(super) span: ByteSpan,
    pub(super) repr: TemplateRepr<'a>,
}

/// How the parser stored the template.
#[derive(Clone, Copy)]
pub(super) enum TemplateRepr<'a> {
    /// A quoted string without escapes: the text between the quotes.
    Lit,
    /// Parts.
    Parts(&'a ast::Template),
    /// A single interpolation and nothing else.
    Wrap(&'a ast::Expr),
}

/// How a template is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateKind<'a> {
    /// `"..."`
    Quoted,
    /// `<<MARKER` or, when `flush`, `<<-MARKER`.
    Heredoc {
        /// Whether the indentation was stripped (`<<-`).
        flush: bool,
        /// The marker.
        marker: &'a str,
    },
    /// A standalone template (not inside an expression).
    Bare,
}

impl<'a> TemplateNode<'a> {
    /// How the template is written.
    pub fn kind(self) -> TemplateKind<'a> {
        match self.repr {
            TemplateRepr::Lit => TemplateKind::Quoted,
            TemplateRepr::Parts(t) => match t.kind {
                ast::TemplateKind::Quoted => TemplateKind::Quoted,
                ast::TemplateKind::Bare => TemplateKind::Bare,
                ast::TemplateKind::Heredoc { flush } => TemplateKind::Heredoc {
                    flush,
                    marker: ast::heredoc_marker(self.span, self.source.text())
                        .text(self.source.text()),
                },
            },
            TemplateRepr::Wrap(_) => {
                if self.span.text(self.source.text()).starts_with('"') {
                    TemplateKind::Quoted
                } else {
                    TemplateKind::Bare
                }
            }
        }
    }

    /// The parts, in order: literal text (escapes decoded, strip markers
    /// and heredoc indentation applied, consecutive pieces merged),
    /// interpolations and directives.
    pub fn parts(self) -> TemplateParts<'a> {
        let source = self.source;
        match self.repr {
            TemplateRepr::Lit => TemplateParts {
                source,
                repr: PartsRepr::Lit(Some(self.span)),
            },
            TemplateRepr::Parts(t) => TemplateParts {
                source,
                repr: PartsRepr::Slice(t.parts.iter()),
            },
            TemplateRepr::Wrap(inner) => TemplateParts {
                source,
                repr: PartsRepr::Wrap(Some((self.span, inner))),
            },
        }
    }

    /// The interpolated expression when the template is one interpolation
    /// and nothing else (`"${x}"`): its value is `x`'s, not converted to a
    /// string.
    #[inline]
    pub fn wrapped(self) -> Option<ExprNode<'a>> {
        match self.repr {
            TemplateRepr::Wrap(inner) => Some(ExprNode::new(self.source, inner)),
            _ => None,
        }
    }

    /// The text, when the template is literal text only.
    #[inline]
    pub fn literal(self) -> Option<&'a str> {
        match self.repr {
            TemplateRepr::Lit => Some(self.span.inner().text(self.source.text())),
            TemplateRepr::Parts(t) => match &t.parts[..] {
                [ast::TemplatePart::Literal(l)] => Some(l.text.as_str(self.source.text())),
                [] => Some(""),
                _ => None,
            },
            TemplateRepr::Wrap(_) => None,
        }
    }

    /// Where the template is written (quotes or heredoc markers included).
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }
}

/// The parts of a template or of a directive's branch.
#[derive(Clone)]
pub struct TemplateParts<'a> {
    source: &'a SourceFile,
    repr: PartsRepr<'a>,
}

#[derive(Clone)]
enum PartsRepr<'a> {
    Lit(Option<ByteSpan>),
    Slice(std::slice::Iter<'a, ast::TemplatePart>),
    Wrap(Option<(ByteSpan, &'a ast::Expr)>),
}

impl<'a> Iterator for TemplateParts<'a> {
    type Item = TemplatePart<'a>;

    #[inline]
    fn next(&mut self) -> Option<TemplatePart<'a>> {
        let source = self.source;
        match &mut self.repr {
            PartsRepr::Lit(span) => span.take().map(|span| {
                TemplatePart::Literal(TemplateText {
                    source,
                    span: span.inner(),
                    text: TextRepr::Source,
                })
            }),
            PartsRepr::Slice(parts) => parts.next().map(|p| TemplatePart::new(source, p)),
            PartsRepr::Wrap(w) => w.take().map(|(span, expr)| {
                TemplatePart::Interpolation(InterpolationNode {
                    source,
                    span,
                    expr,
                    strip: (false, false),
                })
            }),
        }
    }
}

/// One part of a template.
#[derive(Clone, Copy)]
pub enum TemplatePart<'a> {
    /// Literal text.
    Literal(TemplateText<'a>),
    /// `${ expr }`.
    Interpolation(InterpolationNode<'a>),
    /// `%{ if }...%{ else }...%{ endif }`.
    If(TemplateIfNode<'a>),
    /// `%{ for }...%{ endfor }`.
    For(TemplateForNode<'a>),
    /// What a syntax error in a directive left (already reported).
    Invalid,
}

impl<'a> TemplatePart<'a> {
    pub(super) fn new(source: &'a SourceFile, part: &'a ast::TemplatePart) -> TemplatePart<'a> {
        match part {
            ast::TemplatePart::Literal(l) => TemplatePart::Literal(TemplateText {
                source,
                span: l.span,
                text: TextRepr::Lit(&l.text),
            }),
            ast::TemplatePart::Interp(i) => TemplatePart::Interpolation(InterpolationNode {
                source,
                span: i.span,
                expr: &i.expr,
                strip: (i.strip_left(source.text()), i.strip_right(source.text())),
            }),
            ast::TemplatePart::If(node) => TemplatePart::If(TemplateIfNode { source, node }),
            ast::TemplatePart::For(node) => TemplatePart::For(TemplateForNode { source, node }),
            ast::TemplatePart::Invalid(_) => TemplatePart::Invalid,
        }
    }

    pub(super) fn for_each_expr(self, f: &mut impl FnMut(ExprNode<'a>)) {
        match self {
            TemplatePart::Literal(_) | TemplatePart::Invalid => {}
            TemplatePart::Interpolation(i) => f(i.expr()),
            TemplatePart::If(d) => {
                f(d.condition());
                d.then_parts()
                    .chain(d.else_parts())
                    .for_each(|p| p.for_each_expr(f));
            }
            TemplatePart::For(d) => {
                f(d.collection());
                d.body_parts().for_each(|p| p.for_each_expr(f));
            }
        }
    }
}

/// Literal text in a template.
#[derive(Clone, Copy)]
pub struct TemplateText<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    text: TextRepr<'a>,
}

#[derive(Clone, Copy)]
enum TextRepr<'a> {
    /// The span's own bytes.
    Source,
    Lit(&'a ast::LitText),
}

impl<'a> TemplateText<'a> {
    /// The text: escapes decoded, strip markers and heredoc indentation
    /// applied.
    pub fn text(self) -> &'a str {
        match self.text {
            TextRepr::Source => self.span.text(self.source.text()),
            TextRepr::Lit(l) => l.as_str(self.source.text()),
        }
    }

    /// Where the text is written.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }
}

/// `${ expr }`, with its strip markers.
#[derive(Clone, Copy)]
pub struct InterpolationNode<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    expr: &'a ast::Expr,
    strip: (bool, bool),
}

impl<'a> InterpolationNode<'a> {
    /// The interpolated expression.
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        ExprNode::new(self.source, self.expr)
    }

    /// `${~`: whitespace before is stripped.
    pub fn strip_left(self) -> bool {
        self.strip.0
    }

    /// `~}`: whitespace after is stripped.
    pub fn strip_right(self) -> bool {
        self.strip.1
    }

    /// From `${` to `}`.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }

    /// The interpolation as written, from `${` to `}`.
    pub fn source_text(self) -> &'a str {
        self.span.text(self.source.text())
    }
}

/// `%{ if cond }then%{ else }else%{ endif }`.
#[derive(Clone, Copy)]
pub struct TemplateIfNode<'a> {
    source: &'a SourceFile,
    node: &'a ast::TemplateIf,
}

impl<'a> TemplateIfNode<'a> {
    /// The condition.
    pub fn condition(self) -> ExprNode<'a> {
        ExprNode::new(self.source, &self.node.cond)
    }

    /// The parts used when the condition holds.
    pub fn then_parts(self) -> TemplateParts<'a> {
        TemplateParts {
            source: self.source,
            repr: PartsRepr::Slice(self.node.then_parts.iter()),
        }
    }

    /// The parts used otherwise (none without `%{ else }`).
    pub fn else_parts(self) -> TemplateParts<'a> {
        TemplateParts {
            source: self.source,
            repr: PartsRepr::Slice(self.node.else_parts.iter()),
        }
    }

    /// Where `%{ if cond }` is written.
    pub fn if_range(self) -> Range {
        self.source.range(self.node.if_span)
    }

    /// Where `%{ else }` is written, if there is one.
    pub fn else_range(self) -> Option<Range> {
        self.node.else_span.map(|s| self.source.range(s))
    }

    /// Where `%{ endif }` is written.
    pub fn endif_range(self) -> Range {
        self.source.range(self.node.endif_span)
    }

    /// From `%{ if` to the `}` of `%{ endif }`.
    pub fn range(self) -> Range {
        self.source
            .range(self.node.if_span.to(self.node.endif_span))
    }
}

/// `%{ for k, v in collection }body%{ endfor }`.
#[derive(Clone, Copy)]
pub struct TemplateForNode<'a> {
    source: &'a SourceFile,
    node: &'a ast::TemplateFor,
}

impl<'a> TemplateForNode<'a> {
    for_intro_accessors!();

    /// The parts repeated for each element.
    pub fn body_parts(self) -> TemplateParts<'a> {
        TemplateParts {
            source: self.source,
            repr: PartsRepr::Slice(self.node.body.iter()),
        }
    }

    /// Where `%{ for ... }` is written.
    pub fn for_range(self) -> Range {
        self.source.range(self.node.for_span)
    }

    /// Where `%{ endfor }` is written.
    pub fn endfor_range(self) -> Range {
        self.source.range(self.node.endfor_span)
    }

    /// From `%{ for` to the `}` of `%{ endfor }`.
    pub fn range(self) -> Range {
        self.source
            .range(self.node.for_span.to(self.node.endfor_span))
    }
}
