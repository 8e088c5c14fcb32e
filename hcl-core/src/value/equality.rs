//! The three comparisons of values: the language's equality (which may be
//! unknown), raw equality (`PartialEq`) and the set order.

use std::cmp::Ordering;

use super::{Type, Value};

/// The language's equality: `None` when the answer depends on an unknown.
pub(super) fn equals(a: &Value, b: &Value) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(_), Value::Unknown(_)) => return None,
        (Value::Unknown(u), k) | (k, Value::Unknown(u)) => {
            // A null equals a null of any type, so a known null against an
            // unknown must wait; otherwise different types can never meet.
            if k.is_null() || u.has_dynamic() || could_conform(&k.ty(), u) {
                return None;
            }
            return Some(false);
        }
        _ => {}
    }
    match (a, b) {
        (Value::Null(_), Value::Null(_)) => return Some(true),
        (Value::Null(_), _) | (_, Value::Null(_)) => return Some(false),
        _ => {}
    }
    let (ta, tb) = (a.ty(), b.ty());
    if ta.has_dynamic() || tb.has_dynamic() {
        if !could_conform(&ta, &tb) {
            return Some(false);
        }
    } else if ta != tb {
        return Some(false);
    }
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Number(x), Value::Number(y)) => Some(x == y),
        (Value::String(x), Value::String(y)) => Some(x == y),
        (Value::List(x), Value::List(y)) => all_equal(x.as_slice(), y.as_slice()),
        (Value::Tuple(x), Value::Tuple(y)) => all_equal(x.as_slice(), y.as_slice()),
        (Value::Set(x), Value::Set(y)) => {
            // Equal sets have equal members; an unknown member could be
            // anything, so any unknown makes the answer unknown.
            if !x.iter().chain(y.iter()).all(Value::is_wholly_known) {
                return None;
            }
            Some(x.len() == y.len() && x.iter().all(|e| y.contains(e)))
        }
        (Value::Map(x), Value::Map(y)) => {
            if x.len() != y.len() || x.entries().keys().ne(y.entries().keys()) {
                return Some(false);
            }
            all_equal_iter(x.values().zip(y.values()))
        }
        (Value::Object(x), Value::Object(y)) => all_equal_iter(x.values().zip(y.values())),
        (Value::Capsule(x), Value::Capsule(y)) => Some(x.payload_equals(y)),
        _ => Some(false),
    }
}

fn all_equal(a: &[Value], b: &[Value]) -> Option<bool> {
    if a.len() != b.len() {
        return Some(false);
    }
    all_equal_iter(a.iter().zip(b))
}

/// Definitely-unequal wins over unknown: `[1, unknown] == [2, 3]` is false.
fn all_equal_iter<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>) -> Option<bool> {
    let mut unknown = false;
    for (x, y) in pairs {
        match equals(x, y) {
            Some(false) => return Some(false),
            None => unknown = true,
            Some(true) => {}
        }
    }
    if unknown {
        None
    } else {
        Some(true)
    }
}

/// Whether two types, once their dynamic parts are known, could be identical.
fn could_conform(a: &Type, b: &Type) -> bool {
    a.matches(b) || b.matches(a) || {
        match (a, b) {
            (Type::List(x), Type::List(y))
            | (Type::Map(x), Type::Map(y))
            | (Type::Set(x), Type::Set(y)) => could_conform(x, y),
            (Type::Tuple(x), Type::Tuple(y)) => {
                x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| could_conform(p, q))
            }
            (Type::Object(x), Type::Object(y)) => {
                x.attributes().len() == y.attributes().len()
                    && x.attributes()
                        .iter()
                        .zip(y.attributes())
                        .all(|((n, p), (m, q))| n == m && could_conform(p, q))
            }
            _ => false,
        }
    }
}

/// Structural identity: same variant, identical types, equal contents.
pub(super) fn raw_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null(x), Value::Null(y)) | (Value::Unknown(x), Value::Unknown(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::List(x), Value::List(y)) => {
            x.element_type() == y.element_type() && x.as_slice() == y.as_slice()
        }
        (Value::Set(x), Value::Set(y)) => {
            x.element_type() == y.element_type() && x.as_slice() == y.as_slice()
        }
        (Value::Map(x), Value::Map(y)) => {
            x.element_type() == y.element_type() && x.entries() == y.entries()
        }
        (Value::Tuple(x), Value::Tuple(y)) => x.as_slice() == y.as_slice(),
        (Value::Object(x), Value::Object(y)) => x.entries() == y.entries(),
        (Value::Capsule(x), Value::Capsule(y)) => x.payload_equals(y),
        _ => false,
    }
}

/// The deterministic order of set elements (see [`Value::set_order`]).
pub(super) fn set_order(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Null(_) => 0,
            Value::Bool(_) => 1,
            Value::Number(_) => 2,
            Value::String(_) => 3,
            Value::List(_) => 4,
            Value::Set(_) => 5,
            Value::Tuple(_) => 6,
            Value::Map(_) => 7,
            Value::Object(_) => 8,
            Value::Capsule(_) => 9,
            Value::Unknown(_) => 10,
        }
    }
    // Nulls sort after every other element, unknowns included, as in
    // go-cty (`toset(["b", null, "a"])` is `["a", "b", null]`).
    let (na, nb) = (a.is_null(), b.is_null());
    if na != nb {
        return na.cmp(&nb);
    }
    // Unknowns stay in insertion order (a stable sort keeps it) and after
    // every known value; partially unknown values sort after known ones too.
    let (ka, kb) = (a.is_wholly_known(), b.is_wholly_known());
    if ka != kb {
        return kb.cmp(&ka);
    }
    if !ka {
        return Ordering::Equal;
    }
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        (Value::String(x), Value::String(y)) => x.as_str().cmp(y.as_str()),
        (Value::List(x), Value::List(y)) => seq_order(x.as_slice(), y.as_slice()),
        (Value::Set(x), Value::Set(y)) => seq_order(x.as_slice(), y.as_slice()),
        (Value::Tuple(x), Value::Tuple(y)) => seq_order(x.as_slice(), y.as_slice()),
        (Value::Map(x), Value::Map(y)) => entries_order(x.iter(), y.iter(), x.len(), y.len()),
        (Value::Object(x), Value::Object(y)) => entries_order(x.iter(), y.iter(), x.len(), y.len()),
        (Value::Null(x), Value::Null(y)) => x.to_string().cmp(&y.to_string()),
        (Value::Capsule(x), Value::Capsule(y)) => {
            if x.payload_equals(y) {
                Ordering::Equal
            } else {
                // No order is defined for payloads; the allocation address
                // is stable for the life of the values.
                let pa = std::sync::Arc::as_ptr(x.payload()) as *const u8 as usize;
                let pb = std::sync::Arc::as_ptr(y.payload()) as *const u8 as usize;
                pa.cmp(&pb)
            }
        }
        _ => rank(a).cmp(&rank(b)),
    }
}

fn seq_order(a: &[Value], b: &[Value]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| {
        a.iter()
            .zip(b)
            .map(|(x, y)| set_order(x, y))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

fn entries_order<'a>(
    a: impl Iterator<Item = (&'a super::Str, &'a Value)>,
    b: impl Iterator<Item = (&'a super::Str, &'a Value)>,
    la: usize,
    lb: usize,
) -> Ordering {
    la.cmp(&lb).then_with(|| {
        a.zip(b)
            .map(|((ka, va), (kb, vb))| {
                ka.as_str().cmp(kb.as_str()).then_with(|| set_order(va, vb))
            })
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::value::Type;

    fn n(i: i64) -> Value {
        Value::from(i)
    }

    #[test]
    fn equality_requires_identical_types() {
        assert_eq!(equals(&n(1), &Value::from("1")), Some(false));
        let l = Value::list(Type::Number, [n(1)]).unwrap();
        let s = Value::set(Type::Number, [n(1)]).unwrap();
        let t = Value::tuple([n(1)]);
        assert_eq!(equals(&l, &s), Some(false));
        assert_eq!(equals(&l, &t), Some(false));
        assert_eq!(equals(&l, &l.clone()), Some(true));
        let empty_s = Value::list(Type::String, []).unwrap();
        let empty_n = Value::list(Type::Number, []).unwrap();
        assert_eq!(equals(&empty_s, &empty_n), Some(false));
    }

    #[test]
    fn equality_strings_compare_after_nfc_normalisation() {
        assert_eq!(
            equals(&Value::from("e\u{301}"), &Value::from("\u{e9}")),
            Some(true)
        );
    }

    #[test]
    fn equality_with_unknown_operands_is_unknown() {
        let u = Value::unknown(Type::Number);
        assert_eq!(equals(&u, &n(1)), None);
        assert_eq!(equals(&u, &u), None);
        assert_eq!(equals(&Value::dynamic(), &Value::from("x")), None);
        // The types alone settle it: a string can never equal a number.
        assert_eq!(equals(&u, &Value::from("x")), Some(false));
        let partly = Value::tuple([n(1), Value::unknown(Type::Number)]);
        assert_eq!(equals(&partly, &Value::tuple([n(1), n(2)])), None);
        assert_eq!(equals(&partly, &Value::tuple([n(2), n(2)])), Some(false));
    }

    #[test]
    fn equality_null_values_equal_each_other() {
        assert_eq!(
            equals(&Value::null(Type::String), &Value::null(Type::Dynamic)),
            Some(true)
        );
        assert_eq!(
            equals(&Value::null(Type::String), &Value::from("")),
            Some(false)
        );
        assert_eq!(
            equals(&Value::null(Type::String), &Value::unknown(Type::String)),
            None
        );
    }

    #[test]
    fn equality_sets_compare_members_regardless_of_insertion_order() {
        let a = Value::set(Type::Number, [n(3), n(1), n(2)]).unwrap();
        let b = Value::set(Type::Number, [n(2), n(3), n(1), n(1)]).unwrap();
        assert_eq!(equals(&a, &b), Some(true));
        assert_eq!(a, b);
        let c = Value::set(Type::Number, [n(1), Value::unknown(Type::Number)]).unwrap();
        assert_eq!(equals(&c, &c), None);
    }

    #[test]
    fn set_order_puts_nulls_after_everything() {
        let s = Value::set(
            Type::String,
            [
                Value::null(Type::String),
                Value::unknown(Type::String),
                Value::from("b"),
                Value::from("a"),
            ],
        )
        .unwrap();
        let Value::Set(s) = s else { unreachable!() };
        assert_eq!(s.as_slice()[0], Value::from("a"));
        assert_eq!(s.as_slice()[1], Value::from("b"));
        assert!(!s.as_slice()[2].is_known());
        assert!(s.as_slice()[3].is_null());
    }

    #[test]
    fn set_order_sorts_known_values_and_puts_unknowns_last() {
        let s = Value::set(
            Type::String,
            [
                Value::unknown(Type::String),
                Value::from("b"),
                Value::from("a"),
                Value::unknown(Type::String),
            ],
        )
        .unwrap();
        let Value::Set(s) = s else { unreachable!() };
        assert_eq!(s.len(), 4, "unknown elements are never merged");
        assert_eq!(s.as_slice()[0], Value::from("a"));
        assert!(!s.as_slice()[3].is_known());
    }
}
