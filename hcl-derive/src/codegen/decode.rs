//! Emits `decode_body`: apply the schema, decode every field (collecting
//! every problem), then build the struct if nothing failed.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::schema::is_required;
use crate::internals::ast::{is_string, Container, Field, Kind, Special};

/// The body of `fn decode_body(__body, __labels, __d) -> Option<Self>`.
pub fn decode_body(cont: &Container<'_>, generic: bool) -> TokenStream {
    let krate = &cont.attrs.krate;
    let partial =
        cont.attrs.partial.is_some() || cont.fields.iter().any(|f| f.kind == Kind::Remain);
    let mut label_index = 0usize;
    let mut attr_slot = 0usize;
    let mut lets = Vec::new();
    let mut inits = Vec::new();
    for (i, f) in cont.fields.iter().enumerate() {
        let var = format_ident!("__f{}", i, span = Span::mixed_site());
        let expr = field_expr(krate, f, &mut label_index, &mut attr_slot);
        lets.push(quote!(let #var = #expr;));
        let ident = f.ident;
        inits.push(quote!(#ident: #var?));
    }
    // A static in a generic function is shared by every instantiation, so
    // only non-generic structs cache their schema.
    let checked = quote!(#krate::decode::CheckedSchema::new(
        <Self as #krate::HclDecode>::body_schema()
    ));
    let schema = if generic {
        quote! {
            let __schema_owned = #checked;
            let __schema = &__schema_owned;
        }
    } else {
        quote! {
            static __SCHEMA: #krate::__private::OnceLock<#krate::decode::CheckedSchema> =
                #krate::__private::OnceLock::new();
            let __schema = __SCHEMA.get_or_init(|| #checked);
        }
    };
    quote! {
        #schema
        let (__content, __remain) = __d.content(__body, __schema, #partial);
        let _ = &__remain;
        let _ = __labels;
        #(#lets)*
        ::std::option::Option::Some(Self { #(#inits),* })
    }
}

/// `label_index` counts label fields, `attr_slot` attribute fields: the
/// position of the next one in the labels and in the schema's attributes
/// (`body_schema` lists attributes in field order).
fn field_expr(
    krate: &syn::Path,
    f: &Field<'_>,
    label_index: &mut usize,
    attr_slot: &mut usize,
) -> TokenStream {
    let name = &f.name;
    let ty = f.ty;
    match f.kind {
        Kind::Label => {
            let i = *label_index;
            *label_index += 1;
            if is_string(f.ty) {
                quote!(__d.label(__labels, #i))
            } else {
                quote!(__d.spanned_label(__labels, #i))
            }
        }
        Kind::Block => {
            quote!(<#ty as #krate::BlockField>::decode_blocks(&__content, #name, __d))
        }
        Kind::Remain => quote! {
            match &__remain {
                ::std::option::Option::Some(__r) => <#ty as #krate::RemainField>::from_remain(__r, __d),
                ::std::option::Option::None => ::std::option::Option::None,
            }
        },
        Kind::Attr => {
            let slot = *attr_slot;
            *attr_slot += 1;
            attr_expr(f, slot)
        }
    }
}

fn attr_expr(f: &Field<'_>, slot: usize) -> TokenStream {
    let name = &f.name;
    let ty = f.ty;
    let required = is_required(f);
    let fetch = match (f.special, f.is_option) {
        (Special::Value, true) => {
            return quote!(__d.attribute_value(&__content, #slot, #name, false))
        }
        (Special::Expression, true) => {
            return quote!(__d.attribute_expression(&__content, #slot, #name, false))
        }
        (Special::Value, false) => quote!(__d.attribute_value(&__content, #slot, #name, #required)),
        (Special::Expression, false) => {
            quote!(__d.attribute_expression(&__content, #slot, #name, #required))
        }
        (Special::None, _) => quote!(__d.attribute::<#ty>(&__content, #slot, #name, #required)),
    };
    if required {
        return quote!(#fetch.and_then(|__o| __o));
    }
    let default = match &f.attrs.default {
        Some((_, Some(path))) => quote!(#path),
        _ => quote!(::std::default::Default::default),
    };
    quote!(#fetch.map(|__o| __o.unwrap_or_else(#default)))
}
