//! serde Deserializers over evaluated values.
//!
//! - [`value`]: [`ValueDeserializer`], an evaluated value converted per the
//!   spec for what the visitor asks.
//! - [`body`]: [`BodyDeserializer`], a whole body for any `Deserialize`
//!   type (attributes as fields, blocks as nested structs, sequences or
//!   maps keyed by label).
//! - `number`: numbers and numeric strings to Rust numbers, range-checked.

pub mod body;
pub(crate) mod literal;
mod number;
pub mod value;

pub use body::BodyDeserializer;
pub use value::ValueDeserializer;

#[cfg(test)]
mod test;
