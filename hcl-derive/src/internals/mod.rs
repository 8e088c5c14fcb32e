//! The derive's front half: parse attributes (`attr`), build the internal
//! tree (`ast`), check the schema rules (`check`), collecting every error in
//! a `Ctxt`.

pub mod ast;
pub mod attr;
pub mod check;
pub mod ctxt;
pub mod symbol;

pub use ctxt::Ctxt;
