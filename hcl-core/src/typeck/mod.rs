//! The extended type system of type-extensions.md (Pulumi's HCL2 model) and
//! a static type checker built on it.
//!
//! The [`ExtendedType`] adds to the base types `int` (an integer),
//! `union` (one of several types), `none` (the type of null; an optional
//! `T` is `union(T, none)`, printed `optional(T)`), and the eventual types
//! `promise(T)` and `output(T)` (values available later, the latter with
//! application data). The document's rules are functions:
//!
//! - [`assignable`]: use without conversion;
//! - [`conversion`]: whether and how safely a type converts to another;
//! - [`unify`] (and [`unify_strict`]): the type two types both convert to;
//! - [`traverse`](fn@traverse): the type of an attribute or index step.
//!
//! An eventual holds no eventual at any depth (`output(list(output(int)))`
//! is `output(list(int))`); [`ExtendedType::lifted`] takes the eventuals
//! out of a type such as `tuple([output(string), string])`.
//!
//! The checker ([`check_file`], [`check_expr`], [`Checker`]) computes the
//! type of every expression of a native-syntax file from the types of its
//! variables and the signatures of its functions ([`TypeScope`]), without
//! evaluating anything, and reports type errors in the reference's words;
//! [`check_source`] also reads JSON-syntax files. An operation on an
//! eventual value, or on a value holding eventuals, is not an error: its
//! result is eventual (`output(T) + 1` is an `output(number)`, `join(",",
//! [bucket.arn, "x"])` an `output(string)`).
//!
//! ```
//! use hcl_core::pos::SourceFile;
//! use hcl_core::native::{parse_expression, ExprNode};
//! use hcl_core::typeck::{check_expr, parse_type, TypeScope};
//!
//! let mut scope = TypeScope::new();
//! scope.set_variable("bucket", parse_type("object({arn = output(string), tags = optional(map(string))})").unwrap());
//! let src = SourceFile::new("<expr>", r#""${bucket.arn}/${bucket.tags["env"]}""#);
//! let (expr, _) = parse_expression(&src, &Default::default());
//! let (ty, diags) = check_expr(ExprNode::of(&expr).unwrap(), &scope);
//! assert!(diags.is_empty());
//! assert_eq!(ty.to_string(), "output(string)");
//! ```

mod check;
mod parse;
mod rules;
mod scope;
mod traverse;
mod ty;

#[cfg(test)]
mod test;

pub use check::{check_expr, check_file, check_source, AttributeType, Checker};
pub use parse::{parse_type, parse_var_types, parse_var_types_native, type_from_expr};
pub use rules::{assignable, conversion, unify, unify_all, unify_strict};
pub use scope::{SigParam, Signature, TypeScope};
pub use traverse::{traverse, KeyLiteral, TraversalError, TypeStep};
pub use ty::{Eventual, ExtendedType};
