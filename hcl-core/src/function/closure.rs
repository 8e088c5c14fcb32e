//! Lazily evaluated arguments: expression closures.
//!
//! A parameter whose type is [`expression_closure_type`] does not receive
//! the value of its argument: the evaluator passes a capsule holding an
//! [`ExpressionClosure`], which the function evaluates when (and if) it
//! wants to, and whose diagnostics it may inspect. This is the mechanism of
//! the reference's `customdecode.ExpressionClosureType`, and how `try` and
//! `can` ([`crate::function::stdlib::try_function`],
//! [`crate::function::stdlib::can_function`]) see the errors of their
//! arguments instead of failing with them.
//!
//! A closure evaluates within the budget of the call that received it
//! ([`CallContext::budget`](crate::function::CallContext::budget)): what it
//! builds counts towards the evaluation it is part of, and an exceeded
//! budget is not an error that a function may swallow (see
//! [`ExpressionClosure::value`]).
//!
//! ```
//! use hcl_core::function::closure::{expression_closure_type, ExpressionClosure};
//! use hcl_core::function::{Function, Param};
//! use hcl_core::native::parse_expression;
//! use hcl_core::Limits;
//! use hcl_core::{EvalContext, SourceFile, Type, Value};
//!
//! // `has_errors(expr)`: whether evaluating its argument fails.
//! let has_errors = Function::builder()
//!     .param(Param::new("expr", expression_closure_type()))
//!     .returns(Type::Bool)
//!     .implementation(|args, cx| {
//!         let closure = ExpressionClosure::from_value(&args[0]).unwrap();
//!         Ok(Value::Bool(closure.value(cx.budget())?.1.has_errors()))
//!     });
//! let mut ctx = EvalContext::new();
//! ctx.set_function("has_errors", has_errors);
//! let src = SourceFile::new("e.hcl", "has_errors(1 + \"a\")");
//! let (expr, _) = parse_expression(&src, &Limits::default());
//! assert_eq!(expr.value(Some(&ctx)).0, Value::Bool(true));
//! ```

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::diag::Diagnostics;
use crate::limits::{Budget, LimitExceeded};
use crate::value::{Capsule, CapsuleType, Type, Value};

type Thunk = dyn Fn(&mut Budget) -> (Value, Diagnostics) + Send + Sync;

/// An unevaluated argument: evaluating it gives the argument's value and
/// diagnostics, in the scope of the call.
#[derive(Clone)]
pub struct ExpressionClosure(Arc<Thunk>);

impl fmt::Debug for ExpressionClosure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ExpressionClosure")
    }
}

impl ExpressionClosure {
    /// A closure that evaluates by calling `f` with the budget of the
    /// evaluation it is part of.
    pub fn new(
        f: impl Fn(&mut Budget) -> (Value, Diagnostics) + Send + Sync + 'static,
    ) -> ExpressionClosure {
        ExpressionClosure(Arc::new(f))
    }

    /// A closure that yields `value` without diagnostics (for arguments
    /// that were already values, such as those expanded with `...`).
    pub fn constant(value: Value) -> ExpressionClosure {
        ExpressionClosure::new(move |_| (value.clone(), Diagnostics::new()))
    }

    /// Evaluates the argument within `budget`: its value and diagnostics,
    /// or the exceeded limit when the budget is (or becomes) exhausted —
    /// which the caller must pass on (with `?`) rather than treat as an
    /// error of the argument, so that no function can hide it.
    pub fn value(&self, budget: &mut Budget) -> Result<(Value, Diagnostics), LimitExceeded> {
        if let Some(e) = budget.exceeded() {
            return Err(e);
        }
        // The argument's diagnostics are the caller's to keep or drop; if
        // it reports the exceeded budget, the caller reports it again.
        let reported = budget.reported();
        let out = (self.0)(budget);
        budget.set_reported(reported);
        match budget.exceeded() {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    /// The closure as a value of [`expression_closure_type`].
    pub fn into_value(self) -> Value {
        Value::Capsule(Capsule::new(closure_capsule_type().clone(), self))
    }

    /// The closure inside a value of [`expression_closure_type`].
    pub fn from_value(value: &Value) -> Option<&ExpressionClosure> {
        match value {
            Value::Capsule(c) => c.downcast_ref::<ExpressionClosure>(),
            _ => None,
        }
    }
}

fn closure_capsule_type() -> &'static CapsuleType {
    static TYPE: OnceLock<CapsuleType> = OnceLock::new();
    TYPE.get_or_init(|| CapsuleType::new("expression closure"))
}

/// The type of a parameter that takes its argument unevaluated, as an
/// [`ExpressionClosure`].
pub fn expression_closure_type() -> Type {
    Type::Capsule(closure_capsule_type().clone())
}

/// Whether `ty` is [`expression_closure_type`].
pub fn is_expression_closure_type(ty: &Type) -> bool {
    matches!(ty, Type::Capsule(c) if c == closure_capsule_type())
}
