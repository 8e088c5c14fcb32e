//! proptest strategies for types and values of bounded depth.

use hcl_core::value::{unify, Type, Value};
use proptest::collection::{btree_map, vec};
use proptest::prelude::*;

const NAMES: [&str; 3] = ["a", "b", "c"];

fn name() -> impl Strategy<Value = String> {
    proptest::sample::select(&NAMES[..]).prop_map(str::to_string)
}

/// Types without the dynamic pseudo-type or capsules, nested up to
/// `depth` levels.
pub fn arb_type(depth: u32) -> BoxedStrategy<Type> {
    prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)]
        .prop_recursive(depth, 24, 3, |inner| {
            prop_oneof![
                inner.clone().prop_map(Type::list),
                inner.clone().prop_map(Type::set),
                inner.clone().prop_map(Type::map),
                vec(inner.clone(), 0..3).prop_map(Type::tuple),
                btree_map(name(), inner, 0..3).prop_map(Type::object),
            ]
        })
        .boxed()
}

/// Numbers whose decimal text parses back to themselves.
fn arb_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i32>().prop_map(|i| Value::from(i64::from(i))),
        (-100_000i64..100_000).prop_map(|i| Value::from(i as f64 / 1000.0)),
    ]
}

fn arb_string() -> impl Strategy<Value = Value> {
    prop_oneof![
        "[a-z0-9 ]{0,4}".prop_map(Value::from),
        "\\PC{0,3}".prop_map(Value::from),
        proptest::sample::select(&["true", "false", "1", "0", "12.5", "-3"][..])
            .prop_map(Value::from),
    ]
}

/// Wholly known values of `ty` (nulls included), no unknowns.
pub fn arb_value(ty: &Type) -> BoxedStrategy<Value> {
    let known: BoxedStrategy<Value> = match ty {
        Type::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Type::Number => arb_number().boxed(),
        Type::String => arb_string().boxed(),
        Type::List(e) => {
            let e = (**e).clone();
            vec(arb_value(&e), 0..4)
                .prop_map(move |items| Value::list(e.clone(), items).unwrap())
                .boxed()
        }
        Type::Set(e) => {
            let e = (**e).clone();
            vec(arb_value(&e), 0..4)
                .prop_map(move |items| Value::set(e.clone(), items).unwrap())
                .boxed()
        }
        Type::Map(e) => {
            let e = (**e).clone();
            btree_map(name(), arb_value(&e), 0..3)
                .prop_map(move |entries| Value::map(e.clone(), entries).unwrap())
                .boxed()
        }
        Type::Tuple(es) => es
            .iter()
            .map(arb_value)
            .collect::<Vec<_>>()
            .prop_map(Value::tuple)
            .boxed(),
        Type::Object(o) => {
            let names: Vec<String> = o.attributes().keys().cloned().collect();
            o.attributes()
                .values()
                .map(arb_value)
                .collect::<Vec<_>>()
                .prop_map(move |vals| Value::object(names.iter().cloned().zip(vals)))
                .boxed()
        }
        Type::Dynamic => {
            return prop_oneof![Just(Value::dynamic()), Just(Value::null(Type::Dynamic))].boxed()
        }
        Type::Capsule(_) => return Just(Value::null(ty.clone())).boxed(),
    };
    prop_oneof![9 => known, 1 => Just(Value::null(ty.clone()))].boxed()
}

/// A type and a value of it.
pub fn arb_typed_value(depth: u32) -> impl Strategy<Value = (Type, Value)> {
    arb_type(depth).prop_flat_map(|t| (Just(t.clone()), arb_value(&t)))
}

/// A target that `ty` converts to safely, chosen by `bits`: primitives may
/// become strings, sets lists, tuples lists of their unified elements,
/// objects maps or objects with an extra attribute; elements and attributes
/// widen recursively.
pub fn widen(ty: &Type, bits: &mut dyn Iterator<Item = bool>) -> Type {
    let mut bit = || bits.next().unwrap_or(false);
    match ty {
        Type::Number | Type::Bool => {
            if bit() {
                Type::String
            } else {
                ty.clone()
            }
        }
        Type::List(e) => Type::list(widen(e, bits)),
        Type::Set(e) => {
            if bit() {
                Type::list(widen(e, bits))
            } else {
                Type::set(widen(e, bits))
            }
        }
        Type::Map(e) => Type::map(widen(e, bits)),
        Type::Tuple(es) => {
            let to_list = bit();
            let ws: Vec<Type> = es.iter().map(|e| widen(e, bits)).collect();
            match unify(&ws) {
                Some(u) if to_list && !ws.is_empty() && !u.ty().has_dynamic() => {
                    Type::list(u.ty().clone())
                }
                _ => Type::tuple(ws),
            }
        }
        Type::Object(o) => {
            let (to_map, extra) = (bit(), bit());
            let ws: Vec<(String, Type)> = o
                .attributes()
                .iter()
                .map(|(n, t)| (n.clone(), widen(t, bits)))
                .collect();
            let types: Vec<Type> = ws.iter().map(|(_, t)| t.clone()).collect();
            match unify(&types) {
                Some(u) if to_map && !ws.is_empty() && !u.ty().has_dynamic() => {
                    Type::map(u.ty().clone())
                }
                _ if extra => Type::object(ws.into_iter().chain([("z".to_string(), Type::Bool)])),
                _ => Type::object(ws),
            }
        }
        _ => ty.clone(),
    }
}

/// Types of one rough shape with variations (primitive kinds, collection
/// and structural kinds, attribute subsets, dynamic), so that many
/// families unify.
pub fn arb_family() -> impl Strategy<Value = Vec<Type>> {
    arb_type(2).prop_flat_map(|base| vec(arb_variant(&base), 1..4))
}

fn arb_variant(base: &Type) -> BoxedStrategy<Type> {
    let variant: BoxedStrategy<Type> = match base {
        Type::Bool | Type::Number | Type::String => {
            prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)].boxed()
        }
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            let e = base
                .element_type()
                .cloned()
                .or_else(|| base.tuple_elements().and_then(|es| es.first().cloned()))
                .unwrap_or(Type::String);
            let v = arb_variant(&e);
            prop_oneof![
                v.clone().prop_map(Type::list),
                v.clone().prop_map(Type::set),
                vec(v, 0..3).prop_map(Type::tuple),
            ]
            .boxed()
        }
        Type::Map(_) | Type::Object(_) => {
            let e = match base.object_type() {
                Some(o) => o
                    .attributes()
                    .values()
                    .next()
                    .cloned()
                    .unwrap_or(Type::String),
                None => base.element_type().cloned().unwrap_or(Type::String),
            };
            let v = arb_variant(&e);
            prop_oneof![
                v.clone().prop_map(Type::map),
                btree_map(name(), v, 0..3).prop_map(Type::object),
            ]
            .boxed()
        }
        _ => Just(base.clone()).boxed(),
    };
    prop_oneof![9 => variant, 1 => Just(Type::Dynamic)].boxed()
}
