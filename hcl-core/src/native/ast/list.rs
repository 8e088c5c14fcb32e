//! [`InlineList`]: a list that keeps short lists inline ([`ExprList`] for
//! expressions); [`OneOrBoxed`]: a list that keeps a single item inline
//! (traversal steps, directive parts).

use super::{Expr, TemplatePart, Traverser};

/// A list (a [`Call`](super::Call)'s arguments, a
/// [`Tuple`](super::Tuple)'s items, an [`Object`](super::Object)'s items),
/// read as a slice (`Deref<Target = [T]>`). One, two or three items, the
/// commonest cases, are stored inline, which saves an allocation per list.
#[derive(Clone, Debug, PartialEq)]
pub enum InlineList<T> {
    /// Exactly one item.
    One([T; 1]),
    /// Exactly two items.
    Two([T; 2]),
    /// Exactly three items.
    Three([T; 3]),
    /// Any other number of items.
    Many(Vec<T>),
}

/// A list of expressions.
pub type ExprList = InlineList<Expr>;

impl<T> InlineList<T> {
    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        match self {
            InlineList::One(one) => one,
            InlineList::Two(two) => two,
            InlineList::Three(three) => three,
            InlineList::Many(many) => many,
        }
    }

    /// The items as a mutable slice.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            InlineList::One(one) => one,
            InlineList::Two(two) => two,
            InlineList::Three(three) => three,
            InlineList::Many(many) => many,
        }
    }

    /// Moves `stack[start..]` into a list.
    // Out of line: inlined (as unrelated edits made the compiler do), it
    // took its callers out of line with it, and a parse of the analysis
    // benchmark's large.tf cost ≈ 5 K instructions more.
    #[inline(never)]
    pub(crate) fn take_tail(stack: &mut Vec<T>, start: usize) -> InlineList<T> {
        match stack.len().saturating_sub(start) {
            1 => {
                if let Some(a) = stack.pop() {
                    return InlineList::One([a]);
                }
            }
            2 => {
                if let (Some(b), Some(a)) = (stack.pop(), stack.pop()) {
                    return InlineList::Two([a, b]);
                }
            }
            3 => {
                if let (Some(c), Some(b), Some(a)) = (stack.pop(), stack.pop(), stack.pop()) {
                    return InlineList::Three([a, b, c]);
                }
            }
            _ => {}
        }
        InlineList::Many(stack.drain(start.min(stack.len())..).collect())
    }
}

impl<T> Default for InlineList<T> {
    fn default() -> Self {
        InlineList::Many(Vec::new())
    }
}

impl<T> From<Vec<T>> for InlineList<T> {
    fn from(mut items: Vec<T>) -> InlineList<T> {
        if items.is_empty() || items.len() > 3 {
            return InlineList::Many(items);
        }
        InlineList::take_tail(&mut items, 0)
    }
}

impl<'a, T> IntoIterator for &'a InlineList<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T> std::ops::Deref for InlineList<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

/// A list read as a slice, whose one item, when it has exactly one, is
/// stored inline (no allocation): the steps of a relative traversal
/// ([`StepList`]: `f(x).id`, `a[*].id`), the parts of a template
/// directive's branch ([`PartList`]: `%{ if c }text%{ endif }`). A node
/// holding one then takes one heap chunk where it took two (a relative
/// traversal of one step: 64 bytes instead of 48 and 32).
#[derive(Clone, Debug, PartialEq)]
pub enum OneOrBoxed<T> {
    /// Exactly one item.
    One([T; 1]),
    /// Any other number of items, in an exact-size allocation.
    Many(Box<[T]>),
}

/// The steps of a [`RelativeTraversal`](super::RelativeTraversal).
pub type StepList = OneOrBoxed<Traverser>;

/// The parts of a template directive's branch
/// ([`TemplateIf`](super::TemplateIf), [`TemplateFor`](super::TemplateFor)).
pub type PartList = OneOrBoxed<TemplatePart>;

impl<T> OneOrBoxed<T> {
    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        match self {
            OneOrBoxed::One(one) => one,
            OneOrBoxed::Many(many) => many,
        }
    }

    /// The items, by value.
    pub(crate) fn into_vec(self) -> Vec<T> {
        match self {
            OneOrBoxed::One(one) => one.into(),
            OneOrBoxed::Many(many) => many.into_vec(),
        }
    }
}

impl<T> From<Vec<T>> for OneOrBoxed<T> {
    fn from(mut items: Vec<T>) -> OneOrBoxed<T> {
        match items.pop() {
            Some(one) if items.is_empty() => OneOrBoxed::One([one]),
            Some(last) => {
                items.push(last);
                OneOrBoxed::Many(items.into_boxed_slice())
            }
            None => OneOrBoxed::Many(Box::default()),
        }
    }
}

impl<T> Default for OneOrBoxed<T> {
    fn default() -> Self {
        OneOrBoxed::Many(Box::default())
    }
}

impl<T> std::ops::Deref for OneOrBoxed<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::native::ast::{ByteSpan, ExprKind};

    fn exprs(n: u32) -> Vec<Expr> {
        (0..n)
            .map(|i| Expr {
                span: ByteSpan::new(i, i + 1),
                kind: ExprKind::Null,
            })
            .collect()
    }

    #[test]
    fn expr_list_keeps_order_and_stores_short_lists_inline() {
        for n in 0..6 {
            let list = ExprList::from(exprs(n));
            assert_eq!(list.as_slice(), exprs(n).as_slice(), "{n} expressions");
            let inline = !matches!(list, ExprList::Many(_));
            assert_eq!(inline, (1..=3).contains(&n), "{n} expressions");
        }
        assert_eq!(ExprList::from(exprs(3)).iter().count(), 3);
    }

    #[test]
    fn step_list_keeps_order_and_stores_one_step_inline() {
        use crate::native::ast::TraverserKind;
        let steps = |n: u32| -> Vec<Traverser> {
            (0..n)
                .map(|i| Traverser {
                    span: ByteSpan::new(i, i + 1),
                    kind: TraverserKind::Splat,
                })
                .collect()
        };
        for n in 0..4 {
            let list = StepList::from(steps(n));
            assert_eq!(list.as_slice(), steps(n).as_slice(), "{n} steps");
            assert_eq!(matches!(list, OneOrBoxed::One(_)), n == 1, "{n} steps");
            assert_eq!(list.into_vec(), steps(n), "{n} steps");
        }
    }

    #[test]
    fn inline_list_takes_the_tail_of_a_stack_in_order() {
        for n in 0..6 {
            let mut stack = exprs(2);
            stack.extend(exprs(n));
            let list = ExprList::take_tail(&mut stack, 2);
            assert_eq!(list.as_slice(), exprs(n).as_slice(), "{n} expressions");
            assert_eq!(stack, exprs(2), "{n} expressions");
        }
    }
}
