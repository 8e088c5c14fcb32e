//! Dynamic blocks: a body in which `dynamic "type" { ... }` blocks stand
//! for any number of blocks of `type`, one per element of a collection.
//!
//! ```hcl
//! dynamic "service" {
//!   for_each = var.services       # any list, set, tuple, map or object
//!   iterator = svc                # optional; defaults to the block type
//!   labels   = [svc.key]          # required when `service` has labels
//!   content {                     # the body of each generated block
//!     port = svc.value.port
//!   }
//! }
//! ```
//!
//! [`expand`](fn@expand) wraps a body so that processing it with a schema (`content`,
//! `partial_content`) generates the blocks: for each element, a block of
//! the type with the evaluated labels, whose body is the `content` block's
//! with the iterator variable (`svc.key`, `svc.value`) defined for its
//! expressions. Dynamic blocks nest, and inner ones see the outer
//! iterators. A `for_each` whose value is unknown generates one block whose
//! attributes are all unknown. The schema asks for the real block type
//! (`service`); `dynamic` is recognised on the way.
//!
//! [`WalkVariablesNode`] lists the variables a body needs, block by block,
//! without the iterator variables: what an application must define before
//! it can expand and decode (`walk_variables`, everything;
//! `walk_expand_variables`, only what `for_each` and `labels` need).
//!
//! ```
//! use hcl_core::ext::dynblock;
//! use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
//! use hcl_core::{load, EvalContext, Value};
//!
//! let src = r#"
//! dynamic "service" {
//!   for_each = { web = 80, api = 8080 }
//!   labels   = [service.key]
//!   content {
//!     port = service.value
//!   }
//! }
//! "#;
//! let (body, diags) = load::parse_source("main.hcl", src);
//! assert!(diags.is_empty());
//! let ctx = EvalContext::new();
//! let body = dynblock::expand(body, &ctx);
//! let schema = BodySchema::new().block(BlockHeaderSchema::new("service", ["name"]));
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty());
//! let inner = BodySchema::new().attribute(AttributeSchema::required("port"));
//! let ports: Vec<(String, Value)> = content
//!     .blocks
//!     .iter()
//!     .map(|b| {
//!         let (c, _) = b.body.content(&inner);
//!         (b.labels[0].clone(), c.attributes.get("port").unwrap().expr.value(Some(&ctx)).0)
//!     })
//!     .collect();
//! assert_eq!(ports, [("api".to_owned(), Value::from(8080)), ("web".to_owned(), Value::from(80))]);
//! ```

mod expand;
mod iteration;
mod unknown;
mod variables;

#[cfg(test)]
mod test;

pub use expand::expand;
pub use variables::{walk_expand_variables, walk_variables, WalkVariablesChild, WalkVariablesNode};

use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};

/// The block type that declares dynamic blocks, with the real type as its
/// label.
const DYNAMIC: &str = "dynamic";

fn dynamic_block_schema() -> BlockHeaderSchema {
    BlockHeaderSchema::new(DYNAMIC, ["type"])
}

/// The body of a `dynamic` block, for a real block type with labels or
/// without.
fn dynamic_body_schema(labels: bool) -> BodySchema {
    let schema = BodySchema::new()
        .attribute(AttributeSchema::required("for_each"))
        .attribute(AttributeSchema::optional("iterator"));
    let schema = if labels {
        schema.attribute(AttributeSchema::required("labels"))
    } else {
        schema
    };
    schema.block(BlockHeaderSchema::new("content", [] as [&str; 0]))
}
