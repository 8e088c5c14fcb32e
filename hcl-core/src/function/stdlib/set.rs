//! Standard functions: sets (go-cty's `set.go`, and `setproduct` from its
//! `collection.go`).
//!
//! Set operations unify the element types of their arguments (empty sets
//! of the dynamic pseudo-type, such as the conversion of `[]`, take no
//! part) and convert every argument to the result type first. As in
//! hashicorp/hcl, the caller converts a tuple argument to `set(any)` before
//! the call.
//!
//! Each function charges the elements it builds to the evaluation's budget
//! before building them: `setproduct` computes the size of the product
//! first, so that a product of a few large collections ends in "Evaluation
//! limit exceeded" instead of exhausting memory.

use super::collection::support::{convert, list_of, set_of, set_with, unify};
use crate::function::{CallContext, Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("setunion", setunion());
    table.insert("setintersection", setintersection());
    table.insert("setsubtract", setsubtract());
    table.insert("setproduct", setproduct());
    table.insert("setsymmetricdifference", setsymmetricdifference());
    table.insert("sethaselement", sethaselement());
}

fn set_param(name: &str) -> Param {
    Param::new(name, Type::set(Type::Dynamic)).allow_dynamic()
}

fn set_operation_type(args: &[Value]) -> Result<Type, FunctionError> {
    let mut elems = Vec::new();
    for value in args {
        let elem = value.ty().element_type().cloned().unwrap_or(Type::Dynamic);
        if elem.is_dynamic() && value.length() == Some(0) {
            continue;
        }
        elems.push(elem);
    }
    if elems.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    unify(&elems)
        .map(Type::set)
        .ok_or_else(|| FunctionError::call("given sets must all have compatible element types"))
}

/// Runs a set operation after converting every argument to the result
/// type. Unless `allow_unknown` (a union), an argument with unknown
/// elements makes the result unknown (its elements could turn out equal to
/// any other). A union is charged every argument's elements, the others
/// the first argument's (their results are no larger).
fn set_operation(
    args: &[Value],
    cx: &mut CallContext<'_>,
    allow_unknown: bool,
    op: fn(Vec<Value>, &Value) -> Vec<Value>,
) -> Result<Value, FunctionError> {
    let size = |v: &Value| v.length().unwrap_or(0);
    let charge = match allow_unknown {
        true => args.iter().map(size).fold(0, usize::saturating_add),
        false => args.first().map_or(0, size),
    };
    cx.charge_elements(charge)?;
    let ty = cx.return_type();
    let mut acc: Option<Vec<Value>> = None;
    for (i, value) in args.iter().enumerate() {
        let value = convert(cx, value, ty)?.map_err(|e| FunctionError::argument(i, e))?;
        if !allow_unknown && !value.is_wholly_known() {
            return Ok(Value::Unknown(ty.clone()));
        }
        acc = Some(match acc {
            None => value.as_elements().unwrap_or_default().to_vec(),
            Some(so_far) => op(so_far, &value),
        });
    }
    set_with(
        cx,
        ty.element_type().unwrap_or(&Type::Dynamic),
        acc.unwrap_or_default(),
    )
}

/// Whether `v` is an element of the set value `set` (raw equality).
fn member(set: &Value, v: &Value) -> bool {
    match set {
        Value::Set(s) => s.contains(v),
        _ => set.as_elements().unwrap_or_default().contains(v),
    }
}

/// `setunion(sets...)`: the elements found in any of the sets.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let setunion = stdlib::functions().get("setunion").unwrap().clone();
/// let set = |items: &[&str]| Value::set(Type::String, items.iter().map(|s| Value::from(*s))).unwrap();
/// assert_eq!(
///     setunion.call(&[set(&["a", "b"]), set(&["b", "c"])]).unwrap(),
///     set(&["a", "b", "c"])
/// );
/// ```
fn setunion() -> Function {
    Function::builder()
        .describe("Returns the union of all given sets.")
        .param(set_param("first_set"))
        .variadic(set_param("other_sets"))
        .returns_with(set_operation_type)
        .implementation(|args, cx| {
            set_operation(args, cx, true, |mut a, b| {
                a.extend(b.as_elements().unwrap_or_default().iter().cloned());
                a
            })
        })
}

/// `setintersection(sets...)`: the elements found in every one of the
/// sets.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let setintersection = stdlib::functions().get("setintersection").unwrap().clone();
/// let set = |items: &[&str]| Value::set(Type::String, items.iter().map(|s| Value::from(*s))).unwrap();
/// assert_eq!(
///     setintersection.call(&[set(&["a", "b"]), set(&["b", "c"])]).unwrap(),
///     set(&["b"])
/// );
/// ```
fn setintersection() -> Function {
    Function::builder()
        .describe("Returns the intersection of all given sets.")
        .param(set_param("first_set"))
        .variadic(set_param("other_sets"))
        .returns_with(set_operation_type)
        .implementation(|args, cx| {
            set_operation(args, cx, false, |a, b| {
                a.into_iter().filter(|v| member(b, v)).collect()
            })
        })
}

/// `setsubtract(a, b)`: the elements of `a` that are not in `b`.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let setsubtract = stdlib::functions().get("setsubtract").unwrap().clone();
/// let set = |items: &[&str]| Value::set(Type::String, items.iter().map(|s| Value::from(*s))).unwrap();
/// assert_eq!(
///     setsubtract.call(&[set(&["a", "b", "c"]), set(&["a", "c"])]).unwrap(),
///     set(&["b"])
/// );
/// ```
fn setsubtract() -> Function {
    Function::builder()
        .describe("Returns the relative complement of the two given sets.")
        .param(set_param("a"))
        .param(set_param("b"))
        .returns_with(set_operation_type)
        .implementation(|args, cx| {
            set_operation(args, cx, false, |a, b| {
                a.into_iter().filter(|v| !member(b, v)).collect()
            })
        })
}

/// `setsymmetricdifference(sets...)`: the elements found in an odd number
/// of the sets (folded pair by pair, as go-cty does: in exactly one of two).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let f = stdlib::functions().get("setsymmetricdifference").unwrap().clone();
/// let set = |items: &[&str]| Value::set(Type::String, items.iter().map(|s| Value::from(*s))).unwrap();
/// assert_eq!(f.call(&[set(&["a", "b"]), set(&["b", "c"])]).unwrap(), set(&["a", "c"]));
/// ```
fn setsymmetricdifference() -> Function {
    Function::builder()
        .describe("Returns the symmetric difference of the two given sets.")
        .param(set_param("first_set"))
        .variadic(set_param("other_sets"))
        .returns_with(set_operation_type)
        .implementation(|args, ty| {
            set_operation(args, ty, false, |a, b| {
                let others = b.as_elements().unwrap_or_default();
                let mut out: Vec<Value> =
                    others.iter().filter(|v| !a.contains(v)).cloned().collect();
                out.extend(a.into_iter().filter(|v| !member(b, v)));
                out
            })
        })
}

/// `sethaselement(set, elem)`: whether `elem` is an element of `set` (an
/// element of another type never is), as go-cty's `SetHasElementFunc`.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let f = stdlib::functions().get("sethaselement").unwrap().clone();
/// let set = Value::set(Type::String, [Value::from("a")]).unwrap();
/// assert_eq!(f.call(&[set.clone(), Value::from("a")]).unwrap(), Value::Bool(true));
/// assert_eq!(f.call(&[set, Value::from(1)]).unwrap(), Value::Bool(false));
/// ```
fn sethaselement() -> Function {
    Function::builder()
        .describe("Returns true if the given set contains the given element, or false otherwise.")
        .param(set_param("set"))
        .param(Param::new("elem", Type::Dynamic).allow_dynamic())
        .returns(Type::Bool)
        .implementation(|args, _| {
            let (Some(set), Some(elem)) = (args.first(), args.get(1)) else {
                return Err(FunctionError::call("two arguments are required"));
            };
            if !set.is_known() || !elem.is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            let same_type = set.ty().element_type() == Some(&elem.ty());
            Ok(Value::Bool(same_type && member(set, elem)))
        })
}

/// Whether a product with unknown arguments is still surely empty: go-cty
/// multiplies the arguments' largest possible lengths in order (a tuple's
/// is its type's, a known set's its element count), giving up at the first
/// argument whose length is unbounded or large; a product of zero collapses
/// the unknown result to an empty one.
fn product_surely_empty(args: &[Value]) -> bool {
    let mut max_length: usize = 1;
    for value in args {
        let bound = match value.ty() {
            Type::Tuple(ts) => ts.len(),
            _ => match value.as_elements() {
                Some(elements) => elements.len(),
                None => return false,
            },
        };
        if bound > 1024 {
            return false;
        }
        max_length = max_length.saturating_mul(bound);
        if max_length > 2048 {
            return false;
        }
    }
    max_length == 0
}

/// `setproduct(sets...)`: the Cartesian product of two or more sets, lists
/// or tuples, as a set of tuples, or as a list of tuples (in input order)
/// when every argument is a list or tuple.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let setproduct = stdlib::functions().get("setproduct").unwrap().clone();
/// let list = |items: &[&str]| Value::list(Type::String, items.iter().map(|s| Value::from(*s))).unwrap();
/// let pair = |a: &str, b: &str| Value::tuple([Value::from(a), Value::from(b)]);
/// assert_eq!(
///     setproduct.call(&[list(&["a", "b"]), list(&["x"])]).unwrap(),
///     Value::list(Type::tuple([Type::String, Type::String]), [pair("a", "x"), pair("b", "x")]).unwrap()
/// );
/// ```
fn setproduct() -> Function {
    Function::builder()
        .describe("Calculates the cartesian product of two or more sets.")
        .variadic(
            Param::new("sets", Type::Dynamic)
                .allow_unknown()
                .describe("The sets to consider. Also accepts lists and tuples, and if all arguments are of list or tuple type then the result will preserve the input ordering"),
        )
        .returns_with(|args| {
            if args.len() < 2 {
                return Err(FunctionError::call("at least two arguments are required"));
            }
            let mut all_lists = true;
            let mut elems = Vec::with_capacity(args.len());
            for (i, value) in args.iter().enumerate() {
                match value.ty() {
                    Type::Set(e) => {
                        all_lists = false;
                        elems.push(e.as_ref().clone());
                    }
                    Type::List(e) => elems.push(e.as_ref().clone()),
                    Type::Tuple(ts) if ts.is_empty() => elems.push(Type::Dynamic),
                    Type::Tuple(ts) => elems.push(unify(&ts).ok_or_else(|| {
                        FunctionError::argument(i, "all elements must be of the same type")
                    })?),
                    _ => return Err(FunctionError::argument(i, "a set or a list is required")),
                }
            }
            let tuple = Type::tuple(elems);
            Ok(if all_lists {
                Type::list(tuple)
            } else {
                Type::set(tuple)
            })
        })
        .implementation(|args, cx| {
            let ty = cx.return_type().clone();
            let known = args
                .iter()
                .all(|v| v.is_known() && (!v.ty().is_set() || v.is_wholly_known()));
            let tuple_ty = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if !known {
                if product_surely_empty(args) {
                    return match ty {
                        Type::List(_) => list_of(tuple_ty, Vec::new()),
                        _ => set_of(tuple_ty, Vec::new()),
                    };
                }
                return Ok(Value::Unknown(ty.clone()));
            }
            // The product's size first: its rows, each a tuple of one
            // element per argument, and the converted columns.
            let lengths = args.iter().map(|v| v.length().unwrap_or(0));
            let total = lengths.clone().fold(1, usize::saturating_mul);
            let columns_size = lengths.fold(0, usize::saturating_add);
            let row_size = args.len().saturating_add(1);
            cx.charge_elements(total.saturating_mul(row_size).saturating_add(columns_size))?;
            let slot_types = tuple_ty.tuple_elements().unwrap_or_default().to_vec();
            let mut columns = Vec::with_capacity(args.len());
            for (value, slot) in args.iter().zip(&slot_types) {
                let column = value
                    .as_elements()
                    .unwrap_or_default()
                    .iter()
                    .map(|v| convert(cx, v, slot)?.map_err(FunctionError::call))
                    .collect::<Result<Vec<_>, _>>()?;
                columns.push(column);
            }
            let mut product = Vec::with_capacity(total);
            let mut cursor = vec![0usize; columns.len()];
            for _ in 0..total {
                let row = cursor
                    .iter()
                    .zip(&columns)
                    .map(|(&i, c)| c.get(i).cloned().unwrap_or_else(Value::dynamic));
                product.push(Value::tuple(row));
                for (pos, column) in cursor.iter_mut().zip(&columns).rev() {
                    *pos += 1;
                    if *pos < column.len() {
                        break;
                    }
                    *pos = 0;
                }
            }
            match ty {
                Type::List(_) => super::collection::support::list_with(cx, &tuple_ty, product),
                _ => set_with(cx, &tuple_ty, product),
            }
        })
}

#[cfg(test)]
mod test;
