//! The standard function library: go-cty's `function/stdlib` semantics (and
//! Terraform's where go-cty has none), one module per family.
//!
//! ```
//! use hcl_core::function::stdlib;
//! let table = stdlib::functions();
//! assert!(table.get("upper").is_some());
//! ```

mod collection;
mod conversion;
mod datetime;
mod encoding;
mod format;
mod number;
#[cfg(test)]
mod parity;
mod regex;
mod set;
mod string;
mod tryfunc;

// Go's number and string layouts, for diagnostics that quote values as the
// reference does.
pub(crate) use format::{exact_decimal_of, float_text, quote};

pub use tryfunc::{can_function, try_function};

use super::Functions;

/// Every standard function, by name.
pub fn functions() -> Functions {
    let mut table = Functions::new();
    collection::register(&mut table);
    conversion::register(&mut table);
    datetime::register(&mut table);
    encoding::register(&mut table);
    format::register(&mut table);
    number::register(&mut table);
    regex::register(&mut table);
    set::register(&mut table);
    string::register(&mut table);
    table.insert("try", try_function());
    table.insert("can", can_function());
    table
}
