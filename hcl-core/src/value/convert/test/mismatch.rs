//! Mismatch messages.

use super::oty;
use crate::value::{mismatch_message, Type};

#[test]
fn mismatch_message_follows_reference_wording() {
    let foo = oty(vec![("foo", Type::String)]);
    let cases: Vec<(Type, Type, &str)> = vec![
        (Type::Bool, Type::Number, "number required, but have bool"),
        (
            Type::list(Type::String),
            Type::String,
            "string required, but have list of string",
        ),
        (
            Type::String,
            Type::list(Type::String),
            "list of string required, but have string",
        ),
        (
            Type::empty_object(),
            Type::list(foo.clone()),
            "list of object required",
        ),
        (
            Type::list(Type::String),
            Type::list(foo.clone()),
            "incorrect list element type: object with attribute foo required, but have string",
        ),
        (
            Type::map(Type::Bool),
            Type::map(Type::Number),
            "incorrect map element type: number required, but have bool",
        ),
        (
            Type::tuple([Type::Bool]),
            Type::set(Type::Number),
            "element 0: number required, but have bool",
        ),
        (
            oty(vec![("boop", Type::Bool)]),
            Type::map(Type::Number),
            "element \"boop\": number required, but have bool",
        ),
        (
            Type::tuple([Type::empty_object(), Type::empty_tuple()]),
            Type::list(Type::Dynamic),
            "all list elements must have the same type",
        ),
        (
            oty(vec![
                ("foo", Type::Bool),
                ("baz", oty(vec![("boop", Type::Bool)])),
            ]),
            oty(vec![
                ("foo", Type::Bool),
                ("baz", oty(vec![("boop", Type::Number)])),
            ]),
            "attribute \"baz\": attribute \"boop\": number required, but have bool",
        ),
        (
            Type::tuple([]),
            oty(vec![]),
            "object with no attributes required, but have empty tuple",
        ),
        (
            Type::set(Type::String),
            Type::map(Type::String),
            "map of string required",
        ),
        (
            Type::map(Type::Bool),
            oty(vec![("n", Type::Number)]),
            "attribute \"n\": number required, but have bool",
        ),
    ];
    for (got, want, msg) in cases {
        assert_eq!(mismatch_message(&got, &want), msg, "{got} -> {want}");
    }
}
