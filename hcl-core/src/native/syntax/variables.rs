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
    pub(super) locals: Vec<&'a str>,
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
                if self.locals.is_empty() || !self.locals.contains(&t.root_name()) {
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
                let base = self.locals.len();
                self.locals.extend(x.key_var());
                self.locals.push(x.value_var());
                for part in [x.key(), Some(x.value()), x.condition()]
                    .into_iter()
                    .flatten()
                {
                    self.expr(part, depth + 1);
                }
                self.locals.truncate(base);
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
                let base = self.locals.len();
                self.locals.extend(d.key_var());
                self.locals.push(d.value_var());
                for p in d.body_parts() {
                    self.part(p, depth + 1);
                }
                self.locals.truncate(base);
            }
        }
    }
}
