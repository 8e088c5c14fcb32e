//! A whole body updated from new text, item by item (`Document::update_from`).

use super::comments::{tokens, with_comments};
use super::*;
use crate::native::token::Token;

impl Document {
    /// Makes the document's content that of `text` (native syntax),
    /// editing only what differs: an attribute whose value (in
    /// literal-only mode) or, when it has no such value, whose source text
    /// differs is set to the new expression; attributes and blocks that
    /// `text` lacks are removed, those it adds are added; blocks are
    /// matched by type and labels. Untouched items keep their bytes,
    /// comments included; the run of `=` an edit changes is lined up
    /// again (see [`Document::set_attribute`]).
    ///
    /// An item added comes with its comments in `text`, as hclwrite
    /// counts an item's (its lead comments, the comments before it on
    /// its line, its line comment) and, for a block, every comment inside
    /// it; all laid out as the formatter would. The comments of the items
    /// it keeps stay as they are in the document, and a comment of `text`
    /// that is no item's (set apart by blank lines, or at the end of a
    /// body) is not added.
    ///
    /// ```
    /// use hcl_core::edit::Document;
    /// let mut doc = Document::parse("a.hcl", "name = \"x\" # the name\nport = 80\n").unwrap();
    /// doc.update_from("name = \"x\"\nport = 8080\nextra = true\n").unwrap();
    /// assert_eq!(doc.text(), "name  = \"x\" # the name\nport  = 8080\nextra = true\n");
    /// doc.update_from("name = \"x\"\nport = 8080\nextra = true\n# why\nmore = 1 # one\n").unwrap();
    /// assert_eq!(doc.text(), "name  = \"x\" # the name\nport  = 8080\nextra = true\n# why\nmore = 1 # one\n");
    /// ```
    pub fn update_from(&mut self, text: &str) -> Result<(), EditError> {
        let src = SourceFile::new("<new>", text);
        let (file, diags) = parse_config(&src, &Default::default());
        if diags.has_errors() {
            return Err(input_error("the new text".to_owned(), diags));
        }
        let before = self.text.clone();
        let new = New {
            text,
            tokens: tokens(text),
        };
        let result = self.update_body(&BlockPath::root(), &new, file.body(), 0);
        if result.is_err() {
            self.text = before;
        }
        result
    }

    fn update_body(
        &mut self,
        path: &BlockPath,
        source: &New<'_>,
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
                self.add_attribute(path, a.name(), &source.item(a.range()))?;
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
                self.update_body(&child, source, b.body(), depth + 1)?;
            } else {
                self.add_item(path, &source.item(b.range()), ItemKind::Block)?;
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
            self.check_or_undo(before)?;
            // The items' runs are lined up again; alignment changes only
            // spaces, so the items stay on their lines.
            let lines: Vec<usize> = starts
                .iter()
                .map(|&at| self.text.get(..at).map_or(0, |t| t.matches('\n').count()))
                .collect();
            self.realign_lines(lines);
            return Ok(());
        }
        drop(file);
        self.set_attribute_text(path, name, new.expr().source_text())
    }
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

/// The new text of an update, and its tokens (comments and newlines
/// included).
struct New<'a> {
    text: &'a str,
    tokens: Vec<Token>,
}

impl New<'_> {
    /// The text of the item at `range` with its comments (lead comments,
    /// those inside it, its line comment: see [`super::comments`]), for an
    /// item the update adds: they come with it, as hclwrite's would.
    fn item(&self, range: crate::pos::Range) -> String {
        let item = byte(range.start.byte)..byte(range.end.byte);
        let (at, _) = with_comments(self.text, &self.tokens, item);
        let mut out = self.text.get(at).unwrap_or("").trim_end().to_owned();
        out.push('\n');
        out
    }
}
