//! The types: constructors, lifting, names, the base types, variable
//! types.

use super::t;
use crate::typeck::*;
use crate::value::{self, Safety};

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
            let at = d.subject.clone().unwrap().start;
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
