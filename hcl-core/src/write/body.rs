//! Bodies and expressions of either syntax as native text.
//!
//! A native body is written from its syntax tree: each expression's source
//! text as written, blocks with their labels. A JSON body cannot tell
//! blocks from attributes without a schema: [`BlockShapes`] names the
//! block types (with their label counts), and every other property is an
//! attribute. JSON strings are templates in the JSON syntax; they become
//! quoted templates, their interpolations and directives kept as written.
//! The result goes through the formatter's passes, so it is in the
//! canonical layout.

use std::collections::BTreeMap;

use super::text::{is_identifier, push_escaped, push_quoted};
use super::{WriteError, WriteErrorKind};
use crate::body::{Body, Expression};
use crate::diag::Diagnostics;
use crate::json::parser::NodeKind;
use crate::json::{JsonBody, JsonExpression};
use crate::native::embedded::{parse_embedded_template, Embedded};
use crate::native::{BodyItem, BodyNode, ExprKind, ExprNode, TemplatePart, TemplateParts};
use crate::pos::{ByteSpan, Range, SourceFile};
use crate::schema::{BlockHeaderSchema, BodySchema};

/// How deeply blocks may nest when writing a body.
const MAX_BLOCK_DEPTH: usize = 128;

/// The block types of a JSON-syntax body, by name, with their number of
/// labels; they apply at every depth. A native body ignores them (its
/// syntax tells blocks apart).
///
/// ```
/// use hcl_core::write::BlockShapes;
/// let shapes = BlockShapes::new().block("resource", 2).block("locals", 0);
/// assert_eq!(shapes.labels("resource"), Some(2));
/// assert_eq!(shapes.labels("tags"), None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct BlockShapes {
    blocks: BTreeMap<String, usize>,
}

impl BlockShapes {
    /// No block types: every JSON property is an attribute.
    pub fn new() -> BlockShapes {
        BlockShapes::default()
    }

    /// Adds block type `name` with `labels` labels.
    pub fn block(mut self, name: impl Into<String>, labels: usize) -> BlockShapes {
        self.blocks.insert(name.into(), labels);
        self
    }

    /// The number of labels of block type `name`, if it is one.
    pub fn labels(&self, name: &str) -> Option<usize> {
        self.blocks.get(name).copied()
    }

    fn schema(&self) -> BodySchema {
        self.blocks.iter().fold(BodySchema::new(), |s, (name, &n)| {
            s.block(BlockHeaderSchema::new(
                name.clone(),
                (0..n).map(|i| format!("label{i}")),
            ))
        })
    }
}

/// `body` as native-syntax text in the canonical layout: attributes with
/// their expressions as written, blocks with their labels, in source
/// order. Comments are not part of a [`Body`]; to keep them, format the
/// file ([`crate::format`]) or edit it ([`crate::edit`]).
///
/// ```
/// use hcl_core::json::parse_body;
/// use hcl_core::write::{body, BlockShapes};
/// use hcl_core::SourceFile;
///
/// let src = SourceFile::new(
///     "main.tf.json",
///     r#"{"variable": {"region": {"default": "eu"}}, "name": "app-${var.region}", "n": [1, 2]}"#,
/// );
/// let (json, diags) = parse_body(&src, &Default::default());
/// assert!(diags.is_empty());
/// let text = body(&json, &BlockShapes::new().block("variable", 1)).unwrap();
/// assert_eq!(
///     text,
///     "variable \"region\" {\n  default = \"eu\"\n}\n\nname = \"app-${var.region}\"\nn    = [1, 2]\n"
/// );
/// ```
pub fn body(body: &Body, shapes: &BlockShapes) -> Result<String, WriteError> {
    let mut out = String::new();
    let mut path = String::new();
    write_body(&mut out, body, shapes, &mut path, 0)?;
    let limit = out.len().saturating_mul(2).saturating_add(1 << 20);
    Ok(crate::format::format_tokens(&out, limit).unwrap_or(out))
}

/// An expression of either syntax as native-syntax text: a native
/// expression's source text, a JSON expression converted (strings as
/// templates); another kind of expression by its value in literal-only
/// mode.
///
/// ```
/// use hcl_core::json::parse_expression;
/// use hcl_core::SourceFile;
/// let (e, _) = parse_expression(
///     &SourceFile::new("x.json", r#"{"a b": ["${x}", "q\"${upper(\"y\")}"]}"#),
///     &Default::default(),
/// );
/// assert_eq!(
///     hcl_core::write::expression(&e).unwrap(),
///     "{\n  \"a b\" = [\"${x}\", \"q\\\"${upper(\"y\")}\"]\n}"
/// );
/// ```
pub fn expression(expr: &Expression) -> Result<String, WriteError> {
    let mut out = String::new();
    write_expression(&mut out, expr, "")?;
    let limit = out.len().saturating_mul(2).saturating_add(1 << 20);
    Ok(crate::format::format_tokens(&out, limit).unwrap_or(out))
}

fn write_expression(out: &mut String, expr: &Expression, path: &str) -> Result<(), WriteError> {
    if let Some(node) = ExprNode::of(expr) {
        if matches!(node.kind(), ExprKind::Invalid) {
            return Err(syntax_error(path, Diagnostics::new()));
        }
        out.push_str(node.source_text());
        return Ok(());
    }
    if let Some(json) = expr.as_impl().as_any().downcast_ref::<JsonExpression>() {
        let (file, src) = json.syntax();
        return match src {
            crate::json::expression::Src::Node(node) => write_json(out, file, node, path, 0),
            crate::json::expression::Src::Key { text, span } => {
                write_json_string(out, file, text, span, path)
            }
        };
    }
    let (v, diags) = expr.value(None);
    if diags.has_errors() {
        return Err(syntax_error(path, diags));
    }
    let mut w = super::Writer::new();
    super::write_value(&mut w, &v).map_err(|mut e| {
        e.path.insert_str(0, path);
        e
    })?;
    out.push_str(&w.finish());
    Ok(())
}

fn syntax_error(path: &str, diags: Diagnostics) -> WriteError {
    WriteError::new(path, WriteErrorKind::Syntax(diags))
}

enum Item {
    Attribute(crate::body::Attribute),
    Block(crate::body::Block),
}

fn write_body(
    out: &mut String,
    body: &Body,
    shapes: &BlockShapes,
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    if depth > MAX_BLOCK_DEPTH {
        return Err(WriteError::new(path, WriteErrorKind::TooDeep));
    }
    if let Some(node) = BodyNode::of(body) {
        return write_native_body(out, node, path, depth);
    }
    let (mut items, diags): (Vec<(u32, Item)>, Diagnostics) =
        if body.as_impl().as_any().downcast_ref::<JsonBody>().is_some() {
            let (content, remain, mut diags) = body.partial_content(&shapes.schema());
            let (attrs, more) = remain.just_attributes();
            diags.extend(more);
            let mut items: Vec<(u32, Item)> = attrs
                .into_iter()
                .map(|a| (a.range.start.byte, Item::Attribute(a)))
                .collect();
            items.extend(
                content
                    .blocks
                    .into_iter()
                    .map(|b| (b.def_range.start.byte, Item::Block(b))),
            );
            (items, diags)
        } else {
            let (content, diags) = body.all_content();
            let mut items: Vec<(u32, Item)> = content
                .attributes
                .into_iter()
                .map(|a| (a.range.start.byte, Item::Attribute(a)))
                .collect();
            items.extend(
                content
                    .blocks
                    .into_iter()
                    .map(|b| (b.def_range.start.byte, Item::Block(b))),
            );
            (items, diags)
        };
    if diags.has_errors() {
        return Err(syntax_error(path, diags));
    }
    items.sort_by_key(|(at, _)| *at);
    let mut prev = None;
    for (_, item) in items {
        separate(out, &mut prev, matches!(item, Item::Block(_)));
        match item {
            Item::Attribute(a) => {
                let len = path.len();
                super::push_path_key(path, &a.name);
                if !is_identifier(&a.name) {
                    return Err(WriteError::new(path, WriteErrorKind::InvalidName(a.name)));
                }
                out.push_str(&a.name);
                out.push_str(" = ");
                write_expression(out, &a.expr, path)?;
                out.push('\n');
                path.truncate(len);
            }
            Item::Block(b) => {
                let len = path.len();
                super::push_path_key(path, &b.type_name);
                for l in &b.labels {
                    path.push('[');
                    push_quoted(path, l);
                    path.push(']');
                }
                if !is_identifier(&b.type_name) {
                    return Err(WriteError::new(
                        path,
                        WriteErrorKind::InvalidName(b.type_name),
                    ));
                }
                out.push_str(&b.type_name);
                for l in &b.labels {
                    out.push(' ');
                    push_quoted(out, l);
                }
                out.push_str(" {\n");
                write_body(out, &b.body, shapes, path, depth + 1)?;
                out.push_str("}\n");
                path.truncate(len);
            }
        }
    }
    Ok(())
}

fn write_native_body(
    out: &mut String,
    body: BodyNode<'_>,
    path: &mut String,
    depth: usize,
) -> Result<(), WriteError> {
    if depth > MAX_BLOCK_DEPTH {
        return Err(WriteError::new(path, WriteErrorKind::TooDeep));
    }
    let mut prev = None;
    for item in body.items() {
        separate(out, &mut prev, matches!(item, BodyItem::Block(_)));
        match item {
            BodyItem::Attribute(a) => {
                out.push_str(a.name());
                out.push_str(" = ");
                if matches!(a.expr().kind(), ExprKind::Invalid) {
                    return Err(syntax_error(path, Diagnostics::new()));
                }
                out.push_str(a.expr().source_text());
                out.push('\n');
            }
            BodyItem::Block(b) => {
                out.push_str(b.type_name());
                for l in b.labels() {
                    out.push(' ');
                    if l.is_quoted() {
                        push_quoted(out, l.value());
                    } else {
                        out.push_str(l.value());
                    }
                }
                out.push_str(" {\n");
                let len = path.len();
                super::push_path_key(path, b.type_name());
                write_native_body(out, b.body(), path, depth + 1)?;
                path.truncate(len);
                out.push_str("}\n");
            }
        }
    }
    Ok(())
}

/// Puts a blank line between a block and the item before it, and between
/// a block and an attribute after it (`prev`: whether the item before was
/// a block).
fn separate(out: &mut String, prev: &mut Option<bool>, is_block: bool) {
    if matches!(*prev, Some(was_block) if was_block || is_block) {
        out.push('\n');
    }
    *prev = Some(is_block);
}

/// A JSON value as a native expression: strings as quoted templates,
/// arrays as tuples, objects as object constructors (keys are templates
/// too).
fn write_json(
    out: &mut String,
    file: &SourceFile,
    node: &crate::json::parser::Node,
    path: &str,
    depth: usize,
) -> Result<(), WriteError> {
    if depth > super::value::MAX_DEPTH {
        return Err(WriteError::new(path, WriteErrorKind::TooDeep));
    }
    match &node.kind {
        NodeKind::Null => out.push_str("null"),
        NodeKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        NodeKind::Number(n) => out.push_str(n),
        NodeKind::String(s) => write_json_string(out, file, s, node.span, path)?,
        NodeKind::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json(out, file, item, &format!("{path}[{i}]"), depth + 1)?;
            }
            out.push(']');
        }
        NodeKind::Object(props) => {
            if props.is_empty() {
                out.push_str("{}");
                return Ok(());
            }
            out.push_str("{\n");
            for p in props {
                let mut at = path.to_owned();
                super::push_path_key(&mut at, &p.key);
                if is_identifier(&p.key) && super::text::is_bare_key(&p.key) {
                    out.push_str(&p.key);
                } else {
                    write_json_string(out, file, &p.key, p.key_span, &at)?;
                }
                out.push_str(" = ");
                write_json(out, file, &p.value, &at, depth + 1)?;
                out.push('\n');
            }
            out.push('}');
        }
        NodeKind::Invalid => return Err(syntax_error(path, Diagnostics::new())),
    }
    Ok(())
}

/// A JSON string (its decoded `text`, its token at `span`) as a quoted
/// native template.
fn write_json_string(
    out: &mut String,
    file: &SourceFile,
    text: &str,
    span: ByteSpan,
    path: &str,
) -> Result<(), WriteError> {
    if !crate::native::embedded::has_template_sequence(text) {
        out.push('"');
        // Literal text: `$${` and `%%{` are JSON's escapes too, so only
        // the characters of the quoted form need escaping.
        push_escaped_template_text(out, text);
        out.push('"');
        return Ok(());
    }
    let at = Embedded {
        file,
        span: span.inner(),
        text,
    };
    let (expr, embedded, diags) = parse_embedded_template(at, &Default::default());
    if diags.has_errors() {
        return Err(syntax_error(path, diags));
    }
    let node = ExprNode::new(&embedded, &expr);
    out.push('"');
    match node.kind() {
        ExprKind::Template(t) => write_parts(out, &embedded, t.parts(), path)?,
        ExprKind::Literal(crate::native::Literal::String(s)) => push_escaped(out, s),
        _ => {
            out.push_str("${");
            out.push_str(node.source_text());
            out.push('}');
        }
    }
    out.push('"');
    Ok(())
}

/// Template literal text without introducers: only `"`, `\` and control
/// characters need escaping.
fn push_escaped_template_text(out: &mut String, text: &str) {
    push_escaped(out, text);
}

fn write_parts(
    out: &mut String,
    file: &SourceFile,
    parts: TemplateParts<'_>,
    path: &str,
) -> Result<(), WriteError> {
    let text = |r: Range| {
        file.text()
            .get(r.start.byte as usize..r.end.byte as usize)
            .unwrap_or("")
    };
    for part in parts {
        match part {
            TemplatePart::Literal(t) => push_escaped(out, t.text()),
            TemplatePart::Interpolation(i) => out.push_str(i.source_text()),
            TemplatePart::If(d) => {
                out.push_str(text(d.if_range()));
                write_parts(out, file, d.then_parts(), path)?;
                if let Some(r) = d.else_range() {
                    out.push_str(text(r));
                    write_parts(out, file, d.else_parts(), path)?;
                }
                out.push_str(text(d.endif_range()));
            }
            TemplatePart::For(d) => {
                out.push_str(text(d.for_range()));
                write_parts(out, file, d.body_parts(), path)?;
                out.push_str(text(d.endfor_range()));
            }
            TemplatePart::Invalid => return Err(syntax_error(path, Diagnostics::new())),
        }
    }
    Ok(())
}
