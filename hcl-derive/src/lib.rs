//! `#[derive(HclDecode)]`: generates body schemata and decoders for
//! configuration structs. Use it through `hcl_serde` (its `derive`
//! feature, on by default), where the trait and its documentation live;
//! `#[hcl(crate = "...")]` names another path to it (a re-export).
//!
//! Stages, as serde_derive does it: `internals::attr` parses `#[hcl(...)]`
//! (never failing, errors go to a `Ctxt`), `internals::ast` builds the
//! struct's tree, `internals::check` holds one function per schema rule,
//! and `codegen` emits the schema and the decoder only once every check
//! passed. Every compile error points at the tokens at fault.

mod codegen;
mod dummy;
mod expand;
mod internals;

use proc_macro::TokenStream;

/// Derives `hcl_serde::HclDecode` (see its documentation for the field
/// kinds and options).
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive_hcl_decode(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
