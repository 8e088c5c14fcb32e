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
//! use hcl_core::SourceFile;
//! let src = SourceFile::new("a.hcl", "port = 80\nname = \"web-${env}\"\nservice \"api\" {\n  up = true\n}\n");
//! let (file, _) = parse_config(&src, &Default::default());
//! assert_eq!(
//!     native_to_json(&file).to_compact(),
//!     r#"{"port":80,"name":"web-${env}","service":{"api":{"up":true}}}"#
//! );
//! ```

use hcl_core::native::{
    BlockNode, BodyItem, BodyNode, ExprKind, ExprNode, File, Literal, TemplateNode, TemplatePart,
    TemplateParts, UnaryOp,
};

use crate::json::Json;

/// The JSON-syntax form of a native file.
pub fn native_to_json(file: &File) -> Json {
    body_json(file.body())
}

/// A group of blocks sharing a type (and a label prefix): the bodies that
/// end here, and the deeper label levels in order of first appearance.
#[derive(Default)]
struct Group<'a> {
    bodies: Vec<BodyNode<'a>>,
    children: Vec<(String, Group<'a>)>,
}

impl<'a> Group<'a> {
    fn insert(&mut self, labels: &[&str], body: BodyNode<'a>) {
        match labels.split_first() {
            None => self.bodies.push(body),
            Some((first, rest)) => {
                let idx = match self.children.iter().position(|(k, _)| k == first) {
                    Some(i) => i,
                    None => {
                        self.children.push(((*first).to_owned(), Group::default()));
                        self.children.len() - 1
                    }
                };
                if let Some((_, g)) = self.children.get_mut(idx) {
                    g.insert(rest, body);
                }
            }
        }
    }

    fn to_json(&self) -> Json {
        let mut items: Vec<Json> = self.bodies.iter().map(|b| body_json(*b)).collect();
        if !self.children.is_empty() {
            items.push(Json::Object(
                self.children
                    .iter()
                    .map(|(k, g)| (k.clone(), g.to_json()))
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

fn body_json(body: BodyNode<'_>) -> Json {
    // Attributes and block types interleave in source order; a block
    // type's property is where its first block is.
    enum Item<'a> {
        Attr(&'a str, Json),
        Blocks(&'a str, Group<'a>),
    }
    let mut items: Vec<Item<'_>> = Vec::new();
    for item in body.items() {
        match item {
            BodyItem::Attribute(a) => items.push(Item::Attr(a.name(), expr_json(a.expr()))),
            BodyItem::Block(b) => add_block(&mut items, b),
        }
    }
    fn add_block<'a>(items: &mut Vec<Item<'a>>, b: BlockNode<'a>) {
        let labels: Vec<&str> = b.labels().map(|l| l.value()).collect();
        let ty = b.type_name();
        let group = items.iter_mut().find_map(|i| match i {
            Item::Blocks(t, g) if *t == ty => Some(g),
            _ => None,
        });
        match group {
            Some(g) => g.insert(&labels, b.body()),
            None => {
                let mut g = Group::default();
                g.insert(&labels, b.body());
                items.push(Item::Blocks(ty, g));
            }
        }
    }
    Json::Object(
        items
            .into_iter()
            .map(|item| match item {
                Item::Attr(name, value) => (name.to_owned(), value),
                Item::Blocks(t, g) => (t.to_owned(), g.to_json()),
            })
            .collect(),
    )
}

/// A number literal as JSON: its own text when that is JSON's number
/// syntax, its canonical form otherwise.
fn number_text(e: ExprNode<'_>) -> Option<String> {
    let ExprKind::Literal(Literal::Number(n)) = e.kind() else {
        return None;
    };
    let text = e.source_text();
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
pub fn expr_json(e: ExprNode<'_>) -> Json {
    match e.kind() {
        ExprKind::Literal(Literal::Number(_)) => Json::Number(number_text(e).unwrap_or_default()),
        ExprKind::Unary {
            op: UnaryOp::Negate,
            operand,
        } if matches!(operand.kind(), ExprKind::Literal(Literal::Number(_))) => {
            match number_text(operand) {
                Some(t) => Json::Number(format!("-{t}")),
                None => interpolation(e),
            }
        }
        ExprKind::Literal(Literal::Bool(b)) => Json::Bool(b),
        ExprKind::Literal(Literal::Null) => Json::Null,
        ExprKind::Template(t) => match t.wrapped() {
            Some(inner) => interpolation(inner),
            None => Json::String(template_text(t)),
        },
        ExprKind::Tuple(items) => Json::Array(items.iter().map(expr_json).collect()),
        ExprKind::Object(o) => Json::Object(
            o.items()
                .map(|item| {
                    let key = item.key();
                    let name = match key.literal_name() {
                        Some(name) => name.to_owned(),
                        None => match key.expr().kind() {
                            ExprKind::Template(t) if t.wrapped().is_none() => template_text(t),
                            _ => format!("${{{}}}", key.expr().source_text()),
                        },
                    };
                    (name, expr_json(item.value()))
                })
                .collect(),
        ),
        _ => interpolation(e),
    }
}

fn interpolation(e: ExprNode<'_>) -> Json {
    Json::String(format!("${{{}}}", e.source_text()))
}

/// Literal template text made safe: `${` and `%{` would start an
/// interpolation or directive in a JSON string.
fn escape_template_text(s: &str) -> String {
    s.replace("${", "$${").replace("%{", "%%{")
}

/// A template's text in the JSON syntax: literal text (decoded, then
/// escaped) and every interpolation and directive marker as written.
fn template_text(t: TemplateNode<'_>) -> String {
    let mut out = String::new();
    parts_text(t.parts(), &mut out);
    out
}

fn parts_text(parts: TemplateParts<'_>, out: &mut String) {
    for p in parts {
        match p {
            TemplatePart::Literal(l) => out.push_str(&escape_template_text(l.text())),
            TemplatePart::Interpolation(i) => out.push_str(i.source_text()),
            TemplatePart::If(i) => {
                let src = i.condition().source();
                out.push_str(src.text_of(&i.if_range()));
                parts_text(i.then_parts(), out);
                if let Some(e) = i.else_range() {
                    out.push_str(src.text_of(&e));
                }
                parts_text(i.else_parts(), out);
                out.push_str(src.text_of(&i.endif_range()));
            }
            TemplatePart::For(f) => {
                let src = f.collection().source();
                out.push_str(src.text_of(&f.for_range()));
                parts_text(f.body_parts(), out);
                out.push_str(src.text_of(&f.endfor_range()));
            }
            TemplatePart::Invalid => {}
        }
    }
}

#[cfg(test)]
mod test {
    use super::*;
    use hcl_core::native::parse_config;
    use hcl_core::SourceFile;

    fn conv(src: &str) -> String {
        let file = SourceFile::new("t.hcl", src);
        let (f, diags) = parse_config(&file, &Default::default());
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
