//! Conversion functions, with expected values and messages from go-cty's
//! `conversion_test.go` and Terraform's `MakeToFunc`.

use crate::function::stdlib::collection::support::testing::*;
use crate::value::{Type, Value};

#[test]
fn tostring_tonumber_tobool_convert_primitives() {
    let cases: Vec<(&str, Value, Value)> = vec![
        ("tostring", s("a"), s("a")),
        ("tostring", n(1), s("1")),
        ("tostring", Value::from(1.5), s("1.5")),
        ("tostring", Value::Bool(true), s("true")),
        ("tonumber", n(1), n(1)),
        ("tonumber", s("1"), n(1)),
        ("tonumber", s("-1.5"), Value::from(-1.5)),
        ("tobool", Value::Bool(false), Value::Bool(false)),
        ("tobool", s("true"), Value::Bool(true)),
        ("tobool", s("false"), Value::Bool(false)),
    ];
    for (name, input, want) in cases {
        assert_eq!(
            call(name, std::slice::from_ref(&input)).unwrap(),
            want,
            "{name}({input:?})"
        );
    }
}

#[test]
fn conversions_keep_null_and_unknown_with_the_result_type() {
    let cases: Vec<(&str, Type)> = vec![
        ("tostring", Type::String),
        ("tonumber", Type::Number),
        ("tobool", Type::Bool),
        ("tolist", Type::list(Type::Dynamic)),
        ("toset", Type::set(Type::Dynamic)),
        ("tomap", Type::map(Type::Dynamic)),
    ];
    for (name, ty) in cases {
        // Arguments of no type give results of no type, as in go-cty.
        assert_eq!(
            call(name, &[Value::dynamic()]).unwrap(),
            Value::dynamic(),
            "{name}"
        );
        assert_eq!(
            call(name, &[Value::null(Type::Dynamic)]).unwrap(),
            Value::null(Type::Dynamic),
            "{name}"
        );
        // A typed unknown gives an unknown of the wanted type.
        let from = match &ty {
            Type::List(_) | Type::Set(_) => Type::list(Type::String),
            Type::Map(_) => Type::map(Type::String),
            _ => Type::String,
        };
        assert_eq!(call(name, &[unknown(from)]).unwrap(), unknown(ty), "{name}");
    }
    assert_eq!(
        call("tostring", &[Value::null(Type::Number)]).unwrap(),
        Value::null(Type::String)
    );
    assert_eq!(
        call("tonumber", &[Value::null(Type::String)]).unwrap(),
        Value::null(Type::Number)
    );
    assert_eq!(
        call("tostring", &[unknown(Type::Number)]).unwrap(),
        unknown(Type::String)
    );
    assert_eq!(
        call("tolist", &[unknown(Type::tuple([Type::String]))]).unwrap(),
        unknown(Type::list(Type::Dynamic))
    );
}

#[test]
fn tolist_toset_tomap_convert_structural_values() {
    let cases: Vec<(&str, Value, Value)> = vec![
        ("tolist", tuple(vec![s("a"), s("b")]), strs(&["a", "b"])),
        // The elements unify: a number and a string give strings.
        ("tolist", tuple(vec![n(1), s("a")]), strs(&["1", "a"])),
        ("tolist", str_set(&["b", "a"]), strs(&["a", "b"])),
        ("tolist", strs(&["a"]), strs(&["a"])),
        (
            "toset",
            tuple(vec![s("a"), s("b"), s("a")]),
            str_set(&["a", "b"]),
        ),
        ("toset", strs(&["b", "a", "b"]), str_set(&["a", "b"])),
        (
            "tomap",
            obj(vec![("a", n(1)), ("b", s("x"))]),
            str_map(&[("a", "1"), ("b", "x")]),
        ),
        ("tomap", str_map(&[("a", "b")]), str_map(&[("a", "b")])),
    ];
    for (name, input, want) in cases {
        assert_eq!(
            call(name, std::slice::from_ref(&input)).unwrap(),
            want,
            "{name}({input:?})"
        );
    }
}

#[test]
fn conversion_errors_name_the_value_or_types() {
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "tonumber",
            s("x"),
            "cannot convert \"x\" to number; given string must be a decimal representation of a number",
        ),
        (
            "tobool",
            s("yes"),
            "cannot convert \"yes\" to bool; only the strings \"true\" or \"false\" are allowed",
        ),
        ("tonumber", Value::Bool(true), "cannot convert bool to number"),
        ("tobool", n(1), "cannot convert number to bool"),
        ("tostring", strs(&["a"]), "cannot convert list of string to string"),
        (
            "tostring",
            obj(vec![("a", n(1))]),
            "cannot convert object with attribute a to string",
        ),
        ("tolist", s("a"), "cannot convert string to list of any single type"),
        ("tomap", strs(&["a"]), "cannot convert list of string to map of any single type"),
        ("toset", obj(vec![]), "cannot convert object with no attributes to set of any single type"),
        (
            "tolist",
            tuple(vec![strs(&["a"]), s("b")]),
            "cannot convert tuple with 2 elements to list of any single type",
        ),
    ];
    for (name, input, want) in cases {
        assert_eq!(
            fails(name, std::slice::from_ref(&input)),
            (Some(0), want.to_owned()),
            "{name}({input:?})"
        );
    }
}
