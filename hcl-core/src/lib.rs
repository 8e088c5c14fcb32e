//! The HCL language for Rust: the syntax-agnostic information model, values
//! and types, the native and JSON syntaxes, evaluation, and a static type
//! checker.
//!
//! Modules, in pipeline order:
//!
//! - [`pos`]: files, byte spans, and line/column positions computed on demand.
//! - [`diag`]: diagnostics, the one way every layer reports problems, and
//!   their rendering with source snippets.
//! - [`limits`]: [`Limits`], the one set of resource limits (depth, sizes,
//!   evaluation budget) that parsing, evaluation and decoding share.
//! - [`value`]: types and values (numbers, strings, collections, structural
//!   values, null, unknown and the dynamic pseudo-type), equality, conversion,
//!   unification, index/attribute access, and go-cty's JSON forms.
//! - [`function`]: functions, the information model's call procedure, and
//!   the standard library ([`function::stdlib`]).
//! - [`eval`]: the evaluation context (variables, functions, scopes) and the
//!   two evaluation modes.
//! - [`schema`], [`body`]: body schemata and the `Body` / `Expression`
//!   abstractions every syntax implements; merged bodies.
//! - [`native`]: the native syntax: lexer, parser, syntax tree, evaluation,
//!   and its `Body` / `Expression` implementations.
//! - [`json`]: the JSON syntax: a span-keeping parser and its `Body` /
//!   `Expression` implementations.
//! - [`load`]: reading files, choosing the syntax by extension.
//! - [`mod@format`]: the formatter, hashicorp's `hclwrite.Format` layout for
//!   the native syntax.
//! - [`edit`]: comment-preserving edits of native-syntax files.
//! - [`write`](mod@write): values and bodies (of either syntax) as native-syntax text
//!   in the formatter's layout.
//! - [`traversal`], [`static_analysis`]: variable references and the static
//!   analyses of the information model.
//! - [`typeexpr`]: type expressions (`list(string)`, `optional(T, default)`).
//! - [`typeck`]: the extended type system (int, union, none, promise,
//!   output) and a static type checker.
//!
//! ```
//! use hcl_core::{load, EvalContext, Value};
//! use hcl_core::schema::{AttributeSchema, BodySchema};
//!
//! let (body, diags) = load::parse_source("main.hcl", "port = 8000 + 80\n");
//! assert!(diags.is_empty());
//! let schema = BodySchema::new().attribute(AttributeSchema::required("port"));
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty());
//! let (port, _) = content.attributes.get("port").unwrap().expr.value(Some(&EvalContext::new()));
//! assert_eq!(port, Value::from(8080));
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod body;
pub(crate) mod byte_search;
pub mod diag;
pub mod edit;
pub mod eval;
pub mod ext;
pub mod format;
pub mod function;
pub(crate) mod involved;
pub mod json;
pub mod limits;
pub mod load;
pub mod native;
pub mod navigation;
pub mod pos;
pub mod schema;
pub mod static_analysis;
pub mod suggest;
pub mod traversal;
pub mod typeck;
pub mod typeexpr;
pub mod value;
pub mod write;

pub use body::{Body, Expression};
pub use diag::{Diagnostic, Diagnostics, Severity};
pub use eval::EvalContext;
pub use limits::Limits;
pub use pos::{Pos, Range, SourceFile};
pub use value::{Number, Type, Value};
