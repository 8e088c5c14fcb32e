//! The syntax tree of the native syntax.
//!
//! The tree is owned and `'static`. To stay small it stores no text: every
//! identifier, label and literal is a [`ByteSpan`] into the file's source,
//! and only text that had escapes (or was trimmed by strip markers or `<<-`)
//! is kept decoded, as [`LitText::Owned`]. Read text with the source string
//! ([`ByteSpan::text`]). Spans are byte ranges of the tree's own file (8
//! bytes); the file's [`SourceFile`](crate::SourceFile) resolves them into
//! ranges.
//!
//! This is the parser's storage, private to the crate: tools read the tree
//! through [`syntax`](super::syntax), which hides the compact special forms.
//!
//! The structure (bodies, attributes, blocks, labels) lives flat in a
//! [`Tree`], one per parse, and nodes refer to each other by `Id` and
//! `IdRange` (see [`Tree`] for the layout); an attribute holds its value
//! inline. Large expression variants are boxed, so an [`Expr`] is 24 bytes;
//! numbers, and lists of one to three items ([`ExprList`], [`InlineList`]),
//! are inline.

pub use crate::pos::ByteSpan;
use crate::value::Number;

pub(crate) mod kept;
mod list;
mod template;
mod tree;

pub use list::{ExprList, InlineList, PartList, StepList};
pub use template::{
    heredoc_marker, Interpolation, Template, TemplateFor, TemplateIf, TemplateKind,
    TemplateLiteral, TemplatePart,
};
pub use tree::{AttrId, BodyId, IdRange, ParsedFile, Tree};

/// Attributes and blocks, each in source order: runs of its [`Tree`]'s
/// lists ([`Tree::attributes`], [`Tree::blocks`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Body {
    /// The attributes (names are unique; a redefinition is reported and
    /// dropped).
    pub attributes: IdRange<Attribute>,
    /// The blocks.
    pub blocks: IdRange<Block>,
    /// The whole body: the file, or the braces of its block.
    pub span: ByteSpan,
}

/// `name = expr`
///
/// The `=` is not stored (it is asked for rarely, and a million-attribute
/// file would pay 8 bytes an attribute for it): [`Attribute::equals`] finds
/// it again.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The name.
    pub name: ByteSpan,
    /// The value.
    pub expr: Expr,
}

impl Attribute {
    /// From the name to the end of the value.
    pub fn span(&self) -> ByteSpan {
        self.name.to(self.expr.span)
    }

    /// The `=` sign: the first token after the name (only comments can
    /// stand between them), found by lexing from the name's end.
    pub fn equals(&self, src: &str) -> ByteSpan {
        use crate::native::lexer::{LexMode, Lexer};
        use crate::native::token::TokenKind;
        let mut lexer = Lexer::new(src, LexMode::Normal).starting_at(self.name.end as usize);
        loop {
            let t = lexer.next_token();
            match t.kind {
                TokenKind::Comment => continue,
                TokenKind::Equal => return ByteSpan::new(t.start, t.end),
                // (Not reached for a parsed attribute.)
                _ => return ByteSpan::new(self.name.end, self.name.end),
            }
        }
    }
}

/// `type label* { body }`
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The block type identifier.
    pub ty: ByteSpan,
    /// The labels, in order ([`Tree::labels`]).
    pub labels: IdRange<Label>,
    /// Where the `{` starts (it is one byte long); `ty.start` for a block
    /// cut short before its brace (see [`Block::open_brace`]).
    pub open: u32,
    /// The content ([`Tree::body`]).
    pub body: BodyId,
    /// The `}` (or, after a syntax error, where the block was cut short).
    pub close_brace: ByteSpan,
}

impl Block {
    /// From the type to the closing brace.
    pub fn span(&self) -> ByteSpan {
        self.ty.to(self.close_brace)
    }

    /// The `{` (the type, for a block cut short before its brace).
    pub fn open_brace(&self) -> ByteSpan {
        if self.open == self.ty.start {
            self.ty
        } else {
            ByteSpan::new(self.open, self.open.saturating_add(1))
        }
    }
}

/// A block label: an identifier or a quoted string (12 bytes: the rare
/// decoded value lives in its tree, [`Tree::label_value`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The label as written (with quotes, if quoted).
    pub span: ByteSpan,
    /// One more than the index of the decoded value in the tree's label
    /// texts, only when the quoted text had escapes; 0 otherwise.
    pub(crate) decoded: u32,
}

impl Label {
    /// A label whose value is its text (inside the quotes, if quoted).
    pub(crate) fn plain(span: ByteSpan) -> Label {
        Label { span, decoded: 0 }
    }

    /// Whether it was quoted (a name never starts with `"`).
    #[inline]
    pub fn is_quoted(&self, src: &str) -> bool {
        src.as_bytes().get(self.span.start as usize) == Some(&b'"')
    }
}

/// Literal text: a span of the source when it can be, decoded otherwise.
#[derive(Clone, Debug, PartialEq)]
pub enum LitText {
    /// The text is exactly these source bytes.
    Source(ByteSpan),
    /// The text after decoding escapes or stripping spaces.
    Owned(Box<str>),
}

impl LitText {
    /// The text.
    pub fn as_str<'a>(&'a self, src: &'a str) -> &'a str {
        match self {
            LitText::Source(s) => s.text(src),
            LitText::Owned(s) => s,
        }
    }
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Where the expression is.
    pub span: ByteSpan,
    /// What it is.
    pub kind: ExprKind,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A numeric literal (inline: an integer that fits 64 bits, the
    /// commonest, costs no allocation).
    Number(Number),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// A quoted template that is one literal without escapes: the value is
    /// the text inside the quotes (`span.inner()`). This is the compact form
    /// of the commonest template.
    StringLit,
    /// A template (quoted, heredoc or standalone).
    Template(Box<Template>),
    /// A template that is a single interpolation and nothing else: it yields
    /// the wrapped value unconverted.
    TemplateWrap(Box<Expr>),
    /// A variable with no traversal steps: its name is the span's text.
    Variable,
    /// A variable followed by attribute steps only, written without spaces
    /// or comments (`var.region`, `aws_vpc.main.id`): the span's text is
    /// the whole path, and [`Expr::as_traversal`] splits it. This is the
    /// compact (allocation-free) form of the commonest traversal; any other
    /// traversal is an [`ExprKind::ScopeTraversal`].
    AttrPath,
    /// A variable followed by attribute and literal index steps.
    ScopeTraversal(Box<Traversal>),
    /// Attribute and literal index steps applied to another expression.
    RelativeTraversal(Box<RelativeTraversal>),
    /// `collection[key]` with a key that is not a literal.
    Index(Box<IndexExpr>),
    /// `name(args)`.
    Call(Box<Call>),
    /// `[a, b]`.
    Tuple(Box<Tuple>),
    /// `{ k = v }`.
    Object(Box<Object>),
    /// `[for ...]` or `{for ...}`.
    For(Box<ForExpr>),
    /// `source.*.steps` or `source[*]steps`.
    Splat(Box<Splat>),
    /// The element of a splat: what the splat's `each` traversal starts from.
    AnonSymbol,
    /// `-x` or `!x`.
    Unary(Box<Unary>),
    /// `a op b`.
    Binary(Box<Binary>),
    /// `c ? a : b`.
    Conditional(Box<Conditional>),
    /// `(x)`: kept so that ranges and static analysis can see it.
    Parens(Box<Expr>),
    /// Placeholder after a syntax error (already reported).
    Invalid,
}

impl Expr {
    /// The expression as a scope traversal (root variable and steps), for
    /// [`ExprKind::Variable`], [`ExprKind::AttrPath`] and
    /// [`ExprKind::ScopeTraversal`]; `None` for anything else.
    pub fn as_traversal(&self, src: &str) -> Option<Traversal> {
        match &self.kind {
            ExprKind::Variable => Some(Traversal {
                root: self.span,
                steps: Box::default(),
            }),
            ExprKind::AttrPath => Some(split_attr_path(self.span, src)),
            ExprKind::ScopeTraversal(t) => Some((**t).clone()),
            _ => None,
        }
    }
}

/// Splits the text of an [`ExprKind::AttrPath`] into its root and steps.
pub fn split_attr_path(span: ByteSpan, src: &str) -> Traversal {
    let (root, steps) = split_attr_path_with(span, src, 0);
    Traversal {
        root,
        steps: steps.into_boxed_slice(),
    }
}

/// [`split_attr_path`]'s root and steps, with room for `extra` more steps.
// One pass over the bytes, noting the dots (not `str::split`, whose
// searcher costs a `memchr` call a part, nor a count of the dots first:
// on the analysis benchmark's large.tf these took most of the cost of
// building a traversal). A path of more dots than are noted here takes
// the general way.
pub(crate) fn split_attr_path_with(
    span: ByteSpan,
    src: &str,
    extra: usize,
) -> (ByteSpan, Vec<Traverser>) {
    let mut dots = [0u32; 8];
    let mut n = 0;
    for (i, &c) in span.bytes(src).iter().enumerate() {
        if c == b'.' {
            let Some(slot) = dots.get_mut(n) else {
                return split_long_attr_path(span, src, extra);
            };
            *slot = span.start + i as u32;
            n += 1;
        }
    }
    let dots = dots.get(..n).unwrap_or_default();
    let mut steps = Vec::with_capacity(n + extra);
    for (k, &from) in dots.iter().enumerate() {
        let to = dots.get(k + 1).copied().unwrap_or(span.end);
        steps.push(attr_step(from, to));
    }
    let root_end = dots.first().copied().unwrap_or(span.end);
    (ByteSpan::new(span.start, root_end), steps)
}

/// [`split_attr_path_with`] for a path of any number of dots: counted
/// first, then cut in a second pass.
#[inline(never)]
fn split_long_attr_path(span: ByteSpan, src: &str, extra: usize) -> (ByteSpan, Vec<Traverser>) {
    let bytes = span.bytes(src);
    let dots = bytes.iter().filter(|&&c| c == b'.').count();
    let mut steps = Vec::with_capacity(dots + extra);
    // Each dot ends the part before it and starts a step.
    let mut root = span;
    let mut dot: Option<u32> = None;
    for (i, &c) in bytes.iter().enumerate() {
        if c == b'.' {
            let at = span.start + i as u32;
            match dot {
                None => root.end = at,
                Some(from) => steps.push(attr_step(from, at)),
            }
            dot = Some(at);
        }
    }
    if let Some(from) = dot {
        steps.push(attr_step(from, span.end));
    }
    (root, steps)
}

/// The attribute step from the dot at `from` to `to`.
#[inline]
fn attr_step(from: u32, to: u32) -> Traverser {
    Traverser {
        span: ByteSpan::new(from, to),
        kind: TraverserKind::Attr {
            name: ByteSpan::new(from + 1, to),
        },
    }
}

/// A root variable and its steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Traversal {
    /// The root variable name.
    pub root: ByteSpan,
    /// The steps (at least one in [`ExprKind::ScopeTraversal`]), in an
    /// exact-size allocation (24 bytes a node instead of 32, so that the
    /// node fits a 32-byte heap chunk instead of 48).
    pub steps: Box<[Traverser]>,
}

/// Steps applied to an expression's value.
#[derive(Clone, Debug, PartialEq)]
pub struct RelativeTraversal {
    /// The expression traversed.
    pub source: Expr,
    /// The steps (a slice: [`StepList`] dereferences to `[Traverser]`).
    pub steps: StepList,
}

/// One traversal step.
#[derive(Clone, Debug, PartialEq)]
pub struct Traverser {
    /// From the `.` or `[` to the end of the step.
    pub span: ByteSpan,
    /// What the step does.
    pub kind: TraverserKind,
}

/// The kinds of traversal step.
#[derive(Clone, Debug, PartialEq)]
pub enum TraverserKind {
    /// `.name`
    Attr {
        /// The attribute name.
        name: ByteSpan,
    },
    /// `[literal]`, or the legacy `.0` form. (Read keys with
    /// [`TraverserKind::index_key`]: the commonest keys have the compact
    /// forms below, which cost no allocation.)
    Index {
        /// The key.
        key: Box<Literal>,
        /// Whether written as `.N` (legacy HIL syntax).
        legacy: bool,
    },
    /// An index whose key is an integer from 0 to [`SMALL_INDEX`]` - 1`
    /// (`[0]`, `.1`).
    SmallIndex {
        /// The key.
        value: u8,
        /// Whether written as `.N` (legacy HIL syntax).
        legacy: bool,
    },
    /// `["text"]` with no escapes: the key is the text inside the quotes.
    TextIndex {
        /// The key's text.
        text: ByteSpan,
    },
    /// `[*]` (only in traversals parsed with splats allowed).
    Splat,
}

/// How many small integer keys [`TraverserKind::SmallIndex`] stands for.
pub const SMALL_INDEX: u8 = 16;

/// The keys of [`TraverserKind::SmallIndex`], to lend out.
static SMALL_INDEX_KEYS: [Number; SMALL_INDEX as usize] = {
    const fn n(i: u8) -> Number {
        Number::small(i)
    }
    [
        n(0),
        n(1),
        n(2),
        n(3),
        n(4),
        n(5),
        n(6),
        n(7),
        n(8),
        n(9),
        n(10),
        n(11),
        n(12),
        n(13),
        n(14),
        n(15),
    ]
};

/// An index step's key, whatever form the tree stores it in: a literal
/// (read as the syntax view reads it), or `None` for a key a syntax error
/// left (already reported).
pub(crate) type IndexKey<'a> = Option<crate::native::syntax::Literal<'a>>;

impl TraverserKind {
    /// An index step with `key`, in its compact form where it has one.
    pub(crate) fn index(key: Literal, legacy: bool) -> TraverserKind {
        match key {
            Literal::Number(n) => match n.to_i64().and_then(|i| u8::try_from(i).ok()) {
                Some(value) if value < SMALL_INDEX => TraverserKind::SmallIndex { value, legacy },
                _ => TraverserKind::Index {
                    key: Box::new(Literal::Number(n)),
                    legacy,
                },
            },
            Literal::String(LitText::Source(text)) if !legacy => TraverserKind::TextIndex { text },
            key => TraverserKind::Index {
                key: Box::new(key),
                legacy,
            },
        }
    }

    /// The key of an index step, and whether it was written as `.N`;
    /// `None` for other steps.
    pub fn index_key<'a>(&'a self, src: &'a str) -> Option<(IndexKey<'a>, bool)> {
        Some(match self {
            TraverserKind::Index { key, legacy } => {
                use crate::native::syntax::Literal as Key;
                let key = match &**key {
                    Literal::Number(n) => Some(Key::Number(n)),
                    Literal::Bool(b) => Some(Key::Bool(*b)),
                    Literal::Null => Some(Key::Null),
                    Literal::String(s) => Some(Key::String(s.as_str(src))),
                    Literal::Dynamic => None,
                };
                (key, *legacy)
            }
            TraverserKind::SmallIndex { value, legacy } => {
                let n = SMALL_INDEX_KEYS.get(usize::from(*value))?;
                (Some(crate::native::syntax::Literal::Number(n)), *legacy)
            }
            TraverserKind::TextIndex { text } => (
                Some(crate::native::syntax::Literal::String(text.text(src))),
                false,
            ),
            TraverserKind::Attr { .. } | TraverserKind::Splat => return None,
        })
    }
}

/// A literal value used as an index key.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// A number.
    Number(Number),
    /// A boolean.
    Bool(bool),
    /// `null`.
    Null,
    /// A string.
    String(LitText),
    /// Unknown (after a syntax error that was reported).
    Dynamic,
}

/// `collection[key]`.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexExpr {
    /// The collection.
    pub collection: Expr,
    /// The key.
    pub key: Expr,
    /// From `[` to `]`.
    pub brackets: ByteSpan,
}

/// A function call. (104 bytes, a 112-byte heap chunk: the rare
/// namespace is boxed apart and the `(`, one byte, is kept as its offset.)
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The (first segment of the) name.
    pub name: ByteSpan,
    /// Further `::`-separated name segments (`provider::p::f`); `None`
    /// when there are none, the norm ([`Call::namespace_rest`]).
    // Boxed on purpose: a thin pointer (8 bytes) in every call, where a
    // `Vec` (24) or a boxed slice (16) would not fit the 104 bytes.
    #[allow(clippy::box_collection)]
    pub(crate) namespace: Option<Box<Vec<ByteSpan>>>,
    /// The arguments (a slice: [`ExprList`] dereferences to `[Expr]`).
    pub args: ExprList,
    /// Where the `(` is ([`Call::open_paren`]).
    pub(crate) open: u32,
    /// Whether the final argument is followed by `...`.
    pub expand_final: bool,
    /// The `)`.
    pub close_paren: ByteSpan,
}

impl Call {
    /// Further `::`-separated name segments (`provider::p::f`).
    pub fn namespace_rest(&self) -> &[ByteSpan] {
        self.namespace.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The `(`.
    pub fn open_paren(&self) -> ByteSpan {
        ByteSpan::new(self.open, self.open.saturating_add(1))
    }

    /// Whether the name is written as [`Call::full_name`] joins it (no
    /// spaces around a `::`): then the text of [`Call::name_span`] is the
    /// full name. Written so, it is as long as its segments and their `::`s.
    pub fn name_written_joined(&self) -> bool {
        let rest = self.namespace_rest();
        let joined = rest.iter().fold(self.name.len(), |n, s| n + 2 + s.len());
        self.name_span().len() == joined
    }

    /// The full name, segments joined with `::`.
    pub fn full_name(&self, src: &str) -> String {
        let mut s = self.name.text(src).to_owned();
        for seg in self.namespace_rest() {
            s.push_str("::");
            s.push_str(seg.text(src));
        }
        s
    }

    /// The span of the name (all segments).
    pub fn name_span(&self) -> ByteSpan {
        self.namespace_rest()
            .last()
            .map_or(self.name, |l| self.name.to(*l))
    }
}

/// `[a, b, c]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuple {
    /// The elements.
    pub items: ExprList,
}

/// `{ k = v, ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    /// The items, in order (a slice: [`InlineList`] dereferences to
    /// `[ObjectItem]`).
    pub items: InlineList<ObjectItem>,
}

/// One `key = value` item.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectItem {
    /// The key.
    pub key: ObjectKey,
    /// The value.
    pub value: Expr,
}

/// An object key: a bare identifier is a literal name unless the key was
/// parenthesised ([`ObjectKey::force_non_literal`]), as the reference's
/// `ObjectConsKey`.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectKey {
    /// The key expression as parsed.
    pub expr: Expr,
}

impl ObjectKey {
    /// Whether the key started with `(` (read from the source, where the
    /// key's span starts: a flag would make each item 56 bytes, not 48).
    #[inline]
    pub fn force_non_literal(&self, src: &str) -> bool {
        src.as_bytes().get(self.expr.span.start as usize) == Some(&b'(')
    }

    /// The literal attribute name, when the key is a bare identifier that is
    /// not parenthesised.
    #[inline]
    pub fn as_literal_name<'a>(&self, src: &'a str) -> Option<&'a str> {
        match self.expr.kind {
            ExprKind::Variable if !self.force_non_literal(src) => Some(self.expr.span.text(src)),
            ExprKind::Bool(_) | ExprKind::Null if !self.force_non_literal(src) => {
                Some(self.expr.span.text(src))
            }
            _ => None,
        }
    }
}

/// A for expression. (Its brackets are the ends of its span: not kept
/// again, so that the node fits a 128-byte allocation instead of 144.)
#[derive(Clone, Debug, PartialEq)]
pub struct ForExpr {
    /// The key variable (when two names are given).
    pub key_var: Option<ByteSpan>,
    /// The value variable.
    pub value_var: ByteSpan,
    /// The collection.
    pub collection: Expr,
    /// The key expression (object form).
    pub key: Option<Expr>,
    /// The value expression.
    pub value: Expr,
    /// The `if` condition.
    pub cond: Option<Expr>,
    /// Whether `...` (grouping) follows the value.
    pub group: bool,
    /// Whether the result is an object (`{`) rather than a tuple (`[`).
    pub object: bool,
}

/// A splat: `each` (which starts at [`ExprKind::AnonSymbol`]) is applied to
/// every element of `source`.
#[derive(Clone, Debug, PartialEq)]
pub struct Splat {
    /// The collection.
    pub source: Expr,
    /// What to evaluate per element.
    pub each: Expr,
    /// `.*` or `[*]` (which one is read from the source: a flag would
    /// take the node from a 64-byte heap chunk to 80).
    pub marker: ByteSpan,
}

impl Splat {
    /// Whether it is the full splat `[*]` (its marker starts with `[`).
    pub fn is_full(&self, src: &str) -> bool {
        src.as_bytes().get(self.marker.start as usize) == Some(&b'[')
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`
    Negate,
    /// `!`
    Not,
}

/// `op operand`.
#[derive(Clone, Debug, PartialEq)]
pub struct Unary {
    /// The operator.
    pub op: UnaryOp,
    /// The operator symbol.
    pub symbol: ByteSpan,
    /// The operand.
    pub operand: Expr,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Or => "||",
            And => "&&",
            Eq => "==",
            NotEq => "!=",
            Gt => ">",
            Ge => ">=",
            Lt => "<",
            Le => "<=",
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Mod => "%",
        }
    }
}

/// `lhs op rhs`. (Where the operator is written is not kept: nothing asks,
/// and without it the node fits a 64-byte allocation instead of 80.)
#[derive(Clone, Debug, PartialEq)]
pub struct Binary {
    /// The operator.
    pub op: BinaryOp,
    /// The left operand.
    pub lhs: Expr,
    /// The right operand.
    pub rhs: Expr,
}

/// `cond ? then : else`.
#[derive(Clone, Debug, PartialEq)]
pub struct Conditional {
    /// The predicate.
    pub cond: Expr,
    /// The result when true.
    pub then: Expr,
    /// The result when false.
    pub otherwise: Expr,
}

#[cfg(test)]
mod test;
