//! One test per paragraph of "Values and Value Types".

use super::*;

fn n(i: i64) -> Value {
    Value::from(i)
}

#[test]
fn values_each_value_has_a_type() {
    let cases: Vec<(Value, Type)> = vec![
        (Value::from(true), Type::Bool),
        (n(1), Type::Number),
        (Value::from("s"), Type::String),
        (Value::list(Type::Bool, []).unwrap(), Type::list(Type::Bool)),
        (
            Value::set(Type::Number, [n(1)]).unwrap(),
            Type::set(Type::Number),
        ),
        (
            Value::map(Type::String, [("k", Value::from("v"))]).unwrap(),
            Type::map(Type::String),
        ),
        (
            Value::tuple([n(1), Value::from("a")]),
            Type::tuple([Type::Number, Type::String]),
        ),
        (
            Value::object([("b", n(1)), ("a", Value::from(false))]),
            Type::object([("a", Type::Bool), ("b", Type::Number)]),
        ),
        (Value::dynamic(), Type::Dynamic),
    ];
    for (v, t) in cases {
        assert_eq!(v.ty(), t, "{v:?}");
    }
}

#[test]
fn primitive_strings_equal_after_nfc_normalization() {
    let decomposed = Value::from("cafe\u{301}");
    let composed = Value::from("caf\u{e9}");
    assert_eq!(decomposed.as_str(), Some("caf\u{e9}"));
    assert_eq!(decomposed, composed);
    // Map keys and object attribute names are strings too.
    let o = Value::object([("e\u{301}", n(1))]);
    assert!(o.as_entries().unwrap().contains_key("\u{e9}"));
}

#[test]
fn primitive_bools_equal_iff_both_true_or_both_false() {
    for (a, b, eq) in [
        (true, true, true),
        (false, false, true),
        (true, false, false),
    ] {
        assert_eq!(Value::from(a).equals(&Value::from(b)), Value::Bool(eq));
    }
}

#[test]
fn collection_types_are_distinct_per_kind_and_element_type() {
    let empty_strings = Value::list(Type::String, []).unwrap();
    let empty_numbers = Value::list(Type::Number, []).unwrap();
    assert_ne!(empty_strings, empty_numbers);
    assert_eq!(empty_strings.equals(&empty_numbers), Value::Bool(false));
    let set = Value::set(Type::String, []).unwrap();
    assert_eq!(empty_strings.equals(&set), Value::Bool(false));
}

#[test]
fn collection_elements_must_have_the_element_type() {
    let err = Value::list(Type::String, [Value::from("a"), n(1)]).unwrap_err();
    assert_eq!(
        err,
        ValueError::ElementType {
            index: 1,
            expected: Type::String,
            found: Type::Number
        }
    );
    assert!(Value::map(Type::Number, [("a", Value::from("x"))]).is_err());
    assert!(Value::set(Type::Bool, [n(0)]).is_err());
    // Nulls and unknowns of the element type are elements like any other.
    assert!(Value::list(
        Type::String,
        [Value::null(Type::String), Value::unknown(Type::String)]
    )
    .is_ok());
}

#[test]
fn collection_equality_compares_length_and_corresponding_elements() {
    let l = |items: &[i64]| Value::list(Type::Number, items.iter().map(|&i| n(i))).unwrap();
    assert_eq!(l(&[1, 2]).equals(&l(&[1, 2])), Value::Bool(true));
    assert_eq!(l(&[1, 2]).equals(&l(&[2, 1])), Value::Bool(false));
    assert_eq!(l(&[1, 2]).equals(&l(&[1, 2, 3])), Value::Bool(false));
    let m = |v: i64| Value::map(Type::Number, [("a", n(v))]).unwrap();
    assert_eq!(m(1).equals(&m(1)), Value::Bool(true));
    assert_eq!(m(1).equals(&m(2)), Value::Bool(false));
}

#[test]
fn collection_sets_hold_distinct_elements_in_deterministic_order() {
    let a = Value::set(Type::String, ["b", "a", "b", "c"].map(Value::from)).unwrap();
    let b = Value::set(Type::String, ["c", "b", "a"].map(Value::from)).unwrap();
    assert_eq!(a.length(), Some(3));
    assert_eq!(a.as_elements(), b.as_elements());
    let strs: Vec<&str> = a
        .as_elements()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(strs, ["a", "b", "c"]);
}

#[test]
fn structural_equality_compares_attributes_and_elements() {
    let o1 = Value::object([("a", n(1)), ("b", Value::from("x"))]);
    let o2 = Value::object([("b", Value::from("x")), ("a", n(1))]);
    assert_eq!(o1.equals(&o2), Value::Bool(true));
    let o3 = Value::object([("a", n(1))]);
    assert_eq!(o1.equals(&o3), Value::Bool(false));
    let t1 = Value::tuple([n(1), Value::from("x")]);
    assert_eq!(
        t1.equals(&Value::tuple([n(1), Value::from("x")])),
        Value::Bool(true)
    );
    assert_eq!(
        t1.equals(&Value::tuple([Value::from("x"), n(1)])),
        Value::Bool(false)
    );
}

#[test]
fn null_values_exist_for_every_type_and_equal_themselves() {
    for t in [
        Type::String,
        Type::list(Type::Number),
        Type::empty_object(),
        Type::Dynamic,
    ] {
        let v = Value::null(t.clone());
        assert!(v.is_null());
        assert_eq!(v.ty(), t);
        assert_eq!(v.equals(&v), Value::Bool(true));
    }
}

#[test]
fn unknown_values_are_distinct_per_type() {
    let us = Value::unknown(Type::String);
    let un = Value::unknown(Type::Number);
    assert_ne!(us, un);
    assert!(!us.is_known());
    assert_eq!(us.ty(), Type::String);
    assert_eq!(Value::dynamic().ty(), Type::Dynamic);
}

#[test]
fn unknown_values_make_equality_unknown() {
    assert_eq!(
        n(1).equals(&Value::unknown(Type::Number)),
        Value::unknown(Type::Bool)
    );
    assert_eq!(Value::dynamic().equals(&n(1)), Value::unknown(Type::Bool));
}

#[test]
fn unknown_values_inside_collections_are_not_wholly_known() {
    let l = Value::list(Type::Number, [n(1), Value::unknown(Type::Number)]).unwrap();
    assert!(l.is_known());
    assert!(!l.is_wholly_known());
}

#[test]
fn from_impls_cover_rust_primitives_and_containers() {
    assert_eq!(Value::from(Some("x")), Value::from("x"));
    assert_eq!(Value::from(None::<bool>), Value::null(Type::Dynamic));
    assert_eq!(Value::from(f64::NAN), Value::null(Type::Number));
    let t = Value::from(vec![1i64, 2]);
    assert_eq!(t.ty(), Type::tuple([Type::Number, Type::Number]));
    let o = Value::from(std::collections::BTreeMap::from([("k", true)]));
    assert_eq!(o.ty(), Type::object([("k", Type::Bool)]));
}

#[test]
fn values_are_small_and_thread_safe() {
    fn check<T: Send + Sync>() {}
    check::<Value>();
    check::<Type>();
    assert!(
        std::mem::size_of::<Value>() <= 24,
        "{}",
        std::mem::size_of::<Value>()
    );
}
