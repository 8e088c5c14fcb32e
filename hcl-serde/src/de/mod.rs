//! serde Deserializers over evaluated values.
//!
//! - [`value`]: [`ValueDeserializer`], an evaluated value converted per the
//!   spec for what the visitor asks.
//! - `number`: numbers and numeric strings to Rust numbers, range-checked.

pub(crate) mod literal;
mod number;
pub mod value;

pub use value::{ValueDeserializer, DEFAULT_MAX_DEPTH};

#[cfg(test)]
mod test;
