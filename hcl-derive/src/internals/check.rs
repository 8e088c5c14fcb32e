//! One function per schema rule the derive can check at compile time.
//! A conflict is reported once, at its second side, naming the first.

use proc_macro2::TokenStream;

use super::ast::{Container, Field, Kind};
use super::Ctxt;

/// Runs every check.
pub fn check(cx: &Ctxt, cont: &Container<'_>) {
    for field in &cont.fields {
        check_flags(cx, field);
    }
    check_single_remain(cx, cont);
    check_partial_with_remain(cx, cont);
    check_duplicate_names(cx, cont);
    check_block_named_like_attribute(cx, cont);
}

/// A conflict between two settings of one field, reported once, at the
/// second (the message names both).
fn conflict(cx: &Ctxt, second: &TokenStream, msg: &str) {
    cx.error_spanned_by(second, msg);
}

/// Kinds exclude each other; `optional` and `default` apply to attributes
/// only and exclude each other.
fn check_flags(cx: &Ctxt, field: &Field<'_>) {
    let a = &field.attrs;
    let kinds = [
        ("block", &a.block),
        ("label", &a.label),
        ("remain", &a.remain),
    ];
    let set: Vec<_> = kinds
        .iter()
        .filter_map(|(n, t)| t.as_ref().map(|t| (*n, t)))
        .collect();
    for pair in set.windows(2) {
        let [(n1, _), (n2, t2)] = pair else { continue };
        conflict(
            cx,
            t2,
            &format!("`{n1}` and `{n2}` cannot be combined: a field is one of attribute, block, label or remain"),
        );
    }
    if let Some((name, _)) = set.first() {
        if let Some(t) = &a.optional {
            cx.error_spanned_by(
                t,
                format!(
                    "`optional` cannot be combined with `{name}`: only attributes are optional"
                ),
            );
        }
        if let Some((t, _)) = &a.default {
            cx.error_spanned_by(
                t,
                format!(
                    "`default` cannot be combined with `{name}`: only attributes have defaults"
                ),
            );
        }
    }
    if let (Some(_), Some(at)) = (&a.remain, &a.rename_at) {
        conflict(
            cx,
            at,
            "`rename` cannot be combined with `remain`: a remain field has no HCL name, it takes what no name claimed",
        );
    }
    if let (Some(_), Some((d, _))) = (&a.optional, &a.default) {
        conflict(cx, d, "`optional` and `default` cannot be combined: `optional` means `default` with `Default::default`");
    }
}

fn check_single_remain(cx: &Ctxt, cont: &Container<'_>) {
    let mut remains = cont.fields.iter().filter(|f| f.kind == Kind::Remain);
    if let Some(first) = remains.next() {
        for again in remains {
            let msg = format!(
                "more than one `#[hcl(remain)]` field (`{}` is one already): the leftover body can go to one field only",
                first.ident
            );
            cx.error_spanned_by(again.ident, msg);
        }
    }
}

/// Attributes and blocks share one namespace per kind; labels have their
/// own (they name header parts, not body items).
fn check_duplicate_names(cx: &Ctxt, cont: &Container<'_>) {
    for (i, f) in cont.fields.iter().enumerate() {
        if f.kind == Kind::Remain {
            continue;
        }
        if let Some(first) = cont.fields[..i]
            .iter()
            .find(|g| g.kind == f.kind && g.name == f.name)
        {
            let msg = format!(
                "two fields have the HCL {} name `{}` (after rename): `{}` has it already; each name can be used once",
                f.kind.describe(),
                f.name,
                first.ident
            );
            cx.error_spanned_by(f.ident, &msg);
        }
    }
}

fn check_block_named_like_attribute(cx: &Ctxt, cont: &Container<'_>) {
    for block in cont.fields.iter().filter(|f| f.kind == Kind::Block) {
        if let Some(attr) = cont
            .fields
            .iter()
            .find(|f| f.kind == Kind::Attr && f.name == block.name)
        {
            let msg = format!(
                "block type `{}` has the same name as the attribute `{}`; in a body the two share one namespace",
                block.name, attr.ident
            );
            cx.error_spanned_by(block.ident, &msg);
        }
    }
}

/// A remain field already makes processing partial; `partial` beside it is
/// a contradiction in terms (nothing is ignored: the remain field takes it).
fn check_partial_with_remain(cx: &Ctxt, cont: &Container<'_>) {
    let (Some(partial), Some(remain)) = (
        &cont.attrs.partial,
        cont.fields.iter().find(|f| f.kind == Kind::Remain),
    ) else {
        return;
    };
    cx.error_spanned_by(
        partial,
        format!(
            "`partial` cannot be combined with a `#[hcl(remain)]` field (`{}`): what the schema does not name goes to the remain field, it is not ignored",
            remain.ident
        ),
    );
}
