//! Helpers shared by the collection, set and conversion families: type
//! conversion and unification (one seam onto `value::convert`), and argument
//! access that never panics.
//!
//! Until `value::convert` lands, [`convert`] and [`unify`] implement the
//! subset of the information model's rules these functions rely on
//! (primitive conversions, sequence and mapping kinds, element unification).

use crate::function::FunctionError;
use crate::value::{Type, Value};

/// The argument at `index`; the call procedure guarantees it exists, but a
/// missing one reads as the dynamic value rather than a panic.
pub(crate) fn arg(args: &[Value], index: usize) -> &Value {
    const DYNAMIC: &Value = &Value::Unknown(Type::Dynamic);
    args.get(index).unwrap_or(DYNAMIC)
}

/// Converts `value` to `ty` (which may contain the dynamic pseudo-type),
/// with the conversion's message on failure.
pub(crate) fn convert(value: &Value, ty: &Type) -> Result<Value, String> {
    interim::convert(value, ty)
}

/// The most general type every one of `types` converts to, if any.
pub(crate) fn unify(types: &[Type]) -> Option<Type> {
    interim::unify(types)
}

/// Whether some value of type `from` may convert to `to`.
pub(crate) fn conversion_exists(from: &Type, to: &Type) -> bool {
    convert(&Value::Unknown(from.clone()), to).is_ok()
}

/// `items` all converted to one concrete type: `hint` when it has no
/// dynamic part, else the unification of the items' types.
fn settle(hint: &Type, items: Vec<Value>) -> Result<(Type, Vec<Value>), FunctionError> {
    if !hint.has_dynamic() {
        return Ok((hint.clone(), items));
    }
    let Some(first) = items.first().map(Value::ty) else {
        return Ok((hint.clone(), items));
    };
    if items.iter().all(|v| v.ty() == first) {
        return Ok((first, items));
    }
    let types: Vec<Type> = items.iter().map(Value::ty).collect();
    let elem =
        unify(&types).ok_or_else(|| FunctionError::call("elements must all have the same type"))?;
    let items = items
        .iter()
        .map(|v| convert(v, &elem))
        .collect::<Result<Vec<_>, _>>()
        .map_err(FunctionError::call)?;
    Ok((items.first().map_or(elem, Value::ty), items))
}

/// A list of `items` whose element type is `hint`, or (where `hint` has
/// dynamic parts) the items' own common type.
pub(crate) fn list_with(hint: &Type, items: Vec<Value>) -> Result<Value, FunctionError> {
    let (elem, items) = settle(hint, items)?;
    list_of(elem, items)
}

/// A set of `items`, typed as [`list_with`] types lists.
pub(crate) fn set_with(hint: &Type, items: Vec<Value>) -> Result<Value, FunctionError> {
    let (elem, items) = settle(hint, items)?;
    set_of(elem, items)
}

/// A map of `entries`, typed as [`list_with`] types lists.
pub(crate) fn map_with(hint: &Type, entries: Vec<(String, Value)>) -> Result<Value, FunctionError> {
    let (keys, values): (Vec<String>, Vec<Value>) = entries.into_iter().unzip();
    let (elem, values) = settle(hint, values)?;
    map_of(elem, keys.into_iter().zip(values))
}

/// A list of `elem` from values already of that type.
pub(crate) fn list_of(elem: Type, items: Vec<Value>) -> Result<Value, FunctionError> {
    Value::list(elem, items).map_err(|e| FunctionError::call(e.to_string()))
}

/// A set of `elem` from values already of that type.
pub(crate) fn set_of(elem: Type, items: Vec<Value>) -> Result<Value, FunctionError> {
    Value::set(elem, items).map_err(|e| FunctionError::call(e.to_string()))
}

/// A map of `elem` from values already of that type.
pub(crate) fn map_of<K: AsRef<str>>(
    elem: Type,
    entries: impl IntoIterator<Item = (K, Value)>,
) -> Result<Value, FunctionError> {
    Value::map(elem, entries).map_err(|e| FunctionError::call(e.to_string()))
}

/// How deep `flatten` and similar walks may recurse into nested values.
pub(crate) const MAX_DEPTH: usize = 128;

mod interim {
    use super::*;

    fn mismatch(value: &Value, ty: &Type) -> String {
        format!(
            "cannot convert {} to {}",
            value.ty().friendly_name(),
            ty.friendly_name_for_constraint()
        )
    }

    pub(super) fn convert(value: &Value, ty: &Type) -> Result<Value, String> {
        let from = value.ty();
        if from.matches(ty) {
            return Ok(value.clone());
        }
        if from.is_dynamic() {
            return Ok(match value {
                Value::Null(_) => Value::Null(ty.clone()),
                _ => Value::Unknown(ty.clone()),
            });
        }
        match value {
            Value::Null(_) | Value::Unknown(_) if from.is_primitive() && ty.is_primitive() => {
                // Strings convert to and from the other primitives (some
                // values may still fail); numbers and bools never meet.
                if from != Type::String && *ty != Type::String {
                    return Err(mismatch(value, ty));
                }
                Ok(if value.is_null() {
                    Value::Null(ty.clone())
                } else {
                    Value::Unknown(ty.clone())
                })
            }
            Value::Null(_) | Value::Unknown(_) => {
                // Convert a stand-in of the same shape to learn whether the
                // types are compatible.
                let probe = probe(&from).ok_or_else(|| mismatch(value, ty))?;
                let target = convert(&probe, ty)?.ty();
                Ok(if value.is_null() {
                    Value::Null(target)
                } else {
                    Value::Unknown(target)
                })
            }
            Value::Number(n) if *ty == Type::String => Ok(Value::string(n.to_string())),
            Value::Bool(b) if *ty == Type::String => Ok(Value::string(b.to_string())),
            Value::String(s) if *ty == Type::Number => crate::value::Number::parse_decimal(s)
                .map(Value::Number)
                .map_err(|_| "a number is required".to_owned()),
            Value::String(s) if *ty == Type::Bool => match s.as_str() {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => Err("a bool is required".to_owned()),
            },
            Value::List(_) | Value::Set(_) | Value::Tuple(_) => {
                let items = value.as_elements().unwrap_or_default();
                let (elem, items) = convert_elements(items, ty.element_type(), value, ty)?;
                match ty {
                    Type::List(_) => Value::list(elem, items),
                    Type::Set(_) => Value::set(elem, items),
                    _ => return Err(mismatch(value, ty)),
                }
                .map_err(|e| e.to_string())
            }
            Value::Map(_) | Value::Object(_) if ty.is_map() => {
                let entries = value.as_entries().cloned().unwrap_or_default();
                let values: Vec<Value> = entries.values().cloned().collect();
                let (elem, items) = convert_elements(&values, ty.element_type(), value, ty)?;
                Value::map(elem, entries.keys().map(|k| k.to_string()).zip(items))
                    .map_err(|e| e.to_string())
            }
            _ => Err(mismatch(value, ty)),
        }
    }

    fn convert_elements(
        items: &[Value],
        elem: Option<&Type>,
        value: &Value,
        ty: &Type,
    ) -> Result<(Type, Vec<Value>), String> {
        let elem = elem.ok_or_else(|| mismatch(value, ty))?;
        let target = if elem.has_dynamic() {
            let types: Vec<Type> = items.iter().map(Value::ty).collect();
            match (unify(&types), value.ty().element_type()) {
                (Some(t), _) => t,
                (None, Some(t)) if items.is_empty() => t.clone(),
                (None, _) if items.is_empty() => Type::Dynamic,
                (None, _) => return Err(mismatch(value, ty)),
            }
        } else {
            elem.clone()
        };
        let converted = items
            .iter()
            .map(|v| convert(v, &target))
            .collect::<Result<Vec<_>, _>>()?;
        let elem = converted.first().map_or(target, Value::ty);
        Ok((elem, converted))
    }

    fn probe(ty: &Type) -> Option<Value> {
        Some(match ty {
            Type::String => Value::string("0"),
            Type::Number => Value::from(0),
            Type::Bool => Value::Bool(false),
            Type::List(e) => Value::list(e.as_ref().clone(), []).ok()?,
            Type::Set(e) => Value::set(e.as_ref().clone(), []).ok()?,
            Type::Map(e) => Value::map(e.as_ref().clone(), std::iter::empty::<(&str, _)>()).ok()?,
            Type::Tuple(ts) => Value::tuple(ts.iter().map(|t| Value::Unknown(t.clone()))),
            Type::Object(o) => Value::object(
                o.attributes()
                    .iter()
                    .map(|(k, t)| (k.as_str(), Value::Unknown(t.clone()))),
            ),
            _ => return None,
        })
    }

    pub(super) fn unify(types: &[Type]) -> Option<Type> {
        let first = types.first()?;
        if types.iter().any(Type::is_dynamic) {
            return Some(Type::Dynamic);
        }
        if types.iter().all(|t| t == first) {
            return Some(first.clone());
        }
        if types.iter().all(Type::is_primitive) {
            if types.contains(&Type::String) {
                return Some(Type::String);
            }
            return None;
        }
        let elems: Option<Vec<Type>> = types.iter().map(|t| t.element_type().cloned()).collect();
        let elem = unify(&elems?)?;
        match first {
            Type::List(_) if types.iter().all(Type::is_list) => Some(Type::list(elem)),
            Type::Set(_) if types.iter().all(Type::is_set) => Some(Type::set(elem)),
            Type::Map(_) if types.iter().all(Type::is_map) => Some(Type::map(elem)),
            _ => None,
        }
    }
}

/// Builders and call helpers for the stdlib tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::function::{stdlib, CallError};
    use crate::value::{Type, Value};

    /// Calls the standard function `name`.
    pub(crate) fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
        stdlib::functions()
            .get(name)
            .unwrap_or_else(|| panic!("no function {name}"))
            .call(args)
    }

    /// The message of a failed call, without the parameter prefix.
    pub(crate) fn message(e: CallError) -> String {
        match e {
            CallError::Argument { message, .. } | CallError::Call(message) => message,
            other => other.to_string(),
        }
    }

    /// Calls `name`, expecting an error; returns the argument index (if
    /// any) and the message.
    pub(crate) fn fails(name: &str, args: &[Value]) -> (Option<usize>, String) {
        match call(name, args) {
            Ok(v) => panic!("{name}({args:?}) returned {v:?}"),
            Err(e) => (e.argument_index(), message(e)),
        }
    }

    pub(crate) fn s(text: &str) -> Value {
        Value::from(text)
    }

    pub(crate) fn n(v: i64) -> Value {
        Value::from(v)
    }

    pub(crate) fn strs(items: &[&str]) -> Value {
        Value::list(Type::String, items.iter().map(|t| Value::from(*t))).unwrap()
    }

    pub(crate) fn nums(items: &[i64]) -> Value {
        Value::list(Type::Number, items.iter().map(|v| Value::from(*v))).unwrap()
    }

    pub(crate) fn str_set(items: &[&str]) -> Value {
        Value::set(Type::String, items.iter().map(|t| Value::from(*t))).unwrap()
    }

    pub(crate) fn tuple(items: Vec<Value>) -> Value {
        Value::tuple(items)
    }

    pub(crate) fn obj(attrs: Vec<(&str, Value)>) -> Value {
        Value::object(attrs)
    }

    pub(crate) fn str_map(entries: &[(&str, &str)]) -> Value {
        Value::map(
            Type::String,
            entries.iter().map(|(k, v)| (*k, Value::from(*v))),
        )
        .unwrap()
    }

    pub(crate) fn unknown(ty: Type) -> Value {
        Value::unknown(ty)
    }
}
