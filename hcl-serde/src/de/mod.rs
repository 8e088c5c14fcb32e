//! serde Deserializers over evaluated values.
//!
//! - [`value`]: [`ValueDeserializer`], an evaluated value converted per the
//!   spec for what the visitor asks.
//! - [`body`]: [`BodyDeserializer`], a whole body for any `Deserialize`
//!   type (attributes as fields, blocks as nested structs, sequences or
//!   maps keyed by label).
//! - `convert`: the one implementation of the spec's conversions into Rust
//!   scalars, which the value deserializer and the literal fast path share.

mod blocks;
pub mod body;
pub(crate) mod convert;
pub(crate) mod literal;
pub mod value;

pub use body::BodyDeserializer;
pub use value::ValueDeserializer;

#[cfg(test)]
mod test;
