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
//! Text an edit writes (a value, an expression, a block's body, the new
//! items of [`Document::update_from`] with their comments) comes out as [`crate::format`]
//! lays it out, indented as the items of the body it goes into are (two
//! spaces per block when it has none on lines of their own),
//! its line breaks those of the file (`\r\n` when its first line ends
//! so). The lines inside a heredoc, or a comment spanning lines, keep
//! their bytes: a heredoc's lines are its value, and the formatter leaves
//! them alone too. An edit lines up again, as the formatter would, the run of `=` it changed
//! (an item set, added, renamed or removed, or a block removed that split
//! a run; when a value set makes its line join or leave a run, the runs
//! on either side) and the trailing comments of that run's lines. A
//! one-line body is opened up for a value that spans lines, and written
//! `{}` when its only item goes. Only the padding
//! that alignment resizes changes (written as spaces); every other byte
//! keeps its value, the indentation of the run's lines included, tabs and
//! all (run [`crate::format`] for the whole file).
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

use crate::diag::quoted;
use crate::native::{parse_config, AttributeNode, BlockNode, BodyItem, BodyNode, File};
use crate::pos::SourceFile;
use crate::value::Value;
use crate::write::{is_identifier, push_quoted};

mod comments;
mod error;
mod layout;
mod path;
mod place;
mod realign;
mod remove;
mod splice;
mod update;

pub use error::EditError;
use error::{excerpt, input_error, too_large};
use layout::{lay_out, lay_out_expr, Style};
pub use path::BlockPath;
use path::{find_block, find_body, not_found};
use place::{place, Place};
use realign::AttributeLines;
use remove::remove_lines;
use splice::{
    braces, byte, first_token_of_line, insert_item, item_indent, line_indent, open_up, ItemKind,
    Splice,
};

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
    /// lined up again as the formatter would (only the padding it resizes
    /// changes); every other byte is kept. A multi-line value is laid out
    /// as the formatter would, under the attribute's line (a one-line
    /// body, `b { x = 1 }`, is opened up first). When it opens brackets
    /// on the attribute's line, that line leaves its run of `=`: its
    /// padding goes back to one space and the rest of the run, on either
    /// side, is lined up again without it, as the formatter would.
    ///
    /// Only the expression's text is replaced: a comment after it on its
    /// (last) line stays, and so do the comments on the lines above.
    /// Comments *inside* the old expression (between the items of a
    /// multi-line tuple or object) go with it, as they do with hclwrite's
    /// `SetAttributeValue`; [`Document::update_from`] keeps those of the
    /// object items whose values it leaves alone.
    ///
    /// A value that ends in a heredoc cannot have anything after its
    /// closing marker: the comments after the old value on its line move
    /// to a line of their own above the attribute (its lead comments
    /// then, which go with it when it is removed; below the marker they
    /// would read as the next item's), one space apart. No other value
    /// changes.
    ///
    /// ```
    /// use hcl_core::edit::{BlockPath, Document};
    /// let mut doc = Document::parse("a.hcl", "a = 1 # why\n").unwrap();
    /// doc.set_attribute_expr(&BlockPath::root(), "a", "<<EOT\nhi\nEOT").unwrap();
    /// assert_eq!(doc.text(), "# why\na = <<EOT\nhi\nEOT\n");
    /// ```
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
            let what = format!(
                "the expression {} for attribute {}",
                excerpt(expr),
                quoted(name)
            );
            return Err(input_error(what, diags));
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
        let Some(a) = body.attribute(name) else {
            drop(file);
            return self.add_attribute(path, name, &format!("{name} = {expr}\n"));
        };
        let style = Style::of(&self.text);
        // Whether comments were moved to the line above the attribute.
        let mut moved = false;
        let r = a.expr().range();
        let item = byte(a.range().start.byte);
        let old = AttributeLines::of(&self.text, item..byte(a.range().end.byte));
        let indent = line_indent(&self.text, item);
        let laid = lay_out_expr(name, expr, &indent, style).ok_or_else(too_large)?;
        let at = byte(r.start.byte)..byte(r.end.byte);
        let splice = match place(&self.text, item, at, laid, style) {
            Place::Here(splice) => splice,
            Place::Moved(splice) => {
                moved = true;
                splice
            }
            Place::OpenUp => {
                let open = braces(&file, path)
                    .and_then(|b| open_up(&self.text, b, path, "", style))
                    .ok_or_else(|| EditError::Conflict(format!(
                        "attribute {} in {path} is followed on its line by code: a value spanning lines cannot go there",
                        quoted(name)
                    )))?;
                drop(file);
                // Opened up, the body spans lines: placed again, the
                // value finds only comments after it.
                let before = self.text.clone();
                self.apply_realigned(open)?;
                let placed = self.set_attribute_text(path, name, expr);
                if placed.is_err() {
                    self.text = before;
                }
                return placed;
            }
        };
        drop(file);
        self.apply(splice)?;
        self.realign_set(path, name, &old, moved);
        Ok(())
    }

    /// Adds attribute `name` to the body at `path`: `item` is its text
    /// (`name = expr`, with its comments, ending in a newline), laid out
    /// as the formatter would; its run of `=` is lined up again.
    fn add_attribute(&mut self, path: &BlockPath, name: &str, item: &str) -> Result<(), EditError> {
        self.add_item(path, item, ItemKind::Attribute)?;
        self.realign(path, name);
        Ok(())
    }

    /// Adds an item to the body at `path` (see [`insert_item`] for
    /// where): `item` is its text, ending in a newline, laid out as the
    /// formatter would at the indentation of the body's items.
    fn add_item(&mut self, path: &BlockPath, item: &str, kind: ItemKind) -> Result<(), EditError> {
        let style = Style::of(&self.text);
        let file = self.file()?;
        let body = find_body(&file, path).ok_or_else(|| not_found(path))?;
        let indent = item_indent(&self.text, body, path);
        let laid = lay_out(item, &indent, style).ok_or_else(too_large)?;
        let braces = braces(&file, path);
        let splice = insert_item(&self.text, body, braces, path, laid, kind, style);
        drop(file);
        self.apply_realigned(splice)
    }

    /// Removes attribute `name` of the body at `path` with its comments,
    /// as hclwrite removes them: the lead comments (the comment lines
    /// directly above it, up to a blank line or a line of code, and the
    /// comments before it on its line) and the comments after it on its
    /// line. Its lines go when nothing else is on them; otherwise the
    /// item goes alone, and no blanks are left at the end of the line;
    /// a one-line body it leaves empty is written `{}` (`b { x = 1 }`
    /// becomes `b {}`, as the formatter writes it and hclwrite leaves it).
    /// The run of `=` it was in is lined up again as
    /// [`Document::set_attribute`] does. `false` when there was none.
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
        let above = at
            .checked_sub(1)
            .filter(|&i| self.text.is_char_boundary(i))
            .unwrap_or(at);
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
        let a = body.attribute(old).ok_or_else(|| {
            EditError::NotFound(format!("attribute {old} in {path}", old = quoted(old)))
        })?;
        if old != new && body.attribute(new).is_some() {
            return Err(EditError::Conflict(format!(
                "renaming attribute {} to {n} in {path} would define {n} twice: it exists already",
                quoted(old),
                n = quoted(new),
            )));
        }
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
    /// attributes and blocks, however indented: it is laid out as the
    /// formatter would, heredocs kept as given; empty for `{}`).
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
        let mut block = type_name.to_owned();
        for l in labels {
            block.push(' ');
            push_quoted(&mut block, l.as_ref());
        }
        let body = body.trim_end();
        // Checked alone: a body that closes the block and opens another
        // would parse once spliced in, as something else.
        let (_, diags) = parse_config(&SourceFile::new("<body>", body), &Default::default());
        if diags.has_errors() {
            let what = format!("the body {} for block {}", excerpt(body), quoted(type_name));
            return Err(input_error(what, diags));
        }
        if body.is_empty() {
            block.push_str(" {}\n");
        } else {
            block.push_str(" {\n");
            block.push_str(body);
            block.push_str("\n}\n");
        }
        self.add_item(path, &block, ItemKind::Block)
    }

    /// Removes the block at `path` (its whole lines), its comments with it
    /// as [`Document::remove_attribute`] takes them. Attributes that it
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

    /// Applies a splice, undoing it when the result does not parse.
    fn apply(&mut self, splice: Splice) -> Result<(), EditError> {
        let before = self.text.clone();
        self.text.replace_range(splice.at, &splice.text);
        self.check_or_undo(before)
    }

    /// Undoes an edit (back to `before`) that left the text with syntax
    /// errors: the error says the edit would have made them, not that the
    /// file had them.
    fn check_or_undo(&mut self, before: String) -> Result<(), EditError> {
        if let Err(e) = self.file() {
            self.text = before;
            return Err(match e {
                EditError::Syntax(d) => EditError::broken(&d),
                e => e,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod test;
#[cfg(test)]
mod test_layout;
#[cfg(test)]
mod test_values;
