//! The variables a body with dynamic blocks needs, block by block.

use std::sync::Arc;

use super::iteration::Iteration;
use super::{dynamic_block_schema, DYNAMIC};
use crate::body::Body;
use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::static_analysis::abs_traversal_for_expr;
use crate::traversal::Traversal;
use crate::Value;

/// A body to walk for the variables it needs: [`visit`](Self::visit) it
/// with the schema the application applies to it, then visit each child
/// with the schema for its block type.
///
/// ```
/// use hcl_core::ext::dynblock;
/// use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
///
/// let src = "dynamic \"b\" {\n  for_each = var.items\n  content {\n    x = b.value + local.n\n  }\n}\n";
/// let (body, _) = hcl_core::load::parse_source("main.hcl", src);
/// let root = BodySchema::new().block(BlockHeaderSchema::new("b", [] as [&str; 0]));
/// let (vars, children) = dynblock::walk_variables(body).visit(&root);
/// assert_eq!(vars[0].root_name(), Some("var"));
/// assert_eq!(children[0].block_type, "b");
/// let inner = BodySchema::new().attribute(AttributeSchema::optional("x"));
/// let (vars, _) = children[0].node.visit(&inner);
/// // `b` is the iterator: only `local.n` is needed.
/// let names: Vec<_> = vars.iter().map(|t| t.root_name().unwrap()).collect();
/// assert_eq!(names, ["local"]);
/// ```
#[derive(Clone, Debug)]
pub struct WalkVariablesNode {
    body: Body,
    iteration: Option<Arc<Iteration>>,
    include_content: bool,
}

/// A block found by [`WalkVariablesNode::visit`], to visit in turn.
#[derive(Clone, Debug)]
pub struct WalkVariablesChild {
    /// The block's type (the real one, for a `dynamic` block's content).
    pub block_type: String,
    /// Its body.
    pub node: WalkVariablesNode,
}

/// Walks every variable `body` needs: those of `for_each` and `labels` and
/// those of attributes, without iterator variables.
pub fn walk_variables(body: Body) -> WalkVariablesNode {
    WalkVariablesNode {
        body,
        iteration: None,
        include_content: true,
    }
}

/// Walks only the variables needed to expand `body`'s dynamic blocks: those
/// of `for_each` and `labels`.
pub fn walk_expand_variables(body: Body) -> WalkVariablesNode {
    WalkVariablesNode {
        body,
        iteration: None,
        include_content: false,
    }
}

impl WalkVariablesNode {
    /// The body walked.
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// The variables this body needs directly under `schema`, and its
    /// blocks to visit next. Problems in the body are ignored here: they
    /// show when it is decoded.
    pub fn visit(&self, schema: &BodySchema) -> (Vec<Traversal>, Vec<WalkVariablesChild>) {
        let mut ext = schema.clone();
        ext.blocks.push(dynamic_block_schema());
        let (content, _, _) = self.body.partial_content(&ext);
        let mut vars = Vec::new();
        let defined = |t: &Traversal, it: Option<&Arc<Iteration>>| {
            it.is_some_and(|it| t.root_name().is_some_and(|n| it.defines(n)))
        };
        if self.include_content {
            for attr in content.attributes.iter() {
                vars.extend(
                    attr.expr
                        .variables()
                        .into_iter()
                        .filter(|t| !defined(t, self.iteration.as_ref())),
                );
            }
        }
        let mut children = Vec::new();
        for block in content.blocks {
            if block.type_name != DYNAMIC {
                children.push(WalkVariablesChild {
                    block_type: block.type_name,
                    node: WalkVariablesNode {
                        body: block.body,
                        iteration: self.iteration.clone(),
                        include_content: self.include_content,
                    },
                });
                continue;
            }
            let Some(real) = block.labels.first().cloned() else {
                continue;
            };
            let inner_schema = BodySchema::new()
                .attribute(AttributeSchema::optional("for_each"))
                .attribute(AttributeSchema::optional("labels"))
                .attribute(AttributeSchema::optional("iterator"))
                .block(BlockHeaderSchema::new("content", [] as [&str; 0]));
            let (inner, _, _) = block.body.partial_content(&inner_schema);
            let mut iterator = real.clone();
            if let Some(attr) = inner.attributes.get("iterator") {
                match abs_traversal_for_expr(&attr.expr)
                    .ok()
                    .and_then(|t| t.root_name().map(str::to_owned))
                {
                    Some(name) => iterator = name,
                    None => continue,
                }
            }
            let it = Iteration::child_of(
                self.iteration.as_ref(),
                iterator,
                Value::dynamic(),
                Value::dynamic(),
            );
            // `for_each` is evaluated outside the block: its own iterator is
            // not defined there, outer ones are.
            if let Some(attr) = inner.attributes.get("for_each") {
                vars.extend(
                    attr.expr
                        .variables()
                        .into_iter()
                        .filter(|t| !t.root_name().is_some_and(|n| it.inherited.contains_key(n))),
                );
            }
            if let Some(attr) = inner.attributes.get("labels") {
                vars.extend(
                    attr.expr
                        .variables()
                        .into_iter()
                        .filter(|t| !defined(t, Some(&it))),
                );
            }
            for content_block in inner.blocks {
                children.push(WalkVariablesChild {
                    block_type: real.clone(),
                    node: WalkVariablesNode {
                        body: content_block.body,
                        iteration: Some(it.clone()),
                        include_content: self.include_content,
                    },
                });
            }
        }
        (vars, children)
    }
}
