//! [`NodeRef`]: a shared handle to one node of a parsed JSON tree.
//!
//! Bodies and expressions must be owned and `'static`, but the tree owns
//! its children directly; rather than copy a subtree for every block and
//! attribute, a handle keeps the shared root and the path of child indexes
//! down to its node.

use std::sync::Arc;

use crate::json::parser::{Node, NodeKind};
use crate::pos::{Range, SourceFile, Span};

/// A node of a shared tree: the root, and the child indexes (property
/// index in an object, element index in an array) leading to the node.
#[derive(Clone, Debug)]
pub(crate) struct NodeRef {
    pub(crate) source: SourceFile,
    root: Arc<Node>,
    path: Arc<[u32]>,
}

impl NodeRef {
    pub(crate) fn root(source: SourceFile, root: Arc<Node>) -> NodeRef {
        NodeRef {
            source,
            root,
            path: Arc::from(Vec::new()),
        }
    }

    /// The node. A path that does not fit the tree cannot be built (only
    /// [`NodeRef::child`] extends paths), so the fallback to the root is
    /// never taken.
    pub(crate) fn node(&self) -> &Node {
        let mut node = &*self.root;
        for &i in self.path.iter() {
            let next = match &node.kind {
                NodeKind::Object(props) => props.get(i as usize).map(|p| &p.value),
                NodeKind::Array(items) => items.get(i as usize),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => return &self.root,
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
            source: self.source.clone(),
            root: self.root.clone(),
            path: path.into(),
        }
    }

    pub(crate) fn range(&self, span: Span) -> Range {
        self.source.range(span)
    }
}
