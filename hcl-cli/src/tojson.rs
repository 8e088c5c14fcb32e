//! `hcl json`: a native-syntax file in the JSON syntax's canonical mapping
//! (`hcl-json-syntax.md`), so that the output decodes back to the same
//! content:
//!
//! - attributes become properties; literal values stay JSON values, and
//!   tuple and object constructors become arrays and objects;
//! - blocks become nested objects: one property per block type, one object
//!   level per label, and an array where one type (and labels) has several
//!   blocks;
//! - every other expression becomes a template string: `"${expr}"` with
//!   the expression's source text, and templates keep their interpolations
//!   and directives, their literal text escaped (`$${`, `%%{`) so that it
//!   stays literal.
//!
//! ```
//! use hcl_cli::tojson::native_to_json;
//! use hcl_core::native::parse_config;
//! use hcl_core::Limits;
//! use hcl_core::SourceFile;
//! let src = SourceFile::new("a.hcl", "port = 80\nname = \"web-${env}\"\nservice \"api\" {\n  up = true\n}\n");
//! let (file, _) = parse_config(&src, &Limits::default());
//! assert_eq!(
//!     native_to_json(&file).to_compact(),
//!     r#"{"port":80,"name":"web-${env}","service":{"api":{"up":true}}}"#
//! );
//! ```

use hcl_core::native::ast::{
    Body, Expr, ExprKind, File, LitText, Template, TemplatePart, Tree, UnaryOp,
};

use crate::json::Json;

/// The JSON-syntax form of a native file.
pub fn native_to_json(file: &File) -> Json {
    body_json(&file.tree, file.body(), file.source.text())
}

/// A group of blocks sharing a type (and a label prefix): the bodies that
/// end here, and the deeper label levels in order of first appearance.
#[derive(Default)]
struct Group<'a> {
    bodies: Vec<&'a Body>,
    children: Vec<(String, Group<'a>)>,
}

impl<'a> Group<'a> {
    fn insert(&mut self, labels: &[String], body: &'a Body) {
        match labels.split_first() {
            None => self.bodies.push(body),
            Some((first, rest)) => {
                let idx = match self.children.iter().position(|(k, _)| k == first) {
                    Some(i) => i,
                    None => {
                        self.children.push((first.clone(), Group::default()));
                        self.children.len() - 1
                    }
                };
                if let Some((_, g)) = self.children.get_mut(idx) {
                    g.insert(rest, body);
                }
            }
        }
    }

    fn to_json(&self, tree: &Tree, src: &str) -> Json {
        let mut items: Vec<Json> = self
            .bodies
            .iter()
            .map(|b| body_json(tree, b, src))
            .collect();
        if !self.children.is_empty() {
            items.push(Json::Object(
                self.children
                    .iter()
                    .map(|(k, g)| (k.clone(), g.to_json(tree, src)))
                    .collect(),
            ));
        }
        if items.len() == 1 {
            items.pop().unwrap_or(Json::Null)
        } else {
            Json::Array(items)
        }
    }
}

fn body_json(tree: &Tree, body: &Body, src: &str) -> Json {
    // Attributes and block types interleave in source order; a block
    // type's property is where its first block is.
    enum Item<'a> {
        Attr(&'a hcl_core::native::ast::Attribute),
        Blocks(String, Group<'a>),
    }
    let mut items: Vec<(u32, Item<'_>)> = tree
        .attributes(body)
        .iter()
        .map(|a| (a.name.start, Item::Attr(a)))
        .collect();
    let mut groups: Vec<(u32, String, Group<'_>)> = Vec::new();
    for b in tree.blocks(body) {
        let ty = b.ty.text(src).to_owned();
        let labels: Vec<String> = tree
            .labels(b)
            .iter()
            .map(|l| l.value(src).to_owned())
            .collect();
        let idx = match groups.iter().position(|(_, t, _)| *t == ty) {
            Some(i) => i,
            None => {
                groups.push((b.ty.start, ty, Group::default()));
                groups.len() - 1
            }
        };
        if let Some((_, _, g)) = groups.get_mut(idx) {
            g.insert(&labels, tree.body(b.body));
        }
    }
    items.extend(
        groups
            .into_iter()
            .map(|(at, t, g)| (at, Item::Blocks(t, g))),
    );
    items.sort_by_key(|(at, _)| *at);
    Json::Object(
        items
            .into_iter()
            .map(|(_, item)| match item {
                Item::Attr(a) => (a.name.text(src).to_owned(), expr_json(&a.expr, src)),
                Item::Blocks(t, g) => (t, g.to_json(tree, src)),
            })
            .collect(),
    )
}

fn number_text(e: &Expr, src: &str) -> Option<String> {
    let ExprKind::Number(n) = &e.kind else {
        return None;
    };
    let text = e.span.text(src);
    let is_json = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        && !(text.len() > 1 && text.starts_with('0') && !text.starts_with("0."));
    Some(if is_json {
        text.to_owned()
    } else {
        n.to_string()
    })
}

/// One expression in the JSON syntax.
pub fn expr_json(e: &Expr, src: &str) -> Json {
    match &e.kind {
        ExprKind::Number(_) => Json::Number(number_text(e, src).unwrap_or_default()),
        ExprKind::Unary(u)
            if u.op == UnaryOp::Negate && matches!(u.operand.kind, ExprKind::Number(_)) =>
        {
            match number_text(&u.operand, src) {
                Some(t) => Json::Number(format!("-{t}")),
                None => interpolation(e, src),
            }
        }
        ExprKind::Bool(b) => Json::Bool(*b),
        ExprKind::Null => Json::Null,
        ExprKind::StringLit => Json::String(escape_template_text(e.span.inner().text(src))),
        ExprKind::Template(t) => Json::String(template_text(t, src)),
        ExprKind::TemplateWrap(inner) => interpolation(inner, src),
        ExprKind::Tuple(t) => Json::Array(t.items.iter().map(|i| expr_json(i, src)).collect()),
        ExprKind::Object(o) => Json::Object(
            o.items
                .iter()
                .map(|item| {
                    let key = match item.key.as_literal_name(src) {
                        Some(name) => name.to_owned(),
                        None => match &item.key.expr.kind {
                            ExprKind::StringLit => {
                                escape_template_text(item.key.expr.span.inner().text(src))
                            }
                            ExprKind::Template(t) => template_text(t, src),
                            _ => format!("${{{}}}", item.key.expr.span.text(src)),
                        },
                    };
                    (key, expr_json(&item.value, src))
                })
                .collect(),
        ),
        ExprKind::Parens(inner) if !matches!(inner.kind, ExprKind::Invalid) => {
            interpolation(e, src)
        }
        _ => interpolation(e, src),
    }
}

fn interpolation(e: &Expr, src: &str) -> Json {
    Json::String(format!("${{{}}}", e.span.text(src)))
}

/// Literal template text made safe: `${` and `%{` would start an
/// interpolation or directive in a JSON string.
fn escape_template_text(s: &str) -> String {
    s.replace("${", "$${").replace("%{", "%%{")
}

fn template_text(t: &Template, src: &str) -> String {
    let mut out = String::new();
    parts_text(&t.parts, src, &mut out);
    out
}

fn parts_text(parts: &[TemplatePart], src: &str, out: &mut String) {
    for p in parts {
        match p {
            TemplatePart::Literal(l) => {
                let text = match &l.text {
                    LitText::Source(s) => s.text(src),
                    LitText::Owned(s) => s,
                };
                out.push_str(&escape_template_text(text));
            }
            TemplatePart::Interp(i) => out.push_str(i.span.text(src)),
            TemplatePart::If(i) => {
                out.push_str(i.if_span.text(src));
                parts_text(&i.then_parts, src, out);
                if let Some(e) = i.else_span {
                    out.push_str(e.text(src));
                }
                parts_text(&i.else_parts, src, out);
                out.push_str(i.endif_span.text(src));
            }
            TemplatePart::For(f) => {
                out.push_str(f.for_span.text(src));
                parts_text(&f.body, src, out);
                out.push_str(f.endfor_span.text(src));
            }
            TemplatePart::Invalid(s) => out.push_str(s.text(src)),
        }
    }
}

#[cfg(test)]
mod test {
    use super::*;
    use hcl_core::native::parse_config;
    use hcl_core::Limits;
    use hcl_core::SourceFile;

    fn conv(src: &str) -> String {
        let file = SourceFile::new("t.hcl", src);
        let (f, diags) = parse_config(&file, &Limits::default());
        assert!(diags.is_empty(), "{diags}");
        native_to_json(&f).to_compact()
    }

    #[test]
    fn json_mapping_nests_blocks_by_type_and_label_and_repeats_as_arrays() {
        assert_eq!(
            conv("a \"x\" \"y\" { n = 1 }\nb { }\nb { }\na \"x\" \"z\" {}\n"),
            r#"{"a":{"x":{"y":{"n":1},"z":{}}},"b":[{},{}]}"#
        );
    }

    #[test]
    fn json_mapping_writes_non_literals_as_templates() {
        assert_eq!(
            conv("a = var.x + 1\nb = [1, -2, f(x)]\nc = { k = \"$${lit}\", (k2) = null }\nd = \"${x}\"\n"),
            r#"{"a":"${var.x + 1}","b":[1,-2,"${f(x)}"],"c":{"k":"$${lit}","${(k2)}":null},"d":"${x}"}"#
        );
    }

    #[test]
    fn json_mapping_keeps_template_directives_and_decodes_escapes() {
        assert_eq!(
            conv("t = \"a\\n%{ if x }y%{ endif }\"\n"),
            r#"{"t":"a\n%{ if x }y%{ endif }"}"#
        );
    }
}
