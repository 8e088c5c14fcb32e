//! One test per rule of type-extensions.md (and per decision where the
//! document is silent), by subject: the types and their names, the rules
//! (assignability, conversion, unification), traversal.

mod rules;
mod traversal;
mod types;

use super::*;

fn t(s: &str) -> ExtendedType {
    parse_type(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}
