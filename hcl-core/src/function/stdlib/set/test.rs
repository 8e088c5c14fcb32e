//! Set functions, with expected values from go-cty's `set_test.go` and
//! `collection_test.go` (`setproduct`).

use crate::function::stdlib::collection::support::testing::*;
use crate::function::CallError;
use crate::limits::{Budget, Limits};
use crate::value::{Type, Value};

fn bools(items: &[bool]) -> Value {
    Value::set(Type::Bool, items.iter().map(|b| Value::Bool(*b))).unwrap()
}

fn empty_dynamic_set() -> Value {
    Value::set(Type::Dynamic, []).unwrap()
}

fn empty_set(ty: Type) -> Value {
    Value::set(ty, []).unwrap()
}

#[test]
fn setunion_has_the_elements_of_any_set() {
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (vec![empty_set(Type::String)], empty_set(Type::String)),
        (
            vec![empty_set(Type::String), empty_set(Type::String)],
            empty_set(Type::String),
        ),
        // Element types unify: bool and string give string.
        (
            vec![bools(&[true]), empty_set(Type::String)],
            str_set(&["true"]),
        ),
        (
            vec![bools(&[true]), bools(&[true]), bools(&[false])],
            bools(&[true, false]),
        ),
        (
            vec![str_set(&["a"]), str_set(&["b"]), str_set(&["b", "c"])],
            str_set(&["a", "b", "c"]),
        ),
        // An empty set of the dynamic pseudo-type (e.g. `[]`) takes no part
        // in unification.
        (vec![bools(&[true]), empty_dynamic_set()], bools(&[true])),
        (
            vec![empty_dynamic_set(), empty_dynamic_set()],
            empty_dynamic_set(),
        ),
        (
            vec![
                Value::set(Type::empty_object(), [obj(vec![])]).unwrap(),
                empty_dynamic_set(),
            ],
            Value::set(Type::empty_object(), [obj(vec![])]).unwrap(),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(call("setunion", &args).unwrap(), want, "{args:?}");
    }
}

#[test]
fn setunion_keeps_unknown_elements() {
    let with_unknown = Value::set(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(
        call("setunion", &[str_set(&["5"]), with_unknown]).unwrap(),
        Value::set(Type::String, [s("5"), unknown(Type::String)]).unwrap()
    );
    assert_eq!(
        call(
            "setunion",
            &[str_set(&["5"]), unknown(Type::set(Type::Number))]
        )
        .unwrap(),
        unknown(Type::set(Type::String))
    );
}

#[test]
fn setintersection_has_the_elements_of_every_set() {
    let cases: Vec<(Vec<Value>, Value)> = vec![
        (vec![empty_set(Type::String)], empty_set(Type::String)),
        (
            vec![bools(&[true]), empty_set(Type::String)],
            empty_set(Type::String),
        ),
        (
            vec![bools(&[true]), bools(&[true, false]), bools(&[true, false])],
            bools(&[true]),
        ),
        (
            vec![str_set(&["a", "b"]), str_set(&["b"]), str_set(&["b", "c"])],
            str_set(&["b"]),
        ),
        (
            vec![bools(&[true]), empty_dynamic_set()],
            empty_set(Type::Bool),
        ),
        (
            vec![empty_dynamic_set(), empty_dynamic_set()],
            empty_dynamic_set(),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(call("setintersection", &args).unwrap(), want, "{args:?}");
    }
}

#[test]
fn setsubtract_removes_the_second_sets_elements() {
    let cases: Vec<(Value, Value, Value)> = vec![
        (
            empty_set(Type::String),
            empty_set(Type::String),
            empty_set(Type::String),
        ),
        (bools(&[true]), empty_set(Type::String), str_set(&["true"])),
        (bools(&[true]), bools(&[false]), bools(&[true])),
        (
            str_set(&["a", "b", "c"]),
            str_set(&["a", "c"]),
            str_set(&["b"]),
        ),
        (str_set(&["a"]), empty_dynamic_set(), str_set(&["a"])),
        (
            empty_dynamic_set(),
            empty_dynamic_set(),
            empty_dynamic_set(),
        ),
    ];
    for (a, b, want) in cases {
        assert_eq!(
            call("setsubtract", &[a.clone(), b.clone()]).unwrap(),
            want,
            "{a:?} - {b:?}"
        );
    }
}

#[test]
fn setintersection_and_setsubtract_with_unknown_elements_are_unknown() {
    let with_unknown = Value::set(Type::String, [unknown(Type::String)]).unwrap();
    for name in ["setintersection", "setsubtract"] {
        assert_eq!(
            call(name, &[str_set(&["5"]), with_unknown.clone()]).unwrap(),
            unknown(Type::set(Type::String)),
            "{name}"
        );
        assert_eq!(
            call(name, &[str_set(&["5"]), unknown(Type::set(Type::Number))]).unwrap(),
            unknown(Type::set(Type::String)),
            "{name}"
        );
        // The dynamic value takes no part in unification.
        assert_eq!(
            call(name, &[str_set(&["5"]), Value::dynamic()]).unwrap(),
            unknown(Type::set(Type::String)),
            "{name}"
        );
    }
}

#[test]
fn set_operations_require_compatible_sets() {
    let numbers = Value::set(Type::Number, [n(1)]).unwrap();
    for name in ["setunion", "setintersection", "setsubtract"] {
        assert_eq!(
            fails(name, &[numbers.clone(), bools(&[true])]),
            (
                None,
                "given sets must all have compatible element types".into()
            ),
            "{name}"
        );
        assert_eq!(
            fails(name, &[numbers.clone(), strs(&["a"])]),
            (
                Some(1),
                "set of any single type required, but got list of string".into()
            ),
            "{name}"
        );
        assert_eq!(
            fails(
                name,
                &[numbers.clone(), Value::null(Type::set(Type::Number))]
            ),
            (Some(1), "argument must not be null".into()),
            "{name}"
        );
    }
}

fn pair(a: Value, b: Value) -> Value {
    Value::tuple([a, b])
}

#[test]
fn setproduct_of_lists_is_a_list_in_input_order() {
    let pairs = Type::tuple([Type::String, Type::String]);
    let got = call("setproduct", &[strs(&["a", "b"]), strs(&["x", "y"])]).unwrap();
    let want = Value::list(
        pairs,
        [
            pair(s("a"), s("x")),
            pair(s("a"), s("y")),
            pair(s("b"), s("x")),
            pair(s("b"), s("y")),
        ],
    )
    .unwrap();
    assert_eq!(got, want);
}

#[test]
fn setproduct_with_a_set_is_a_set() {
    let got = call("setproduct", &[str_set(&["b", "a"]), nums(&[1])]).unwrap();
    let want = Value::set(
        Type::tuple([Type::String, Type::Number]),
        [pair(s("a"), n(1)), pair(s("b"), n(1))],
    )
    .unwrap();
    assert_eq!(got, want);
}

#[test]
fn setproduct_converts_tuple_elements_to_their_unified_type() {
    let got = call("setproduct", &[tuple(vec![n(1), s("x")]), strs(&["y"])]).unwrap();
    let want = Value::list(
        Type::tuple([Type::String, Type::String]),
        [pair(s("1"), s("y")), pair(s("x"), s("y"))],
    )
    .unwrap();
    assert_eq!(got, want);
}

#[test]
fn setproduct_with_an_empty_argument_is_empty() {
    assert_eq!(
        call("setproduct", &[strs(&["a"]), nums(&[])]).unwrap(),
        Value::list(Type::tuple([Type::String, Type::Number]), []).unwrap()
    );
    assert_eq!(
        call("setproduct", &[str_set(&["a"]), tuple(vec![])]).unwrap(),
        Value::set(Type::tuple([Type::String, Type::Dynamic]), []).unwrap()
    );
}

#[test]
fn setproduct_with_unknowns_is_unknown() {
    let ty = Type::list(Type::tuple([Type::String, Type::Number]));
    assert_eq!(
        call(
            "setproduct",
            &[strs(&["a"]), unknown(Type::list(Type::Number))]
        )
        .unwrap(),
        unknown(ty)
    );
    let partly = Value::set(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(
        call("setproduct", &[partly, nums(&[1])]).unwrap(),
        unknown(Type::set(Type::tuple([Type::String, Type::Number])))
    );
    // Unknown elements of a list are just carried into the tuples.
    let partly = Value::list(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(
        call("setproduct", &[partly, nums(&[1])]).unwrap(),
        Value::list(
            Type::tuple([Type::String, Type::Number]),
            [pair(unknown(Type::String), n(1))]
        )
        .unwrap()
    );
}

#[test]
fn setproduct_with_a_surely_empty_argument_is_empty_even_with_unknowns() {
    let pairs = Type::tuple([Type::String, Type::Dynamic]);
    assert_eq!(
        call(
            "setproduct",
            &[
                unknown(Type::tuple([Type::String, Type::String])),
                tuple(vec![])
            ]
        )
        .unwrap(),
        Value::list(pairs, []).unwrap()
    );
    let with_unknown = Value::set(Type::String, [unknown(Type::String)]).unwrap();
    assert_eq!(
        call("setproduct", &[with_unknown, empty_set(Type::Number)]).unwrap(),
        Value::set(Type::tuple([Type::String, Type::Number]), []).unwrap()
    );
    // An unknown collection has no length bound, so go-cty gives up.
    assert_eq!(
        call(
            "setproduct",
            &[unknown(Type::set(Type::String)), empty_set(Type::Number)]
        )
        .unwrap(),
        unknown(Type::set(Type::tuple([Type::String, Type::Number])))
    );
}

#[test]
fn setproduct_with_the_dynamic_value_is_the_dynamic_value() {
    assert_eq!(
        call("setproduct", &[bools(&[true]), Value::dynamic()]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn setproduct_errors() {
    let cases: Vec<(Vec<Value>, Option<usize>, &str)> = vec![
        (
            vec![strs(&["a"])],
            None,
            "at least two arguments are required",
        ),
        (
            vec![strs(&["a"]), s("b")],
            Some(1),
            "a set or a list is required",
        ),
        (
            vec![tuple(vec![n(1), Value::Bool(true)]), strs(&["a"])],
            Some(0),
            "all elements must be of the same type",
        ),
    ];
    for (args, index, want) in cases {
        assert_eq!(fails("setproduct", &args), (index, want.to_owned()));
    }
}

#[test]
fn setproduct_beyond_the_budget_is_refused_before_it_is_built() {
    // 2^21 rows of three elements each: past the default budget of 2^22
    // elements, refused from the arguments' lengths alone.
    let big: Vec<i64> = (0..1448).collect();
    let args = [nums(&big), nums(&big)];
    let mut budget = Budget::new(&Limits::DEFAULT);
    let err = function("setproduct")
        .call_with_budget(&args, &mut budget)
        .unwrap_err();
    assert!(matches!(err, CallError::Limit(_)), "{err}");
    // Nothing was charged but the refused amount: the budget is spent.
    assert!(budget.is_exceeded());
    // Within a small budget a small product still fits.
    let small = [nums(&[1, 2]), nums(&[3, 4])];
    let mut budget = Budget::new(&Limits::default().with_max_elements(4 * 3 + 4));
    assert!(function("setproduct")
        .call_with_budget(&small, &mut budget)
        .is_ok());
    let mut budget = Budget::new(&Limits::default().with_max_elements(4 * 3 + 3));
    assert!(function("setproduct")
        .call_with_budget(&small, &mut budget)
        .is_err());
}
