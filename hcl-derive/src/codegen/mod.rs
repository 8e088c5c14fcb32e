//! The derive's back half: the schema and the decoder of a checked struct,
//! and its encoder (`HclEncode`).

pub mod bounds;
pub mod decode;
pub mod encode;
pub mod enums;
pub mod schema;
