//! The pipeline: parse attributes → check → emit.

use proc_macro2::TokenStream;
use quote::quote;

use crate::codegen;
use crate::dummy;
use crate::internals::{ast::Container, check, Ctxt};

/// A derive's output: what `expand` makes, or its errors followed by what
/// `placeholder` makes, impls that do nothing, so that the type's uses do
/// not report it implements none of the derive's traits on top of the
/// derive's own error (a cascade of one error per use, as serde_derive's
/// placeholder impls avoid). Placeholders are made for structs only (an
/// enum's failed derive has no use that compiles anyway) and never run:
/// the crate does not compile.
pub fn or_placeholder(
    input: &syn::DeriveInput,
    expand: fn(&syn::DeriveInput) -> syn::Result<TokenStream>,
    placeholder: fn(&syn::DeriveInput, &syn::Path) -> TokenStream,
) -> TokenStream {
    match expand(input) {
        Ok(tokens) => tokens,
        Err(e) => {
            let mut tokens = e.into_compile_error();
            if matches!(input.data, syn::Data::Struct(_)) {
                let krate = crate::internals::attr::runtime_path();
                tokens.extend(dummy::wrap_in_const(placeholder(input, &krate)));
            }
            tokens
        }
    }
}

/// `HclEncode`'s placeholder: `Serialize`, `EncodeBlocks`, `EncodeRemain`
/// and `BlockMapLevels` that write nothing.
pub fn placeholder_encode(input: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let ident = &input.ident;
    let serde = quote!(#krate::__private::serde);
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #serde::Serialize for #ident #ty_generics #where_clause {
            fn serialize<__S: #serde::Serializer>(
                &self,
                __s: __S,
            ) -> ::std::result::Result<__S::Ok, __S::Error> {
                __s.serialize_unit()
            }
        }

        #[automatically_derived]
        impl #impl_generics #krate::ser::EncodeBlocks for #ident #ty_generics #where_clause {
            fn encode_blocks<__S: #serde::ser::SerializeStruct>(
                &self,
                _: &'static str,
                _: &mut __S,
            ) -> ::std::result::Result<(), __S::Error> {
                ::std::result::Result::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics #krate::ser::EncodeRemain for #ident #ty_generics #where_clause {
            fn encode_remain<__M: #serde::ser::SerializeMap>(
                &self,
                _: &mut __M,
            ) -> ::std::result::Result<(), __M::Error> {
                ::std::result::Result::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics #krate::ser::BlockMapLevels for #ident #ty_generics #where_clause {
            const LEVELS: usize = 0;
        }
    }
}

/// `HclDecode`'s placeholder: a `Decode` that decodes nothing.
pub fn placeholder_decode(input: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let ident = &input.ident;
    let core = quote!(#krate::__private::hcl_core);
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::Decode for #ident #ty_generics #where_clause {
            const LABELS: &'static [&'static str] = &[];

            fn body_schema() -> #core::schema::BodySchema {
                #core::schema::BodySchema::new()
            }

            fn decode_body(
                _: #krate::decode::BodyRef<'_>,
                _: #krate::decode::Labels<'_>,
                _: &mut #krate::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                ::std::option::Option::None
            }
        }
    }
}

/// Expands `#[derive(HclDecode)]`; errors carry the spans at fault.
pub fn derive_hcl_decode(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::new();
    if let syn::Data::Enum(data) = &input.data {
        let attrs = crate::internals::attr::Container::from_ast(&cx, input);
        let out = codegen::enums::expand(&cx, input, data, attrs.rename_all, &attrs.krate, false);
        cx.check()?;
        return Ok(dummy::wrap_in_const(out.unwrap_or_default()));
    }
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
    let map_checks = codegen::decode::label_map_checks(&cont);
    let clash_checks = codegen::decode::variant_clash_checks(&cont);
    let krate = &cont.attrs.krate;
    let core = quote!(#krate::__private::hcl_core);
    // One impl: `Decode`, what every entry point takes. Derived types do
    // not implement `serde::Deserialize` (hcl_serde's blanket impl covers
    // those that do, so deriving both is a conflict).
    Ok(dummy::wrap_in_const(quote! {
        #map_checks
        #clash_checks

        #[automatically_derived]
        impl #impl_generics #krate::Decode for #ident #ty_generics #bounds {
            const LABELS: &'static [&'static str] = #labels;

            fn body_schema() -> #core::schema::BodySchema {
                #schema
            }

            fn decode_body(
                __body: #krate::decode::BodyRef<'_>,
                __labels: #krate::decode::Labels<'_>,
                __d: &mut #krate::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                #[allow(unused_imports)]
                use #krate::__private::dispatch::{
                    AbsentOption as _, AbsentRequired as _, AttributeNested as _,
                    AttributeSerde as _, AttributeShape as _, AttributeSpecial as _,
                    BlockLabelMap as _, BlockMapOf as _, BlockNested as _, BlockOne as _,
                    BlockShape as _, BlockShapeOf as _, RemainDecode as _, RemainShape as _,
                };
                #decode
            }
        }

        // A block type at the leaves of maps keyed by its labels.
        #[automatically_derived]
        impl #impl_generics #krate::decode::BlockMapValue for #ident #ty_generics #bounds {
            const LEVELS: usize = 0;
            const LEAF_LABELS: &'static [&'static str] = #labels;

            fn decode_group(
                __blocks: &[#krate::decode::BlockRef<'_>],
                __type_name: &str,
                _: usize,
                __d: &mut #krate::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                #krate::decode::leaf_of_group::<Self>(__blocks, __type_name, __d)
            }
        }

        // Boxed, for recursive block structures (`Option<Box<Node>>`,
        // `Vec<Box<Node>>`): the box decodes like the type inside.
        #[automatically_derived]
        impl #impl_generics #krate::Decode for ::std::boxed::Box<#ident #ty_generics> #bounds {
            const LABELS: &'static [&'static str] = <#ident #ty_generics as #krate::Decode>::LABELS;

            fn body_schema() -> #core::schema::BodySchema {
                <#ident #ty_generics as #krate::Decode>::body_schema()
            }

            fn decode_body(
                __body: #krate::decode::BodyRef<'_>,
                __labels: #krate::decode::Labels<'_>,
                __d: &mut #krate::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                <#ident #ty_generics as #krate::Decode>::decode_body(__body, __labels, __d)
                    .map(::std::boxed::Box::new)
            }
        }
    }))
}

/// Expands `#[derive(HclEncode)]`: the same attributes and checks as
/// `HclDecode`, then the encoding side (see `codegen::encode`).
pub fn derive_hcl_encode(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::new();
    if let syn::Data::Enum(data) = &input.data {
        let attrs = crate::internals::attr::Container::from_ast(&cx, input);
        let out = codegen::enums::expand(&cx, input, data, attrs.rename_all, &attrs.krate, true);
        cx.check()?;
        return Ok(dummy::wrap_in_const(out.unwrap_or_default()));
    }
    let Some(cont) = Container::from_ast(&cx, input) else {
        cx.check()?;
        return Ok(TokenStream::new());
    };
    check::check(&cx, &cont);
    let out = codegen::encode::structure(&cont);
    cx.check()?;
    Ok(dummy::wrap_in_const(out))
}

#[cfg(test)]
mod test {
    use super::derive_hcl_decode;

    fn expand(input: syn::DeriveInput) -> String {
        match derive_hcl_decode(&input) {
            Ok(tokens) => tokens.to_string(),
            Err(err) => panic!("derive failed: {err}"),
        }
    }

    /// Every field kind and the generic path, so that each codegen site runs.
    fn every_site(attrs: proc_macro2::TokenStream) -> syn::DeriveInput {
        syn::parse_quote! {
            #attrs
            struct S<T, B, R> {
                #[hcl(label)]
                name: String,
                plain: T,
                #[hcl(block)]
                block: B,
                #[hcl(remain)]
                rest: R,
            }
        }
    }

    #[test]
    fn crate_path_replaces_hcl_serde_in_every_generated_path() {
        let generic = expand(every_site(quote::quote!(#[hcl(crate = "facade::serde")])));
        let plain = expand(syn::parse_quote! {
            #[hcl(crate = "facade::serde")]
            struct P { a: u8 }
        });
        for out in [&generic, &plain] {
            assert!(!out.contains("hcl_serde"), "{out}");
            assert!(out.contains("facade :: serde :: Decode"), "{out}");
        }
        assert!(generic.contains("facade :: serde :: __private :: dispatch :: Kind"));
        assert!(generic.contains("facade :: serde :: RemainField"));
        assert!(plain.contains("facade :: serde :: __private :: OnceLock"));
    }

    #[test]
    fn crate_path_defaults_to_absolute_hcl_serde() {
        let out = expand(every_site(proc_macro2::TokenStream::new()));
        assert!(out.contains(":: hcl_serde :: Decode"), "{out}");
        assert!(out.contains(":: hcl_serde :: __private :: serde :: de :: DeserializeOwned"));
    }
}
