//! Collection functions: expected values from go-cty's `collection_test.go`
//! and `sequence_test.go`, and Terraform's function documentation.

mod mapping;
mod sequence;

use super::support::testing::*;
use crate::value::{Type, Value};

#[test]
fn length_counts_elements_of_lists_maps_sets_and_tuples() {
    let cases: Vec<(Value, i64)> = vec![
        (strs(&[]), 0),
        (strs(&["a", "b"]), 2),
        (tuple(vec![n(1), s("x"), Value::Bool(true)]), 3),
        (str_map(&[("a", "1"), ("b", "2")]), 2),
        (str_set(&["a", "b", "a"]), 2),
        // One unknown element: the set's length is known.
        (
            Value::set(Type::String, [unknown(Type::String)]).unwrap(),
            1,
        ),
    ];
    for (value, want) in cases {
        assert_eq!(
            call("length", std::slice::from_ref(&value)).unwrap(),
            n(want),
            "{value:?}"
        );
    }
}

#[test]
fn length_of_unknowns_is_unknown_tuples_included() {
    let u = unknown(Type::Number);
    for value in [
        unknown(Type::list(Type::String)),
        unknown(Type::tuple([Type::Bool, Type::Bool])),
        Value::dynamic(),
        Value::set(Type::String, [s("a"), unknown(Type::String)]).unwrap(),
    ] {
        assert_eq!(
            call("length", std::slice::from_ref(&value)).unwrap(),
            u,
            "{value:?}"
        );
    }
}

#[test]
fn length_rejects_strings_objects_other_types_and_null() {
    for value in [n(1), s("abc"), obj(vec![("a", n(1))])] {
        assert_eq!(
            fails("length", std::slice::from_ref(&value)),
            (None, "collection must be a list, a map or a tuple".into()),
            "{value:?}"
        );
    }
    assert_eq!(
        fails("length", &[Value::null(Type::list(Type::String))]),
        (Some(0), "argument must not be null".into())
    );
}

#[test]
fn contains_finds_equal_elements() {
    let cases: Vec<(Value, Value, Value)> = vec![
        (strs(&["a", "b"]), s("b"), Value::Bool(true)),
        (strs(&["a", "b"]), s("c"), Value::Bool(false)),
        (strs(&[]), s("c"), Value::Bool(false)),
        (str_set(&["a"]), s("a"), Value::Bool(true)),
        (tuple(vec![n(1), s("x")]), s("x"), Value::Bool(true)),
        // Equality does not convert: the number 1 is not the string "1".
        (strs(&["1"]), n(1), Value::Bool(false)),
        (
            Value::list(Type::String, [unknown(Type::String), s("b")]).unwrap(),
            s("b"),
            Value::Bool(true),
        ),
        (
            Value::list(Type::String, [unknown(Type::String), s("b")]).unwrap(),
            s("c"),
            unknown(Type::Bool),
        ),
    ];
    for (list, value, want) in cases {
        assert_eq!(
            call("contains", &[list.clone(), value.clone()]).unwrap(),
            want,
            "contains({list:?}, {value:?})"
        );
    }
}

#[test]
fn contains_with_unknown_arguments_is_unknown() {
    assert_eq!(
        call("contains", &[unknown(Type::list(Type::String)), s("a")]).unwrap(),
        unknown(Type::Bool)
    );
    assert_eq!(
        call("contains", &[strs(&["a"]), unknown(Type::String)]).unwrap(),
        unknown(Type::Bool)
    );
}

#[test]
fn contains_requires_a_sequence_or_set() {
    assert_eq!(
        fails("contains", &[str_map(&[("a", "b")]), s("b")]),
        (None, "argument must be list, tuple, or set".into())
    ); // The value is not null (go-cty).
    assert_eq!(
        fails("contains", &[strs(&["a"]), Value::null(Type::String)]),
        (Some(1), "argument must not be null".into())
    );
}

#[test]
fn distinct_keeps_first_occurrences_in_order() {
    assert_eq!(
        call("distinct", &[strs(&["a", "b", "a", "c", "b"])]).unwrap(),
        strs(&["a", "b", "c"])
    );
    assert_eq!(call("distinct", &[nums(&[])]).unwrap(), nums(&[]));
    assert_eq!(
        call("distinct", &[nums(&[3, 1, 3, 2, 1])]).unwrap(),
        nums(&[3, 1, 2])
    );
    let lists = |parts: &[&[&str]]| {
        Value::list(Type::list(Type::String), parts.iter().map(|p| strs(p))).unwrap()
    };
    assert_eq!(
        call("distinct", &[lists(&[&["a"], &["a", "b"], &["a"], &[]])]).unwrap(),
        lists(&[&["a"], &["a", "b"], &[]])
    );
    let partly = Value::list(Type::String, [s("a"), unknown(Type::String)]).unwrap();
    assert_eq!(
        call("distinct", &[partly]).unwrap(),
        unknown(Type::list(Type::String))
    );
}

#[test]
fn element_index_wraps_around() {
    let list = strs(&["the", "quick", "brown", "fox"]);
    let cases: &[(i64, &str)] = &[
        (0, "the"),
        (3, "fox"),
        (4, "the"),
        (6, "brown"),
        (-1, "fox"),
        (-6, "brown"),
        (i64::MIN, "the"),
        (i64::MAX, "fox"),
    ];
    for (index, want) in cases {
        assert_eq!(
            call("element", &[list.clone(), n(*index)]).unwrap(),
            s(want),
            "element(_, {index})"
        );
    }
}

#[test]
fn element_of_a_tuple_has_the_element_type() {
    let t = tuple(vec![s("a"), Value::Bool(false), n(1)]);
    assert_eq!(
        call("element", &[t.clone(), n(1)]).unwrap(),
        Value::Bool(false)
    );
    assert_eq!(call("element", &[t.clone(), n(-1)]).unwrap(), n(1));
    let f = crate::function::stdlib::functions();
    let element = f.get("element").unwrap();
    assert_eq!(element.return_type(&[t.clone(), n(4)]).unwrap(), Type::Bool);
    assert_eq!(
        element.call(&[t, unknown(Type::Number)]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn element_with_unknowns_is_unknown_of_the_element_type() {
    assert_eq!(
        call("element", &[unknown(Type::list(Type::String)), n(1)]).unwrap(),
        unknown(Type::String)
    );
    assert_eq!(
        call("element", &[strs(&["a"]), unknown(Type::Number)]).unwrap(),
        unknown(Type::String)
    );
    let t = unknown(Type::tuple([Type::String, Type::Bool]));
    assert_eq!(call("element", &[t, n(3)]).unwrap(), unknown(Type::Bool));
}

#[test]
fn element_errors() {
    let whole = "invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807";
    let cases: Vec<(Value, Value, &str)> = vec![
        (
            strs(&[]),
            n(0),
            "cannot use element function with an empty list",
        ),
        (
            tuple(vec![]),
            n(0),
            "cannot use element function with an empty list",
        ),
        (strs(&["a"]), Value::from(1.5), whole),
        (tuple(vec![s("a")]), Value::from(1.5), whole),
        (
            str_map(&[("a", "b")]),
            n(0),
            "cannot read elements from map of string",
        ),
        (
            str_set(&["a"]),
            n(0),
            "cannot read elements from set of string",
        ),
    ];
    for (list, index, want) in cases {
        assert_eq!(fails("element", &[list, index]), (None, want.to_owned()));
    }
}

#[test]
fn index_finds_the_first_equal_element() {
    assert_eq!(
        call("index", &[strs(&["a", "b", "c"]), s("b")]).unwrap(),
        n(1)
    );
    assert_eq!(
        call("index", &[strs(&["a", "b", "b"]), s("b")]).unwrap(),
        n(1)
    );
    assert_eq!(
        call("index", &[tuple(vec![n(1), s("x")]), s("x")]).unwrap(),
        n(1)
    );
    let partly = Value::list(Type::String, [unknown(Type::String), s("b")]).unwrap();
    assert_eq!(
        call("index", &[partly, s("b")]).unwrap(),
        unknown(Type::Number)
    );
    assert_eq!(
        call("index", &[unknown(Type::list(Type::String)), s("b")]).unwrap(),
        unknown(Type::Number)
    );
}

#[test]
fn index_errors() {
    let cases: Vec<(Value, &str)> = vec![
        (strs(&["a"]), "item not found"),
        (strs(&[]), "cannot search an empty list"),
        (str_set(&["a"]), "argument must be a list or tuple"),
    ];
    for (list, want) in cases {
        assert_eq!(fails("index", &[list, s("z")]), (None, want.to_owned()));
    }
}

#[test]
fn compact_drops_empty_and_null_strings() {
    let list = Value::list(
        Type::String,
        [s("a"), s(""), Value::null(Type::String), s("b")],
    )
    .unwrap();
    assert_eq!(call("compact", &[list]).unwrap(), strs(&["a", "b"]));
    assert_eq!(call("compact", &[strs(&["", ""])]).unwrap(), strs(&[]));
    let partly = Value::list(Type::String, [s(""), unknown(Type::String)]).unwrap();
    assert_eq!(
        call("compact", &[partly]).unwrap(),
        unknown(Type::list(Type::String))
    );
}

#[test]
fn sort_orders_strings_lexically() {
    assert_eq!(
        call("sort", &[strs(&["banana", "apple", "Cherry", "10", "9"])]).unwrap(),
        strs(&["10", "9", "Cherry", "apple", "banana"])
    );
    assert_eq!(call("sort", &[strs(&[])]).unwrap(), strs(&[]));
    let partly = Value::list(Type::String, [s("b"), unknown(Type::String)]).unwrap();
    assert_eq!(
        call("sort", &[partly]).unwrap(),
        unknown(Type::list(Type::String))
    );
    assert_eq!(
        call("sort", &[unknown(Type::list(Type::String))]).unwrap(),
        unknown(Type::list(Type::String))
    );
}

#[test]
fn sort_rejects_null_elements() {
    let list = Value::list(Type::String, [s("b"), Value::null(Type::String)]).unwrap();
    assert_eq!(
        fails("sort", &[list]),
        (
            None,
            "given list element 1 is null; a null string cannot be sorted".into()
        )
    );
}

#[test]
fn coalesce_returns_the_first_non_null_argument() {
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (vec![s("first"), s("second")], s("first")),
        // An empty string is not null (go-cty; Terraform skips it).
        (vec![Value::null(Type::String), s(""), s("third")], s("")),
        (vec![n(1), n(2)], n(1)),
        // Arguments are unified: a number and a string give a string.
        (vec![n(1), s("hello")], s("1")),
        (vec![Value::null(Type::Dynamic), n(2)], n(2)),
    ];
    for (args, want) in cases {
        assert_eq!(call("coalesce", &args).unwrap(), want, "{args:?}");
    }
}

#[test]
fn coalesce_unknown_before_a_result_is_unknown() {
    assert_eq!(
        call("coalesce", &[unknown(Type::String), s("b")]).unwrap(),
        unknown(Type::String)
    );
    assert_eq!(
        call("coalesce", &[s("a"), unknown(Type::String)]).unwrap(),
        s("a")
    );
}

#[test]
fn coalesce_errors() {
    assert_eq!(
        fails(
            "coalesce",
            &[Value::null(Type::String), Value::null(Type::String)]
        ),
        (None, "no non-null arguments".into())
    );
    assert_eq!(
        fails("coalesce", &[n(1), Value::Bool(true)]),
        (None, "all arguments must have the same type".into())
    );
    assert_eq!(
        fails("coalesce", &[]),
        (None, "all arguments must have the same type".into())
    );
}

#[test]
fn coalescelist_returns_the_first_non_empty_sequence() {
    let empty = tuple(vec![]);
    let cd = tuple(vec![s("c"), s("d")]);
    assert_eq!(
        call("coalescelist", &[empty.clone(), cd.clone()]).unwrap(),
        cd
    );
    assert_eq!(
        call("coalescelist", &[strs(&["a"]), strs(&["b"])]).unwrap(),
        strs(&["a"])
    );
    assert_eq!(
        call(
            "coalescelist",
            &[Value::null(Type::list(Type::String)), strs(&["b"])]
        )
        .unwrap(),
        strs(&["b"])
    );
    // Mixed types: the result type is dynamic, the value the list found.
    let f = crate::function::stdlib::functions();
    let coalescelist = f.get("coalescelist").unwrap();
    assert_eq!(
        coalescelist.return_type(&[strs(&[]), nums(&[1])]).unwrap(),
        Type::Dynamic
    );
    assert_eq!(
        coalescelist.call(&[strs(&[]), nums(&[1])]).unwrap(),
        nums(&[1])
    );
}

#[test]
fn coalescelist_with_unknowns() {
    assert_eq!(
        call(
            "coalescelist",
            &[unknown(Type::list(Type::String)), strs(&["b"])]
        )
        .unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call(
            "coalescelist",
            &[strs(&["a"]), unknown(Type::list(Type::String))]
        )
        .unwrap(),
        strs(&["a"])
    );
}

#[test]
fn coalescelist_errors() {
    let cases: Vec<(Vec<Value>, &str)> = vec![
        (vec![], "at least one argument is required"),
        (vec![strs(&[])], "no non-null arguments"),
        (
            vec![s("a")],
            "coalescelist arguments must be lists or tuples",
        ),
        (
            vec![str_set(&["a"])],
            "coalescelist arguments must be lists or tuples",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(fails("coalescelist", &args), (None, want.to_owned()));
    }
}
