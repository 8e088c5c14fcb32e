//! Standard functions: explicit type conversions (`tostring`, `tonumber`,
//! `tobool`, `tolist`, `toset`, `tomap`), as Terraform's `MakeToFunc`
//! builds them over go-cty's conversion rules.

use super::collection::support::{arg, conversion_exists};
use crate::diag::excerpt;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("tostring", to_function(Type::String));
    table.insert("tonumber", to_function(Type::Number));
    table.insert("tobool", to_function(Type::Bool));
    table.insert("tolist", to_function(Type::list(Type::Dynamic)));
    table.insert("toset", to_function(Type::set(Type::Dynamic)));
    table.insert("tomap", to_function(Type::map(Type::Dynamic)));
}

/// The message for a value that has no conversion to `want`.
fn cannot_convert(value: &Value, want: &Type) -> String {
    let got = value.ty();
    match (value, want) {
        (Value::String(s), Type::Bool) => format!(
            "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
            excerpt(s.as_str())
        ),
        (Value::String(s), Type::Number) => format!(
            "cannot convert {} to number; given string must be a decimal representation of a number",
            excerpt(s.as_str())
        ),
        _ => format!(
            "cannot convert {} to {}",
            got.friendly_name(),
            want.friendly_name_for_constraint()
        ),
    }
}

/// Builds a "to…" function converting its argument to `want` (a type that
/// may contain the dynamic pseudo-type: `list(any)` converts a tuple to a
/// list of its elements' unified type).
///
/// Nulls convert to the null of the result type; an unknown argument gives
/// an unknown of the result type. Whether a conversion exists is checked
/// from the types first, so `tonumber(true)` fails during type checking
/// while `tonumber("x")` fails when called.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let table = stdlib::functions();
/// let tonumber = table.get("tonumber").unwrap();
/// assert_eq!(tonumber.call(&[Value::from("1.5")]).unwrap(), Value::from(1.5));
/// assert_eq!(
///     tonumber.call(&[Value::from("x")]).unwrap_err().to_string(),
///     "invalid value for \"v\" parameter: cannot convert \"x\" to number; \
///      given string must be a decimal representation of a number"
/// );
/// let tostring = table.get("tostring").unwrap();
/// assert_eq!(tostring.call(&[Value::from(5)]).unwrap(), Value::from("5"));
/// let tolist = table.get("tolist").unwrap();
/// assert_eq!(
///     tolist.call(&[Value::from(vec!["a", "b"])]).unwrap(),
///     Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap()
/// );
/// ```
pub fn to_function(want: Type) -> Function {
    let check_want = want.clone();
    let impl_want = want.clone();
    Function::builder()
        .describe(format!(
            "Converts the given value to {}, or raises an error if that conversion is impossible.",
            want.friendly_name_for_constraint()
        ))
        // As go-cty's: an argument of the dynamic pseudo-type (the `null`
        // literal, an unknown of unknown type) gives a dynamic result
        // (`tostring(null)` is a null of no type), an unknown one an unknown
        // of the wanted type.
        .param(Param::new("v", Type::Dynamic).allow_null())
        .returns_with(move |args| {
            let want = &check_want;
            let got = arg(args, 0).ty();
            if got == *want || conversion_exists(&got, want) {
                return Ok(want.clone());
            }
            Err(FunctionError::argument(
                0,
                format!(
                    "cannot convert {} to {}",
                    got.friendly_name(),
                    want.friendly_name_for_constraint()
                ),
            ))
        })
        .implementation(move |args, cx| {
            let value = arg(args, 0);
            let ty = cx.return_type().clone();
            if !value.is_known() {
                return Ok(Value::Unknown(ty));
            }
            cx.convert(value, &ty)?
                .map_err(|_| FunctionError::argument(0, cannot_convert(value, &impl_want)))
        })
}

#[cfg(test)]
mod test;
