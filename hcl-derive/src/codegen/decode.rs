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
    let params = super::bounds::type_params(cont);
    for (i, f) in cont.fields.iter().enumerate() {
        let var = format_ident!("__f{}", i, span = Span::mixed_site());
        let generic = super::bounds::mentions(f.ty, &params);
        let expr = field_expr(krate, f, generic, &mut label_index, &mut attr_slot);
        lets.push(quote!(let #var = #expr;));
        let ident = f.ident;
        inits.push(quote!(#ident: #var?));
    }
    // A static in a generic function is shared by every instantiation, so
    // only non-generic structs cache their schema.
    // The schema issues the attribute fields' ids once, with the schema.
    let attr_names: Vec<&String> = cont
        .fields
        .iter()
        .filter(|f| f.kind == Kind::Attr)
        .map(|f| &f.name)
        .collect();
    let id_vars: Vec<_> = (0..attr_names.len())
        .map(|i| format_ident!("__id{}", i, span = Span::mixed_site()))
        .collect();
    let n = attr_names.len();
    let checked = quote! {{
        let __s = #krate::decode::CheckedSchema::new(<Self as #krate::Decode>::body_schema());
        let __ids: [#krate::decode::FieldId; #n] = [#(__s.attribute_id(#attr_names)),*];
        (__s, __ids)
    }};
    let schema = if generic {
        quote! {
            let __schema_owned = #checked;
            let (__schema, __ids) = (&__schema_owned.0, &__schema_owned.1);
        }
    } else {
        quote! {
            static __SCHEMA: #krate::__private::OnceLock<(
                #krate::decode::CheckedSchema,
                [#krate::decode::FieldId; #n],
            )> = #krate::__private::OnceLock::new();
            let __cached = __SCHEMA.get_or_init(|| #checked);
            let (__schema, __ids) = (&__cached.0, &__cached.1);
        }
    };
    quote! {
        #schema
        let [#(#id_vars),*] = *__ids;
        let (__content, __remain) = __d.content(__body, __schema, #partial);
        let _ = &__remain;
        let _ = __labels;
        #(#lets)*
        ::std::option::Option::Some(Self { #(#inits),* })
    }
}

/// `label_index` counts label fields, `attr_slot` attribute fields: the
/// position of the next one in the labels and among the attribute ids the
/// schema issued (`__id0`, `__id1`, ...). Each kind dispatches on
/// the field's type (see `hcl_serde::decode::dispatch`), never on how the
/// type is spelled. `generic`: the field's type mentions a type
/// parameter.
fn field_expr(
    krate: &syn::Path,
    f: &Field<'_>,
    generic: bool,
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
            quote_spanned!(ty.span()=> (&&&&&#kind).decode_blocks(&__content, #name, __d))
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
            attr_expr(krate, f, generic, slot)
        }
    }
}

/// An attribute field's value. A field whose type mentions a type
/// parameter goes straight to the general decoder (any `Deserialize`
/// type), which its where-clause (`Vec<T>: DeserializeOwned`) satisfies:
/// no special impl can match a type the definition does not know, and the
/// shape impls' bounds on the element (`T`) do not follow from the
/// where-clause's on the shape.
fn attr_expr(krate: &syn::Path, f: &Field<'_>, generic: bool, slot: usize) -> TokenStream {
    let id = format_ident!("__id{}", slot, span = Span::mixed_site());
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
    let dispatch = quote!(#krate::__private::dispatch);
    let fetch = if generic {
        quote_spanned!(ty.span()=>
            #dispatch::AttributeSerde::attribute(
                &#dispatch::Kind::<#ty>::new(), __d, &__content, #id, #required,
            )
        )
    } else {
        quote_spanned!(ty.span()=>
            (&&&&#dispatch::Kind::<#ty>::new()).attribute(__d, &__content, #id, #required)
        )
    };
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
            const _: () = {
                #[allow(unused_imports)]
                use #krate::__private::NoLabels as _;
                ::core::assert!(
                    #krate::__private::LabelsOf::<#value>::LABELS.len() <= 1,
                    #msg
                );
            };
        })
    });
    quote!(#(#checks)*)
}

/// A compile-time check that no two fields claim one name: a block field
/// whose type is a block-type enum claims its variants' block types (the
/// derive cannot see them, so the check is a constant the compiler
/// evaluates), any other block field its own name, an attribute its name.
/// Generic structs are checked at run time instead ("Block type claimed
/// twice").
pub fn variant_clash_checks(cont: &Container<'_>) -> TokenStream {
    let krate = &cont.attrs.krate;
    if !cont.original.generics.params.is_empty() {
        return TokenStream::new();
    }
    let private = quote!(#krate::__private);
    let claims = |f: &crate::internals::ast::Field<'_>| {
        let ty = f.ty;
        let name = &f.name;
        quote! {{
            #[allow(unused_imports)]
            use #private::NoVariants as _;
            let shape = #private::BlockTypeNames::<#ty, #private::Shape>::NAMES;
            let one = #private::BlockTypeNames::<#ty, #private::One>::NAMES;
            if !shape.is_empty() { shape } else if !one.is_empty() { one } else { &[#name] }
        }}
    };
    let blocks: Vec<_> = cont
        .fields
        .iter()
        .filter(|f| f.kind == Kind::Block)
        .collect();
    let mut checks = Vec::new();
    for (i, f) in blocks.iter().enumerate() {
        let mine = claims(f);
        let others = cont
            .fields
            .iter()
            .filter(|g| g.kind == Kind::Attr || (g.kind == Kind::Block && g.ident != f.ident));
        for g in others {
            if g.kind == Kind::Block && blocks[..i].iter().any(|b| b.ident == g.ident) {
                continue; // that pair was checked from the other side
            }
            let theirs = if g.kind == Kind::Block {
                claims(g)
            } else {
                let name = &g.name;
                quote!(&[#name])
            };
            let msg = format!(
                "`{}` and `{}` claim the same name: a block-type enum's variant is a block type, and each block type or attribute name may be claimed by one field only",
                f.ident, g.ident
            );
            checks.push(quote_spanned! {f.ty.span()=>
                const _: () = {
                    const MINE: &[&str] = #mine;
                    const THEIRS: &[&str] = #theirs;
                    ::core::assert!(!#private::names_overlap(MINE, THEIRS), #msg);
                };
            });
        }
    }
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
