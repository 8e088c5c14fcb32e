//! `coalesce` (go-cty's: only nulls are skipped; Terraform's also skips
//! empty strings) and `coalescelist`.

use super::support::unify;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("coalesce", coalesce());
    table.insert("coalescelist", coalescelist());
}

/// `coalesce(vals...)`: the first argument that is not null, converted to
/// the arguments' unified type, as go-cty's `CoalesceFunc` (an empty string
/// is not null). An unknown argument met before it makes the result
/// unknown.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let coalesce = stdlib::functions().get("coalesce").unwrap().clone();
/// let args = [Value::null(Type::String), Value::from(""), Value::from("b")];
/// assert_eq!(coalesce.call(&args).unwrap(), Value::from(""));
/// assert_eq!(coalesce.call(&[Value::from(1), Value::from("2")]).unwrap(), Value::from("1"));
/// ```
fn coalesce() -> Function {
    Function::builder()
        .describe("Returns the first of the given arguments that isn't null, or raises an error if there are no non-null arguments.")
        .variadic(
            Param::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .returns_with(|args| {
            let types: Vec<Type> = args.iter().map(Value::ty).collect();
            let error = || FunctionError::call("all arguments must have the same type");
            // go-cty's unification of no types fails, so `coalesce()` does.
            if types.is_empty() {
                return Err(error());
            }
            unify(&types).ok_or_else(error)
        })
        .implementation(|args, cx| {
            let ty = cx.return_type().clone();
            for value in args {
                let value = cx
                    .convert(value, &ty)?
                    .map_err(|e| FunctionError::call(e.to_string()))?;
                match &value {
                    Value::Unknown(_) => return Ok(Value::Unknown(ty.clone())),
                    Value::Null(_) => continue,
                    _ => return Ok(value),
                }
            }
            Err(FunctionError::call("no non-null arguments"))
        })
}

/// `coalescelist(vals...)`: the first list or tuple argument with at least
/// one element. Null arguments are skipped; an unknown one met before a
/// non-empty one makes the result unknown.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let coalescelist = stdlib::functions().get("coalescelist").unwrap().clone();
/// let args = [Value::from(Vec::<Value>::new()), Value::from(vec!["c", "d"])];
/// assert_eq!(coalescelist.call(&args).unwrap(), Value::from(vec!["c", "d"]));
/// ```
fn coalescelist() -> Function {
    Function::builder()
        .describe("Returns the first of the given sequences that has a length greater than zero.")
        .variadic(
            Param::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null()
                .describe("List or tuple values to test in the given order."),
        )
        .returns_with(|args| {
            let Some(first) = args.first() else {
                return Err(FunctionError::call("at least one argument is required"));
            };
            if args.iter().any(|v| !v.is_known()) {
                return Ok(Type::Dynamic);
            }
            for value in args {
                let ty = value.ty();
                if !ty.is_list() && !ty.is_tuple() {
                    return Err(FunctionError::call(
                        "coalescelist arguments must be lists or tuples",
                    ));
                }
            }
            let first = first.ty();
            if args.iter().all(|v| v.ty() == first) {
                Ok(first)
            } else {
                Ok(Type::Dynamic)
            }
        })
        .implementation(|args, cx| {
            for value in args {
                if !value.is_known() {
                    return Ok(Value::Unknown(cx.return_type().clone()));
                }
                if value.length().is_some_and(|n| n > 0) {
                    return Ok(value.clone());
                }
            }
            Err(FunctionError::call("no non-null arguments"))
        })
}
