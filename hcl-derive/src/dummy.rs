//! Wraps generated code so that its imports and helpers stay private.

use proc_macro2::TokenStream;
use quote::quote;

/// `const _: () = { ... };` around `code`.
pub fn wrap_in_const(code: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #code
        };
    }
}
