//! [`Traversals`]: the references an expression makes, as `variables()`
//! returns them.

use std::fmt;
use std::ops::Deref;

use super::Traversal;

/// How many traversals a list holds without allocating. Most expressions
/// refer to one or two variables (of large.tf's 512 attributes with
/// references, 457 make one or two).
const INLINE: usize = 2;

/// The traversals an expression refers to, in source order: what
/// [`Expression::variables`](crate::Expression::variables) returns. Read
/// it as a slice (`len`, indexing, `iter`, through `Deref`), iterate it by
/// value, or take a `Vec` ([`Traversals::into_vec`], `From`).
///
/// Up to two traversals are held in the list itself: asking every
/// expression of a file for its variables (what a dependency graph needs)
/// allocates only for the few expressions that make three references or
/// more.
///
/// ```
/// use hcl_core::native::parse_expression;
/// use hcl_core::SourceFile;
///
/// let src = SourceFile::new("e.hcl", "var.a + local.b[0]");
/// let (expr, _) = parse_expression(&src, &Default::default());
/// let refs = expr.variables();
/// assert_eq!(refs.len(), 2);
/// let roots: Vec<_> = refs.iter().filter_map(|t| t.root_name()).collect();
/// assert_eq!(roots, ["var", "local"]);
/// let owned: Vec<_> = refs.into_iter().map(|t| t.to_string()).collect();
/// assert_eq!(owned, ["var.a", "local.b[0]"]);
/// ```
#[derive(Clone, Default)]
pub struct Traversals {
    repr: Repr,
}

/// One variant per length up to [`INLINE`]: no empty slot to initialise
/// or drop.
#[derive(Clone, Default)]
enum Repr {
    #[default]
    Empty,
    One(Traversal),
    Two([Traversal; INLINE]),
    Heap(Vec<Traversal>),
}

impl Traversals {
    /// An empty list (no allocation).
    pub fn new() -> Traversals {
        Traversals::default()
    }

    /// Appends `t`.
    #[inline]
    pub fn push(&mut self, t: Traversal) {
        self.repr = match std::mem::take(&mut self.repr) {
            Repr::Empty => Repr::One(t),
            Repr::One(first) => Repr::Two([first, t]),
            Repr::Two([first, second]) => {
                let mut all = Vec::with_capacity(INLINE * 2);
                all.extend([first, second, t]);
                Repr::Heap(all)
            }
            Repr::Heap(mut all) => {
                all.push(t);
                Repr::Heap(all)
            }
        };
    }

    /// Keeps only the traversals for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Traversal) -> bool) {
        if let Repr::Heap(all) = &mut self.repr {
            all.retain(keep);
            return;
        }
        let mut kept = Traversals::new();
        for t in std::mem::take(self) {
            if keep(&t) {
                kept.push(t);
            }
        }
        *self = kept;
    }

    /// The traversals, as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Traversal] {
        match &self.repr {
            Repr::Empty => &[],
            Repr::One(t) => std::slice::from_ref(t),
            Repr::Two(both) => both,
            Repr::Heap(all) => all,
        }
    }

    /// The traversals, as a `Vec`.
    pub fn into_vec(self) -> Vec<Traversal> {
        match self.repr {
            Repr::Empty => Vec::new(),
            Repr::One(t) => vec![t],
            Repr::Two(both) => both.into(),
            Repr::Heap(all) => all,
        }
    }
}

impl Deref for Traversals {
    type Target = [Traversal];

    #[inline]
    fn deref(&self) -> &[Traversal] {
        self.as_slice()
    }
}

impl AsRef<[Traversal]> for Traversals {
    fn as_ref(&self) -> &[Traversal] {
        self.as_slice()
    }
}

impl fmt::Debug for Traversals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Traversals {
    fn eq(&self, other: &Traversals) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl PartialEq<[Traversal]> for Traversals {
    fn eq(&self, other: &[Traversal]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<Traversal>> for Traversals {
    fn eq(&self, other: &Vec<Traversal>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl From<Vec<Traversal>> for Traversals {
    fn from(all: Vec<Traversal>) -> Traversals {
        Traversals {
            repr: Repr::Heap(all),
        }
    }
}

impl From<Traversals> for Vec<Traversal> {
    fn from(list: Traversals) -> Vec<Traversal> {
        list.into_vec()
    }
}

impl FromIterator<Traversal> for Traversals {
    fn from_iter<I: IntoIterator<Item = Traversal>>(iter: I) -> Traversals {
        let mut list = Traversals::new();
        list.extend(iter);
        list
    }
}

impl Extend<Traversal> for Traversals {
    fn extend<I: IntoIterator<Item = Traversal>>(&mut self, iter: I) {
        for t in iter {
            self.push(t);
        }
    }
}

impl<'a> IntoIterator for &'a Traversals {
    type Item = &'a Traversal;
    type IntoIter = std::slice::Iter<'a, Traversal>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for Traversals {
    type Item = Traversal;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter {
            repr: match self.repr {
                Repr::Empty => IterRepr::Inline(None.into_iter().chain(None)),
                Repr::One(t) => IterRepr::Inline(Some(t).into_iter().chain(None)),
                Repr::Two([first, second]) => {
                    IterRepr::Inline(Some(first).into_iter().chain(Some(second)))
                }
                Repr::Heap(all) => IterRepr::Heap(all.into_iter()),
            },
        }
    }
}

/// The traversals of a [`Traversals`], by value.
pub struct IntoIter {
    repr: IterRepr,
}

enum IterRepr {
    Inline(std::iter::Chain<std::option::IntoIter<Traversal>, std::option::IntoIter<Traversal>>),
    Heap(std::vec::IntoIter<Traversal>),
}

impl Iterator for IntoIter {
    type Item = Traversal;

    fn next(&mut self) -> Option<Traversal> {
        match &mut self.repr {
            IterRepr::Inline(it) => it.next(),
            IterRepr::Heap(it) => it.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.repr {
            IterRepr::Inline(it) => it.size_hint(),
            IterRepr::Heap(it) => it.size_hint(),
        }
    }
}

impl DoubleEndedIterator for IntoIter {
    fn next_back(&mut self) -> Option<Traversal> {
        match &mut self.repr {
            IterRepr::Inline(it) => it.next_back(),
            IterRepr::Heap(it) => it.next_back(),
        }
    }
}

impl ExactSizeIterator for IntoIter {}

impl fmt::Debug for IntoIter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IntoIter").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::traversal::Traverser;

    fn named(name: &str) -> Traversal {
        Traversal::new(vec![Traverser::Root {
            name: name.to_owned(),
            range: Default::default(),
        }])
    }

    fn names(list: &[Traversal]) -> Vec<String> {
        list.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_list_keeps_its_order_inline_and_past_it() {
        for n in 0..6 {
            let want: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
            let list: Traversals = want.iter().map(|s| named(s)).collect();
            assert_eq!(list.len(), n);
            assert_eq!(names(&list), want);
            assert_eq!(names(&list.clone().into_vec()), want);
            let by_value: Vec<String> = list.clone().into_iter().map(|t| t.to_string()).collect();
            assert_eq!(by_value, want);
            let backwards: Vec<String> = list
                .clone()
                .into_iter()
                .rev()
                .map(|t| t.to_string())
                .collect();
            assert_eq!(backwards, want.iter().rev().cloned().collect::<Vec<_>>());
            assert_eq!(list.clone().into_iter().len(), n);
            assert_eq!(Traversals::from(list.clone().into_vec()), list);
            let mut odd = list.clone();
            odd.retain(|t| t.to_string().ends_with(['1', '3', '5']));
            let want_odd: Vec<String> = want
                .iter()
                .filter(|s| s.ends_with(['1', '3', '5']))
                .cloned()
                .collect();
            assert_eq!(names(&odd), want_odd);
        }
    }
}
