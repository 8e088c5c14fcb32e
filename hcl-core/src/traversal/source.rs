//! A traversal found in a source file, stored as the file and where its
//! root and steps are written: names, keys and ranges are read from the
//! text when asked for.

use std::borrow::Cow;
use std::sync::Arc;

use super::path::{path_root, path_step, PathStep};
use super::{At, StepRef, Traverser, View};
use crate::pos::{ByteSpan, Range, SourceFile};
use crate::value::Value;

/// An absolute traversal as written in a source file: the root name and
/// the steps after it.
#[derive(Clone)]
pub(super) struct SourceTraversal {
    source: SourceFile,
    /// With [`SourceSteps::Path`], the whole path (the root is the text
    /// up to the first `.` or `[`, found when asked for); otherwise the
    /// root.
    at: ByteSpan,
    steps: SourceSteps,
}

#[derive(Clone)]
pub(super) enum SourceSteps {
    /// Steps written without spaces or comments after the root, each
    /// `.name`, `[digits]` or `["text"]` (no escapes): `var.region`,
    /// `aws_instance.web[0].id`, `each.value["k"]`, the commonest
    /// references (none for a bare name). Nothing is allocated or searched
    /// for them until asked for ([`path_step`] reads them).
    Path,
    /// Any steps.
    List(Arc<[SourceStep]>),
}

/// One step of a traversal written in a source file: where it is written
/// (from its `.` or `[`) and what it does.
#[derive(Clone, Debug)]
pub(crate) struct SourceStep {
    span: ByteSpan,
    kind: SourceStepKind,
}

#[derive(Clone, Debug)]
enum SourceStepKind {
    /// `.name`, with where the name is written.
    Attr(ByteSpan),
    /// An index whose key is a string that is exactly these source bytes
    /// (decoded only when asked for).
    TextKey(ByteSpan),
    /// An index with any other key (a number costs no allocation).
    Key(Value),
    /// `[*]`.
    Splat,
}

impl SourceStep {
    /// `.name` written at `span`, the name at `name`.
    pub(crate) fn attr(span: ByteSpan, name: ByteSpan) -> SourceStep {
        SourceStep {
            span,
            kind: SourceStepKind::Attr(name),
        }
    }

    /// An index written at `span` whose key is the string of the source
    /// bytes `text`.
    pub(crate) fn text_key(span: ByteSpan, text: ByteSpan) -> SourceStep {
        SourceStep {
            span,
            kind: SourceStepKind::TextKey(text),
        }
    }

    /// An index written at `span` with the key `key`.
    pub(crate) fn key(span: ByteSpan, key: Value) -> SourceStep {
        SourceStep {
            span,
            kind: SourceStepKind::Key(key),
        }
    }

    /// A splat written at `span`.
    pub(crate) fn splat(span: ByteSpan) -> SourceStep {
        SourceStep {
            span,
            kind: SourceStepKind::Splat,
        }
    }
}

impl SourceTraversal {
    /// The traversal written in `source` at `at` (see the field) with
    /// `steps`.
    pub(super) fn new(source: &SourceFile, at: ByteSpan, steps: SourceSteps) -> SourceTraversal {
        SourceTraversal {
            source: source.clone(),
            at,
            steps,
        }
    }

    /// Whether the steps are read from the path's text
    /// ([`SourceSteps::Path`]) rather than kept in a list.
    #[cfg(test)]
    pub(super) fn is_path(&self) -> bool {
        matches!(self.steps, SourceSteps::Path)
    }

    /// The root variable's name.
    pub(super) fn root_name(&self) -> &str {
        self.root().text(self.source.text())
    }

    /// The number of steps, the root included.
    pub(super) fn len(&self) -> usize {
        match &self.steps {
            SourceSteps::Path => self.path_len(),
            SourceSteps::List(steps) => 1 + steps.len(),
        }
    }

    /// The range from the root to the last step.
    pub(super) fn range(&self) -> Range {
        self.source.range(ByteSpan::new(self.at.start, self.end()))
    }

    /// Each step, with where it is written.
    pub(super) fn views(&self) -> SourceViews<'_> {
        SourceViews {
            t: self,
            next: Next::Root,
        }
    }

    /// Where the root name is written.
    fn root(&self) -> ByteSpan {
        match self.steps {
            SourceSteps::Path => path_root(self.source.text(), self.at),
            SourceSteps::List(_) => self.at,
        }
    }

    /// The number of steps of a [`SourceSteps::Path`], the root included:
    /// the steps found, without making their names or keys.
    fn path_len(&self) -> usize {
        let text = self.source.text();
        let mut at = self.root().end;
        let mut len = 1;
        while let Some((span, _)) = path_step(text, at, self.at.end) {
            at = span.end;
            len += 1;
        }
        len
    }

    /// Where the last step ends.
    fn end(&self) -> u32 {
        match &self.steps {
            SourceSteps::Path => self.at.end,
            SourceSteps::List(steps) => steps.last().map_or(self.at.end, |s| s.span.end),
        }
    }

    /// The steps as [`Traverser`]s. Each range is resolved from the one
    /// before it ([`SourceFile::range_after`]): the steps follow the root,
    /// mostly on its line.
    pub(super) fn traversers(&self) -> Vec<Traverser> {
        let mut out = Vec::new();
        let mut at = crate::pos::Pos::START;
        for view in self.views() {
            let range = match view.at {
                At::Span(source, span) => source.range_after(at, span),
                At::Range(range) => range.clone(),
            };
            at = range.end;
            out.push(view.step.into_traverser(range));
        }
        out
    }
}

/// The steps of a [`SourceTraversal`] as [`View`]s.
pub(super) struct SourceViews<'a> {
    t: &'a SourceTraversal,
    next: Next,
}

/// The next step of a [`SourceTraversal`] to hand out.
#[derive(Clone, Copy)]
enum Next {
    Root,
    /// The path's step starting at this byte, or the listed step at this
    /// index.
    At(u32),
}

impl<'a> Iterator for SourceViews<'a> {
    type Item = View<'a>;

    fn next(&mut self) -> Option<View<'a>> {
        let t = self.t;
        let text = t.source.text();
        let at = |span| At::Span(&t.source, span);
        match self.next {
            Next::Root => {
                let root = t.root();
                self.next = Next::At(match t.steps {
                    SourceSteps::Path => root.end,
                    SourceSteps::List(_) => 0,
                });
                Some(View {
                    step: StepRef::Root(root.text(text)),
                    at: at(root),
                })
            }
            Next::At(i) => match &t.steps {
                SourceSteps::Path => {
                    let (span, step) = path_step(text, i, t.at.end)?;
                    self.next = Next::At(span.end);
                    let step = match step {
                        PathStep::Attr(name) => StepRef::Attr(name.text(text)),
                        key => {
                            StepRef::Index(Cow::Owned(key.key(text).unwrap_or_else(Value::dynamic)))
                        }
                    };
                    Some(View { step, at: at(span) })
                }
                SourceSteps::List(steps) => {
                    let s = steps.get(i as usize)?;
                    self.next = Next::At(i + 1);
                    let step = match &s.kind {
                        SourceStepKind::Attr(name) => StepRef::Attr(name.text(text)),
                        SourceStepKind::TextKey(key) => {
                            StepRef::Index(Cow::Owned(Value::string(key.text(text))))
                        }
                        SourceStepKind::Key(key) => StepRef::Index(Cow::Borrowed(key)),
                        SourceStepKind::Splat => StepRef::Splat,
                    };
                    Some(View {
                        step,
                        at: at(s.span),
                    })
                }
            },
        }
    }
}
