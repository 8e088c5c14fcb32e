//! Functions over maps and objects: `keys`, `values`, `lookup`, `merge` and
//! `zipmap`. Each charges the collection it builds (elements, and the
//! bytes of keys it copies) before building it.

use std::collections::BTreeMap;

use super::support::{arg, charge_keyed, list_of, list_with, map_with};
use crate::diag::excerpt;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("keys", keys());
    table.insert("values", values());
    table.insert("lookup", lookup());
    table.insert("merge", merge());
    table.insert("zipmap", zipmap());
}

/// `keys(map)`: the keys of a map as a sorted list of strings, or the
/// attribute names of an object as a tuple of strings (known from the type
/// even when the object is unknown).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let keys = stdlib::functions().get("keys").unwrap().clone();
/// let map = Value::map(Type::Number, [("b", Value::from(1)), ("a", Value::from(2))]).unwrap();
/// assert_eq!(
///     keys.call(&[map]).unwrap(),
///     Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap()
/// );
/// ```
fn keys() -> Function {
    Function::builder()
        .describe("Returns a list of the keys of the given map in lexicographical order.")
        .param(
            Param::new("inputMap", Type::Dynamic)
                .allow_unknown()
                .describe("The map to extract keys from. May instead be an object-typed value, in which case the result is a tuple of the object attributes."),
        )
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            match &ty {
                Type::Map(_) => Ok(Type::list(Type::String)),
                Type::Object(o) => Ok(Type::tuple(o.attributes().keys().map(|_| Type::String))),
                _ => Err(FunctionError::argument(0, "must have map or object type")),
            }
        })
        .implementation(|args, cx| {
            let value = arg(args, 0);
            if let Type::Object(o) = value.ty() {
                // A tuple of copies of the names.
                let names = o.attributes().keys();
                cx.charge_elements(names.len())?;
                cx.charge_bytes(names.map(String::len).sum())?;
                return Ok(Value::tuple(o.attributes().keys().map(Value::string)));
            }
            match value.as_entries() {
                Some(entries) => {
                    // The keys are shared, not copied.
                    cx.charge_elements(entries.len())?;
                    list_of(Type::String, entries.keys().cloned().map(Value::from).collect())
                }
                None => Ok(Value::Unknown(cx.return_type().clone())),
            }
        })
}

/// `values(map)`: the values of a map as a list, or of an object as a
/// tuple, in the lexical order of their keys.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let values = stdlib::functions().get("values").unwrap().clone();
/// let map = Value::map(Type::Number, [("b", Value::from(1)), ("a", Value::from(2))]).unwrap();
/// assert_eq!(
///     values.call(&[map]).unwrap(),
///     Value::list(Type::Number, [2, 1].map(Value::from)).unwrap()
/// );
/// ```
fn values() -> Function {
    Function::builder()
        .describe("Returns the values of elements of a given map, or the values of attributes of a given object, in lexicographic order by key or attribute name.")
        .param(Param::new("mapping", Type::Dynamic))
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            match &ty {
                Type::Map(e) => Ok(Type::list(e.as_ref().clone())),
                Type::Object(o) => Ok(Type::tuple(o.attributes().values().cloned())),
                _ => Err(FunctionError::call("values() requires a map as the first argument")),
            }
        })
        .implementation(|args, cx| {
            cx.charge_elements(arg(args, 0).length().unwrap_or(0))?;
            let items: Vec<Value> = arg(args, 0)
                .as_entries()
                .map(|e| e.values().cloned().collect())
                .unwrap_or_default();
            match cx.return_type() {
                Type::Tuple(_) => Ok(Value::tuple(items)),
                ty => list_with(cx, ty.element_type().unwrap_or(&Type::Dynamic), items),
            }
        })
}

/// `lookup(map, key, default)`: the element of a map (or attribute of an
/// object) named `key`, or `default` (converted to the element type) when
/// there is none. As go-cty's `LookupFunc`, the default is required and not
/// null (Terraform's deprecated two-argument form is not offered), and an
/// unknown default makes the result unknown.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let lookup = stdlib::functions().get("lookup").unwrap().clone();
/// let map = Value::map(Type::String, [("a", Value::from("ay"))]).unwrap();
/// assert_eq!(lookup.call(&[map.clone(), Value::from("a"), Value::from("none")]).unwrap(), Value::from("ay"));
/// assert_eq!(lookup.call(&[map.clone(), Value::from("c"), Value::from("none")]).unwrap(), Value::from("none"));
/// assert!(lookup.call(&[map.clone(), Value::from("a")]).is_err());
/// assert!(lookup.call(&[map, Value::from("a"), Value::null(Type::String)]).is_err());
/// ```
fn lookup() -> Function {
    Function::builder()
        .describe("Returns the value of the element with the given key from the given map, or returns the default value if there is no such element.")
        .param(Param::new("inputMap", Type::Dynamic).allow_unknown())
        .param(Param::new("key", Type::String).allow_unknown())
        .param(Param::new("default", Type::Dynamic))
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            let default = args.get(2);
            match &ty {
                Type::Object(o) => {
                    let Some(key) = arg(args, 1).as_str() else {
                        return Ok(Type::Dynamic);
                    };
                    if let Some(t) = o.attributes().get(key) {
                        return Ok(t.clone());
                    }
                    match default {
                        Some(d) => Ok(d.ty()),
                        None => Err(FunctionError::argument(
                            0,
                            format!("the given object has no attribute {key}", key = excerpt(key)),
                        )),
                    }
                }
                Type::Map(elem) => {
                    if let Some(d) = default {
                        if crate::value::convert(d, elem).is_err() {
                            return Err(FunctionError::argument(
                                2,
                                "the default value must have the same type as the map elements",
                            ));
                        }
                    }
                    Ok(elem.as_ref().clone())
                }
                _ => Err(FunctionError::argument(
                    0,
                    "lookup() requires a map as the first argument",
                )),
            }
        })
        .implementation(|args, cx| {
            let (map, key) = (arg(args, 0), arg(args, 1));
            let ty = cx.return_type().clone();
            let (Some(entries), Some(key)) = (map.as_entries(), key.as_str()) else {
                return Ok(Value::Unknown(ty));
            };
            if let Some(v) = entries.get(key) {
                return Ok(v.clone());
            }
            match args.get(2) {
                Some(default) => cx
                    .convert(default, &ty)?
                    .map_err(|e| FunctionError::call(e.to_string())),
                None => Err(FunctionError::call(format!(
                    "lookup failed to find key {key}",
                    key = excerpt(key)
                ))),
            }
        })
}

/// `merge(maps...)`: one map or object with the entries of all arguments;
/// a later argument's entry wins. Null arguments count as empty. Arguments
/// that are all of one type give that type; otherwise the result is an
/// object.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let merge = stdlib::functions().get("merge").unwrap().clone();
/// let a = Value::map(Type::String, [("a", Value::from("b")), ("c", Value::from("d"))]).unwrap();
/// let b = Value::map(Type::String, [("e", Value::from("f")), ("c", Value::from("z"))]).unwrap();
/// assert_eq!(
///     merge.call(&[a, b]).unwrap(),
///     Value::map(Type::String, [("a", "b"), ("c", "z"), ("e", "f")].map(|(k, v)| (k, Value::from(v)))).unwrap()
/// );
/// ```
fn merge() -> Function {
    Function::builder()
        .describe("Merges all of the elements from the given maps into a single map, or the attributes from given objects into a single object.")
        .variadic(Param::new("maps", Type::Dynamic).allow_dynamic().allow_null())
        .returns_with(|args| {
            let Some(first) = args.first() else {
                return Ok(Type::empty_object());
            };
            let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
            let mut attrs_known = true;
            let mut matching = true;
            let mut first_ty = first.ty();
            for (i, value) in args.iter().enumerate() {
                let mut ty = value.ty();
                match &ty {
                    Type::Dynamic => return Ok(Type::Dynamic),
                    Type::Object(_) if value.is_null() => ty = Type::empty_object(),
                    Type::Object(o) => {
                        attrs.extend(o.attributes().iter().map(|(k, t)| (k.clone(), t.clone())))
                    }
                    Type::Map(elem) => match value.as_entries() {
                        Some(entries) => attrs.extend(
                            entries.keys().map(|k| (k.to_string(), elem.as_ref().clone())),
                        ),
                        None if value.is_null() => {}
                        None => attrs_known = false,
                    },
                    _ => {
                        return Err(FunctionError::call(format!(
                            "arguments must be maps or objects, got {}",
                            excerpt(&ty.friendly_name())
                        )))
                    }
                }
                if i == 0 {
                    first_ty = ty;
                } else if ty != first_ty {
                    matching = false;
                }
            }
            if matching {
                Ok(first_ty)
            } else if !attrs_known {
                Ok(Type::Dynamic)
            } else {
                Ok(Type::object(attrs))
            }
        })
        .implementation(|args, cx| {
            let keys = args.iter().filter_map(Value::as_entries).flat_map(|e| e.keys());
            charge_keyed(cx, keys.map(|k| k.as_str()))?;
            let mut merged: BTreeMap<String, Value> = BTreeMap::new();
            for value in args {
                if let Some(entries) = value.as_entries() {
                    merged.extend(entries.iter().map(|(k, v)| (k.to_string(), v.clone())));
                }
            }
            match cx.return_type() {
                Type::Map(elem) => map_with(cx, elem, merged.into_iter().collect()),
                _ => Ok(Value::object(merged)),
            }
        })
}

/// `zipmap(keys, values)`: a map (for a list of values) or an object (for a
/// tuple) pairing each key with the value at the same index.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let zipmap = stdlib::functions().get("zipmap").unwrap().clone();
/// let keys = Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap();
/// let values = Value::list(Type::Number, [1, 2].map(Value::from)).unwrap();
/// assert_eq!(
///     zipmap.call(&[keys, values]).unwrap(),
///     Value::map(Type::Number, [("a", Value::from(1)), ("b", Value::from(2))]).unwrap()
/// );
/// ```
fn zipmap() -> Function {
    Function::builder()
        .describe("Constructs a map from a list of keys and a corresponding list of values, which must both be of the same length.")
        .param(Param::new("keys", Type::list(Type::String)))
        .param(Param::new("values", Type::Dynamic))
        .returns_with(|args| {
            let (keys, values) = (arg(args, 0), arg(args, 1));
            match values.ty() {
                Type::List(elem) => Ok(Type::map(elem.as_ref().clone())),
                Type::Tuple(types) => {
                    if !keys.is_wholly_known() {
                        return Ok(Type::Dynamic);
                    }
                    let names = keys.as_elements().unwrap_or_default();
                    check_lengths(names.len(), types.len())?;
                    let mut attrs = BTreeMap::new();
                    for (i, (name, t)) in names.iter().zip(types.iter()).enumerate() {
                        let name = name.as_str().ok_or_else(|| null_key(i))?;
                        attrs.insert(name.to_owned(), t.clone());
                    }
                    Ok(Type::object(attrs))
                }
                _ => Err(FunctionError::call(
                    "values argument must be a list or tuple value",
                )),
            }
        })
        .implementation(|args, cx| {
            let (keys, values) = (arg(args, 0), arg(args, 1));
            if !keys.is_wholly_known() {
                return Ok(Value::Unknown(cx.return_type().clone()));
            }
            let names = keys.as_elements().unwrap_or_default();
            let items = values.as_elements().unwrap_or_default();
            check_lengths(names.len(), items.len())?;
            charge_keyed(cx, names.iter().filter_map(Value::as_str))?;
            let mut entries = Vec::with_capacity(names.len());
            for (i, (name, v)) in names.iter().zip(items).enumerate() {
                let name = name.as_str().ok_or_else(|| null_key(i))?;
                entries.push((name.to_owned(), v.clone()));
            }
            match cx.return_type() {
                Type::Map(elem) => map_with(cx, elem, entries),
                _ => Ok(Value::object(entries)),
            }
        })
}

fn check_lengths(keys: usize, values: usize) -> Result<(), FunctionError> {
    if keys == values {
        return Ok(());
    }
    Err(FunctionError::call(format!(
        "number of keys ({keys}) does not match number of values ({values})"
    )))
}

fn null_key(index: usize) -> FunctionError {
    FunctionError::call(format!("keys list has null value at index {index}"))
}
