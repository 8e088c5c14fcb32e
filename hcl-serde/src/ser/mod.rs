//! The serde Serializer: any `Serialize` type as native-syntax text, in
//! the formatter's canonical layout ([`hcl_core::format`]; formatting the
//! output changes nothing), read back by [`from_str`](crate::from_str) as
//! the same value.
//!
//! # Mapping
//!
//! It mirrors what the decoder reads for plain serde types
//! ([`crate::de::BodyDeserializer`]):
//!
//! - the root is a body: a struct's fields (a map's entries) are
//!   attributes, `None` fields are left out (a missing field reads back as
//!   `None`);
//! - values: bools, numbers, strings (`${` and `%{` escaped as `$${` and
//!   `%%{`, so they read back as written), `None` and unit as `null` (a
//!   body reads a null attribute as unset: a `()` or unit-struct field
//!   reads back with `#[serde(default)]`; it is written all the same,
//!   as a `Value` null, which a derived type reads, crosses serde as unit),
//!   sequences and tuples as tuples `[...]`, structs and maps as objects
//!   `{ ... }`, unit variants as strings, other variants as an object of
//!   one attribute `{ Variant = ... }` (what the decoder reads as an enum);
//! - numbers keep full precision: integers of any width as written, floats
//!   as their shortest text, with an exponent when that is shorter
//!   (`1e21`, `5e-324`; it reads back as the same float; an integral `f64`
//!   with its exact integer's digits, and `-0.0` as `0`, the syntax having
//!   no negative zero), an `hcl_core::Number` or
//!   `Value` exactly (512-bit and beyond: a number no Rust number holds
//!   comes as its decimal text under `NUMBER_TOKEN`);
//! - a field wrapped in [`Blocks`] (or [`Block`]) is written as blocks,
//!   with labels from map keys; a field wrapped in [`Label`] inside a
//!   block's body is one of the block's labels; [`Expr`] holds expression
//!   text written as it is;
//! - an `hcl_core::Value` is written in literal syntax: lists and sets as
//!   tuples, maps as objects, typed nulls as `null` (the decoder reads in
//!   literal-only mode, without the conversion functions an exact text
//!   would need; the target type converts them back).
//!
//! What cannot be written is an error naming its path
//! ([`Error`], summary "Cannot write value"; keys quoted as the message
//! quotes them, a path of more than nine steps shortened to its first and
//! last four around `…(N more)…`): NaN and
//! infinities, map keys that are not strings, attribute names that are not
//! identifiers, unknown values, a root that is not a struct or map.
//!
//! # The marker protocol (for derives and hand-written impls)
//!
//! Markers cross serde as newtype structs with reserved names, so every
//! other serializer sees the wrapped value unchanged:
//!
//! | wrapper | `serialize_newtype_struct` name | meaning |
//! | --- | --- | --- |
//! | [`Blocks<T, N>`] | `$__hcl_private_BlocksN` (N = 0..=8) | field written as blocks of the field's name; N labels from map keys, then a body (struct/map) or a sequence of bodies; `None` → no block |
//! | [`Label<T>`] | `$__hcl_private_Label` | field of a block's body written as the block's next label (a string) |
//! | [`Expr<T>`] | `$__hcl_private_Expr` | expression text (a string), checked and written as it is |
//! | (`hcl_core::Number`) | `hcl_core::value::NUMBER_TOKEN` | a number no Rust number holds, as its decimal text (a string), checked and written as that number |
//!
//! A derive emits, per field: an attribute field as it is (`Option`
//! fields `None` are left out); `#[hcl(block)] f: T` as
//! `Blocks::<&T, 0>(&self.f)` (a `Vec`, `Option` or single struct), a
//! block map keyed by labels as `Blocks::<&M, N>`; `#[hcl(label)]` fields
//! of a block struct as `Label(&self.f)` (in the order of the labels); an
//! `Expression` field as `Expr(text)` where `text` is
//! [`hcl_core::write::expression`] of it; a `Value` field as it is;
//! `Spanned<T>` as its value; a block-type enum as one `Blocks` field per
//! variant (its block type), holding the variant's bodies.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Config {
//!     name: String,
//!     port: u16,
//!     ratio: f64,
//!     tags: Vec<String>,
//!     owner: Option<String>,
//!     limits: Limits,
//! }
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Limits { cpu: u32, memory_mb: u32 }
//!
//! let c = Config {
//!     name: "web ${not a template}".into(),
//!     port: 8080,
//!     ratio: 0.1,
//!     tags: vec!["a".into(), "b".into()],
//!     owner: None,
//!     limits: Limits { cpu: 2, memory_mb: 512 },
//! };
//! let text = hcl_serde::to_string(&c).unwrap();
//! assert_eq!(text, r#"name  = "web $${not a template}"
//! port  = 8080
//! ratio = 0.1
//! tags  = ["a", "b"]
//! limits = {
//!   cpu       = 2
//!   memory_mb = 512
//! }
//! "#);
//! assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), c);
//! ```

mod body;
mod encode;
mod marker;
mod path;
mod probe;
mod value;

#[doc(hidden)]
pub use encode::{expression_text, one_block, MapFields};
pub use encode::{BlockMapLevels, EncodeBlocks, EncodeRemain};
pub use marker::{Block, Blocks, Expr, Label};

use hcl_core::write::{is_identifier, Writer};
use serde::Serialize;

use crate::error::Error;

/// How deeply values and blocks may nest.
const MAX_DEPTH: usize = 128;

/// The serializer's state: the text and where in the value it is.
///
/// Where a problem is comes from the levels an error passes on its way out
/// ([`Error::prefix_path`]), so that writing keeps no path.
pub(crate) struct Ser {
    pub(crate) w: Writer,
    depth: usize,
    /// Open blocks (a label needs one).
    pub(crate) blocks: usize,
    /// The key of the map entry being read (see [`Ser::take_key`]).
    pub(crate) key: String,
    /// Key buffers to reuse: one per level of maps at most.
    spare_keys: Vec<String>,
    /// The last value written was `None` (a struct field then leaves its
    /// item out).
    pub(crate) wrote_none: bool,
}

/// The text's first buffer: most configurations written fit in it (the
/// decode benchmark's 50 services are 17.9 KB), so that the text is not
/// copied as it grows; [`to_string`] gives back what is left unused when
/// that is most of it.
const FIRST_BUFFER: usize = 32 * 1024;

impl Ser {
    fn new() -> Ser {
        Ser {
            w: Writer::with_capacity(FIRST_BUFFER).literal(),
            depth: 0,
            blocks: 0,
            key: String::new(),
            spare_keys: Vec::new(),
            wrote_none: false,
        }
    }

    /// Enters a nested value or block.
    pub(crate) fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::cannot_write(format!(
                "values nest more than {MAX_DEPTH} deep"
            )));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Takes the key read for the current map entry, leaving a spare
    /// buffer for the keys of maps in its value; give it back with
    /// [`Ser::give_back_key`] (so that keys allocate once per level).
    pub(crate) fn take_key(&mut self) -> String {
        let spare = self.spare_keys.pop().unwrap_or_default();
        std::mem::replace(&mut self.key, spare)
    }

    /// Returns a buffer taken with [`Ser::take_key`].
    pub(crate) fn give_back_key(&mut self, key: String) {
        self.spare_keys.push(key);
    }
}

/// The path segment of key `key`: the key when it is an identifier,
/// `["key"]` otherwise, quoted as messages quote it (and as the decoder's
/// paths do), so that a path and its message show a key alike (`${`
/// stays `${`: a path is no template).
#[cold]
pub(crate) fn key_segment(key: &str) -> String {
    if is_identifier(key) {
        key.to_owned()
    } else {
        label_segment(key)
    }
}

/// The path segment of a label or a key that is no name: `["key"]`.
#[cold]
pub(crate) fn label_segment(key: &str) -> String {
    format!("[{}]", hcl_core::diag::quoted(key))
}

/// Prefixes an error's path with key `key`.
#[cold]
pub(crate) fn at_key(e: Error, key: &str) -> Error {
    e.prefix_path(&key_segment(key))
}

/// Prefixes an error's path with index `i`.
#[cold]
pub(crate) fn at_index(e: Error, i: usize) -> Error {
    e.prefix_path(&format!("[{i}]"))
}

/// `value` as native-syntax text: see the [module documentation](self)
/// for the mapping.
///
/// ```
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([("region", "eu"), ("zone", "a")]);
/// assert_eq!(hcl_serde::to_string(&m).unwrap(), "region = \"eu\"\nzone   = \"a\"\n");
///
/// let bad = BTreeMap::from([("x", f64::NAN)]);
/// let err = hcl_serde::to_string(&bad).unwrap_err();
/// assert_eq!(err.entries()[0].path, "x");
/// ```
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String, Error> {
    let mut s = Ser::new();
    value
        .serialize(body::BodySerializer { s: &mut s })
        .map_err(path::shorten_paths)?;
    let mut text = s.w.finish();
    if text.capacity() / 2 > text.len() + 4096 {
        // A short text does not keep the first buffer (shrinking in place
        // is cheap).
        text.shrink_to_fit();
    }
    Ok(text)
}

/// [`to_string`] as bytes.
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    to_string(value).map(String::into_bytes)
}

/// [`to_string`] written to `writer`.
pub fn to_writer<W: std::io::Write, T: ?Sized + Serialize>(
    mut writer: W,
    value: &T,
) -> Result<(), Error> {
    let text = to_string(value)?;
    writer
        .write_all(text.as_bytes())
        .map_err(|e| Error::message("Failed to write output", e.to_string()))
}

/// Typed editing: updates `doc` to hold `value`, changing only the
/// attributes whose values changed (and adding or removing what was added
/// or removed); every other byte of the file, comments included, stays as
/// it was. See [`hcl_core::edit::Document::update_from`].
///
/// ```
/// use hcl_core::edit::Document;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize)]
/// struct App { name: String, port: u16 }
///
/// let src = "# the app\nname = \"web\" # keep me\nport = 80\n";
/// let mut app: App = hcl_serde::from_str(src).unwrap();
/// app.port = 8080;
/// let mut doc = Document::parse("app.hcl", src).unwrap();
/// hcl_serde::ser::update_document(&mut doc, &app).unwrap();
/// assert_eq!(doc.text(), "# the app\nname = \"web\" # keep me\nport = 8080\n");
/// ```
pub fn update_document<T: ?Sized + Serialize>(
    doc: &mut hcl_core::edit::Document,
    value: &T,
) -> Result<(), Error> {
    let text = to_string(value)?;
    doc.update_from(&text)
        .map_err(|e| Error::message("Cannot update document", e.to_string()))
}

#[cfg(test)]
mod test;
