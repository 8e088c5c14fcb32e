//! Reading configuration files in either syntax: a name ending in `.json`
//! is the JSON syntax, anything else the native syntax (as the reference's
//! `hclparse` and its users decide).
//!
//! Each function parses within the default [`Limits`]; its `_with` twin
//! takes the limits to use (nesting depth, diagnostics kept).
//!
//! ```
//! use hcl_core::load::parse_source;
//! use hcl_core::schema::{AttributeSchema, BodySchema};
//! use hcl_core::Value;
//!
//! let schema = BodySchema::new().attribute(AttributeSchema::required("port"));
//! for (name, text) in [("a.hcl", "port = 80\n"), ("a.hcl.json", "{\"port\": 80}")] {
//!     let (body, diags) = parse_source(name, text);
//!     assert!(diags.is_empty());
//!     let (content, diags) = body.content(&schema);
//!     assert!(diags.is_empty());
//!     assert_eq!(content.attributes.get("port").unwrap().expr.value(None).0, Value::from(80));
//! }
//! ```

use std::path::Path;

use crate::body::{merge_bodies, Body};
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::pos::{Range, SourceFile};

/// Which syntax a file name calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// The native syntax (`.hcl`, `.tf`, anything not `.json`).
    Native,
    /// The JSON syntax (`.json`, so also `.hcl.json`, `.tf.json`).
    Json,
}

impl Syntax {
    /// The syntax for a file name: JSON when it ends in `.json`.
    ///
    /// ```
    /// use hcl_core::load::Syntax;
    /// assert_eq!(Syntax::for_name("main.tf.json"), Syntax::Json);
    /// assert_eq!(Syntax::for_name("main.tf"), Syntax::Native);
    /// ```
    pub fn for_name(name: &str) -> Syntax {
        if name.ends_with(".json") {
            Syntax::Json
        } else {
            Syntax::Native
        }
    }
}

/// Parses `text` in the syntax its `name` calls for, to the file's body.
pub fn parse_source(name: &str, text: &str) -> (Body, Diagnostics) {
    parse_source_file(&SourceFile::new(name, text))
}

/// Parses a source file in the syntax its name calls for.
pub fn parse_source_file(file: &SourceFile) -> (Body, Diagnostics) {
    parse_source_file_with(file, &Limits::DEFAULT)
}

/// Parses a source file within `limits`.
///
/// ```
/// use hcl_core::load::parse_source_file_with;
/// use hcl_core::{Limits, SourceFile};
///
/// let deep = SourceFile::new("deep.json", r#"{"a": [[[1]]]}"#);
/// let (_, diags) = parse_source_file_with(&deep, &Limits::default().with_max_depth(3));
/// assert_eq!(diags.iter().next().unwrap().summary, "Maximum nesting depth exceeded");
/// ```
pub fn parse_source_file_with(file: &SourceFile, limits: &Limits) -> (Body, Diagnostics) {
    match Syntax::for_name(file.name()) {
        Syntax::Json => crate::json::parse_body(file, limits),
        Syntax::Native => crate::native::parse_body(file, limits),
    }
}

/// Parses raw bytes (which may not be UTF-8) in the syntax `name` calls for.
pub fn parse_bytes(name: &str, bytes: &[u8]) -> (Body, Diagnostics) {
    parse_bytes_with(name, bytes, &Limits::DEFAULT)
}

/// Parses raw bytes within `limits`.
pub fn parse_bytes_with(name: &str, bytes: &[u8], limits: &Limits) -> (Body, Diagnostics) {
    match Syntax::for_name(name) {
        Syntax::Native => crate::native::parse_body_bytes(name, bytes, limits),
        Syntax::Json => match std::str::from_utf8(bytes) {
            Ok(text) => parse_source_file_with(&SourceFile::new(name, text), limits),
            Err(e) => {
                let file = SourceFile::new(name, String::from_utf8_lossy(bytes).into_owned());
                let at = e.valid_up_to() as u32;
                let span = crate::pos::ByteSpan::new(at, at + 1);
                // (Parsed before the range is resolved: its columns are the
                // syntax's, which the parse sets.)
                let (body, more) = parse_source_file_with(&file, limits);
                let mut diags = Diagnostics::from(
                    Diagnostic::error(
                        "Invalid character encoding",
                        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
                    )
                    .with_subject(file.range(span)),
                );
                diags.extend(more);
                (body, diags)
            }
        },
    }
}

/// Reads and parses one file; a file that cannot be read is reported
/// ("Failed to read file") and gives an empty body.
pub fn parse_file(path: impl AsRef<Path>) -> (Body, Diagnostics) {
    parse_file_with(path, &Limits::DEFAULT)
}

/// Reads and parses one file within `limits`.
pub fn parse_file_with(path: impl AsRef<Path>, limits: &Limits) -> (Body, Diagnostics) {
    let path = path.as_ref();
    let name = path.to_string_lossy();
    match std::fs::read(path) {
        // Valid UTF-8 (the usual case): the buffer read becomes the file's
        // text as it is, without a copy.
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => parse_source_file_with(&SourceFile::new(name.as_ref(), text), limits),
            Err(e) => parse_bytes_with(&name, e.as_bytes(), limits),
        },
        Err(e) => (
            Body::empty(Range::default()),
            Diagnostic::error(
                "Failed to read file",
                format!(
                    "The configuration file {name} could not be read: {e}.",
                    name = quoted(&name)
                ),
            )
            .into(),
        ),
    }
}

/// Reads and parses several files and merges them into one body (see
/// [`merge_bodies`]), as the reference's `MergeFiles`.
pub fn parse_files<P: AsRef<Path>>(paths: impl IntoIterator<Item = P>) -> (Body, Diagnostics) {
    parse_files_with(paths, &Limits::DEFAULT)
}

/// Reads and parses several files within `limits` and merges them.
pub fn parse_files_with<P: AsRef<Path>>(
    paths: impl IntoIterator<Item = P>,
    limits: &Limits,
) -> (Body, Diagnostics) {
    let mut diags = Diagnostics::with_limit(limits.max_diagnostics);
    let mut bodies = Vec::new();
    for p in paths {
        let (b, d) = parse_file_with(p, limits);
        diags.extend(d);
        bodies.push(b);
    }
    (merge_bodies(bodies), diags)
}
