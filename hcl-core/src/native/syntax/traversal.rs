//! Traversals and their steps.

use super::*;

use std::fmt;

/// A variable and its attribute and index steps.
#[derive(Clone, Copy)]
pub struct TraversalNode<'a> {
    pub(super) node: ExprNode<'a>,
}

impl<'a> TraversalNode<'a> {
    /// The compact node, for the crate's own passes.
    pub(crate) fn ast(self) -> &'a ast::Expr {
        self.node.expr
    }

    /// The root variable's name.
    #[inline]
    pub fn root_name(self) -> &'a str {
        self.root_span().text(self.node.source.text())
    }

    /// Where the root name is written.
    pub fn root_range(self) -> Range {
        self.node.source.range(self.root_span())
    }

    #[inline]
    pub(crate) fn root_span(self) -> ByteSpan {
        let e = self.node.expr;
        match &e.kind {
            ast::ExprKind::ScopeTraversal(t) => t.root,
            ast::ExprKind::AttrPath => path_root(self.node.source.text(), e.span),
            _ => e.span,
        }
    }

    /// The steps after the root.
    #[inline]
    pub fn steps(self) -> Steps<'a> {
        self.steps_after(self.root_span())
    }

    /// [`TraversalNode::steps`] for a known [`TraversalNode::root_span`].
    #[inline]
    fn steps_after(self, root: ByteSpan) -> Steps<'a> {
        let e = self.node.expr;
        let source = self.node.source;
        match &e.kind {
            ast::ExprKind::ScopeTraversal(t) => Steps::list(source, &t.steps),
            ast::ExprKind::AttrPath => Steps {
                source,
                repr: StepsRepr::Path {
                    at: root.end,
                    end: e.span.end,
                },
            },
            _ => Steps {
                source,
                repr: StepsRepr::Path { at: 0, end: 0 },
            },
        }
    }

    /// The whole traversal's range.
    pub fn range(self) -> Range {
        self.node.range()
    }

    /// The traversal as the information model's [`Traversal`]. It keeps
    /// the source file and where each step is written (no name or range
    /// is copied out until asked for).
    pub fn to_traversal(self) -> Traversal {
        let e = self.node.expr;
        let source = self.node.source;
        match &e.kind {
            ast::ExprKind::ScopeTraversal(t) => source_traversal(source, t.root, &t.steps),
            // A bare name, or a dotted path.
            _ => Traversal::path(source, e.span),
        }
    }

    /// The expression node.
    #[inline]
    pub fn expr(self) -> ExprNode<'a> {
        self.node
    }
}

/// The traversal as written in native syntax, with canonical brackets
/// (as [`Traversal`]'s `Display`).
impl fmt::Display for TraversalNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_traversal(), f)
    }
}

/// The source text of the traversal.
impl fmt::Debug for TraversalNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TraversalNode")
            .field(&self.node.source_text())
            .finish()
    }
}

/// The steps of a traversal.
#[derive(Clone)]
pub struct Steps<'a> {
    source: &'a SourceFile,
    repr: StepsRepr<'a>,
}

#[derive(Clone)]
enum StepsRepr<'a> {
    /// `.name` steps written without spaces: the bytes `at..end` of the
    /// source, each step a dot and a name.
    Path {
        at: u32,
        end: u32,
    },
    List(std::slice::Iter<'a, ast::Traverser>),
}

impl<'a> Steps<'a> {
    pub(crate) fn list(source: &'a SourceFile, steps: &'a [ast::Traverser]) -> Steps<'a> {
        Steps {
            source,
            repr: StepsRepr::List(steps.iter()),
        }
    }

    /// How many steps are left.
    pub fn len(&self) -> usize {
        match &self.repr {
            StepsRepr::Path { at, end } => {
                let text = ByteSpan::new(*at, *end).text(self.source.text());
                text.bytes().filter(|&b| b == b'.').count()
            }
            StepsRepr::List(steps) => steps.len(),
        }
    }

    /// Whether no step is left.
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            StepsRepr::Path { at, end } => at >= end,
            StepsRepr::List(steps) => steps.len() == 0,
        }
    }
}

impl<'a> Iterator for Steps<'a> {
    type Item = Step<'a>;

    #[inline]
    fn next(&mut self) -> Option<Step<'a>> {
        let source = self.source;
        match &mut self.repr {
            StepsRepr::Path { at, end } => {
                // (A dotted path's steps are all names.)
                let (span, PathStep::Attr(name)) = path_step(source.text(), *at, *end)? else {
                    return None;
                };
                *at = span.end;
                Some(Step {
                    source,
                    span,
                    kind: StepRepr::Name(name),
                })
            }
            StepsRepr::List(steps) => steps.next().map(|s| Step {
                source,
                span: s.span,
                kind: match &s.kind {
                    ast::TraverserKind::Attr { name } => StepRepr::Name(*name),
                    ast::TraverserKind::Splat => StepRepr::Splat,
                    ast::TraverserKind::TextIndex { text } => StepRepr::TextKey(*text),
                    index => match index.index_key(source.text()) {
                        Some((key, legacy)) => StepRepr::Key(key, legacy),
                        None => StepRepr::Splat,
                    },
                },
            }),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.repr {
            StepsRepr::Path { at, end } => {
                let n = usize::from(at < end);
                (n, Some((end - at) as usize / 2))
            }
            StepsRepr::List(steps) => steps.size_hint(),
        }
    }
}

/// One traversal step.
#[derive(Clone, Copy)]
pub struct Step<'a> {
    source: &'a SourceFile,
    span: ByteSpan,
    kind: StepRepr<'a>,
}

#[derive(Clone, Copy)]
enum StepRepr<'a> {
    Name(ByteSpan),
    /// A string key written without escapes: its text in the source.
    TextKey(ByteSpan),
    Key(ast::IndexKey<'a>, bool),
    Splat,
}

/// What a traversal step does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepKind<'a> {
    /// `.name`
    Attr(&'a str),
    /// `[key]` with a literal key, or the legacy `.0`.
    Index(Literal<'a>),
    /// `[*]`, only in traversals parsed with splats allowed.
    Splat,
    /// An index key a syntax error left (already reported).
    Invalid,
}

impl<'a> Step<'a> {
    /// What the step does.
    #[inline]
    pub fn kind(self) -> StepKind<'a> {
        let text = self.source.text();
        match self.kind {
            StepRepr::Name(name) => StepKind::Attr(name.text(text)),
            StepRepr::TextKey(key) => StepKind::Index(Literal::String(key.text(text))),
            StepRepr::Key(key, _) => key.map_or(StepKind::Invalid, StepKind::Index),
            StepRepr::Splat => StepKind::Splat,
        }
    }

    /// Whether the step is an index in the legacy form `.0` (HIL's), not
    /// `[0]`.
    pub fn is_legacy_index(self) -> bool {
        matches!(self.kind, StepRepr::Key(_, true))
    }

    /// Where the step is written, from its `.` or `[`.
    pub fn range(self) -> Range {
        self.source.range(self.span)
    }

    /// The step as the information model's [`Traverser`].
    pub fn to_traverser(self) -> Traverser {
        let range = self.range();
        match self.kind() {
            StepKind::Attr(name) => Traverser::Attr {
                name: name.to_owned(),
                range,
            },
            StepKind::Index(_) | StepKind::Invalid => Traverser::Index {
                key: self.key(),
                range,
            },
            StepKind::Splat => Traverser::Splat { range },
        }
    }

    /// An index step's key (the dynamic value for a key a syntax error
    /// left, or for a step that is no index).
    fn key(self) -> Value {
        match self.kind() {
            StepKind::Index(key) => key.value(),
            _ => Value::dynamic(),
        }
    }

    /// The step as a traversal keeps it: where it is, and what it does;
    /// a string key without escapes stays a span of the source.
    fn to_source_step(self) -> SourceStep {
        match self.kind {
            StepRepr::Name(name) => SourceStep::attr(self.span, name),
            StepRepr::TextKey(text) => SourceStep::text_key(self.span, text),
            StepRepr::Key(..) => SourceStep::key(self.span, self.key()),
            StepRepr::Splat => SourceStep::splat(self.span),
        }
    }
}

/// The absolute traversal written in `source` with its root name at
/// `root` and the steps `steps` (a [`Traversal`] that keeps the file).
/// Steps that the text alone gives back, read as a path
/// ([`path_step`]: `a.b[0]["k"]` written without spaces), are not copied.
pub(crate) fn source_traversal(
    source: &SourceFile,
    root: ByteSpan,
    steps: &[ast::Traverser],
) -> Traversal {
    if steps_read_as_path(source.text(), root.end, steps) {
        let end = steps.last().map_or(root.end, |s| s.span.end);
        return Traversal::path(source, ByteSpan::new(root.start, end));
    }
    Traversal::with_steps(
        source,
        root,
        Steps::list(source, steps).map(Step::to_source_step),
    )
}

/// Whether reading the text of a traversal whose root name ends at `at`
/// as a path ([`path_root`], then [`path_step`] after step) gives back
/// exactly `steps`: the same root, the same spans, names, and keys of the
/// same value. Decided from the spans the parser recorded, without reading
/// names again (every reference of a file passes here): a root or an
/// attribute name is an identifier, which holds no `.` or `[`, so a path's
/// reading of it stops at its end exactly when the next step starts
/// there; a key string without escapes holds no `"`. Gives what the
/// reading itself gives (`reads_as_path`, compared in the tests).
pub(super) fn steps_read_as_path(text: &str, mut at: u32, steps: &[ast::Traverser]) -> bool {
    let bytes = text.as_bytes();
    let byte = |i: u32| bytes.get(i as usize).copied();
    for step in steps {
        let span = step.span;
        if span.start != at {
            return false;
        }
        let same = match &step.kind {
            ast::TraverserKind::Attr { name } => {
                byte(at) == Some(b'.') && name.start == at + 1 && name.end == span.end
            }
            ast::TraverserKind::TextIndex { text: key } => {
                byte(at) == Some(b'[')
                    && byte(at + 1) == Some(b'"')
                    && key.start == at + 2
                    && key.end.checked_add(2) == Some(span.end)
            }
            ast::TraverserKind::SmallIndex {
                value,
                legacy: false,
            } => digits_key(text, span) == Some(i64::from(*value)),
            ast::TraverserKind::Index { key, legacy: false } => match &**key {
                ast::Literal::Number(n) => n
                    .to_i64()
                    .is_some_and(|n| digits_key(text, span) == Some(n)),
                _ => false,
            },
            _ => false,
        };
        if !same {
            return false;
        }
        at = span.end;
    }
    true
}

/// The key a path reads from the index step written at `span` (`[digits]`
/// ending where the step ends), as [`PathStep::integer`] reads it.
#[inline]
fn digits_key(text: &str, span: ByteSpan) -> Option<i64> {
    let bytes = span.bytes(text);
    let [b'[', inner @ .., b']'] = bytes else {
        return None;
    };
    match inner {
        // The commonest keys, `[0]` to `[99]`, without the parser of
        // integers.
        [d @ b'0'..=b'9'] => Some(i64::from(d - b'0')),
        [t @ b'0'..=b'9', d @ b'0'..=b'9'] => Some(i64::from((t - b'0') * 10 + (d - b'0'))),
        _ => {
            let digits = ByteSpan::new(span.start + 1, span.end - 1);
            PathStep::Digits(digits).integer(text)
        }
    }
}

/// Whether reading the text from `at` to `end` as a path's steps gives
/// exactly `steps`: the same spans, names, and keys of the same value.
/// The reading itself, step by step: what [`steps_read_as_path`] decides
/// from the spans alone.
#[cfg(test)]
pub(super) fn reads_as_path(text: &str, mut at: u32, end: u32, steps: &[ast::Traverser]) -> bool {
    for step in steps {
        let Some((span, read)) = path_step(text, at, end) else {
            return false;
        };
        let same = span == step.span
            && match (&step.kind, read) {
                (ast::TraverserKind::Attr { name }, PathStep::Attr(read)) => *name == read,
                (ast::TraverserKind::TextIndex { text: t }, PathStep::Text(read)) => *t == read,
                (kind, PathStep::Digits(_)) => {
                    matches!(kind.index_key(text), Some((Some(Literal::Number(n)), false))
                        if n.to_i64().is_some_and(|n| read.integer(text) == Some(n)))
                }
                _ => false,
            };
        if !same {
            return false;
        }
        at = span.end;
    }
    at == end
}
