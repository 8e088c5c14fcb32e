//! Template nodes: quoted strings, heredocs and standalone templates, their
//! literal text, interpolations and directives.

use super::{ByteSpan, Expr, LitText, PartList};

/// How a template was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateKind {
    /// `"..."`
    Quoted,
    /// `<<EOT` (`flush: false`) or `<<-EOT` (`flush: true`). The marker
    /// is read from the source ([`heredoc_marker`]), so that a template
    /// node takes a 32-byte heap chunk, not 48.
    Heredoc {
        /// Whether leading indentation was stripped (`<<-`).
        flush: bool,
    },
    /// A standalone template.
    Bare,
}

/// The marker identifier of the heredoc template at `span` (which starts
/// with its `<<` or `<<-`): up to the end of that line.
pub fn heredoc_marker(span: ByteSpan, src: &str) -> ByteSpan {
    let head = span.text(src);
    let skip = if head.starts_with("<<-") { 3 } else { 2 };
    let end = head.find(['\r', '\n']).unwrap_or(head.len()) as u32;
    ByteSpan::new(span.start + skip.min(end), span.start + end)
}

/// A template: literal text, interpolations and directives.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// How it was written.
    pub kind: TemplateKind,
    /// The parts, with strip markers and `<<-` indentation already applied to
    /// the literal parts. Consecutive literals are merged. (Exact-size
    /// lists, here and in directives: they are kept as long as the tree.)
    pub parts: Box<[TemplatePart]>,
}

/// One part of a template.
#[derive(Clone, Debug, PartialEq)]
pub enum TemplatePart {
    /// Literal text.
    Literal(TemplateLiteral),
    /// `${ expr }`.
    Interp(Interpolation),
    /// `%{ if }...%{ else }...%{ endif }`.
    If(Box<TemplateIf>),
    /// `%{ for }...%{ endfor }`.
    For(Box<TemplateFor>),
    /// Placeholder after a directive error (already reported).
    Invalid(ByteSpan),
}

/// Literal text in a template.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateLiteral {
    /// Where the text is.
    pub span: ByteSpan,
    /// The text, decoded and stripped.
    pub text: LitText,
}

/// `${ expr }` with optional strip markers. (The markers are read from
/// the source: two flags would make every template part 40 bytes, not 32.)
#[derive(Clone, Debug, PartialEq)]
pub struct Interpolation {
    /// From `${` to `}`.
    pub span: ByteSpan,
    /// The expression.
    pub expr: Expr,
}

impl Interpolation {
    /// Whether it opens with `${~`.
    pub fn strip_left(&self, src: &str) -> bool {
        src.as_bytes().get(self.span.start as usize + 2) == Some(&b'~')
    }

    /// Whether it closes with `~}`.
    pub fn strip_right(&self, src: &str) -> bool {
        self.span.text(src).ends_with("~}")
    }
}

/// `%{ if cond }then%{ else }else%{ endif }`.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateIf {
    /// The condition.
    pub cond: Expr,
    /// The `%{ if ... }` sequence.
    pub if_span: ByteSpan,
    /// The parts when true.
    pub then_parts: PartList,
    /// The `%{ else }` sequence, if any.
    pub else_span: Option<ByteSpan>,
    /// The parts when false.
    pub else_parts: PartList,
    /// The `%{ endif }` sequence.
    pub endif_span: ByteSpan,
}

/// `%{ for k, v in coll }body%{ endfor }`.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateFor {
    /// The key variable, if two names were given.
    pub key_var: Option<ByteSpan>,
    /// The value variable.
    pub value_var: ByteSpan,
    /// The collection.
    pub collection: Expr,
    /// The `%{ for ... }` sequence.
    pub for_span: ByteSpan,
    /// The repeated parts.
    pub body: PartList,
    /// The `%{ endfor }` sequence.
    pub endfor_span: ByteSpan,
}
