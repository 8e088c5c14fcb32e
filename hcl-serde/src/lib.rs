//! Typed decoding of HCL configuration into `#[derive(HclDecode)]` structs
//! and into any other `serde::Deserialize` type.
//!
//! Modules, in pipeline order:
//!
//! - [`decode`]: the [`Decode`] trait (what every entry point takes: the
//!   derive implements it, and every plain serde type has it), block and
//!   remain field shapes, and the [`Decoder`] that collects every
//!   diagnostic of a decode.
//! - [`de`]: the serde Deserializers: over evaluated values, with the
//!   spec's conversions (`"8080"` → `u16`, `5` → `String`, `"true"` →
//!   `bool`, …), and over whole bodies (attributes as fields, blocks as
//!   nested structs, sequences or maps keyed by label).
//! - [`Spanned`]: a value with its source range.
//! - [`Error`]: every problem of a decode, with ranges and field paths.
//!
//! Entry points: [`from_str`], [`from_slice`], [`from_reader`] (native
//! syntax), [`from_str_with`] (a file name choosing the syntax, and an
//! evaluation context), [`from_file`] (JSON syntax for `.json`),
//! [`from_files`], [`from_paths`] and [`from_dir`] for one configuration
//! written across several files, and [`from_body`] for a body already
//! parsed (a remain body, say).
//!
//! Every entry point takes any `T: Decode`: a derived type decodes through
//! its generated schema decoder (labels, remain bodies, expression fields,
//! every diagnostic); a plain serde type reads the body through
//! [`de::BodyDeserializer`]. One route: entry point → [`Decode::decode_body`]
//! → (generated code →) [`Decoder`] → the value deserializer for each
//! attribute; no request, body or error travels beside it in a
//! thread-local.
//!
//! Decisions: the `Decode` trait lives here, in the runtime crate, with
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
mod spanned;

pub use decode::{decode_body, BlockField, Decode, Decoder, LabelField, RemainField};
pub use error::{Entry, Error};
pub use spanned::Spanned;

/// `#[derive(HclDecode)]`: implements [`Decode`] for a struct; see [`Decode`].
#[cfg(feature = "derive")]
pub use hcl_derive::HclDecode;

use hcl_core::{Body, Diagnostics, EvalContext, SourceFile};

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
pub fn from_str<T: Decode>(src: &str) -> Result<T, Error> {
    let file = SourceFile::new(DEFAULT_NAME, src);
    let (body, diags) = hcl_core::native::parse_body(&file, &Default::default());
    decode_parsed(body, diags, file, None)
}

/// Decodes native-syntax bytes into `T`; invalid UTF-8 is a diagnostic.
pub fn from_slice<T: Decode>(bytes: &[u8]) -> Result<T, Error> {
    let (body, diags) =
        hcl_core::native::parse_body_bytes(DEFAULT_NAME, bytes, &Default::default());
    decode_parsed_no_source(body, diags, None)
}

/// Reads everything from `reader` and decodes it as native syntax.
pub fn from_reader<T: Decode, R: std::io::Read>(mut reader: R) -> Result<T, Error> {
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
pub fn from_str_with<T: Decode>(
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
pub fn from_file<T: Decode>(
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

/// Decodes one configuration written across several files (Terraform's
/// module directories, `conf.d/*.hcl`): each file is parsed in the syntax
/// its name calls for (JSON for `.json`), and the bodies are merged as the
/// spec's merged bodies (`hcl_core::body::merge_bodies`): an attribute may
/// be set in any one file, blocks come from all of them in file order.
/// Diagnostics name the file they are in; one [`Error`] covers them all.
///
/// ```
/// use hcl_core::SourceFile;
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode, Debug)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: u16,
/// }
///
/// #[derive(HclDecode, Debug)]
/// struct Config {
///     region: String,
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// let files = [
///     SourceFile::new("main.hcl", "region = \"eu\"\nservice \"web\" { port = 80 }\n"),
///     SourceFile::new("api.hcl.json", r#"{"service": {"api": {"port": 8080}}}"#),
/// ];
/// let c: Config = hcl_serde::from_files(files, None).unwrap();
/// assert_eq!(c.service.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["web", "api"]);
///
/// let twice = [
///     SourceFile::new("a.hcl", "region = \"eu\"\n"),
///     SourceFile::new("b.hcl", "region = \"us\"\n"),
/// ];
/// let err = hcl_serde::from_files::<Config>(twice, None).unwrap_err();
/// assert_eq!(err.summary(), "Duplicate argument");
/// assert_eq!(&*err.entries()[0].diagnostic.subject.clone().unwrap().filename, "b.hcl");
/// ```
pub fn from_files<T: Decode>(
    files: impl IntoIterator<Item = SourceFile>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    let mut diags = Diagnostics::new();
    let mut bodies = Vec::new();
    for file in files {
        let (body, more) = hcl_core::load::parse_source_file(&file);
        diags.extend(more);
        bodies.push(body);
    }
    decode_merged(hcl_core::body::merge_bodies(bodies), diags, ctx)
}

/// Reads and decodes several files as one configuration (see
/// [`from_files`]); a file that cannot be read is a diagnostic naming it.
pub fn from_paths<T: Decode>(
    paths: impl IntoIterator<Item = impl AsRef<std::path::Path>>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    let (body, diags) = hcl_core::load::parse_files(paths);
    decode_merged(body, diags, ctx)
}

/// Reads and decodes every `.hcl` and `.hcl.json` file of a directory (not
/// its subdirectories), in file-name order, as one configuration (see
/// [`from_files`]).
pub fn from_dir<T: Decode>(
    dir: impl AsRef<std::path::Path>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    from_paths(config_files_in(dir.as_ref())?, ctx)
}

/// The `.hcl` and `.hcl.json` files of `dir`, sorted by name.
fn config_files_in(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, Error> {
    let unreadable = |e: std::io::Error| {
        Error::message(
            "Failed to read directory",
            format!(
                "The directory {:?} could not be read: {e}.",
                dir.display().to_string()
            ),
        )
    };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if (name.ends_with(".hcl") || name.ends_with(".hcl.json")) && path.is_file() {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// Syntax errors of any file stop before decoding (as for one file); the
/// error can draw snippets from every file.
fn decode_merged<T: Decode>(
    body: Body,
    diags: Diagnostics,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    if diags.has_errors() {
        let e = Error::from_diagnostics(diags);
        return Err(body.sources().into_iter().fold(e, Error::with_source));
    }
    from_body(&body, ctx)
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
pub fn from_body<T: Decode>(body: &Body, ctx: Option<&EvalContext>) -> Result<T, Error> {
    decode_body::<T>(body, ctx).map_err(|e| body.sources().into_iter().fold(e, Error::with_source))
}

fn decode_parsed<T: Decode>(
    body: Body,
    diags: Diagnostics,
    file: SourceFile,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    decode_parsed_no_source(body, diags, ctx).map_err(|e| e.with_source(file))
}

/// Syntax errors stop before decoding: decoding a body the parser
/// recovered from would add cascading errors about what it skipped.
fn decode_parsed_no_source<T: Decode>(
    body: Body,
    diags: Diagnostics,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    if diags.has_errors() {
        return Err(Error::from_diagnostics(diags));
    }
    from_body(&body, ctx)
}

/// What generated code needs; not for applications.
#[doc(hidden)]
pub mod __private {
    pub use hcl_core;
    pub use serde;
    pub use std::sync::OnceLock;

    pub use crate::decode::dispatch;

    /// The message of a derived string enum for a value that names no
    /// variant: the variants, and the closest one.
    #[cold]
    pub fn unknown_variant(given: &str, names: &[&str]) -> String {
        let list: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
        let hint = match hcl_core::suggest::closest(given, names.iter().copied()) {
            Some(s) => format!("; did you mean {s:?}?"),
            None => String::new(),
        };
        format!("{given:?} is not one of {}{hint}", list.join(", "))
    }
}
