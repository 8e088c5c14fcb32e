//! Properties of the extended type rules over generated types.

use hcl_core::typeck::{assignable, conversion, parse_type, unify, Type};
use hcl_core::value::Safety;
use proptest::prelude::*;

fn leaf() -> impl Strategy<Value = Type> {
    prop_oneof![
        Just(Type::Bool),
        Just(Type::Number),
        Just(Type::Int),
        Just(Type::String),
        Just(Type::None),
        Just(Type::Dynamic),
    ]
}

fn ty() -> impl Strategy<Value = Type> {
    nest(leaf(), true)
}

/// Types whose unification needs no conversion: no primitives that
/// convert to each other (string, int with number), no sets (set to list
/// is a conversion) and no dynamic (from it is a conversion).
fn no_conversion_ty() -> impl Strategy<Value = Type> {
    nest(
        prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::None)],
        false,
    )
}

fn nest(leaf: impl Strategy<Value = Type> + 'static, sets: bool) -> impl Strategy<Value = Type> {
    leaf.prop_recursive(4, 24, 3, move |inner| {
        let set = if sets {
            inner.clone().prop_map(Type::set).boxed()
        } else {
            inner.clone().prop_map(Type::list).boxed()
        };
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::map),
            set,
            inner.clone().prop_map(Type::promise),
            inner.clone().prop_map(Type::output),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Type::tuple),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Type::union),
            prop::collection::btree_map(prop::sample::select(vec!["a", "b", "c"]), inner, 0..3)
                .prop_map(Type::object),
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

    #[test]
    fn unification_without_conversions_is_assignable(a in no_conversion_ty(), b in no_conversion_ty()) {
        let u = unify(&a, &b);
        prop_assert!(assignable(&u, &a), "{} ~ {} = {}", a, b, u);
        prop_assert!(assignable(&u, &b), "{} ~ {} = {}", a, b, u);
    }

    #[test]
    fn names_round_trip(a in ty()) {
        prop_assert_eq!(parse_type(&a.to_string()).unwrap(), a);
    }
}
