//! Lining up again after an edit, as the formatter would: the runs of
//! `=` and of trailing comments that hold the lines an edit changed, and
//! those on either side of lines that joined or left a run. Only the
//! padding that alignment resizes changes (see [`crate::format::realign`]).

use super::*;

/// The lines (from 0) of an attribute, and the alignment cells of its
/// first and last (see [`crate::format::line_cells`]).
pub(super) struct AttributeLines {
    first: usize,
    last: usize,
    cells: [(bool, bool); 2],
}

impl AttributeLines {
    /// Those of the attribute at bytes `at` of `text`.
    pub(super) fn of(text: &str, at: std::ops::Range<usize>) -> AttributeLines {
        let first = text.get(..at.start).map_or(0, |t| t.matches('\n').count());
        let last = first + text.get(at.clone()).map_or(0, |t| t.matches('\n').count());
        let line = |pos: usize| {
            let start = splice::line_start(text, pos);
            let end = splice::line_end(text, pos);
            crate::format::line_cells(text.get(start..end).unwrap_or(""))
        };
        AttributeLines {
            first,
            last,
            cells: [line(at.start), line(at.end)],
        }
    }
}

impl Document {
    /// Lines up again, after attribute `name` of the body at `path` was
    /// set (its lines were `old`; `moved`: comments went to the line
    /// above it), what the formatter would: the attribute's run of `=`;
    /// the run of comments of its last line, which holds the comments
    /// that followed the old value; the line of the moved comments; and
    /// when its first or last line joined or left a run (a value that
    /// opens brackets on its line has no `=` cell; a comment inside the
    /// old value was a comment cell), what is left of the old runs on
    /// either side, its `=` padding back to one space when it left.
    pub(super) fn realign_set(
        &mut self,
        path: &BlockPath,
        name: &str,
        old: &AttributeLines,
        moved: bool,
    ) {
        let Some(span) = self.attribute_span(path, name) else {
            return;
        };
        let new = AttributeLines::of(&self.text, span.start..span.end);
        if old.cells[0].0 && !new.cells[0].0 {
            self.unpad(path, name);
        }
        // Lines, not bytes: lining up changes only blanks inside lines.
        let mut lines = vec![new.first];
        if new.last > new.first {
            lines.push(new.last);
        }
        if moved {
            lines.extend(new.first.checked_sub(1));
        }
        if moved || old.cells != new.cells {
            // The line above the old first line (the moved comments
            // went below it), and the one after the new last line.
            lines.extend(old.first.checked_sub(1));
            lines.push(new.last + 1);
        }
        self.realign_lines(lines);
    }

    /// The padding before the `=` of attribute `name` of the body at
    /// `path`, when it is spaces, back to one space: the formatter's
    /// spacing of a `=` that lines up with nothing.
    fn unpad(&mut self, path: &BlockPath, name: &str) {
        let Ok(file) = self.file() else {
            return;
        };
        let gap = find_body(&file, path)
            .and_then(|b| b.attribute(name))
            .map(|a| byte(a.name_range().end.byte)..byte(a.expr().range().start.byte));
        drop(file);
        let Some(gap) = gap else {
            return;
        };
        let head = self.text.get(gap.clone()).unwrap_or("");
        if let Some(eq) = head.find('=') {
            if eq > 1 && head[..eq].bytes().all(|b| b == b' ') {
                self.text.replace_range(gap.start..gap.start + eq, " ");
            }
        }
    }

    /// Lines up the runs of `=` (and of trailing comments) that hold
    /// `lines` (from 0), as the formatter does (see [`crate::format::realign`]).
    pub(super) fn realign_lines(&mut self, lines: impl IntoIterator<Item = usize>) {
        for line in lines {
            if let Some(at) = first_token_of_line(&self.text, line) {
                if let Some(text) = crate::format::realign(&self.text, at, at) {
                    self.text = text;
                }
            }
        }
    }

    /// Lines up the run of `=` that attribute `name` of the body at
    /// `path` is in (and the trailing comments of its lines) as the
    /// formatter does, after an edit changed a name or a value in it;
    /// every blank it does not resize keeps its bytes (see [`crate::format::realign`]).
    pub(super) fn realign(&mut self, path: &BlockPath, name: &str) {
        if let Some(at) = self.attribute_span(path, name) {
            if let Some(text) = crate::format::realign(&self.text, at.start, at.start) {
                self.text = text;
            }
        }
    }

    /// The bytes of attribute `name` of the body at `path`.
    pub(super) fn attribute_span(
        &self,
        path: &BlockPath,
        name: &str,
    ) -> Option<std::ops::Range<usize>> {
        let file = self.file().ok()?;
        let a = find_body(&file, path)?.attribute(name)?;
        Some(byte(a.range().start.byte)..byte(a.range().end.byte))
    }

    /// Applies `splice`, whose new lines were laid out alone (lined up
    /// among themselves only), then lines up again their first and last
    /// lines, which may join the runs (of `=`, of comments: a lead comment
    /// after a block comment has a cell) on either side, and the lines
    /// around them, whose runs they may split or leave (a one-line body
    /// opened up: its line's trailing comment goes to the `}` line).
    pub(super) fn apply_realigned(&mut self, splice: Splice) -> Result<(), EditError> {
        // The new lines, from the first that is not blank to the last,
        // and the line the splice starts on.
        let text = splice.text.trim_end_matches(['\r', '\n']);
        let blank = text.len() - text.trim_start_matches(['\r', '\n']).len();
        let at = self.text[..splice.at.start].matches('\n').count();
        let first = at + splice.text[..blank].matches('\n').count();
        let last = first + text[blank..].matches('\n').count();
        self.apply(splice)?;
        let mut lines = vec![first, last, last + 1];
        lines.extend(at.checked_sub(1));
        self.realign_lines(lines);
        Ok(())
    }
}
