//! [`NodeRef`]: a shared handle to one node of a parsed JSON tree.
//!
//! Bodies and expressions must be owned and `'static`, but the tree owns
//! its children directly; rather than copy a subtree for every block and
//! attribute, a handle keeps the shared root and the path of child indexes
//! down to its node.

use std::sync::Arc;

use crate::json::parser::{Node, NodeKind};
use crate::pos::{ByteSpan, Range, SourceFile};

/// A node of a shared tree: the tree, and the child indexes (property
/// index in an object, element index in an array) leading to the node.
#[derive(Clone, Debug)]
pub(crate) struct NodeRef {
    /// The file and the root together, so that a handle costs two
    /// reference counts, not five.
    tree: Arc<(SourceFile, Node)>,
    path: Arc<[u32]>,
}

impl NodeRef {
    pub(crate) fn root(source: SourceFile, root: Node) -> NodeRef {
        NodeRef {
            tree: Arc::new((source, root)),
            path: Arc::from(Vec::new()),
        }
    }

    pub(crate) fn source(&self) -> &SourceFile {
        &self.tree.0
    }

    /// The node. A path that does not fit the tree cannot be built (only
    /// [`NodeRef::child`] extends paths), so the fallback to the root is
    /// never taken.
    pub(crate) fn node(&self) -> &Node {
        let root = &self.tree.1;
        let mut node = root;
        for &i in self.path.iter() {
            let next = match &node.kind {
                NodeKind::Object(props) => props.get(i as usize).map(|p| &p.value),
                NodeKind::Array(items) => items.get(i as usize),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => return root,
            }
        }
        node
    }

    /// The child at index `i`, given that `node()` has it.
    pub(crate) fn child(&self, i: usize) -> NodeRef {
        self.descendant(&[i as u32])
    }

    /// The node down the further path `steps`, given that it exists.
    pub(crate) fn descendant(&self, steps: &[u32]) -> NodeRef {
        let mut path = Vec::with_capacity(self.path.len() + steps.len());
        path.extend_from_slice(&self.path);
        path.extend_from_slice(steps);
        NodeRef {
            tree: self.tree.clone(),
            path: path.into(),
        }
    }

    pub(crate) fn range(&self, span: ByteSpan) -> Range {
        self.tree.0.range(span)
    }
}
