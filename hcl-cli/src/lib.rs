//! The command-line tools `hcl` ([`hcl`]: check, eval, json; [`fmt`];
//! [`native`]) and
//! `hcldec` ([`hcldec`]), as a library so
//! that their pieces can be tested (and reused): flag parsing ([`args`], and the
//! flags that set the limits, [`limit_flags`]), JSON output
//! written as the Go tools write it ([`json`], [`output`]), diagnostics for
//! people and machines ([`diagnostics`]), input loading ([`load`]), writing
//! to standard output and error ([`stdio`]), and
//! hashicorp's `hcldec` decoding specification: the spec tree ([`spec`]),
//! reading `.hcldec` files ([`specfile`], with the functions a spec
//! may call, [`specfuncs`]) and applying a spec to a body
//! ([`decode`]).
//!
//! The spec decoder lives here rather than in hcl-core: it is the
//! reference's `hcldec` package, which only the `hcldec` tool needs; typed
//! decoding in Rust goes through hcl-serde instead.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod args;
pub mod decode;
pub mod diagnostics;
pub mod fmt;
pub mod hcl;
pub mod hcldec;
pub mod json;
pub mod limit_flags;
pub mod load;
pub mod native;
pub mod output;
pub mod spec;
pub mod specfile;
pub mod specfuncs;
pub mod stdio;
pub mod tojson;

/// Exit status of `hcl`: success.
pub const EXIT_OK: i32 = 0;
/// Exit status of `hcl`: the input has errors (diagnostics were written),
/// or the output could not be written.
pub const EXIT_DIAGNOSTICS: i32 = 1;
/// Exit status of `hcl`: the command line is wrong.
pub const EXIT_USAGE: i32 = 2;
