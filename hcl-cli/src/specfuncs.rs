//! The spec definition functions (`hcldec-spec-format.md`, "Spec
//! Definition Functions"): what `literal`, `transform` and custom
//! functions in a spec file may call. They are go-cty's stdlib functions
//! of those names; most come from [`hcl_core::function::stdlib`], where
//! Terraform's meaning differs (`reverse` is the string reversal here) or
//! hcl-core has none (`int`, `hasindex`) they are defined here.

use hcl_core::function::{Function, FunctionError, Functions, Param};
use hcl_core::value::Type;
use hcl_core::Value;

/// The fifteen spec definition functions, by name.
///
/// ```
/// use hcl_cli::specfuncs::spec_functions;
/// use hcl_core::Value;
/// let f = spec_functions();
/// let int = f.get("int").unwrap();
/// assert_eq!(int.call(&[Value::from(-2.7)]).unwrap(), Value::from(-2));
/// let rev = f.get("reverse").unwrap();
/// assert_eq!(rev.call(&[Value::from("abc")]).unwrap(), Value::from("cba"));
/// ```
pub fn spec_functions() -> Functions {
    const FROM_STDLIB: &[(&str, &str)] = &[
        ("abs", "abs"),
        ("coalesce", "coalesce"),
        ("concat", "concat"),
        ("jsondecode", "jsondecode"),
        ("jsonencode", "jsonencode"),
        ("length", "length"),
        ("lower", "lower"),
        ("max", "max"),
        ("min", "min"),
        ("reverse", "strrev"),
        ("strlen", "strlen"),
        ("substr", "substr"),
        ("upper", "upper"),
    ];
    let all = hcl_core::function::stdlib::functions();
    let mut table = Functions::new();
    for (name, source) in FROM_STDLIB {
        if let Some(f) = all.get(source) {
            table.insert(*name, f.clone());
        }
    }
    table.insert("int", int());
    table.insert("hasindex", hasindex());
    table
}

/// `int(num)`: the number with its fractional part discarded (towards
/// zero), as go-cty's `IntFunc`.
fn int() -> Function {
    Function::builder()
        .describe("Discards any fractional portion of the given number.")
        .param(Param::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .implementation(|args, _| match args.first() {
            Some(Value::Number(n)) => Ok(Value::Number(n.trunc())),
            _ => Err(FunctionError::argument(0, "a number is required")),
        })
}

/// `hasindex(collection, key)`: whether `collection[key]` would succeed,
/// as go-cty's `HasIndexFunc` (lists and tuples by whole-number index,
/// maps by string key; a key of another type is simply `false`).
fn hasindex() -> Function {
    Function::builder()
        .describe("Returns true if the given collection can be indexed with the given key without producing an error, or false otherwise.")
        .param(Param::new("collection", Type::Dynamic).allow_dynamic())
        .param(Param::new("key", Type::Dynamic).allow_dynamic())
        .returns_with(|args| {
            let ty = args.first().map(Value::ty).unwrap_or(Type::Dynamic);
            if ty.is_list() || ty.is_tuple() || ty.is_map() || ty.is_dynamic() {
                Ok(Type::Bool)
            } else {
                Err(FunctionError::argument(
                    0,
                    "collection must be a list, a map or a tuple",
                ))
            }
        })
        .implementation(|args, _| {
            let (Some(coll), Some(key)) = (args.first(), args.get(1)) else {
                return Err(FunctionError::call("two arguments are required"));
            };
            if !coll.is_known() || !key.is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            let found = match (coll, key) {
                (Value::List(_) | Value::Tuple(_), Value::Number(n)) => n
                    .to_i64()
                    .and_then(|i| usize::try_from(i).ok())
                    .is_some_and(|i| coll.length().is_some_and(|len| i < len)),
                (Value::Map(m), Value::String(k)) => m.get(k.as_str()).is_some(),
                _ => false,
            };
            Ok(Value::Bool(found))
        })
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn spec_definition_functions_are_all_fifteen() {
        let t = spec_functions();
        let mut names: Vec<&str> = t.names().collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                "abs",
                "coalesce",
                "concat",
                "hasindex",
                "int",
                "jsondecode",
                "jsonencode",
                "length",
                "lower",
                "max",
                "min",
                "reverse",
                "strlen",
                "substr",
                "upper"
            ]
        );
    }

    #[test]
    fn hasindex_follows_cty_has_index() {
        let f = hasindex();
        let list = Value::list(Type::String, [Value::from("a")]).unwrap();
        let map = Value::map(Type::Number, [("k", Value::from(1))]).unwrap();
        let cases = [
            (list.clone(), Value::from(0), true),
            (list.clone(), Value::from(1), false),
            (list.clone(), Value::from(0.5), false),
            (list, Value::from("0"), false),
            (map.clone(), Value::from("k"), true),
            (map, Value::from("x"), false),
        ];
        for (coll, key, want) in cases {
            assert_eq!(f.call(&[coll, key]).unwrap(), Value::Bool(want));
        }
        assert!(f.call(&[Value::from("s"), Value::from(0)]).is_err());
    }

    #[test]
    fn int_truncates_towards_zero() {
        let f = int();
        assert_eq!(f.call(&[Value::from(2.7)]).unwrap(), Value::from(2));
        assert_eq!(f.call(&[Value::from(-2.7)]).unwrap(), Value::from(-2));
        assert_eq!(f.call(&[Value::from(5)]).unwrap(), Value::from(5));
    }
}
