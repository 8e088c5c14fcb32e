//! Integration and property tests of value conversion and unification.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod properties;
mod strategies;

use hcl_core::value::{convert, unify_unsafe, ConversionError, Path, PathStep, Type, Value};

/// A configuration's values reach the application's types: strings that
/// spell numbers and bools convert, and errors point into the value.
#[test]
fn conversion_of_configuration_values_to_application_types() {
    let service = Type::object_with_optional(
        [
            ("name", Type::String),
            ("port", Type::Number),
            ("tls", Type::Bool),
            ("tags", Type::set(Type::String)),
        ],
        ["tags"],
    );
    let services = Value::tuple([
        Value::object([
            ("name", Value::from("web")),
            ("port", Value::from("8080")),
            ("tls", Value::from("true")),
            (
                "tags",
                Value::tuple([Value::from("b"), Value::from("a"), Value::from("b")]),
            ),
        ]),
        Value::object([
            ("name", Value::from(7)),
            ("port", Value::from(22)),
            ("tls", Value::from(false)),
        ]),
    ]);
    let got = convert(&services, &Type::list(service)).unwrap();
    let tags = Value::set(Type::String, [Value::from("a"), Value::from("b")]).unwrap();
    let want_ty = Type::object([
        ("name", Type::String),
        ("port", Type::Number),
        ("tls", Type::Bool),
        ("tags", Type::set(Type::String)),
    ]);
    let want = Value::list(
        want_ty,
        [
            Value::object([
                ("name", Value::from("web")),
                ("port", Value::from(8080)),
                ("tls", Value::from(true)),
                ("tags", tags),
            ]),
            Value::object([
                ("name", Value::from("7")),
                ("port", Value::from(22)),
                ("tls", Value::from(false)),
                ("tags", Value::null(Type::set(Type::String))),
            ]),
        ],
    )
    .unwrap();
    assert_eq!(got, want);
}

#[test]
fn conversion_error_carries_path_and_message() {
    let v = Value::object([(
        "servers",
        Value::tuple([Value::object([("port", Value::from("x"))])]),
    )]);
    let to = Type::object([(
        "servers",
        Type::list(Type::object([("port", Type::Number)])),
    )]);
    let err: ConversionError = convert(&v, &to).unwrap_err();
    assert_eq!(
        err.path(),
        &Path::from_steps([
            PathStep::Attr("servers".into()),
            PathStep::Index(0),
            PathStep::Attr("port".into()),
        ])
    );
    assert_eq!(err.to_string(), ".servers[0].port: a number is required");
}

/// A conditional's two results meet in one type (the spec's preferences
/// apply: a list and a tuple meet in a tuple).
#[test]
fn unification_of_conditional_results() {
    let a = Value::list(Type::Number, [Value::from(1), Value::from(2)]).unwrap();
    let b = Value::tuple([Value::from("x"), Value::from(3)]);
    let u = unify_unsafe(&[a.ty(), b.ty()]).unwrap();
    assert_eq!(u.ty(), &Type::tuple([Type::String, Type::Number]));
    assert_eq!(
        u.conversions()[0].apply(&a).unwrap(),
        Value::tuple([Value::from("1"), Value::from(2)])
    );
    assert!(u.conversions()[1].is_identity());
    // Where the positions do not unify, the list rule still applies.
    let c = Value::tuple([Value::from("x"), Value::from(true)]);
    let u = unify_unsafe(&[a.ty(), c.ty()]).unwrap();
    assert_eq!(u.ty(), &Type::list(Type::String));
}
