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

#[test]
fn conversion_reference_cases_nested_dynamic_targets() {
    let map_of_map_any = Type::map(Type::map(Type::Dynamic));
    let xo = |x: Value| obj(vec![("x", x)]);
    let opt_cd = Type::object_with_optional([("c", Type::String), ("d", Type::String)], ["d"]);
    let cd = oty(vec![("c", Type::String), ("d", Type::String)]);
    check(vec![
        // hashicorp/terraform#23804: the tuples meet in a list.
        (
            obj(vec![
                ("a", xo(tup(vec![s("foo")]))),
                ("b", xo(tup(vec![s("bar")]))),
                ("c", xo(tup(vec![s("foo"), s("bar")]))),
            ]),
            map_of_map_any.clone(),
            Ok(map(
                Type::map(Type::list(Type::String)),
                vec![
                    (
                        "a",
                        map(
                            Type::list(Type::String),
                            vec![("x", list(Type::String, vec![s("foo")]))],
                        ),
                    ),
                    (
                        "b",
                        map(
                            Type::list(Type::String),
                            vec![("x", list(Type::String, vec![s("bar")]))],
                        ),
                    ),
                    (
                        "c",
                        map(
                            Type::list(Type::String),
                            vec![("x", list(Type::String, vec![s("foo"), s("bar")]))],
                        ),
                    ),
                ],
            )),
        ),
        // hashicorp/terraform#23431
        (
            obj(vec![("a", xo(s("foo"))), ("b", map(Type::Dynamic, vec![]))]),
            map_of_map_any,
            Ok(map(
                Type::map(Type::String),
                vec![
                    ("a", map(Type::String, vec![("x", s("foo"))])),
                    ("b", map(Type::String, vec![])),
                ],
            )),
        ),
        // hashicorp/terraform#27269
        (
            tup(vec![
                obj(vec![("a", Value::null(Type::Dynamic))]),
                obj(vec![(
                    "a",
                    obj(vec![(
                        "b",
                        list(
                            oty(vec![("c", Type::String)]),
                            vec![obj(vec![("c", s("d"))])],
                        ),
                    )]),
                )]),
            ]),
            Type::list(oty(vec![("a", oty(vec![("b", Type::list(opt_cd))]))])),
            Ok(list(
                oty(vec![("a", oty(vec![("b", Type::list(cd.clone()))]))]),
                vec![
                    obj(vec![(
                        "a",
                        Value::null(oty(vec![("b", Type::list(cd.clone()))])),
                    )]),
                    obj(vec![(
                        "a",
                        obj(vec![(
                            "b",
                            list(
                                cd,
                                vec![obj(vec![("c", s("d")), ("d", Value::null(Type::String))])],
                            ),
                        )]),
                    )]),
                ],
            )),
        ),
        // Nulls and unknowns take the target type without optional markers.
        (
            Value::null(Type::Dynamic),
            oty(vec![(
                "foo",
                Type::object_with_optional([("bar", Type::String)], ["bar"]),
            )]),
            Ok(Value::null(oty(vec![(
                "foo",
                oty(vec![("bar", Type::String)]),
            )]))),
        ),
        (
            Value::dynamic(),
            oty(vec![(
                "foo",
                Type::object_with_optional([("bar", Type::String)], ["bar"]),
            )]),
            Ok(Value::unknown(oty(vec![(
                "foo",
                oty(vec![("bar", Type::String)]),
            )]))),
        ),
    ]);
}

#[test]
fn conversion_reference_cases_where_the_spec_differs() {
    // hashicorp/terraform#21588: the reference unifies `{}` and
    // `{var1 = "val1"}` as map(string); the spec unifies objects as the
    // union of their attributes.
    let var1 = oty(vec![("var1", Type::String)]);
    check(vec![(
        tup(vec![
            obj(vec![("a", obj(vec![])), ("b", n(2))]),
            obj(vec![("a", obj(vec![("var1", s("val1"))])), ("b", s("2"))]),
        ]),
        Type::list(oty(vec![("a", Type::Dynamic), ("b", Type::String)])),
        Ok(list(
            oty(vec![("a", var1.clone()), ("b", Type::String)]),
            vec![
                obj(vec![
                    ("a", obj(vec![("var1", Value::null(Type::String))])),
                    ("b", s("2")),
                ]),
                obj(vec![("a", obj(vec![("var1", s("val1"))])), ("b", s("2"))]),
            ],
        )),
    )]);
    // hashicorp/terraform#24167: the reference requires attribute `x`
    // (`element "b": element "x": attribute "x" is required`); the spec
    // gives the missing attribute a null and drops the others.
    let x_map = oty(vec![("x", Type::map(Type::Dynamic))]);
    check(vec![(
        obj(vec![
            ("a", obj(vec![("x", Value::null(Type::Dynamic))])),
            ("b", obj(vec![("x", obj(vec![("c", n(1)), ("d", n(2))]))])),
        ]),
        Type::map(Type::map(oty(vec![("x", Type::map(Type::Dynamic))]))),
        Ok(map(
            Type::map(x_map.clone()),
            vec![
                (
                    "a",
                    map(x_map.clone(), vec![("x", Value::null(x_map.clone()))]),
                ),
                (
                    "b",
                    map(
                        x_map,
                        vec![("x", obj(vec![("x", Value::null(Type::map(Type::Dynamic)))]))],
                    ),
                ),
            ],
        )),
    )]);
}
