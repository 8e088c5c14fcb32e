//! The expanding body: schema processing that generates blocks from
//! `dynamic` blocks.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::iteration::{IteratedExpr, Iteration};
use super::unknown::UnknownBody;
use super::{dynamic_block_schema, dynamic_body_schema, DYNAMIC};
use crate::body::{Attribute, Attributes, Block, Body, BodyContent, BodyImpl, Expression};
use crate::diag::quoted;
use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::static_analysis::{abs_traversal_for_expr, expr_list};
use crate::value::convert;
use crate::{Diagnostic, Diagnostics, EvalContext, Range, Type, Value};

/// Wraps `body` so that its `dynamic` blocks generate blocks when it is
/// processed with a schema; `for_each` and `labels` are evaluated in `ctx`
/// (see the [module documentation](super)).
pub fn expand(body: Body, ctx: &EvalContext) -> Body {
    Body::new(ExpandBody {
        original: body,
        ctx: Arc::new(ctx.clone()),
        iteration: None,
        hidden_attrs: BTreeSet::new(),
        hidden_blocks: BTreeMap::new(),
    })
}

#[derive(Debug)]
struct ExpandBody {
    original: Body,
    /// Where `for_each` and `labels` are evaluated: the caller's context,
    /// with the iterators of the dynamic blocks around this body.
    ctx: Arc<EvalContext>,
    /// Set in a generated block's body (and the bodies inside it).
    iteration: Option<Arc<Iteration>>,
    /// What an earlier partial processing claimed.
    hidden_attrs: BTreeSet<String>,
    hidden_blocks: BTreeMap<String, BlockHeaderSchema>,
}

/// A `dynamic` block's arguments, checked.
struct Spec {
    block_type: String,
    type_range: Range,
    def_range: Range,
    for_each: Value,
    iterator: String,
    labels: Vec<Expression>,
    content: Body,
}

impl ExpandBody {
    /// The schema asked of the original body: the caller's, `dynamic`, and
    /// what was claimed before (so that it is not reported as unexpected).
    fn extend(&self, schema: &BodySchema) -> BodySchema {
        let mut ext = schema.clone();
        ext.blocks.push(dynamic_block_schema());
        ext.blocks.extend(self.hidden_blocks.values().cloned());
        ext.attributes.extend(
            self.hidden_attrs
                .iter()
                .map(|n| AttributeSchema::optional(n.clone())),
        );
        ext
    }

    fn attributes(&self, raw: Attributes) -> Attributes {
        let mut out = Attributes::new();
        for attr in raw {
            if self.hidden_attrs.contains(&attr.name) {
                continue;
            }
            let attr = match &self.iteration {
                Some(it) => Attribute {
                    expr: Expression::new(IteratedExpr {
                        expr: attr.expr.clone(),
                        iteration: it.clone(),
                    }),
                    ..attr
                },
                None => attr,
            };
            let _ = out.insert(attr);
        }
        out
    }

    fn process(
        &self,
        schema: &BodySchema,
        raw: BodyContent,
        partial: bool,
    ) -> (BodyContent, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut blocks = Vec::new();
        for block in raw.blocks {
            if block.type_name != DYNAMIC {
                if !self.hidden_blocks.contains_key(&block.type_name) {
                    let body = self.child(block.body.clone(), self.iteration.clone());
                    blocks.push(Block { body, ..block });
                }
                continue;
            }
            let Some(real) = block.labels.first() else {
                continue;
            };
            if self.hidden_blocks.contains_key(real) {
                continue;
            }
            let Some(header) = schema.find_block(real) else {
                if !partial {
                    let d = Diagnostic::error(
                        "Unsupported block type",
                        format!(
                            "Blocks of type {real} are not expected here.",
                            real = quoted(real)
                        ),
                    );
                    diags.push(match block.label_ranges.first() {
                        Some(r) => d.with_subject(r.clone()),
                        None => d,
                    });
                }
                continue;
            };
            let Some(spec) = self.spec(header, &block, &mut diags) else {
                continue;
            };
            self.generate(&spec, &mut blocks, &mut diags);
        }
        let content = BodyContent {
            attributes: self.attributes(raw.attributes),
            blocks,
            missing_item_range: raw.missing_item_range,
        };
        (content, diags)
    }

    /// Reads and checks a `dynamic` block's arguments.
    fn spec(
        &self,
        header: &BlockHeaderSchema,
        block: &Block,
        diags: &mut Diagnostics,
    ) -> Option<Spec> {
        let wants_labels = !header.label_names.is_empty();
        let (content, d) = block.body.content(&dynamic_body_schema(wants_labels));
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            return None;
        }
        let each = content.attributes.get("for_each")?;
        let (for_each, d) = each.expr.value(Some(&self.ctx));
        diags.extend(d);
        let ty = for_each.ty();
        let iterable = ty.is_collection() || ty.is_structural() || ty.is_dynamic();
        let invalid = |detail: String| {
            Diagnostic::error("Invalid dynamic for_each value", detail)
                .with_subject(each.expr.range())
        };
        if !iterable {
            diags.push(invalid(format!(
                "Cannot use a {} value in for_each. An iterable collection is required.",
                ty.friendly_name()
            )));
            return None;
        }
        if for_each.is_null() {
            diags.push(invalid("Cannot use a null value in for_each.".into()));
            return None;
        }
        let mut iterator = header.type_name.clone();
        if let Some(attr) = content.attributes.get("iterator") {
            let traversal = match abs_traversal_for_expr(&attr.expr) {
                Ok(t) => t,
                Err(d) => {
                    diags.extend(d);
                    return None;
                }
            };
            match (traversal.len(), traversal.root_name()) {
                (1, Some(name)) => iterator = name.to_owned(),
                _ => {
                    let d = Diagnostic::error(
                        "Invalid dynamic iterator name",
                        "Dynamic iterator must be a single variable name.",
                    );
                    diags.push(match traversal.range() {
                        Some(r) => d.with_subject(r),
                        None => d,
                    });
                    return None;
                }
            }
        }
        let mut labels = Vec::new();
        if let Some(attr) = content.attributes.get("labels") {
            labels = match expr_list(&attr.expr) {
                Ok(l) => l,
                Err(d) => {
                    diags.extend(d);
                    return None;
                }
            };
            let want = header.label_names.len();
            let detail = format!(
                "Blocks of type {} require {want} label(s).",
                quoted(&header.type_name)
            );
            if labels.len() > want {
                diags.push(
                    Diagnostic::error("Extraneous dynamic block label", detail)
                        .with_subject(labels[want].range()),
                );
                return None;
            }
            if labels.len() < want {
                diags.push(
                    Diagnostic::error("Insufficient dynamic block labels", detail)
                        .with_subject(attr.expr.range()),
                );
                return None;
            }
        }
        let mut contents = content.blocks.into_iter();
        let Some(first) = contents.next() else {
            diags.push(
                Diagnostic::error(
                    "Missing dynamic content block",
                    "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
                )
                .with_subject(content.missing_item_range),
            );
            return None;
        };
        if let Some(second) = contents.next() {
            diags.push(
                Diagnostic::error(
                    "Extraneous dynamic content block",
                    "Only one nested content block is allowed for each dynamic block.",
                )
                .with_subject(second.def_range),
            );
            return None;
        }
        Some(Spec {
            block_type: header.type_name.clone(),
            type_range: block
                .label_ranges
                .first()
                .cloned()
                .unwrap_or_else(|| block.type_range.clone()),
            def_range: block.def_range.clone(),
            for_each,
            iterator,
            labels,
            content: first.body,
        })
    }

    /// The blocks of one `dynamic` block: one per element, or one with
    /// unknown attributes when the collection is not known.
    fn generate(&self, spec: &Spec, blocks: &mut Vec<Block>, diags: &mut Diagnostics) {
        let parent = self.iteration.as_ref();
        let Some(elements) = crate::native::eval::elements(&spec.for_each) else {
            let it = Iteration::child_of(
                parent,
                spec.iterator.clone(),
                Value::dynamic(),
                Value::dynamic(),
            );
            if let Some(mut block) = self.block(spec, &it, diags) {
                block.body = Body::new(UnknownBody(self.child(block.body, Some(it))));
                blocks.push(block);
            }
            return;
        };
        for (key, value) in elements {
            let it = Iteration::child_of(parent, spec.iterator.clone(), key, value);
            if let Some(mut block) = self.block(spec, &it, diags) {
                block.body = self.child(block.body, Some(it));
                blocks.push(block);
            }
        }
    }

    /// One generated block, its labels evaluated with the iterators.
    fn block(&self, spec: &Spec, it: &Iteration, diags: &mut Diagnostics) -> Option<Block> {
        let ctx = it.eval_context(Some(&self.ctx));
        let mut labels = Vec::new();
        let mut label_ranges = Vec::new();
        for expr in &spec.labels {
            let (value, d) = expr.value(Some(&ctx));
            let failed = d.has_errors();
            diags.extend(d);
            if failed {
                return None;
            }
            let invalid = |detail: String| {
                Diagnostic::error("Invalid dynamic block label", detail).with_subject(expr.range())
            };
            let label = match convert(&value, &Type::String) {
                Err(e) => {
                    diags.push(invalid(format!(
                        "Cannot use this value as a dynamic block label: {e}."
                    )));
                    return None;
                }
                Ok(Value::String(s)) => s.as_str().to_owned(),
                Ok(v) if v.is_null() => {
                    diags.push(invalid(
                        "Cannot use a null value as a dynamic block label.".into(),
                    ));
                    return None;
                }
                Ok(_) => {
                    diags.push(invalid(
                        "This value is not yet known. Dynamic block labels must be immediately-known values.".into(),
                    ));
                    return None;
                }
            };
            labels.push(label);
            label_ranges.push(expr.range());
        }
        Some(Block {
            type_name: spec.block_type.clone(),
            labels,
            body: spec.content.clone(),
            def_range: spec.def_range.clone(),
            type_range: spec.type_range.clone(),
            label_ranges,
        })
    }

    /// A nested body, expanded in turn, its expressions seeing `iteration`.
    fn child(&self, body: Body, iteration: Option<Arc<Iteration>>) -> Body {
        let ctx = match &iteration {
            Some(it) => Arc::new(it.eval_context(Some(&self.ctx))),
            None => self.ctx.clone(),
        };
        Body::new(ExpandBody {
            original: body,
            ctx,
            iteration,
            hidden_attrs: BTreeSet::new(),
            hidden_blocks: BTreeMap::new(),
        })
    }
}

impl BodyImpl for ExpandBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (raw, mut diags) = self.original.content(&self.extend(schema));
        let (content, more) = self.process(schema, raw, false);
        diags.extend(more);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Body, Diagnostics) {
        let (raw, _, mut diags) = self.original.partial_content(&self.extend(schema));
        let (content, more) = self.process(schema, raw, true);
        diags.extend(more);
        let mut hidden_attrs = self.hidden_attrs.clone();
        hidden_attrs.extend(schema.attributes.iter().map(|a| a.name.clone()));
        let mut hidden_blocks = self.hidden_blocks.clone();
        hidden_blocks.extend(
            schema
                .blocks
                .iter()
                .map(|b| (b.type_name.clone(), b.clone())),
        );
        let remain = ExpandBody {
            original: self.original.clone(),
            ctx: self.ctx.clone(),
            iteration: self.iteration.clone(),
            hidden_attrs,
            hidden_blocks,
        };
        (content, Body::new(remain), diags)
    }

    fn just_attributes(&self) -> (crate::body::Attributes, Diagnostics) {
        self.original.just_attributes()
    }

    fn sources(&self) -> Vec<crate::SourceFile> {
        self.original.sources()
    }

    fn missing_item_range(&self) -> Range {
        self.original.missing_item_range()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
