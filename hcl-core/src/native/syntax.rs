//! The syntax tree of the native syntax, as tools read it: a read-only view
//! of every body, attribute, block and expression, with the source ranges
//! and text of each.
//!
//! The parser stores a file compactly (a flat arena of bodies, attributes
//! and blocks; expressions whose text stays in the source; the commonest
//! forms of strings and traversals kept in short special forms). None of
//! that shows here: every string-like expression is a [`TemplateNode`],
//! every variable reference a [`TraversalNode`] whose [`Step`]s are the
//! same whatever the parser stored, and every node is a small `Copy`
//! handle that borrows the [`File`].
//!
//! ```
//! use hcl_core::native::{parse_config, ExprKind, StepKind};
//! use hcl_core::SourceFile;
//!
//! let src = SourceFile::new("main.tf", "resource \"aws_instance\" \"web\" {\n  ami = var.amis[\"eu\"]\n}\n");
//! let (file, diags) = parse_config(&src, &Default::default());
//! assert!(diags.is_empty());
//! let block = file.body().blocks().next().unwrap();
//! assert_eq!(block.type_name(), "resource");
//! let labels: Vec<&str> = block.labels().map(|l| l.value()).collect();
//! assert_eq!(labels, ["aws_instance", "web"]);
//! let ami = block.body().attribute("ami").unwrap();
//! let ExprKind::Traversal(t) = ami.expr().kind() else { panic!() };
//! assert_eq!(t.root_name(), "var");
//! let steps: Vec<StepKind> = t.steps().map(|s| s.kind()).collect();
//! assert_eq!(steps.len(), 2);
//! assert_eq!(t.to_traversal().to_string(), "var.amis[\"eu\"]");
//! ```

use std::sync::Arc;

use crate::body::{Body, Expression};
use crate::diag::Diagnostics;
use crate::eval::EvalContext;
use crate::native::ast::{self, BodyId, ParsedFile, Tree};
use crate::native::body::NativeBody;
use crate::native::expression::NativeExpression;
use crate::pos::{ByteSpan, Range, SourceFile};
use crate::traversal::{path_root, path_step, PathStep, SourceStep, Traversal, Traverser};
use crate::value::{Number, Type, Value};

pub use ast::{BinaryOp, UnaryOp};

/// The accessors of what a `for` binds and iterates over, the same for a
/// `for` expression and a template's `for` directive (both nodes hold
/// `source` and a `node` with `key_var`, `value_var` and `collection`).
macro_rules! for_intro_accessors {
    () => {
        /// The key variable, when two names are given.
        pub fn key_var(self) -> Option<&'a str> {
            self.node.key_var.map(|k| k.text(self.source.text()))
        }

        /// The value variable.
        pub fn value_var(self) -> &'a str {
            self.node.value_var.text(self.source.text())
        }

        /// The collection iterated over.
        pub fn collection(self) -> ExprNode<'a> {
            ExprNode::new(self.source, &self.node.collection)
        }
    };
}

mod body;
mod collection;
mod expr;
mod template;
mod traversal;
mod variables;

pub use body::{AttributeNode, BlockNode, BodyItem, BodyNode, LabelNode};
pub use collection::{
    CallNode, ForNode, Items, ObjectItemNode, ObjectKeyNode, ObjectNode, SplatNode,
};
pub use expr::{ExprKind, ExprNode, Literal};
use template::TemplateRepr;
pub use template::{
    InterpolationNode, TemplateForNode, TemplateIfNode, TemplateKind, TemplateNode, TemplatePart,
    TemplateParts, TemplateText,
};
pub(crate) use traversal::source_traversal;
pub use traversal::{Step, StepKind, Steps, TraversalNode};
use variables::VariableWalk;

/// A parsed native-syntax configuration file: its syntax tree and the
/// source its ranges refer to. Cheap to clone (both are shared, in one
/// allocation).
#[derive(Clone, Debug)]
pub struct File {
    pub(crate) parsed: Arc<ParsedFile>,
    pub(crate) root: BodyId,
}

impl File {
    /// The top-level body.
    pub fn body(&self) -> BodyNode<'_> {
        BodyNode {
            cx: self.cx(),
            id: self.root,
            body: self.parsed.tree.body(self.root),
        }
    }

    /// The source the file was parsed from.
    pub fn source(&self) -> &SourceFile {
        &self.parsed.source
    }

    /// The top-level body as a [`Body`] handle, for schema-driven
    /// processing and decoding.
    pub fn to_body(&self) -> Body {
        Body::new(NativeBody::new(self.parsed.clone(), self.root))
    }

    fn cx(&self) -> Cx<'_> {
        Cx::of(&self.parsed)
    }

    /// The tree, for the parser's tests.
    #[cfg(test)]
    pub(crate) fn tree(&self) -> &Tree {
        &self.parsed.tree
    }

    /// The top-level body's node in the tree, for the parser's tests.
    #[cfg(test)]
    pub(crate) fn root_body(&self) -> &ast::Body {
        self.parsed.tree.body(self.root)
    }
}

/// What body-level nodes carry: the shared file (bodies refer to their
/// items by id in its tree; its source gives text and ranges; handles made
/// from a node keep it). One pointer, so that the nodes stay small.
#[derive(Clone, Copy)]
struct Cx<'a> {
    file: &'a Arc<ParsedFile>,
}

impl<'a> Cx<'a> {
    fn of(file: &'a Arc<ParsedFile>) -> Cx<'a> {
        Cx { file }
    }

    #[inline]
    fn tree(self) -> &'a Tree {
        &self.file.tree
    }

    #[inline]
    fn source(self) -> &'a SourceFile {
        &self.file.source
    }
}

#[cfg(test)]
pub(crate) mod test;

/// Nodes show their kind and where they are written (the tree itself is
/// the parser's storage).
macro_rules! debug_by_range {
    ($($node:ident),*) => {$(
        impl std::fmt::Debug for $node<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_tuple(stringify!($node)).field(&self.range()).finish()
            }
        }
    )*};
}

debug_by_range!(BodyNode, AttributeNode, BlockNode, ExprNode);
