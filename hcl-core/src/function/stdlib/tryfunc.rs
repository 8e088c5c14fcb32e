//! `try` and `can`, as the reference's `ext/tryfunc`: they take their
//! arguments unevaluated (as [`ExpressionClosure`]s, see
//! [`crate::function::closure`]) so that they can see, and suppress, the
//! errors of evaluating them. An exceeded evaluation budget is not such an
//! error: it ends the call with "Evaluation limit exceeded".

use std::fmt::Write;

use crate::function::closure::{expression_closure_type, ExpressionClosure};
use crate::function::{CallContext, Function, FunctionError, Param};
use crate::value::{Type, Value};

/// `try(exprs...)`: the value of the first argument that evaluates without
/// errors; the dynamic value if that value is not wholly known; an error
/// listing every argument's diagnostics if none succeeds.
///
/// ```
/// use hcl_core::function::stdlib::try_function;
/// use hcl_core::native::parse_expression;
/// use hcl_core::Limits;
/// use hcl_core::{EvalContext, SourceFile, Value};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("try", try_function());
/// ctx.set_variable("cfg", Value::object([("port", Value::from(80))]));
/// let src = SourceFile::new("e.hcl", "try(cfg.host, \"localhost\")");
/// let (expr, _) = parse_expression(&src, &Limits::default());
/// assert_eq!(expr.value(Some(&ctx)).0, Value::from("localhost"));
/// ```
pub fn try_function() -> Function {
    Function::builder()
        .describe("Returns the value of the first argument that evaluates without errors.")
        .variadic(Param::new("expressions", expression_closure_type()))
        .implementation(try_impl)
}

fn try_impl(args: &[Value], cx: &mut CallContext<'_>) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::call("at least one argument is required"));
    }
    let mut report = String::from("no expression succeeded:\n");
    for arg in args {
        let Some(closure) = ExpressionClosure::from_value(arg) else {
            continue;
        };
        let (value, diags) = closure.value(cx.budget())?;
        if !diags.has_errors() {
            if !value.is_wholly_known() {
                return Ok(Value::dynamic());
            }
            return Ok(value);
        }
        for d in &diags {
            let _ = match &d.subject {
                Some(at) => writeln!(report, "- {} (at {at})\n  {}", d.summary, d.detail),
                None => writeln!(report, "- {}\n  {}", d.summary, d.detail),
            };
        }
    }
    report.push_str("\nAt least one expression must produce a successful result");
    Err(FunctionError::call(report))
}

/// `can(expr)`: whether the argument evaluates without errors (unknown if
/// its value is not wholly known).
///
/// ```
/// use hcl_core::function::stdlib::can_function;
/// use hcl_core::native::parse_expression;
/// use hcl_core::Limits;
/// use hcl_core::{EvalContext, SourceFile, Value};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("can", can_function());
/// ctx.set_variable("list", Value::tuple([Value::from(1)]));
/// let src = SourceFile::new("e.hcl", "[can(list[0]), can(list[1])]");
/// let (expr, _) = parse_expression(&src, &Limits::default());
/// let v = expr.value(Some(&ctx)).0;
/// assert_eq!(v, Value::tuple([Value::Bool(true), Value::Bool(false)]));
/// ```
pub fn can_function() -> Function {
    Function::builder()
        .describe("Returns whether the argument evaluates without errors.")
        .param(Param::new("expression", expression_closure_type()))
        .returns(Type::Bool)
        .implementation(|args, cx| {
            let Some(closure) = args.first().and_then(ExpressionClosure::from_value) else {
                return Ok(Value::unknown(Type::Bool));
            };
            let (value, diags) = closure.value(cx.budget())?;
            if diags.has_errors() {
                return Ok(Value::Bool(false));
            }
            if !value.is_wholly_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::Bool(true))
        })
}
