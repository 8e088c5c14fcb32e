//! Traversal of extended types.

use super::t;
use crate::typeck::*;

// ------------------------------------------------------------ traversal --

fn attr(ty: &str, name: &str) -> Result<ExtendedType, TraversalError> {
    traverse(&t(ty), TypeStep::Attr(name))
}

#[test]
fn traversal_union_is_union_of_successes() {
    assert_eq!(
        attr("union(object({a=int}), object({a=string}))", "a").unwrap(),
        t("union(int, string)")
    );
    assert_eq!(
        attr("union(object({a=int}), object({b=string}))", "a").unwrap(),
        ExtendedType::Int
    );
    let e = attr("union(object({b=int}), string)", "a").unwrap_err();
    assert_eq!(e.summary, "Unsupported attribute");
}

#[test]
fn traversal_union_with_none_gives_none() {
    assert_eq!(
        attr("optional(object({a=int}))", "a").unwrap(),
        t("optional(int)")
    );
    let key = ExtendedType::Int;
    let lit = crate::value::Number::from(0);
    let step = TypeStep::Index {
        ty: &key,
        literal: Some(KeyLiteral::Number(&lit)),
    };
    assert_eq!(
        traverse(&t("optional(list(string))"), step).unwrap(),
        t("optional(string)")
    );
    // Plain null is not traversable.
    assert_eq!(
        attr("none", "a").unwrap_err().summary,
        "Attempt to get attribute from null value"
    );
    assert_eq!(
        attr("optional(string)", "a").unwrap_err().summary,
        "Unsupported attribute"
    );
}

#[test]
fn traversal_promise_and_output_wrap_the_result() {
    assert_eq!(
        attr("promise(object({a=int}))", "a").unwrap(),
        t("promise(int)")
    );
    assert_eq!(
        attr("output(object({a=list(int)}))", "a").unwrap(),
        t("output(list(int))")
    );
    assert_eq!(
        attr("output(optional(object({a=int})))", "a").unwrap(),
        t("output(optional(int))")
    );
    assert!(attr("output(string)", "a").is_err());
}

#[test]
fn traversal_attributes_follow_the_base_model() {
    assert_eq!(attr("map(int)", "k").unwrap(), ExtendedType::Int);
    assert_eq!(attr("any", "k").unwrap(), ExtendedType::Dynamic);
    let e = attr("object({a=int})", "b").unwrap_err();
    assert_eq!(
        e.detail,
        "This object does not have an attribute named \"b\"."
    );
    let e = attr("string", "b").unwrap_err();
    assert_eq!(
        e.detail,
        "Can't access attributes on a primitive-typed value (string)."
    );
    let e = attr("list(object({a=int}))", "a").unwrap_err();
    assert!(e
        .detail
        .starts_with("Can't access attributes on a list of objects."));
}

#[test]
fn traversal_indexes_follow_the_base_model() {
    let idx = |ty: &str, key: ExtendedType, lit: Option<KeyLiteral<'_>>| {
        traverse(
            &t(ty),
            TypeStep::Index {
                ty: &key,
                literal: lit,
            },
        )
    };
    let n1 = crate::value::Number::from(1);
    let n5 = crate::value::Number::from(5);
    assert_eq!(
        idx(
            "tuple([int, string])",
            ExtendedType::Int,
            Some(KeyLiteral::Number(&n1))
        )
        .unwrap(),
        ExtendedType::String
    );
    assert_eq!(
        idx("tuple([int, string])", ExtendedType::Int, None).unwrap(),
        t("union(int, string)")
    );
    assert_eq!(
        idx(
            "tuple([int])",
            ExtendedType::Int,
            Some(KeyLiteral::Number(&n5))
        )
        .unwrap_err()
        .summary,
        "Invalid index"
    );
    assert_eq!(
        idx("map(bool)", ExtendedType::String, None).unwrap(),
        ExtendedType::Bool
    );
    assert_eq!(
        idx("map(bool)", t("list(int)"), None).unwrap_err().summary,
        "Invalid index"
    );
    assert_eq!(
        idx(
            "object({a=int})",
            ExtendedType::String,
            Some(KeyLiteral::String("a"))
        )
        .unwrap(),
        ExtendedType::Int
    );
    assert!(idx("set(int)", ExtendedType::Int, None)
        .unwrap_err()
        .detail
        .starts_with("Elements of a set"));
    assert_eq!(
        idx("list(int)", ExtendedType::None, None)
            .unwrap_err()
            .detail,
        "Can't use a null value as an indexing key."
    );
    assert_eq!(
        idx("string", ExtendedType::Int, None).unwrap_err().detail,
        "This value does not have any indices."
    );
}
