//! One test per rule of type-extensions.md (and per decision where the
//! document is silent).

use super::*;
use crate::value::{self, Safety};

fn t(s: &str) -> Type {
    parse_type(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

// ------------------------------------------------------------ the types --

#[test]
fn union_is_flattened_deduplicated_and_order_independent() {
    assert_eq!(t("union(int, string)"), t("union(string, int)"));
    assert_eq!(t("union(int, union(string, int))"), t("union(int, string)"));
    assert_eq!(Type::union([Type::Int, Type::Int]), Type::Int);
    assert_eq!(Type::union([]), Type::Dynamic);
    assert_eq!(
        Type::union([Type::Int, Type::Dynamic]).to_string(),
        "union(int, any)"
    );
    let Type::Union(es) = t("union(string, bool, int)") else {
        panic!()
    };
    assert_eq!(es.len(), 3);
}

#[test]
fn optional_is_union_with_none() {
    assert_eq!(
        Type::optional(Type::String),
        Type::union([Type::None, Type::String])
    );
    assert_eq!(t("optional(string)"), t("union(string, none)"));
    assert!(t("optional(string)").is_optional());
    assert_eq!(t("optional(string)").without_none(), Type::String);
}

#[test]
fn eventual_types_do_not_nest() {
    assert_eq!(
        Type::promise(Type::promise(Type::Int)),
        Type::promise(Type::Int)
    );
    assert_eq!(
        Type::output(Type::promise(Type::Int)),
        Type::output(Type::Int)
    );
    assert_eq!(
        Type::promise(Type::output(Type::Int)),
        Type::output(Type::Int)
    );
    assert_eq!(
        Type::output(Type::output(Type::Int)),
        Type::output(Type::Int)
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
    assert_eq!(t("dynamic"), Type::Dynamic);
    assert_eq!(
        t("object({\"a b\" = int})").to_string(),
        "object({\"a b\"=int})"
    );
}

#[test]
fn parse_type_rejects_unknown_names_and_arities() {
    assert_eq!(parse_type("strin").unwrap_err(), "`strin` is not a type");
    assert_eq!(
        parse_type("lst(int)").unwrap_err(),
        "`lst` is not a type constructor"
    );
    assert!(parse_type("list(int, int)").is_err());
    assert!(parse_type("union(int)").is_err());
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
    let ext = Type::from(&base);
    assert_eq!(ext, t("object({a=number, b=optional(list(string))})"));
    assert_eq!(Type::Int.to_base(), Some(value::Type::Number));
    assert_eq!(Type::None.to_base(), None);
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
        assert!(assignable(&Type::Dynamic, &t(ty)), "{ty}");
    }
}

#[test]
fn assignability_union_from_any_element_assignable_type() {
    let u = t("union(int, list(string))");
    assert!(assignable(&u, &Type::Int));
    assert!(assignable(&u, &t("list(string)")));
    assert!(assignable(&u, &t("tuple([string])")));
    assert!(!assignable(&u, &Type::String));
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
    assert!(assignable(&p, &Type::String));
    assert!(!assignable(&p, &t("output(string)")));
    assert!(!assignable(&p, &Type::Int));
}

#[test]
fn assignability_output_from_itself_promise_or_element() {
    let o = t("output(string)");
    assert!(assignable(&o, &t("output(string)")));
    assert!(assignable(&o, &t("promise(string)")));
    assert!(assignable(&o, &Type::String));
    assert!(!assignable(&o, &t("output(bool)")));
    // An eventual is never assignable to its element type.
    assert!(!assignable(&Type::String, &o));
}

#[test]
fn assignability_none_only_to_none() {
    assert!(assignable(&Type::None, &Type::None));
    assert!(assignable(&t("optional(int)"), &Type::None));
    for ty in ["int", "string", "list(int)", "object({})"] {
        assert!(!assignable(&t(ty), &Type::None), "{ty}");
    }
    assert!(!assignable(&Type::None, &Type::Int));
}

#[test]
fn assignability_number_from_int_not_the_converse() {
    assert!(assignable(&Type::Number, &Type::Int));
    assert!(!assignable(&Type::Int, &Type::Number));
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
    assert_eq!(conversion(&Type::Int, &Type::String), Some(Safety::Safe));
    assert_eq!(conversion(&Type::String, &Type::Int), Some(Safety::Unsafe));
}

#[test]
fn conversion_int_number_both_ways_int_to_number_safe() {
    assert_eq!(conversion(&Type::Int, &Type::Number), Some(Safety::Safe));
    assert_eq!(conversion(&Type::Number, &Type::Int), Some(Safety::Unsafe));
    assert_eq!(conversion(&Type::Bool, &Type::Int), None);
}

#[test]
fn conversion_to_union_safe_if_safe_to_some_element() {
    assert_eq!(
        conversion(&Type::Int, &t("union(string, bool)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&Type::String, &t("union(int, bool)")),
        Some(Safety::Unsafe)
    );
    assert_eq!(conversion(&t("list(int)"), &t("union(string, bool)")), None);
}

#[test]
fn conversion_from_union_safe_only_if_every_element_is() {
    assert_eq!(
        conversion(&t("union(int, bool)"), &Type::String),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("optional(string)"), &Type::String),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        conversion(&t("union(list(int), bool)"), &Type::Number),
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
        conversion(&Type::String, &t("promise(int)")),
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
        conversion(&Type::Int, &t("output(number)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&t("output(list(int))"), &t("output(bool)")),
        None
    );
}

#[test]
fn conversion_eventual_to_prompt_does_not_exist() {
    assert_eq!(conversion(&t("output(string)"), &Type::String), None);
    assert_eq!(conversion(&t("promise(string)"), &Type::String), None);
    assert_eq!(
        conversion(&t("output(string)"), &Type::Dynamic),
        Some(Safety::Safe)
    );
}

#[test]
fn conversion_none_only_where_assignable() {
    assert_eq!(conversion(&Type::None, &Type::String), None);
    assert_eq!(
        conversion(&Type::None, &t("optional(string)")),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion(&Type::None, &t("output(optional(string))")),
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
    assert_eq!(unify(&Type::Int, &Type::Number), Type::Number);
    assert_eq!(unify(&Type::Number, &Type::Int), Type::Number);
}

#[test]
fn unification_int_with_string_prefers_string() {
    assert_eq!(unify(&Type::Int, &Type::String), Type::String);
    assert_eq!(unify(&Type::String, &Type::Int), Type::String);
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
        unify(&t("optional(int)"), &Type::Number),
        t("optional(number)")
    );
    assert_eq!(unify(&Type::String, &t("union(int, bool)")), Type::String);
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
        unify(&t("output(string)"), &Type::None),
        t("output(optional(string))")
    );
    assert_eq!(
        unify(&Type::Int, &t("promise(number)")),
        t("promise(number)")
    );
}

#[test]
fn unification_none_with_type_is_optional() {
    assert_eq!(unify(&Type::None, &Type::String), t("optional(string)"));
    assert_eq!(unify(&Type::None, &Type::None), Type::None);
}

#[test]
fn unification_without_rule_is_union_and_strict_fails() {
    assert_eq!(unify(&Type::Bool, &Type::Number), t("union(bool, number)"));
    assert_eq!(unify_strict(&Type::Bool, &Type::Number), None);
    assert_eq!(unify_strict(&t("list(bool)"), &t("list(int)")), None);
    assert_eq!(
        unify_strict(&Type::None, &Type::Bool),
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
    assert_eq!(unify(&Type::Dynamic, &Type::Int), Type::Int);
    assert_eq!(unify_all([]), Type::Dynamic);
    assert_eq!(
        unify_all(&[Type::Int, Type::Number, Type::None]),
        t("optional(number)")
    );
}

// ------------------------------------------------------------ traversal --

fn attr(ty: &str, name: &str) -> Result<Type, TraversalError> {
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
        Type::Int
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
    let key = Type::Int;
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
    assert_eq!(attr("map(int)", "k").unwrap(), Type::Int);
    assert_eq!(attr("any", "k").unwrap(), Type::Dynamic);
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
    let idx = |ty: &str, key: Type, lit: Option<KeyLiteral<'_>>| {
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
            Type::Int,
            Some(KeyLiteral::Number(&n1))
        )
        .unwrap(),
        Type::String
    );
    assert_eq!(
        idx("tuple([int, string])", Type::Int, None).unwrap(),
        t("union(int, string)")
    );
    assert_eq!(
        idx("tuple([int])", Type::Int, Some(KeyLiteral::Number(&n5)))
            .unwrap_err()
            .summary,
        "Invalid index"
    );
    assert_eq!(idx("map(bool)", Type::String, None).unwrap(), Type::Bool);
    assert_eq!(
        idx("map(bool)", t("list(int)"), None).unwrap_err().summary,
        "Invalid index"
    );
    assert_eq!(
        idx(
            "object({a=int})",
            Type::String,
            Some(KeyLiteral::String("a"))
        )
        .unwrap(),
        Type::Int
    );
    assert!(idx("set(int)", Type::Int, None)
        .unwrap_err()
        .detail
        .starts_with("Elements of a set"));
    assert_eq!(
        idx("list(int)", Type::None, None).unwrap_err().detail,
        "Can't use a null value as an indexing key."
    );
    assert_eq!(
        idx("string", Type::Int, None).unwrap_err().detail,
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
    assert_eq!(types["a"], Type::String);
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
    assert_eq!(d[0].subject.clone().unwrap().start.column, 7);
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

// ---------------------------------------------------------------- depth --

fn nested(depth: usize, leaf: Type) -> Type {
    (0..depth).fold(leaf, |t, _| Type::list(t))
}

#[test]
fn depth_rules_answer_conservatively_beyond_max_depth() {
    let d = rules::MAX_DEPTH;
    // Within the limit the rules recurse; beyond it they give up (no
    // conversion) instead of exhausting the stack.
    let (a, b) = (nested(d - 1, Type::Int), nested(d - 1, Type::String));
    assert_eq!(conversion(&a, &b), Some(Safety::Safe));
    let (a, b) = (nested(d + 10, Type::Int), nested(d + 10, Type::String));
    assert_eq!(conversion(&a, &b), None);
    assert!(assignable(&a, &a));
    let u = unify(&a, &b);
    assert!(matches!(u, Type::List(_) | Type::Union(_)));
}

#[test]
fn depth_type_expressions_are_bounded_by_the_parser() {
    let deep = format!("{}int{}", "list(".repeat(100), ")".repeat(100));
    assert!(parse_type(&deep).is_ok());
    let deeper = format!("{}int{}", "list(".repeat(300), ")".repeat(300));
    assert!(parse_type(&deeper).is_err());
}
