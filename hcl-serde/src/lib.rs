//! serde decoding of HCL bodies and values into Rust types. The Deserializer
//! lands with the typed-decoding issue; this crate exists now so that the
//! workspace has its final shape.
