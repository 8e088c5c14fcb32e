//! [`ExprList`]: a list of expressions that keeps short lists inline.

use super::Expr;

/// A list of expressions (a [`Call`](super::Call)'s arguments, a
/// [`Tuple`](super::Tuple)'s items), read as a slice
/// (`Deref<Target = [Expr]>`). One or two expressions, the commonest cases,
/// are stored inline, which saves an allocation per list.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::native::{parse_expression, ExprKind, ParseOptions};
/// let src = SourceFile::new("<e>", "max(1, 2, 3)");
/// let (e, _) = parse_expression(&src, &ParseOptions::default());
/// let ExprKind::Call(c) = &e.kind else { panic!() };
/// assert_eq!(c.args.len(), 3);
/// assert_eq!(c.args[2].span.text(src.text()), "3");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum ExprList {
    /// Exactly one expression.
    One([Expr; 1]),
    /// Exactly two expressions.
    Two([Expr; 2]),
    /// Any other number of expressions.
    Many(Vec<Expr>),
}

impl ExprList {
    /// The expressions as a slice.
    pub fn as_slice(&self) -> &[Expr] {
        match self {
            ExprList::One(one) => one,
            ExprList::Two(two) => two,
            ExprList::Many(many) => many,
        }
    }
}

impl From<Vec<Expr>> for ExprList {
    fn from(mut args: Vec<Expr>) -> ExprList {
        if args.len() > 2 {
            return ExprList::Many(args);
        }
        let second = args.pop();
        match (args.pop(), second) {
            (Some(first), Some(second)) => ExprList::Two([first, second]),
            (None, Some(one)) => ExprList::One([one]),
            _ => ExprList::Many(Vec::new()),
        }
    }
}

impl<'a> IntoIterator for &'a ExprList {
    type Item = &'a Expr;
    type IntoIter = std::slice::Iter<'a, Expr>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl std::ops::Deref for ExprList {
    type Target = [Expr];

    fn deref(&self) -> &[Expr] {
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
        for n in 0..5 {
            let list = ExprList::from(exprs(n));
            assert_eq!(list.as_slice(), exprs(n).as_slice(), "{n} expressions");
            let inline = matches!(list, ExprList::One(_) | ExprList::Two(_));
            assert_eq!(inline, n == 1 || n == 2, "{n} expressions");
        }
        assert_eq!(ExprList::from(exprs(3)).iter().count(), 3);
    }
}
