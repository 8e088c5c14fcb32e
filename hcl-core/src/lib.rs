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
//! - [`native`]: the native syntax: lexer, parser and syntax tree.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod diag;
pub mod function;
pub mod native;
pub mod pos;
pub mod value;

pub use diag::{Diagnostic, Diagnostics, Severity};
pub use pos::{FileId, Pos, Range, SourceFile, Span};
pub use value::{Number, Type, Value};
