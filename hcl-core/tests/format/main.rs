//! The formatter against hashicorp's: byte-identical output on every
//! configuration file of the corpus and on a derived copy of each with its
//! indentation stripped and its `=` re-spaced ([`reference`]); formatting
//! is idempotent, on the corpus and on generated files, and changes
//! nothing but blanks ([`idempotent`]); files with syntax errors are
//! refused ([`refused`]).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod corpus;
mod idempotent;
mod reference;
mod refused;
