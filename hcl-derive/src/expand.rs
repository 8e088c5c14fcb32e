//! The pipeline: parse attributes → check → emit.

use proc_macro2::TokenStream;
use quote::quote;

use crate::codegen;
use crate::dummy;
use crate::internals::{ast::Container, check, Ctxt};

/// Expands `#[derive(HclDecode)]`; errors carry the spans at fault.
pub fn derive_hcl_decode(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::new();
    let Some(cont) = Container::from_ast(&cx, input) else {
        cx.check()?;
        return Ok(TokenStream::new());
    };
    check::check(&cx, &cont);
    cx.check()?;

    let ident = cont.ident;
    let generic = !cont.original.generics.params.is_empty();
    let (impl_generics, ty_generics, where_clause) = cont.original.generics.split_for_impl();
    let bounds = codegen::bounds::where_predicates(&cont, where_clause);
    let labels = codegen::schema::labels(&cont);
    let schema = codegen::schema::body_schema(&cont);
    let decode = codegen::decode::decode_body(&cont, generic);
    let core = quote!(::hcl_serde::__private::hcl_core);
    let serde = quote!(::hcl_serde::__private::serde);
    // `Deserialize` too, so that `hcl_serde::from_str` and friends take
    // derived and plain serde types alike: it hands the body to the schema
    // decoder above (see hcl_serde's `decode::handoff`).
    let mut de_generics = cont.original.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('__de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    Ok(dummy::wrap_in_const(quote! {
        #[automatically_derived]
        impl #impl_generics ::hcl_serde::HclDecode for #ident #ty_generics #bounds {
            const LABELS: &'static [&'static str] = #labels;

            fn body_schema() -> #core::schema::BodySchema {
                #schema
            }

            fn decode_body(
                __body: &#core::Body,
                __labels: ::hcl_serde::decode::Labels<'_>,
                __d: &mut ::hcl_serde::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                #decode
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #serde::Deserialize<'__de> for #ident #ty_generics #bounds {
            fn deserialize<__D: #serde::Deserializer<'__de>>(
                __deserializer: __D,
            ) -> ::std::result::Result<Self, __D::Error> {
                ::hcl_serde::__private::deserialize_decoded::<Self, __D>(__deserializer)
            }
        }

        #[automatically_derived]
        impl #impl_generics ::hcl_serde::BlockField for #ident #ty_generics #bounds {
            fn label_names() -> ::std::vec::Vec<::std::string::String> {
                ::hcl_serde::decode::block_labels::<Self>()
            }

            fn decode_blocks(
                __content: &#core::body::BodyContent,
                __type_name: &str,
                __d: &mut ::hcl_serde::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                ::hcl_serde::decode::exactly_one::<Self>(__content, __type_name, __d)
            }
        }
    }))
}
