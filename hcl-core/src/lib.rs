//! The HCL language for Rust: the syntax-agnostic information model, values
//! and types, and (as they land) the native and JSON syntaxes and evaluation.
//!
//! Modules, in pipeline order:
//!
//! - [`pos`]: files, byte spans, and line/column positions computed on demand.
//! - [`diag`]: diagnostics, the one way every layer reports problems.
//! - [`value`]: types and values (numbers, strings, collections, structural
//!   values, null, unknown and the dynamic pseudo-type), equality, conversion
//!   and unification.
//! - [`function`]: functions and the call procedure of the information model.
//! - [`eval`]: the evaluation context (variables, functions, scopes) and the
//!   two evaluation modes.
//! - [`schema`], [`body`]: body schemata and the `Body` / `Expression`
//!   abstractions every syntax implements; merged bodies.
//! - [`traversal`]: variable references as static analysis reports them.
//! - [`json`]: the JSON syntax, starting with its span-keeping parser.
//! - [`native`]: the native syntax: lexer, parser and syntax tree.
//! - [`typeck`]: the extended type system (int, union, none, promise,
//!   output) and a static type checker.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod body;
pub mod diag;
pub mod eval;
pub mod function;
pub mod json;
pub mod load;
pub mod native;
pub mod pos;
pub mod schema;
pub mod static_analysis;
pub mod suggest;
pub mod traversal;
pub mod typeck;
pub mod typeexpr;
pub mod value;

pub use body::{Body, Expression};
pub use diag::{Diagnostic, Diagnostics, Severity};
pub use eval::EvalContext;
pub use pos::{FileId, Pos, Range, SourceFile, Span};
pub use value::{Number, Type, Value};
