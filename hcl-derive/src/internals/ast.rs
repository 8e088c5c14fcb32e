//! The internal tree: the struct and its fields as the derive sees them.

use super::attr;
use super::Ctxt;

/// What a field is in the body.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    /// An attribute (the default).
    Attr,
    /// A block type.
    Block,
    /// A block label of this struct's header.
    Label,
    /// The leftover body.
    Remain,
}

impl Kind {
    /// How messages name the kind.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Attr => "attribute",
            Kind::Block => "block type",
            Kind::Label => "label",
            Kind::Remain => "remain field",
        }
    }
}

/// One named field.
pub struct Field<'a> {
    /// The Rust field name.
    pub ident: &'a syn::Ident,
    /// The Rust type.
    pub ty: &'a syn::Type,
    /// The parsed `#[hcl(...)]`.
    pub attrs: attr::Field,
    /// Its kind.
    pub kind: Kind,
    /// The HCL name (after `rename` / `rename_all`).
    pub name: String,
}

/// The struct.
pub struct Container<'a> {
    /// The struct's name.
    pub ident: &'a syn::Ident,
    /// The input, for spans.
    pub original: &'a syn::DeriveInput,
    /// The parsed container attributes.
    pub attrs: attr::Container,
    /// Its fields, in order.
    pub fields: Vec<Field<'a>>,
}

impl<'a> Container<'a> {
    /// Builds the tree; `None` when the input is not a struct with named
    /// fields (reported).
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, input);
        let named = match &input.data {
            syn::Data::Struct(syn::DataStruct {
                fields: syn::Fields::Named(named),
                ..
            }) => named,
            syn::Data::Struct(s) => {
                let what = match s.fields {
                    syn::Fields::Unnamed(_) => "tuple structs",
                    _ => "unit structs",
                };
                cx.error_spanned_by(
                    input,
                    format!(
                        "`HclDecode` cannot be derived for {what}; use a struct with named fields"
                    ),
                );
                return None;
            }
            syn::Data::Enum(e) => {
                cx.error_spanned_by(
                    e.enum_token,
                    "`HclDecode` cannot be derived for enums; use a struct with named fields",
                );
                return None;
            }
            syn::Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "`HclDecode` cannot be derived for unions; use a struct with named fields",
                );
                return None;
            }
        };
        if let Some(lt) = input.generics.lifetimes().next() {
            cx.error_spanned_by(
                lt,
                "`HclDecode` cannot be derived for structs with lifetime parameters: decoded values own their data",
            );
            return None;
        }
        let fields = named
            .named
            .iter()
            .filter_map(|f| {
                let ident = f.ident.as_ref()?;
                let fattrs = attr::Field::from_ast(cx, f);
                let kind = if fattrs.block.is_some() {
                    Kind::Block
                } else if fattrs.label.is_some() {
                    Kind::Label
                } else if fattrs.remain.is_some() {
                    Kind::Remain
                } else {
                    Kind::Attr
                };
                let rust_name = ident.to_string();
                let rust_name = rust_name.strip_prefix("r#").unwrap_or(&rust_name);
                let name = match (&fattrs.rename, attrs.rename_all) {
                    (Some(n), _) => n.clone(),
                    (None, Some(rule)) => rule.apply(rust_name),
                    (None, None) => rust_name.to_owned(),
                };
                Some(Field {
                    ident,
                    ty: &f.ty,
                    attrs: fattrs,
                    kind,
                    name,
                })
            })
            .collect();
        Some(Container {
            ident: &input.ident,
            original: input,
            attrs,
            fields,
        })
    }
}
