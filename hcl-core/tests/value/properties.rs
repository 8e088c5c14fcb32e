//! Properties of conversion and unification over random types and values.

use hcl_core::value::{
    conversion_safety, convert, convert_safe, unify, unify_unsafe, Safety, Type, Value,
};
use proptest::collection::vec;
use proptest::prelude::*;

use crate::strategies::{arb_family, arb_type, arb_typed_value, arb_value, widen};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A safe conversion loses nothing: converting back gives the value
    /// again.
    #[test]
    fn safe_conversion_then_inverse_is_identity(
        (ty, v) in arb_typed_value(3),
        bits in vec(any::<bool>(), 64),
    ) {
        let target = widen(&ty, &mut bits.into_iter());
        prop_assert_eq!(conversion_safety(&ty, &target), Some(Safety::Safe), "{} -> {}", ty, target);
        let there = convert_safe(&v, &target).unwrap();
        prop_assert_eq!(there.ty(), target.clone());
        prop_assert!(conversion_safety(&target, &ty).is_some(), "no inverse {} -> {}", target, ty);
        let back = convert(&there, &ty).unwrap();
        prop_assert_eq!(back, v);
    }

    /// Every input type converts to the unified type, safely when unifying
    /// safely, and values convert to values of the conversion's output type.
    #[test]
    fn unified_type_accepts_every_input(
        (types, values) in arb_family().prop_flat_map(|ts| {
            let vs: Vec<_> = ts.iter().map(arb_value).collect();
            (Just(ts), vs)
        })
    ) {
        for (safe, unified) in [(true, unify(&types)), (false, unify_unsafe(&types))] {
            let Some(u) = unified else { continue };
            prop_assert_eq!(u.conversions().len(), types.len());
            for ((t, v), c) in types.iter().zip(&values).zip(u.conversions()) {
                prop_assert!(conversion_safety(t, u.ty()).is_some(), "{} -> {}", t, u.ty());
                prop_assert_eq!(c.output_type(), u.ty());
                if safe {
                    prop_assert_eq!(c.safety(), Safety::Safe, "{} -> {}", t, u.ty());
                }
                match c.apply(v) {
                    Ok(r) => prop_assert_eq!(r.ty(), u.ty().clone(), "{:?} -> {}", v, u.ty()),
                    Err(e) => prop_assert!(!safe, "safe conversion of {:?} to {} failed: {}", v, u.ty(), e),
                }
            }
        }
    }

    /// The safe unification, where there is one, is also found when unsafe
    /// conversions are allowed.
    #[test]
    fn safe_unification_implies_unsafe_unification(types in arb_family()) {
        if unify(&types).is_some() {
            prop_assert!(unify_unsafe(&types).is_some());
        }
    }

    /// A set is the same whatever order its elements come in, and so is
    /// a list converted to a set.
    #[test]
    fn set_construction_is_order_insensitive(
        (ty, items, shuffled) in arb_type(2)
            .prop_flat_map(|t| (Just(t.clone()), vec(arb_value(&t), 0..6)))
            .prop_flat_map(|(t, items)| (Just(t), Just(items.clone()), Just(items).prop_shuffle()))
    ) {
        let a = Value::set(ty.clone(), items.clone()).unwrap();
        let b = Value::set(ty.clone(), shuffled.clone()).unwrap();
        prop_assert_eq!(a.as_elements(), b.as_elements());
        prop_assert_eq!(&a, &b);
        let la = Value::list(ty.clone(), items).unwrap();
        let lb = Value::list(ty.clone(), shuffled).unwrap();
        let sa = convert(&la, &Type::set(ty.clone())).unwrap();
        prop_assert_eq!(&sa, &convert(&lb, &Type::set(ty)).unwrap());
        prop_assert_eq!(sa, a);
    }
}
