//! Writing the native syntax: values and bodies as text, in the layout of
//! [`crate::format`] (formatting the output changes nothing).
//!
//! - [`value`](fn@value): a [`Value`] as expression text that evaluates back to an
//!   equal value;
//! - [`body`](fn@body): any [`Body`](crate::Body) (native or JSON syntax) as native text, with
//!   its expressions as written (templates, references, function calls);
//! - [`Writer`]: the layout engine both use, for writers of other data
//!   (hcl-serde's Serializer);
//! - [`is_identifier`], [`push_quoted`]: the rules for names and string
//!   literals;
//! - [`replace_file`], [`write_file`]: writing a user's file safely (a
//!   temporary file beside it renamed over it, permissions kept).
//!
//! # What values can be written
//!
//! The text of a value is the literal syntax where that gives the value's
//! exact type (strings, numbers, bools, `null`, tuples `[...]`, objects
//! `{...}`), and otherwise uses the standard library's conversion
//! functions, so it evaluates back to an equal value in a context that
//! has them ([`crate::function::stdlib::functions`]):
//!
//! | value | text |
//! | --- | --- |
//! | `list(string)` `["a"]` | `tolist(["a"])` (likewise `toset`, `tomap`) |
//! | empty `list(dynamic)` | `tolist([])` |
//! | empty `list(string)` | `false ? tolist([""]) : tolist([])` |
//! | `null` of type `string` | `false ? "" : null` (`tostring(null)` is a null of any type) |
//! | `null` of type `list(string)` | `false ? tolist([""]) : null` |
//! | `-1.5` | `-1.5` (negation of the literal: exact) |
//!
//! The conditionals rely on the spec's rule that both results of a
//! conditional are converted to their unified type: the `false` branch
//! (an empty collection of dynamic elements, or `null`) takes the type of the other,
//! a *witness* of the type that is never chosen.
//!
//! Numbers are written exactly (the shortest decimal that reads back as the
//! same 512-bit number, integers of any size in full). What the syntax
//! cannot express is an error naming the value's path
//! ([`WriteErrorKind`]): unknown values, infinities and capsules.
//!
//! ```
//! use hcl_core::{Type, Value};
//!
//! let v = Value::object([
//!     ("name", Value::from("web ${x}")),
//!     ("ports", Value::list(Type::Number, [Value::from(80), Value::from(443)]).unwrap()),
//!     ("tags", Value::null(Type::String)),
//! ]);
//! assert_eq!(
//!     hcl_core::write::value(&v).unwrap(),
//!     "{\n  name  = \"web $${x}\"\n  ports = tolist([80, 443])\n  tags  = false ? \"\" : null\n}"
//! );
//! let err = hcl_core::write::value(&Value::tuple([Value::unknown(Type::String)])).unwrap_err();
//! assert_eq!(err.to_string(), "[0]: an unknown value cannot be written");
//! ```

mod body;
mod field_keys;
mod file;
mod layout;
mod padding;
mod text;
mod value;

pub use body::{body, expression, BlockShapes};
pub use file::{replace_file, write_file};
pub use layout::{InvalidName, Writer};
pub use text::{is_identifier, push_quoted};

use std::fmt;

use crate::diag::quoted;
use crate::diag::Diagnostics;
use crate::Value;

/// A value or body that cannot be written as native syntax, and where.
#[derive(Debug, Clone)]
pub struct WriteError {
    /// Where the problem is: `.a.b[0]["c d"]` from the value or body
    /// written (empty for the whole value).
    pub path: String,
    /// What the problem is.
    pub kind: WriteErrorKind,
}

/// What cannot be written.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum WriteErrorKind {
    /// An unknown value: it has no text.
    Unknown,
    /// An infinity: the syntax has no literal for it.
    Infinity,
    /// A capsule value, or a null or empty collection of a capsule type
    /// (named): its text is the application's business.
    Capsule(String),
    /// Values nested too deeply.
    TooDeep,
    /// A name (attribute, block type) that is not an identifier.
    InvalidName(String),
    /// The body or expression has syntax errors.
    Syntax(Diagnostics),
}

impl WriteError {
    pub(crate) fn new(path: &str, kind: WriteErrorKind) -> WriteError {
        WriteError {
            path: path.to_owned(),
            kind,
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.strip_prefix('.').unwrap_or(&self.path);
        if !path.is_empty() {
            write!(f, "{path}: ")?;
        }
        match &self.kind {
            WriteErrorKind::Unknown => f.write_str("an unknown value cannot be written"),
            WriteErrorKind::Infinity => f.write_str("an infinite number cannot be written"),
            WriteErrorKind::Capsule(name) => {
                write!(f, "a value of capsule type {name} cannot be written")
            }
            WriteErrorKind::TooDeep => f.write_str("values nest too deeply to be written"),
            WriteErrorKind::InvalidName(name) => {
                write!(f, "{name} is not a valid identifier", name = quoted(name))
            }
            WriteErrorKind::Syntax(diags) => match diags.iter().next() {
                Some(d) => write!(f, "syntax error: {}", d.summary),
                None => f.write_str("syntax error"),
            },
        }
    }
}

impl std::error::Error for WriteError {}

/// `v` as native-syntax expression text that evaluates back to an equal
/// value (see the module documentation for the forms and what cannot be
/// written).
pub fn value(v: &Value) -> Result<String, WriteError> {
    let mut w = Writer::new();
    write_value(&mut w, v)?;
    Ok(w.finish())
}

/// Writes `v` at the writer's position (as an attribute's value, say).
pub fn write_value(w: &mut Writer, v: &Value) -> Result<(), WriteError> {
    let mut path = String::new();
    value::write_value(w, v, &mut path, 0)
}

/// Appends `.key` (an identifier) or `["key"]` to a path.
pub(crate) fn push_path_key(path: &mut String, key: &str) {
    if is_identifier(key) {
        path.push('.');
        path.push_str(key);
    } else {
        path.push('[');
        push_quoted(path, key);
        path.push(']');
    }
}

#[cfg(test)]
mod test;
