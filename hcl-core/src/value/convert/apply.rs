//! Applying a [`Plan`] to a value: the value-dependent half of conversion.
//!
//! What a conversion builds is charged to a [`Budget`] before it is built:
//! the elements of every collection, tuple, map and object it makes anew
//! and the text of every number or bool it writes as a string. A
//! conversion can write a value's numbers out as decimals (a million-bit
//! integer is 300 000 digits) and rebuild every level of it, so one
//! converted several times over is as large as any other value the
//! evaluation builds.

use super::plan::{AttrFromMap, Kind, Plan};
use super::{convert_at, mismatch_message, ConversionError};
use crate::diag::excerpt;
use crate::limits::{Budget, LimitExceeded};
use crate::value::{Number, PathStep, Type, Value};

/// Why a conversion stopped: the value does not convert, or its result
/// does not fit in the budget.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The value has no counterpart of the target type.
    Convert(ConversionError),
    /// Building the result would exceed the evaluation's budget.
    Limit(LimitExceeded),
}

impl From<ConversionError> for Failure {
    fn from(e: ConversionError) -> Failure {
        Failure::Convert(e)
    }
}

impl From<LimitExceeded> for Failure {
    fn from(e: LimitExceeded) -> Failure {
        Failure::Limit(e)
    }
}

/// Converts `v`, a value of the plan's source type, found at `path`,
/// charging what it builds to `budget`.
pub(crate) fn apply(
    plan: &Plan,
    v: &Value,
    path: &mut Vec<PathStep>,
    budget: &mut Budget,
) -> Result<Value, Failure> {
    if plan.is_identity() {
        return Ok(v.clone());
    }
    match v {
        Value::Null(_) => return Ok(Value::Null(plan.out.clone())),
        Value::Unknown(_) => return Ok(Value::Unknown(plan.out.clone())),
        _ => {}
    }
    match (&plan.kind, v) {
        (Kind::FromDynamic(to), v) => convert_at(v, to, path, budget),
        (Kind::NumberToString, Value::Number(n)) => {
            // Written first: one number's text is bounded (`Number::MAX_BITS`).
            let s = n.to_string();
            budget.charge_bytes(s.len())?;
            Ok(Value::string(s))
        }
        (Kind::BoolToString, Value::Bool(b)) => {
            let s = if *b { "true" } else { "false" };
            budget.charge_bytes(s.len())?;
            Ok(Value::string(s))
        }
        // Reading decimal text takes time that grows faster than its
        // length: charged first, by the rule for very large numbers (a
        // fraction of two million digits took 3.3 s).
        (Kind::StringToNumber, Value::String(s)) => match budget
            .charge_bytes(crate::limits::large_number_cost(Number::exact_work_bytes(
                s,
            )))
            .map(|()| Number::parse_decimal(s))?
        {
            Ok(n) => {
                budget.charge_bytes(n.charged_bytes())?;
                Ok(Value::Number(n))
            }
            Err(_) => Err(ConversionError::at(path, "a number is required").into()),
        },
        (Kind::StringToBool, Value::String(s)) => Ok(string_to_bool(s, path)?),
        (Kind::ToList(elem), Value::List(_) | Value::Set(_)) => {
            let items = v.as_elements().unwrap_or_default();
            if matches!(v, Value::Set(_)) && !items.iter().all(Value::is_wholly_known) {
                // An unknown set element may turn out equal to another one,
                // so the length of the list is not known yet.
                return Ok(Value::Unknown(plan.out.clone()));
            }
            let items = each_index(items, std::iter::repeat(&**elem), path, budget)?;
            collection(&plan.out, items, Value::list, "list", path)
        }
        (Kind::ToSet(elem), Value::List(_) | Value::Set(_)) => {
            let items = v.as_elements().unwrap_or_default();
            let items = each_index(items, std::iter::repeat(&**elem), path, budget)?;
            collection(&plan.out, items, Value::set, "set", path)
        }
        (Kind::TupleToList(elems), Value::Tuple(t)) if t.len() == elems.len() => {
            let items = each_index(t.as_slice(), elems.iter(), path, budget)?;
            collection(&plan.out, items, Value::list, "list", path)
        }
        (Kind::TupleToSet(elems), Value::Tuple(t)) if t.len() == elems.len() => {
            let items = each_index(t.as_slice(), elems.iter(), path, budget)?;
            collection(&plan.out, items, Value::set, "set", path)
        }
        (Kind::TupleToTuple(elems), Value::Tuple(t)) if t.len() == elems.len() => {
            Ok(Value::tuple(each_index(t.as_slice(), elems, path, budget)?))
        }
        (Kind::SeqToTuple(elems), Value::List(_) | Value::Set(_)) => {
            let items = v.as_elements().unwrap_or_default();
            let kind = if matches!(v, Value::Set(_)) {
                "set"
            } else {
                "list"
            };
            if kind == "set" && !items.iter().all(Value::is_wholly_known) {
                return Ok(Value::Unknown(plan.out.clone()));
            }
            if items.len() != elems.len() {
                return Err(ConversionError::at(
                    path,
                    format!(
                        "incorrect {kind} length: a tuple of {} {} is required, but have {}",
                        elems.len(),
                        if elems.len() == 1 {
                            "element"
                        } else {
                            "elements"
                        },
                        items.len()
                    ),
                )
                .into());
            }
            Ok(Value::tuple(each_index(items, elems, path, budget)?))
        }
        (Kind::MapToMap(elem), Value::Map(m)) => {
            budget.charge_map(m.len())?;
            let mut entries = Vec::with_capacity(m.len());
            for (k, e) in m.iter() {
                path.push(PathStep::Key(k.to_string()));
                let r = apply(elem, e, path, budget);
                path.pop();
                entries.push((k.as_str(), r?));
            }
            collection(&plan.out, entries, Value::map, "map", path)
        }
        (Kind::ObjectToMap(names, elems), Value::Object(o))
            if o.len() == names.len() && names.len() == elems.len() =>
        {
            budget.charge_map(o.len())?;
            let mut entries = Vec::with_capacity(o.len());
            for (((k, e), name), p) in o.iter().zip(names).zip(elems.iter()) {
                if k.as_str() != name {
                    return Err(source_type_mismatch(v, path).into());
                }
                path.push(PathStep::Key(k.to_string()));
                let r = apply(p, e, path, budget);
                path.pop();
                entries.push((k.as_str(), r?));
            }
            collection(&plan.out, entries, Value::map, "map", path)
        }
        (Kind::MapToObject(attrs), Value::Map(m)) => map_to_object(attrs, m, path, budget),
        (Kind::ObjectToObject(attrs), Value::Object(o)) => {
            budget.charge_map(attrs.len())?;
            let mut out = Vec::with_capacity(attrs.len());
            for (name, p) in attrs {
                let r = match (p, o.get(name)) {
                    (Some(p), Some(e)) => {
                        path.push(PathStep::Attr(name.clone()));
                        let r = apply(p, e, path, budget);
                        path.pop();
                        r?
                    }
                    // The spec: attributes the source lacks become null.
                    _ => Value::Null(
                        plan.out
                            .attribute_type(name)
                            .cloned()
                            .unwrap_or(Type::Dynamic),
                    ),
                };
                out.push((name.as_str(), r));
            }
            Ok(Value::object(out))
        }
        (Kind::Then(first, second), v) => {
            let mid = apply(first, v, path, budget)?;
            apply(second, &mid, path, budget)
        }
        _ => Err(source_type_mismatch(v, path).into()),
    }
}

/// Plans are only applied to values of their source type (callers check),
/// so this is a safety net rather than a message users should see.
#[cold]
fn source_type_mismatch(v: &Value, path: &[PathStep]) -> ConversionError {
    ConversionError::at(
        path,
        format!(
            "value of type {} does not have the conversion's source type",
            v.ty()
        ),
    )
}

fn string_to_bool(s: &str, path: &[PathStep]) -> Result<Value, ConversionError> {
    match s {
        "true" | "1" => Ok(Value::Bool(true)),
        "false" | "0" => Ok(Value::Bool(false)),
        _ => Err(ConversionError::at(
            path,
            // The reference hints at the spelling when only the case is off.
            if s.eq_ignore_ascii_case("true") {
                "a bool is required; to convert from string, use lowercase \"true\""
            } else if s.eq_ignore_ascii_case("false") {
                "a bool is required; to convert from string, use lowercase \"false\""
            } else {
                "a bool is required"
            },
        )),
    }
}

/// Converts each of `items` with the plan beside it (callers check that
/// there are as many plans as items), charging the sequence they make.
fn each_index<'p>(
    items: &[Value],
    plans: impl IntoIterator<Item = &'p Plan>,
    path: &mut Vec<PathStep>,
    budget: &mut Budget,
) -> Result<Vec<Value>, Failure> {
    budget.charge_elements(items.len())?;
    let mut out = Vec::with_capacity(items.len());
    for ((i, e), plan) in items.iter().enumerate().zip(plans) {
        path.push(PathStep::Index(i));
        let r = apply(plan, e, path, budget);
        path.pop();
        out.push(r?);
    }
    Ok(out)
}

/// Builds a collection of the plan's output element type; elements of
/// another type (only possible when the element type was inferred from
/// the elements themselves) are an error, as in the reference.
fn collection<T, E>(
    out: &Type,
    items: T,
    build: impl FnOnce(Type, T) -> Result<Value, E>,
    kind: &str,
    path: &[PathStep],
) -> Result<Value, Failure> {
    let elem = out.element_type().cloned().unwrap_or(Type::Dynamic);
    build(elem, items).map_err(|_| {
        ConversionError::at(
            path,
            format!("element types must all match for conversion to {kind}"),
        )
        .into()
    })
}

fn map_to_object(
    attrs: &[(String, AttrFromMap)],
    m: &crate::value::Map,
    path: &mut Vec<PathStep>,
    budget: &mut Budget,
) -> Result<Value, Failure> {
    if let Some(extra) = m
        .entries()
        .keys()
        .find(|k| attrs.binary_search_by(|(n, _)| n.as_str().cmp(k)).is_err())
    {
        return Err(ConversionError::at(
            path,
            format!("unsupported attribute {}", excerpt(extra.as_str())),
        )
        .into());
    }
    budget.charge_map(attrs.len())?;
    let mut out = Vec::with_capacity(attrs.len());
    for (name, how) in attrs {
        let value = match (how, m.get(name)) {
            (AttrFromMap::Convert { plan, .. }, Some(e)) => {
                path.push(PathStep::Key(name.clone()));
                let r = apply(plan, e, path, budget);
                path.pop();
                r?
            }
            (
                AttrFromMap::Convert {
                    plan,
                    optional: true,
                },
                None,
            ) => Value::Null(plan.out.clone()),
            (
                AttrFromMap::Convert {
                    optional: false, ..
                },
                None,
            ) => {
                return Err(ConversionError::at(
                    path,
                    format!("attribute {name} is required", name = excerpt(name)),
                )
                .into());
            }
            (AttrFromMap::Incompatible { target }, Some(e)) if !e.is_null() => {
                return Err(ConversionError::at(
                    path,
                    format!(
                        "map element type is incompatible with attribute {name}: {}",
                        mismatch_message(&e.ty(), target),
                        name = excerpt(name)
                    ),
                )
                .into());
            }
            (AttrFromMap::Incompatible { target }, _) => {
                Value::Null(super::plan::strip_optional(target))
            }
        };
        out.push((name.as_str(), value));
    }
    Ok(Value::object(out))
}
