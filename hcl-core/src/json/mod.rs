//! The HCL JSON syntax (`hcl-json-syntax.md`).
//!
//! - [`syntax`]: JSON text to its syntax tree of spanned
//!   [`syntax::Node`]s, which keeps property order, duplicate names and
//!   exact number text: what a tool that reports positions in JSON files
//!   reads (the JSON counterpart of [`crate::native::File`]).
//! - [`parse_body`]: a file to its [`Body`], which maps object properties to
//!   attributes and blocks as a schema asks, with values as
//!   [`Expression`]s; [`parse_expression`]: a standalone JSON value as an
//!   [`Expression`]. Both parse within the [`Limits`] given.
//!
//! ```
//! use hcl_core::json::parse_body;
//! use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
//! use hcl_core::{Limits, SourceFile, Value};
//!
//! let src = SourceFile::new("main.tf.json", r#"{"service": {"web": {"port": 80}}}"#);
//! let (body, diags) = parse_body(&src, &Limits::DEFAULT);
//! assert!(diags.is_empty());
//! let schema = BodySchema::new().block(BlockHeaderSchema::new("service", ["name"]));
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty());
//! let block = &content.blocks[0];
//! assert_eq!(block.labels, ["web"]);
//! let (attrs, _) = block.body.just_attributes();
//! assert_eq!(attrs.get("port").unwrap().expr.value(None).0, Value::from(80));
//! ```

mod body;
mod columns;
pub(crate) mod expression;
mod literal;
mod node_ref;
pub(crate) mod parser;
mod scanner;
mod text;

pub(crate) use body::JsonBody;

/// The JSON syntax tree: what [`syntax::parse`] makes of a JSON text.
///
/// A plain, read-only tree: each [`Node`] has the bytes it
/// spans and its kind; objects keep their properties in source order with
/// duplicates, strings are decoded, numbers keep their exact text. The
/// scanner and the parser that build it are private.
///
/// ```
/// use hcl_core::json::syntax::{parse, NodeKind};
/// use hcl_core::SourceFile;
///
/// let (root, diags) = parse(&SourceFile::new("a.json", r#"{"a": [1.50, "x"]}"#), &Default::default());
/// assert!(diags.is_empty());
/// let NodeKind::Object(props) = &root.kind else { unreachable!() };
/// assert_eq!(&*props[0].key, "a");
/// let NodeKind::Array(items) = &props[0].value.kind else { unreachable!() };
/// assert!(matches!(&items[0].kind, NodeKind::Number(n) if &**n == "1.50"));
/// ```
pub mod syntax {
    pub use super::parser::{parse, Node, NodeKind, Property};
    pub use super::text::Text;
}
pub(crate) use expression::JsonExpression;

use crate::body::{Body, Expression};
use crate::diag::{Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::pos::{ByteSpan, SourceFile};
use node_ref::NodeRef;
use parser::{Node, NodeKind};

/// Parses a JSON-syntax configuration file to its root [`Body`].
///
/// The root must be an object or an array of objects ("Root value must be
/// object" otherwise, and the body is then empty). `limits` bound the
/// nesting depth and the diagnostics kept.
pub fn parse_body(file: &SourceFile, limits: &Limits) -> (Body, Diagnostics) {
    let mut diags = Diagnostics::with_limit(limits.max_diagnostics);
    let mut root = parser::parse_with(file, limits, &mut diags);
    match root.kind {
        NodeKind::Object(_) | NodeKind::Array(_) => {}
        _ => {
            if root.kind != NodeKind::Invalid {
                diags.push(
                    Diagnostic::error(
                        "Root value must be object",
                        "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
                    )
                    .with_subject(file.range(root.start_span())),
                );
            }
            root = Node {
                span: ByteSpan::new(0, 0),
                kind: NodeKind::Object(Vec::new()),
            };
        }
    }
    let body = JsonBody::new(NodeRef::root(file.clone(), root));
    (Body::new(body), diags)
}

/// Parses a standalone JSON value as an [`Expression`], within `limits`.
///
/// ```
/// use hcl_core::json::parse_expression;
/// use hcl_core::{Limits, SourceFile, Value};
/// let src = SourceFile::new("<json>", "[1, \"two\"]");
/// let (expr, diags) = parse_expression(&src, &Limits::DEFAULT);
/// assert!(diags.is_empty());
/// assert_eq!(expr.value(None).0, Value::tuple([Value::from(1), Value::string("two")]));
/// ```
pub fn parse_expression(file: &SourceFile, limits: &Limits) -> (Expression, Diagnostics) {
    let (root, diags) = parser::parse(file, limits);
    let at = NodeRef::root(file.clone(), root);
    (Expression::new(JsonExpression::new(at)), diags)
}
