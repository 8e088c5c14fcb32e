//! `concat`, `flatten`, `reverse`, `slice`, `chunklist`, `range`.

use super::super::sequence::RANGE_LIMIT;
use crate::function::stdlib::collection::support::testing::*;
use crate::value::{Type, Value};

#[test]
fn concat_of_lists_is_a_list_of_the_unified_element_type() {
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (vec![nums(&[])], nums(&[])),
        (vec![nums(&[1]), nums(&[2, 3])], nums(&[1, 2, 3])),
        (
            vec![
                nums(&[1]),
                strs(&["foo"]),
                Value::list(Type::Bool, [Value::Bool(true)]).unwrap(),
            ],
            strs(&["1", "foo", "true"]),
        ),
        (
            vec![Value::list(Type::Dynamic, []).unwrap(), nums(&[2, 3])],
            nums(&[2, 3]),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(call("concat", &args).unwrap(), want, "{args:?}");
    }
}

#[test]
fn concat_with_a_tuple_or_unconvertible_lists_is_a_tuple() {
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (vec![tuple(vec![])], tuple(vec![])),
        (
            vec![tuple(vec![n(1)]), tuple(vec![Value::Bool(true), n(3)])],
            tuple(vec![n(1), Value::Bool(true), n(3)]),
        ),
        (
            vec![nums(&[1]), tuple(vec![Value::Bool(true), n(3)])],
            tuple(vec![n(1), Value::Bool(true), n(3)]),
        ),
        (
            vec![tuple(vec![n(1), Value::Bool(true)]), nums(&[3])],
            tuple(vec![n(1), Value::Bool(true), n(3)]),
        ),
        (
            vec![
                nums(&[1]),
                Value::list(Type::Bool, [Value::Bool(true)]).unwrap(),
            ],
            tuple(vec![n(1), Value::Bool(true)]),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(call("concat", &args).unwrap(), want, "{args:?}");
    }
}

#[test]
fn concat_with_unknowns() {
    assert_eq!(
        call("concat", &[unknown(Type::list(Type::String)), strs(&["a"])]).unwrap(),
        unknown(Type::list(Type::String))
    );
    // An unknown list among tuples leaves the tuple's length unknown.
    assert_eq!(
        call(
            "concat",
            &[unknown(Type::list(Type::String)), tuple(vec![n(1)])]
        )
        .unwrap(),
        Value::dynamic()
    );
    let partly = Value::list(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(
        call("concat", &[partly.clone(), strs(&["a"])]).unwrap(),
        Value::list(Type::String, [unknown(Type::String), s("a")]).unwrap()
    );
}

#[test]
fn concat_errors() {
    assert_eq!(
        fails("concat", &[]),
        (None, "at least one argument is required".into())
    );
    assert_eq!(
        fails("concat", &[strs(&["a"]), s("b")]),
        (
            Some(1),
            "all arguments must be lists or tuples; got string".into()
        )
    );
    assert_eq!(
        fails("concat", &[str_set(&["a"])]),
        (
            Some(0),
            "all arguments must be lists or tuples; got set of string".into()
        )
    );
}

#[test]
fn flatten_replaces_nested_sequences_with_their_elements() {
    let cases: Vec<(Value, Value)> = vec![
        (tuple(vec![]), tuple(vec![])),
        (
            tuple(vec![strs(&["a", "b"]), strs(&["c", "d"])]),
            tuple(vec![s("a"), s("b"), s("c"), s("d")]),
        ),
        (
            tuple(vec![
                strs(&["a"]),
                tuple(vec![]),
                tuple(vec![tuple(vec![s("b")]), s("c")]),
            ]),
            tuple(vec![s("a"), s("b"), s("c")]),
        ),
        (
            Value::list(Type::list(Type::String), [strs(&["a"]), strs(&["b"])]).unwrap(),
            tuple(vec![s("a"), s("b")]),
        ),
        (str_set(&["b", "a"]), tuple(vec![s("a"), s("b")])),
        // Maps and objects are elements, not sequences.
        (
            tuple(vec![str_map(&[("a", "b")])]),
            tuple(vec![str_map(&[("a", "b")])]),
        ),
        // Unknowns inside elements that are not sequences stay put.
        (
            tuple(vec![tuple(vec![obj(vec![("bloop", Value::dynamic())])])]),
            tuple(vec![obj(vec![("bloop", Value::dynamic())])]),
        ),
        (
            Value::list(
                Type::list(Type::String),
                [Value::list(Type::String, [unknown(Type::String), s("a")]).unwrap()],
            )
            .unwrap(),
            tuple(vec![unknown(Type::String), s("a")]),
        ),
        (
            tuple(vec![
                tuple(vec![Value::null(Type::Dynamic)]),
                Value::Bool(true),
            ]),
            tuple(vec![Value::null(Type::Dynamic), Value::Bool(true)]),
        ),
        // A null sequence is kept as an element.
        (
            tuple(vec![Value::null(Type::list(Type::String)), s("a")]),
            tuple(vec![Value::null(Type::list(Type::String)), s("a")]),
        ),
    ];
    for (input, want) in cases {
        assert_eq!(
            call("flatten", std::slice::from_ref(&input)).unwrap(),
            want,
            "{input:?}"
        );
    }
}

#[test]
fn flatten_with_unknown_nested_sequences_is_unknown() {
    let nested_unknown = tuple(vec![strs(&["a"]), unknown(Type::list(Type::String))]);
    assert_eq!(
        call("flatten", &[nested_unknown]).unwrap(),
        Value::dynamic()
    );
    let dynamic_element = tuple(vec![s("a"), Value::dynamic()]);
    assert_eq!(
        call("flatten", &[dynamic_element]).unwrap(),
        Value::dynamic()
    );
    // An unknown non-sequence element stays an element.
    let unknown_leaf = tuple(vec![strs(&["a"]), unknown(Type::String)]);
    assert_eq!(
        call("flatten", &[unknown_leaf]).unwrap(),
        tuple(vec![s("a"), unknown(Type::String)])
    );
    assert_eq!(
        call("flatten", &[unknown(Type::list(Type::String))]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn flatten_errors() {
    assert_eq!(
        fails("flatten", &[str_map(&[("a", "b")])]),
        (None, "can only flatten lists, sets and tuples".into())
    );
    let mut deep = s("x");
    for _ in 0..1100 {
        deep = tuple(vec![deep]);
    }
    assert_eq!(
        fails("flatten", &[deep]),
        (None, "value is nested too deeply to flatten".into())
    );
}

#[test]
fn reverse_reverses_lists_tuples_and_sets() {
    assert_eq!(
        call("reverse", &[strs(&["a", "b", "c"])]).unwrap(),
        strs(&["c", "b", "a"])
    );
    assert_eq!(call("reverse", &[strs(&[])]).unwrap(), strs(&[]));
    assert_eq!(
        call("reverse", &[tuple(vec![n(1), s("b")])]).unwrap(),
        tuple(vec![s("b"), n(1)])
    );
    assert_eq!(
        call("reverse", &[str_set(&["a", "b"])]).unwrap(),
        strs(&["b", "a"])
    );
    assert_eq!(
        call("reverse", &[unknown(Type::set(Type::String))]).unwrap(),
        unknown(Type::list(Type::String))
    );
    assert_eq!(
        fails("reverse", &[str_map(&[])]),
        (
            Some(0),
            "can only reverse list or tuple values, not map of string".into()
        )
    );
}

#[test]
fn slice_extracts_consecutive_elements() {
    let list = strs(&["a", "b", "c", "d"]);
    let cases: &[(i64, i64, &[&str])] = &[
        (0, 0, &[]),
        (1, 3, &["b", "c"]),
        (0, 4, &["a", "b", "c", "d"]),
        (4, 4, &[]),
    ];
    for (start, end, want) in cases {
        assert_eq!(
            call("slice", &[list.clone(), n(*start), n(*end)]).unwrap(),
            strs(want),
            "slice(_, {start}, {end})"
        );
    }
    let t = tuple(vec![n(1), s("b"), Value::Bool(true)]);
    assert_eq!(
        call("slice", &[t.clone(), n(1), n(3)]).unwrap(),
        tuple(vec![s("b"), Value::Bool(true)])
    );
    assert_eq!(call("slice", &[t, n(1), n(1)]).unwrap(), tuple(vec![]));
}

#[test]
fn slice_with_unknowns() {
    assert_eq!(
        call("slice", &[unknown(Type::list(Type::String)), n(0), n(1)]).unwrap(),
        unknown(Type::list(Type::String))
    );
    let t = tuple(vec![n(1), s("b")]);
    assert_eq!(
        call("slice", &[t, n(0), unknown(Type::Number)]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call(
            "slice",
            &[unknown(Type::tuple([Type::String, Type::Bool])), n(1), n(2)]
        )
        .unwrap(),
        unknown(Type::tuple([Type::Bool]))
    );
}

#[test]
fn slice_errors() {
    let list = strs(&["a", "b"]);
    let whole =
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807";
    let cases: Vec<(Value, Value, Value, usize, String)> = vec![
        (list.clone(), n(-1), n(1), 1, "start index must not be less than zero".into()),
        (list.clone(), n(0), n(-1), 2, "end index must not be less than zero".into()),
        (list.clone(), n(3), n(3), 1, "start index must not be greater than the length of the list".into()),
        (list.clone(), n(0), n(3), 2, "end index must not be greater than the length of the list".into()),
        (list.clone(), n(2), n(1), 1, "start index must not be greater than end index".into()),
        (list.clone(), Value::from(0.5), n(1), 1, format!("invalid start index: {whole}")),
        (list.clone(), n(0), Value::from(1.5), 2, format!("invalid end index: {whole}")),
        (str_set(&["a"]), n(0), n(1), 0, "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important".into()),
        (s("ab"), n(0), n(1), 0, "must be a list or tuple value".into()),
    ];
    for (l, a, b, index, want) in cases {
        assert_eq!(fails("slice", &[l, a, b]), (Some(index), want));
    }
}

#[test]
fn chunklist_splits_into_fixed_size_lists() {
    let chunks = |parts: &[&[&str]]| {
        Value::list(Type::list(Type::String), parts.iter().map(|p| strs(p))).unwrap()
    };
    let abc = strs(&["a", "b", "c"]);
    assert_eq!(
        call("chunklist", &[abc.clone(), n(1)]).unwrap(),
        chunks(&[&["a"], &["b"], &["c"]])
    );
    assert_eq!(
        call("chunklist", &[abc.clone(), n(2)]).unwrap(),
        chunks(&[&["a", "b"], &["c"]])
    );
    assert_eq!(
        call("chunklist", &[abc.clone(), n(3)]).unwrap(),
        chunks(&[&["a", "b", "c"]])
    );
    assert_eq!(
        call("chunklist", &[abc.clone(), n(5)]).unwrap(),
        chunks(&[&["a", "b", "c"]])
    );
    assert_eq!(
        call("chunklist", &[abc, n(0)]).unwrap(),
        chunks(&[&["a", "b", "c"]])
    );
    assert_eq!(call("chunklist", &[strs(&[]), n(2)]).unwrap(), chunks(&[]));
    assert_eq!(
        call("chunklist", &[unknown(Type::list(Type::String)), n(2)]).unwrap(),
        unknown(Type::list(Type::list(Type::String)))
    );
}

#[test]
fn chunklist_errors() {
    assert_eq!(
        fails("chunklist", &[strs(&[]), n(-1)]),
        (None, "the size argument must be positive".into())
    );
    assert_eq!(
        fails("chunklist", &[strs(&[]), Value::from(1.5)]),
        (None, "invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807".into())
    );
}

#[test]
fn range_counts_from_start_to_end_by_step() {
    let f = |v: f64| Value::from(v);
    let list = |items: Vec<Value>| Value::list(Type::Number, items).unwrap();
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (vec![n(5)], nums(&[0, 1, 2, 3, 4])),
        (vec![n(-5)], nums(&[0, -1, -2, -3, -4])),
        (vec![n(1)], nums(&[0])),
        (vec![n(0)], nums(&[])),
        (vec![f(5.5)], nums(&[0, 1, 2, 3, 4, 5])),
        (vec![n(1), n(5)], nums(&[1, 2, 3, 4])),
        (vec![n(5), n(1)], nums(&[5, 4, 3, 2])),
        (
            vec![f(1.5), n(5)],
            list(vec![f(1.5), f(2.5), f(3.5), f(4.5)]),
        ),
        (vec![n(1), n(2)], nums(&[1])),
        (vec![n(1), n(1)], nums(&[])),
        (vec![n(0), n(5), n(2)], nums(&[0, 2, 4])),
        (vec![n(0), n(1), n(1)], nums(&[0])),
        (vec![n(0), n(0), n(1)], nums(&[])),
        (vec![n(5), n(0), n(-1)], nums(&[5, 4, 3, 2, 1])),
        (
            vec![n(0), n(2), f(0.5)],
            list(vec![n(0), f(0.5), n(1), f(1.5)]),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(call("range", &args).unwrap(), want, "range({args:?})");
    }
}

#[test]
fn range_errors() {
    let cases: Vec<(Vec<Value>, Option<usize>, String)> = vec![
        (
            vec![],
            None,
            "must have one, two, or three arguments".into(),
        ),
        (
            vec![n(1), n(2), n(3), n(4)],
            None,
            "must have one, two, or three arguments".into(),
        ),
        (
            vec![n(0), n(1), n(0)],
            Some(2),
            "step must not be zero".into(),
        ),
        (
            vec![n(0), n(5), n(-1)],
            Some(1),
            "end must be less than start when step is negative".into(),
        ),
        (
            vec![n(5), n(0), n(1)],
            Some(1),
            "end must be greater than start when step is positive".into(),
        ),
    ];
    for (args, index, want) in cases {
        assert_eq!(fails("range", &args), (index, want));
    }
}

#[test]
fn range_beyond_the_limit_is_an_error() {
    let limit = i64::try_from(RANGE_LIMIT).unwrap();
    assert_eq!(
        call("range", &[n(limit)]).unwrap().length(),
        Some(RANGE_LIMIT)
    );
    let want = (
        None,
        "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step"
            .to_owned(),
    );
    assert_eq!(fails("range", &[n(limit + 1)]), want);
    assert_eq!(fails("range", &[n(1_000_000_000_000)]), want);
    assert_eq!(fails("range", &[Value::from(f64::INFINITY)]), want);
}

#[test]
fn range_with_unknown_arguments_is_unknown() {
    assert_eq!(
        call("range", &[unknown(Type::Number)]).unwrap(),
        unknown(Type::list(Type::Number))
    );
}
