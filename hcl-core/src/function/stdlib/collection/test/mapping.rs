//! `keys`, `values`, `lookup`, `merge`, `zipmap`.

use crate::function::stdlib::collection::support::testing::*;
use crate::function::stdlib::functions;
use crate::value::{Type, Value};

#[test]
fn keys_of_a_map_are_a_sorted_list() {
    assert_eq!(
        call("keys", &[str_map(&[("b", "1"), ("a", "2")])]).unwrap(),
        strs(&["a", "b"])
    );
    assert_eq!(call("keys", &[str_map(&[])]).unwrap(), strs(&[]));
    assert_eq!(
        call("keys", &[unknown(Type::map(Type::String))]).unwrap(),
        unknown(Type::list(Type::String))
    );
}

#[test]
fn keys_of_an_object_are_a_tuple_even_when_unknown() {
    let o = obj(vec![("b", n(1)), ("a", s("x"))]);
    assert_eq!(call("keys", &[o]).unwrap(), tuple(vec![s("a"), s("b")]));
    assert_eq!(call("keys", &[obj(vec![])]).unwrap(), tuple(vec![]));
    let u = unknown(Type::object([("z", Type::Bool), ("y", Type::Number)]));
    assert_eq!(call("keys", &[u]).unwrap(), tuple(vec![s("y"), s("z")]));
    assert_eq!(call("keys", &[Value::dynamic()]).unwrap(), Value::dynamic());
}

#[test]
fn keys_requires_a_map_or_object() {
    assert_eq!(
        fails("keys", &[strs(&["a"])]),
        (Some(0), "must have map or object type".into())
    );
}

#[test]
fn values_follow_key_order() {
    assert_eq!(
        call("values", &[str_map(&[("b", "1"), ("a", "2")])]).unwrap(),
        strs(&["2", "1"])
    );
    assert_eq!(call("values", &[str_map(&[])]).unwrap(), strs(&[]));
    assert_eq!(
        call("values", &[obj(vec![("b", n(1)), ("a", s("x"))])]).unwrap(),
        tuple(vec![s("x"), n(1)])
    );
    assert_eq!(
        call(
            "values",
            &[unknown(Type::object([
                ("b", Type::Bool),
                ("a", Type::Number)
            ]))]
        )
        .unwrap(),
        unknown(Type::tuple([Type::Number, Type::Bool]))
    );
    assert_eq!(
        fails("values", &[strs(&[])]),
        (None, "values() requires a map as the first argument".into())
    );
}

#[test]
fn lookup_finds_the_key_or_uses_the_default() {
    let m = str_map(&[("a", "ay"), ("b", "bee")]);
    assert_eq!(
        call("lookup", &[m.clone(), s("a"), s("none")]).unwrap(),
        s("ay")
    );
    assert_eq!(
        call("lookup", &[m.clone(), s("c"), s("none")]).unwrap(),
        s("none")
    );
    // The default is converted to the element type.
    assert_eq!(call("lookup", &[m.clone(), s("c"), n(5)]).unwrap(), s("5"));
    let o = obj(vec![("a", n(1)), ("b", Value::Bool(true))]);
    assert_eq!(
        call("lookup", &[o.clone(), s("b"), Value::Bool(false)]).unwrap(),
        Value::Bool(true)
    );
    assert_eq!(call("lookup", &[o, s("c"), s("d")]).unwrap(), s("d"));
}

#[test]
fn lookup_with_unknowns() {
    let m = str_map(&[("a", "ay")]);
    assert_eq!(
        call("lookup", &[m.clone(), unknown(Type::String), s("x")]).unwrap(),
        unknown(Type::String)
    );
    assert_eq!(
        call(
            "lookup",
            &[unknown(Type::map(Type::String)), s("a"), s("x")]
        )
        .unwrap(),
        unknown(Type::String)
    );
    let o = obj(vec![("a", n(1))]);
    assert_eq!(
        call("lookup", &[o.clone(), unknown(Type::String), n(0)]).unwrap(),
        Value::dynamic()
    );
    let partly = Value::map(Type::String, [("a", unknown(Type::String)), ("b", s("x"))]).unwrap();
    assert_eq!(
        call("lookup", &[partly.clone(), s("b"), s("d")]).unwrap(),
        s("x")
    );
    assert_eq!(
        call("lookup", &[partly, s("a"), s("d")]).unwrap(),
        unknown(Type::String)
    );
    // An unknown default makes the result unknown (go-cty), found or not.
    assert_eq!(
        call("lookup", &[o, s("a"), unknown(Type::Number)]).unwrap(),
        unknown(Type::Number)
    );
}

#[test]
fn lookup_errors() {
    let m = str_map(&[("a", "ay")]);
    let cases: Vec<(Vec<Value>, Option<usize>, &str)> = vec![
        (
            vec![m.clone(), s("c")],
            None,
            "the function expects 3 argument(s); missing value for \"default\"",
        ),
        (
            vec![m.clone(), s("c"), Value::null(Type::String)],
            Some(2),
            "argument must not be null",
        ),
        (
            vec![m.clone(), s("a"), strs(&["x"])],
            Some(2),
            "the default value must have the same type as the map elements",
        ),
        (
            vec![strs(&["a"]), s("a"), s("b")],
            Some(0),
            "lookup() requires a map as the first argument",
        ),
        (
            vec![m, s("a"), s("b"), s("c")],
            None,
            "the function expects only 3 argument(s)",
        ),
    ];
    for (args, index, want) in cases {
        assert_eq!(fails("lookup", &args), (index, want.to_owned()), "{args:?}");
    }
}

#[test]
fn merge_of_maps_of_one_type_is_a_map() {
    let a = str_map(&[("a", "b"), ("c", "d")]);
    let b = str_map(&[("e", "f"), ("c", "z")]);
    assert_eq!(
        call("merge", &[a.clone(), b]).unwrap(),
        str_map(&[("a", "b"), ("c", "z"), ("e", "f")])
    );
    assert_eq!(call("merge", std::slice::from_ref(&a)).unwrap(), a);
    assert_eq!(
        call("merge", &[a.clone(), Value::null(Type::map(Type::String))]).unwrap(),
        a
    );
    assert_eq!(call("merge", &[]).unwrap(), obj(vec![]));
}

#[test]
fn merge_of_mixed_types_is_an_object() {
    let m = Value::map(Type::Number, [("a", n(1))]).unwrap();
    let o = obj(vec![("b", s("x")), ("a", Value::Bool(true))]);
    assert_eq!(
        call("merge", &[m.clone(), o.clone()]).unwrap(),
        obj(vec![("a", Value::Bool(true)), ("b", s("x"))])
    );
    assert_eq!(
        call("merge", &[o.clone(), m]).unwrap(),
        obj(vec![("a", n(1)), ("b", s("x"))])
    );
    assert_eq!(
        call(
            "merge",
            &[o.clone(), Value::null(Type::object([("c", Type::Bool)]))]
        )
        .unwrap(),
        o
    );
    let table = functions();
    let merge = table.get("merge").unwrap();
    assert_eq!(
        merge
            .return_type(&[str_map(&[("a", "x")]), obj(vec![("b", n(1))])])
            .unwrap(),
        Type::object([("a", Type::String), ("b", Type::Number)])
    );
}

#[test]
fn merge_with_unknowns() {
    let table = functions();
    let merge = table.get("merge").unwrap();
    // An unknown map among others of its type: the type is still known.
    assert_eq!(
        merge
            .call(&[str_map(&[("a", "x")]), unknown(Type::map(Type::String))])
            .unwrap(),
        unknown(Type::map(Type::String))
    );
    // An unknown map among objects: its keys, so the attributes, are unknown.
    assert_eq!(
        merge
            .call(&[obj(vec![("a", n(1))]), unknown(Type::map(Type::String))])
            .unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        merge
            .call(&[obj(vec![("a", n(1))]), Value::dynamic()])
            .unwrap(),
        Value::dynamic()
    );
    // Unknown attribute values pass through.
    assert_eq!(
        merge
            .call(&[
                obj(vec![("a", unknown(Type::Bool))]),
                obj(vec![("b", n(1))])
            ])
            .unwrap(),
        obj(vec![("a", unknown(Type::Bool)), ("b", n(1))])
    );
}

#[test]
fn merge_requires_maps_or_objects() {
    assert_eq!(
        fails("merge", &[str_map(&[]), strs(&["a"])]),
        (
            None,
            "arguments must be maps or objects, got \"list of string\"".into()
        )
    );
}

#[test]
fn zipmap_pairs_keys_with_values() {
    assert_eq!(
        call("zipmap", &[strs(&["a", "b"]), strs(&["1", "2"])]).unwrap(),
        str_map(&[("a", "1"), ("b", "2")])
    );
    assert_eq!(
        call("zipmap", &[strs(&[]), strs(&[])]).unwrap(),
        str_map(&[])
    );
    assert_eq!(
        call("zipmap", &[strs(&["a", "b"]), tuple(vec![n(1), s("x")])]).unwrap(),
        obj(vec![("a", n(1)), ("b", s("x"))])
    );
    // A repeated key keeps the last value.
    assert_eq!(
        call("zipmap", &[strs(&["a", "a"]), strs(&["1", "2"])]).unwrap(),
        str_map(&[("a", "2")])
    );
}

#[test]
fn zipmap_with_unknowns() {
    let partly = Value::list(Type::String, [s("a"), unknown(Type::String)]).unwrap();
    assert_eq!(
        call("zipmap", &[partly.clone(), strs(&["1", "2"])]).unwrap(),
        unknown(Type::map(Type::String))
    );
    assert_eq!(
        call("zipmap", &[partly, tuple(vec![n(1), n(2)])]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call("zipmap", &[strs(&["a"]), unknown(Type::list(Type::Bool))]).unwrap(),
        unknown(Type::map(Type::Bool))
    );
}

#[test]
fn zipmap_errors() {
    let cases: Vec<(Value, Value, &str)> = vec![
        (
            strs(&["a"]),
            strs(&["1", "2"]),
            "number of keys (1) does not match number of values (2)",
        ),
        (
            strs(&["a"]),
            tuple(vec![]),
            "number of keys (1) does not match number of values (0)",
        ),
        (
            Value::list(Type::String, [Value::null(Type::String)]).unwrap(),
            tuple(vec![n(1)]),
            "keys list has null value at index 0",
        ),
        (
            strs(&["a"]),
            s("x"),
            "values argument must be a list or tuple value",
        ),
    ];
    for (keys, values, want) in cases {
        assert_eq!(fails("zipmap", &[keys, values]), (None, want.to_owned()));
    }
}

#[test]
fn merge_treats_null_arguments_as_empty() {
    let null_map = Value::null(Type::map(Type::String));
    let null_obj = |name: &str| Value::null(Type::object([(name, Type::String)]));
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (
            vec![null_map.clone(), str_map(&[("c", "d")])],
            str_map(&[("c", "d")]),
        ),
        (vec![null_map.clone(), null_obj("a")], obj(vec![])),
        (vec![null_obj("a")], obj(vec![])),
        (vec![null_obj("a"), null_obj("b")], obj(vec![])),
        (
            vec![null_obj("a"), obj(vec![("a", s("a value"))])],
            obj(vec![("a", s("a value"))]),
        ),
        (
            vec![str_map(&[("c", "d")]), null_obj("a")],
            obj(vec![("c", s("d"))]),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(call("merge", &args).unwrap(), want, "{args:?}");
    }
    assert_eq!(
        fails("merge", &[str_map(&[]), Value::null(Type::String)]),
        (
            None,
            "arguments must be maps or objects, got \"string\"".into()
        )
    );
}
