//! Why a type does not convert to another: the reference's mismatch
//! messages ("number required, but have bool", `attribute "a": …`).

use super::plan::{plan, MAX_DEPTH};
use crate::diag::excerpt;
use crate::value::Type;

/// Plans at the message's own depth, so that the two recursions together
/// stay within the depth bound.
fn convertible(from: &Type, to: &Type, depth: usize) -> bool {
    from == to || plan(from, to, depth).is_ok()
}

/// Describes, in English, why `got` does not convert to `want`, phrased as
/// what is required.
///
/// Meant for after a conversion has failed for lack of a type conversion
/// (the message is confusing when a conversion exists). Follows the
/// reference's wording; where both types are structural or collections
/// it points at the first element or attribute at fault.
///
/// ```
/// use hcl_core::value::{mismatch_message, Type};
/// assert_eq!(mismatch_message(&Type::Bool, &Type::Number), "number required, but have bool");
/// let want = Type::list(Type::object([("port", Type::Number)]));
/// let got = Type::tuple([Type::object([("port", Type::Bool)])]);
/// assert_eq!(
///     mismatch_message(&got, &want),
///     r#"element 0: attribute "port": number required, but have bool"#
/// );
/// ```
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    message(got, want, 0)
}

fn message(got: &Type, want: &Type, depth: usize) -> String {
    if depth > MAX_DEPTH {
        return format!("{} required", want.friendly_name_for_constraint());
    }
    let d = depth + 1;
    match (got, want) {
        (Type::Object(g), Type::Object(w)) => {
            // Missing attributes become null, so only a common attribute
            // of an unconvertible type can be at fault.
            for (name, wt) in w.attributes() {
                if let Some(gt) = g.attributes().get(name) {
                    if !convertible(gt, wt, d) {
                        return format!(
                            "attribute {name}: {}",
                            message(gt, wt, d),
                            name = excerpt(name)
                        );
                    }
                }
            }
            "incorrect object attributes".into()
        }
        (Type::Tuple(_), Type::List(e)) if e.is_dynamic() => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(e)) if e.is_dynamic() => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(e)) if e.is_dynamic() => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => {
            from_structural(got, want, d)
        }
        (_, _) if got.is_collection() && want.is_collection() => from_collection(got, want, d),
        (Type::List(e) | Type::Set(e), Type::Tuple(ts)) => {
            for (i, t) in ts.iter().enumerate() {
                if !convertible(e, t, d) {
                    return format!("element {i}: {}", message(e, t, d));
                }
            }
            format!("{} required", want.friendly_name_for_constraint())
        }
        (Type::Tuple(gs), Type::Tuple(ws)) if gs.len() == ws.len() => {
            for (i, (g, w)) in gs.iter().zip(ws.iter()).enumerate() {
                if !convertible(g, w, d) {
                    return format!("element {i}: {}", message(g, w, d));
                }
            }
            format!("{} required", want.friendly_name_for_constraint())
        }
        (Type::Map(e), Type::Object(o)) => {
            for (name, t) in o.attributes() {
                if !o.is_optional(name) && !convertible(e, t, d) {
                    return format!(
                        "attribute {name}: {}",
                        message(e, t, d),
                        name = excerpt(name)
                    );
                }
            }
            format!("{} required", want.friendly_name_for_constraint())
        }
        _ if !likely_to_confuse(got, want) => {
            format!(
                "{} required, but have {}",
                want.friendly_name(),
                got.friendly_name()
            )
        }
        _ => format!("{} required", want.friendly_name_for_constraint()),
    }
}

fn from_structural(got: &Type, want: &Type, d: usize) -> String {
    let wrong_kind = match want {
        Type::List(_) | Type::Set(_) => !got.is_tuple(),
        _ => !got.is_object(),
    };
    let Some(we) = want.element_type().filter(|_| !wrong_kind) else {
        return format!("{} required", want.friendly_name_for_constraint());
    };
    match got {
        Type::Tuple(es) => {
            for (i, e) in es.iter().enumerate() {
                if !convertible(e, we, d) {
                    return format!("element {i}: {}", message(e, we, d));
                }
            }
        }
        Type::Object(o) => {
            for (name, t) in o.attributes() {
                if !convertible(t, we, d) {
                    return format!("element {}: {}", excerpt(name), message(t, we, d));
                }
            }
        }
        _ => {}
    }
    format!("all elements must be {}", we.friendly_name_for_constraint())
}

fn from_collection(got: &Type, want: &Type, d: usize) -> String {
    let (noun, kind_ok) = match want {
        Type::List(_) => ("list", got.is_list() || got.is_set()),
        Type::Set(_) => ("set", got.is_list() || got.is_set()),
        _ => ("map", got.is_map()),
    };
    match (got.element_type(), want.element_type()) {
        (Some(ge), Some(we)) if kind_ok => {
            format!("incorrect {noun} element type: {}", message(ge, we, d))
        }
        _ => format!("{} required", want.friendly_name_for_constraint()),
    }
}

/// Whether "X required, but have Y" would mislead: the reference names
/// both types only where the kinds plainly differ.
fn likely_to_confuse(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() {
        return false;
    }
    if *want == Type::String {
        return false;
    }
    if matches!(
        (got, want),
        (Type::Bool, Type::Number) | (Type::Number, Type::Bool)
    ) {
        return false;
    }
    if let (Some(ge), Some(we)) = (got.element_type(), want.element_type()) {
        // Naming inexact element types makes readers blame the
        // inexactness rather than the collection kind.
        if !ge.has_dynamic() && we.has_dynamic() {
            return false;
        }
    }
    if (got.is_tuple() && want.is_object()) || (got.is_object() && want.is_tuple()) {
        return false;
    }
    true
}
