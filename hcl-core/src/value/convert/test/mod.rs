//! One table per rule of "Type Conversions and Unification" (conversion
//! half); expected values are written from the spec, or from go-cty where
//! the spec is silent.

mod collection;
mod mismatch;
mod primitive;
mod reference;

use crate::value::{
    conversion_safety, convert, convert_safe, Capsule, CapsuleType, Conversion, Safety, Type, Value,
};

pub(super) fn s(x: &str) -> Value {
    Value::from(x)
}
pub(super) fn n(x: i64) -> Value {
    Value::from(x)
}
pub(super) fn list(t: Type, items: Vec<Value>) -> Value {
    Value::list(t, items).unwrap()
}
pub(super) fn set(t: Type, items: Vec<Value>) -> Value {
    Value::set(t, items).unwrap()
}
pub(super) fn map(t: Type, items: Vec<(&str, Value)>) -> Value {
    Value::map(t, items).unwrap()
}
pub(super) fn obj(items: Vec<(&str, Value)>) -> Value {
    Value::object(items)
}
pub(super) fn tup(items: Vec<Value>) -> Value {
    Value::tuple(items)
}
pub(super) fn oty(attrs: Vec<(&str, Type)>) -> Type {
    Type::object(attrs)
}

/// Each case: value, target, expected result (`Err` holds the error's
/// Display).
pub(super) type Case = (Value, Type, Result<Value, &'static str>);

#[track_caller]
pub(super) fn check(cases: Vec<Case>) {
    for (value, to, want) in cases {
        let got = convert(&value, &to).map_err(|e| e.to_string());
        match (&got, &want) {
            (Ok(g), Ok(w)) => {
                assert_eq!(g, w, "converting {value:?} to {to}");
                assert_eq!(g.ty(), w.ty(), "type of {value:?} converted to {to}");
            }
            (Err(g), Err(w)) => assert_eq!(g, w, "converting {value:?} to {to}"),
            _ => panic!("converting {value:?} to {to}: got {got:?}, want {want:?}"),
        }
    }
}

#[track_caller]
pub(super) fn check_safety(cases: Vec<(Type, Type, Option<Safety>)>) {
    for (from, to, want) in cases {
        assert_eq!(conversion_safety(&from, &to), want, "{from} -> {to}");
    }
}

#[test]
fn conversion_to_itself_is_a_no_op() {
    let values = [
        s("x"),
        n(1),
        Value::Bool(false),
        list(Type::String, vec![s("a")]),
        set(Type::Number, vec![n(2), n(1)]),
        map(Type::Bool, vec![("k", Value::Bool(true))]),
        tup(vec![s("a"), n(1)]),
        obj(vec![("a", n(1))]),
        Value::unknown(Type::list(Type::String)),
        Value::null(Type::String),
    ];
    for v in values {
        assert_eq!(convert(&v, &v.ty()).unwrap(), v);
        assert_eq!(convert_safe(&v, &v.ty()).unwrap(), v);
        assert_eq!(conversion_safety(&v.ty(), &v.ty()), Some(Safety::Safe));
    }
}

#[test]
fn conversion_null_converts_to_any_type() {
    check(vec![
        (
            Value::null(Type::Bool),
            Type::Number,
            Ok(Value::null(Type::Number)),
        ),
        (
            Value::null(Type::String),
            Type::list(Type::String),
            Ok(Value::null(Type::list(Type::String))),
        ),
        (
            Value::null(Type::Number),
            Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["b"]),
            Ok(Value::null(oty(vec![
                ("a", Type::String),
                ("b", Type::Number),
            ]))),
        ),
        // A dynamic target keeps the value verbatim.
        (
            Value::null(Type::String),
            Type::Dynamic,
            Ok(Value::null(Type::String)),
        ),
        // A target with dynamic parts takes them from the source.
        (
            Value::null(Type::list(Type::String)),
            Type::list(Type::Dynamic),
            Ok(Value::null(Type::list(Type::String))),
        ),
        (
            tup(vec![Value::null(Type::String)]),
            Type::list(Type::Number),
            Ok(list(Type::Number, vec![Value::null(Type::Number)])),
        ),
    ]);
    // Nulls inside tuples and objects too, where the types alone do not
    // convert.
    check(vec![
        (
            tup(vec![Value::null(Type::Bool), n(1)]),
            Type::list(Type::Number),
            Ok(list(Type::Number, vec![Value::null(Type::Number), n(1)])),
        ),
        (
            tup(vec![Value::null(Type::Bool), n(1)]),
            Type::list(Type::Dynamic),
            Ok(list(Type::Number, vec![Value::null(Type::Number), n(1)])),
        ),
        (
            obj(vec![
                ("a", tup(vec![Value::null(Type::Number)])),
                ("b", s("x")),
            ]),
            oty(vec![("a", Type::list(Type::Bool)), ("b", Type::String)]),
            Ok(obj(vec![
                ("a", list(Type::Bool, vec![Value::null(Type::Bool)])),
                ("b", s("x")),
            ])),
        ),
        (
            tup(vec![Value::null(Type::Bool), Value::Bool(true)]),
            Type::list(Type::Number),
            Err("element 1: number required, but have bool"),
        ),
    ]);
    assert_eq!(
        convert_safe(
            &tup(vec![Value::null(Type::Bool)]),
            &Type::list(Type::Number)
        )
        .unwrap(),
        list(Type::Number, vec![Value::null(Type::Number)])
    );
    // Safe, whatever the types.
    for to in [Type::Number, Type::Bool, Type::set(Type::Bool)] {
        assert_eq!(
            convert_safe(&Value::null(Type::String), &to).unwrap(),
            Value::null(to)
        );
    }
}

#[test]
fn conversion_from_dynamic_gives_unknown_of_target() {
    check(vec![
        (
            Value::dynamic(),
            Type::String,
            Ok(Value::unknown(Type::String)),
        ),
        (
            Value::dynamic(),
            Type::list(Type::Number),
            Ok(Value::unknown(Type::list(Type::Number))),
        ),
        (
            Value::null(Type::Dynamic),
            Type::Bool,
            Ok(Value::null(Type::Bool)),
        ),
        (
            list(Type::Dynamic, vec![Value::dynamic()]),
            Type::list(Type::String),
            Ok(list(Type::String, vec![Value::unknown(Type::String)])),
        ),
    ]);
    check_safety(vec![
        (Type::Dynamic, Type::String, Some(Safety::Safe)),
        (
            Type::Dynamic,
            oty(vec![("a", Type::Bool)]),
            Some(Safety::Safe),
        ),
        (
            Type::list(Type::Dynamic),
            Type::set(Type::Number),
            Some(Safety::Unsafe),
        ),
    ]);
}

#[test]
fn conversion_to_dynamic_is_identity() {
    for v in [
        n(1),
        tup(vec![s("a"), Value::dynamic()]),
        Value::unknown(Type::Bool),
        Value::null(Type::Number),
        obj(vec![("x", set(Type::String, vec![s("q")]))]),
    ] {
        assert_eq!(convert(&v, &Type::Dynamic).unwrap(), v);
        assert_eq!(convert(&v, &Type::Dynamic).unwrap().ty(), v.ty());
        assert_eq!(
            conversion_safety(&v.ty(), &Type::Dynamic),
            Some(Safety::Safe)
        );
    }
}

#[test]
fn conversion_unknown_values_convert_to_unknown_of_target() {
    check(vec![
        (
            Value::unknown(Type::String),
            Type::Number,
            Ok(Value::unknown(Type::Number)),
        ),
        (
            Value::unknown(Type::tuple([Type::Number])),
            Type::list(Type::String),
            Ok(Value::unknown(Type::list(Type::String))),
        ),
        (
            tup(vec![Value::unknown(Type::Number), n(1)]),
            Type::list(Type::String),
            Ok(list(
                Type::String,
                vec![Value::unknown(Type::String), s("1")],
            )),
        ),
        (
            obj(vec![("a", Value::unknown(Type::Bool))]),
            Type::map(Type::String),
            Ok(map(Type::String, vec![("a", Value::unknown(Type::String))])),
        ),
        (
            Value::unknown(Type::Bool),
            Type::Number,
            Err("number required, but have bool"),
        ),
    ]);
}

#[test]
fn conversion_capsule_types_convert_only_to_themselves() {
    let c = CapsuleType::new("bytes");
    let other = CapsuleType::new("bytes");
    let v = Value::Capsule(Capsule::new(c.clone(), vec![1u8]));
    assert_eq!(convert(&v, &Type::Capsule(c.clone())).unwrap(), v);
    assert_eq!(convert(&v, &Type::Dynamic).unwrap(), v);
    assert_eq!(
        convert(&v, &Type::Capsule(other.clone()))
            .unwrap_err()
            .to_string(),
        "bytes required"
    );
    assert_eq!(
        convert(&v, &Type::String).unwrap_err().to_string(),
        "string required, but have bytes"
    );
    check_safety(vec![
        (
            Type::Capsule(c.clone()),
            Type::Capsule(c.clone()),
            Some(Safety::Safe),
        ),
        (Type::Capsule(c.clone()), Type::Capsule(other), None),
        (Type::Capsule(c.clone()), Type::String, None),
        (Type::String, Type::Capsule(c), None),
    ]);
}

#[test]
fn conversion_error_path_names_elements_and_attributes() {
    let v = tup(vec![
        obj(vec![("port", s("1"))]),
        obj(vec![("port", s("2"))]),
        obj(vec![("port", s("http"))]),
    ]);
    let err = convert(&v, &Type::list(oty(vec![("port", Type::Number)]))).unwrap_err();
    assert_eq!(err.to_string(), "[2].port: a number is required");
    assert_eq!(err.path().to_string(), "[2].port");
    let v = map(
        Type::list(Type::String),
        vec![("a b", list(Type::String, vec![s("x")]))],
    );
    let err = convert(&v, &Type::map(Type::list(Type::Bool))).unwrap_err();
    assert_eq!(err.to_string(), "[\"a b\"][0]: a bool is required");
}

#[test]
fn conversion_safe_refuses_unsafe_conversions() {
    assert_eq!(
        convert_safe(&list(Type::String, vec![s("a")]), &Type::set(Type::String))
            .unwrap_err()
            .to_string(),
        "no safe conversion from list of string to set of string"
    );
    assert_eq!(
        convert_safe(&tup(vec![n(1)]), &Type::list(Type::String)).unwrap(),
        list(Type::String, vec![s("1")])
    );
    assert_eq!(
        convert_safe(&n(1), &Type::Bool).unwrap_err().to_string(),
        "bool required, but have number"
    );
}

#[test]
fn conversion_depth_is_bounded() {
    fn nest(depth: usize) -> (Value, Type) {
        let mut v = s("1");
        let mut t = Type::Number;
        for _ in 0..depth {
            v = Value::tuple([v]);
            t = Type::tuple([t]);
        }
        (v, t)
    }
    let (v, t) = nest(120);
    assert!(convert(&v, &t).is_ok());
    let (v, t) = nest(140);
    assert_eq!(
        convert(&v, &t).unwrap_err().to_string(),
        "type is nested too deeply to convert"
    );
    assert_eq!(conversion_safety(&v.ty(), &t), None);
}

#[test]
fn conversion_prepared_applies_to_many_values() {
    let c = Conversion::new(&Type::list(Type::Number), &Type::set(Type::String)).unwrap();
    assert_eq!(c.safety(), Safety::Unsafe);
    assert_eq!(c.output_type(), &Type::set(Type::String));
    assert_eq!(
        c.apply(&list(Type::Number, vec![n(2), n(2)])).unwrap(),
        set(Type::String, vec![s("2")])
    );
    // A value of another type is converted as `convert` would.
    assert_eq!(
        c.apply(&tup(vec![Value::Bool(true)])).unwrap(),
        set(Type::String, vec![s("true")])
    );
    let c = Conversion::new(&Type::Dynamic, &Type::String).unwrap();
    assert_eq!(
        c.apply(&Value::dynamic()).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(c.apply(&n(3)).unwrap(), s("3"));
    assert!(Conversion::new(&Type::Bool, &Type::Number).is_none());
}
