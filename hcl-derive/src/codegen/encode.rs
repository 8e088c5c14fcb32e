//! `#[derive(HclEncode)]`: the encoding side of a derived type, in the
//! serializer's marker protocol (`hcl_serde::ser`): attributes as they are
//! (under their HCL names), `#[hcl(label)]` fields through `Label`,
//! `#[hcl(block)]` fields through `EncodeBlocks` (which ends in `Blocks`),
//! `Expression` fields through `Expr` (their source text),
//! `#[hcl(remain)]` fields through `EncodeRemain` (their items become the
//! body's, where the field is declared); string enums as their names,
//! block-type enums as one block of the variant's type.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned as _;

use crate::internals::ast::{Container, Kind};

/// `Serialize`, `EncodeBlocks`, `BlockMapLevels` and `EncodeRemain` for a
/// struct. The fields are written by one piece of code, into a struct
/// (`serialize_struct`), or into a map: the `EncodeRemain` of the struct
/// (when it is another's remain field) and the `Serialize` of a struct
/// with a remain field (whose items' names are not static).
pub fn structure(cont: &Container<'_>) -> TokenStream {
    let krate = &cont.attrs.krate;
    let serde = quote!(#krate::__private::serde);
    let ident = cont.ident;
    let ident_text = ident.to_string();
    let (impl_generics, ty_generics, where_clause) = cont.original.generics.split_for_impl();
    let bounds = bounds(cont, where_clause);
    let has_remain = cont.fields.iter().any(|f| f.kind == Kind::Remain);
    let fields = |error: TokenStream| -> Vec<TokenStream> {
        cont.fields
            .iter()
            .map(|f| field(krate, &error, f))
            .collect()
    };
    let to_struct = fields(quote!(__S::Error));
    let to_map = fields(quote!(__M::Error));
    let count = cont.fields.len();
    let serialize = if has_remain {
        quote! {
            use #serde::ser::SerializeMap as _;
            let mut __map = __s.serialize_map(::std::option::Option::None)?;
            #krate::ser::EncodeRemain::encode_remain(self, &mut __map)?;
            __map.end()
        }
    } else {
        quote! {
            use #serde::ser::SerializeStruct as _;
            let mut __body = __s.serialize_struct(#ident_text, #count)?;
            #(#to_struct)*
            __body.end()
        }
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #serde::Serialize for #ident #ty_generics #bounds {
            fn serialize<__S: #serde::Serializer>(
                &self,
                __s: __S,
            ) -> ::std::result::Result<__S::Ok, __S::Error> {
                #serialize
            }
        }

        #[automatically_derived]
        impl #impl_generics #krate::ser::EncodeRemain for #ident #ty_generics #bounds {
            fn encode_remain<__M: #serde::ser::SerializeMap>(
                &self,
                __map: &mut __M,
            ) -> ::std::result::Result<(), __M::Error> {
                use #serde::ser::SerializeStruct as _;
                let mut __body = #krate::ser::MapFields(__map);
                #(#to_map)*
                ::std::result::Result::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics #krate::ser::EncodeBlocks for #ident #ty_generics #bounds {
            fn encode_blocks<__S: #serde::ser::SerializeStruct>(
                &self,
                __name: &'static str,
                __body: &mut __S,
            ) -> ::std::result::Result<(), __S::Error> {
                #krate::ser::one_block(self, __name, __body)
            }
        }

        #[automatically_derived]
        impl #impl_generics #krate::ser::BlockMapLevels for #ident #ty_generics #bounds {
            const LEVELS: usize = 0;
        }
    }
}

/// The code that writes field `f` into `__body` (a `SerializeStruct`
/// whose errors are `error`; a remain field needs `__body` to be the
/// `MapFields` of a map).
fn field(
    krate: &syn::Path,
    error: &TokenStream,
    f: &crate::internals::ast::Field<'_>,
) -> TokenStream {
    let serde = quote!(#krate::__private::serde);
    let member = f.ident;
    let name = &f.name;
    match f.kind {
        Kind::Attr if last_segment_is(f.ty, "Expression") => quote! {
            __body.serialize_field(
                #name,
                &#krate::ser::expression_text(&self.#member)
                    .map_err(<#error as #serde::ser::Error>::custom)?,
            )?;
        },
        Kind::Attr if option_of(f.ty).is_some_and(|t| last_segment_is(t, "Expression")) => {
            quote! {
                if let ::std::option::Option::Some(__e) = &self.#member {
                    __body.serialize_field(
                        #name,
                        &#krate::ser::expression_text(__e)
                            .map_err(<#error as #serde::ser::Error>::custom)?,
                    )?;
                }
            }
        }
        Kind::Attr => quote!(__body.serialize_field(#name, &self.#member)?;),
        Kind::Label => quote!(__body.serialize_field(#name, &#krate::ser::Label(&self.#member))?;),
        Kind::Block => quote! {
            #krate::ser::EncodeBlocks::encode_blocks(&self.#member, #name, &mut __body)?;
        },
        Kind::Remain => {
            // An unsupported type is reported at the field's type.
            let ty = f.ty;
            let call =
                quote_spanned!(ty.span()=> <#ty as #krate::ser::EncodeRemain>::encode_remain);
            quote!(#call(&self.#member, &mut *__body.0)?;)
        }
    }
}

/// `Serialize` for a string enum: the variant's name.
pub fn string_enum(
    krate: &syn::Path,
    ident: &syn::Ident,
    idents: &[&syn::Ident],
    names: &[String],
) -> TokenStream {
    let serde = quote!(#krate::__private::serde);
    quote! {
        #[automatically_derived]
        impl #serde::Serialize for #ident {
            fn serialize<__S: #serde::Serializer>(
                &self,
                __s: __S,
            ) -> ::std::result::Result<__S::Ok, __S::Error> {
                __s.serialize_str(match self {
                    #(#ident::#idents => #names,)*
                })
            }
        }
    }
}

/// `EncodeBlocks` for a block-type enum: one block of the variant's type
/// (the field's own name is not a block type here).
pub fn block_types(
    krate: &syn::Path,
    ident: &syn::Ident,
    idents: &[&syn::Ident],
    names: &[String],
) -> TokenStream {
    let serde = quote!(#krate::__private::serde);
    quote! {
        #[automatically_derived]
        impl #krate::ser::EncodeBlocks for #ident {
            fn encode_blocks<__S: #serde::ser::SerializeStruct>(
                &self,
                _: &'static str,
                __body: &mut __S,
            ) -> ::std::result::Result<(), __S::Error> {
                match self {
                    #(#ident::#idents(__v) => #krate::ser::one_block(__v, #names, __body),)*
                }
            }
        }
    }
}

/// The struct's where-clause plus, per field that mentions a type
/// parameter, the bound its kind needs to be written.
fn bounds(cont: &Container<'_>, own: Option<&syn::WhereClause>) -> TokenStream {
    let params: Vec<String> = cont
        .original
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    let krate = &cont.attrs.krate;
    let own = own.map(|w| w.predicates.to_token_stream());
    let mut predicates = Vec::new();
    for f in &cont.fields {
        let text = f.ty.to_token_stream().to_string();
        let mentions = text
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| params.iter().any(|p| p == w));
        if !mentions {
            continue;
        }
        let ty = f.ty;
        predicates.push(match f.kind {
            Kind::Block => quote!(#ty: #krate::ser::EncodeBlocks),
            Kind::Remain => quote!(#ty: #krate::ser::EncodeRemain),
            _ => quote!(#ty: #krate::__private::serde::Serialize),
        });
    }
    if own.is_none() && predicates.is_empty() {
        return TokenStream::new();
    }
    quote!(where #own #(#predicates,)*)
}

fn last_segment_is(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == name))
}

/// `T` of `Option<T>`.
fn option_of(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}
