//! Parameters that receive something other than their argument's value:
//! the function layer's counterpart of the reference's `ext/customdecode`.
//!
//! A parameter's type says how the evaluator hands its argument over: most
//! take the value; a parameter of
//! [`expression_closure_type`](super::closure::expression_closure_type)
//! takes the argument unevaluated, to evaluate later (`try`, `can`); one of
//! [`expression_type`] takes the argument's syntax as an [`Expression`]
//! (for functions that read it statically); one of [`type_constraint_type`]
//! takes the argument read as a type constraint (`list(string)`,
//! `object({a = optional(number)})`; see [`crate::typeexpr`]), which is
//! how [`crate::typeexpr::convert_function`] takes its target type.
//!
//! ```
//! use hcl_core::function::argument::{expression_type, expression_from_value};
//! use hcl_core::function::{Function, Param};
//! use hcl_core::native::parse_expression;
//! use hcl_core::{EvalContext, SourceFile, Type, Value};
//!
//! // `source_length(expr)`: how many bytes of source its argument spans.
//! let source_length = Function::builder()
//!     .param(Param::new("expr", expression_type()))
//!     .returns(Type::Number)
//!     .implementation(|args, _| {
//!         let expr = expression_from_value(&args[0]).unwrap();
//!         Ok(Value::from(expr.range().bytes().len() as i64))
//!     });
//! let mut ctx = EvalContext::new();
//! ctx.set_function("source_length", source_length);
//! let src = SourceFile::new("e.hcl", "source_length(a.b + 1)");
//! let (expr, _) = parse_expression(&src, &Default::default());
//! assert_eq!(expr.value(Some(&ctx)).0, Value::from(7));
//! ```

use std::sync::OnceLock;

use super::closure::is_expression_closure_type;
use crate::body::Expression;
use crate::value::{Capsule, CapsuleType, Type, Value};

/// How a parameter receives its argument, by the parameter's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArgumentKind {
    /// The argument's value, converted to the parameter's type.
    Value,
    /// The argument unevaluated, as an
    /// [`ExpressionClosure`](super::closure::ExpressionClosure).
    Closure,
    /// The argument's syntax, as an [`Expression`] ([`expression_from_value`]).
    Expression,
    /// The argument read as a type constraint ([`type_from_value`]); a
    /// malformed one is reported at the argument, and the call is not made.
    TypeConstraint,
}

/// How a parameter of type `ty` receives its argument.
pub(crate) fn argument_kind(ty: &Type) -> ArgumentKind {
    if is_expression_closure_type(ty) {
        ArgumentKind::Closure
    } else if *ty == expression_type() {
        ArgumentKind::Expression
    } else if *ty == type_constraint_type() {
        ArgumentKind::TypeConstraint
    } else {
        ArgumentKind::Value
    }
}

fn expression_capsule() -> &'static CapsuleType {
    static TYPE: OnceLock<CapsuleType> = OnceLock::new();
    TYPE.get_or_init(|| CapsuleType::new("expression"))
}

fn type_capsule() -> &'static CapsuleType {
    static TYPE: OnceLock<CapsuleType> = OnceLock::new();
    TYPE.get_or_init(|| CapsuleType::new("type constraint"))
}

/// The type of a parameter that takes its argument's syntax.
pub fn expression_type() -> Type {
    Type::Capsule(expression_capsule().clone())
}

/// The type of a parameter that takes its argument as a type constraint.
pub fn type_constraint_type() -> Type {
    Type::Capsule(type_capsule().clone())
}

/// `expr` as a value of [`expression_type`].
pub(crate) fn expression_value(expr: Expression) -> Value {
    Value::Capsule(Capsule::new(expression_capsule().clone(), expr))
}

/// The expression inside a value of [`expression_type`].
pub fn expression_from_value(value: &Value) -> Option<&Expression> {
    match value {
        Value::Capsule(c) => c.downcast_ref::<Expression>(),
        _ => None,
    }
}

/// `ty` as a value of [`type_constraint_type`].
pub(crate) fn type_value(ty: Type) -> Value {
    Value::Capsule(Capsule::new(type_capsule().clone(), ty))
}

/// The type inside a value of [`type_constraint_type`].
pub fn type_from_value(value: &Value) -> Option<&Type> {
    match value {
        Value::Capsule(c) => c.downcast_ref::<Type>(),
        _ => None,
    }
}
