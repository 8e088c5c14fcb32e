//! Helpers shared by the collection, set and conversion families: type
//! conversion and unification (one seam onto `value::convert`), collection
//! builders, and argument access that never panics.

use crate::function::{CallContext, FunctionError};
use crate::value::{Type, Value};

/// The argument at `index`; the call procedure guarantees it exists, but a
/// missing one reads as the dynamic value rather than a panic.
pub(crate) fn arg(args: &[Value], index: usize) -> &Value {
    const DYNAMIC: &Value = &Value::Unknown(Type::Dynamic);
    args.get(index).unwrap_or(DYNAMIC)
}

/// Converts `value` to `ty` (which may contain the dynamic pseudo-type),
/// charging what the conversion builds ([`CallContext::convert`]); the
/// inner error is the conversion's message.
pub(crate) fn convert(
    cx: &mut CallContext<'_>,
    value: &Value,
    ty: &Type,
) -> Result<Result<Value, String>, FunctionError> {
    Ok(cx.convert(value, ty)?.map_err(|e| e.to_string()))
}

/// The most general type every one of `types` converts to, if any,
/// allowing unsafe conversions (go-cty's `UnifyUnsafe`, which the stdlib
/// uses throughout).
pub(crate) fn unify(types: &[Type]) -> Option<Type> {
    crate::value::unify_unsafe(types).map(|u| u.ty().clone())
}

/// Whether some value of type `from` may convert to `to`.
pub(crate) fn conversion_exists(from: &Type, to: &Type) -> bool {
    crate::value::conversion_safety(from, to).is_some()
}

/// `items` all converted to one concrete type: `hint` when it has no
/// dynamic part, else the unification of the items' types.
fn settle(
    cx: &mut CallContext<'_>,
    hint: &Type,
    items: Vec<Value>,
) -> Result<(Type, Vec<Value>), FunctionError> {
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
        .map(|v| convert(cx, v, &elem)?.map_err(FunctionError::call))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((items.first().map_or(elem, Value::ty), items))
}

/// A list of `items` whose element type is `hint`, or (where `hint` has
/// dynamic parts) the items' own common type.
pub(crate) fn list_with(
    cx: &mut CallContext<'_>,
    hint: &Type,
    items: Vec<Value>,
) -> Result<Value, FunctionError> {
    let (elem, items) = settle(cx, hint, items)?;
    list_of(elem, items)
}

/// A set of `items`, typed as [`list_with`] types lists.
pub(crate) fn set_with(
    cx: &mut CallContext<'_>,
    hint: &Type,
    items: Vec<Value>,
) -> Result<Value, FunctionError> {
    let (elem, items) = settle(cx, hint, items)?;
    set_of(elem, items)
}

/// A map of `entries`, typed as [`list_with`] types lists.
pub(crate) fn map_with(
    cx: &mut CallContext<'_>,
    hint: &Type,
    entries: Vec<(String, Value)>,
) -> Result<Value, FunctionError> {
    let (keys, values): (Vec<String>, Vec<Value>) = entries.into_iter().unzip();
    let (elem, values) = settle(cx, hint, values)?;
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

/// How deep `flatten` and `jsonencode` recurse into nested values: a guard
/// for the stack on a walk over a value (which the application may have
/// built, whatever the input's limits), not a limit of input.
pub(crate) const MAX_WALK_DEPTH: usize = 1000;

/// Charges a map or object whose keys are new copies of `keys`: its
/// entries ([`CallContext::charge_map`]) and the keys' bytes.
pub(crate) fn charge_keyed<'k>(
    cx: &mut CallContext<'_>,
    keys: impl IntoIterator<Item = &'k str>,
) -> Result<(), FunctionError> {
    let (mut entries, mut bytes) = (0usize, 0usize);
    for k in keys {
        entries += 1;
        bytes = bytes.saturating_add(k.len());
    }
    cx.charge_map(entries)?;
    cx.charge_bytes(bytes)
}

/// Builders and call helpers for the stdlib tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::function::{stdlib, CallError, Function};
    use crate::value::{Type, Value};

    /// The standard function `name`.
    pub(crate) fn function(name: &str) -> Function {
        stdlib::functions()
            .get(name)
            .unwrap_or_else(|| panic!("no function {name}"))
            .clone()
    }

    /// Calls the standard function `name`.
    pub(crate) fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
        function(name).call(args)
    }

    /// Calls the standard function `name` with a budget within `limits`.
    pub(crate) fn call_within(
        name: &str,
        args: &[Value],
        limits: crate::Limits,
    ) -> Result<Value, CallError> {
        let mut budget = crate::limits::Budget::new(&limits);
        function(name).call_with_budget(args, &mut budget)
    }

    /// Whether `name(args)` fails with an exceeded budget within `limits`
    /// (and not for another reason).
    pub(crate) fn over_budget(name: &str, args: &[Value], limits: crate::Limits) -> bool {
        matches!(call_within(name, args, limits), Err(CallError::Limit(_)))
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
