//! The words of `#[hcl(...)]`.

use std::fmt;

use syn::{Ident, Path};

/// One attribute keyword.
#[derive(Copy, Clone)]
pub struct Symbol(&'static str);

/// The attribute path itself: `#[hcl(...)]`.
pub const HCL: Symbol = Symbol("hcl");
/// A block field.
pub const BLOCK: Symbol = Symbol("block");
/// A label field.
pub const LABEL: Symbol = Symbol("label");
/// The leftover body.
pub const REMAIN: Symbol = Symbol("remain");
/// The HCL name of a field.
pub const RENAME: Symbol = Symbol("rename");
/// Absent or null gives `Default::default()`.
pub const OPTIONAL: Symbol = Symbol("optional");
/// Absent or null gives the named function's result.
pub const DEFAULT: Symbol = Symbol("default");
/// A naming convention for every field.
pub const RENAME_ALL: Symbol = Symbol("rename_all");
/// Partial processing: content the schema does not name is left alone.
pub const PARTIAL: Symbol = Symbol("partial");
/// The path generated code reaches `hcl_serde` by.
pub const CRATE: Symbol = Symbol("crate");

impl PartialEq<Symbol> for Ident {
    fn eq(&self, word: &Symbol) -> bool {
        self == word.0
    }
}

impl PartialEq<Symbol> for Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
