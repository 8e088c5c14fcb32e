//! Type conversions: the information model's "Type Conversions and
//! Unification" (conversion half; see [`unify`](fn@super::unify) for the
//! other).
//!
//! A conversion is *safe* when distinct values of the source type always
//! become distinct values of the target type, *unsafe* when information may
//! be lost or some values have no counterpart (then converting may fail).
//! [`conversion_safety`] classifies type pairs; [`convert`] performs safe
//! and unsafe conversions, [`convert_safe`] only safe ones, and
//! [`Conversion`] prepares one for repeated use.
//!
//! Where the spec is silent the reference (go-cty's `convert` package)
//! decides; where they differ, the spec wins:
//!
//! - object to object: target attributes the source lacks become null
//!   (the reference requires them unless marked optional); dropping source
//!   attributes makes the conversion unsafe (the reference calls it safe);
//! - map to object: the keys must match the attributes exactly (the
//!   reference ignores extra keys); optional attributes may be absent;
//! - tuple to set is unsafe (duplicates are lost), as list to set is;
//! - list and set to tuple exist (unsafe; the length must match);
//! - from the dynamic pseudo-type is a safe conversion (the reference only
//!   allows it as an unsafe one);
//! - nulls inside tuples and objects convert to any type, like top-level
//!   nulls (the reference requires their types to convert).

mod apply;
mod mismatch;
pub(crate) mod plan;

use std::fmt;

use super::{Path, PathStep, Type, Value};
use crate::limits::Budget;
use plan::{Plan, PlanError};

pub(crate) use apply::Failure;

pub use mismatch::mismatch_message;

/// How safe a conversion is.
///
/// Ordered from safest: the safety of a compound conversion is the
/// maximum of its parts'.
///
/// ```
/// use hcl_core::value::{conversion_safety, Safety, Type};
/// assert!(Safety::Safe < Safety::Unsafe);
/// // number to string is safe, string to number is not: the tuple's
/// // conversion is as unsafe as its worst element's.
/// let from = Type::tuple([Type::Number, Type::String]);
/// let to = Type::tuple([Type::String, Type::Number]);
/// assert_eq!(conversion_safety(&from, &to), Some(Safety::Unsafe));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Safety {
    /// Every value converts, and distinct values stay distinct.
    Safe,
    /// Some values may fail to convert, or distinct values may become
    /// equal.
    Unsafe,
}

/// Why a value could not be converted: where (a [`Path`] into the value
/// given) and what the target required.
///
/// Messages follow the reference's wording ("a number is required",
/// `attribute "port" is required`); a type mismatch is reported at the root
/// with a message from [`mismatch_message`].
///
/// ```
/// use hcl_core::value::{convert, Type, Value};
/// let v = Value::tuple([Value::object([("port", Value::from("80"))]), Value::object([("port", Value::from("http"))])]);
/// let err = convert(&v, &Type::list(Type::object([("port", Type::Number)]))).unwrap_err();
/// assert_eq!(err.to_string(), "[1].port: a number is required");
/// assert_eq!(err.message(), "a number is required");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConversionError {
    path: Path,
    message: String,
}

impl ConversionError {
    /// An error about the value at `path`.
    pub fn new(path: Path, message: impl Into<String>) -> ConversionError {
        ConversionError {
            path,
            message: message.into(),
        }
    }

    #[cold]
    pub(crate) fn at(path: &[PathStep], message: impl Into<String>) -> ConversionError {
        ConversionError::new(Path::from_steps(path.iter().cloned()), message)
    }

    /// Where in the value given the conversion failed.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What was required, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// `path: message`, or just the message at the root.
impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_root() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ConversionError {}

/// How values of type `from` convert to type `to`: `Some(Safe)`,
/// `Some(Unsafe)`, or `None` when no conversion exists (null values aside:
/// they convert to any type).
///
/// The classification recurses through collection and structural types;
/// converting to the dynamic pseudo-type is always safe (a no-op), as is
/// converting from it.
///
/// ```
/// use hcl_core::value::{conversion_safety, Safety, Type};
/// assert_eq!(conversion_safety(&Type::Number, &Type::String), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&Type::String, &Type::Number), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&Type::Bool, &Type::Number), None);
/// let set = Type::set(Type::Number);
/// assert_eq!(conversion_safety(&set, &Type::list(Type::String)), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&Type::list(Type::Number), &set), Some(Safety::Unsafe));
/// ```
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    plan::plan(from, to, 0).ok().map(|p| p.safety)
}

/// Converts `value` to type `to`, allowing unsafe conversions.
///
/// Null values become the null of the target type, unknown values (the
/// dynamic value included) the unknown of the target type; converting to
/// the dynamic pseudo-type returns the value unchanged. A target type that
/// contains the dynamic pseudo-type, such as `list(any)`, takes the element
/// type from the value (unifying the element types of a tuple).
///
/// ```
/// use hcl_core::value::{convert, Type, Value};
/// let v = Value::tuple([Value::from("a"), Value::from(1)]);
/// let list = convert(&v, &Type::list(Type::Dynamic)).unwrap();
/// assert_eq!(list, Value::list(Type::String, [Value::from("a"), Value::from("1")]).unwrap());
/// assert_eq!(convert(&Value::from("12"), &Type::Number).unwrap(), Value::from(12));
/// assert_eq!(convert(&Value::from("x"), &Type::Bool).unwrap_err().to_string(), "a bool is required");
/// ```
pub fn convert(value: &Value, to: &Type) -> Result<Value, ConversionError> {
    unbudgeted(convert_at(
        value,
        to,
        &mut Vec::new(),
        &mut Budget::unlimited(),
    ))
}

/// Converts `value` to type `to` as [`convert`] does, charging what the
/// conversion builds to `budget` (see `apply.rs`): the conversions an
/// evaluation makes of the values it has built.
pub(crate) fn convert_within(
    value: &Value,
    to: &Type,
    budget: &mut Budget,
) -> Result<Value, Failure> {
    convert_at(value, to, &mut Vec::new(), budget)
}

/// The result of a conversion within an unlimited budget, which cannot
/// run out (a limit reads as a conversion error rather than a panic).
fn unbudgeted(r: Result<Value, Failure>) -> Result<Value, ConversionError> {
    r.map_err(|f| match f {
        Failure::Convert(e) => e,
        Failure::Limit(e) => ConversionError::new(Path::root(), e.to_string()),
    })
}

/// Converts `value` to type `to` only if the conversion of the types is
/// safe (a null value always converts).
///
/// ```
/// use hcl_core::value::{convert_safe, Type, Value};
/// assert_eq!(convert_safe(&Value::from(1), &Type::String).unwrap(), Value::from("1"));
/// let err = convert_safe(&Value::from("1"), &Type::Number).unwrap_err();
/// assert_eq!(err.to_string(), "no safe conversion from string to number");
/// ```
pub fn convert_safe(value: &Value, to: &Type) -> Result<Value, ConversionError> {
    if to.is_dynamic() {
        return Ok(value.clone());
    }
    let from = value.ty();
    let (p, value) = match plan::plan(&from, to, 0) {
        Ok(p) => (p, value.clone()),
        Err(_) if value.is_null() => return Ok(Value::Null(plan::strip_optional(to))),
        Err(e) => match with_untyped_nulls(value, to, 0) {
            Some((Ok(p), v)) => (p, v),
            Some((Err(e), v)) => return Err(plan_error(e, &v.ty(), to, &[])),
            None => return Err(plan_error(e, &from, to, &[])),
        },
    };
    if p.safety == Safety::Unsafe && !value.is_null() {
        return Err(ConversionError::new(
            Path::root(),
            format!(
                "no safe conversion from {} to {}",
                value.ty().friendly_name(),
                to.friendly_name_for_constraint()
            ),
        ));
    }
    unbudgeted(apply::apply(
        &p,
        &value,
        &mut Vec::new(),
        &mut Budget::unlimited(),
    ))
}

pub(crate) fn convert_at(
    value: &Value,
    to: &Type,
    path: &mut Vec<PathStep>,
    budget: &mut Budget,
) -> Result<Value, Failure> {
    if to.is_dynamic() {
        return Ok(value.clone());
    }
    let from = value.ty();
    match plan::plan(&from, to, path.len()) {
        Ok(p) => apply::apply(&p, value, path, budget),
        // Nulls convert to any type, whatever the rules for their own.
        Err(_) if value.is_null() => Ok(Value::Null(plan::strip_optional(to))),
        Err(e) => match with_untyped_nulls(value, to, path.len()) {
            Some((Ok(p), v)) => apply::apply(&p, &v, path, budget),
            Some((Err(e), v)) => Err(plan_error(e, &v.ty(), to, path).into()),
            None => Err(plan_error(e, &from, to, path).into()),
        },
    }
}

/// Nulls convert to any type, nested ones too: when the types do not
/// convert, retries with each null inside a tuple or object (the elements
/// that have types of their own) as the null of the dynamic pseudo-type.
/// Returns the value with untyped nulls and its plan, or `None` when the
/// value has no such nulls.
#[cold]
fn with_untyped_nulls(
    value: &Value,
    to: &Type,
    depth: usize,
) -> Option<(Result<Plan, PlanError>, Value)> {
    let v = untype_nulls(value, depth)?;
    Some((plan::plan(&v.ty(), to, depth), v))
}

/// `v` with the nulls inside its tuples and objects (through nested
/// tuples and objects) untyped, or `None` when there are none.
fn untype_nulls(v: &Value, depth: usize) -> Option<Value> {
    if depth > plan::MAX_DEPTH {
        return None;
    }
    let mut changed = false;
    let mut untype = |e: &Value| match e {
        Value::Null(t) if !t.is_dynamic() => {
            changed = true;
            Value::Null(Type::Dynamic)
        }
        _ => untype_nulls(e, depth + 1).map_or_else(
            || e.clone(),
            |u| {
                changed = true;
                u
            },
        ),
    };
    let out = match v {
        Value::Tuple(t) => Value::tuple(t.iter().map(&mut untype).collect::<Vec<_>>()),
        Value::Object(o) => Value::object(
            o.iter()
                .map(|(k, e)| (k.as_str(), untype(e)))
                .collect::<Vec<_>>(),
        ),
        _ => return None,
    };
    changed.then_some(out)
}

#[cold]
fn plan_error(e: PlanError, from: &Type, to: &Type, path: &[PathStep]) -> ConversionError {
    match e {
        PlanError::Impossible => ConversionError::at(path, mismatch_message(from, to)),
        PlanError::TooDeep => ConversionError::at(path, "type is nested too deeply to convert"),
    }
}

/// A prepared conversion from one type to another, to apply to many values.
///
/// ```
/// use hcl_core::value::{Conversion, Safety, Type, Value};
/// let c = Conversion::new(&Type::tuple([Type::Number, Type::Bool]), &Type::list(Type::String)).unwrap();
/// assert_eq!(c.safety(), Safety::Safe);
/// assert_eq!(c.output_type(), &Type::list(Type::String));
/// let v = Value::tuple([Value::from(1), Value::from(true)]);
/// assert_eq!(c.apply(&v).unwrap(), Value::list(Type::String, [Value::from("1"), Value::from("true")]).unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct Conversion {
    from: Type,
    to: Type,
    plan: Plan,
}

impl Conversion {
    /// The conversion from `from` to `to`, if one exists (safe or unsafe).
    pub fn new(from: &Type, to: &Type) -> Option<Conversion> {
        let plan = plan::plan(from, to, 0).ok()?;
        Some(Conversion {
            from: from.clone(),
            to: to.clone(),
            plan,
        })
    }

    /// The source type.
    pub fn source_type(&self) -> &Type {
        &self.from
    }

    /// The target type, as given.
    pub fn target_type(&self) -> &Type {
        &self.to
    }

    /// The type of the results: the target type with each dynamic
    /// pseudo-type replaced by what the source puts there and without
    /// optional-attribute markers. (Converting to the dynamic pseudo-type
    /// itself gives the source type.)
    pub fn output_type(&self) -> &Type {
        &self.plan.out
    }

    /// How safe the conversion is.
    pub fn safety(&self) -> Safety {
        self.plan.safety
    }

    /// Whether values pass through unchanged.
    pub fn is_identity(&self) -> bool {
        self.plan.is_identity()
    }

    /// Converts `value`. A value not of the source type (for example a
    /// known value where the source type was the dynamic pseudo-type) is
    /// converted to the target type as [`convert`] would.
    pub fn apply(&self, value: &Value) -> Result<Value, ConversionError> {
        if value.ty() == self.from {
            unbudgeted(apply::apply(
                &self.plan,
                value,
                &mut Vec::new(),
                &mut Budget::unlimited(),
            ))
        } else {
            convert(value, &self.to)
        }
    }
}

#[cfg(test)]
mod test;
