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
    if known.iter().all(|t| matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_))) {
        return unify_sequences(&known, mode, d);
    }
    if known.iter().all(|t| matches!(t, Type::Map(_) | Type::Object(_))) {
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
                    let mut across: Vec<Type> = tuples.iter().filter_map(|t| t.get(i).cloned()).collect();
                    across.extend(elems.iter().cloned());
                    unify_type(&across, mode, d)
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Type::tuple(unified));
        }
        // Tuples of different lengths (or, unifying safely, tuples with
        // lists or sets) meet in a list.
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
            .collect::<Result<Vec<_>, PlanError>>()?;
        return Ok(Type::object(attrs));
    }
    // Unifying safely, objects with maps meet in a map.
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
}
