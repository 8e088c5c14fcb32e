//! The evaluation context: variables and functions, in nested scopes.
//!
//! The information model's two evaluation modes map onto whether a context
//! is given at all: expressions are evaluated with `Option<&EvalContext>`, and
//! `None` is *literal-only mode* (no variables, no functions; the JSON syntax
//! then reads strings literally instead of as templates). Because that mode
//! is the absence of a context, supplying variables or functions in
//! literal-only mode cannot be expressed: the specification's "it is an error
//! to provide a variable scope in literal-only mode" is enforced by the type
//! system. `Some(&EvalContext::new())`, even empty, is *full expression mode*.
//!
//! The context also carries the [`Limits`] of the evaluations made with it
//! (nesting depth, the budget of values built, diagnostics kept), so that
//! they reach every evaluation, native or JSON, through
//! [`Expression::value`](crate::Expression::value); literal-only mode uses
//! [`Limits::DEFAULT`].

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::function::{Function, Functions};
use crate::limits::Limits;
use crate::value::Value;

/// Variables and functions available to expressions, with an optional parent
/// scope that is searched when a name is not found here.
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::eval::EvalContext;
/// use hcl_core::Value;
///
/// let mut root = EvalContext::new();
/// root.set_variable("region", Value::from("eu-west-1"));
/// let mut child = EvalContext::child_of(Arc::new(root));
/// child.set_variable("count", Value::from(3));
/// assert_eq!(child.variable("region"), Some(&Value::from("eu-west-1")));
/// assert_eq!(child.variable("count"), Some(&Value::from(3)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct EvalContext {
    // Shared and copied on write, so that cloning a context is cheap: a
    // decode that needs an owned context (hcl-serde's hand-over to derived
    // types) clones it per call.
    variables: Arc<BTreeMap<String, Value>>,
    functions: Arc<Functions>,
    // Whether this scope has a variable (function) map even when it is
    // empty: the reference's contexts tell a nil map ("Variables not
    // allowed") from an empty one ("Unknown variable").
    variable_map: bool,
    function_map: bool,
    parent: Option<Arc<EvalContext>>,
    limits: Limits,
}

impl EvalContext {
    /// An empty context: full expression mode with no names defined.
    pub fn new() -> EvalContext {
        EvalContext::default()
    }

    /// An empty context whose lookups fall back to `parent`; it starts
    /// with the parent's limits.
    pub fn child_of(parent: Arc<EvalContext>) -> EvalContext {
        EvalContext {
            limits: parent.limits,
            parent: Some(parent),
            ..EvalContext::default()
        }
    }

    /// Sets the limits of evaluations in this context (and in children
    /// made from it afterwards).
    ///
    /// ```
    /// use hcl_core::{EvalContext, Limits};
    ///
    /// let mut ctx = EvalContext::new();
    /// assert_eq!(*ctx.limits(), Limits::DEFAULT);
    /// ctx.set_limits(Limits::default().with_max_elements(1000));
    /// assert_eq!(ctx.limits().max_elements, 1000);
    /// ```
    pub fn set_limits(&mut self, limits: Limits) -> &mut EvalContext {
        self.limits = limits;
        self
    }

    /// The limits of evaluations in this context.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Defines (or redefines) a variable in this scope; it shadows one of the
    /// same name in a parent scope.
    pub fn set_variable(&mut self, name: impl Into<String>, value: Value) -> &mut EvalContext {
        Arc::make_mut(&mut self.variables).insert(name.into(), value);
        self.variable_map = true;
        self
    }

    /// Gives this scope a variable map, even if no variable is ever set:
    /// a reference to an undefined variable is then "Unknown variable"
    /// rather than "Variables not allowed" (what a context whose scopes have
    /// no variable map reports), as a reference `EvalContext` with an empty,
    /// non-nil `Variables` map does. [`set_variable`](Self::set_variable)
    /// implies it.
    ///
    /// ```
    /// use hcl_core::native::eval::evaluate;
    /// use hcl_core::native::{parse_expression, ExprNode};
    /// use hcl_core::{EvalContext, SourceFile};
    ///
    /// let src = SourceFile::new("e.hcl", "x");
    /// let (expr, _) = parse_expression(&src, &Default::default());
    /// let summary = |ctx: &EvalContext| {
    ///     let (_, diags) = evaluate(ExprNode::of(&expr).unwrap(), Some(ctx));
    ///     diags.iter().next().unwrap().summary.clone()
    /// };
    /// assert_eq!(summary(&EvalContext::new()), "Variables not allowed");
    /// assert_eq!(summary(EvalContext::new().allow_variables()), "Unknown variable");
    /// ```
    pub fn allow_variables(&mut self) -> &mut EvalContext {
        self.variable_map = true;
        self
    }

    /// Gives this scope a function map, even if no function is ever set: an
    /// undefined function is then "Call to unknown function" rather than
    /// "Function calls not allowed" (see [`allow_variables`](Self::allow_variables)).
    pub fn allow_functions(&mut self) -> &mut EvalContext {
        self.function_map = true;
        self
    }

    /// Defines (or redefines) a function in this scope.
    pub fn set_function(
        &mut self,
        name: impl Into<String>,
        function: Function,
    ) -> &mut EvalContext {
        Arc::make_mut(&mut self.functions).insert(name, function);
        self.function_map = true;
        self
    }

    /// Adds every function of `table` to this scope.
    pub fn add_functions(&mut self, table: &Functions) -> &mut EvalContext {
        Arc::make_mut(&mut self.functions)
            .extend(table.iter().map(|(n, f)| (n.to_owned(), f.clone())));
        self.function_map = true;
        self
    }

    /// The variable `name`, searching this scope and then its parents.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.scopes().find_map(|s| s.variables.get(name))
    }

    /// The function `name`, searching this scope and then its parents.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.scopes().find_map(|s| s.functions.get(name))
    }

    /// The variables defined in this scope only.
    pub fn own_variables(&self) -> &BTreeMap<String, Value> {
        &self.variables
    }

    /// The functions defined in this scope only.
    pub fn own_functions(&self) -> &Functions {
        &self.functions
    }

    /// The parent scope.
    pub fn parent(&self) -> Option<&Arc<EvalContext>> {
        self.parent.as_ref()
    }

    /// Whether any scope has a function map (a call in a context without
    /// one reports "Function calls not allowed", as the reference does for
    /// nil maps): one that defines a function, or
    /// [`allow_functions`](Self::allow_functions).
    pub fn has_functions(&self) -> bool {
        self.scopes().any(|s| s.function_map)
    }

    /// Whether any scope has a variable map (a variable reference in a
    /// context without one reports "Variables not allowed"): one that
    /// defines a variable, or [`allow_variables`](Self::allow_variables).
    pub fn has_variables(&self) -> bool {
        self.scopes().any(|s| s.variable_map)
    }

    /// Every variable name visible from this scope, for suggestions.
    pub fn variable_names(&self) -> impl Iterator<Item = &str> {
        self.scopes()
            .flat_map(|s| s.variables.keys().map(String::as_str))
    }

    /// Every function name visible from this scope, for suggestions.
    pub fn function_names(&self) -> impl Iterator<Item = &str> {
        self.scopes().flat_map(|s| s.functions.names())
    }

    fn scopes(&self) -> impl Iterator<Item = &EvalContext> {
        std::iter::successors(Some(self), |s| s.parent.as_deref())
    }
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::value::Type;

    #[test]
    fn child_scopes_shadow_parent_variables() {
        let mut root = EvalContext::new();
        root.set_variable("a", Value::from(1));
        root.set_variable("b", Value::from(2));
        let mut child = EvalContext::child_of(Arc::new(root));
        child.set_variable("a", Value::from("shadow"));
        assert_eq!(child.variable("a"), Some(&Value::from("shadow")));
        assert_eq!(child.variable("b"), Some(&Value::from(2)));
        assert_eq!(child.variable("c"), None);
        let names: Vec<&str> = child.variable_names().collect();
        assert_eq!(names, ["a", "a", "b"]);
    }

    #[test]
    fn functions_are_found_through_parents() {
        let f = Function::builder()
            .returns(Type::Bool)
            .implementation(|_, _| Ok(Value::Bool(true)));
        let mut root = EvalContext::new();
        assert!(!root.has_functions());
        root.set_function("yes", f);
        let child = EvalContext::child_of(Arc::new(root));
        assert!(child.has_functions());
        assert_eq!(
            child.function("yes").unwrap().call(&[]).unwrap(),
            Value::Bool(true)
        );
        assert!(child.function("no").is_none());
    }

    /// The reference tells a nil map from an empty one: with no scope that
    /// has a variable (function) map, a name is "not allowed"; with an
    /// empty one, it is unknown.
    #[test]
    fn an_empty_map_is_not_a_missing_map() {
        use crate::native::eval::evaluate;
        use crate::native::{parse_expression, ExprNode};
        use crate::traversal::{Traversal, Traverser};
        use crate::SourceFile;

        let none = EvalContext::new();
        let mut vars = EvalContext::new();
        vars.allow_variables();
        let mut funcs = EvalContext::new();
        funcs.allow_functions();
        let child_of_vars = EvalContext::child_of(Arc::new(vars.clone()));
        let child_of_funcs = EvalContext::child_of(Arc::new(funcs.clone()));
        let cases: [(&EvalContext, &str, &str); 8] = [
            (&none, "x", "Variables not allowed"),
            (&vars, "x", "Unknown variable"),
            (&child_of_vars, "x", "Unknown variable"),
            (&funcs, "x", "Variables not allowed"),
            (&none, "f()", "Function calls not allowed"),
            (&funcs, "f()", "Call to unknown function"),
            (&child_of_funcs, "f()", "Call to unknown function"),
            (&vars, "f()", "Function calls not allowed"),
        ];
        for (ctx, text, want) in cases {
            let src = SourceFile::new("e.hcl", text);
            let (expr, _) = parse_expression(&src, &Default::default());
            let (_, diags) = evaluate(ExprNode::of(&expr).unwrap(), Some(ctx));
            assert_eq!(diags.iter().next().unwrap().summary, want, "{text}");
            if !text.ends_with(')') {
                let t = Traversal::new(vec![Traverser::Root {
                    name: text.into(),
                    range: crate::Range::default(),
                }]);
                let (_, diags) = t.traverse_abs(Some(ctx));
                assert_eq!(diags.iter().next().unwrap().summary, want, "{text}");
            }
        }
    }
}
