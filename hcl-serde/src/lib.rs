//! Typed decoding of HCL configuration: `#[derive(HclDecode)]` structs and
//! any `serde::Deserialize` type for attribute values.
//!
//! Modules, in pipeline order:
//!
//! - [`decode`]: the [`HclDecode`] trait (what the derive implements), block
//!   and remain field shapes, and the [`Decoder`](decode::Decoder) that
//!   collects every diagnostic of a decode.
//! - [`de`]: the serde Deserializer over evaluated values, with the spec's
//!   conversions (`"8080"` → `u16`, `5` → `String`, `"true"` → `bool`, …).
//! - [`Spanned`]: a value with its source range.
//! - [`Error`]: every problem of a decode, with ranges and field paths.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod de;
pub mod decode;
mod error;
mod spanned;

pub use decode::{decode_body, BlockField, Decoder, HclDecode, RemainField};
pub use error::{Entry, Error};
pub use spanned::Spanned;

/// `#[derive(HclDecode)]`: see [`HclDecode`].
#[cfg(feature = "derive")]
pub use hcl_derive::HclDecode;

use hcl_core::{Body, EvalContext};

/// Decodes an existing body (from either syntax) into `T`, evaluating
/// expressions in `ctx` (`None`: literal-only mode).
pub fn from_body<T: HclDecode>(body: &Body, ctx: Option<&EvalContext>) -> Result<T, Error> {
    decode_body(body, ctx)
}

#[doc(hidden)]
pub mod __private {
    pub use hcl_core;
    pub use std::sync::OnceLock;
}
