//! The walk behind `variables()`: every traversal an expression reads, except those a `for` binds.

use super::*;

/// How deep [`ExprNode::each_variable`] descends; deeper parts of a tree
/// (reachable only through very long index chains, since the parser bounds
/// nesting) are not searched.
pub(super) const MAX_WALK_DEPTH: usize = 1024;

/// The reference's `Variables`: every traversal in source order, except
/// those rooted at a name an enclosing `for` (expression or template
/// directive) binds. Object keys written as bare names are names, not
/// references ([`ExprNode::for_each_child`] leaves them out).
///
/// Generic over what is done with each reference, so that `variables()`'s
/// step (make the traversal, push it) runs inlined in the walk instead of
/// through a call by pointer per reference; and over whether the number
/// of nodes looked at is `BOUNDED` by `nodes_left` (an unbounded walk, the
/// commonest, then neither tests nor counts them at each node).
pub(super) struct VariableWalk<'a, F, const BOUNDED: bool> {
    pub(super) locals: BoundNames<'a>,
    pub(super) nodes_left: usize,
    pub(super) f: F,
}

impl<'a, F: FnMut(TraversalNode<'a>), const BOUNDED: bool> VariableWalk<'a, F, BOUNDED> {
    /// Reads literals and references (most nodes) in place, inlined in
    /// the loop over their parent's children.
    #[inline(always)]
    pub(super) fn expr(&mut self, e: ExprNode<'a>, depth: usize) {
        if depth > MAX_WALK_DEPTH || (BOUNDED && self.nodes_left == 0) {
            return;
        }
        if BOUNDED {
            self.nodes_left -= 1;
        }
        match &e.expr.kind {
            ast::ExprKind::Variable
            | ast::ExprKind::AttrPath
            | ast::ExprKind::ScopeTraversal(_) => {
                let t = TraversalNode { node: e };
                if self.locals.is_empty() || !self.locals.contains(t.root_name()) {
                    (self.f)(t);
                }
            }
            ast::ExprKind::Number(_)
            | ast::ExprKind::Bool(_)
            | ast::ExprKind::Null
            | ast::ExprKind::StringLit
            | ast::ExprKind::AnonSymbol
            | ast::ExprKind::Invalid => {}
            _ => self.composite(e, depth),
        }
    }

    /// The nodes that have children. Read from the stored node: the walk
    /// needs the view of few.
    #[inline(never)]
    fn composite(&mut self, e: ExprNode<'a>, depth: usize) {
        match &e.expr.kind {
            ast::ExprKind::For(x) => {
                let x = ForNode {
                    source: e.source,
                    node: x,
                };
                self.expr(x.collection(), depth + 1);
                let outer = self.locals.bind(x.key_var(), x.value_var());
                for part in [x.key(), Some(x.value()), x.condition()]
                    .into_iter()
                    .flatten()
                {
                    self.expr(part, depth + 1);
                }
                self.locals.unbind(outer);
            }
            ast::ExprKind::Template(t) => {
                for part in &t.parts {
                    self.part(TemplatePart::new(e.source, part), depth + 1);
                }
            }
            _ => e.for_each_child(|c| self.expr(c, depth + 1)),
        }
    }

    fn part(&mut self, part: TemplatePart<'a>, depth: usize) {
        match part {
            TemplatePart::Literal(_) | TemplatePart::Invalid => {}
            TemplatePart::Interpolation(i) => self.expr(i.expr(), depth),
            TemplatePart::If(d) => {
                self.expr(d.condition(), depth);
                for p in d.then_parts().chain(d.else_parts()) {
                    self.part(p, depth + 1);
                }
            }
            TemplatePart::For(d) => {
                self.expr(d.collection(), depth);
                let outer = self.locals.bind(d.key_var(), d.value_var());
                for p in d.body_parts() {
                    self.part(p, depth + 1);
                }
                self.locals.unbind(outer);
            }
        }
    }
}

/// The names the enclosing `for` expressions and directives bind, inner
/// last. The first few are held in place: a `for` whose only names are
/// its own (`[for x in [1, 2] : x * 2]`) then costs its walk no
/// allocation, as an expression without references should
/// (`tests/static_analysis_allocations.rs`); deeper nests spill to a list.
/// (The places are made at the first `for`: most walks meet none, and
/// making them costs each walk more than the rest of its set-up.)
#[derive(Default)]
pub(super) struct BoundNames<'a> {
    inline: Option<[&'a str; BoundNames::INLINE]>,
    len: usize,
    spilled: Vec<&'a str>,
}

impl<'a> BoundNames<'a> {
    /// Four levels of `for k, v`.
    const INLINE: usize = 8;

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn contains(&self, name: &str) -> bool {
        let inline = self
            .inline
            .as_ref()
            .map_or(&[][..], |names| &names[..self.len.min(Self::INLINE)]);
        inline.contains(&name) || self.spilled.contains(&name)
    }

    fn push(&mut self, name: &'a str) {
        let inline = self.inline.get_or_insert([""; Self::INLINE]);
        match inline.get_mut(self.len) {
            Some(slot) => *slot = name,
            None => self.spilled.push(name),
        }
        self.len += 1;
    }

    /// Binds a `for`'s key (if it names one) and value; returns what
    /// [`unbind`](Self::unbind) takes to drop them again.
    fn bind(&mut self, key: Option<&'a str>, value: &'a str) -> usize {
        let outer = self.len;
        if let Some(key) = key {
            self.push(key);
        }
        self.push(value);
        outer
    }

    /// Drops the names bound since `outer` was returned.
    fn unbind(&mut self, outer: usize) {
        self.len = outer;
        self.spilled.truncate(outer.saturating_sub(Self::INLINE));
    }
}
