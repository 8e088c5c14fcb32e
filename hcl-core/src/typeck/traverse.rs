//! Traversal of extended types: the type of `x.name` and `x[key]` given
//! the type of `x`.
//!
//! "A union type is traversed by traversing each of its element types. The
//! result of the traversal is the union of the results of the traversals
//! that succeed. When traversing a union with an element type of none, the
//! traversal of none successfully results in none." "Traversing a promise
//! \[output\] type returns the traversal of its element type wrapped in a
//! promise \[output\]." Everything else follows the base model (and the
//! reference's diagnostics).

use std::fmt;

use super::rules::{conversion, MAX_DEPTH};
use super::ty::ExtendedType;
use crate::diag::quoted;
use crate::value::Number;

/// One traversal step.
#[derive(Clone, Copy, Debug)]
pub enum TypeStep<'a> {
    /// `.name`
    Attr(&'a str),
    /// `[key]`: the key's type, and its value when it is a literal.
    Index {
        /// The key's type.
        ty: &'a ExtendedType,
        /// The key's value, when known statically.
        literal: Option<KeyLiteral<'a>>,
    },
}

/// A statically known index key.
#[derive(Clone, Copy, Debug)]
pub enum KeyLiteral<'a> {
    /// A number.
    Number(&'a Number),
    /// A string.
    String(&'a str),
}

impl KeyLiteral<'_> {
    fn as_index(&self) -> Option<i64> {
        match self {
            KeyLiteral::Number(n) if n.is_integer() => n.to_i64(),
            KeyLiteral::Number(_) => None,
            KeyLiteral::String(s) => s.parse().ok(),
        }
    }

    fn as_name(&self) -> String {
        match self {
            KeyLiteral::Number(n) => n.to_string(),
            KeyLiteral::String(s) => (*s).to_owned(),
        }
    }
}

/// Why a traversal step does not apply, in the reference's words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TraversalError {
    /// "Unsupported attribute", "Invalid index", …
    pub summary: &'static str,
    /// The explanation.
    pub detail: String,
}

impl fmt::Display for TraversalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for TraversalError {}

fn err(summary: &'static str, detail: impl Into<String>) -> TraversalError {
    TraversalError {
        summary,
        detail: detail.into(),
    }
}

const NO_ELEMENT: &str = "The given key does not identify an element in this collection value.";

/// The type of applying `step` to a value of type `ty`.
///
/// ```
/// use hcl_core::typeck::{traverse, TypeStep, ExtendedType};
/// let bucket = ExtendedType::output(ExtendedType::object([("arn", ExtendedType::String)]));
/// assert_eq!(traverse(&bucket, TypeStep::Attr("arn")).unwrap(), ExtendedType::output(ExtendedType::String));
/// let maybe = ExtendedType::optional(ExtendedType::object([("arn", ExtendedType::String)]));
/// assert_eq!(traverse(&maybe, TypeStep::Attr("arn")).unwrap(), ExtendedType::optional(ExtendedType::String));
/// let e = traverse(&ExtendedType::String, TypeStep::Attr("arn")).unwrap_err();
/// assert_eq!(e.summary, "Unsupported attribute");
/// ```
///
/// # Errors
///
/// When the step cannot apply to any value of the type (for a union: to
/// any element type; the first element's error is returned).
pub fn traverse(ty: &ExtendedType, step: TypeStep<'_>) -> Result<ExtendedType, TraversalError> {
    traverse_at(ty, step, 0)
}

fn traverse_at(
    ty: &ExtendedType,
    step: TypeStep<'_>,
    depth: usize,
) -> Result<ExtendedType, TraversalError> {
    if depth > MAX_DEPTH {
        return Ok(ExtendedType::Dynamic);
    }
    match ty {
        ExtendedType::Dynamic => Ok(ExtendedType::Dynamic),
        ExtendedType::Promise(e) => Ok(ExtendedType::promise(traverse_at(e, step, depth + 1)?)),
        ExtendedType::Output(e) => Ok(ExtendedType::output(traverse_at(e, step, depth + 1)?)),
        ExtendedType::Union(es) => {
            let mut ok = Vec::new();
            let mut first_err = None;
            for e in es.iter() {
                if *e == ExtendedType::None {
                    ok.push(ExtendedType::None);
                    continue;
                }
                match traverse_at(e, step, depth + 1) {
                    Ok(t) => ok.push(t),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
            match first_err {
                Some(e) if ok.iter().all(|t| *t == ExtendedType::None) => Err(e),
                _ => Ok(ExtendedType::union(ok)),
            }
        }
        ExtendedType::None => Err(match step {
            TypeStep::Attr(_) => err(
                "Attempt to get attribute from null value",
                "This value is null, so it does not have any attributes.",
            ),
            TypeStep::Index { .. } => err(
                "Attempt to index null value",
                "This value is null, so it does not have any indices.",
            ),
        }),
        _ => match step {
            TypeStep::Attr(name) => attr(ty, name),
            TypeStep::Index { ty: key, literal } => index(ty, key, literal),
        },
    }
}

fn attr(ty: &ExtendedType, name: &str) -> Result<ExtendedType, TraversalError> {
    const SUMMARY: &str = "Unsupported attribute";
    match ty {
        ExtendedType::Object(attrs) => attrs.get(name).cloned().ok_or_else(|| {
            err(
                SUMMARY,
                format!(
                    "This object does not have an attribute named {name}.",
                    name = quoted(name)
                ),
            )
        }),
        ExtendedType::Map(e) => Ok((**e).clone()),
        ExtendedType::Bool | ExtendedType::Number | ExtendedType::Int | ExtendedType::String => {
            Err(err(
                SUMMARY,
                format!("Can't access attributes on a primitive-typed value ({ty})."),
            ))
        }
        ExtendedType::List(e) | ExtendedType::Set(e) if matches!(**e, ExtendedType::Object(_)) => {
            let kind = if ty_is_list(ty) { "list" } else { "set" };
            Err(err(
                SUMMARY,
                format!(
                    "Can't access attributes on a {kind} of objects. Did you mean to access \
                     an attribute for a specific element of the {kind}, or across all \
                     elements of the {kind}?"
                ),
            ))
        }
        _ => Err(err(SUMMARY, "This value does not have any attributes.")),
    }
}

fn ty_is_list(ty: &ExtendedType) -> bool {
    matches!(ty, ExtendedType::List(_))
}

fn index(
    ty: &ExtendedType,
    key: &ExtendedType,
    literal: Option<KeyLiteral<'_>>,
) -> Result<ExtendedType, TraversalError> {
    const SUMMARY: &str = "Invalid index";
    let (key, _) = key.resolved();
    if *key == ExtendedType::None {
        return Err(err(SUMMARY, "Can't use a null value as an indexing key."));
    }
    let needs = |want: &ExtendedType, what: &str| {
        if conversion(key, want).is_none() {
            Err(err(
                SUMMARY,
                format!("{NO_ELEMENT} A {what} key is required."),
            ))
        } else {
            Ok(())
        }
    };
    match ty {
        ExtendedType::List(e) => {
            needs(&ExtendedType::Number, "number")?;
            if let Some(l) = literal {
                if l.as_index().is_none_or(|i| i < 0) {
                    return Err(err(SUMMARY, NO_ELEMENT));
                }
            }
            Ok((**e).clone())
        }
        ExtendedType::Tuple(es) => {
            needs(&ExtendedType::Number, "number")?;
            match literal {
                Some(l) => l
                    .as_index()
                    .and_then(|i| usize::try_from(i).ok())
                    .and_then(|i| es.get(i))
                    .cloned()
                    .ok_or_else(|| err(SUMMARY, NO_ELEMENT)),
                None if es.is_empty() => Err(err(SUMMARY, NO_ELEMENT)),
                None => Ok(ExtendedType::union(es.iter().cloned())),
            }
        }
        ExtendedType::Map(e) => {
            needs(&ExtendedType::String, "string")?;
            Ok((**e).clone())
        }
        ExtendedType::Object(attrs) => {
            needs(&ExtendedType::String, "string")?;
            match literal {
                Some(l) => attrs
                    .get(&l.as_name())
                    .cloned()
                    .ok_or_else(|| err(SUMMARY, NO_ELEMENT)),
                None if attrs.is_empty() => Err(err(SUMMARY, NO_ELEMENT)),
                None => Ok(ExtendedType::union(attrs.values().cloned())),
            }
        }
        ExtendedType::Set(_) => Err(err(
            SUMMARY,
            "Elements of a set are identified only by their value and don't have any \
             separate index or key to select with, so it's only possible to perform \
             operations across all elements of the set.",
        )),
        _ => Err(err(SUMMARY, "This value does not have any indices.")),
    }
}
