//! The facade of the HCL toolkit: one dependency that re-exports the layers.
//!
//! ```
//! use hcl_toolkit::core::value::{Type, Value};
//! let v = Value::list(Type::Number, [Value::from(1), Value::from(2)]).unwrap();
//! assert_eq!(v.ty().to_string(), "list(number)");
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

/// The language: values, types, syntaxes, evaluation.
pub use hcl_core as core;
