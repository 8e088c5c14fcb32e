//! Emits `body_schema()` and `LABELS`.

use proc_macro2::TokenStream;
use quote::quote;

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
                let required = is_required(f);
                Some(quote! {
                    __schema.attributes.push(#core::schema::AttributeSchema {
                        name: ::std::string::String::from(#name),
                        required: #required,
                    });
                })
            }
            Kind::Block => Some(quote! {
                __schema.blocks.push(#core::schema::BlockHeaderSchema {
                    type_name: ::std::string::String::from(#name),
                    label_names: <#ty as #krate::BlockField>::label_names(),
                });
            }),
            Kind::Label | Kind::Remain => None,
        }
    });
    quote! {
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

/// An attribute is required unless it is an `Option`, `optional` or has a
/// default.
pub fn is_required(f: &crate::internals::ast::Field<'_>) -> bool {
    !(f.is_option || f.attrs.optional.is_some() || f.attrs.default.is_some())
}
