//! Comment-preserving edits: a [`Document`] is the text of a native-syntax
//! file, and every edit is a splice of that text, located through the
//! syntax view ([`crate::native::File`]). What an edit does not touch stays
//! byte for byte as it was: comments, blank lines, alignment, the text of
//! every other expression.
//!
//! - find: [`Document::attribute`], [`Document::block`] by a [`BlockPath`]
//!   (block types and labels from the root);
//! - change: [`Document::set_attribute`] (a [`Value`], written by
//!   [`crate::write`]), [`Document::set_attribute_expr`] (expression text,
//!   checked by parsing), [`Document::remove_attribute`],
//!   [`Document::add_block`], [`Document::remove_block`],
//!   [`Document::rename_attribute`], [`Document::rename_block`];
//! - update a whole body from new text, changing only what differs
//!   ([`Document::update_from`]: the typed edit of hcl-serde's
//!   `update_document`);
//! - write back: [`Document::text`], [`Document::save`] (a temporary file
//!   renamed over the original, permissions kept).
//!
//! New items get the formatter's indentation (two spaces per block). An
//! edit lines up again, as the formatter would, the run of `=` it changed
//! (an item set, added, renamed or removed, or a block removed that split
//! a run) and the trailing comments of that run's lines; other lines keep
//! their bytes (run [`crate::format`] for the whole file).
//!
//! ```
//! use hcl_core::edit::{BlockPath, Document};
//! use hcl_core::Value;
//!
//! let mut doc = Document::parse("main.tf", "# servers\nservice \"web\" {\n  port = 80 # http\n}\n").unwrap();
//! let web = BlockPath::root().block("service", ["web"]);
//! doc.set_attribute(&web, "port", &Value::from(8080)).unwrap();
//! doc.set_attribute_expr(&web, "host", "var.host").unwrap();
//! assert_eq!(doc.text(), "# servers\nservice \"web\" {\n  port = 8080 # http\n  host = var.host\n}\n");
//! ```

use crate::diag::Diagnostics;
use crate::native::{parse_config, AttributeNode, BlockNode, BodyItem, BodyNode, File};
use crate::pos::SourceFile;
use crate::value::Value;
use crate::write::{is_identifier, push_quoted, WriteError};

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
    /// labels, inside this one.
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
                write!(f, " {l:?}")?;
            }
        }
        Ok(())
    }
}

/// Why an edit could not be made; the document is then unchanged.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum EditError {
    /// The text has syntax errors (when opened, or after the edit: the
    /// edit is then undone).
    Syntax(Diagnostics),
    /// No block at this path, or no attribute of this name.
    NotFound(String),
    /// A name (attribute, block type) that is not an identifier.
    InvalidName(String),
    /// A value that has no text.
    Write(WriteError),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Syntax(d) => match d.iter().next() {
                Some(d) => write!(f, "syntax error: {}", d.summary),
                None => f.write_str("syntax error"),
            },
            EditError::NotFound(what) => write!(f, "not found: {what}"),
            EditError::InvalidName(n) => write!(f, "{n:?} is not a valid identifier"),
            EditError::Write(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {}

/// An editable native-syntax file; see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Document {
    name: String,
    text: String,
}

impl Document {
    /// Opens `text` (named `name` in diagnostics); a file with syntax
    /// errors is refused.
    pub fn parse(name: &str, text: impl Into<String>) -> Result<Document, EditError> {
        let doc = Document {
            name: name.to_owned(),
            text: text.into(),
        };
        doc.file()?;
        Ok(doc)
    }

    /// Reads and opens the file at `path`.
    pub fn open(path: impl AsRef<std::path::Path>) -> std::io::Result<Result<Document, EditError>> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)?;
        Ok(Document::parse(&path.to_string_lossy(), text))
    }

    /// The text, with every edit made.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Writes the text to `path` through a temporary file renamed over it
    /// (permissions kept; see [`crate::write::write_file`]).
    pub fn save(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        crate::write::write_file(path.as_ref(), self.text.as_bytes())
    }

    /// The syntax tree of the current text.
    pub fn file(&self) -> Result<File, EditError> {
        let src = SourceFile::new(self.name.as_str(), self.text.as_str());
        let (file, diags) = parse_config(&src, &Default::default());
        if diags.has_errors() {
            return Err(EditError::Syntax(diags));
        }
        Ok(file)
    }

    /// The source text of attribute `name`'s expression in the body at
    /// `path` (`None` when there is no such attribute or block).
    pub fn attribute(&self, path: &BlockPath, name: &str) -> Option<String> {
        let file = self.file().ok()?;
        let body = find_body(&file, path)?;
        let a = body.attribute(name)?;
        Some(a.expr().source_text().to_owned())
    }

    /// Whether the block at `path` exists.
    pub fn block(&self, path: &BlockPath) -> bool {
        self.file().is_ok_and(|f| find_body(&f, path).is_some())
    }

    /// Sets attribute `name` of the body at `path` to `value` (written as
    /// [`crate::write::value`] writes it), adding it when missing. The run
    /// of aligned `=` it is in (and the trailing comments of its lines) is
    /// lined up again as the formatter would; other lines keep their
    /// bytes.
    ///
    /// Only the expression's text is replaced: a comment after it on its
    /// (last) line stays, and so do the comments on the lines above.
    /// Comments *inside* the old expression (between the items of a
    /// multi-line tuple or object) go with it, as they do with hclwrite's
    /// `SetAttributeValue`; [`Document::update_from`] keeps those of the
    /// object items whose values it leaves alone.
    ///
    /// ```
    /// use hcl_core::edit::{BlockPath, Document};
    /// let mut doc = Document::parse("a.hcl", "a = [\n  1, # one\n] # why\n").unwrap();
    /// doc.set_attribute(&BlockPath::root(), "a", &hcl_core::Value::from(2)).unwrap();
    /// assert_eq!(doc.text(), "a = 2 # why\n");
    /// ```
    pub fn set_attribute(
        &mut self,
        path: &BlockPath,
        name: &str,
        value: &Value,
    ) -> Result<(), EditError> {
        let text = crate::write::value(value).map_err(EditError::Write)?;
        self.set_attribute_text(path, name, &text)
    }

    /// Sets attribute `name` of the body at `path` to the expression
    /// `expr` (checked by parsing it), adding it when missing; its run of
    /// `=` is lined up again, and comments are kept or dropped, as
    /// [`Document::set_attribute`] does.
    pub fn set_attribute_expr(
        &mut self,
        path: &BlockPath,
        name: &str,
        expr: &str,
    ) -> Result<(), EditError> {
        let src = SourceFile::new("<expression>", expr);
        let (_, diags) = crate::native::parse_expression(&src, &Default::default());
        if diags.has_errors() {
            return Err(EditError::Syntax(diags));
        }
        self.set_attribute_text(path, name, expr.trim())
    }

    fn set_attribute_text(
        &mut self,
        path: &BlockPath,
        name: &str,
        expr: &str,
    ) -> Result<(), EditError> {
        if !is_identifier(name) {
            return Err(EditError::InvalidName(name.to_owned()));
        }
        let file = self.file()?;
        let body = find_body(&file, path).ok_or_else(|| not_found(path))?;
        let splice = match body.attribute(name) {
            Some(a) => {
                let r = a.expr().range();
                let indent = line_indent(&self.text, byte(a.range().start.byte));
                Splice {
                    at: byte(r.start.byte)..byte(r.end.byte),
                    text: reindent(expr, &indent),
                }
            }
            None => {
                let indent = "  ".repeat(path.steps.len());
                let line = format!("{indent}{name} = {}\n", reindent(expr, &indent));
                let braces = braces(&file, path);
                insert_item(&self.text, body, braces, path, line, ItemKind::Attribute)
            }
        };
        drop(file);
        self.apply(splice)?;
        self.realign(path, name);
        Ok(())
    }

    /// Lines up the run of `=` that attribute `name` of the body at
    /// `path` is in (and the trailing comments of its lines) as the
    /// formatter does, after an edit changed a name or a value in it;
    /// the lines of other runs keep their bytes.
    fn realign(&mut self, path: &BlockPath, name: &str) {
        let Ok(file) = self.file() else {
            return;
        };
        let at = find_body(&file, path)
            .and_then(|b| b.attribute(name))
            .map(|a| byte(a.range().start.byte));
        drop(file);
        if let Some(text) = at.and_then(|at| crate::format::realign(&self.text, at, at)) {
            self.text = text;
        }
    }

    /// Removes attribute `name` of the body at `path` (its whole line
    /// when it has one to itself, trailing comment included); the run of
    /// `=` it was in is lined up again as [`Document::set_attribute`]
    /// does. `false` when there was none.
    pub fn remove_attribute(&mut self, path: &BlockPath, name: &str) -> Result<bool, EditError> {
        let file = self.file()?;
        let body = find_body(&file, path).ok_or_else(|| not_found(path))?;
        let Some(a) = body.attribute(name) else {
            return Ok(false);
        };
        let splice = remove_lines(
            &self.text,
            byte(a.range().start.byte),
            byte(a.range().end.byte),
        );
        self.remove(splice)?;
        Ok(true)
    }

    /// Applies a removal, then lines up the runs of `=` (and of trailing
    /// comments) on either side of the gap it left, as the formatter
    /// does: the removed item may have been the widest of its run, or
    /// have split a run in two that is now one.
    fn remove(&mut self, splice: Splice) -> Result<(), EditError> {
        let at = splice.at.start;
        self.apply(splice)?;
        // The line above the gap (its newline), and the first token after
        // it.
        let above = at.saturating_sub(1);
        let rest = self.text.get(at..).unwrap_or("");
        let below = at + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
        if let Some(text) = crate::format::realign(&self.text, above, below) {
            self.text = text;
        }
        Ok(())
    }

    /// Renames attribute `old` of the body at `path` to `new`; its run of
    /// `=` is lined up again as [`Document::set_attribute`] does.
    pub fn rename_attribute(
        &mut self,
        path: &BlockPath,
        old: &str,
        new: &str,
    ) -> Result<(), EditError> {
        if !is_identifier(new) {
            return Err(EditError::InvalidName(new.to_owned()));
        }
        let file = self.file()?;
        let body = find_body(&file, path).ok_or_else(|| not_found(path))?;
        let a = body
            .attribute(old)
            .ok_or_else(|| EditError::NotFound(format!("attribute {old:?} in {path}")))?;
        let r = a.name_range();
        drop(file);
        self.apply(Splice {
            at: byte(r.start.byte)..byte(r.end.byte),
            text: new.to_owned(),
        })?;
        self.realign(path, new);
        Ok(())
    }

    /// Adds a block of type `type_name` with `labels` at the end of the
    /// body at `path`; its body is `body` (native-syntax text of
    /// attributes and blocks, indented for it; empty for `{}`).
    pub fn add_block<L: AsRef<str>>(
        &mut self,
        path: &BlockPath,
        type_name: &str,
        labels: impl IntoIterator<Item = L>,
        body: &str,
    ) -> Result<(), EditError> {
        if !is_identifier(type_name) {
            return Err(EditError::InvalidName(type_name.to_owned()));
        }
        let indent = "  ".repeat(path.steps.len());
        let mut block = format!("{indent}{type_name}");
        for l in labels {
            block.push(' ');
            push_quoted(&mut block, l.as_ref());
        }
        let body = body.trim_end();
        if body.is_empty() {
            block.push_str(" {}\n");
        } else {
            block.push_str(" {\n");
            let inner = format!("{indent}  ");
            for line in body.lines() {
                if !line.trim().is_empty() {
                    block.push_str(&inner);
                    block.push_str(line.trim_start());
                }
                block.push('\n');
            }
            block.push_str(&indent);
            block.push_str("}\n");
        }
        let file = self.file()?;
        let parent = find_body(&file, path).ok_or_else(|| not_found(path))?;
        let braces = braces(&file, path);
        let splice = insert_item(&self.text, parent, braces, path, block, ItemKind::Block);
        self.apply(splice)
    }

    /// Removes the block at `path` (its whole lines). Attributes that it
    /// separated now form one run of `=`, lined up again as the formatter
    /// does. `false` when there was none.
    pub fn remove_block(&mut self, path: &BlockPath) -> Result<bool, EditError> {
        let file = self.file()?;
        let Some(block) = find_block(&file, path) else {
            return Ok(false);
        };
        let r = block.range();
        let splice = remove_lines(&self.text, byte(r.start.byte), byte(r.end.byte));
        self.remove(splice)?;
        Ok(true)
    }

    /// Renames the type of the block at `path`.
    pub fn rename_block(&mut self, path: &BlockPath, new_type: &str) -> Result<(), EditError> {
        if !is_identifier(new_type) {
            return Err(EditError::InvalidName(new_type.to_owned()));
        }
        let file = self.file()?;
        let block = find_block(&file, path).ok_or_else(|| not_found(path))?;
        let r = block.type_range();
        self.apply(Splice {
            at: byte(r.start.byte)..byte(r.end.byte),
            text: new_type.to_owned(),
        })
    }

    /// Makes the document's content that of `text` (native syntax),
    /// editing only what differs: an attribute whose value (in
    /// literal-only mode) or, when it has no such value, whose source text
    /// differs is set to the new expression; attributes and blocks that
    /// `text` lacks are removed, those it adds are added; blocks are
    /// matched by type and labels. Untouched items keep their bytes,
    /// comments included; the run of `=` an edit changes is lined up
    /// again (see [`Document::set_attribute`]).
    ///
    /// ```
    /// use hcl_core::edit::Document;
    /// let mut doc = Document::parse("a.hcl", "name = \"x\" # the name\nport = 80\n").unwrap();
    /// doc.update_from("name = \"x\"\nport = 8080\nextra = true\n").unwrap();
    /// assert_eq!(doc.text(), "name  = \"x\" # the name\nport  = 8080\nextra = true\n");
    /// ```
    pub fn update_from(&mut self, text: &str) -> Result<(), EditError> {
        let src = SourceFile::new("<new>", text);
        let (new, diags) = parse_config(&src, &Default::default());
        if diags.has_errors() {
            return Err(EditError::Syntax(diags));
        }
        let before = self.text.clone();
        let result = self.update_body(&BlockPath::root(), new.body(), 0);
        if result.is_err() {
            self.text = before;
        }
        result
    }

    fn update_body(
        &mut self,
        path: &BlockPath,
        new: BodyNode<'_>,
        depth: usize,
    ) -> Result<(), EditError> {
        if depth > 128 {
            return Err(EditError::NotFound(format!(
                "blocks nested too deeply at {path}"
            )));
        }
        // Attributes: set what differs, remove what went.
        let file = self.file()?;
        let body = find_body(&file, path).ok_or_else(|| not_found(path))?;
        let old_attrs: Vec<(String, Option<Value>, String)> = body
            .attributes()
            .map(|a| {
                (
                    a.name().to_owned(),
                    literal(a),
                    a.expr().source_text().to_owned(),
                )
            })
            .collect();
        let old_blocks: Vec<(String, Vec<String>)> = body
            .blocks()
            .map(|b| {
                (
                    b.type_name().to_owned(),
                    b.labels().map(|l| l.value().to_owned()).collect(),
                )
            })
            .collect();
        drop(file);
        for (name, old_value, old_text) in &old_attrs {
            if new.attribute(name).is_none() {
                self.remove_attribute(path, name)?;
                continue;
            }
            if let Some(a) = new.attribute(name) {
                let same = match (old_value, literal(a)) {
                    (Some(x), Some(y)) => *x == y,
                    _ => old_text.as_str() == a.expr().source_text(),
                };
                if !same {
                    self.update_attribute(path, name, a)?;
                }
            }
        }
        for a in new.attributes() {
            if !old_attrs.iter().any(|(n, _, _)| n == a.name()) {
                self.set_attribute_text(path, a.name(), a.expr().source_text())?;
            }
        }
        // Blocks: by type and labels.
        let key = |b: BlockNode<'_>| -> (String, Vec<String>) {
            (
                b.type_name().to_owned(),
                b.labels().map(|l| l.value().to_owned()).collect(),
            )
        };
        for (t, labels) in &old_blocks {
            if !new.blocks().any(|b| key(b) == (t.clone(), labels.clone())) {
                self.remove_block(&path.clone().block(t.clone(), labels.clone()))?;
            }
        }
        for b in new.blocks() {
            let (t, labels) = key(b);
            let child = path.clone().block(t.clone(), labels.clone());
            if old_blocks.contains(&(t.clone(), labels.clone())) {
                self.update_body(&child, b.body(), depth + 1)?;
            } else {
                let inner = body_text(b.body());
                self.add_block(path, &t, &labels, &inner)?;
            }
        }
        Ok(())
    }

    /// Sets attribute `name` to `new`'s expression; when both are object
    /// constructors with the same keys, only the items whose values
    /// differ (so that comments inside the object stay).
    fn update_attribute(
        &mut self,
        path: &BlockPath,
        name: &str,
        new: AttributeNode<'_>,
    ) -> Result<(), EditError> {
        let file = self.file()?;
        let old = find_body(&file, path)
            .and_then(|b| b.attribute(name))
            .ok_or_else(|| not_found(path))?;
        let mut splices = Vec::new();
        if object_splices(old.expr(), new.expr(), &mut splices, 0) {
            let before = self.text.clone();
            // Where each new value starts once all are in.
            splices.sort_by_key(|s| s.at.start);
            let mut grown = 0isize;
            let mut starts = Vec::with_capacity(splices.len());
            for s in &splices {
                starts.push(s.at.start.saturating_add_signed(grown));
                grown += s.text.len() as isize - s.at.len() as isize;
            }
            for s in splices.into_iter().rev() {
                self.text.replace_range(s.at, &s.text);
            }
            if let Err(e) = self.file() {
                self.text = before;
                return Err(e);
            }
            // The items' runs are lined up again; alignment changes only
            // spaces, so the items stay on their lines.
            let lines: Vec<usize> = starts
                .iter()
                .map(|&at| self.text.get(..at).map_or(0, |t| t.matches('\n').count()))
                .collect();
            for line in lines {
                if let Some(at) = first_token_of_line(&self.text, line) {
                    if let Some(text) = crate::format::realign(&self.text, at, at) {
                        self.text = text;
                    }
                }
            }
            return Ok(());
        }
        drop(file);
        self.set_attribute_text(path, name, new.expr().source_text())
    }

    /// Applies a splice, undoing it when the result does not parse.
    fn apply(&mut self, splice: Splice) -> Result<(), EditError> {
        let before = self.text.clone();
        self.text.replace_range(splice.at, &splice.text);
        if let Err(e) = self.file() {
            self.text = before;
            return Err(e);
        }
        Ok(())
    }
}

/// Where the first non-blank character of line `line` (from 0) of
/// `text` is.
fn first_token_of_line(text: &str, line: usize) -> Option<usize> {
    let start = if line == 0 {
        0
    } else {
        text.match_indices('\n').nth(line - 1)?.0 + 1
    };
    let rest = text.get(start..)?;
    Some(start + (rest.len() - rest.trim_start_matches([' ', '\t']).len()))
}

/// An attribute's value in literal-only mode, when it has one.
fn literal(a: AttributeNode<'_>) -> Option<Value> {
    let (v, diags) = a.expr().value(None);
    (!diags.has_errors() && v.is_wholly_known()).then_some(v)
}

/// The splices that turn object constructor `old` into `new` item by
/// item, when both are objects with the same literal keys in the same
/// order; `false` otherwise (the caller replaces the whole expression).
fn object_splices(
    old: crate::native::ExprNode<'_>,
    new: crate::native::ExprNode<'_>,
    out: &mut Vec<Splice>,
    depth: usize,
) -> bool {
    use crate::native::ExprKind;
    let (ExprKind::Object(o), ExprKind::Object(n)) = (old.kind(), new.kind()) else {
        return false;
    };
    if depth > 64 || o.items().len() != n.items().len() {
        return false;
    }
    let key = |k: crate::native::ObjectKeyNode<'_>| -> Option<Value> {
        match k.literal_name() {
            Some(name) => Some(Value::from(name)),
            None => {
                let (v, d) = k.expr().value(None);
                (!d.has_errors()).then_some(v)
            }
        }
    };
    for (a, b) in o.items().zip(n.items()) {
        match (key(a.key()), key(b.key())) {
            (Some(x), Some(y)) if x == y => {}
            _ => return false,
        }
        let (va, da) = a.value().value(None);
        let (vb, db) = b.value().value(None);
        let same = if da.has_errors() || db.has_errors() {
            a.value().source_text() == b.value().source_text()
        } else {
            va == vb
        };
        if same {
            continue;
        }
        if object_splices(a.value(), b.value(), out, depth + 1) {
            continue;
        }
        if b.value().source_text().contains('\n') {
            // A multi-line value needs the old item's indentation: the
            // whole object is replaced instead.
            return false;
        }
        let r = a.value().range();
        out.push(Splice {
            at: byte(r.start.byte)..byte(r.end.byte),
            text: b.value().source_text().to_owned(),
        });
    }
    true
}

/// The text of a body's items (for a block added whole).
fn body_text(body: BodyNode<'_>) -> String {
    let src = body.source().text();
    let mut out = String::new();
    for item in body.items() {
        let r = match item {
            BodyItem::Attribute(a) => a.range(),
            BodyItem::Block(b) => b.range(),
        };
        out.push_str(src.get(byte(r.start.byte)..byte(r.end.byte)).unwrap_or(""));
        out.push('\n');
    }
    out
}

fn byte(b: u32) -> usize {
    b as usize
}

#[cold]
fn not_found(path: &BlockPath) -> EditError {
    EditError::NotFound(format!("block {path}"))
}

/// The body at `path`.
fn find_body<'a>(file: &'a File, path: &BlockPath) -> Option<BodyNode<'a>> {
    let mut body = file.body();
    for (t, labels) in &path.steps {
        body = find_in(body, t, labels)?.body();
    }
    Some(body)
}

/// The block at `path` (not the root).
fn find_block<'a>(file: &'a File, path: &BlockPath) -> Option<BlockNode<'a>> {
    let (last, _) = path.steps.split_last()?;
    let parent = find_body(file, &path.parent())?;
    find_in(parent, &last.0, &last.1)
}

fn find_in<'a>(body: BodyNode<'a>, t: &str, labels: &[String]) -> Option<BlockNode<'a>> {
    body.blocks().find(|b| {
        b.type_name() == t
            && b.labels()
                .map(|l| l.value())
                .eq(labels.iter().map(String::as_str))
    })
}

/// A replacement of bytes `at` by `text`.
struct Splice {
    at: std::ops::Range<usize>,
    text: String,
}

enum ItemKind {
    Attribute,
    Block,
}

/// The blanks that start the line holding `pos`.
fn line_indent(text: &str, pos: usize) -> String {
    let start = line_start(text, pos);
    text[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

fn line_start(text: &str, pos: usize) -> usize {
    text.get(..pos)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |i| i + 1)
}

/// The offset after the newline that ends the line holding `pos` (the
/// text's end on its last line).
fn line_end(text: &str, pos: usize) -> usize {
    text.get(pos..)
        .and_then(|t| t.find('\n'))
        .map_or(text.len(), |i| pos + i + 1)
}

/// `text` with `indent` after each newline (the lines of a multi-line
/// value, written for column zero, put under an indented item).
fn reindent(text: &str, indent: &str) -> String {
    if indent.is_empty() || !text.contains('\n') {
        return text.to_owned();
    }
    text.replace('\n', &format!("\n{indent}"))
}

/// Removes bytes `start..end`: whole lines when nothing else is on them
/// (a trailing comment goes too), the range alone otherwise.
fn remove_lines(text: &str, start: usize, end: usize) -> Splice {
    let ls = line_start(text, start);
    let le = line_end(text, end.saturating_sub(1).max(start));
    let before_blank = text[ls..start].trim().is_empty();
    let after = &text[end..le];
    let after_blank = {
        let t = after.trim();
        t.is_empty() || t.starts_with('#') || t.starts_with("//")
    };
    if before_blank && after_blank {
        // A blank line left between nothing and nothing goes too: before
        // the end of the file or of a body, or before another blank line.
        let next = text[le..].lines().next().map(str::trim);
        let ends = matches!(next, None | Some("") | Some("}"));
        let start = if ends && text[..ls].ends_with("\n\n") {
            ls - 1
        } else {
            ls
        };
        Splice {
            at: start..le,
            text: String::new(),
        }
    } else {
        Splice {
            at: start..end,
            text: String::new(),
        }
    }
}

/// The offsets of the `{` and `}` of the block at `path` (`None` for the
/// root).
fn braces(file: &File, path: &BlockPath) -> Option<(usize, usize)> {
    let b = find_block(file, path)?;
    Some((
        byte(b.open_brace_range().start.byte),
        byte(b.close_brace_range().start.byte),
    ))
}

/// Where a new item goes in `body` (at `path`, whose braces are at
/// `braces`): an attribute after the last attribute, a block at the end;
/// `line` is the item's lines.
fn insert_item(
    text: &str,
    body: BodyNode<'_>,
    braces: Option<(usize, usize)>,
    path: &BlockPath,
    line: String,
    kind: ItemKind,
) -> Splice {
    let last_attr = body.attributes().last().map(|a| byte(a.range().end.byte));
    let items_end = body.items().last().map(|i| match i {
        BodyItem::Attribute(a) => byte(a.range().end.byte),
        BodyItem::Block(b) => byte(b.range().end.byte),
    });
    let (after, blank) = match kind {
        ItemKind::Attribute => (last_attr, false),
        ItemKind::Block => (items_end, items_end.is_some()),
    };
    let mut line = line;
    if blank {
        line.insert(0, '\n');
    }
    if let Some((open, close)) = braces {
        if !text[open..close].contains('\n') && items_end.is_some() {
            // `b { a = 1 }`: one line with an item: open it up, the item
            // on a line of its own.
            let outer = "  ".repeat(path.steps.len() - 1);
            let inner = text[open + 1..close].trim();
            let line = line.trim_start_matches('\n');
            return Splice {
                at: open..close + 1,
                text: format!("{{\n{outer}  {inner}\n{line}{outer}}}"),
            };
        }
    }
    if let Some(end) = after {
        let at = line_end(text, end.saturating_sub(1));
        let mut line = line;
        if at == text.len() && !text.ends_with('\n') {
            line.insert(0, '\n');
        }
        return Splice {
            at: at..at,
            text: line,
        };
    }
    // An empty body: the root, or a block's braces.
    if path.steps.is_empty() {
        let at = 0;
        if !text[at..].trim().is_empty() && matches!(kind, ItemKind::Block) {
            line.push('\n');
        }
        return Splice {
            at: at..at,
            text: line,
        };
    }
    let r = body.range();
    let (open, close) = (byte(r.start.byte), byte(r.end.byte).saturating_sub(1));
    let outer = "  ".repeat(path.steps.len() - 1);
    if !text[open..close].contains('\n') {
        // `b {}` on one line: open it up.
        let line = line.trim_start_matches('\n').to_owned();
        return Splice {
            at: open + 1..close,
            text: format!("\n{line}{outer}"),
        };
    }
    let at = line_end(text, open);
    let line = line.trim_start_matches('\n').to_owned();
    Splice {
        at: at..at,
        text: line,
    }
}

#[cfg(test)]
mod test;
