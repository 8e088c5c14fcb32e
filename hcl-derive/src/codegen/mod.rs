//! The derive's back half: the schema and the decoder of a checked struct.

pub mod bounds;
pub mod decode;
pub mod enums;
pub mod schema;
