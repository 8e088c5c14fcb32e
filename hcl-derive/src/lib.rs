//! `#[derive(HclDecode)]`: generates body schemas and decoders for
//! configuration structs. The derive lands with the typed-decoding issue; this
//! crate exists now so that the workspace has its final shape.
