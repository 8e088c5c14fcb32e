//! Assignability, conversion and unification, and their depth limit.

use super::t;
use crate::typeck::*;
use crate::value::Safety;

// -------------------------------------------------------- assignability --

#[test]
fn assignability_every_type_from_itself_and_dynamic_from_all() {
    for ty in ["int", "optional(string)", "output(list(int))", "none"] {
        assert!(assignable(&t(ty), &t(ty)), "{ty}");
        assert!(assignable(&ExtendedType::Dynamic, &t(ty)), "{ty}");
    }
}

#[test]
fn assignability_union_from_any_element_assignable_type() {
    let u = t("union(int, list(string))");
    assert!(assignable(&u, &ExtendedType::Int));
    assert!(assignable(&u, &t("list(string)")));
    assert!(assignable(&u, &t("tuple([string])")));
    assert!(!assignable(&u, &ExtendedType::String));
    // A union source: each element must be assignable.
    assert!(assignable(
        &t("union(int, string, bool)"),
        &t("union(int, string)")
    ));
    assert!(!assignable(
        &t("union(int, string)"),
        &t("union(int, bool)")
    ));
}

#[test]
fn assignability_promise_from_itself_or_element() {
    let p = t("promise(string)");
    assert!(assignable(&p, &t("promise(string)")));
    assert!(assignable(&p, &ExtendedType::String));
    assert!(!assignable(&p, &t("output(string)")));
    assert!(!assignable(&p, &ExtendedType::Int));
}

#[test]
fn assignability_output_from_itself_promise_or_element() {
    let o = t("output(string)");
    assert!(assignable(&o, &t("output(string)")));
    assert!(assignable(&o, &t("promise(string)")));
    assert!(assignable(&o, &ExtendedType::String));
    assert!(!assignable(&o, &t("output(bool)")));
    // An eventual is never assignable to its element type.
    assert!(!assignable(&ExtendedType::String, &o));
}

#[test]
fn assignability_none_only_to_none() {
    assert!(assignable(&ExtendedType::None, &ExtendedType::None));
    assert!(assignable(&t("optional(int)"), &ExtendedType::None));
    for ty in ["int", "string", "list(int)", "object({})"] {
        assert!(!assignable(&t(ty), &ExtendedType::None), "{ty}");
    }
    assert!(!assignable(&ExtendedType::None, &ExtendedType::Int));
}

#[test]
fn assignability_eventual_not_from_a_structure_of_eventuals() {
    // Lifting eventuals out of a structure is a conversion (it waits for
    // them all), not a use as it is.
    for (to, from) in [
        ("output(list(string))", "list(output(string))"),
        ("output(list(string))", "tuple([output(string), string])"),
        ("promise(map(int))", "map(promise(int))"),
    ] {
        assert!(!assignable(&t(to), &t(from)), "{to} from {from}");
        assert_eq!(conversion(&t(from), &t(to)), Some(Safety::Safe));
    }
    assert!(assignable(
        &t("list(output(string))"),
        &t("tuple([output(string), string])")
    ));
}

#[test]
fn assignability_number_from_int_not_the_converse() {
    assert!(assignable(&ExtendedType::Number, &ExtendedType::Int));
    assert!(!assignable(&ExtendedType::Int, &ExtendedType::Number));
}

#[test]
fn assignability_objects_allow_missing_optional_and_extra_attributes() {
    let want = t("object({a=string, b=optional(int)})");
    assert!(assignable(&want, &t("object({a=string})")));
    assert!(assignable(&want, &t("object({a=string, b=int, c=bool})")));
    assert!(!assignable(&want, &t("object({b=int})")));
}

// ----------------------------------------------------------- conversion --

#[test]
fn conversion_int_string_both_ways_int_to_string_safe() {
    assert_eq!(
        conversion(&ExtendedType::Int, &ExtendedType::String),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&ExtendedType::String, &ExtendedType::Int),
        Some(Safety::Unsafe)
    );
}

#[test]
fn conversion_int_number_both_ways_int_to_number_safe() {
    assert_eq!(
        conversion(&ExtendedType::Int, &ExtendedType::Number),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&ExtendedType::Number, &ExtendedType::Int),
        Some(Safety::Unsafe)
    );
    assert_eq!(conversion(&ExtendedType::Bool, &ExtendedType::Int), None);
}

#[test]
fn conversion_to_union_safe_if_safe_to_some_element() {
    assert_eq!(
        conversion(&ExtendedType::Int, &t("union(string, bool)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&ExtendedType::String, &t("union(int, bool)")),
        Some(Safety::Unsafe)
    );
    assert_eq!(conversion(&t("list(int)"), &t("union(string, bool)")), None);
}

#[test]
fn conversion_from_union_safe_only_if_every_element_is() {
    assert_eq!(
        conversion(&t("union(int, bool)"), &ExtendedType::String),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("optional(string)"), &ExtendedType::String),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        conversion(&t("union(list(int), bool)"), &ExtendedType::Number),
        None
    );
}

#[test]
fn conversion_to_promise_from_promise_or_element() {
    assert_eq!(
        conversion(&t("promise(int)"), &t("promise(string)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&ExtendedType::String, &t("promise(int)")),
        Some(Safety::Unsafe)
    );
    assert_eq!(conversion(&t("output(int)"), &t("promise(int)")), None);
    assert_eq!(conversion(&t("promise(bool)"), &t("promise(int)")), None);
}

#[test]
fn conversion_to_output_from_output_promise_or_element() {
    assert_eq!(
        conversion(&t("output(int)"), &t("output(string)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("promise(string)"), &t("output(int)")),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        conversion(&ExtendedType::Int, &t("output(number)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("output(list(int))"), &t("output(bool)")),
        None
    );
}

#[test]
fn conversion_to_eventual_lifts_eventuals_inside_the_source() {
    // "Conversion from a type T to an output [promise] with element type U
    // is permitted if ... T is convertible to U": a structure holding
    // eventuals converts as the structure with them lifted out (the
    // eventual waits for every one), as Pulumi's input types allow.
    use Safety::{Safe, Unsafe};
    for (from, to, want) in [
        (
            "tuple([output(string), string])",
            "output(list(string))",
            Some(Safe),
        ),
        (
            "tuple([output(string), string])",
            "output(tuple([string, string]))",
            Some(Safe),
        ),
        ("list(output(int))", "output(list(string))", Some(Safe)),
        ("list(output(string))", "output(list(int))", Some(Unsafe)),
        ("map(output(bool))", "output(map(bool))", Some(Safe)),
        (
            "object({a=promise(int)})",
            "promise(object({a=number}))",
            Some(Safe),
        ),
        ("object({a=output(int)})", "output(map(int))", Some(Safe)),
        (
            "tuple([promise(int), output(int)])",
            "output(list(int))",
            Some(Safe),
        ),
        (
            "tuple([output(list(int))])",
            "output(list(list(string)))",
            Some(Safe),
        ),
        (
            "union(tuple([output(int)]), none)",
            "output(optional(list(int)))",
            Some(Safe),
        ),
        (
            "tuple([output(string)])",
            "optional(output(list(string)))",
            Some(Safe),
        ),
        // A promise cannot wait for an output.
        ("tuple([output(int)])", "promise(list(int))", None),
        ("tuple([output(list(int))])", "output(list(bool))", None),
        // A prompt type never takes an eventual, however deep.
        ("list(output(int))", "list(int)", None),
        ("object({a=promise(int)})", "object({a=int})", None),
        // Unless the target takes the eventual where it is.
        (
            "tuple([output(string), string])",
            "list(output(string))",
            Some(Safe),
        ),
    ] {
        assert_eq!(conversion(&t(from), &t(to)), want, "{from} to {to}");
    }
}

#[test]
fn conversion_eventual_to_prompt_does_not_exist() {
    assert_eq!(
        conversion(&t("output(string)"), &ExtendedType::String),
        None
    );
    assert_eq!(
        conversion(&t("promise(string)"), &ExtendedType::String),
        None
    );
    assert_eq!(
        conversion(&t("output(string)"), &ExtendedType::Dynamic),
        Some(Safety::Safe)
    );
}

#[test]
fn conversion_none_only_where_assignable() {
    assert_eq!(conversion(&ExtendedType::None, &ExtendedType::String), None);
    assert_eq!(
        conversion(&ExtendedType::None, &t("optional(string)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&ExtendedType::None, &t("output(optional(string))")),
        Some(Safety::Safe)
    );
}

#[test]
fn conversion_collections_elementwise_worst_safety() {
    assert_eq!(
        conversion(&t("list(int)"), &t("list(string)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("tuple([int, string])"), &t("list(int)")),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        conversion(&t("set(int)"), &t("list(number)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("list(int)"), &t("set(int)")),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        conversion(&t("object({a=int})"), &t("map(string)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("map(int)"), &t("object({a=int})")),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        conversion(&t("object({a=int, extra=bool})"), &t("object({a=string})")),
        Some(Safety::Safe)
    );
    assert_eq!(conversion(&t("object({})"), &t("object({a=string})")), None);
    assert_eq!(
        conversion(&t("tuple([int])"), &t("tuple([int, int])")),
        None
    );
}

// ---------------------------------------------------------- unification --

#[test]
fn unification_int_with_number_prefers_number() {
    assert_eq!(
        unify(&ExtendedType::Int, &ExtendedType::Number),
        ExtendedType::Number
    );
    assert_eq!(
        unify(&ExtendedType::Number, &ExtendedType::Int),
        ExtendedType::Number
    );
}

#[test]
fn unification_int_with_string_prefers_string() {
    assert_eq!(
        unify(&ExtendedType::Int, &ExtendedType::String),
        ExtendedType::String
    );
    assert_eq!(
        unify(&ExtendedType::String, &ExtendedType::Int),
        ExtendedType::String
    );
}

#[test]
fn unification_union_with_union_concatenates() {
    assert_eq!(
        unify(&t("union(int, bool)"), &t("union(string, list(int))")),
        t("union(int, bool, string, list(int))")
    );
}

#[test]
fn unification_union_with_type_unifies_each_element() {
    // union(int, none) with number: int~number = number, none~number =
    // optional(number).
    assert_eq!(
        unify(&t("optional(int)"), &ExtendedType::Number),
        t("optional(number)")
    );
    assert_eq!(
        unify(&ExtendedType::String, &t("union(int, bool)")),
        ExtendedType::String
    );
}

#[test]
fn unification_unions_before_eventuals() {
    // The union rules apply whenever a side is a union, eventual elements
    // or not; the eventual rules only between non-unions.
    for (a, b, want) in [
        (
            "union(promise(int), none)",
            "union(output(string), bool)",
            "union(promise(int), none, output(string), bool)",
        ),
        (
            "optional(output(string))",
            "string",
            "union(none, output(string), string)",
        ),
        (
            "union(output(int), bool)",
            "union(output(int), bool)",
            "union(output(int), bool)",
        ),
        (
            "union(int, promise(int))",
            "output(number)",
            "output(number)",
        ),
        (
            "union(list(output(int)), none)",
            "list(int)",
            "union(list(output(int)), optional(list(int)))",
        ),
    ] {
        assert_eq!(unify(&t(a), &t(b)), t(want), "{a} ~ {b}");
        assert_eq!(unify(&t(b), &t(a)), t(want), "{b} ~ {a}");
    }
}

#[test]
fn unification_eventual_with_structure_of_eventuals_lifts_them() {
    for (a, b, want) in [
        (
            "output(list(int))",
            "tuple([promise(int)])",
            "output(list(int))",
        ),
        (
            "promise(int)",
            "tuple([output(int)])",
            "output(union(int, tuple([int])))",
        ),
        (
            "output(map(string))",
            "object({a=output(int)})",
            "output(map(string))",
        ),
    ] {
        assert_eq!(unify(&t(a), &t(b)), t(want), "{a} ~ {b}");
        assert_eq!(unify(&t(b), &t(a)), t(want), "{b} ~ {a}");
    }
}

#[test]
fn unification_promise_with_output_gives_output() {
    assert_eq!(
        unify(&t("promise(int)"), &t("output(number)")),
        t("output(number)")
    );
    assert_eq!(
        unify(&t("output(number)"), &t("promise(int)")),
        t("output(number)")
    );
}

#[test]
fn unification_promise_with_promise_gives_promise() {
    assert_eq!(
        unify(&t("promise(int)"), &t("promise(string)")),
        t("promise(string)")
    );
}

#[test]
fn unification_output_with_output_gives_output() {
    // The document says promise; see COMPAT.md: output keeps the outputs'
    // data and is assignable from both inputs.
    let u = unify(&t("output(int)"), &t("output(number)"));
    assert_eq!(u, t("output(number)"));
    assert!(assignable(&u, &t("output(int)")));
}

#[test]
fn unification_eventual_with_prompt_wraps() {
    assert_eq!(
        unify(&t("output(string)"), &ExtendedType::None),
        t("output(optional(string))")
    );
    assert_eq!(
        unify(&ExtendedType::Int, &t("promise(number)")),
        t("promise(number)")
    );
}

#[test]
fn unification_none_with_type_is_optional() {
    assert_eq!(
        unify(&ExtendedType::None, &ExtendedType::String),
        t("optional(string)")
    );
    assert_eq!(
        unify(&ExtendedType::None, &ExtendedType::None),
        ExtendedType::None
    );
}

#[test]
fn unification_without_rule_is_union_and_strict_fails() {
    assert_eq!(
        unify(&ExtendedType::Bool, &ExtendedType::Number),
        t("union(bool, number)")
    );
    assert_eq!(
        unify_strict(&ExtendedType::Bool, &ExtendedType::Number),
        None
    );
    assert_eq!(unify_strict(&t("list(bool)"), &t("list(int)")), None);
    assert_eq!(
        unify_strict(&ExtendedType::None, &ExtendedType::Bool),
        Some(t("optional(bool)"))
    );
}

#[test]
fn unification_collections_and_structures() {
    assert_eq!(unify(&t("list(int)"), &t("set(string)")), t("list(string)"));
    assert_eq!(
        unify(&t("tuple([int, bool])"), &t("tuple([number, bool])")),
        t("tuple([number, bool])")
    );
    assert_eq!(
        unify(&t("tuple([int])"), &t("tuple([int, string])")),
        t("list(string)")
    );
    assert_eq!(
        unify(&t("list(int)"), &t("tuple([string])")),
        t("list(string)")
    );
    assert_eq!(
        unify(&t("object({a=int, b=bool})"), &t("object({a=number})")),
        t("object({a=number, b=optional(bool)})")
    );
    assert_eq!(
        unify(&t("map(int)"), &t("object({a=string})")),
        t("map(string)")
    );
    assert_eq!(
        unify(&ExtendedType::Dynamic, &ExtendedType::Int),
        ExtendedType::Int
    );
    assert_eq!(unify_all([]), ExtendedType::Dynamic);
    assert_eq!(
        unify_all(&[ExtendedType::Int, ExtendedType::Number, ExtendedType::None]),
        t("optional(number)")
    );
}

// ---------------------------------------------------------------- depth --

fn nested(depth: usize, leaf: ExtendedType) -> ExtendedType {
    (0..depth).fold(leaf, |t, _| ExtendedType::list(t))
}

#[test]
fn depth_rules_answer_conservatively_beyond_max_depth() {
    let d = rules::MAX_DEPTH;
    // Within the limit the rules recurse; beyond it they give up (no
    // conversion) instead of exhausting the stack.
    let (a, b) = (
        nested(d - 1, ExtendedType::Int),
        nested(d - 1, ExtendedType::String),
    );
    assert_eq!(conversion(&a, &b), Some(Safety::Safe));
    let (a, b) = (
        nested(d + 10, ExtendedType::Int),
        nested(d + 10, ExtendedType::String),
    );
    assert_eq!(conversion(&a, &b), None);
    assert!(assignable(&a, &a));
    let u = unify(&a, &b);
    assert!(matches!(u, ExtendedType::List(_) | ExtendedType::Union(_)));
}

#[test]
fn depth_type_expressions_are_bounded_by_the_parser() {
    let deep = format!("{}int{}", "list(".repeat(100), ")".repeat(100));
    assert!(parse_type(&deep).is_ok());
    let deeper = format!("{}int{}", "list(".repeat(300), ")".repeat(300));
    assert!(parse_type(&deeper).is_err());
}
