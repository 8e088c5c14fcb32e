//! The JSON syntax's [`BodyImpl`] ("Structural Elements" in
//! hcl-json-syntax.md): the schema decides which object properties are
//! attributes and which are blocks, and how many levels of nesting are
//! labels.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::body::{Attribute, Attributes, Block, Body, BodyContent, BodyImpl, Expression};
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::json::expression::JsonExpression;
use crate::json::node_ref::NodeRef;
use crate::json::parser::{Node, NodeKind, Property};
use crate::pos::{ByteSpan, Range, SourceFile};
use crate::schema::BodySchema;
use crate::suggest::closest;

/// A JSON-syntax body: an object (or an array of objects) of a parsed file,
/// and the names partial processing has already claimed.
#[derive(Clone, Debug)]
pub struct JsonBody {
    at: NodeRef,
    hidden: Arc<BTreeSet<String>>,
}

/// One property met while flattening a body or a label level: the
/// property, and the path to its value from the flattened node (the handle
/// is built only for the properties that are used).
struct Prop<'a> {
    prop: &'a Property,
    path: [u32; 2],
    len: u8,
}

impl Prop<'_> {
    fn value(&self, from: &NodeRef) -> NodeRef {
        from.descendant(self.path.get(..self.len as usize).unwrap_or_default())
    }

    fn name(&self) -> &str {
        &self.prop.key
    }

    /// From the name to the end of the value.
    fn span(&self) -> ByteSpan {
        self.prop.key_span.to(self.prop.value.span)
    }
}

/// What is wrong when a value that should be an object (or array of
/// objects) is not: `None` for a body, the label name for a label level.
fn wrong_type(at: &NodeRef, node: &Node, label: Option<&str>, in_array: bool) -> Diagnostic {
    let detail = match (label, in_array) {
        (Some(l), true) => {
            format!("A JSON object is required here, to specify {l} labels for this block.")
        }
        (None, true) => {
            "A JSON object is required here, to define arguments and child blocks.".to_owned()
        }
        (Some(l), false) => format!(
            "Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."
        ),
        (None, false) => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".to_owned(),
    };
    Diagnostic::error("Incorrect JSON value type", detail).with_subject(at.range(node.start_span()))
}

/// The properties of an object, or of each object of an array, in order
/// (the reference's `collectDeepAttrs`). Null has none.
fn collect<'a>(
    at: &NodeRef,
    node: &'a Node,
    label: Option<&str>,
    diags: &mut Diagnostics,
) -> Vec<Prop<'a>> {
    let mut out = Vec::new();
    match &node.kind {
        NodeKind::Null => {}
        NodeKind::Object(props) => {
            for (i, prop) in props.iter().enumerate() {
                out.push(Prop {
                    prop,
                    path: [i as u32, 0],
                    len: 1,
                });
            }
        }
        NodeKind::Array(items) => {
            for (j, item) in items.iter().enumerate() {
                match &item.kind {
                    NodeKind::Object(props) => {
                        for (i, prop) in props.iter().enumerate() {
                            out.push(Prop {
                                prop,
                                path: [j as u32, i as u32],
                                len: 2,
                            });
                        }
                    }
                    _ => diags.push(wrong_type(at, item, label, true)),
                }
            }
        }
        _ => diags.push(wrong_type(at, node, label, false)),
    }
    out
}

impl JsonBody {
    pub(crate) fn new(at: NodeRef) -> JsonBody {
        JsonBody {
            at,
            hidden: Arc::default(),
        }
    }

    fn range(&self, span: ByteSpan) -> Range {
        self.at.range(span)
    }

    fn attribute(&self, p: &Prop<'_>, from: &NodeRef) -> Attribute {
        // The name's start is the attribute's start: three positions to
        // resolve, not four.
        let name_range = self.range(p.prop.key_span);
        let end = self.at.source().pos(p.span().end);
        Attribute {
            name: p.name().to_owned(),
            expr: Expression::new(JsonExpression::new(p.value(from))),
            range: Range {
                end,
                ..name_range.clone()
            },
            name_range,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn unpack_block(
        &self,
        at: NodeRef,
        type_name: &str,
        type_range: Range,
        labels_left: &[String],
        labels: &mut Vec<(String, Range)>,
        blocks: &mut Vec<Block>,
        diags: &mut Diagnostics,
    ) {
        let node = at.node();
        if let Some((label, rest)) = labels_left.split_first() {
            let props = collect(&at, node, Some(label), diags);
            if props.is_empty() {
                diags.push(
                    Diagnostic::error(
                        "Missing block label",
                        format!("At least one object property is required, whose name represents the {type_name} block's {label}."),
                    )
                    .with_subject(at.range(node.start_span())),
                );
                return;
            }
            for p in props {
                labels.push((p.name().to_owned(), self.range(p.prop.key_span)));
                self.unpack_block(
                    p.value(&at),
                    type_name,
                    type_range.clone(),
                    rest,
                    labels,
                    blocks,
                    diags,
                );
                labels.pop();
            }
            return;
        }
        let open = ByteSpan::new(
            node.span.start,
            node.span.start.saturating_add(1).min(node.span.end),
        );
        let block = |body: NodeRef| Block {
            type_name: type_name.to_owned(),
            labels: labels.iter().map(|(l, _)| l.clone()).collect(),
            body: Body::new(JsonBody::new(body)),
            def_range: self.range(open),
            type_range: type_range.clone(),
            label_ranges: labels.iter().map(|(_, r)| r.clone()).collect(),
        };
        match &node.kind {
            NodeKind::Null => {}
            NodeKind::Object(_) => blocks.push(block(at.clone())),
            NodeKind::Array(items) => {
                for i in 0..items.len() {
                    blocks.push(block(at.child(i)));
                }
            }
            _ => diags.push(
                Diagnostic::error(
                    "Incorrect JSON value type",
                    format!("Either a JSON object or a JSON array is required, representing the contents of one or more {type_name} blocks.", type_name = quoted(type_name)),
                )
                .with_subject(at.range(node.start_span())),
            ),
        }
    }

    /// The content and the rest; no rest when the schema is invalid.
    fn partial(
        &self,
        schema: &BodySchema,
        diags: &mut Diagnostics,
    ) -> (BodyContent, Option<JsonBody>) {
        let missing = self.missing_item_range();
        let mut content = BodyContent::empty(missing.clone());
        if let Err(e) = schema.validate() {
            diags.push(e.into());
            return (content, None);
        }
        let mut used = (*self.hidden).clone();
        let node = self.at.node();
        for p in collect(&self.at, node, None, diags) {
            let name = p.name();
            if self.hidden.contains(name) {
                continue;
            }
            if schema.find_attribute(name).is_some() {
                if let Some(first) = content.attributes.get(name) {
                    diags.push(
                        Diagnostic::error(
                            "Duplicate argument",
                            format!(
                                "The argument {name} was already set at {}.",
                                first.range,
                                name = quoted(name)
                            ),
                        )
                        .with_subject(self.range(p.prop.key_span))
                        .with_context(self.range(p.span())),
                    );
                    continue;
                }
                let _ = content.attributes.insert(self.attribute(&p, &self.at));
                used.insert(name.to_owned());
            } else if let Some(block_schema) = schema.find_block(name) {
                let mut labels = Vec::new();
                self.unpack_block(
                    p.value(&self.at),
                    name,
                    self.range(p.prop.key_span),
                    &block_schema.label_names,
                    &mut labels,
                    &mut content.blocks,
                    diags,
                );
                used.insert(name.to_owned());
            }
        }
        for a in schema.attributes.iter().filter(|a| a.required) {
            if content.attributes.get(&a.name).is_none() {
                diags.push(
                    crate::body::missing_required_argument(&a.name).with_subject(missing.clone()),
                );
            }
        }
        let rest = JsonBody {
            at: self.at.clone(),
            hidden: Arc::new(used),
        };
        (content, Some(rest))
    }
}

impl BodyImpl for JsonBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let mut diags = Diagnostics::new();
        let (content, rest) = self.partial(schema, &mut diags);
        let Some(rest) = rest else {
            return (content, diags);
        };
        let mut suggestions: Vec<&str> = schema
            .attributes
            .iter()
            .map(|a| a.name.as_str())
            .filter(|n| !rest.hidden.contains(*n))
            .collect();
        suggestions.extend(schema.blocks.iter().map(|b| b.type_name.as_str()));
        // The shape errors of the body were reported by `partial` already.
        let mut ignored = Diagnostics::new();
        for p in collect(&self.at, self.at.node(), None, &mut ignored) {
            let name = p.name();
            if name == "//" || rest.hidden.contains(name) {
                continue;
            }
            let hint = match closest(name, suggestions.iter().copied()) {
                Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
                None => String::new(),
            };
            diags.push(
                Diagnostic::error(
                    "Extraneous JSON object property",
                    format!(
                        "No argument or block type is named {name}.{hint}",
                        name = quoted(name)
                    ),
                )
                .with_subject(self.range(p.prop.key_span))
                .with_context(self.range(p.span())),
            );
        }
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        let mut diags = Diagnostics::new();
        let (content, rest) = self.partial(schema, &mut diags);
        (
            content,
            Body::new(rest.unwrap_or_else(|| self.clone())),
            diags,
        )
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut attrs = Attributes::new();
        let node = self.at.node();
        let NodeKind::Object(props) = &node.kind else {
            diags.push(
                Diagnostic::error(
                    "Incorrect JSON value type",
                    "A JSON object is required here, setting the arguments for this block.",
                )
                .with_subject(self.range(node.start_span())),
            );
            return (attrs, diags);
        };
        for (i, prop) in props.iter().enumerate() {
            let name: &str = &prop.key;
            if name == "//" || self.hidden.contains(name) {
                continue;
            }
            let p = Prop {
                prop,
                path: [i as u32, 0],
                len: 1,
            };
            if let Some(first) = attrs.get(name) {
                diags.push(
                    Diagnostic::error(
                        "Duplicate attribute definition",
                        format!(
                            "The argument {name} was already set at {}.",
                            first.range,
                            name = quoted(name)
                        ),
                    )
                    .with_subject(self.range(prop.key_span)),
                );
                continue;
            }
            let _ = attrs.insert(self.attribute(&p, &self.at));
        }
        (attrs, diags)
    }

    fn sources(&self) -> Vec<SourceFile> {
        vec![self.at.source().clone()]
    }

    fn missing_item_range(&self) -> Range {
        let node = self.at.node();
        let s = node.span;
        let span = match node.kind {
            NodeKind::Object(_) if !s.is_empty() => ByteSpan::new(s.end - 1, s.end),
            NodeKind::Array(_) if !s.is_empty() => ByteSpan::new(s.start, s.start + 1),
            _ => node.start_span(),
        };
        self.range(span)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
