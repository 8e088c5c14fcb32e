//! Finding a file's text by the name a range carries: [`SourceLookup`]
//! and the [`SourceMap`] that owns a set of files.

use std::sync::Arc;

use super::SourceFile;

/// Something that can find a source file by name: what a renderer needs to
/// draw snippets. Implemented by [`SourceFile`] itself, by slices of files
/// and by [`SourceMap`].
pub trait SourceLookup {
    /// The file called `filename`, if known.
    fn source_file(&self, filename: &str) -> Option<&SourceFile>;
}

impl SourceLookup for SourceFile {
    fn source_file(&self, filename: &str) -> Option<&SourceFile> {
        (*self.inner.name == *filename).then_some(self)
    }
}

impl SourceLookup for [SourceFile] {
    fn source_file(&self, filename: &str) -> Option<&SourceFile> {
        self.iter().find(|f| *f.inner.name == *filename)
    }
}

impl SourceLookup for Vec<SourceFile> {
    fn source_file(&self, filename: &str) -> Option<&SourceFile> {
        self.as_slice().source_file(filename)
    }
}

/// The source files of an application, by name: what it keeps around to
/// render diagnostics for several files.
///
/// ```
/// use hcl_core::pos::{SourceLookup, SourceMap};
/// use hcl_core::SourceFile;
/// let mut map = SourceMap::new();
/// map.add(SourceFile::new("a.hcl", "a = 1\n"));
/// map.add(SourceFile::new("a.hcl", "a = 2\n"));
/// assert_eq!(map.files().len(), 1);
/// assert_eq!(map.source_file("a.hcl").unwrap().text(), "a = 2\n");
/// ```
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    // Name → position in `files`, so that adding and finding stay constant
    // time for an application with thousands of files.
    by_name: std::collections::HashMap<Arc<str>, usize>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file; a file of the same name already present is replaced
    /// (the newer text is the one ranges now refer to).
    pub fn add(&mut self, file: SourceFile) {
        match self.by_name.get(file.name_arc()) {
            Some(&i) => {
                if let Some(slot) = self.files.get_mut(i) {
                    *slot = file;
                }
            }
            None => {
                self.by_name
                    .insert(file.name_arc().clone(), self.files.len());
                self.files.push(file);
            }
        }
    }

    /// The files, in the order their names were first added.
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }
}

impl SourceLookup for SourceMap {
    fn source_file(&self, filename: &str) -> Option<&SourceFile> {
        self.by_name.get(filename).and_then(|&i| self.files.get(i))
    }
}
