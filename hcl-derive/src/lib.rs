//! `#[derive(HclDecode)]`: generates body schemata and decoders for
//! configuration structs.
use proc_macro::TokenStream;

/// Derives `hcl_serde::HclDecode`.
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
