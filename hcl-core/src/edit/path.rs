//! Block paths, and finding the body or block one names.

use super::*;
use crate::diag::quoted;

/// Blocks from the root to a body: each by type and labels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockPath {
    steps: Vec<(String, Vec<String>)>,
}

impl BlockPath {
    /// The file's top-level body.
    pub fn root() -> BlockPath {
        BlockPath::default()
    }

    /// The body of the first block of type `type_name` with exactly these
    /// labels (compared in NFC, as names are), inside this one.
    pub fn block<L: Into<String>>(
        mut self,
        type_name: impl Into<String>,
        labels: impl IntoIterator<Item = L>,
    ) -> BlockPath {
        self.steps.push((
            type_name.into(),
            labels.into_iter().map(Into::into).collect(),
        ));
        self
    }

    /// The steps: block types and labels.
    pub fn steps(&self) -> &[(String, Vec<String>)] {
        &self.steps
    }

    /// The path without its last block (the root's parent is the root).
    pub fn parent(&self) -> BlockPath {
        let mut p = self.clone();
        p.steps.pop();
        p
    }
}

impl std::fmt::Display for BlockPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.steps.is_empty() {
            return f.write_str("the top level");
        }
        for (i, (t, labels)) in self.steps.iter().enumerate() {
            if i > 0 {
                f.write_str(" > ")?;
            }
            f.write_str(t)?;
            for l in labels {
                write!(f, " {l}", l = quoted(l))?;
            }
        }
        Ok(())
    }
}

#[cold]
pub(super) fn not_found(path: &BlockPath) -> EditError {
    EditError::NotFound(format!("block {path}"))
}

/// The body at `path`.
pub(super) fn find_body<'a>(file: &'a File, path: &BlockPath) -> Option<BodyNode<'a>> {
    let mut body = file.body();
    for (t, labels) in &path.steps {
        body = find_in(body, t, labels)?.body();
    }
    Some(body)
}

/// The block at `path` (not the root).
pub(super) fn find_block<'a>(file: &'a File, path: &BlockPath) -> Option<BlockNode<'a>> {
    let (last, _) = path.steps.split_last()?;
    let parent = find_body(file, &path.parent())?;
    find_in(parent, &last.0, &last.1)
}

/// The first block of type `t` with `labels` in `body`. Labels are compared
/// in NFC, as names are: a label given decomposed (`e` and a combining
/// accent) finds the block whose label is written composed, and the other
/// way round.
pub(super) fn find_in<'a>(body: BodyNode<'a>, t: &str, labels: &[String]) -> Option<BlockNode<'a>> {
    use crate::value::nfc;
    body.blocks().find(|b| {
        b.type_name() == t
            && b.labels().len() == labels.len()
            && b.labels()
                .zip(labels)
                .all(|(l, given)| nfc(l.value()) == nfc(given))
    })
}
