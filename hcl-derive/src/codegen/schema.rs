//! Emits `body_schema()` and `LABELS`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::internals::ast::{Container, Kind};

/// The body of `fn body_schema() -> BodySchema`.
pub fn body_schema(cont: &Container<'_>) -> TokenStream {
    let krate = &cont.attrs.krate;
    let core = quote!(#krate::__private::hcl_core);
    let items = cont.fields.iter().filter_map(|f| {
        let name = &f.name;
        let ty = f.ty;
        match f.kind {
            Kind::Attr => {
                let required = required_expr(krate, f);
                Some(quote! {
                    __schema.attributes.push(#core::schema::AttributeSchema {
                        name: ::std::string::String::from(#name),
                        required: #required,
                    });
                })
            }
            // Spanned at the type, as the decoder's call is: a type that
            // is no block kind is reported at the field. A plain value is
            // reported here, once (its dispatch would compile: it is
            // `Deserialize`, so `Decode`).
            Kind::Block => {
                let headers = quote_spanned!(ty.span()=>
                    (&&&&&#krate::__private::dispatch::Kind::<#ty>::new()).block_headers(#name)
                );
                let check = quote_spanned!(ty.span()=>
                    (&&&#krate::__private::dispatch::Kind::<#ty>::new()).check_block_field()
                );
                Some(quote! {
                    #check;
                    __schema.blocks.extend(#headers);
                })
            }
            Kind::Remain => Some(quote_spanned!(ty.span()=>
                (&&&#krate::__private::dispatch::Kind::<#ty>::new()).check_remain_field();
            )),
            Kind::Label => None,
        }
    });
    quote! {
        #[allow(unused_imports)]
        use #krate::__private::dispatch::{
            AbsentOption as _, AbsentRequired as _, BlockLabelMap as _, BlockMapOf as _,
            BlockNested as _, BlockOne as _, BlockShape as _, BlockShapeOf as _,
            CheckOther as _, CheckPlainMap as _, CheckPlainValue as _,
        };
        let mut __schema = #core::schema::BodySchema::new();
        #(#items)*
        __schema
    }
}

/// `&["name", ...]`: the label names.
pub fn labels(cont: &Container<'_>) -> TokenStream {
    let names = cont
        .fields
        .iter()
        .filter(|f| f.kind == Kind::Label)
        .map(|f| &f.name);
    quote!(&[#(#names),*])
}

/// Whether an attribute field has `optional` or `default`.
pub fn has_default(f: &crate::internals::ast::Field<'_>) -> bool {
    f.attrs.optional.is_some() || f.attrs.default.is_some()
}

/// Whether an attribute is required, as an expression: not with
/// `optional` or `default`, and not when its type is an `Option` (asked of
/// the type, so that an alias of an `Option` is optional too).
pub fn required_expr(krate: &syn::Path, f: &crate::internals::ast::Field<'_>) -> TokenStream {
    if has_default(f) {
        return quote!(false);
    }
    let ty = f.ty;
    quote!((&&#krate::__private::dispatch::Kind::<#ty>::new()).absent().is_none())
}
