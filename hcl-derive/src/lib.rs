//! `#[derive(HclDecode)]`: generates body schemata and decoders for
//! configuration structs. Use it through `hcl_serde` (its `derive`
//! feature, on by default), where the trait and its documentation live;
//! the path to it is found in the deriving crate's manifest (`hcl-serde`, or
//! the `hcl-toolkit` facade), and `#[hcl(crate = "...")]` overrides it.
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

/// Derives `hcl_serde::Decode` for a struct (see the trait's documentation
/// for the field kinds and options), `serde::Deserialize` from a string for
/// an enum of unit variants (a string enum), and `hcl_serde::decode::
/// BlockKind` for an enum of one-field variants (block-type dispatch). A
/// type that derives this does not derive `serde::Deserialize` too: every
/// `Deserialize` type already has `Decode` (E0119 otherwise).
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::or_placeholder(
        &input,
        expand::derive_hcl_decode,
        expand::placeholder_decode,
    )
    .into()
}

/// Derives the encoding side of a type that derives `HclDecode`, with the
/// same `#[hcl(...)]` attributes: `serde::Serialize` in
/// `hcl_serde::ser`'s marker protocol (attributes under their HCL names,
/// labels, blocks of every shape, `Expression` fields as their source
/// text), so that `hcl_serde::to_string` writes text that `from_str` reads
/// back as an equal value; for structs also `hcl_serde::ser::EncodeBlocks`
/// and `BlockMapLevels` (a block field of this type), for block-type enums
/// `EncodeBlocks`, for string enums `Serialize` as the variant's name. A
/// separate derive, so that decoding never requires field types to be
/// serializable. A `#[hcl(remain)]` field (a derived struct, `Body`,
/// `Option<Body>`, a map of `Value`s or `Expression`s) is written as the
/// rest of the body, where it is declared (`hcl_serde::ser::EncodeRemain`);
/// every derived struct also implements `EncodeRemain`.
#[proc_macro_derive(HclEncode, attributes(hcl))]
pub fn derive_hcl_encode(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::or_placeholder(
        &input,
        expand::derive_hcl_encode,
        expand::placeholder_encode,
    )
    .into()
}
