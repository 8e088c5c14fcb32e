//! Cases from the reference's conversion tests (go-cty `convert`), with
//! the results this implementation gives: the same unless the spec says
//! otherwise (noted at each case).

use super::{check, list, map, n, obj, oty, s, set, tup};
use crate::value::{Type, Value};

#[test]
fn conversion_reference_cases_map_to_object() {
    let greeting = oty(vec![("greeting", Type::String), ("name", Type::String)]);
    let hello = || {
        map(
            Type::String,
            vec![("greeting", s("Hello")), ("name", s("John"))],
        )
    };
    let optional = |c: Type| {
        Type::object_with_optional(
            [("a", Type::String), ("b", Type::String), ("c", c)],
            ["b", "c"],
        )
    };
    let d_string = oty(vec![("d", Type::String)]);
    check(vec![
        (
            hello(),
            greeting,
            Ok(obj(vec![("greeting", s("Hello")), ("name", s("John"))])),
        ),
        // The reference says only "object required" here (a FIXME there).
        (
            hello(),
            oty(vec![("greeting", Type::list(Type::String)), ("name", Type::String)]),
            Err("attribute \"greeting\": list of string required, but have string"),
        ),
        // The spec requires the keys to match exactly; the reference drops
        // the extra key.
        (
            hello(),
            oty(vec![("name", Type::String)]),
            Err("unsupported attribute \"greeting\""),
        ),
        // The reference: `map has no element for required attribute "greeting"`.
        (
            map(Type::String, vec![("name", s("John"))]),
            oty(vec![("name", Type::String), ("greeting", Type::String)]),
            Err("attribute \"greeting\" is required"),
        ),
        (
            map(Type::String, vec![("a", s("boop"))]),
            optional(d_string.clone()),
            Ok(obj(vec![
                ("a", s("boop")),
                ("b", Value::null(Type::String)),
                ("c", Value::null(d_string.clone())),
            ])),
        ),
        (
            map(Type::String, vec![("a", s("boop"))]),
            optional(oty(vec![("d", Type::Dynamic)])),
            Ok(obj(vec![
                ("a", s("boop")),
                ("b", Value::null(Type::String)),
                ("c", Value::null(oty(vec![("d", Type::Dynamic)]))),
            ])),
        ),
        // The reference gives a null of the dynamic pseudo-type here, but
        // an unknown map converts to an object whose `c` is a string there;
        // here the null takes the type the map's elements would have, as
        // the unknown does.
        (
            map(Type::String, vec![("a", s("boop"))]),
            optional(Type::Dynamic),
            Ok(obj(vec![
                ("a", s("boop")),
                ("b", Value::null(Type::String)),
                ("c", Value::null(Type::String)),
            ])),
        ),
        // The reference names the object type just "object".
        (
            map(Type::String, vec![("a", s("boop")), ("c", s("foobar"))]),
            optional(d_string),
            Err("map element type is incompatible with attribute \"c\": object with attribute d required, but have string"),
        ),
    ]);
}

#[test]
fn conversion_reference_cases_tuples_to_dynamic_collections() {
    let mixed = || tup(vec![s("a"), n(9), Value::null(Type::Dynamic)]);
    let bad = || {
        tup(vec![
            list(Type::String, vec![s("a")]),
            s("b"),
            Value::null(Type::Dynamic),
        ])
    };
    let nulls = || tup(vec![Value::null(Type::Dynamic); 3]);
    check(vec![
        // The reference keeps the null of the dynamic pseudo-type inside
        // the list of string; here it becomes a null string, so that every
        // element has the element type.
        (
            mixed(),
            Type::list(Type::Dynamic),
            Ok(list(
                Type::String,
                vec![s("a"), s("9"), Value::null(Type::String)],
            )),
        ),
        (
            mixed(),
            Type::set(Type::Dynamic),
            Ok(set(
                Type::String,
                vec![s("a"), s("9"), Value::null(Type::String)],
            )),
        ),
        // hashicorp/terraform#24377
        (
            bad(),
            Type::list(Type::Dynamic),
            Err("all list elements must have the same type"),
        ),
        (
            bad(),
            Type::set(Type::Dynamic),
            Err("all set elements must have the same type"),
        ),
        (
            nulls(),
            Type::list(Type::Dynamic),
            Ok(list(Type::Dynamic, vec![Value::null(Type::Dynamic); 3])),
        ),
        (
            nulls(),
            Type::set(Type::Dynamic),
            Ok(set(Type::Dynamic, vec![Value::null(Type::Dynamic)])),
        ),
        (
            tup(vec![]),
            Type::set(Type::String),
            Ok(set(Type::String, vec![])),
        ),
        (
            tup(vec![Value::Bool(true)]),
            Type::tuple([Type::String]),
            Ok(tup(vec![s("true")])),
        ),
        (
            tup(vec![Value::Bool(true)]),
            Type::empty_tuple(),
            Err("empty tuple required"),
        ),
        (
            tup(vec![]),
            Type::tuple([Type::String]),
            Err("tuple with 1 element required"),
        ),
    ]);
}
