//! Collection and structural type conversions.

use super::{check, check_safety, list, map, n, obj, oty, s, set, tup};
use crate::value::{Safety, Type, Value};

#[test]
fn conversion_set_to_list_safe() {
    check(vec![
        (
            set(Type::Number, vec![n(3), n(1), n(2)]),
            Type::list(Type::Number),
            Ok(list(Type::Number, vec![n(1), n(2), n(3)])),
        ),
        (
            set(Type::Number, vec![n(10), n(9)]),
            Type::list(Type::String),
            Ok(list(Type::String, vec![s("9"), s("10")])),
        ),
        (
            set(Type::Bool, vec![]),
            Type::list(Type::String),
            Ok(list(Type::String, vec![])),
        ),
        // An unknown element might equal another: the length is unknown.
        (
            set(Type::Number, vec![n(1), Value::unknown(Type::Number)]),
            Type::list(Type::Number),
            Ok(Value::unknown(Type::list(Type::Number))),
        ),
    ]);
    check_safety(vec![
        (
            Type::set(Type::String),
            Type::list(Type::String),
            Some(Safety::Safe),
        ),
        (
            Type::set(Type::Number),
            Type::list(Type::String),
            Some(Safety::Safe),
        ),
        (
            Type::set(Type::String),
            Type::list(Type::Number),
            Some(Safety::Unsafe),
        ),
        (Type::set(Type::Bool), Type::list(Type::Number), None),
    ]);
}

#[test]
fn conversion_list_to_set_unsafe_drops_duplicates() {
    check(vec![
        (
            list(Type::String, vec![s("b"), s("a"), s("b")]),
            Type::set(Type::String),
            Ok(set(Type::String, vec![s("a"), s("b")])),
        ),
        (
            list(Type::String, vec![s("1"), s("01")]),
            Type::set(Type::Number),
            Ok(set(Type::Number, vec![n(1)])),
        ),
        (
            list(
                Type::Number,
                vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
            ),
            Type::set(Type::String),
            Ok(set(
                Type::String,
                vec![Value::unknown(Type::String), Value::unknown(Type::String)],
            )),
        ),
    ]);
    check_safety(vec![
        (
            Type::list(Type::String),
            Type::set(Type::String),
            Some(Safety::Unsafe),
        ),
        (
            Type::list(Type::Number),
            Type::set(Type::String),
            Some(Safety::Unsafe),
        ),
        (
            Type::set(Type::Number),
            Type::set(Type::String),
            Some(Safety::Safe),
        ),
        (Type::list(Type::Bool), Type::set(Type::Number), None),
    ]);
}

#[test]
fn conversion_tuple_to_list_converts_each_element() {
    check(vec![
        (
            tup(vec![n(1), s("a"), Value::Bool(true)]),
            Type::list(Type::String),
            Ok(list(Type::String, vec![s("1"), s("a"), s("true")])),
        ),
        (
            tup(vec![]),
            Type::list(Type::Number),
            Ok(list(Type::Number, vec![])),
        ),
        (
            tup(vec![s("1"), s("x")]),
            Type::list(Type::Number),
            Err("[1]: a number is required"),
        ),
        (
            tup(vec![n(1), Value::Bool(true)]),
            Type::list(Type::Number),
            Err("element 1: number required, but have bool"),
        ),
    ]);
    check_safety(vec![
        (
            Type::tuple([Type::Number, Type::Bool]),
            Type::list(Type::String),
            Some(Safety::Safe),
        ),
        (
            Type::tuple([Type::Number, Type::String]),
            Type::list(Type::Number),
            Some(Safety::Unsafe),
        ),
        (
            Type::tuple([Type::Number, Type::Bool]),
            Type::list(Type::Number),
            None,
        ),
    ]);
}

#[test]
fn conversion_tuple_to_set() {
    check(vec![
        (
            tup(vec![s("b"), s("a"), s("b")]),
            Type::set(Type::String),
            Ok(set(Type::String, vec![s("a"), s("b")])),
        ),
        (
            tup(vec![n(1), s("1")]),
            Type::set(Type::String),
            Ok(set(Type::String, vec![s("1")])),
        ),
        (
            tup(vec![s("x")]),
            Type::set(Type::Bool),
            Err("[0]: a bool is required"),
        ),
    ]);
    // Like tuple to list and then list to set: unsafe.
    check_safety(vec![
        (
            Type::tuple([Type::String]),
            Type::set(Type::String),
            Some(Safety::Unsafe),
        ),
        (Type::tuple([Type::Bool]), Type::set(Type::Number), None),
    ]);
}

#[test]
fn conversion_object_to_map() {
    check(vec![
        (
            obj(vec![("a", n(1)), ("b", s("x"))]),
            Type::map(Type::String),
            Ok(map(Type::String, vec![("a", s("1")), ("b", s("x"))])),
        ),
        (
            obj(vec![]),
            Type::map(Type::Bool),
            Ok(map(Type::Bool, vec![])),
        ),
        (
            obj(vec![("a", n(1)), ("b", s("x"))]),
            Type::map(Type::Number),
            Err("[\"b\"]: a number is required"),
        ),
    ]);
    check_safety(vec![
        (
            oty(vec![("a", Type::Number), ("b", Type::Bool)]),
            Type::map(Type::String),
            Some(Safety::Safe),
        ),
        (
            oty(vec![("a", Type::String)]),
            Type::map(Type::Number),
            Some(Safety::Unsafe),
        ),
        (
            oty(vec![("a", Type::Bool), ("b", Type::Number)]),
            Type::map(Type::Number),
            None,
        ),
    ]);
}

#[test]
fn conversion_list_to_tuple_requires_length() {
    check(vec![
        (
            list(Type::String, vec![s("1"), s("x")]),
            Type::tuple([Type::Number, Type::String]),
            Ok(tup(vec![n(1), s("x")])),
        ),
        (
            list(Type::String, vec![s("1"), s("2")]),
            Type::tuple([Type::Number, Type::Number, Type::Number]),
            Err("incorrect list length: a tuple of 3 elements is required, but have 2"),
        ),
        (
            list(Type::String, vec![]),
            Type::tuple([Type::String]),
            Err("incorrect list length: a tuple of 1 element is required, but have 0"),
        ),
        (
            set(Type::Number, vec![n(2), n(1)]),
            Type::tuple([Type::String, Type::Number]),
            Ok(tup(vec![s("1"), n(2)])),
        ),
        (
            set(Type::Number, vec![n(1)]),
            Type::tuple([]),
            Err("incorrect set length: a tuple of 0 elements is required, but have 1"),
        ),
        (
            list(Type::Bool, vec![]),
            Type::tuple([Type::Number]),
            Err("element 0: number required, but have bool"),
        ),
    ]);
    check_safety(vec![
        (
            Type::list(Type::String),
            Type::tuple([Type::String]),
            Some(Safety::Unsafe),
        ),
        (
            Type::set(Type::Number),
            Type::tuple([Type::String, Type::String]),
            Some(Safety::Unsafe),
        ),
        (Type::list(Type::Bool), Type::tuple([Type::Number]), None),
    ]);
}

#[test]
fn conversion_map_to_object_requires_exact_keys() {
    let target = oty(vec![("a", Type::Number), ("b", Type::String)]);
    check(vec![
        (
            map(Type::String, vec![("a", s("1")), ("b", s("x"))]),
            target.clone(),
            Ok(obj(vec![("a", n(1)), ("b", s("x"))])),
        ),
        (
            map(Type::String, vec![("a", s("1"))]),
            target.clone(),
            Err("attribute \"b\" is required"),
        ),
        (
            map(Type::String, vec![("a", s("1")), ("b", s("x")), ("c", s("y"))]),
            target.clone(),
            Err("unsupported attribute \"c\""),
        ),
        (
            map(Type::String, vec![("a", s("one")), ("b", s("x"))]),
            target.clone(),
            Err("[\"a\"]: a number is required"),
        ),
        // Optional attributes may be absent.
        (
            map(Type::String, vec![("a", s("1"))]),
            Type::object_with_optional([("a", Type::Number), ("b", Type::Bool)], ["b"]),
            Ok(obj(vec![("a", n(1)), ("b", Value::null(Type::Bool))])),
        ),
        // An optional attribute of a type the elements cannot convert to
        // is fine while absent (as in the reference).
        (
            map(Type::Bool, vec![("a", Value::Bool(true))]),
            Type::object_with_optional([("a", Type::String), ("n", Type::Number)], ["n"]),
            Ok(obj(vec![("a", s("true")), ("n", Value::null(Type::Number))])),
        ),
        (
            map(Type::Bool, vec![("a", Value::Bool(true)), ("n", Value::Bool(false))]),
            Type::object_with_optional([("a", Type::String), ("n", Type::Number)], ["n"]),
            Err("map element type is incompatible with attribute \"n\": number required, but have bool"),
        ),
    ]);
    check_safety(vec![
        (
            Type::map(Type::String),
            target.clone(),
            Some(Safety::Unsafe),
        ),
        (Type::map(Type::Bool), target, None),
    ]);
}

#[test]
fn conversion_object_to_object_missing_attributes_become_null() {
    let target = oty(vec![("a", Type::String), ("b", Type::Bool)]);
    check(vec![
        (
            obj(vec![("a", n(1))]),
            target.clone(),
            Ok(obj(vec![("a", s("1")), ("b", Value::null(Type::Bool))])),
        ),
        (
            obj(vec![]),
            target.clone(),
            Ok(obj(vec![
                ("a", Value::null(Type::String)),
                ("b", Value::null(Type::Bool)),
            ])),
        ),
        // Attributes the target lacks are dropped.
        (
            obj(vec![("a", s("x")), ("b", Value::Bool(true)), ("c", n(3))]),
            target.clone(),
            Ok(obj(vec![("a", s("x")), ("b", Value::Bool(true))])),
        ),
        (
            obj(vec![("a", s("x")), ("b", s("maybe"))]),
            target.clone(),
            Err(".b: a bool is required"),
        ),
        (
            obj(vec![("b", n(1))]),
            target.clone(),
            Err("attribute \"b\": bool required, but have number"),
        ),
    ]);
    check_safety(vec![
        (
            oty(vec![("a", Type::String)]),
            target.clone(),
            Some(Safety::Safe),
        ),
        (
            oty(vec![("a", Type::Number)]),
            target.clone(),
            Some(Safety::Safe),
        ),
        (
            oty(vec![("a", Type::String), ("c", Type::Bool)]),
            target.clone(),
            Some(Safety::Unsafe),
        ),
        (oty(vec![("b", Type::String)]), target, Some(Safety::Unsafe)),
    ]);
}

#[test]
fn conversion_tuple_to_tuple_same_length() {
    check(vec![
        (
            tup(vec![n(1), Value::Bool(true)]),
            Type::tuple([Type::String, Type::String]),
            Ok(tup(vec![s("1"), s("true")])),
        ),
        (
            tup(vec![n(1)]),
            Type::tuple([Type::String, Type::String]),
            Err("tuple with 2 elements required"),
        ),
        (
            tup(vec![s("a"), s("b")]),
            Type::tuple([Type::String, Type::Number]),
            Err("[1]: a number is required"),
        ),
    ]);
    check_safety(vec![
        (
            Type::tuple([Type::Number]),
            Type::tuple([Type::String]),
            Some(Safety::Safe),
        ),
        (
            Type::tuple([Type::String]),
            Type::tuple([Type::Number]),
            Some(Safety::Unsafe),
        ),
        (Type::tuple([Type::String]), Type::tuple([]), None),
    ]);
}

#[test]
fn conversion_target_with_dynamic_takes_unified_element_type() {
    check(vec![
        (
            tup(vec![s("a"), n(1)]),
            Type::list(Type::Dynamic),
            Ok(list(Type::String, vec![s("a"), s("1")])),
        ),
        (
            tup(vec![n(1), n(2)]),
            Type::set(Type::Dynamic),
            Ok(set(Type::Number, vec![n(1), n(2)])),
        ),
        (
            obj(vec![("a", Value::Bool(true)), ("b", s("x"))]),
            Type::map(Type::Dynamic),
            Ok(map(Type::String, vec![("a", s("true")), ("b", s("x"))])),
        ),
        (
            tup(vec![]),
            Type::list(Type::Dynamic),
            Ok(list(Type::Dynamic, vec![])),
        ),
        (
            list(Type::Number, vec![n(1)]),
            Type::list(Type::Dynamic),
            Ok(list(Type::Number, vec![n(1)])),
        ),
        (
            map(Type::Number, vec![("k", n(1))]),
            oty(vec![("k", Type::Dynamic)]),
            Ok(obj(vec![("k", n(1))])),
        ),
        (
            tup(vec![Value::Bool(true), n(1)]),
            Type::list(Type::Dynamic),
            Err("all list elements must have the same type"),
        ),
        (
            obj(vec![("a", Value::Bool(true)), ("b", n(1))]),
            Type::map(Type::Dynamic),
            Err("all map elements must have the same type"),
        ),
        // Nested: each element converts to list(any), then the results unify.
        (
            tup(vec![tup(vec![s("a")]), tup(vec![n(1), n(2)])]),
            Type::list(Type::list(Type::Dynamic)),
            Ok(list(
                Type::list(Type::String),
                vec![
                    list(Type::String, vec![s("a")]),
                    list(Type::String, vec![s("1"), s("2")]),
                ],
            )),
        ),
        // Safe unification is preferred: the list does not become a tuple.
        (
            tup(vec![
                list(Type::String, vec![s("a"), s("b")]),
                tup(vec![s("c")]),
            ]),
            Type::list(Type::Dynamic),
            Ok(list(
                Type::list(Type::String),
                vec![
                    list(Type::String, vec![s("a"), s("b")]),
                    list(Type::String, vec![s("c")]),
                ],
            )),
        ),
        // The same when reaching the element type took an unsafe step (map
        // to object): only the unifying steps are weighed.
        (
            tup(vec![
                map(
                    Type::list(Type::String),
                    vec![("a", list(Type::String, vec![s("x"), s("y")]))],
                ),
                obj(vec![("a", tup(vec![s("z")]))]),
            ]),
            Type::list(oty(vec![("a", Type::Dynamic)])),
            Ok(list(
                oty(vec![("a", Type::list(Type::String))]),
                vec![
                    obj(vec![("a", list(Type::String, vec![s("x"), s("y")]))]),
                    obj(vec![("a", list(Type::String, vec![s("z")]))]),
                ],
            )),
        ),
        // The dynamic value in a tuple becomes an unknown of the element type.
        (
            tup(vec![Value::dynamic(), s("x")]),
            Type::list(Type::Dynamic),
            Ok(list(
                Type::String,
                vec![Value::unknown(Type::String), s("x")],
            )),
        ),
    ]);
    check_safety(vec![
        (
            Type::tuple([Type::String, Type::Number]),
            Type::list(Type::Dynamic),
            Some(Safety::Safe),
        ),
        (
            Type::tuple([Type::Bool, Type::Number]),
            Type::list(Type::Dynamic),
            None,
        ),
        (
            Type::tuple([Type::String]),
            Type::set(Type::Dynamic),
            Some(Safety::Unsafe),
        ),
    ]);
}

#[test]
fn conversion_safety_recurses_through_nested_types() {
    check_safety(vec![
        (
            Type::list(Type::tuple([Type::Number, Type::Bool])),
            Type::list(Type::list(Type::String)),
            Some(Safety::Safe),
        ),
        (
            Type::map(oty(vec![("a", Type::String)])),
            Type::map(oty(vec![("a", Type::Number)])),
            Some(Safety::Unsafe),
        ),
        (
            Type::set(Type::list(Type::Number)),
            Type::list(Type::set(Type::Number)),
            Some(Safety::Unsafe),
        ),
        (
            oty(vec![("a", Type::set(Type::Bool))]),
            Type::map(Type::list(Type::String)),
            Some(Safety::Safe),
        ),
        (Type::list(Type::String), Type::map(Type::String), None),
        (Type::tuple([Type::String]), oty(vec![]), None),
        (Type::String, Type::list(Type::String), None),
    ]);
}
