//! One test per rule of type-extensions.md (and per decision where the
//! document is silent).

use super::*;
use crate::value::{self, Safety};

fn t(s: &str) -> ExtendedType {
    parse_type(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

// ------------------------------------------------------------ the types --

#[test]
fn union_is_flattened_deduplicated_and_order_independent() {
    assert_eq!(t("union(int, string)"), t("union(string, int)"));
    assert_eq!(t("union(int, union(string, int))"), t("union(int, string)"));
    assert_eq!(
        ExtendedType::union([ExtendedType::Int, ExtendedType::Int]),
        ExtendedType::Int
    );
    assert_eq!(ExtendedType::union([]), ExtendedType::Dynamic);
    assert_eq!(
        ExtendedType::union([ExtendedType::Int, ExtendedType::Dynamic]).to_string(),
        "union(int, any)"
    );
    let ExtendedType::Union(es) = t("union(string, bool, int)") else {
        panic!()
    };
    assert_eq!(es.len(), 3);
}

#[test]
fn optional_is_union_with_none() {
    assert_eq!(
        ExtendedType::optional(ExtendedType::String),
        ExtendedType::union([ExtendedType::None, ExtendedType::String])
    );
    assert_eq!(t("optional(string)"), t("union(string, none)"));
    assert!(t("optional(string)").is_optional());
    assert_eq!(t("optional(string)").without_none(), ExtendedType::String);
}

#[test]
fn eventual_types_do_not_nest() {
    assert_eq!(
        ExtendedType::promise(ExtendedType::promise(ExtendedType::Int)),
        ExtendedType::promise(ExtendedType::Int)
    );
    assert_eq!(
        ExtendedType::output(ExtendedType::promise(ExtendedType::Int)),
        ExtendedType::output(ExtendedType::Int)
    );
    assert_eq!(
        ExtendedType::promise(ExtendedType::output(ExtendedType::Int)),
        ExtendedType::output(ExtendedType::Int)
    );
    assert_eq!(
        ExtendedType::output(ExtendedType::output(ExtendedType::Int)),
        ExtendedType::output(ExtendedType::Int)
    );
    assert_eq!(
        t("promise(union(bool, promise(int)))"),
        t("promise(union(bool, int))")
    );
    assert_eq!(
        t("promise(union(bool, output(int)))"),
        t("output(union(bool, int))")
    );
}

#[test]
fn eventual_types_lift_eventuals_at_any_depth() {
    // Pulumi's model treats these as one type: an eventual holds no
    // eventual anywhere inside.
    for (built, normal) in [
        ("output(list(output(int)))", "output(list(int))"),
        ("output(map(promise(string)))", "output(map(string))"),
        (
            "output(object({a=output(int), b=list(promise(bool))}))",
            "output(object({a=int, b=list(bool)}))",
        ),
        (
            "output(tuple([promise(int), output(string)]))",
            "output(tuple([int, string]))",
        ),
        (
            "output(set(union(output(int), none)))",
            "output(set(optional(int)))",
        ),
        ("promise(list(promise(int)))", "promise(list(int))"),
        ("promise(union(bool, promise(bool)))", "promise(bool)"),
        // A promise of anything holding an output is an output.
        (
            "promise(tuple([int, output(string)]))",
            "output(tuple([int, string]))",
        ),
        ("promise(map(list(output(int))))", "output(map(list(int)))"),
    ] {
        assert_eq!(t(built), t(normal), "{built}");
        assert_eq!(t(built).to_string(), normal, "{built}");
    }
    // Outside an eventual, eventual elements are types of their own.
    assert_eq!(t("list(output(int))").to_string(), "list(output(int))");
    assert_ne!(t("list(output(int))"), t("output(list(int))"));
}

#[test]
fn eventual_types_built_from_the_variants_convert_as_their_normal_form() {
    use std::sync::Arc;
    // `output(list(output(int)))` written with the variants, bypassing the
    // constructor's normalisation.
    let raw = ExtendedType::Output(Arc::new(t("list(output(int))")));
    assert_eq!(raw.lifted(), (t("list(int)"), Eventual::Output));
    assert_eq!(
        conversion(&raw, &t("output(list(int))")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("output(list(int))"), &raw),
        Some(Safety::Safe)
    );
    let raw_promise = ExtendedType::Promise(Arc::new(t("list(output(int))")));
    assert_eq!(raw_promise.lifted(), (t("list(int)"), Eventual::Output));
    assert_eq!(conversion(&raw_promise, &t("promise(list(int))")), None);
}

#[test]
fn eventual_lifting_removes_every_eventual_and_keeps_the_strongest() {
    for (ty, lifted, ev) in [
        ("int", "int", Eventual::Prompt),
        (
            "list(object({a=string}))",
            "list(object({a=string}))",
            Eventual::Prompt,
        ),
        ("output(int)", "int", Eventual::Output),
        ("promise(list(int))", "list(int)", Eventual::Promise),
        (
            "tuple([output(string), string])",
            "tuple([string, string])",
            Eventual::Output,
        ),
        (
            "tuple([promise(int), output(string)])",
            "tuple([int, string])",
            Eventual::Output,
        ),
        ("map(promise(bool))", "map(bool)", Eventual::Promise),
        ("set(output(int))", "set(int)", Eventual::Output),
        (
            "object({a=promise(int), b=string})",
            "object({a=int, b=string})",
            Eventual::Promise,
        ),
        (
            "union(none, output(string))",
            "optional(string)",
            Eventual::Output,
        ),
        (
            "list(list(union(int, promise(string))))",
            "list(list(union(int, string)))",
            Eventual::Promise,
        ),
    ] {
        assert_eq!(t(ty).lifted(), (t(lifted), ev), "{ty}");
    }
    // The eventual around a value only: what iterating it waits for.
    assert_eq!(
        t("union(output(list(output(int))), none)").resolved_outer(),
        (t("optional(list(int))"), Eventual::Output)
    );
    assert_eq!(
        t("list(output(int))").resolved_outer(),
        (t("list(output(int))"), Eventual::Prompt)
    );
}

#[test]
fn names_print_and_parse_back() {
    for name in [
        "bool",
        "number",
        "int",
        "string",
        "none",
        "any",
        "list(int)",
        "map(optional(string))",
        "set(number)",
        "tuple([int, string])",
        "object({a=int, b=optional(list(string))})",
        "union(bool, int, string)",
        "optional(union(int, string))",
        "promise(string)",
        "output(object({id=string}))",
        "optional(output(string))",
    ] {
        let ty = t(name);
        assert_eq!(ty.to_string(), name);
        assert_eq!(t(&ty.to_string()), ty);
    }
    assert_eq!(t("dynamic"), ExtendedType::Dynamic);
    assert_eq!(
        t("object({\"a b\" = int})").to_string(),
        "object({\"a b\"=int})"
    );
}

#[test]
fn names_of_every_attribute_parse_back() {
    // Keywords, escapes and template introducers in attribute names are
    // quoted so that the type expression reads back.
    for (name, printed) in [
        ("for", r#"object({"for"=int})"#),
        ("in", "object({in=int})"),
        ("if", "object({if=int})"),
        ("null", "object({null=int})"),
        ("true", "object({true=int})"),
        ("a-b_c1", "object({a-b_c1=int})"),
        ("é", "object({é=int})"),
        ("1a", r#"object({"1a"=int})"#),
        ("", r#"object({""=int})"#),
        ("a\"b", r#"object({"a\"b"=int})"#),
        ("a\\b", r#"object({"a\\b"=int})"#),
        (
            "line\nbreak\ttab\r",
            r#"object({"line\nbreak\ttab\r"=int})"#,
        ),
        ("bell\u{7}", r#"object({"bell\u0007"=int})"#),
        ("${x}", r#"object({"$${x}"=int})"#),
        ("%{if}", r#"object({"%%{if}"=int})"#),
        ("$$${", r#"object({"$$$${"=int})"#),
        ("$", r#"object({"$"=int})"#),
    ] {
        let ty = ExtendedType::object([(name, ExtendedType::Int)]);
        assert_eq!(ty.to_string(), printed, "{name:?}");
        assert_eq!(parse_type(printed), Ok(ty), "{name:?}");
    }
}

#[test]
fn names_of_union_follow_the_constructor() {
    // `ExtendedType::union([T])` is `T`, and the union of nothing `any`;
    // the type expression means the same.
    assert_eq!(t("union(int)"), ExtendedType::Int);
    assert_eq!(t("union(union(int, string))"), t("union(int, string)"));
    assert_eq!(t("union()"), ExtendedType::Dynamic);
    assert_eq!(t("union(int, int)"), ExtendedType::Int);
}

#[test]
fn parse_type_rejects_unknown_names_and_arities() {
    assert_eq!(parse_type("strin").unwrap_err(), "`strin` is not a type");
    assert_eq!(
        parse_type("lst(int)").unwrap_err(),
        "`lst` is not a type constructor"
    );
    assert!(parse_type("list(int, int)").is_err());
    assert!(parse_type("tuple(int)").is_err());
    assert!(parse_type("1 +").is_err());
}

#[test]
fn base_types_embed_and_come_back() {
    let base = value::Type::object_with_optional(
        [
            ("a", value::Type::Number),
            ("b", value::Type::list(value::Type::String)),
        ],
        ["b"],
    );
    let ext = ExtendedType::from(&base);
    assert_eq!(ext, t("object({a=number, b=optional(list(string))})"));
    assert_eq!(ExtendedType::Int.to_base(), Some(value::Type::Number));
    assert_eq!(ExtendedType::None.to_base(), None);
    assert_eq!(t("output(string)").to_base(), None);
    assert_eq!(
        t("output(list(int))").to_base_lossy(),
        value::Type::list(value::Type::Number)
    );
    assert_eq!(t("optional(string)").to_base_lossy(), value::Type::String);
    assert_eq!(t("union(int, bool)").to_base_lossy(), value::Type::Dynamic);
}

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

// ------------------------------------------------------------ traversal --

fn attr(ty: &str, name: &str) -> Result<ExtendedType, TraversalError> {
    traverse(&t(ty), Step::Attr(name))
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
    let step = Step::Index {
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
            Step::Index {
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

// ------------------------------------------------------------ var types --

#[test]
fn var_types_json_reads_cty_forms_extended() {
    let src = crate::pos::SourceFile::new(
        "t.json",
        r#"{
  "a": "string",
  "b": ["object", {"x": "number", "y": "bool"}, ["y"]],
  "c": ["union", ["int", ["list", "string"]]],
  "d": ["output", ["promise", "int"]],
  "e": "optional(map(int))",
  "f": ["tuple", ["dynamic", "none"]]
}"#,
    );
    let (types, diags) = parse_var_types(&src);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(types["a"], ExtendedType::String);
    assert_eq!(types["b"], t("object({x=number, y=optional(bool)})"));
    assert_eq!(types["c"], t("union(int, list(string))"));
    assert_eq!(types["d"], t("output(int)"));
    assert_eq!(types["e"], t("optional(map(int))"));
    assert_eq!(types["f"], t("tuple([any, none])"));
}

#[test]
fn var_types_json_reports_bad_types_at_their_place() {
    let src =
        crate::pos::SourceFile::new("t.json", "{\"a\": \"strng\", \"b\": [\"lst\", \"int\"]}");
    let (types, diags) = parse_var_types(&src);
    assert!(types.is_empty());
    let d: Vec<_> = diags.iter().collect();
    assert_eq!(d.len(), 2);
    assert_eq!(d[0].summary, "Invalid type specification");
    assert_eq!(
        d[0].detail,
        "Invalid type for variable \"a\": `strng` is not a type."
    );
    assert_eq!(d[0].subject.unwrap().start.column, 7);
    assert_eq!(
        d[1].detail,
        "Invalid type for variable \"b\": `lst` is not a type kind."
    );
    let src = crate::pos::SourceFile::new("t.json", "[1]");
    assert_eq!(
        parse_var_types(&src).1.iter().next().unwrap().summary,
        "Invalid variable types"
    );
}

#[test]
fn var_types_native_reads_attributes_of_type_expressions() {
    let src = crate::pos::SourceFile::new(
        "t.hcl",
        "a = string\nb = object({x = number, y = optional(bool)})\nc = output(list(output(int)))\nd = union(int)\n",
    );
    let (types, diags) = parse_var_types_native(&src);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(types["a"], ExtendedType::String);
    assert_eq!(types["b"], t("object({x=number, y=optional(bool)})"));
    assert_eq!(types["c"], t("output(list(int))"));
    assert_eq!(types["d"], ExtendedType::Int);
}

#[test]
fn var_types_native_reports_bad_types_blocks_and_syntax_at_their_place() {
    let src = crate::pos::SourceFile::new(
        "t.hcl",
        "a = strng\nb = lst(int)\nvariable \"x\" {}\nc = \"string\"\nd = (\n",
    );
    let (types, diags) = parse_var_types_native(&src);
    assert!(types.is_empty(), "{types:?}");
    let got: Vec<(String, String, u32, u32)> = diags
        .iter()
        .map(|d| {
            let at = d.subject.unwrap().start;
            (d.summary.clone(), d.detail.clone(), at.line, at.column)
        })
        .collect();
    let want = |s: &str, d: &str, l: u32, c: u32| (s.to_string(), d.to_string(), l, c);
    assert!(
        got.contains(&want(
            "Invalid type specification",
            "Invalid type for variable \"a\": `strng` is not a type.",
            1,
            5
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&want(
            "Invalid type specification",
            "Invalid type for variable \"b\": `lst` is not a type constructor.",
            2,
            5
        )),
        "{got:?}"
    );
    assert!(got.contains(&want(
        "Unexpected \"variable\" block",
        "Blocks are not allowed here: variable types are attributes, such as `id = output(string)`.",
        3,
        1
    )), "{got:?}");
    assert!(
        got.contains(&want(
            "Invalid type specification",
            "Invalid type for variable \"c\": a type is required.",
            4,
            5
        )),
        "{got:?}"
    );
    // The syntax error of `d` comes from the parser.
    assert!(
        got.iter()
            .any(|g| g.2 >= 5 && g.0 != "Invalid type specification"),
        "{got:?}"
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
