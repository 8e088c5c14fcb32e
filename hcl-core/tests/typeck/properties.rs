//! Properties of the extended type rules over generated types.

use hcl_core::typeck::{assignable, conversion, parse_type, unify, Eventual, ExtendedType};
use hcl_core::value::Safety;
use proptest::prelude::*;

fn leaf() -> impl Strategy<Value = ExtendedType> {
    prop_oneof![
        Just(ExtendedType::Bool),
        Just(ExtendedType::Number),
        Just(ExtendedType::Int),
        Just(ExtendedType::String),
        Just(ExtendedType::None),
        Just(ExtendedType::Dynamic),
    ]
}

/// Attribute names: plain ones mostly, and whatever text a name can be
/// (keywords, escapes, template introducers, any character).
fn attribute_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec!["a", "b", "c"]).prop_map(String::from),
        1 => prop::sample::select(vec![
            "for", "in", "if", "null", "true", "false", "endfor", "a-b", "_x", "1a", "", "a b",
            "${x}", "%{if x}", "$${", "$$${", "%%{", "\\", "\"", "é", "e\u{301}",
        ])
        .prop_map(String::from),
        1 => "[a-z\\x00-\\x1f\"\\\\$%{}\\x{7f}-\\x{a0}\\x{2028} -]{0,5}",
        1 => ".{0,4}",
    ]
}

fn ty() -> impl Strategy<Value = ExtendedType> {
    nest(leaf(), true)
}

/// Types whose unification needs no conversion: no primitives that
/// convert to each other (string, int with number), no sets (set to list
/// is a conversion) and no dynamic (from it is a conversion).
fn no_conversion_ty() -> impl Strategy<Value = ExtendedType> {
    nest(
        prop_oneof![
            Just(ExtendedType::Bool),
            Just(ExtendedType::Number),
            Just(ExtendedType::None)
        ],
        false,
    )
}

fn nest(
    leaf: impl Strategy<Value = ExtendedType> + 'static,
    sets: bool,
) -> impl Strategy<Value = ExtendedType> {
    leaf.prop_recursive(4, 24, 3, move |inner| {
        let set = if sets {
            inner.clone().prop_map(ExtendedType::set).boxed()
        } else {
            inner.clone().prop_map(ExtendedType::list).boxed()
        };
        prop_oneof![
            inner.clone().prop_map(ExtendedType::list),
            inner.clone().prop_map(ExtendedType::map),
            set,
            inner.clone().prop_map(ExtendedType::promise),
            inner.clone().prop_map(ExtendedType::output),
            prop::collection::vec(inner.clone(), 0..3).prop_map(ExtendedType::tuple),
            prop::collection::vec(inner.clone(), 2..4).prop_map(ExtendedType::union),
            prop::collection::btree_map(attribute_name(), inner, 0..3)
                .prop_map(ExtendedType::object),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn assignable_from_itself(a in ty()) {
        prop_assert!(assignable(&a, &a));
        prop_assert_eq!(conversion(&a, &a), Some(Safety::Safe));
    }

    #[test]
    fn unification_is_commutative(a in ty(), b in ty()) {
        prop_assert_eq!(unify(&a, &b), unify(&b, &a));
    }

    /// "Assignable from every input" in the sense the rules allow: `int`
    /// unifies with `string` as `string`, which is not assignable from
    /// `int`, so the property is that every input converts *safely* to the
    /// result (assignability being one such conversion).
    #[test]
    fn unification_result_takes_every_input_safely(a in ty(), b in ty()) {
        let u = unify(&a, &b);
        prop_assert_eq!(conversion(&a, &u), Some(Safety::Safe), "{} ~ {} = {}", a, b, u);
        prop_assert_eq!(conversion(&b, &u), Some(Safety::Safe), "{} ~ {} = {}", a, b, u);
    }

    /// Every input is assignable to the result once the eventuals inside
    /// both are lifted out, and the result is at least as eventual: an
    /// eventual unified with a structure of eventuals is one eventual of
    /// the lifted structure (`promise(bool)` with `list(promise(bool))` is
    /// `promise(union(bool, list(bool)))`), and lifting is the one
    /// conversion these types can still need.
    #[test]
    fn unification_without_conversions_is_assignable(a in no_conversion_ty(), b in no_conversion_ty()) {
        let u = unify(&a, &b);
        let (lifted, ev) = u.lifted();
        for x in [&a, &b] {
            let (x_lifted, x_ev) = x.lifted();
            prop_assert!(assignable(&lifted, &x_lifted), "{} ~ {} = {}", a, b, u);
            prop_assert!(x_ev <= ev, "{} ~ {} = {}", a, b, u);
        }
        if a.lifted().1 == Eventual::Prompt && b.lifted().1 == Eventual::Prompt {
            prop_assert!(assignable(&u, &a) && assignable(&u, &b), "{} ~ {} = {}", a, b, u);
        }
    }

    #[test]
    fn names_round_trip(a in ty()) {
        prop_assert_eq!(parse_type(&a.to_string()), Ok(a));
    }

    /// Lifting leaves no eventual inside, and every type converts safely
    /// to the output of its lifted form (an output waits for them all).
    #[test]
    fn lifting_removes_every_eventual(a in ty()) {
        let (lifted, ev) = a.lifted();
        prop_assert_eq!(lifted.lifted(), (lifted.clone(), Eventual::Prompt));
        prop_assert_eq!(ev == Eventual::Prompt, lifted == a);
        let out = ExtendedType::output(lifted);
        prop_assert_eq!(conversion(&a, &out), Some(Safety::Safe), "{} to {}", a, out);
    }
}

fn any_scope() -> hcl_core::typeck::TypeScope {
    let mut scope = hcl_core::typeck::TypeScope::new();
    for (name, ty) in [
        ("a", "output(list(object({b=optional(int), c=string})))"),
        ("b", "union(int, map(promise(bool)), none)"),
        ("c", "tuple([int, optional(string)])"),
    ] {
        scope.set_variable(name, parse_type(ty).unwrap());
    }
    scope
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The checker accepts whatever the parser produces, however broken,
    /// without panicking, and every diagnostic has a place.
    #[test]
    fn checker_never_panics(src in prop_oneof![
        "[abcx0-9 .+*!?:<=>%,\\[\\]{}()\"$~-]{0,40}",
        prop::collection::vec(
            (
                prop::sample::select(vec![
                    "a", "b", "c", "a.b", "c[0]", "c[1].x", "1", "2.5", "null", "true",
                    "\"s${a}\"", "[for x in a : x.c]", "{for k, v in b : k => v...}",
                    "a[*].b", "c.*.x", "f(a)", "{k = a}", "(b ? c : a)", "-b", "!a",
                ]),
                prop::sample::select(vec![" + ", " == ", " && ", " ? 1 : ", "[", "].", " < ", " % "]),
            ),
            1..6,
        )
        .prop_map(|parts| parts.into_iter().map(|(a, op)| format!("{a}{op}")).collect::<String>() + "a"),
    ]) {
        use hcl_core::native::parse_expression;
        use hcl_core::Limits;
        use hcl_core::pos::SourceFile;
        let file = SourceFile::new("<p>", src);
        let (expr, _) = parse_expression(&file, &Limits::default());
        let (_, diags) = hcl_core::typeck::check_expr(hcl_core::native::ExprNode::of(&expr).unwrap(), &any_scope());
        prop_assert!(diags.iter().all(|d| d.subject.is_some()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// JSON-syntax files too: any text, and strings holding broken or
    /// odd templates; every diagnostic has a place.
    #[test]
    fn checker_never_panics_on_json(src in prop_oneof![
        "[{}\\[\\]\":,0-9a-c.${}%\\\\ -]{0,40}",
        prop::collection::vec(
            prop::sample::select(vec![
                "\"${a}\"", "\"x${b.c}\"", "\"${(\"", "\"%{if a}x%{endif}\"", "\"$${a}\"",
                "\"\\\\u0024{a}\"", "1", "2.5", "null", "true", "[\"${c[0]}\", 1]",
                "{\"${a}\": 1}", "{\"k\": \"${-b}\"}", "\"%{for x in a}${x}%{endfor}\"",
            ]),
            0..5,
        )
        .prop_map(|vs| {
            let props: Vec<String> =
                vs.iter().enumerate().map(|(i, v)| format!("\"p{i}\": {v}")).collect();
            format!("{{{}}}", props.join(", "))
        }),
    ]) {
        use hcl_core::pos::SourceFile;
        let file = SourceFile::new("p.hcl.json", src);
        let (_, diags) = hcl_core::typeck::check_source(&file, &any_scope());
        prop_assert!(diags.iter().all(|d| d.subject.is_some()));
    }
}
