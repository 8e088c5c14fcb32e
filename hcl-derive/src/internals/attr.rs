//! Parsing `#[hcl(...)]` on containers and fields. Nothing here returns
//! `Result`: problems go to the [`Ctxt`] and parsing goes on.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;

use super::symbol::*;
use super::Ctxt;

/// One attribute value, remembering where it was set so that a second
/// setting is reported.
pub struct Attr<'c, T> {
    cx: &'c Ctxt,
    name: Symbol,
    tokens: TokenStream,
    value: Option<T>,
}

impl<'c, T> Attr<'c, T> {
    fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        Attr {
            cx,
            name,
            tokens: TokenStream::new(),
            value: None,
        }
    }

    fn set<A: ToTokens>(&mut self, obj: A, value: T) {
        let tokens = obj.into_token_stream();
        if self.value.is_some() {
            self.cx
                .error_spanned_by(tokens, format!("duplicate hcl attribute `{}`", self.name));
        } else {
            self.tokens = tokens;
            self.value = Some(value);
        }
    }

    fn get(self) -> Option<T> {
        self.value
    }

    fn get_with_tokens(self) -> Option<(TokenStream, T)> {
        self.value.map(|v| (self.tokens, v))
    }
}

/// A flag such as `block` or `partial`.
pub struct BoolAttr<'c>(Attr<'c, ()>);

impl<'c> BoolAttr<'c> {
    fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        BoolAttr(Attr::none(cx, name))
    }

    fn set_true<A: ToTokens>(&mut self, obj: A) {
        self.0.set(obj, ());
    }

    fn get_with_tokens(self) -> Option<TokenStream> {
        self.0.get_with_tokens().map(|(t, ())| t)
    }
}

/// A naming convention of `rename_all`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RenameRule {
    /// `lowercase`
    Lower,
    /// `UPPERCASE`
    Upper,
    /// `PascalCase`
    Pascal,
    /// `camelCase`
    Camel,
    /// `snake_case`
    Snake,
    /// `SCREAMING_SNAKE_CASE`
    ScreamingSnake,
    /// `kebab-case`
    Kebab,
    /// `SCREAMING-KEBAB-CASE`
    ScreamingKebab,
}

impl RenameRule {
    const ALL: &'static [(&'static str, RenameRule)] = &[
        ("lowercase", RenameRule::Lower),
        ("UPPERCASE", RenameRule::Upper),
        ("PascalCase", RenameRule::Pascal),
        ("camelCase", RenameRule::Camel),
        ("snake_case", RenameRule::Snake),
        ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
        ("kebab-case", RenameRule::Kebab),
        ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
    ];

    fn from_str(s: &str) -> Option<RenameRule> {
        RenameRule::ALL
            .iter()
            .find(|(name, _)| *name == s)
            .map(|(_, r)| *r)
    }

    /// Applies the rule to a PascalCase variant name (`TcpSix`), as serde
    /// does for variants.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => {
                let mut chars = variant.chars();
                chars
                    .next()
                    .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
                    .unwrap_or_default()
            }
            _ => {
                let mut snake = String::new();
                for (i, c) in variant.char_indices() {
                    if i > 0 && c.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(c.to_ascii_lowercase());
                }
                self.apply(&snake)
            }
        }
    }

    /// Applies the rule to a snake_case field name.
    pub fn apply(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.replace('_', "-").to_ascii_uppercase(),
            RenameRule::Pascal | RenameRule::Camel => {
                let mut out = String::new();
                let mut upper = self == RenameRule::Pascal;
                for c in field.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }
}

/// `#[hcl(...)]` on the struct.
pub struct Container {
    /// `rename_all = "..."`.
    pub rename_all: Option<RenameRule>,
    /// `partial`: where it was written.
    pub partial: Option<TokenStream>,
    /// `crate = "path"`: the path every generated item is reached by,
    /// `::hcl_serde` unless given (for facades that re-export it).
    pub krate: syn::Path,
}

impl Container {
    /// Parses the struct's attributes.
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Container {
        let mut rename_all = Attr::none(cx, RENAME_ALL);
        let mut partial = BoolAttr::none(cx, PARTIAL);
        let mut krate = Attr::none(cx, CRATE);
        for attr in input.attrs.iter().filter(|a| *a.path() == HCL) {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path == RENAME_ALL {
                    if let Some(s) = string_value(cx, &meta, RENAME_ALL) {
                        match RenameRule::from_str(&s.value()) {
                            Some(rule) => rename_all.set(&meta.path, rule),
                            None => cx.error_spanned_by(
                                &s,
                                format!(
                                    "unknown `rename_all` rule `{}`; expected one of {}",
                                    s.value(),
                                    RenameRule::ALL
                                        .iter()
                                        .map(|(n, _)| format!("`{n}`"))
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ),
                            ),
                        }
                    }
                } else if meta.path == PARTIAL {
                    partial.set_true(&meta.path);
                } else if meta.path == CRATE {
                    if let Some(s) = string_value(cx, &meta, CRATE) {
                        match s.parse::<syn::Path>() {
                            Ok(path) => krate.set(&meta.path, path),
                            Err(_) => cx.error_spanned_by(
                                &s,
                                format!("`crate` expects a path, found `{}`", s.value()),
                            ),
                        }
                    }
                } else {
                    let path = meta.path.to_token_stream().to_string().replace(' ', "");
                    let hint = did_you_mean(&path, &[RENAME_ALL, PARTIAL, CRATE]);
                    return Err(meta.error(format_args!(
                        "unknown hcl container attribute `{path}`{hint}"
                    )));
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
        }
        Container {
            rename_all: rename_all.get(),
            partial: partial.get_with_tokens(),
            krate: krate.get().unwrap_or_else(runtime_path),
        }
    }
}

/// `#[hcl(...)]` on a field; every flag keeps its tokens so that
/// conflicts point at both sides.
pub struct Field {
    /// `block`.
    pub block: Option<TokenStream>,
    /// `label`.
    pub label: Option<TokenStream>,
    /// `remain`.
    pub remain: Option<TokenStream>,
    /// `optional`.
    pub optional: Option<TokenStream>,
    /// `default` or `default = "path"`: the path if given.
    pub default: Option<(TokenStream, Option<syn::ExprPath>)>,
    /// `rename = "..."`.
    pub rename: Option<String>,
    /// Where `rename` was written.
    pub rename_at: Option<TokenStream>,
}

impl Field {
    /// Parses one field's attributes.
    pub fn from_ast(cx: &Ctxt, field: &syn::Field) -> Field {
        let mut block = BoolAttr::none(cx, BLOCK);
        let mut label = BoolAttr::none(cx, LABEL);
        let mut remain = BoolAttr::none(cx, REMAIN);
        let mut optional = BoolAttr::none(cx, OPTIONAL);
        let mut default = Attr::none(cx, DEFAULT);
        let mut rename = Attr::none(cx, RENAME);
        for attr in field.attrs.iter().filter(|a| *a.path() == HCL) {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path == BLOCK {
                    block.set_true(&meta.path);
                } else if meta.path == LABEL {
                    label.set_true(&meta.path);
                } else if meta.path == REMAIN {
                    remain.set_true(&meta.path);
                } else if meta.path == OPTIONAL {
                    optional.set_true(&meta.path);
                } else if meta.path == RENAME {
                    if let Some(s) = string_value(cx, &meta, RENAME) {
                        rename.set(&meta.path, s.value());
                    }
                } else if meta.path == DEFAULT {
                    if meta.input.peek(syn::Token![=]) {
                        if let Some(s) = string_value(cx, &meta, DEFAULT) {
                            match s.parse::<syn::ExprPath>() {
                                Ok(p) => default.set(&meta.path, Some(p)),
                                Err(_) => cx.error_spanned_by(
                                    &s,
                                    format!(
                                        "`default` expects a function path, found `{}`",
                                        s.value()
                                    ),
                                ),
                            }
                        }
                    } else {
                        default.set(&meta.path, None);
                    }
                } else {
                    let path = meta.path.to_token_stream().to_string().replace(' ', "");
                    let hint =
                        did_you_mean(&path, &[BLOCK, LABEL, REMAIN, OPTIONAL, RENAME, DEFAULT]);
                    return Err(
                        meta.error(format_args!("unknown hcl field attribute `{path}`{hint}"))
                    );
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
        }
        let (rename_at, rename) = rename.get_with_tokens().unzip();
        Field {
            block: block.get_with_tokens(),
            label: label.get_with_tokens(),
            remain: remain.get_with_tokens(),
            optional: optional.get_with_tokens(),
            default: default.get_with_tokens(),
            rename,
            rename_at,
        }
    }
}

/// The string of `name = "..."`; reports anything else.
fn string_value(cx: &Ctxt, meta: &ParseNestedMeta<'_>, name: Symbol) -> Option<syn::LitStr> {
    let expr: syn::Expr = match meta.value().and_then(|v| v.parse()) {
        Ok(e) => e,
        Err(err) => {
            cx.syn_error(err);
            return None;
        }
    };
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s),
        other => {
            cx.error_spanned_by(other, format!("expected a string literal for `{name}`"));
            None
        }
    }
}

/// The path generated code reaches the runtime by when `crate = ...` is not
/// given: `hcl-serde` when the deriving crate depends on it (under any
/// name it was renamed to), else the `hcl-toolkit` facade's `serde`
/// module, else `::hcl_serde`.
pub(crate) fn runtime_path() -> syn::Path {
    use proc_macro_crate::{crate_name, FoundCrate};
    let named = |name: &str| {
        let ident = syn::Ident::new(name, proc_macro2::Span::call_site());
        syn::parse_quote!(::#ident)
    };
    match crate_name("hcl-serde") {
        // The crate's own integration tests and doctests name it too.
        Ok(FoundCrate::Itself) => return syn::parse_quote!(::hcl_serde),
        Ok(FoundCrate::Name(name)) => return named(&name),
        Err(_) => {}
    }
    match crate_name("hcl-toolkit") {
        Ok(FoundCrate::Itself) => syn::parse_quote!(::hcl_toolkit::serde),
        Ok(FoundCrate::Name(name)) => {
            let facade: syn::Path = named(&name);
            syn::parse_quote!(#facade::serde)
        }
        Err(_) => syn::parse_quote!(::hcl_serde),
    }
}

/// ``; did you mean `x`?`` for the known name closest to `name`, if one is
/// close enough (at most a third of its letters differ).
fn did_you_mean(name: &str, known: &[Symbol]) -> String {
    known
        .iter()
        .map(|k| (edit_distance(name, &k.to_string()), k))
        .filter(|(d, k)| *d <= k.to_string().len().div_ceil(3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| format!("; did you mean `{k}`?"))
        .unwrap_or_default()
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(0);
            let left = row.get(j).copied().unwrap_or(0);
            let cost = usize::from(ca != *cb);
            let best = (above + 1).min(left + 1).min(prev + cost);
            prev = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = best;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}
