//! Typed decoding of HCL configuration into `#[derive(HclDecode)]` structs
//! and into any other `serde::Deserialize` type.
//!
//! Modules, in pipeline order:
//!
//! - [`decode`]: the [`HclDecode`] trait (what the derive implements), block
//!   and remain field shapes, and the [`Decoder`] that collects every
//!   diagnostic of a decode.
//! - [`de`]: the serde Deserializers: over evaluated values, with the
//!   spec's conversions (`"8080"` → `u16`, `5` → `String`, `"true"` →
//!   `bool`, …), and over whole bodies (attributes as fields, blocks as
//!   nested structs, sequences or maps keyed by label).
//! - [`Spanned`]: a value with its source range.
//! - [`Serde`]: a plain serde type where an [`HclDecode`] type is wanted
//!   (a block field of a derived struct).
//! - [`Error`]: every problem of a decode, with ranges and field paths.
//! - [`ser`]: the other direction: [`to_string`], [`to_vec`],
//!   [`to_writer`] write any `serde::Serialize` type as native syntax.
//!
//! Entry points: [`from_str`], [`from_slice`], [`from_reader`] (native
//! syntax), [`from_str_with`] (a file name choosing the syntax, and an
//! evaluation context), [`from_file`] (JSON syntax for `.json`), and
//! [`from_body`] for a body already parsed (a remain body, say).
//!
//! Every entry point takes any `T: serde::Deserialize`: a plain serde type
//! reads the body through [`de::BodyDeserializer`]; a derived type also
//! implements `Deserialize` (the derive generates it), which hands the body
//! to its schema decoder, so it keeps labels, remain bodies, expression
//! fields and every diagnostic.
//!
//! Decisions: the `HclDecode` trait lives here, in the runtime crate, with
//! the Deserializer its attribute fields use (the derive, in `hcl-derive`,
//! is re-exported behind the default `derive` feature); attribute values
//! that are literals of the native syntax are deserialized straight from
//! the syntax tree (no intermediate `Value`); a native-syntax body that
//! matches its schema cleanly is read from the tree too, without building
//! the generic attribute and block values (any problem sends that body
//! down the generic path, which reports it; see [`decode::Content`]);
//! problems are collected, never stopped at, and come back sorted by
//! source position.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod de;
pub mod decode;
mod error;
pub mod ser;
mod serde_body;
mod spanned;

pub use decode::{decode_body, BlockField, Decoder, HclDecode, RemainField};
pub use error::{Entry, Error};
pub use ser::{to_string, to_vec, to_writer};
pub use serde_body::Serde;
pub use spanned::Spanned;

/// `#[derive(HclDecode)]`: see [`HclDecode`].
#[cfg(feature = "derive")]
pub use hcl_derive::HclDecode;

use hcl_core::{Body, Diagnostics, EvalContext, SourceFile};
use serde::de::DeserializeOwned;

/// The file name messages use for text given without one.
pub const DEFAULT_NAME: &str = "<input>";

/// Decodes native-syntax text into `T`, in literal-only mode (no variables
/// or functions; see [`from_str_with`]).
///
/// ```
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode, Debug, PartialEq)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: u16,
///     tags: Option<Vec<String>>,
/// }
///
/// #[derive(HclDecode, Debug)]
/// struct Config {
///     name: String,
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// let config: Config = hcl_serde::from_str(r#"
/// name = "shop"
/// service "web" {
///   port = "8080"
/// }
/// "#).unwrap();
/// assert_eq!(config.service[0], Service { name: "web".into(), port: 8080, tags: None });
///
/// let err = hcl_serde::from_str::<Config>("name = \"shop\"\nservice \"web\" { port = 70000 }\n").unwrap_err();
/// assert_eq!(err.entries()[0].path, r#"service["web"].port"#);
/// assert_eq!(err.entries()[0].diagnostic.detail, "Unsuitable value: 70000 is out of range for u16");
/// ```
pub fn from_str<T: DeserializeOwned>(src: &str) -> Result<T, Error> {
    let file = SourceFile::new(DEFAULT_NAME, src);
    let (body, diags) = hcl_core::native::parse_body(&file, &Default::default());
    decode_parsed(body, diags, file, None)
}

/// Decodes native-syntax bytes into `T`; invalid UTF-8 is a diagnostic.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    let (body, diags) =
        hcl_core::native::parse_body_bytes(DEFAULT_NAME, bytes, &Default::default());
    decode_parsed_no_source(body, diags, None)
}

/// Reads everything from `reader` and decodes it as native syntax.
pub fn from_reader<T: DeserializeOwned, R: std::io::Read>(mut reader: R) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| Error::message("Failed to read input", e.to_string()))?;
    from_slice(&bytes)
}

/// Decodes `src`, named `name` in messages, in the syntax the name calls
/// for (JSON for `.json`), evaluating expressions in `ctx` (`None`:
/// literal-only mode).
///
/// ```
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode)]
/// struct App { greeting: String, port: u16 }
///
/// let app: App = hcl_serde::from_str_with("app.hcl.json", r#"{"greeting": "hello", "port": "80"}"#, None).unwrap();
/// assert_eq!((app.greeting.as_str(), app.port), ("hello", 80));
/// ```
pub fn from_str_with<T: DeserializeOwned>(
    name: &str,
    src: &str,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    let file = SourceFile::new(name, src);
    let (body, diags) = hcl_core::load::parse_source_file(&file);
    decode_parsed(body, diags, file, ctx)
}

/// Reads and decodes a file: JSON syntax when its name ends in `.json`,
/// native syntax otherwise.
pub fn from_file<T: DeserializeOwned>(
    path: impl AsRef<std::path::Path>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| {
        Error::message(
            "Failed to read file",
            format!(
                "The file {:?} could not be read: {e}.",
                path.display().to_string()
            ),
        )
    })?;
    from_str_with(&path.display().to_string(), &text, ctx)
}

/// Decodes an existing body (from either syntax) into `T`, evaluating
/// expressions in `ctx` (`None`: literal-only mode). The error displays
/// source snippets for the files the body came from.
///
/// ```
/// use hcl_core::load::parse_source_file;
/// use hcl_core::SourceFile;
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode, Debug)]
/// struct App { port: u16 }
///
/// let (body, _) = parse_source_file(&SourceFile::new("app.hcl.json", r#"{"port": 70000}"#));
/// let err = hcl_serde::from_body::<App>(&body, None).unwrap_err();
/// assert!(err.to_string().contains(r#"1: {"port": 70000}"#));
/// ```
pub fn from_body<T: DeserializeOwned>(body: &Body, ctx: Option<&EvalContext>) -> Result<T, Error> {
    T::deserialize(de::BodyDeserializer::new(body, ctx)).map_err(|e| {
        body.sources()
            .into_iter()
            .fold(e.sorted(), Error::with_source)
    })
}

fn decode_parsed<T: DeserializeOwned>(
    body: Body,
    diags: Diagnostics,
    file: SourceFile,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    decode_parsed_no_source(body, diags, ctx).map_err(|e| e.with_source(file))
}

/// Syntax errors stop before decoding: decoding a body the parser
/// recovered from would add cascading errors about what it skipped.
fn decode_parsed_no_source<T: DeserializeOwned>(
    body: Body,
    diags: Diagnostics,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    if diags.has_errors() {
        return Err(Error::from_diagnostics(diags));
    }
    from_body(&body, ctx)
}

#[doc(hidden)]
pub mod __private {
    pub use hcl_core;
    pub use serde;
    pub use std::sync::OnceLock;

    pub use crate::decode::handoff::deserialize_decoded;
}
