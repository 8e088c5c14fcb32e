//! Standard functions: collections (go-cty's `collection.go` and
//! `sequence.go`, Terraform's `length`, `lookup`, `coalesce` and `index`).
//!
//! Every function that builds a collection charges its elements to the
//! evaluation's budget before building it ([`crate::limits`]).
//!
//! Parameters typed `list(string)` or `list(any)` (`compact`, `distinct`,
//! `sort`, `chunklist`, `zipmap`'s keys) take lists: as in hashicorp/hcl,
//! the caller converts a tuple argument to the parameter's type before the
//! call.

mod coalesce;
mod mapping;
mod sequence;
pub(crate) mod support;

use self::support::{arg, list_of};
use super::number::whole_number;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("length", length());
    table.insert("hasindex", hasindex());
    table.insert("contains", contains());
    table.insert("distinct", distinct());
    table.insert("element", element());
    table.insert("index", index());
    table.insert("compact", compact());
    table.insert("sort", sort());
    sequence::register(table);
    mapping::register(table);
    coalesce::register(table);
}

/// `length(collection)`: the number of elements of a list, map, set or
/// tuple, as go-cty's `LengthFunc` (Terraform's wider `length` also takes
/// strings and objects; here a string's length is `strlen`).
///
/// The length of an unknown collection (tuples included), or of a set with
/// unknown elements (which may turn out equal to others) and more than one
/// element, is unknown.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let length = stdlib::functions().get("length").unwrap().clone();
/// assert_eq!(length.call(&[Value::from(vec![1, 2])]).unwrap(), Value::from(2));
/// assert!(length.call(&[Value::from("abc")]).is_err());
/// assert_eq!(
///     length.call(&[Value::unknown(Type::list(Type::String))]).unwrap(),
///     Value::unknown(Type::Number)
/// );
/// ```
fn length() -> Function {
    Function::builder()
        .describe("Returns the number of elements in the given collection.")
        // go-cty's: no strings (that is `strlen`), no objects; an unknown
        // collection has an unknown length (tuples too).
        .param(Param::new("collection", Type::Dynamic).allow_dynamic())
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            if ty.is_collection() || ty.is_tuple() || ty.is_dynamic() {
                Ok(Type::Number)
            } else {
                Err(FunctionError::call(
                    "collection must be a list, a map or a tuple",
                ))
            }
        })
        .implementation(|args, _| {
            let value = arg(args, 0);
            let count = match value {
                Value::Tuple(t) => t.len(),
                // Unknown elements may turn out equal to others, unless the
                // set holds just one.
                Value::Set(s) if s.len() != 1 && !value.is_wholly_known() => {
                    return Ok(Value::Unknown(Type::Number));
                }
                known => match known.length() {
                    Some(n) => n,
                    None => return Ok(Value::Unknown(Type::Number)),
                },
            };
            Ok(Value::from(count_value(count)))
        })
}

/// `hasindex(collection, key)`: whether `collection[key]` would succeed,
/// as go-cty's `HasIndexFunc` (lists and tuples by whole-number index,
/// maps by string key; a key of another type is simply `false`).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let hasindex = stdlib::functions().get("hasindex").unwrap().clone();
/// let list = Value::from(vec!["a"]);
/// assert_eq!(hasindex.call(&[list.clone(), Value::from(0)]).unwrap(), Value::Bool(true));
/// assert_eq!(hasindex.call(&[list, Value::from(1)]).unwrap(), Value::Bool(false));
/// ```
fn hasindex() -> Function {
    Function::builder()
        .describe("Returns true if the given collection can be indexed with the given key without producing an error, or false otherwise.")
        .param(Param::new("collection", Type::Dynamic).allow_dynamic())
        .param(Param::new("key", Type::Dynamic).allow_dynamic())
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            if ty.is_list() || ty.is_tuple() || ty.is_map() || ty.is_dynamic() {
                Ok(Type::Bool)
            } else {
                Err(FunctionError::call("collection must be a list, a map or a tuple"))
            }
        })
        .implementation(|args, _| {
            let (coll, key) = (arg(args, 0), arg(args, 1));
            if !coll.is_known() || !key.is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            let found = match (coll, key) {
                (Value::List(_) | Value::Tuple(_), Value::Number(n)) => n
                    .to_i64()
                    .filter(|_| n.is_integer())
                    .and_then(|i| usize::try_from(i).ok())
                    .is_some_and(|i| coll.length().is_some_and(|len| i < len)),
                (Value::Map(m), Value::String(k)) => m.get(k.as_str()).is_some(),
                _ => false,
            };
            Ok(Value::Bool(found))
        })
}

fn count_value(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `contains(list, value)`: whether a list, tuple or set has an element
/// equal to `value`. Unknown elements make the answer unknown unless an
/// equal known element is found.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let contains = stdlib::functions().get("contains").unwrap().clone();
/// let list = Value::from(vec!["a", "b"]);
/// assert_eq!(contains.call(&[list.clone(), Value::from("b")]).unwrap(), Value::Bool(true));
/// assert_eq!(contains.call(&[list, Value::from("c")]).unwrap(), Value::Bool(false));
/// ```
fn contains() -> Function {
    Function::builder()
        .describe("Returns true if the given value is a value in the given list, tuple, or set, or false otherwise.")
        .param(Param::new("list", Type::Dynamic))
        // Not null, as in go-cty: `contains(list, null)` is an error.
        .param(Param::new("value", Type::Dynamic))
        .returns(Type::Bool)
        .implementation(|args, _| {
            let (list, value) = (arg(args, 0), arg(args, 1));
            let ty = list.ty();
            if !ty.is_list() && !ty.is_tuple() && !ty.is_set() {
                return Err(FunctionError::call("argument must be list, tuple, or set"));
            }
            let elements = list.as_elements().unwrap_or_default();
            let mut unknown = false;
            for element in elements {
                match value.equals(element) {
                    Value::Bool(true) => return Ok(Value::Bool(true)),
                    Value::Bool(false) => {}
                    _ => unknown = true,
                }
            }
            Ok(if unknown {
                Value::Unknown(Type::Bool)
            } else {
                Value::Bool(false)
            })
        })
}

/// `distinct(list)`: the list without duplicate elements, keeping the first
/// occurrence of each. Unknown while any element is unknown.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let distinct = stdlib::functions().get("distinct").unwrap().clone();
/// let list = Value::list(Type::String, ["a", "b", "a", "c"].map(Value::from)).unwrap();
/// assert_eq!(
///     distinct.call(&[list]).unwrap(),
///     Value::list(Type::String, ["a", "b", "c"].map(Value::from)).unwrap()
/// );
/// ```
fn distinct() -> Function {
    Function::builder()
        .describe("Removes any duplicate values from the given list, preserving the order of remaining elements.")
        .param(Param::new("list", Type::list(Type::Dynamic)))
        .returns_with(|args| Ok(arg(args, 0).ty()))
        .implementation(|args, cx| {
            let list = arg(args, 0);
            let ty = cx.return_type();
            if !list.is_wholly_known() {
                return Ok(Value::Unknown(ty.clone()));
            }
            let elements = list.as_elements().unwrap_or_default();
            let elem = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            cx.charge_elements(elements.len())?;
            let kept: Vec<Value> = if has_capsule(&elem) {
                // Capsule payloads have an equality but no order.
                let mut kept: Vec<Value> = Vec::new();
                for element in elements {
                    if !kept.iter().any(|k| k.equals(element) == Value::Bool(true)) {
                        kept.push(element.clone());
                    }
                }
                kept
            } else {
                // Known values of one type are equal exactly when the set
                // order ties them, so a sorted index finds duplicates.
                let mut seen = std::collections::BTreeSet::new();
                elements
                    .iter()
                    .filter(|v| seen.insert(SetOrdered(v)))
                    .cloned()
                    .collect()
            };
            list_of(elem, kept)
        })
}

/// A value ordered by [`Value::set_order`].
struct SetOrdered<'a>(&'a Value);

impl PartialEq for SetOrdered<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for SetOrdered<'_> {}

impl PartialOrd for SetOrdered<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SetOrdered<'_> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.set_order(other.0)
    }
}

/// Whether a capsule type occurs in `ty`.
fn has_capsule(ty: &Type) -> bool {
    match ty {
        Type::Capsule(_) => true,
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_capsule(e),
        Type::Tuple(ts) => ts.iter().any(has_capsule),
        Type::Object(o) => o.attributes().values().any(has_capsule),
        _ => false,
    }
}

/// The index `raw` wrapped into `0..len` (go-cty: negative indices count
/// from the end, and every index wraps modulo the length).
fn wrap_index(raw: i64, len: usize) -> usize {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    usize::try_from(raw.rem_euclid(len)).unwrap_or(0)
}

/// `element(list, index)`: the element at `index` of a list or tuple.
/// Indices wrap around: an index past the end continues from the start and
/// a negative index counts from the end (`-1` is the last element).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let element = stdlib::functions().get("element").unwrap().clone();
/// let list = Value::from(vec!["a", "b", "c"]);
/// assert_eq!(element.call(&[list.clone(), Value::from(1)]).unwrap(), Value::from("b"));
/// assert_eq!(element.call(&[list.clone(), Value::from(3)]).unwrap(), Value::from("a"));
/// assert_eq!(element.call(&[list, Value::from(-1)]).unwrap(), Value::from("c"));
/// ```
fn element() -> Function {
    let empty = "cannot use element function with an empty list";
    Function::builder()
        .describe("Returns the element with the given index from the given list or tuple, applying the modulo operation to the given index if it's greater than the number of elements.")
        .param(Param::new("list", Type::Dynamic))
        .param(Param::new("index", Type::Number))
        .returns_with(move |args| {
            let ty = arg(args, 0).ty();
            match &ty {
                Type::List(elem) => Ok(elem.as_ref().clone()),
                Type::Tuple(elems) => {
                    let Some(n) = arg(args, 1).as_number() else {
                        return Ok(Type::Dynamic);
                    };
                    let index = whole_number(n)
                        .map_err(|e| FunctionError::call(format!("invalid index: {e}")))?;
                    if elems.is_empty() {
                        return Err(FunctionError::call(empty));
                    }
                    Ok(elems[wrap_index(index, elems.len())].clone())
                }
                _ => Err(FunctionError::call(format!(
                    "cannot read elements from {}",
                    ty.friendly_name()
                ))),
            }
        })
        .implementation(move |args, _| {
            let n = arg(args, 1).as_number().cloned().unwrap_or_else(crate::value::Number::zero);
            let index =
                whole_number(&n).map_err(|e| FunctionError::call(format!("invalid index: {e}")))?;
            let elements = arg(args, 0).as_elements().unwrap_or_default();
            if elements.is_empty() {
                return Err(FunctionError::call(empty));
            }
            Ok(elements[wrap_index(index, elements.len())].clone())
        })
}

/// `index(list, value)`: the index of the first element of a list or tuple
/// equal to `value` (Terraform's `index`, not go-cty's).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let index = stdlib::functions().get("index").unwrap().clone();
/// let list = Value::from(vec!["a", "b", "c"]);
/// assert_eq!(index.call(&[list.clone(), Value::from("b")]).unwrap(), Value::from(1));
/// assert!(index.call(&[list, Value::from("z")]).is_err());
/// ```
fn index() -> Function {
    Function::builder()
        .describe("Finds the element index for a given value in a list.")
        .param(Param::new("list", Type::Dynamic))
        .param(Param::new("value", Type::Dynamic))
        .returns(Type::Number)
        .implementation(|args, _| {
            let list = arg(args, 0);
            let ty = list.ty();
            if !ty.is_list() && !ty.is_tuple() {
                return Err(FunctionError::call("argument must be a list or tuple"));
            }
            let elements = list.as_elements().unwrap_or_default();
            if elements.is_empty() {
                return Err(FunctionError::call("cannot search an empty list"));
            }
            for (i, element) in elements.iter().enumerate() {
                match element.equals(arg(args, 1)) {
                    Value::Bool(true) => return Ok(Value::from(count_value(i))),
                    Value::Bool(false) => {}
                    _ => return Ok(Value::Unknown(Type::Number)),
                }
            }
            Err(FunctionError::call("item not found"))
        })
}

/// `compact(list)`: the list of strings without its empty and null
/// elements. Unknown while any element is unknown.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let compact = stdlib::functions().get("compact").unwrap().clone();
/// let list = Value::list(Type::String, ["a", "", "b"].map(Value::from)).unwrap();
/// assert_eq!(
///     compact.call(&[list]).unwrap(),
///     Value::list(Type::String, ["a", "b"].map(Value::from)).unwrap()
/// );
/// ```
fn compact() -> Function {
    Function::builder()
        .describe("Removes all empty string elements from the given list of strings.")
        .param(Param::new("list", Type::list(Type::String)))
        .returns(Type::list(Type::String))
        .implementation(|args, cx| {
            let list = arg(args, 0);
            if !list.is_wholly_known() {
                return Ok(Value::Unknown(cx.return_type().clone()));
            }
            cx.charge_elements(list.length().unwrap_or(0))?;
            let kept = list
                .as_elements()
                .unwrap_or_default()
                .iter()
                .filter(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                .cloned()
                .collect();
            list_of(Type::String, kept)
        })
}

/// `sort(list)`: the list of strings in lexical (byte-wise) order. Unknown
/// while any element is unknown; a null element is an error.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let sort = stdlib::functions().get("sort").unwrap().clone();
/// let list = Value::list(Type::String, ["e", "d", "a", "x"].map(Value::from)).unwrap();
/// assert_eq!(
///     sort.call(&[list]).unwrap(),
///     Value::list(Type::String, ["a", "d", "e", "x"].map(Value::from)).unwrap()
/// );
/// ```
fn sort() -> Function {
    Function::builder()
        .describe("Applies a lexicographic sort to the elements of the given list.")
        .param(Param::new("list", Type::list(Type::String)).allow_unknown())
        .returns(Type::list(Type::String))
        .implementation(|args, cx| {
            let list = arg(args, 0);
            if !list.is_wholly_known() {
                return Ok(Value::Unknown(cx.return_type().clone()));
            }
            cx.charge_elements(list.length().unwrap_or(0))?;
            let mut items = list.as_elements().unwrap_or_default().to_vec();
            if let Some(i) = items.iter().position(Value::is_null) {
                return Err(FunctionError::call(format!(
                    "given list element {i} is null; a null string cannot be sorted"
                )));
            }
            items.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
            list_of(Type::String, items)
        })
}

#[cfg(test)]
mod test;
