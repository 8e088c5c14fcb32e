//! Type unification: the information model's "Type Unification".
//!
//! Unification finds one type that all of the given types convert to,
//! following the spec's rules transitively:
//!
//! - number and bool unify with string as string;
//! - collections of one kind unify by unifying their element types;
//! - list and set unify as list; map and object as object; list, set and
//!   tuple as tuple;
//! - the dynamic pseudo-type unifies with anything as the other type, and is
//!   the result only when all types are dynamic;
//! - objects unify as the union of their attributes, common attributes
//!   unified;
//! - tuples of the same length unify element by element.
//!
//! Where the spec is silent, the reference (go-cty) decides: tuples of
//! different lengths unify as a list of their unified elements. Where they
//! differ, the spec wins; the reference instead unifies objects with
//! different attributes as a map, list with tuple as list, map with object
//! as map, and any collection or structural type with the dynamic
//! pseudo-type as the dynamic pseudo-type.
//!
//! When the preferred tuple (object) cannot be formed because a list's
//! (map's) element type does not unify with some element (attribute), the
//! list (map) rule still gives a result.
//!
//! [`unify`] admits only safe conversions. The spec's preferences for tuple
//! over list and object over map give unsafe conversions (list to tuple
//! fails when the length differs), so safe unification then chooses the
//! list or map instead, following the spec's preference for safe
//! conversions; [`unify_unsafe`] follows the preferences as written.

use std::collections::BTreeSet;

use crate::value::convert::plan::{PlanError, MAX_DEPTH};
use crate::value::{Conversion, ObjectType, Safety, Type};

/// Which conversions unification may rely on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    Safe,
    Unsafe,
}

/// The result of unification: the unified type and, for each input type,
/// the conversion to it.
///
/// ```
/// use hcl_core::value::{unify, Safety, Type, Value};
/// let u = unify(&[Type::Number, Type::String]).unwrap();
/// assert_eq!(u.ty(), &Type::String);
/// assert_eq!(u.safeties(), vec![Safety::Safe, Safety::Safe]);
/// assert!(!u.conversions()[0].is_identity());
/// assert!(u.conversions()[1].is_identity());
/// assert_eq!(u.conversions()[0].apply(&Value::from(5)).unwrap(), Value::from("5"));
/// ```
#[derive(Clone, Debug)]
pub struct Unification {
    ty: Type,
    conversions: Vec<Conversion>,
}

impl Unification {
    /// The unified type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The conversion of each input type to the unified type, in input
    /// order.
    pub fn conversions(&self) -> &[Conversion] {
        &self.conversions
    }

    /// The safety of each input's conversion, in input order.
    pub fn safeties(&self) -> Vec<Safety> {
        self.conversions.iter().map(Conversion::safety).collect()
    }

    /// Consumes the unification, returning the type and conversions.
    pub fn into_parts(self) -> (Type, Vec<Conversion>) {
        (self.ty, self.conversions)
    }
}

/// Unifies `types` using safe conversions only: the most general type that
/// each of them converts to safely, or `None`.
///
/// With no types, or only the dynamic pseudo-type, the result is the
/// dynamic pseudo-type.
///
/// ```
/// use hcl_core::value::{unify, Type};
/// let obj = |k: &str, t| Type::object([(k.to_string(), t)]);
/// let u = unify(&[obj("a", Type::Number), obj("b", Type::Bool)]).unwrap();
/// assert_eq!(u.ty(), &Type::object([("a", Type::Number), ("b", Type::Bool)]));
/// let u = unify(&[Type::list(Type::String), Type::tuple([Type::Number])]).unwrap();
/// assert_eq!(u.ty(), &Type::list(Type::String));
/// assert!(unify(&[Type::Bool, Type::Number]).is_none());
/// ```
pub fn unify(types: &[Type]) -> Option<Unification> {
    unify_with(types, Mode::Safe)
}

/// Unifies `types`, allowing unsafe conversions: the spec's preferences
/// (tuple over list and set, object over map) apply even where converting
/// to the result may fail.
///
/// ```
/// use hcl_core::value::{unify_unsafe, Safety, Type};
/// let u = unify_unsafe(&[Type::list(Type::String), Type::tuple([Type::Number])]).unwrap();
/// assert_eq!(u.ty(), &Type::tuple([Type::String]));
/// assert_eq!(u.safeties(), vec![Safety::Unsafe, Safety::Safe]);
/// let u = unify_unsafe(&[Type::map(Type::String), Type::object([("a", Type::Number)])]).unwrap();
/// assert_eq!(u.ty(), &Type::object([("a", Type::String)]));
/// ```
pub fn unify_unsafe(types: &[Type]) -> Option<Unification> {
    unify_with(types, Mode::Unsafe)
}

fn unify_with(types: &[Type], mode: Mode) -> Option<Unification> {
    let ty = unify_type(types, mode, 0).ok()?;
    let conversions = types
        .iter()
        .map(|t| Conversion::new(t, &ty))
        .collect::<Option<Vec<_>>>()?;
    if mode == Mode::Safe && conversions.iter().any(|c| c.safety() == Safety::Unsafe) {
        return None;
    }
    Some(Unification { ty, conversions })
}

/// The unified type of `types`, without checking the conversions to it
/// (callers plan those, which checks them).
pub(crate) fn unify_type(types: &[Type], mode: Mode, depth: usize) -> Result<Type, PlanError> {
    if depth > MAX_DEPTH {
        return Err(PlanError::TooDeep);
    }
    let known: Vec<&Type> = types.iter().filter(|t| !t.is_dynamic()).collect();
    let Some(&first) = known.first() else {
        return Ok(Type::Dynamic);
    };
    if known.iter().all(|t| *t == first) {
        return Ok(crate::value::convert::plan::strip_optional(first));
    }
    let d = depth + 1;
    if known.iter().all(|t| t.is_primitive()) {
        // Not all equal: only string can take the others.
        return if known.contains(&&Type::String) {
            Ok(Type::String)
        } else {
            Err(PlanError::Impossible)
        };
    }
    if known
        .iter()
        .all(|t| matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_)))
    {
        return unify_sequences(&known, mode, d);
    }
    if known
        .iter()
        .all(|t| matches!(t, Type::Map(_) | Type::Object(_)))
    {
        return unify_mappings(&known, mode, d);
    }
    Err(PlanError::Impossible)
}

fn unify_sequences(known: &[&Type], mode: Mode, d: usize) -> Result<Type, PlanError> {
    let tuples: Vec<&[Type]> = known.iter().filter_map(|t| t.tuple_elements()).collect();
    let elems: Vec<Type> = known
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    if let Some(first) = tuples.first() {
        let n = first.len();
        if tuples.iter().all(|t| t.len() == n) && (mode == Mode::Unsafe || elems.is_empty()) {
            let unified = (0..n)
                .map(|i| {
                    let mut across: Vec<Type> =
                        tuples.iter().filter_map(|t| t.get(i).cloned()).collect();
                    across.extend(elems.iter().cloned());
                    unify_type(&across, mode, d)
                })
                .collect::<Result<Vec<_>, _>>();
            match unified {
                Ok(unified) => return Ok(Type::tuple(unified)),
                // Tuples alone unify element by element or not at all.
                Err(e) if elems.is_empty() => return Err(e),
                // With lists or sets the list rule remains.
                Err(_) => {}
            }
        }
        // Tuples of different lengths, or tuples with lists or sets whose
        // elements do not unify position by position (or may not, unifying
        // safely), meet in a list.
        let mut all: Vec<Type> = tuples.iter().flat_map(|t| t.iter().cloned()).collect();
        all.extend(elems);
        return Ok(Type::list(unify_type(&all, mode, d)?));
    }
    let elem = unify_type(&elems, mode, d)?;
    if known.iter().any(|t| t.is_list()) {
        Ok(Type::list(elem))
    } else {
        Ok(Type::set(elem))
    }
}

fn unify_mappings(known: &[&Type], mode: Mode, d: usize) -> Result<Type, PlanError> {
    let objects: Vec<&ObjectType> = known.iter().filter_map(|t| t.object_type()).collect();
    let elems: Vec<Type> = known
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    if !objects.is_empty() && (mode == Mode::Unsafe || elems.is_empty()) {
        let names: BTreeSet<&str> = objects
            .iter()
            .flat_map(|o| o.attributes().keys().map(String::as_str))
            .collect();
        let attrs = names
            .into_iter()
            .map(|name| {
                let mut across: Vec<Type> = objects
                    .iter()
                    .filter_map(|o| o.attributes().get(name).cloned())
                    .collect();
                across.extend(elems.iter().cloned());
                Ok((name, unify_type(&across, mode, d)?))
            })
            .collect::<Result<Vec<_>, PlanError>>();
        match attrs {
            Ok(attrs) => return Ok(Type::object(attrs)),
            Err(e) if elems.is_empty() => return Err(e),
            Err(_) => {}
        }
    }
    // Objects with maps whose element type does not unify attribute by
    // attribute (or may not, unifying safely) meet in a map.
    let mut all: Vec<Type> = objects
        .iter()
        .flat_map(|o| o.attributes().values().cloned())
        .collect();
    all.extend(elems);
    Ok(Type::map(unify_type(&all, mode, d)?))
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::value::Value;

    fn oty(attrs: Vec<(&str, Type)>) -> Type {
        Type::object(attrs)
    }

    /// Each case: inputs, expected type for `unify` and for `unify_unsafe`
    /// (`None`: no unification).
    type Case = (Vec<Type>, Option<Type>, Option<Type>);

    #[track_caller]
    fn check(cases: Vec<Case>) {
        for (types, safe, unsafe_) in cases {
            let got = unify(&types);
            assert_eq!(
                got.as_ref().map(Unification::ty),
                safe.as_ref(),
                "unify {types:?}"
            );
            if let Some(u) = got {
                assert_eq!(u.conversions().len(), types.len());
                assert!(u.safeties().iter().all(|s| *s == Safety::Safe), "{types:?}");
            }
            let got = unify_unsafe(&types);
            assert_eq!(
                got.as_ref().map(Unification::ty),
                unsafe_.as_ref(),
                "unify_unsafe {types:?}"
            );
            if let Some(u) = got {
                for (t, c) in types.iter().zip(u.conversions()) {
                    assert_eq!(c.source_type(), t);
                    assert_eq!(c.output_type(), u.ty(), "{t} -> {}", u.ty());
                }
            }
        }
    }

    /// Both modes agree.
    fn same(types: Vec<Type>, want: Option<Type>) -> Case {
        (types, want.clone(), want)
    }

    #[test]
    fn unification_of_identical_types_is_that_type() {
        check(vec![
            same(vec![Type::String], Some(Type::String)),
            same(vec![Type::Number, Type::Number], Some(Type::Number)),
            same(
                vec![Type::list(Type::Bool), Type::list(Type::Bool)],
                Some(Type::list(Type::Bool)),
            ),
        ]);
        let u = unify(&[Type::Number, Type::Number]).unwrap();
        assert!(u.conversions().iter().all(Conversion::is_identity));
    }

    #[test]
    fn unification_number_and_string_prefers_string() {
        check(vec![
            same(vec![Type::Number, Type::String], Some(Type::String)),
            same(vec![Type::String, Type::Number], Some(Type::String)),
            same(vec![Type::Bool, Type::String], Some(Type::String)),
            same(
                vec![Type::Bool, Type::String, Type::Number],
                Some(Type::String),
            ),
            same(vec![Type::Bool, Type::Number], None),
        ]);
        let u = unify(&[Type::Number, Type::String]).unwrap();
        assert!(!u.conversions()[0].is_identity());
        assert!(u.conversions()[1].is_identity());
    }

    #[test]
    fn unification_collections_of_same_kind_unify_element_types() {
        check(vec![
            same(
                vec![Type::list(Type::Number), Type::list(Type::String)],
                Some(Type::list(Type::String)),
            ),
            same(
                vec![Type::set(Type::Bool), Type::set(Type::String)],
                Some(Type::set(Type::String)),
            ),
            same(
                vec![Type::map(Type::Number), Type::map(Type::String)],
                Some(Type::map(Type::String)),
            ),
            same(vec![Type::map(Type::Number), Type::map(Type::Bool)], None),
            same(
                vec![
                    Type::list(Type::list(Type::Number)),
                    Type::list(Type::set(Type::String)),
                ],
                Some(Type::list(Type::list(Type::String))),
            ),
        ]);
    }

    #[test]
    fn unification_list_and_set_prefers_list() {
        check(vec![
            same(
                vec![Type::set(Type::String), Type::list(Type::String)],
                Some(Type::list(Type::String)),
            ),
            same(
                vec![Type::list(Type::Number), Type::set(Type::String)],
                Some(Type::list(Type::String)),
            ),
        ]);
    }

    #[test]
    fn unification_map_and_object_prefers_object() {
        check(vec![
            (
                vec![Type::map(Type::String), oty(vec![("a", Type::Number)])],
                Some(Type::map(Type::String)),
                Some(oty(vec![("a", Type::String)])),
            ),
            (
                vec![
                    oty(vec![("a", Type::Bool), ("b", Type::String)]),
                    Type::map(Type::String),
                ],
                Some(Type::map(Type::String)),
                Some(oty(vec![("a", Type::String), ("b", Type::String)])),
            ),
            same(
                vec![Type::map(Type::Bool), oty(vec![("a", Type::Number)])],
                None,
            ),
            // An attribute that does not unify with the map's elements:
            // the map rule still applies.
            same(
                vec![
                    Type::map(Type::Number),
                    oty(vec![("a", Type::Bool)]),
                    oty(vec![("b", Type::String)]),
                ],
                Some(Type::map(Type::String)),
            ),
        ]);
    }

    #[test]
    fn unification_list_set_and_tuple_prefer_tuple() {
        check(vec![
            (
                vec![
                    Type::list(Type::String),
                    Type::tuple([Type::Number, Type::String]),
                ],
                Some(Type::list(Type::String)),
                Some(Type::tuple([Type::String, Type::String])),
            ),
            (
                vec![Type::tuple([Type::Bool]), Type::set(Type::String)],
                Some(Type::list(Type::String)),
                Some(Type::tuple([Type::String])),
            ),
            // Transitively: list with set as list, then with the tuple.
            (
                vec![
                    Type::list(Type::Number),
                    Type::set(Type::String),
                    Type::tuple([Type::Bool]),
                ],
                Some(Type::list(Type::String)),
                Some(Type::tuple([Type::String])),
            ),
            same(
                vec![Type::list(Type::Bool), Type::tuple([Type::Number])],
                None,
            ),
            // Positions that do not unify with the list's elements: the
            // list rule still applies.
            same(
                vec![
                    Type::tuple([Type::Bool, Type::String]),
                    Type::list(Type::Number),
                ],
                Some(Type::list(Type::String)),
            ),
        ]);
    }

    #[test]
    fn unification_dynamic_unifies_with_any_type() {
        check(vec![
            same(vec![Type::Dynamic, Type::String], Some(Type::String)),
            same(
                vec![Type::Dynamic, Type::tuple([Type::Number])],
                Some(Type::tuple([Type::Number])),
            ),
            same(
                vec![oty(vec![("num", Type::Number)]), Type::Dynamic],
                Some(oty(vec![("num", Type::Number)])),
            ),
            same(
                vec![Type::list(Type::Dynamic), Type::list(Type::String)],
                Some(Type::list(Type::String)),
            ),
            same(vec![Type::Dynamic, Type::Dynamic], Some(Type::Dynamic)),
            same(vec![], Some(Type::Dynamic)),
            same(
                vec![
                    Type::tuple([Type::Number]),
                    Type::Dynamic,
                    oty(vec![("n", Type::Number)]),
                ],
                None,
            ),
        ]);
        let u = unify(&[Type::Dynamic, Type::Number]).unwrap();
        assert_eq!(
            u.conversions()[0].apply(&Value::dynamic()).unwrap(),
            Value::unknown(Type::Number)
        );
    }

    #[test]
    fn unification_objects_take_the_union_of_attributes() {
        check(vec![
            same(
                vec![
                    oty(vec![("foo", Type::String)]),
                    oty(vec![("foo", Type::Number)]),
                ],
                Some(oty(vec![("foo", Type::String)])),
            ),
            same(
                vec![
                    oty(vec![("foo", Type::String)]),
                    oty(vec![("bar", Type::Number)]),
                ],
                Some(oty(vec![("bar", Type::Number), ("foo", Type::String)])),
            ),
            same(
                vec![
                    oty(vec![("foo", Type::Bool)]),
                    oty(vec![("bar", Type::Number)]),
                ],
                Some(oty(vec![("bar", Type::Number), ("foo", Type::Bool)])),
            ),
            same(
                vec![oty(vec![("foo", Type::String)]), Type::empty_object()],
                Some(oty(vec![("foo", Type::String)])),
            ),
            same(
                vec![
                    oty(vec![("a", oty(vec![("a", Type::String)]))]),
                    oty(vec![(
                        "a",
                        oty(vec![("a", Type::String), ("b", Type::String)]),
                    )]),
                ],
                Some(oty(vec![(
                    "a",
                    oty(vec![("a", Type::String), ("b", Type::String)]),
                )])),
            ),
            same(
                vec![
                    oty(vec![("foo", Type::Bool)]),
                    oty(vec![("foo", Type::Number)]),
                ],
                None,
            ),
        ]);
        let u = unify(&[oty(vec![("a", Type::Number)]), oty(vec![("b", Type::Bool)])]).unwrap();
        assert_eq!(
            u.conversions()[0]
                .apply(&Value::object([("a", Value::from(1))]))
                .unwrap(),
            Value::object([("a", Value::from(1)), ("b", Value::null(Type::Bool))])
        );
    }

    #[test]
    fn unification_tuples_of_same_length_unify_elementwise() {
        check(vec![
            same(
                vec![Type::tuple([Type::String]), Type::tuple([Type::Number])],
                Some(Type::tuple([Type::String])),
            ),
            same(
                vec![
                    Type::tuple([Type::String, Type::Bool]),
                    Type::tuple([Type::Number, Type::Bool]),
                ],
                Some(Type::tuple([Type::String, Type::Bool])),
            ),
            same(
                vec![Type::tuple([Type::Bool]), Type::tuple([Type::Number])],
                None,
            ),
            same(
                vec![Type::empty_tuple(), Type::empty_tuple()],
                Some(Type::empty_tuple()),
            ),
        ]);
    }

    #[test]
    fn unification_tuples_of_different_lengths_unify_as_list() {
        check(vec![
            same(
                vec![
                    Type::tuple([Type::String]),
                    Type::tuple([Type::String, Type::Number]),
                ],
                Some(Type::list(Type::String)),
            ),
            same(
                vec![Type::tuple([Type::String]), Type::empty_tuple()],
                Some(Type::list(Type::String)),
            ),
            same(
                vec![
                    Type::tuple([Type::Bool]),
                    Type::tuple([Type::Number, Type::Number]),
                ],
                None,
            ),
        ]);
    }

    #[test]
    fn unification_fails_across_kinds() {
        let c = crate::value::CapsuleType::new("c");
        check(vec![
            same(vec![Type::String, Type::list(Type::String)], None),
            same(vec![oty(vec![]), Type::empty_tuple()], None),
            same(
                vec![Type::list(Type::String), Type::map(Type::String)],
                None,
            ),
            same(vec![Type::Capsule(c.clone()), Type::String], None),
            same(
                vec![
                    Type::Capsule(c.clone()),
                    Type::Capsule(crate::value::CapsuleType::new("c")),
                ],
                None,
            ),
            same(
                vec![Type::Capsule(c.clone()), Type::Capsule(c.clone())],
                Some(Type::Capsule(c)),
            ),
        ]);
    }

    #[test]
    fn unification_depth_is_bounded() {
        let nest = |depth: usize, leaf: Type| (0..depth).fold(leaf, |t, _| Type::tuple([t]));
        let u = unify(&[nest(120, Type::Number), nest(120, Type::String)]).unwrap();
        assert_eq!(u.ty(), &nest(120, Type::String));
        assert!(unify(&[nest(140, Type::Number), nest(140, Type::String)]).is_none());
    }

    #[test]
    fn unification_conversions_convert_values() {
        let u = unify_unsafe(&[Type::list(Type::String), Type::tuple([Type::Number])]).unwrap();
        let [list, tuple] = u.conversions() else {
            panic!("two conversions")
        };
        let l = Value::list(Type::String, [Value::from("a")]).unwrap();
        assert_eq!(list.apply(&l).unwrap(), Value::tuple([Value::from("a")]));
        assert_eq!(
            tuple.apply(&Value::tuple([Value::from(7)])).unwrap(),
            Value::tuple([Value::from("7")])
        );
        let two = Value::list(Type::String, [Value::from("a"), Value::from("b")]).unwrap();
        assert_eq!(
            list.apply(&two).unwrap_err().to_string(),
            "incorrect list length: a tuple of 1 element is required, but have 2"
        );
    }
}
