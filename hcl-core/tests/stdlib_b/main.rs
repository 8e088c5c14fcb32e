//! The number, collection, set and conversion families of the standard
//! library, through the public API only: every function is in the table,
//! documented, and behaves as Terraform's documentation shows.

// Tests may panic on what they did not expect.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use hcl_core::function::{stdlib, CallError};
use hcl_core::value::{Type, Value};

const FUNCTIONS: &[&str] = &[
    "abs",
    "ceil",
    "floor",
    "log",
    "pow",
    "signum",
    "max",
    "min",
    "parseint",
    "length",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "keys",
    "values",
    "lookup",
    "merge",
    "range",
    "reverse",
    "slice",
    "sort",
    "zipmap",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "index",
    "setintersection",
    "setunion",
    "setproduct",
    "setsubtract",
    "tostring",
    "tonumber",
    "tobool",
    "tolist",
    "toset",
    "tomap",
];

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    stdlib::functions()
        .get(name)
        .unwrap_or_else(|| panic!("no function {name}"))
        .call(args)
}

fn strings(items: &[&str]) -> Value {
    Value::list(Type::String, items.iter().map(|s| Value::from(*s))).unwrap()
}

#[test]
fn every_function_is_registered_and_described() {
    let table = stdlib::functions();
    for name in FUNCTIONS {
        let f = table
            .get(name)
            .unwrap_or_else(|| panic!("{name} is missing"));
        assert!(!f.description().is_empty(), "{name} has no description");
    }
}

#[test]
fn terraform_documentation_examples() {
    let cases: Vec<(&str, Vec<Value>, Value)> = vec![
        ("abs", vec![Value::from(-12.4)], Value::from(12.4)),
        ("ceil", vec![Value::from(5.1)], Value::from(6)),
        ("floor", vec![Value::from(4.9)], Value::from(4)),
        ("log", vec![Value::from(16), Value::from(2)], Value::from(4)),
        ("pow", vec![Value::from(3), Value::from(2)], Value::from(9)),
        ("signum", vec![Value::from(-13)], Value::from(-1)),
        (
            "max",
            vec![Value::from(12), Value::from(54), Value::from(3)],
            Value::from(54),
        ),
        (
            "min",
            vec![Value::from(12), Value::from(54), Value::from(3)],
            Value::from(3),
        ),
        (
            "parseint",
            vec![Value::from("100"), Value::from(10)],
            Value::from(100),
        ),
        (
            "parseint",
            vec![Value::from("FF"), Value::from(16)],
            Value::from(255),
        ),
        (
            "parseint",
            vec![Value::from("-10"), Value::from(16)],
            Value::from(-16),
        ),
        (
            "parseint",
            vec![Value::from("1011111011101111"), Value::from(2)],
            Value::from(48879),
        ),
        (
            "parseint",
            vec![Value::from("aA"), Value::from(62)],
            Value::from(656),
        ),
        // Terraform's `length` of a string is go-cty's `strlen`.
        ("strlen", vec![Value::from("hello")], Value::from(5)),
        ("strlen", vec![Value::from("👾🕹️")], Value::from(2)),
        (
            "element",
            vec![strings(&["a", "b", "c"]), Value::from(3)],
            Value::from("a"),
        ),
        (
            "index",
            vec![strings(&["a", "b", "c"]), Value::from("b")],
            Value::from(1),
        ),
        (
            "distinct",
            vec![strings(&["a", "b", "a", "c", "d", "b"])],
            strings(&["a", "b", "c", "d"]),
        ),
        (
            "compact",
            vec![strings(&["a", "", "b", "c"])],
            strings(&["a", "b", "c"]),
        ),
        (
            "sort",
            vec![strings(&["e", "d", "a", "x"])],
            strings(&["a", "d", "e", "x"]),
        ),
        (
            "coalesce",
            vec![Value::from("a"), Value::from("b")],
            Value::from("a"),
        ),
        // go-cty skips only nulls (Terraform also skips "").
        (
            "coalesce",
            vec![Value::from(""), Value::from("b")],
            Value::from(""),
        ),
        (
            "coalesce",
            vec![Value::from(1), Value::from(2)],
            Value::from(1),
        ),
        ("tostring", vec![Value::from(5)], Value::from("5")),
        ("tonumber", vec![Value::from("1")], Value::from(1)),
        ("tobool", vec![Value::from("true")], Value::Bool(true)),
        (
            "tolist",
            vec![Value::from(vec![
                Value::from("a"),
                Value::from("b"),
                Value::from(3),
            ])],
            strings(&["a", "b", "3"]),
        ),
        (
            "toset",
            vec![Value::from(vec!["c", "b", "b"])],
            Value::set(Type::String, [Value::from("b"), Value::from("c")]).unwrap(),
        ),
    ];
    for (name, args, want) in cases {
        assert_eq!(call(name, &args).unwrap(), want, "{name}({args:?})");
    }
}

#[test]
fn unbounded_work_is_refused_with_an_error() {
    assert!(call("pow", &[Value::from(10), Value::from(1e9)]).is_err());
    assert!(call("range", &[Value::from(1_000_000_000)]).is_err());
    let big = Value::list(Type::Number, (0..2000).map(Value::from)).unwrap();
    assert!(call("setproduct", &[big.clone(), big]).is_err());
}

#[test]
fn errors_point_at_the_argument_at_fault() {
    let e = call("parseint", &[Value::from("12"), Value::from(2)]).unwrap_err();
    assert_eq!(e.argument_index(), Some(0));
    assert_eq!(
        e.to_string(),
        "invalid value for \"number\" parameter: cannot parse \"12\" as a base 2 integer"
    );
    let e = call("slice", &[strings(&["a"]), Value::from(0), Value::from(2)]).unwrap_err();
    assert_eq!(e.argument_index(), Some(2));
}

#[test]
fn null_arguments_are_refused_where_go_cty_refuses_them() {
    let null_list = Value::null(Type::list(Type::String));
    let null_map = Value::null(Type::map(Type::String));
    let one = Value::from(1);
    let cases: Vec<(&str, Vec<Value>)> = vec![
        ("length", vec![null_list.clone()]),
        ("contains", vec![null_list.clone(), Value::from("a")]),
        ("distinct", vec![null_list.clone()]),
        ("element", vec![null_list.clone(), one.clone()]),
        ("index", vec![null_list.clone(), Value::from("a")]),
        ("compact", vec![null_list.clone()]),
        ("sort", vec![null_list.clone()]),
        ("concat", vec![null_list.clone()]),
        ("flatten", vec![null_list.clone()]),
        ("reverse", vec![null_list.clone()]),
        ("slice", vec![null_list.clone(), one.clone(), one.clone()]),
        ("chunklist", vec![null_list.clone(), one.clone()]),
        ("zipmap", vec![null_list.clone(), strings(&[])]),
        ("keys", vec![null_map.clone()]),
        ("values", vec![null_map.clone()]),
        (
            "lookup",
            vec![null_map, Value::from("a"), Value::from(false)],
        ),
        ("range", vec![Value::null(Type::Number)]),
        ("setproduct", vec![null_list.clone(), strings(&["a"])]),
    ];
    for (name, args) in cases {
        let e = call(name, &args).unwrap_err();
        assert!(
            matches!(&e, CallError::Argument { message, .. } if message == "argument must not be null"),
            "{name}: {e}"
        );
    }
}

#[test]
fn unknown_arguments_give_unknown_results_of_the_result_type() {
    let u = Value::unknown;
    let list = Type::list(Type::String);
    let cases: Vec<(&str, Vec<Value>, Value)> = vec![
        ("length", vec![u(list.clone())], u(Type::Number)),
        (
            "contains",
            vec![u(list.clone()), Value::from("a")],
            u(Type::Bool),
        ),
        ("distinct", vec![u(list.clone())], u(list.clone())),
        (
            "element",
            vec![u(list.clone()), Value::from(0)],
            u(Type::String),
        ),
        (
            "index",
            vec![u(list.clone()), Value::from("a")],
            u(Type::Number),
        ),
        ("compact", vec![u(list.clone())], u(list.clone())),
        ("sort", vec![u(list.clone())], u(list.clone())),
        (
            "concat",
            vec![u(list.clone()), strings(&["a"])],
            u(list.clone()),
        ),
        ("reverse", vec![u(list.clone())], u(list.clone())),
        (
            "slice",
            vec![u(list.clone()), Value::from(0), Value::from(0)],
            u(list.clone()),
        ),
        (
            "chunklist",
            vec![u(list.clone()), Value::from(1)],
            u(Type::list(list.clone())),
        ),
        ("keys", vec![u(Type::map(Type::Bool))], u(list.clone())),
        (
            "values",
            vec![u(Type::map(Type::Bool))],
            u(Type::list(Type::Bool)),
        ),
        (
            "lookup",
            vec![
                u(Type::map(Type::Bool)),
                Value::from("a"),
                Value::from(false),
            ],
            u(Type::Bool),
        ),
        (
            "zipmap",
            vec![u(list.clone()), u(Type::list(Type::Bool))],
            u(Type::map(Type::Bool)),
        ),
        (
            "setunion",
            vec![u(Type::set(Type::String)), u(Type::set(Type::String))],
            u(Type::set(Type::String)),
        ),
        ("range", vec![u(Type::Number)], u(Type::list(Type::Number))),
        ("abs", vec![u(Type::Number)], u(Type::Number)),
        (
            "parseint",
            vec![u(Type::String), Value::from(10)],
            u(Type::Number),
        ),
        ("tostring", vec![u(Type::Number)], u(Type::String)),
        // Of no type, the result has none either (go-cty).
        ("tonumber", vec![Value::dynamic()], Value::dynamic()),
    ];
    for (name, args, want) in cases {
        assert_eq!(call(name, &args).unwrap(), want, "{name}({args:?})");
    }
}
