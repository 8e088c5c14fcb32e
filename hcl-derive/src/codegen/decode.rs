//! Emits `decode_body`: apply the schema, decode every field (collecting
//! every problem), then build the struct if nothing failed.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::schema::{has_default, required_expr};
use crate::internals::ast::{Container, Field, Kind};

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
        <Self as #krate::Decode>::body_schema()
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
/// (`body_schema` lists attributes in field order). Each kind dispatches on
/// the field's type (see `hcl_serde::decode::dispatch`), never on how the
/// type is spelled.
fn field_expr(
    krate: &syn::Path,
    f: &Field<'_>,
    label_index: &mut usize,
    attr_slot: &mut usize,
) -> TokenStream {
    let name = &f.name;
    let ty = f.ty;
    let kind = quote!(#krate::__private::dispatch::Kind::<#ty>::new());
    match f.kind {
        Kind::Label => {
            let i = *label_index;
            *label_index += 1;
            quote_spanned!(ty.span()=> <#ty as #krate::LabelField>::from_label(__labels, #i))
        }
        // Spanned at the type, so that a type with no decoder for its kind
        // is reported at the field.
        Kind::Block => {
            quote_spanned!(ty.span()=> (&&&&#kind).decode_blocks(&__content, #name, __d))
        }
        Kind::Remain => {
            let from_remain = quote_spanned!(ty.span()=> (&&#kind).decode_remain(__r, __d));
            quote! {
            match &__remain {
                ::std::option::Option::Some(__r) => #from_remain,
                ::std::option::Option::None => ::std::option::Option::None,
            }
            }
        }
        Kind::Attr => {
            let slot = *attr_slot;
            *attr_slot += 1;
            attr_expr(krate, f, slot)
        }
    }
}

fn attr_expr(krate: &syn::Path, f: &Field<'_>, slot: usize) -> TokenStream {
    let name = &f.name;
    let ty = f.ty;
    let required = required_expr(krate, f);
    let absent = if has_default(f) {
        let default = match &f.attrs.default {
            Some((_, Some(path))) => quote!(#path),
            _ => quote!(::std::default::Default::default),
        };
        quote!(::std::option::Option::Some((#default)()))
    } else {
        // `Option` types are optional; the rest are required, and a missing
        // one was reported by schema processing.
        quote!((&&#krate::__private::dispatch::Kind::<#ty>::new()).absent())
    };
    let fetch = quote_spanned!(ty.span()=>
        (&&#krate::__private::dispatch::Kind::<#ty>::new())
            .attribute(__d, &__content, #slot, #name, #required)
    );
    quote! {
        match #fetch {
            ::std::option::Option::Some(::std::option::Option::Some(__v)) => {
                ::std::option::Option::Some(__v)
            }
            ::std::option::Option::Some(::std::option::Option::None) => #absent,
            ::std::option::Option::None => ::std::option::Option::None,
        }
    }
}

/// For each block field whose type the derive can see is a one-level map
/// (`BTreeMap<String, T>`, `HashMap<String, T>`, any `...Map<String, T>`
/// with `T` not itself spelled as a map), a compile-time check that `T`
/// takes at most one label: a two-label block type needs a nested map per
/// label. Generic structs are checked at run time instead.
pub fn label_map_checks(cont: &Container<'_>) -> TokenStream {
    let krate = &cont.attrs.krate;
    if !cont.original.generics.params.is_empty() {
        return TokenStream::new();
    }
    let checks = cont.fields.iter().filter(|f| f.kind == Kind::Block).filter_map(|f| {
        let value = map_value(f.ty)?;
        if map_value(value).is_some() {
            return None;
        }
        let msg = format!(
            "`{}` is a map of one level, but its block type takes several labels: use one nested map per label, e.g. `BTreeMap<String, BTreeMap<String, T>>` for two",
            f.ident
        );
        Some(quote_spanned! {f.ty.span()=>
            const _: () = ::core::assert!(
                <#value as #krate::Decode>::LABELS.len() <= 1,
                #msg
            );
        })
    });
    quote!(#(#checks)*)
}

/// `T` of a type spelled `SomethingMap<String, T>` (or `<K, T, S>`).
fn map_value(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else {
        return None;
    };
    let seg = p.path.segments.last()?;
    if !seg.ident.to_string().ends_with("Map") {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    let mut types = args.args.iter().filter_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    });
    let _key = types.next()?;
    types.next()
}
