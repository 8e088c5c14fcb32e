//! Where a structural problem in a JSON-syntax body is, as a field path:
//! the JSON counterpart of the native lookup in `report_structural`.
//!
//! A JSON body's items are object properties, and which levels below a
//! property are block labels only the schema says; the body as hcl-core
//! hands it out lists every property as an attribute, each name once. So
//! the labels a problem lies under (`service["web"]`, as the native
//! syntax's block headers give them) and a property written twice (the
//! JSON way to write a second block) are found in the file's syntax tree,
//! parsed again for this: only for a body that has a structural problem,
//! and once per file and decode.

use std::sync::Arc;

use hcl_core::json::syntax::{parse, Node, NodeKind, Property};
use hcl_core::load::Syntax;
use hcl_core::pos::ByteSpan;
use hcl_core::schema::BodySchema;
use hcl_core::{Limits, Range, SourceFile};

use super::segment_of;

/// The syntax trees of the JSON files a decode has needed paths in, each
/// parsed at most once (`None`: the file is not among the body's
/// sources, or does not parse as JSON).
#[derive(Debug, Default)]
pub(crate) struct JsonTrees(Vec<(Arc<str>, Option<Node>)>);

impl JsonTrees {
    /// The path segment of the item of a body that `at` lies in, when `at`
    /// is in a JSON file: the property's name, with the labels of the
    /// levels `schema` makes labels that `at` lies under. `body_at` is the
    /// body's missing-item range, by which its object is found in the tree.
    /// `None` when `at` is not in a JSON file of `sources` or in no item.
    pub(crate) fn item_path(
        &mut self,
        sources: &[SourceFile],
        body_at: &Range,
        at: &Range,
        schema: &BodySchema,
        max_depth: usize,
    ) -> Option<String> {
        if Syntax::for_name(&at.filename) != Syntax::Json {
            return None;
        }
        let root = self.tree(sources, &at.filename, max_depth)?;
        // A body merged from several files (`from_files`) is the root of
        // each; any other body lies in one file.
        let body = if body_at.same_file(at) {
            find_body(root, body_at)?
        } else {
            root
        };
        let byte = at.start.byte;
        let item = property_at(body, byte)?;
        let label_levels = schema
            .find_block(&item.key)
            .map_or(0, |b| b.label_names.len());
        let mut labels = Vec::new();
        let mut value = &item.value;
        for _ in 0..label_levels {
            let Some(label) = property_at(value, byte) else {
                break;
            };
            labels.push(&*label.key);
            value = &label.value;
        }
        Some(segment_of(&item.key, labels))
    }

    /// Where the object of a JSON body starts (its opening brace), `body_at`
    /// being the body's missing-item range: what tells apart the blocks
    /// one JSON array of objects writes, whose definition range is the
    /// array's bracket for each (hcl-core's, as the reference's).
    pub(crate) fn body_start(
        &mut self,
        sources: &[SourceFile],
        body_at: &Range,
        max_depth: usize,
    ) -> Option<Range> {
        if Syntax::for_name(&body_at.filename) != Syntax::Json {
            return None;
        }
        let body = find_body(self.tree(sources, &body_at.filename, max_depth)?, body_at)?;
        let span = body.start_span();
        let source = sources.iter().find(|s| s.name() == &*body_at.filename)?;
        Some(source.range_of(span.start as usize..span.end as usize))
    }

    fn tree(&mut self, sources: &[SourceFile], name: &Arc<str>, max_depth: usize) -> Option<&Node> {
        let i = match self.0.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                // The file passed its size limits when it was first parsed.
                let limits = Limits::new()
                    .with_max_depth(max_depth)
                    .with_max_bytes(usize::MAX)
                    .with_max_elements(usize::MAX);
                let tree = sources
                    .iter()
                    .find(|s| s.name() == &**name)
                    .map(|s| parse(s, &limits).0);
                self.0.push((name.clone(), tree));
                self.0.len() - 1
            }
        };
        self.0.get(i)?.1.as_ref()
    }
}

/// The object (or array of objects) whose missing-item range is `at`:
/// hcl-core's JSON body points there at the closing brace of an object, or
/// the opening bracket of an array. Walked down from the root towards `at`
/// (a loop: as deep as the tree, which the parse's limits bound).
fn find_body<'n>(root: &'n Node, at: &Range) -> Option<&'n Node> {
    let byte = at.start.byte;
    let mut node = root;
    loop {
        let s = node.span;
        let here = match node.kind {
            NodeKind::Object(_) => !s.is_empty() && s.end - 1 == byte,
            NodeKind::Array(_) => s.start == byte,
            _ => false,
        };
        if here {
            return Some(node);
        }
        node = match &node.kind {
            NodeKind::Object(props) => &child_at(props, byte, |p| p.value.span)?.value,
            NodeKind::Array(items) => child_at(items, byte, |n| n.span)?,
            _ => return None,
        };
    }
}

/// The property of an object, or of one object of an array (how a JSON
/// body or label level may be written), from whose name to the end of
/// whose value `byte` lies.
fn property_at(node: &Node, byte: u32) -> Option<&Property> {
    let object = match &node.kind {
        NodeKind::Array(items) => child_at(items, byte, |n| n.span)?,
        _ => node,
    };
    let NodeKind::Object(props) = &object.kind else {
        return None;
    };
    child_at(props, byte, |p| p.key_span.to(p.value.span))
}

/// The one of `items` (in source order, as a parse keeps them) whose span
/// holds `byte`: a binary search, so that placing a problem in each of the
/// many blocks of a wide body is not a walk over their siblings each.
fn child_at<T>(items: &[T], byte: u32, span: impl Fn(&T) -> ByteSpan) -> Option<&T> {
    let after = items.partition_point(|item| span(item).start <= byte);
    let item = items.get(after.checked_sub(1)?)?;
    (byte < span(item).end).then_some(item)
}
