//! The facade of the HCL toolkit: one dependency that re-exports the layers.
//!
//! - [`core`] (`hcl-core`): the language — values and types, the native and
//!   JSON syntaxes, evaluation, schemata and bodies, the type checker.
//! - [`serde`] (`hcl-serde`): typed decoding with `#[derive(HclDecode)]`
//!   and `from_str`. The derive finds the runtime through this crate when it
//!   is the only one a crate depends on (`#[hcl(crate = "...")]` still
//!   overrides the path).
//!
//! ```
//! use hcl_toolkit::serde::HclDecode;
//!
//! #[derive(HclDecode, Debug)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//!     port: u16,
//! }
//!
//! #[derive(HclDecode, Debug)]
//! struct Config {
//!     #[hcl(block)]
//!     service: Vec<Service>,
//! }
//!
//! let config: Config = hcl_toolkit::serde::from_str("service \"web\" {\n  port = \"8080\"\n}\n").unwrap();
//! assert_eq!(config.service[0].port, 8080);
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

/// The language: values, types, syntaxes, evaluation.
pub use hcl_core as core;
/// Typed decoding: `#[derive(HclDecode)]`, `from_str` and friends.
pub use hcl_serde as serde;

/// The README's Rust examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
