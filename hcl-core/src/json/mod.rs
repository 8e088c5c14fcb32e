//! The HCL JSON syntax (`hcl-json-syntax.md`).
//!
//! - [`parser`]: JSON text to a tree of spanned [`parser::Node`]s that keeps
//!   property order, duplicate names and exact number text.

mod literal;
pub mod parser;
mod scanner;
mod text;
