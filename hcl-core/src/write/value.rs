//! [`Value`] → expression text that evaluates back to an equal value.

use super::layout::Writer;
use super::{WriteError, WriteErrorKind};
use crate::value::{Type, Value};

/// How deeply values may nest before writing gives up (values built by
/// evaluation are bounded far below this; a hand-built one might not be).
pub(super) const MAX_DEPTH: usize = 256;

/// Writes `v` at the writer's position; `path` names it in errors.
pub(super) fn write_value(
    w: &mut Writer,
    v: &Value,
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    if depth > MAX_DEPTH {
        return Err(WriteError::new(path, WriteErrorKind::TooDeep));
    }
    if w.literal_values() {
        match v {
            Value::Null(_) => {
                w.null();
                return Ok(());
            }
            Value::List(_) | Value::Set(_) => {
                let items = v.as_elements().unwrap_or_default();
                return write_elements(w, items, path, depth);
            }
            Value::Map(m) => {
                return write_entries(
                    w,
                    m.iter().map(|(k, v)| (k.as_str(), v)),
                    m.len(),
                    path,
                    depth,
                );
            }
            _ => {}
        }
    }
    match v {
        Value::Unknown(_) => return Err(WriteError::new(path, WriteErrorKind::Unknown)),
        Value::Capsule(c) => {
            return Err(WriteError::new(
                path,
                WriteErrorKind::Capsule(c.capsule_type().name().to_owned()),
            ))
        }
        Value::Null(ty) => write_null(w, ty, path, depth)?,
        Value::Bool(b) => w.bool(*b),
        Value::Number(n) => {
            if !w.number(n) {
                return Err(WriteError::new(path, WriteErrorKind::Infinity));
            }
        }
        Value::String(s) => w.string(s),
        Value::Tuple(t) => write_elements(w, t.as_slice(), path, depth)?,
        Value::Object(o) => write_entries(
            w,
            o.iter().map(|(k, v)| (k.as_str(), v)),
            o.len(),
            path,
            depth,
        )?,
        Value::List(l) => write_collection(
            w,
            "tolist",
            l.element_type(),
            l.is_empty(),
            path,
            depth,
            |w, path| write_elements(w, l.as_slice(), path, depth),
        )?,
        Value::Set(s) => write_collection(
            w,
            "toset",
            s.element_type(),
            s.is_empty(),
            path,
            depth,
            |w, path| write_elements(w, s.as_slice(), path, depth),
        )?,
        Value::Map(m) => write_collection(
            w,
            "tomap",
            m.element_type(),
            m.is_empty(),
            path,
            depth,
            |w, path| {
                write_entries(
                    w,
                    m.iter().map(|(k, v)| (k.as_str(), v)),
                    m.len(),
                    path,
                    depth,
                )
            },
        )?,
    }
    Ok(())
}

/// A list, set or map: `tolist([...])` for a non-empty one (the elements'
/// types unify to the element type); for an empty one whose element type
/// is not dynamic, a conditional whose false branch converts to the type
/// of the true branch: `false ? tolist([""]) : tolist([])` is an empty
/// `list(string)`.
fn write_collection(
    w: &mut Writer,
    function: &str,
    element: &Type,
    empty: bool,
    path: &mut String,
    depth: usize,
    items: impl FnOnce(&mut Writer, &mut String) -> Result<(), WriteError>,
) -> Result<(), WriteError> {
    if empty && *element != Type::Dynamic {
        let ty = match function {
            "tolist" => Type::list(element.clone()),
            "toset" => Type::set(element.clone()),
            _ => Type::map(element.clone()),
        };
        w.raw("false ? ");
        write_witness(w, &ty, path, depth + 1)?;
        w.raw(" : ");
        w.raw(function);
        w.raw(if function == "tomap" { "({})" } else { "([])" });
        return Ok(());
    }
    w.raw(function);
    w.raw("(");
    items(w, path)?;
    w.raw(")");
    Ok(())
}

/// A typed null: a conditional whose null branch converts to the other's
/// type, `false ? "" : null`, `false ? tolist([""]) : null`.
fn write_null(
    w: &mut Writer,
    ty: &Type,
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    match ty {
        Type::Dynamic => w.null(),
        // `tostring(null)` is a null of any type (go-cty 1.12: conversions
        // of a dynamic argument are dynamic); a conditional's result has
        // the type both arms unify to.
        _ => {
            w.raw("false ? ");
            write_witness(w, ty, path, depth + 1)?;
            w.raw(" : null");
        }
    }
    Ok(())
}

/// Some value of exactly type `ty`, for the conditionals that give typed
/// nulls and empty collections their type.
fn write_witness(
    w: &mut Writer,
    ty: &Type,
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    if depth > MAX_DEPTH {
        return Err(WriteError::new(path, WriteErrorKind::TooDeep));
    }
    let value = match witness(ty) {
        Some(v) => v,
        None => {
            return Err(WriteError::new(
                path,
                WriteErrorKind::Capsule(ty.friendly_name().to_string()),
            ))
        }
    };
    write_value(w, &value, path, depth)
}

/// A value of type `ty` (non-empty where the type has an element type, so
/// that it carries the type); `None` for capsule types.
fn witness(ty: &Type) -> Option<Value> {
    witness_within(ty, MAX_DEPTH)
}

/// [`witness`] for types at most `depth` deep (`None` beyond: such values
/// are refused as too deep anyway).
fn witness_within(ty: &Type, depth: usize) -> Option<Value> {
    let depth = depth.checked_sub(1)?;
    let witness = |t: &Type| witness_within(t, depth);
    Some(match ty {
        Type::Dynamic => Value::null(Type::Dynamic),
        Type::String => Value::from(""),
        Type::Number => Value::from(0),
        Type::Bool => Value::from(false),
        Type::List(e) if **e == Type::Dynamic => Value::list(Type::Dynamic, []).ok()?,
        Type::Set(e) if **e == Type::Dynamic => Value::set(Type::Dynamic, []).ok()?,
        Type::Map(e) if **e == Type::Dynamic => {
            Value::map(Type::Dynamic, std::iter::empty::<(&str, Value)>()).ok()?
        }
        Type::List(e) => Value::list((**e).clone(), [witness(e)?]).ok()?,
        Type::Set(e) => Value::set((**e).clone(), [witness(e)?]).ok()?,
        Type::Map(e) => Value::map((**e).clone(), [("k", witness(e)?)]).ok()?,
        Type::Tuple(items) => Value::tuple(items.iter().map(&witness).collect::<Option<Vec<_>>>()?),
        Type::Object(o) => Value::object(
            o.attributes()
                .iter()
                .map(|(k, t)| Some((k.as_str(), witness(t)?)))
                .collect::<Option<Vec<_>>>()?,
        ),
        Type::Capsule(_) => return None,
    })
}

/// Whether writing `v` takes more than one line (a non-empty object, or a
/// tuple holding one).
fn spans_lines(v: &Value, literal: bool) -> bool {
    if literal {
        return match v {
            Value::Object(o) => !o.is_empty(),
            Value::Map(m) => !m.is_empty(),
            Value::Null(_) => false,
            _ => v
                .as_elements()
                .is_some_and(|items| items.iter().any(|v| spans_lines_within(v, MAX_DEPTH))),
        };
    }
    spans_lines_within(v, MAX_DEPTH)
}

/// [`spans_lines`], looking at most `depth` levels down (deeper values
/// are refused by the writer anyway).
fn spans_lines_within(v: &Value, depth: usize) -> bool {
    let Some(depth) = depth.checked_sub(1) else {
        return false;
    };
    let any = |items: &[Value]| items.iter().any(|v| spans_lines_within(v, depth));
    match v {
        Value::Object(o) => !o.is_empty(),
        Value::Map(m) if !m.is_empty() => true,
        Value::Tuple(t) => any(t.as_slice()),
        Value::List(l) if !l.is_empty() => any(l.as_slice()),
        Value::Set(s) if !s.is_empty() => any(s.as_slice()),
        // Typed nulls and empty collections are written with a witness of
        // their type, which may hold an object.
        Value::Null(Type::Dynamic | Type::String | Type::Number | Type::Bool) => false,
        Value::Null(ty) => witness(ty).is_some_and(|w| spans_lines_within(&w, depth)),
        Value::List(_) | Value::Set(_) | Value::Map(_) => {
            v.ty() != Type::list(Type::Dynamic)
                && v.ty() != Type::set(Type::Dynamic)
                && v.ty() != Type::map(Type::Dynamic)
                && witness(&v.ty()).is_some_and(|w| spans_lines_within(&w, depth))
        }
        _ => false,
    }
}

fn write_elements(
    w: &mut Writer,
    items: &[Value],
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    let literal = w.literal_values();
    w.begin_tuple(items.iter().any(|v| spans_lines(v, literal)));
    for (i, item) in items.iter().enumerate() {
        w.element(false);
        let len = path.len();
        path.push_str(&format!("[{i}]"));
        write_value(w, item, path, depth + 1)?;
        path.truncate(len);
    }
    w.end_tuple();
    Ok(())
}

fn write_entries<'a>(
    w: &mut Writer,
    entries: impl Iterator<Item = (&'a str, &'a Value)>,
    len: usize,
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    w.begin_object(len == 0);
    if len == 0 {
        return Ok(());
    }
    for (k, v) in entries {
        w.key(k);
        let at = path.len();
        super::push_path_key(path, k);
        write_value(w, v, path, depth + 1)?;
        path.truncate(at);
        w.end_item();
    }
    w.end_object();
    Ok(())
}
