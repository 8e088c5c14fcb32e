//! `#[derive(HclDecode)]` on an enum: of unit variants, a string enum read
//! from an attribute's string (`proto = "tcp"`; it implements
//! `serde::Deserialize`, so it is an attribute value, and a wrong value
//! names the variants and the closest one); of one-field tuple variants, a
//! block-type enum (`Http(HttpCheck)`: a block field of it claims one
//! block type per variant, see `hcl_serde::decode::BlockKind`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::internals::attr::RenameRule;
use crate::internals::symbol::{HCL, RENAME};
use crate::internals::Ctxt;

/// The impl for `input`, an enum (with `encode`, `HclEncode`'s impl);
/// `None` after reporting why it is not a string enum.
pub fn expand(
    cx: &Ctxt,
    input: &syn::DeriveInput,
    data: &syn::DataEnum,
    rename_all: Option<RenameRule>,
    krate: &syn::Path,
    encode: bool,
) -> Option<TokenStream> {
    if !input.generics.params.is_empty() {
        cx.error_spanned_by(
            &input.generics,
            "`HclDecode` on an enum makes a string enum, which takes no generic parameters",
        );
        return None;
    }
    let newtype =
        |v: &syn::Variant| matches!(&v.fields, syn::Fields::Unnamed(f) if f.unnamed.len() == 1);
    if data.variants.iter().any(newtype) {
        return block_types(cx, input, data, rename_all, krate, newtype, encode);
    }
    let mut names = Vec::new();
    let mut idents = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, syn::Fields::Unit) {
            cx.error_spanned_by(
                v,
                "`HclDecode` on an enum takes unit variants (a string enum) or one-field tuple variants (block types: `Http(HttpCheck)`); for other variants with data, derive `serde::Deserialize` (externally tagged: a block or an object whose one item names the variant)",
            );
            continue;
        }
        let written = v.ident.to_string();
        let name = variant_rename(cx, v)
            .or_else(|| rename_all.map(|r| r.apply_to_variant(&written)))
            .unwrap_or(written);
        names.push(name);
        idents.push(&v.ident);
    }
    let ident = &input.ident;
    if encode {
        return Some(super::encode::string_enum(krate, ident, &idents, &names));
    }
    let serde = quote!(#krate::__private::serde);
    Some(quote! {
        // A value: a block or remain field of it is a compile error.
        #[automatically_derived]
        impl #krate::__private::dispatch::PlainValue for #ident {
            type Scalar = #ident;
        }

        #[automatically_derived]
        impl<'__de> #serde::Deserialize<'__de> for #ident {
            fn deserialize<__D: #serde::Deserializer<'__de>>(
                __deserializer: __D,
            ) -> ::std::result::Result<Self, __D::Error> {
                struct __Visitor;
                impl<'__de> #serde::de::Visitor<'__de> for __Visitor {
                    type Value = #ident;

                    fn expecting(
                        &self,
                        __f: &mut ::std::fmt::Formatter<'_>,
                    ) -> ::std::fmt::Result {
                        __f.write_str(&#krate::__private::one_of(&[#(#names),*]))
                    }

                    fn visit_str<__E: #serde::de::Error>(
                        self,
                        __v: &str,
                    ) -> ::std::result::Result<#ident, __E> {
                        match __v {
                            #(#names => ::std::result::Result::Ok(#ident::#idents),)*
                            __other => ::std::result::Result::Err(__E::custom(
                                #krate::__private::unknown_variant(__other, &[#(#names),*]),
                            )),
                        }
                    }
                }
                __deserializer.deserialize_str(__Visitor)
            }
        }
    })
}

/// `#[hcl(rename = "...")]` on a variant (the only variant option).
fn variant_rename(cx: &Ctxt, v: &syn::Variant) -> Option<String> {
    let mut out = None;
    for attr in v.attrs.iter().filter(|a| *a.path() == HCL) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path == RENAME {
                let s: syn::LitStr = meta.value()?.parse()?;
                if out.replace(s.value()).is_some() {
                    return Err(meta.error("duplicate hcl attribute `rename`"));
                }
                Ok(())
            } else {
                Err(meta.error("unknown hcl variant attribute; a variant takes `rename` only"))
            }
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    out
}

/// An enum of one-field tuple variants: block-type dispatch. Each variant
/// is a block type named after it (`rename_all`, `rename`) whose body is
/// the variant's type (a `Decode` type; its labels are the block's).
fn block_types(
    cx: &Ctxt,
    input: &syn::DeriveInput,
    data: &syn::DataEnum,
    rename_all: Option<RenameRule>,
    krate: &syn::Path,
    newtype: impl Fn(&syn::Variant) -> bool,
    encode: bool,
) -> Option<TokenStream> {
    let mut names: Vec<String> = Vec::new();
    let mut idents = Vec::new();
    let mut types = Vec::new();
    for v in &data.variants {
        let syn::Fields::Unnamed(fields) = &v.fields else {
            cx.error_spanned_by(
                v,
                "a block-type enum's variants each take one type: `Http(HttpCheck)`",
            );
            continue;
        };
        if !newtype(v) {
            cx.error_spanned_by(
                v,
                "a block-type enum's variants each take one type: `Http(HttpCheck)`",
            );
            continue;
        }
        let written = v.ident.to_string();
        let name = variant_rename(cx, v)
            .or_else(|| rename_all.map(|r| r.apply_to_variant(&written)))
            .unwrap_or(written);
        if names.contains(&name) {
            cx.error_spanned_by(v, format!("two variants have the block type `{name}`"));
        }
        names.push(name);
        idents.push(&v.ident);
        types.push(fields.unnamed.first().map(|f| &f.ty));
    }
    let ident = &input.ident;
    if encode {
        return Some(super::encode::block_types(krate, ident, &idents, &names));
    }
    let core = quote!(#krate::__private::hcl_core);
    Some(quote! {
        #[automatically_derived]
        impl #krate::decode::BlockKind for #ident {
            const TYPE_NAMES: &'static [&'static str] = &[#(#names),*];

            fn headers(_: &str) -> ::std::vec::Vec<#core::schema::BlockHeaderSchema> {
                ::std::vec![#(
                    #core::schema::BlockHeaderSchema::new(
                        #names,
                        <#types as #krate::Decode>::LABELS.iter().copied(),
                    )
                ),*]
            }

            fn decode_block(
                __block: #krate::decode::BlockRef<'_>,
                __d: &mut #krate::Decoder<'_>,
            ) -> ::std::option::Option<Self> {
                match __block.type_name() {
                    #(#names => __d.block::<#types>(__block).map(#ident::#idents),)*
                    _ => ::std::option::Option::None,
                }
            }
        }
    })
}
