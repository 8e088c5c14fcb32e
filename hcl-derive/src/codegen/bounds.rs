//! Where-clauses for generic structs: each field type that mentions a type
//! parameter gets the bound its kind needs.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

use crate::internals::ast::{Container, Kind};

/// The struct's own where-clause plus one predicate per generic field.
pub fn where_predicates(cont: &Container<'_>, own: Option<&syn::WhereClause>) -> TokenStream {
    let params = type_params(cont);
    let own_predicates = own.map(|w| w.predicates.to_token_stream());
    let krate = &cont.attrs.krate;
    let mut predicates = Vec::new();
    for f in &cont.fields {
        if !mentions(f.ty, &params) {
            continue;
        }
        let ty = f.ty;
        let bound = match f.kind {
            Kind::Attr => quote!(#krate::__private::serde::de::DeserializeOwned),
            // A bare parameter is one block of any block kind (a struct or
            // a block-type enum); a type built of parameters (`Vec<T>`,
            // `Option<T>`) is a shape, whose impls ask `T: BlockKind`.
            Kind::Block if is_param(ty, &params) => quote!(#krate::decode::BlockKind),
            Kind::Block => quote!(#krate::BlockField),
            Kind::Remain => quote!(#krate::RemainField),
            Kind::Label => continue,
        };
        predicates.push(quote!(#ty: #bound));
    }
    if own_predicates.is_none() && predicates.is_empty() {
        return TokenStream::new();
    }
    quote!(where #own_predicates #(#predicates,)*)
}

/// The names of the struct's type parameters.
pub fn type_params(cont: &Container<'_>) -> Vec<String> {
    cont.original
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect()
}

/// Whether `ty` mentions one of `params` (its field is then bounded by
/// the where-clause, not resolved by its concrete type).
pub fn mentions(ty: &syn::Type, params: &[String]) -> bool {
    ty.to_token_stream().into_iter().any(|t| {
        matches!(&t, proc_macro2::TokenTree::Ident(i) if params.iter().any(|p| i == p))
            || nested(&t, params)
    })
}

fn nested(t: &proc_macro2::TokenTree, params: &[String]) -> bool {
    match t {
        proc_macro2::TokenTree::Group(g) => g.stream().into_iter().any(|t| {
            matches!(&t, proc_macro2::TokenTree::Ident(i) if params.iter().any(|p| i == p))
                || nested(&t, params)
        }),
        _ => false,
    }
}

/// Whether `ty` is one of the type parameters itself.
fn is_param(ty: &syn::Type, params: &[String]) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none()
        && p.path.segments.len() == 1
        && params.iter().any(|n| p.path.is_ident(n)))
}
