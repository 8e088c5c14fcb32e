//! The native syntax's [`BodyImpl`]: schema-driven processing of a parsed
//! body, as hclsyntax's `Body` does it.
//!
//! A body fresh from the parser hides nothing. Partial processing returns a
//! body over the same tree that hides the attributes and block types the
//! schema claimed, so the leftover costs two small sets, not a copy.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::body::{
    label_count_problem, Attribute, Attributes, Block, Body, BodyContent, BodyImpl, Expression,
};
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::native::ast::{self, AttrId, BodyId, ByteSpan, ParsedFile};
use crate::native::expression::NativeExpression;
use crate::native::{parse_bytes, parse_config};
use crate::pos::{Pos, Range, SourceFile};
use crate::schema::BodySchema;
use crate::suggest::closest;
use crate::Limits;

/// A native-syntax body: a node of a parsed file, and the names partial
/// processing has already claimed.
///
/// ```
/// use hcl_core::native::parse_body;
/// use hcl_core::Limits;
/// use hcl_core::schema::{AttributeSchema, BodySchema};
/// use hcl_core::SourceFile;
///
/// let src = SourceFile::new("main.hcl", "name = \"web\"\nport = 80\n");
/// let (body, diags) = parse_body(&src, &Limits::default());
/// assert!(diags.is_empty());
/// let schema = BodySchema::new().attribute(AttributeSchema::required("name"));
/// let (content, rest, diags) = body.partial_content(&schema);
/// assert!(diags.is_empty());
/// assert!(content.attributes.get("name").is_some());
/// let (rest_attrs, _) = rest.just_attributes();
/// assert_eq!(rest_attrs.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["port"]);
/// ```
#[derive(Clone)]
pub struct NativeBody {
    /// The file's tree and source, shared (one reference count a body).
    file: Arc<ParsedFile>,
    id: BodyId,
    // `None` until partial processing hides something: a fresh body costs
    // no allocation beyond its handle.
    hidden_attrs: Option<Arc<BTreeSet<String>>>,
    hidden_blocks: Option<Arc<BTreeSet<String>>>,
    /// A line index (0-based) at or before the body's start, where position
    /// lookups for it may begin searching.
    line_hint: u32,
}

/// Where the body is written and what partial processing hides of it
/// (not the file's whole tree, which the body shares).
impl std::fmt::Debug for NativeBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NativeBody")
            .field("range", &self.range(self.ast().span).to_string())
            .field("hidden_attrs", &self.hidden_attrs)
            .field("hidden_blocks", &self.hidden_blocks)
            .finish()
    }
}

impl NativeBody {
    /// Body `id` of a parsed `file`, hiding nothing.
    pub fn new(file: Arc<ParsedFile>, id: BodyId) -> NativeBody {
        NativeBody {
            file,
            id,
            hidden_attrs: None,
            hidden_blocks: None,
            line_hint: 0,
        }
    }

    /// The body's node in the tree.
    pub fn ast(&self) -> &ast::Body {
        self.file.tree.body(self.id)
    }

    /// The parsed file (tree and source) the body is part of.
    pub fn file(&self) -> &Arc<ParsedFile> {
        &self.file
    }

    /// The body's id in [`NativeBody::file`]'s tree.
    pub fn id(&self) -> BodyId {
        self.id
    }

    /// Whether the body shows all of its node: true for a body fresh from
    /// the parser, false for the leftover of partial processing (which
    /// hides what the schema claimed). Readers that walk the tree directly
    /// ([`NativeBody::ast`]) see everything, so they need a body that
    /// hides nothing.
    pub fn hides_nothing(&self) -> bool {
        self.hidden_attrs.is_none() && self.hidden_blocks.is_none()
    }

    fn text(&self, span: ByteSpan) -> &str {
        span.text(self.file.source.text())
    }

    fn range(&self, span: ByteSpan) -> Range {
        self.file.source.range(span)
    }

    fn visible_attrs(&self) -> impl Iterator<Item = (AttrId, &ast::Attribute)> {
        self.file
            .tree
            .attributes_with_ids(self.ast())
            .filter(|(_, a)| {
                self.hidden_attrs
                    .as_ref()
                    .is_none_or(|h| !h.contains(self.text(a.name)))
            })
    }

    fn visible_blocks(&self) -> impl Iterator<Item = &ast::Block> {
        self.file.tree.blocks(self.ast()).iter().filter(|b| {
            self.hidden_blocks
                .as_ref()
                .is_none_or(|h| !h.contains(self.text(b.ty)))
        })
    }

    /// `near` is a resolved position, ideally just before the attribute
    /// (items are resolved in source order where possible).
    fn attribute(&self, (id, attr): (AttrId, &ast::Attribute), near: &mut Pos) -> Attribute {
        // The name's start is the attribute's start: three positions to
        // resolve, not four.
        let start = self.file.source.pos_after(*near, attr.name.start);
        let name_range = Range {
            filename: self.file.source.name_arc().clone(),
            start,
            end: self.file.source.pos_after(start, attr.name.end),
        };
        *near = name_range.end;
        Attribute {
            name: self.text(attr.name).to_owned(),
            expr: Expression::native(NativeExpression::attribute(self.file.clone(), id)),
            range: Range {
                end: self.file.source.pos_after(name_range.end, attr.span().end),
                ..name_range.clone()
            },
            name_range,
        }
    }

    fn block(&self, block: &ast::Block, near: &mut Pos) -> Block {
        let src = self.file.source.text();
        let labels = self.file.tree.labels(block);
        let last_header = labels.last().map_or(block.ty, |l| l.span);
        let type_start = self.file.source.pos_after(*near, block.ty.start);
        let type_range = Range {
            filename: self.file.source.name_arc().clone(),
            start: type_start,
            end: self.file.source.pos_after(type_start, block.ty.end),
        };
        *near = type_range.end;
        let mut body = NativeBody::new(self.file.clone(), block.body);
        body.line_hint = type_start.line.saturating_sub(1);
        Block {
            type_name: self.text(block.ty).to_owned(),
            labels: labels
                .iter()
                .map(|l| self.file.tree.label_value(l, src).to_owned())
                .collect(),
            body: Body::new(body),
            def_range: Range {
                end: self.file.source.pos_after(type_range.end, last_header.end),
                ..type_range.clone()
            },
            type_range: type_range.clone(),
            label_ranges: labels
                .iter()
                .map(|l| {
                    let start = self.file.source.pos_after(type_range.end, l.span.start);
                    Range {
                        filename: self.file.source.name_arc().clone(),
                        start,
                        end: self.file.source.pos_after(start, l.span.end),
                    }
                })
                .collect(),
        }
    }

    /// Checks a block's labels against its schema; `None` when they fit.
    fn label_problem(&self, block: &ast::Block, label_names: &[String]) -> Option<Diagnostic> {
        let labels = self.file.tree.labels(block);
        let problem = label_count_problem(self.text(block.ty), label_names, labels.len())?;
        // The first label too many, or the brace where one is missing.
        let subject = labels
            .get(label_names.len())
            .map_or(block.open_brace(), |extra| extra.span);
        Some(
            problem
                .with_subject(self.range(subject))
                .with_context(self.range(block.ty.to(block.open_brace()))),
        )
    }

    /// The schema's attributes and blocks, in the order hclsyntax reports
    /// them, and whether the schema is valid (if not, the diagnostic says so).
    ///
    /// With a valid schema, also says how many visible blocks are of a type
    /// the schema names (so whether any block is left over).
    fn claim(&self, schema: &BodySchema) -> (BodyContent, Diagnostics, Option<usize>) {
        let mut diags = Diagnostics::new();
        let missing = self.missing_item_range();
        if let Err(e) = schema.validate() {
            diags.push(e.into());
            return (BodyContent::empty(missing), diags, None);
        }
        let body = self.ast();
        // Sized up front: growing these one push at a time reallocates
        // several times per body.
        let mut content = BodyContent {
            attributes: Attributes::with_capacity(
                schema.attributes.len().min(body.attributes.len()),
            ),
            blocks: Vec::with_capacity(if schema.blocks.is_empty() {
                0
            } else {
                body.blocks.len()
            }),
            missing_item_range: missing.clone(),
        };
        let mut near = missing.start;
        for attr_schema in &schema.attributes {
            let found = self
                .visible_attrs()
                // Lengths first: most names differ in length, and slicing
                // the source costs more than comparing two numbers.
                .find(|(_, a)| {
                    a.name.len() as usize == attr_schema.name.len()
                        && self.text(a.name) == attr_schema.name
                });
            match found {
                Some(attr) => {
                    // The parser keeps names unique, so this cannot clash.
                    let _ = content.attributes.insert(self.attribute(attr, &mut near));
                }
                None if attr_schema.required => diags.push(
                    crate::body::missing_required_argument(&attr_schema.name)
                        .with_subject(missing.clone()),
                ),
                None => {}
            }
        }
        let mut claimed_blocks = 0;
        for block in self.visible_blocks() {
            let Some(block_schema) = schema.find_block(self.text(block.ty)) else {
                continue;
            };
            claimed_blocks += 1;
            match self.label_problem(block, &block_schema.label_names) {
                Some(d) => diags.push(d),
                None => content.blocks.push(self.block(block, &mut near)),
            }
        }
        (content, diags, Some(claimed_blocks))
    }

    /// The content and the rest; no rest when the schema is invalid.
    fn partial(&self, schema: &BodySchema) -> (BodyContent, Option<NativeBody>, Diagnostics) {
        let (content, diags, valid) = self.claim(schema);
        if valid.is_none() {
            return (content, None, diags);
        }
        let mut hidden_attrs = self.hidden_attrs.as_deref().cloned().unwrap_or_default();
        hidden_attrs.extend(content.attributes.iter().map(|a| a.name.clone()));
        // Hidden only now, so that every block of a claimed type is seen.
        let mut hidden_blocks = self.hidden_blocks.as_deref().cloned().unwrap_or_default();
        hidden_blocks.extend(schema.blocks.iter().map(|b| b.type_name.clone()));
        let rest = NativeBody {
            file: self.file.clone(),
            id: self.id,
            hidden_attrs: Some(Arc::new(hidden_attrs)),
            hidden_blocks: Some(Arc::new(hidden_blocks)),
            line_hint: self.line_hint,
        };
        (content, Some(rest), diags)
    }
}

impl BodyImpl for NativeBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        // What partial processing would leave is found without building the
        // leftover body: an attribute or block the schema does not name.
        let (content, mut diags, claimed_blocks) = self.claim(schema);
        let Some(claimed_blocks) = claimed_blocks else {
            return (content, diags);
        };
        // Names are unique, so when every attribute and block of a fresh
        // body was claimed nothing is left over, and the search is skipped.
        if self.hides_nothing()
            && content.attributes.len() == self.ast().attributes.len()
            && claimed_blocks == self.ast().blocks.len()
        {
            return (content, diags);
        }
        let rest = self;
        let leftover_attrs = self
            .visible_attrs()
            .filter(|(_, a)| schema.find_attribute(self.text(a.name)).is_none());
        for (_, attr) in leftover_attrs {
            let name = rest.text(attr.name);
            let unused = schema
                .attributes
                .iter()
                .map(|a| a.name.as_str())
                .filter(|n| content.attributes.get(n).is_none());
            let hint = match closest(name, unused) {
                Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
                None if schema.find_block(name).is_some() => {
                    format!(
                        " Did you mean to define a block of type {name}?",
                        name = quoted(name)
                    )
                }
                None => String::new(),
            };
            diags.push(
                Diagnostic::error(
                    "Unsupported argument",
                    format!(
                        "An argument named {name} is not expected here.{hint}",
                        name = quoted(name)
                    ),
                )
                .with_subject(rest.range(attr.name)),
            );
        }
        let leftover_blocks = self
            .visible_blocks()
            .filter(|b| schema.find_block(self.text(b.ty)).is_none());
        for block in leftover_blocks {
            let name = rest.text(block.ty);
            let types = schema.blocks.iter().map(|b| b.type_name.as_str());
            let hint = match closest(name, types) {
                Some(s) => format!(" Did you mean {s}?", s = quoted(s)),
                None if schema.find_attribute(name).is_some() => format!(
                    " Did you mean to define argument {name}? If so, use the equals sign to assign it a value.",
                    name = quoted(name)
                ),
                None => String::new(),
            };
            diags.push(
                Diagnostic::error(
                    "Unsupported block type",
                    format!(
                        "Blocks of type {name} are not expected here.{hint}",
                        name = quoted(name)
                    ),
                )
                .with_subject(rest.range(block.ty)),
            );
        }
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        let (content, rest, diags) = self.partial(schema);
        (
            content,
            Body::new(rest.unwrap_or_else(|| self.clone())),
            diags,
        )
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut diags = Diagnostics::new();
        if let Some(block) = self.visible_blocks().next() {
            diags.push(
                Diagnostic::error(
                    format!("Unexpected {} block", quoted(self.text(block.ty))),
                    "Blocks are not allowed here.",
                )
                .with_subject(self.range(block.ty)),
            );
        }
        let mut attrs = Attributes::new();
        let mut near = self.missing_item_range().start;
        for attr in self.visible_attrs() {
            let _ = attrs.insert(self.attribute(attr, &mut near));
        }
        (attrs, diags)
    }

    fn all_content(&self) -> (BodyContent, Diagnostics) {
        let missing = self.missing_item_range();
        let mut content = BodyContent {
            attributes: Attributes::with_capacity(self.ast().attributes.len()),
            blocks: Vec::with_capacity(self.ast().blocks.len()),
            missing_item_range: missing.clone(),
        };
        let mut near = missing.start;
        for attr in self.visible_attrs() {
            // The parser keeps names unique, so this cannot clash.
            let _ = content.attributes.insert(self.attribute(attr, &mut near));
        }
        let mut near = missing.start;
        for block in self.visible_blocks() {
            content.blocks.push(self.block(block, &mut near));
        }
        (content, Diagnostics::new())
    }

    fn sources(&self) -> Vec<SourceFile> {
        vec![self.file.source.clone()]
    }

    fn missing_item_range(&self) -> Range {
        let start = self.ast().span.start;
        let pos = self
            .file
            .source
            .pos_from_line(start, self.line_hint as usize);
        Range {
            filename: self.file.source.name_arc().clone(),
            start: pos,
            end: pos,
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Parses a native-syntax configuration file straight to its [`Body`]
/// handle (see [`parse_config`] for the tree).
pub fn parse_body(file: &SourceFile, options: &Limits) -> (Body, Diagnostics) {
    let (f, diags) = parse_config(file, options);
    (f.to_body(), diags)
}

/// Like [`parse_body`], from bytes that may not be UTF-8 (see
/// [`parse_bytes`]).
pub fn parse_body_bytes(name: &str, bytes: &[u8], options: &Limits) -> (Body, Diagnostics) {
    let (f, diags) = parse_bytes(name, bytes, options);
    (f.to_body(), diags)
}
