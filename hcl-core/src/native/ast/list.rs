//! [`InlineList`]: a list that keeps short lists inline ([`ExprList`] for
//! expressions); [`StepList`]: the steps of a relative traversal, one
//! inline.

use super::{Expr, Traverser};

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

    /// Calls `f` with each item, in order, by value.
    pub(crate) fn into_each(self, f: impl FnMut(T)) {
        match self {
            InlineList::One(one) => one.into_iter().for_each(f),
            InlineList::Two(two) => two.into_iter().for_each(f),
            InlineList::Three(three) => three.into_iter().for_each(f),
            InlineList::Many(many) => many.into_iter().for_each(f),
        }
    }

    /// Moves `stack[start..]` into a list.
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

/// The steps of a [`RelativeTraversal`](super::RelativeTraversal), read as
/// a slice. One step (`f(x).id`, `a[*].id`), the commonest, is inline:
/// the node then takes one 64-byte heap chunk instead of 48 and 32.
#[derive(Clone, Debug, PartialEq)]
pub enum StepList {
    /// Exactly one step.
    One([Traverser; 1]),
    /// Any other number of steps, in an exact-size allocation.
    Many(Box<[Traverser]>),
}

impl StepList {
    /// The steps as a slice.
    pub fn as_slice(&self) -> &[Traverser] {
        match self {
            StepList::One(one) => one,
            StepList::Many(many) => many,
        }
    }

    /// The steps, by value.
    pub(crate) fn into_vec(self) -> Vec<Traverser> {
        match self {
            StepList::One(one) => one.into(),
            StepList::Many(many) => many.into_vec(),
        }
    }
}

impl From<Vec<Traverser>> for StepList {
    fn from(mut steps: Vec<Traverser>) -> StepList {
        match steps.pop() {
            Some(one) if steps.is_empty() => StepList::One([one]),
            Some(last) => {
                steps.push(last);
                StepList::Many(steps.into_boxed_slice())
            }
            None => StepList::Many(Box::default()),
        }
    }
}

impl Default for StepList {
    fn default() -> Self {
        StepList::Many(Box::default())
    }
}

impl std::ops::Deref for StepList {
    type Target = [Traverser];

    fn deref(&self) -> &[Traverser] {
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
            assert_eq!(matches!(list, StepList::One(_)), n == 1, "{n} steps");
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
