//! Where in a file an offset is, as the reference's diagnostics say it: the
//! `, in …` after a snippet's line number names the top-level block around
//! the subject (native syntax: `service "web"`) or the path of properties
//! and indexes to the innermost object or array (JSON: `service.web[0]`).
//! The CLI's renderer and hcl-serde's errors both ask here.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use crate::diag::render::block_header;
use crate::json::parser::{Node, NodeKind};
use crate::native::parse_config;
use crate::pos::SourceFile;
use crate::Limits;

/// What the reference shows after the line number (`, in …`): for the
/// native syntax the header of the top-level block around `offset`
/// (`service "api"`), for JSON the path of properties and indexes to the
/// innermost object or array around it (`service.api[0]`).
///
/// This parses `file`; to look up many offsets, build one
/// [`FileContext`] and ask it (as the CLI renderer does).
pub fn context_string(file: &SourceFile, offset: u32) -> Option<String> {
    FileContext::new(file).context_string(offset)
}

/// One file parsed once, to answer [`context_string`] for any number of
/// offsets: each answer is a binary search among the top-level blocks (or
/// down the JSON tree), never a scan or a parse per diagnostic.
pub struct FileContext {
    syntax: ParsedSyntax,
}

enum ParsedSyntax {
    /// Each top-level block's bytes and header, in source order.
    Native(Vec<(u32, u32, String)>),
    Json(Node),
}

impl FileContext {
    /// Parses `file` in the syntax its name calls for.
    pub fn new(file: &SourceFile) -> FileContext {
        let syntax = if file.name().ends_with(".json") {
            ParsedSyntax::Json(crate::json::parser::parse(file, &Limits::DEFAULT).0)
        } else {
            let (parsed, _) = parse_config(file, &Limits::default());
            let blocks = parsed.body().blocks().map(|b| {
                let range = b.range();
                let header = block_header(b.type_name(), b.labels().map(|l| l.value()));
                (range.start.byte, range.end.byte, header)
            });
            ParsedSyntax::Native(blocks.collect())
        };
        FileContext { syntax }
    }

    /// The description of the construct around `offset` (see
    /// [`context_string`]).
    pub fn context_string(&self, offset: u32) -> Option<String> {
        match &self.syntax {
            ParsedSyntax::Json(root) => {
                let mut path = String::new();
                json_path(root, offset, &mut path);
                Some(path.strip_prefix('.').unwrap_or(&path).to_owned())
            }
            ParsedSyntax::Native(blocks) => {
                // Blocks are in source order and do not overlap: the one
                // that can contain `offset` is the last to start at or
                // before it.
                let after = blocks.partition_point(|(start, _, _)| *start <= offset);
                let (_, end, header) = blocks.get(after.checked_sub(1)?)?;
                (offset < *end).then(|| header.clone())
            }
        }
    }
}

/// Appends the path to the innermost object or array around `offset`, as
/// the reference's JSON navigation does: only objects and arrays are
/// entered. Iterative, and a binary search at each level (properties and
/// elements are in source order and do not overlap).
fn json_path(root: &Node, offset: u32, out: &mut String) {
    let enters = |n: &Node| {
        matches!(n.kind, NodeKind::Object(_) | NodeKind::Array(_))
            && n.span.start <= offset
            && offset < n.span.end
    };
    let mut node = root;
    loop {
        match &node.kind {
            NodeKind::Object(props) => {
                let after = props.partition_point(|p| p.value.span.start <= offset);
                match after.checked_sub(1).and_then(|i| props.get(i)) {
                    Some(p) if enters(&p.value) => {
                        out.push('.');
                        out.push_str(&p.key);
                        node = &p.value;
                    }
                    _ => return,
                }
            }
            NodeKind::Array(items) => {
                let after = items.partition_point(|n| n.span.start <= offset);
                match after.checked_sub(1).and_then(|i| Some((i, items.get(i)?))) {
                    Some((i, item)) if enters(item) => {
                        out.push_str(&format!("[{i}]"));
                        node = item;
                    }
                    _ => return,
                }
            }
            _ => return,
        }
    }
}

/// The [`FileContext`] of each file named by the diagnostics being
/// rendered, built when first asked for.
#[derive(Default)]
pub struct ContextCache {
    files: RefCell<HashMap<Arc<str>, FileContext>>,
}

impl ContextCache {
    /// The description of the construct around `offset` of `file`.
    pub fn context_string(&self, file: &SourceFile, offset: u32) -> Option<String> {
        let mut files = self.files.borrow_mut();
        files
            .entry(file.name_arc().clone())
            .or_insert_with(|| FileContext::new(file))
            .context_string(offset)
    }
}
