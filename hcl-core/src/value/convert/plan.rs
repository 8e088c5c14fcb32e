//! Conversion plans: what converting a value of one type to another type
//! takes, worked out from the two types alone.
//!
//! A [`Plan`] mirrors the shape of the source type. Planning decides
//! whether a conversion exists at all, how safe it is, and the type of its
//! results (the target type with each dynamic pseudo-type replaced by what
//! the source puts there, and optional-attribute markers removed); applying
//! it to a value (see `apply.rs`) can then only fail on value-dependent
//! rules such as string syntax or lengths.

use super::Safety;
use crate::value::unify::{unify_type, Mode};
use crate::value::{ObjectType, Type};

/// How deeply nested types may be for conversion and unification: the
/// nesting limit the parsers use by default (128). The bound keeps
/// recursion on hostile input off the end of the stack (debug builds take
/// a few KiB per level).
pub(crate) const MAX_DEPTH: usize = 128;

/// Why no plan could be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PlanError {
    /// No conversion exists between the types.
    Impossible,
    /// The types nest deeper than [`MAX_DEPTH`].
    TooDeep,
}

/// A planned conversion.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(crate) kind: Kind,
    /// The type of every non-dynamic result (nulls and unknowns included).
    pub(crate) out: Type,
    pub(crate) safety: Safety,
}

/// The step a plan takes at its level of the type.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// The value passes through unchanged.
    Identity,
    /// From the dynamic pseudo-type to this target. Values of the dynamic
    /// pseudo-type are null or unknown; a known value met here (a caller
    /// applying a conversion to a value that has since become known) is
    /// converted late to the target.
    FromDynamic(Type),
    NumberToString,
    BoolToString,
    StringToNumber,
    StringToBool,
    /// From a list or a set.
    ToList(Box<Plan>),
    /// From a list or a set.
    ToSet(Box<Plan>),
    MapToMap(Box<Plan>),
    TupleToList(Elems),
    TupleToSet(Elems),
    /// The attribute names in order, and their plans.
    ObjectToMap(Vec<String>, Elems),
    /// From a list or a set: one plan per tuple element.
    SeqToTuple(Vec<Plan>),
    /// One entry per target attribute, in name order.
    MapToObject(Vec<(String, AttrFromMap)>),
    /// One entry per target attribute, in name order; `None` when the
    /// source lacks it (the result gets a null there).
    ObjectToObject(Vec<(String, Option<Plan>)>),
    TupleToTuple(Vec<Plan>),
    /// The first plan, then the second on its result (used where elements
    /// are first converted to the target and then to a unified type).
    Then(Box<Plan>, Box<Plan>),
}

/// The plans of the elements of a tuple (or attributes of an object)
/// converted to one collection element type.
#[derive(Clone, Debug)]
pub(crate) enum Elems {
    /// All of this many elements have one type and share a plan: the
    /// common case of large tuples, planned and stored once.
    Uniform(Box<Plan>, usize),
    /// One plan per element.
    Each(Vec<Plan>),
}

impl Elems {
    pub(crate) fn len(&self) -> usize {
        match self {
            Elems::Uniform(_, n) => *n,
            Elems::Each(v) => v.len(),
        }
    }

    pub(crate) fn get(&self, i: usize) -> Option<&Plan> {
        match self {
            Elems::Uniform(p, n) => (i < *n).then_some(&**p),
            Elems::Each(v) => v.get(i),
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &Plan> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
    }

    fn safety(&self) -> Safety {
        match self {
            Elems::Uniform(p, _) => p.safety,
            Elems::Each(v) => worst(v),
        }
    }

    fn first(&self) -> Option<&Plan> {
        self.get(0)
    }

    /// Maps each plan (once for a uniform run).
    fn try_map(
        &self,
        mut f: impl FnMut(&Plan) -> Result<Plan, PlanError>,
    ) -> Result<Elems, PlanError> {
        Ok(match self {
            Elems::Uniform(p, n) => Elems::Uniform(Box::new(f(p)?), *n),
            Elems::Each(v) => Elems::Each(v.iter().map(f).collect::<Result<_, _>>()?),
        })
    }
}

/// How a map element becomes the value of one target attribute.
#[derive(Clone, Debug)]
pub(crate) enum AttrFromMap {
    /// Required attribute (the key must be present), or optional attribute
    /// whose element conversion exists.
    Convert { plan: Plan, optional: bool },
    /// Optional attribute of a type the map's elements cannot convert to:
    /// fine while the key is absent, an error when present.
    Incompatible { target: Type },
}

impl Plan {
    fn new(kind: Kind, out: Type, safety: Safety) -> Plan {
        Plan { kind, out, safety }
    }

    fn identity(ty: &Type) -> Plan {
        Plan::new(Kind::Identity, ty.clone(), Safety::Safe)
    }

    pub(crate) fn is_identity(&self) -> bool {
        matches!(self.kind, Kind::Identity)
    }
}

fn worst<'a>(plans: impl IntoIterator<Item = &'a Plan>) -> Safety {
    plans
        .into_iter()
        .map(|p| p.safety)
        .max()
        .unwrap_or(Safety::Safe)
}

/// Plans the conversion of values of type `from` to type `to`.
pub(crate) fn plan(from: &Type, to: &Type, depth: usize) -> Result<Plan, PlanError> {
    if depth > MAX_DEPTH {
        return Err(PlanError::TooDeep);
    }
    if to.is_dynamic() || from == to {
        return Ok(Plan::identity(from));
    }
    let d = depth + 1;
    // Each arm with a recursion is its own function, so that the frame of
    // this one (on the stack once per level of nesting) stays small.
    match (from, to) {
        (Type::Dynamic, _) => Ok(Plan::new(
            Kind::FromDynamic(to.clone()),
            strip_optional(to),
            Safety::Safe,
        )),
        (Type::Number, Type::String) => {
            Ok(Plan::new(Kind::NumberToString, Type::String, Safety::Safe))
        }
        (Type::Bool, Type::String) => Ok(Plan::new(Kind::BoolToString, Type::String, Safety::Safe)),
        (Type::String, Type::Number) => Ok(Plan::new(
            Kind::StringToNumber,
            Type::Number,
            Safety::Unsafe,
        )),
        (Type::String, Type::Bool) => Ok(Plan::new(Kind::StringToBool, Type::Bool, Safety::Unsafe)),
        (Type::List(s) | Type::Set(s), Type::List(t) | Type::Set(t))
        | (Type::Map(s), Type::Map(t)) => collection_to_collection(from, s, to, t, d),
        (Type::Tuple(es), Type::List(t) | Type::Set(t)) => tuple_to_collection(es, to, t, d),
        (Type::Object(o), Type::Map(t)) => object_to_map(o, t, d),
        (Type::List(s) | Type::Set(s), Type::Tuple(ts)) => seq_to_tuple(s, ts, d),
        (Type::Map(s), Type::Object(o)) => map_to_object(s, o, d),
        (Type::Object(a), Type::Object(b)) => object_to_object(from, a, b, d),
        (Type::Tuple(a), Type::Tuple(b)) => tuple_to_tuple(from, a, b, d),
        _ => Err(PlanError::Impossible),
    }
}

/// List or set to list or set, map to map.
#[inline(never)]
fn collection_to_collection(
    from: &Type,
    s: &Type,
    to: &Type,
    t: &Type,
    d: usize,
) -> Result<Plan, PlanError> {
    let elem = plan(s, t, d)?;
    let same_kind = std::mem::discriminant(from) == std::mem::discriminant(to);
    if same_kind && elem.is_identity() {
        return Ok(Plan::identity(from));
    }
    let safety = if from.is_list() && to.is_set() {
        // List to set loses order and duplicates.
        Safety::Unsafe
    } else {
        elem.safety
    };
    let (kind, out) = match to {
        Type::List(_) => (
            Kind::ToList as fn(Box<Plan>) -> Kind,
            Type::list(elem.out.clone()),
        ),
        Type::Set(_) => (
            Kind::ToSet as fn(Box<Plan>) -> Kind,
            Type::set(elem.out.clone()),
        ),
        _ => (
            Kind::MapToMap as fn(Box<Plan>) -> Kind,
            Type::map(elem.out.clone()),
        ),
    };
    Ok(Plan::new(kind(Box::new(elem)), out, safety))
}

#[inline(never)]
fn tuple_to_collection(es: &[Type], to: &Type, t: &Type, d: usize) -> Result<Plan, PlanError> {
    let (elems, ety) = common_element(es.iter(), t, d)?;
    Ok(if to.is_set() {
        // As tuple to list, then list to set: duplicates are lost.
        Plan::new(Kind::TupleToSet(elems), Type::set(ety), Safety::Unsafe)
    } else {
        let safety = elems.safety();
        Plan::new(Kind::TupleToList(elems), Type::list(ety), safety)
    })
}

#[inline(never)]
fn object_to_map(o: &ObjectType, t: &Type, d: usize) -> Result<Plan, PlanError> {
    let (elems, ety) = common_element(o.attributes().values(), t, d)?;
    let names = o.attributes().keys().cloned().collect();
    let safety = elems.safety();
    Ok(Plan::new(
        Kind::ObjectToMap(names, elems),
        Type::map(ety),
        safety,
    ))
}

#[inline(never)]
fn seq_to_tuple(s: &Type, ts: &[Type], d: usize) -> Result<Plan, PlanError> {
    let elems = ts
        .iter()
        .map(|t| plan(s, t, d))
        .collect::<Result<Vec<_>, _>>()?;
    let out = Type::tuple(elems.iter().map(|p| p.out.clone()));
    // The length is only known from the value.
    Ok(Plan::new(Kind::SeqToTuple(elems), out, Safety::Unsafe))
}

#[inline(never)]
fn tuple_to_tuple(from: &Type, a: &[Type], b: &[Type], d: usize) -> Result<Plan, PlanError> {
    if a.len() != b.len() {
        return Err(PlanError::Impossible);
    }
    let elems = a
        .iter()
        .zip(b.iter())
        .map(|(s, t)| plan(s, t, d))
        .collect::<Result<Vec<_>, _>>()?;
    if elems.iter().all(Plan::is_identity) {
        return Ok(Plan::identity(from));
    }
    let out = Type::tuple(elems.iter().map(|p| p.out.clone()));
    let safety = worst(&elems);
    Ok(Plan::new(Kind::TupleToTuple(elems), out, safety))
}

#[inline(never)]
fn map_to_object(elem: &Type, target: &ObjectType, d: usize) -> Result<Plan, PlanError> {
    let mut attrs = Vec::with_capacity(target.attributes().len());
    let mut out = Vec::with_capacity(target.attributes().len());
    for (name, t) in target.attributes() {
        let optional = target.is_optional(name);
        let entry = match plan(elem, t, d) {
            Ok(plan) => {
                out.push((name.clone(), plan.out.clone()));
                AttrFromMap::Convert { plan, optional }
            }
            Err(PlanError::Impossible) if optional => {
                out.push((name.clone(), strip_optional(t)));
                AttrFromMap::Incompatible { target: t.clone() }
            }
            Err(e) => return Err(e),
        };
        attrs.push((name.clone(), entry));
    }
    // The keys must match the attributes, which only the value can tell.
    Ok(Plan::new(
        Kind::MapToObject(attrs),
        Type::object(out),
        Safety::Unsafe,
    ))
}

#[inline(never)]
fn object_to_object(
    from: &Type,
    source: &ObjectType,
    target: &ObjectType,
    d: usize,
) -> Result<Plan, PlanError> {
    let mut attrs = Vec::with_capacity(target.attributes().len());
    let mut out = Vec::with_capacity(target.attributes().len());
    let mut safety = Safety::Safe;
    for (name, t) in target.attributes() {
        match source.attributes().get(name) {
            Some(s) => {
                let p = plan(s, t, d)?;
                safety = safety.max(p.safety);
                out.push((name.clone(), p.out.clone()));
                attrs.push((name.clone(), Some(p)));
            }
            None => {
                out.push((name.clone(), strip_optional(t)));
                attrs.push((name.clone(), None));
            }
        }
    }
    let dropped = source
        .attributes()
        .keys()
        .any(|n| !target.attributes().contains_key(n));
    if dropped {
        // Attributes the target lacks are dropped: distinct values may
        // become equal, which makes the conversion unsafe.
        safety = Safety::Unsafe;
    } else if attrs
        .iter()
        .all(|(_, p)| p.as_ref().is_some_and(Plan::is_identity))
    {
        return Ok(Plan::identity(from));
    }
    Ok(Plan::new(
        Kind::ObjectToObject(attrs),
        Type::object(out),
        safety,
    ))
}

/// Plans the elements of a tuple or the attributes of an object (`sources`)
/// into one collection element type `target`; returns the plans and the
/// result element type.
///
/// When `target` contains the dynamic pseudo-type, the element type is
/// chosen by unifying what each source becomes under `target`, preferring
/// a unification whose conversions are all safe.
fn common_element<'a>(
    sources: impl ExactSizeIterator<Item = &'a Type>,
    target: &Type,
    d: usize,
) -> Result<(Elems, Type), PlanError> {
    if !target.has_dynamic() {
        return Ok((plan_each(sources, target, d)?, strip_optional(target)));
    }
    if sources.len() == 0 {
        return Ok((Elems::Each(Vec::new()), strip_optional(target)));
    }
    let firsts = plan_each(sources, target, d)?;
    let outs: Vec<Type> = match &firsts {
        Elems::Uniform(p, _) => vec![p.out.clone()],
        Elems::Each(v) => v.iter().map(|p| p.out.clone()).collect(),
    };
    let mut last_err = PlanError::Impossible;
    for mode in [Mode::Safe, Mode::Unsafe] {
        let unified = match unify_type(&outs, mode, d) {
            Ok(u) => u,
            Err(e) => {
                last_err = e;
                continue;
            }
        };
        if !unified.matches(target) {
            continue;
        }
        match chain_all(&firsts, &unified, d) {
            // Only the unifying steps count here: the first steps are the
            // same whichever type is chosen.
            Ok((plans, unifying)) if mode == Mode::Unsafe || unifying == Safety::Safe => {
                let ety = plans
                    .first()
                    .map_or_else(|| unified.clone(), |p| p.out.clone());
                if plans.iter().all(|p| p.out == ety) {
                    return Ok((plans, ety));
                }
            }
            Ok(_) => {}
            Err(e) => last_err = e,
        }
    }
    Err(last_err)
}

/// Plans each source to `target`. Large tuples usually have one element
/// type throughout: they get one shared plan; otherwise a source like the
/// one before still reuses its plan.
fn plan_each<'a>(
    sources: impl ExactSizeIterator<Item = &'a Type>,
    target: &Type,
    d: usize,
) -> Result<Elems, PlanError> {
    let sources: Vec<&Type> = sources.collect();
    if let Some((&first, rest)) = sources.split_first() {
        if rest.iter().all(|s| *s == first) {
            return Ok(Elems::Uniform(
                Box::new(plan(first, target, d)?),
                sources.len(),
            ));
        }
    }
    let mut plans: Vec<Plan> = Vec::with_capacity(sources.len());
    let mut prev: Option<&Type> = None;
    for s in sources {
        let p = match plans.last() {
            Some(last) if prev == Some(s) => last.clone(),
            _ => plan(s, target, d)?,
        };
        plans.push(p);
        prev = Some(s);
    }
    Ok(Elems::Each(plans))
}

/// Each first plan followed by a conversion of its result to `unified`,
/// and the worst safety of those second conversions.
fn chain_all(firsts: &Elems, unified: &Type, d: usize) -> Result<(Elems, Safety), PlanError> {
    let mut unifying = Safety::Safe;
    let plans = firsts.try_map(|first| {
        let second = plan(&first.out, unified, d)?;
        unifying = unifying.max(second.safety);
        Ok(if second.is_identity() {
            first.clone()
        } else if first.is_identity() {
            second
        } else {
            let (out, safety) = (second.out.clone(), first.safety.max(second.safety));
            Plan::new(
                Kind::Then(Box::new(first.clone()), Box::new(second)),
                out,
                safety,
            )
        })
    })?;
    Ok((plans, unifying))
}

/// `ty` without optional-attribute markers, at any depth (result values
/// never carry them). Types nested deeper than [`MAX_DEPTH`] are returned
/// as they are below that depth.
pub(crate) fn strip_optional(ty: &Type) -> Type {
    fn has_optional(ty: &Type, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match ty {
            Type::List(e) | Type::Set(e) | Type::Map(e) => has_optional(e, depth + 1),
            Type::Tuple(es) => es.iter().any(|e| has_optional(e, depth + 1)),
            Type::Object(o) => {
                !o.optional_attributes().is_empty()
                    || o.attributes().values().any(|t| has_optional(t, depth + 1))
            }
            _ => false,
        }
    }
    fn strip(ty: &Type, depth: usize) -> Type {
        if depth > MAX_DEPTH || !has_optional(ty, depth) {
            return ty.clone();
        }
        match ty {
            Type::List(e) => Type::list(strip(e, depth + 1)),
            Type::Set(e) => Type::set(strip(e, depth + 1)),
            Type::Map(e) => Type::map(strip(e, depth + 1)),
            Type::Tuple(es) => Type::tuple(es.iter().map(|e| strip(e, depth + 1))),
            Type::Object(o) => Type::object(
                o.attributes()
                    .iter()
                    .map(|(n, t)| (n.clone(), strip(t, depth + 1))),
            ),
            _ => ty.clone(),
        }
    }
    strip(ty, 0)
}
