//! [`StaticCall`]: what static analysis finds in a function call.
//!
//! A tool that looks for calls asks every expression of a file whether it
//! is one, and most of what it finds it only names. So a native call is
//! answered by a handle of its node: the name is read from the source
//! text, each argument's handle made when the arguments are walked, and
//! the ranges resolved when asked — finding a call costs no line lookup
//! and, unless its name is namespaced with spaces around a `::`, no
//! allocation.

use std::fmt;
use std::iter::FusedIterator;

use crate::body::Expression;
use crate::native::NativeCall;
use crate::pos::Range;

/// The function name and argument expressions of a static call.
///
/// Made by a syntax's [`ExpressionImpl::static_call`](crate::body::ExpressionImpl::static_call):
/// the native syntax answers with its call node, read when asked; another
/// syntax gives the parts whole ([`StaticCall::new`]).
///
/// ```
/// use hcl_core::native::parse_expression;
/// use hcl_core::static_analysis::expr_call;
/// use hcl_core::SourceFile;
///
/// let file = SourceFile::new("t.hcl", "provider::aws::arn(a, b...)");
/// let (expr, diags) = parse_expression(&file, &Default::default());
/// assert!(!diags.has_errors());
/// let call = expr_call(&expr).unwrap();
/// assert_eq!(call.name(), "provider::aws::arn");
/// assert_eq!(call.args().len(), 2);
/// assert!(call.expand_final());
/// assert_eq!(call.name_range().to_string(), "t.hcl:1,1-19");
/// assert_eq!(call.args_range().to_string(), "t.hcl:1,19-28");
/// ```
#[derive(Clone)]
pub struct StaticCall(Parts);

#[derive(Clone)]
enum Parts {
    /// A call node of the native syntax (a JSON string holding a call is
    /// parsed into one).
    Native(NativeCall),
    /// Parts given whole.
    Given(Box<GivenCall>),
}

#[derive(Clone)]
struct GivenCall {
    name: String,
    name_range: Range,
    args: Vec<Expression>,
    expand_final: bool,
    range: Range,
    args_range: Range,
}

impl StaticCall {
    /// A call from its parts, for a syntax of one's own: `name` (namespaced
    /// names keep their `::`) written at `name_range`, the argument
    /// expressions, whether the final one is expanded with `...`, the range
    /// of the whole call and that of its argument list (parentheses
    /// included).
    pub fn new(
        name: impl Into<String>,
        name_range: Range,
        args: Vec<Expression>,
        expand_final: bool,
        range: Range,
        args_range: Range,
    ) -> StaticCall {
        StaticCall(Parts::Given(Box::new(GivenCall {
            name: name.into(),
            name_range,
            args,
            expand_final,
            range,
            args_range,
        })))
    }

    pub(crate) fn native(call: NativeCall) -> StaticCall {
        StaticCall(Parts::Native(call))
    }

    /// The function name (namespaced names keep their `::`, without the
    /// spaces a source may have around it).
    pub fn name(&self) -> &str {
        match &self.0 {
            Parts::Native(c) => c.name(),
            Parts::Given(c) => &c.name,
        }
    }

    /// Where the name is written (all its segments).
    pub fn name_range(&self) -> Range {
        match &self.0 {
            Parts::Native(c) => c.name_range(),
            Parts::Given(c) => c.name_range.clone(),
        }
    }

    /// The argument expressions, in order: each handle made as the walk
    /// reaches it (`args().len()` makes none).
    pub fn args(&self) -> CallArgs<'_> {
        CallArgs {
            call: self,
            next: 0,
            end: match &self.0 {
                Parts::Native(c) => c.arg_count(),
                Parts::Given(c) => c.args.len(),
            },
        }
    }

    /// Whether the final argument is expanded with `...`.
    pub fn expand_final(&self) -> bool {
        match &self.0 {
            Parts::Native(c) => c.expand_final(),
            Parts::Given(c) => c.expand_final,
        }
    }

    /// The range of the whole call.
    pub fn range(&self) -> Range {
        match &self.0 {
            Parts::Native(c) => c.range(),
            Parts::Given(c) => c.range.clone(),
        }
    }

    /// The range of the argument list, parentheses included.
    pub fn args_range(&self) -> Range {
        match &self.0 {
            Parts::Native(c) => c.args_range(),
            Parts::Given(c) => c.args_range.clone(),
        }
    }

    /// Argument `index`, if there is one.
    fn arg(&self, index: usize) -> Option<Expression> {
        match &self.0 {
            Parts::Native(c) => c.arg(index),
            Parts::Given(c) => c.args.get(index).cloned(),
        }
    }
}

impl fmt::Debug for StaticCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StaticCall")
            .field("name", &self.name())
            .field("name_range", &self.name_range())
            .field("args", &self.args().collect::<Vec<_>>())
            .field("expand_final", &self.expand_final())
            .field("range", &self.range())
            .field("args_range", &self.args_range())
            .finish()
    }
}

/// The argument expressions of a [`StaticCall`] ([`StaticCall::args`]).
#[derive(Clone, Debug)]
pub struct CallArgs<'a> {
    call: &'a StaticCall,
    next: usize,
    end: usize,
}

impl Iterator for CallArgs<'_> {
    type Item = Expression;

    fn next(&mut self) -> Option<Expression> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.call.arg(self.next - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }

    fn nth(&mut self, n: usize) -> Option<Expression> {
        self.next = self.next.saturating_add(n).min(self.end);
        self.next()
    }
}

impl DoubleEndedIterator for CallArgs<'_> {
    fn next_back(&mut self) -> Option<Expression> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.call.arg(self.end)
    }
}

impl ExactSizeIterator for CallArgs<'_> {}

impl FusedIterator for CallArgs<'_> {}

#[cfg(test)]
mod test {
    use crate::native::parse_expression;
    use crate::pos::SourceFile;
    use crate::static_analysis::expr_call;

    use super::*;

    fn call_of(text: &str) -> StaticCall {
        let file = SourceFile::new("t.hcl", text);
        let (expr, diags) = parse_expression(&file, &Default::default());
        assert!(!diags.has_errors(), "{text}: {diags:?}");
        expr_call(&expr).unwrap()
    }

    fn at(r: Range) -> String {
        format!("{}:{}-{}", r.start.line, r.start.column, r.end.column)
    }

    #[test]
    fn a_namespaced_name_is_joined_without_the_spaces_written_around_its_colons() {
        for (text, columns) in [
            ("provider::aws::arn(1)", "1:1-19"),
            ("provider :: aws ::arn(1)", "1:1-22"),
        ] {
            let call = call_of(text);
            assert_eq!(call.name(), "provider::aws::arn", "{text}");
            assert_eq!(at(call.name_range()), columns, "{text}");
        }
    }

    #[test]
    fn arguments_are_walked_from_either_end_and_counted_without_being_made() {
        // (Each argument named by its column.)
        let call = call_of("f(1, 2, 3)");
        let value = |e: Option<Expression>| e.map(|e| e.range().start.column.to_string());
        let mut args = call.args();
        assert_eq!(args.len(), 3);
        assert_eq!(value(args.next_back()).as_deref(), Some("9"));
        assert_eq!(value(args.next()).as_deref(), Some("3"));
        assert_eq!(args.len(), 1);
        assert_eq!(value(args.next()).as_deref(), Some("6"));
        assert!(args.next().is_none() && args.next_back().is_none());
        assert_eq!(value(call.args().nth(2)).as_deref(), Some("9"));
        assert!(call.args().nth(3).is_none());
        assert!(!call.expand_final());
        assert_eq!(at(call.range()), "1:1-11");
        assert_eq!(at(call.args_range()), "1:2-11");
    }

    #[test]
    fn a_call_given_whole_answers_with_its_parts() {
        let native = call_of("f(1, xs...)");
        let given = StaticCall::new(
            native.name(),
            native.name_range(),
            native.args().collect(),
            native.expand_final(),
            native.range(),
            native.args_range(),
        );
        assert_eq!(format!("{given:?}"), format!("{native:?}"));
        assert_eq!(given.args().rev().count(), 2);
        assert!(given.expand_final());
    }
}
