//! Sequence functions: `concat`, `flatten`, `reverse`, `slice`, `chunklist`
//! and `range`. Each charges the elements it builds to the evaluation's
//! budget, before building them where the count is known first.

use super::support::{arg, convert, list_with, unify, MAX_WALK_DEPTH};
use crate::function::stdlib::number::whole_number;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Number, Type, Value};

pub(super) fn register(table: &mut Functions) {
    table.insert("concat", concat());
    table.insert("flatten", flatten());
    table.insert("reverse", reverse());
    table.insert("slice", slice());
    table.insert("chunklist", chunklist());
    table.insert("range", range());
}

/// `concat(seqs...)`: the elements of all given lists and tuples, in order.
/// Lists whose element types unify give a list; anything else gives a tuple.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let concat = stdlib::functions().get("concat").unwrap().clone();
/// let a = Value::list(Type::String, ["a"].map(Value::from)).unwrap();
/// let b = Value::list(Type::String, ["b", "c"].map(Value::from)).unwrap();
/// assert_eq!(
///     concat.call(&[a, b]).unwrap(),
///     Value::list(Type::String, ["a", "b", "c"].map(Value::from)).unwrap()
/// );
/// assert_eq!(
///     concat.call(&[Value::from(vec![1]), Value::from(vec![true])]).unwrap(),
///     Value::tuple([Value::from(1), Value::Bool(true)])
/// );
/// ```
fn concat() -> Function {
    Function::builder()
        .describe("Concatenates together all of the given lists or tuples into a single sequence, preserving the input order.")
        .variadic(Param::new("seqs", Type::Dynamic))
        .returns_with(|args| {
            if args.is_empty() {
                return Err(FunctionError::call("at least one argument is required"));
            }
            let types: Vec<Type> = args.iter().map(Value::ty).collect();
            if types.iter().all(Type::is_list) {
                if let Some(common) = unify(&types) {
                    return Ok(common);
                }
            }
            let mut elems = Vec::new();
            for (i, (value, ty)) in args.iter().zip(&types).enumerate() {
                match ty {
                    Type::Tuple(ts) => elems.extend(ts.iter().cloned()),
                    Type::List(elem) => match value.length() {
                        Some(n) => elems.extend(std::iter::repeat_n(elem.as_ref().clone(), n)),
                        None => return Ok(Type::Dynamic),
                    },
                    _ => {
                        return Err(FunctionError::argument(
                            i,
                            format!(
                                "all arguments must be lists or tuples; got {}",
                                ty.friendly_name()
                            ),
                        ))
                    }
                }
            }
            Ok(Type::tuple(elems))
        })
        .implementation(|args, cx| {
            let total = args.iter().map(|a| a.length().unwrap_or(0)).fold(0, usize::saturating_add);
            cx.charge_elements(total)?;
            let ty = cx.return_type();
            let mut items = Vec::with_capacity(total);
            if ty.is_list() {
                for (i, list) in args.iter().enumerate() {
                    let list = convert(cx, list, ty)?.map_err(|e| FunctionError::argument(i, e))?;
                    items.extend(list.as_elements().unwrap_or_default().iter().cloned());
                }
                return list_with(cx, ty.element_type().unwrap_or(&Type::Dynamic), items);
            }
            for seq in args {
                items.extend(seq.as_elements().unwrap_or_default().iter().cloned());
            }
            Ok(Value::tuple(items))
        })
}

/// Flattens `value`'s nested sequences into `out`. Returns whether the
/// result is known: an unknown nested sequence (or a set with unknown
/// elements, whose length is unknown) leaves it unknown.
fn flatten_into(value: &Value, out: &mut Vec<Value>, depth: usize) -> Result<bool, FunctionError> {
    if depth > MAX_WALK_DEPTH {
        return Err(FunctionError::call("value is nested too deeply to flatten"));
    }
    if value.ty().is_set() && !value.is_wholly_known() {
        return Ok(false);
    }
    let mut known = true;
    for element in value.as_elements().unwrap_or_default() {
        let ty = element.ty();
        if element.is_dynamic() && !element.is_known() {
            known = false;
        }
        if !element.is_null() && (ty.is_list() || ty.is_set() || ty.is_tuple()) {
            if !element.is_known() {
                known = false;
                continue;
            }
            known &= flatten_into(element, out, depth + 1)?;
        } else {
            out.push(element.clone());
        }
    }
    Ok(known)
}

/// `flatten(list)`: a tuple of the elements of a list, set or tuple, with
/// nested lists, sets and tuples replaced by their (flattened) elements.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let flatten = stdlib::functions().get("flatten").unwrap().clone();
/// let nested = Value::from(vec![Value::from(vec!["a", "b"]), Value::empty_tuple(), Value::from(vec!["c"])]);
/// assert_eq!(flatten.call(&[nested]).unwrap(), Value::from(vec!["a", "b", "c"]));
/// ```
fn flatten() -> Function {
    Function::builder()
        .describe("Transforms a list, set, or tuple value into a tuple by replacing any given elements that are themselves sequences with a flattened tuple of all of the nested elements concatenated together.")
        .param(Param::new("list", Type::Dynamic))
        .returns_with(|args| {
            let value = arg(args, 0);
            if !value.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let ty = value.ty();
            if !ty.is_list() && !ty.is_set() && !ty.is_tuple() {
                return Err(FunctionError::call("can only flatten lists, sets and tuples"));
            }
            let mut out = Vec::new();
            if !flatten_into(value, &mut out, 0)? {
                return Ok(Type::Dynamic);
            }
            Ok(Type::tuple(out.iter().map(Value::ty)))
        })
        .implementation(|args, cx| {
            // No larger than the argument, which is built already (the
            // result-type rule above flattened it too).
            let mut out = Vec::new();
            if !flatten_into(arg(args, 0), &mut out, 0)? {
                return Ok(Value::Unknown(cx.return_type().clone()));
            }
            cx.charge_elements(out.len())?;
            Ok(Value::tuple(out))
        })
}

/// `reverse(list)`: the elements of a list, set or tuple in reverse order
/// (a tuple for a tuple, a list otherwise).
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let reverse = stdlib::functions().get("reverse").unwrap().clone();
/// assert_eq!(
///     reverse.call(&[Value::from(vec![1, 2, 3])]).unwrap(),
///     Value::from(vec![3, 2, 1])
/// );
/// ```
fn reverse() -> Function {
    Function::builder()
        .describe("Returns the given list with its elements in reverse order.")
        .param(Param::new("list", Type::Dynamic))
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            match &ty {
                Type::Tuple(ts) => Ok(Type::tuple(ts.iter().rev().cloned())),
                Type::List(e) | Type::Set(e) => Ok(Type::list(e.as_ref().clone())),
                _ => Err(FunctionError::argument(
                    0,
                    format!(
                        "can only reverse list or tuple values, not {}",
                        ty.friendly_name()
                    ),
                )),
            }
        })
        .implementation(|args, cx| {
            cx.charge_elements(arg(args, 0).length().unwrap_or(0))?;
            let items: Vec<Value> = arg(args, 0)
                .as_elements()
                .unwrap_or_default()
                .iter()
                .rev()
                .cloned()
                .collect();
            let ty = cx.return_type();
            match ty {
                Type::Tuple(_) => Ok(Value::tuple(items)),
                _ => list_with(cx, ty.element_type().unwrap_or(&Type::Dynamic), items),
            }
        })
}

/// Checks `slice`'s indices against each other and, where known, the
/// length. Returns them when both are known.
fn slice_indexes(args: &[Value]) -> Result<Option<(usize, usize)>, FunctionError> {
    let list = arg(args, 0);
    let length = match list.ty() {
        Type::Tuple(ts) => Some(ts.len()),
        _ => list.length(),
    };
    let index = |i: usize, what: &str| -> Result<Option<usize>, FunctionError> {
        let Some(n) = arg(args, i).as_number() else {
            return Ok(None);
        };
        let raw = whole_number(n)
            .map_err(|e| FunctionError::argument(i, format!("invalid {what} index: {e}")))?;
        let Ok(idx) = usize::try_from(raw) else {
            return Err(FunctionError::argument(
                i,
                format!("{what} index must not be less than zero"),
            ));
        };
        if length.is_some_and(|len| idx > len) {
            return Err(FunctionError::argument(
                i,
                format!("{what} index must not be greater than the length of the list"),
            ));
        }
        Ok(Some(idx))
    };
    let (start, end) = (index(1, "start")?, index(2, "end")?);
    match (start, end) {
        (Some(s), Some(e)) if s > e => Err(FunctionError::argument(
            1,
            "start index must not be greater than end index",
        )),
        (Some(s), Some(e)) => Ok(Some((s, e))),
        _ => Ok(None),
    }
}

/// `slice(list, start_index, end_index)`: the elements from `start_index`
/// (inclusive) to `end_index` (exclusive) of a list or tuple.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::Value;
/// let slice = stdlib::functions().get("slice").unwrap().clone();
/// let list = Value::from(vec!["a", "b", "c", "d"]);
/// assert_eq!(
///     slice.call(&[list, Value::from(1), Value::from(3)]).unwrap(),
///     Value::from(vec!["b", "c"])
/// );
/// ```
fn slice() -> Function {
    Function::builder()
        .describe("Extracts a subslice of the given list or tuple value.")
        .param(Param::new("list", Type::Dynamic))
        .param(Param::new("start_index", Type::Number))
        .param(Param::new("end_index", Type::Number))
        .returns_with(|args| {
            let ty = arg(args, 0).ty();
            if ty.is_set() {
                return Err(FunctionError::argument(0, "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important"));
            }
            if !ty.is_list() && !ty.is_tuple() {
                return Err(FunctionError::argument(0, "must be a list or tuple value"));
            }
            let indexes = slice_indexes(args)?;
            match (&ty, indexes) {
                (Type::List(_), _) => Ok(ty.clone()),
                (Type::Tuple(ts), Some((s, e))) => {
                    Ok(Type::tuple(ts.get(s..e).unwrap_or_default().iter().cloned()))
                }
                _ => Ok(Type::Dynamic),
            }
        })
        .implementation(|args, cx| {
            let Some((start, end)) = slice_indexes(args)? else {
                return Ok(Value::Unknown(cx.return_type().clone()));
            };
            let elements = arg(args, 0).as_elements().unwrap_or_default();
            let items = elements.get(start..end).unwrap_or_default();
            cx.charge_elements(items.len())?;
            let items = items.to_vec();
            let ty = cx.return_type();
            match ty {
                Type::Tuple(_) => Ok(Value::tuple(items)),
                _ => list_with(cx, ty.element_type().unwrap_or(&Type::Dynamic), items),
            }
        })
}

/// `chunklist(list, size)`: the list split into lists of `size` elements
/// (the last may be shorter); size `0` gives the whole list as one chunk.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let chunklist = stdlib::functions().get("chunklist").unwrap().clone();
/// let strings = |items: &[&str]| Value::list(Type::String, items.iter().map(|s| Value::from(*s))).unwrap();
/// let chunks = chunklist.call(&[strings(&["a", "b", "c"]), Value::from(2)]).unwrap();
/// assert_eq!(
///     chunks,
///     Value::list(Type::list(Type::String), [strings(&["a", "b"]), strings(&["c"])]).unwrap()
/// );
/// ```
fn chunklist() -> Function {
    Function::builder()
        .describe("Splits a single list into multiple lists where each has at most the given number of elements.")
        .param(Param::new("list", Type::list(Type::Dynamic)).describe("The list to split into chunks."))
        .param(Param::new("size", Type::Number).describe("The maximum length of each chunk. All but the last element of the result is guaranteed to be of exactly this size."))
        .returns_with(|args| Ok(Type::list(arg(args, 0).ty())))
        .implementation(|args, cx| {
            let list = arg(args, 0);
            let list_ty = list.ty();
            let size = arg(args, 1).as_number().cloned().unwrap_or_else(Number::zero);
            let size = whole_number(&size)
                .map_err(|e| FunctionError::call(format!("invalid size: {e}")))?;
            let Ok(size) = usize::try_from(size) else {
                return Err(FunctionError::call("the size argument must be positive"));
            };
            let elements = list.as_elements().unwrap_or_default();
            let elem = list_ty.element_type().cloned().unwrap_or(Type::Dynamic);
            // The chunks and their elements, before either is built.
            let count = match size {
                0 => 1,
                _ => elements.len().div_ceil(size),
            };
            cx.charge_elements(count.saturating_add(elements.len()))?;
            let chunks: Vec<Value> = if elements.is_empty() {
                Vec::new()
            } else if size == 0 {
                vec![list.clone()]
            } else {
                elements
                    .chunks(size)
                    .map(|c| list_with(cx, &elem, c.to_vec()))
                    .collect::<Result<_, _>>()?
            };
            list_with(cx, cx.return_type().element_type().unwrap_or(&list_ty), chunks)
        })
}

/// The most elements `range` generates, as in go-cty.
pub(crate) const RANGE_LIMIT: usize = 1024;

/// `range(end)`, `range(start, end)`, `range(start, end, step)`: the numbers
/// from `start` (default 0) up to but excluding `end`, `step` (default 1,
/// or -1 when `end < start`) apart. At most 1024 numbers are generated;
/// more is an error.
///
/// ```
/// use hcl_core::function::stdlib;
/// use hcl_core::{Type, Value};
/// let range = stdlib::functions().get("range").unwrap().clone();
/// assert_eq!(
///     range.call(&[Value::from(3)]).unwrap(),
///     Value::list(Type::Number, [0, 1, 2].map(Value::from)).unwrap()
/// );
/// assert!(range.call(&[Value::from(1_000_000)]).is_err());
/// ```
fn range() -> Function {
    Function::builder()
        .describe("Returns a list of numbers spread evenly over a particular range.")
        .variadic(Param::new("params", Type::Number))
        .returns(Type::list(Type::Number))
        .implementation(|args, cx| {
            let nums: Vec<Number> = args.iter().filter_map(Value::as_number).cloned().collect();
            let one = Number::from(1);
            let minus_one = Number::from(-1);
            let zero = Number::zero();
            let (start, end, step) = match nums.as_slice() {
                [end] if *end < zero => (zero.clone(), end.clone(), minus_one),
                [end] => (zero.clone(), end.clone(), one),
                [start, end] if end < start => (start.clone(), end.clone(), minus_one),
                [start, end] => (start.clone(), end.clone(), one),
                [start, end, step] => (start.clone(), end.clone(), step.clone()),
                _ => {
                    return Err(FunctionError::call(
                        "must have one, two, or three arguments",
                    ))
                }
            };
            if step == zero {
                return Err(FunctionError::argument(2, "step must not be zero"));
            }
            let down = step < zero;
            if down && end > start {
                return Err(FunctionError::argument(
                    1,
                    "end must be less than start when step is negative",
                ));
            }
            if !down && end < start {
                return Err(FunctionError::argument(
                    1,
                    "end must be greater than start when step is positive",
                ));
            }
            let mut values = Vec::new();
            let mut n = start;
            while if down { n > end } else { n < end } {
                if values.len() >= RANGE_LIMIT {
                    return Err(FunctionError::call(format!("more than {RANGE_LIMIT} values were generated; either decrease the difference between start and end or use a smaller step")));
                }
                let next = crate::function::stdlib::number::add(&n, &step)
                    .map_err(FunctionError::call)?;
                values.push(Value::Number(n));
                n = next;
            }
            // At most RANGE_LIMIT elements were built before this charge.
            cx.charge_elements(values.len())?;
            list_with(cx, &Type::Number, values)
        })
}
