//! [`Writer`]: native-syntax text in the formatter's canonical layout,
//! written in one pass by whoever walks the data (the [`Value`] writer
//! here, hcl-serde's Serializer).
//!
//! The layout is the one [`crate::format`] produces, so that formatting the
//! output changes nothing:
//!
//! - two spaces of indentation per open block, object or multi-line tuple;
//! - a block's body and a non-empty object one item per line; `{}` when
//!   empty;
//! - a tuple on one line (`[1, 2]`) unless an element spans lines, then one
//!   element per line, each followed by a comma;
//! - in a run of consecutive one-line attributes (or object items) the `=`
//!   signs line up one column after the widest name; a multi-line item,
//!   a block or a blank line ends the run;
//! - a blank line between a block and the item before it, and between a
//!   block and an attribute after it.
//!
//! Alignment is decided when a run ends: the run's lines are then the end
//! of the text (an item that spans lines ends the run before it, and a
//! nested body or object starts only after its item's run ended), so the
//! padding goes in there and then, moving only those lines.
//!
//! [`Value`]: crate::Value

use super::field_keys::FieldKeys;
use super::padding::{pad_names, push_indent};
use super::text::{
    bare_key_width, identifier_width, push_key, push_number, push_quoted, push_shorter_form,
    push_shortest, width,
};
use crate::diag::quoted;
use crate::value::Number;

/// Writes native-syntax text in the canonical layout; see the module
/// documentation. The caller says what comes (attributes, blocks, values)
/// in order; names, labels and strings are checked and quoted here, so
/// that the text always reads back as what was given.
///
/// ```
/// use hcl_core::write::Writer;
///
/// let mut w = Writer::new();
/// w.attribute("name").unwrap();
/// w.string("web");
/// w.end_item();
/// w.attribute("port").unwrap();
/// w.raw("8080");
/// w.end_item();
/// w.block("tls").unwrap();
/// w.label("main");
/// w.attribute("enabled").unwrap();
/// w.bool(true);
/// w.end_item();
/// w.end_block();
/// let text = w.finish();
/// assert_eq!(text, "name = \"web\"\nport = 8080\n\ntls \"main\" {\n  enabled = true\n}\n");
/// assert_eq!(hcl_core::format::format(&text).unwrap(), text);
/// ```
#[derive(Debug)]
pub struct Writer {
    out: String,
    /// Open blocks, objects and multi-line tuples.
    depth: usize,
    /// The innermost open body or object (the root body at first).
    level: Level,
    /// The open bodies and objects around it, innermost last.
    outer: Vec<Level>,
    /// The one-line items of the open runs: (offset after the name, the
    /// name's width in columns), each level's from its `run_start` on.
    run: Vec<(usize, usize)>,
    /// Open tuples, innermost last.
    tuples: Vec<Tuple>,
    /// Where the elements of open one-line tuples start.
    elements: Vec<usize>,
    /// Newlines written so far (to tell one-line items from others).
    newlines: usize,
    /// Raw text spanning lines was written: `finish` runs the formatter.
    reformat: bool,
    /// Values are written in literal syntax only (see
    /// [`Writer::literal`]).
    literal: bool,
    /// What [`Writer::field_key`] found of the names it was given.
    field_keys: FieldKeys,
}

#[derive(Debug, Clone)]
struct Level {
    /// Where this level's run starts in `Writer::run`.
    run_start: usize,
    /// The kind of the previous item (bodies put blank lines around
    /// blocks).
    prev: Prev,
    /// Newlines written when the current item started.
    item_lines: usize,
    /// Where the current item's name ends (its entry in the run, until a
    /// value that spans lines takes it out).
    item_at: usize,
    /// For a block body: where labels go, and where the body starts.
    header: Option<(usize, usize)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prev {
    Nothing,
    Attribute,
    Block,
}

#[derive(Debug)]
struct Tuple {
    /// The offset of `[`.
    open: usize,
    multiline: bool,
    /// Where this tuple's element starts begin in `Writer::elements`.
    elements_start: usize,
    count: usize,
}

/// A name that the native syntax cannot write where it was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidName(pub String);

impl std::fmt::Display for InvalidName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not a valid identifier", quoted(&self.0))
    }
}

impl std::error::Error for InvalidName {}

impl Default for Writer {
    fn default() -> Writer {
        Writer::new()
    }
}

impl Writer {
    /// An empty writer at the top level of a body.
    pub fn new() -> Writer {
        Writer::with_capacity(256)
    }

    /// An empty writer whose buffer holds `bytes` before growing.
    pub fn with_capacity(bytes: usize) -> Writer {
        Writer {
            out: String::with_capacity(bytes),
            depth: 0,
            level: Level::new(0, None, 0),
            outer: Vec::with_capacity(8),
            run: Vec::with_capacity(16),
            tuples: Vec::new(),
            elements: Vec::new(),
            newlines: 0,
            reformat: false,
            literal: false,
            field_keys: FieldKeys::default(),
        }
    }

    /// Makes [`write_value`](super::write_value) write values in literal
    /// syntax only, for text that is read in literal-only mode (no
    /// functions): lists and sets as tuples, maps as objects, typed nulls
    /// as `null`. The text then evaluates to a value that *converts* to the
    /// original under its type, rather than to an equal one.
    pub fn literal(mut self) -> Writer {
        self.literal = true;
        self
    }

    /// Whether values are written in literal syntax only.
    pub fn literal_values(&self) -> bool {
        self.literal
    }

    #[inline]
    fn indent(&mut self) {
        push_indent(&mut self.out, self.depth);
    }

    #[inline]
    fn newline(&mut self) {
        self.out.push('\n');
        self.newlines += 1;
    }

    // --- bodies ------------------------------------------------------

    /// Starts an attribute of a body: `name = `; the value follows, then
    /// [`Writer::end_item`]. The name must be an identifier.
    pub fn attribute(&mut self, name: &str) -> Result<(), InvalidName> {
        let (mark, lines) = (self.out.len(), self.newlines);
        if self.level.prev == Prev::Block {
            self.newline();
        }
        let Some(name_width) = identifier_width(name) else {
            // Not an item: what was written for it goes.
            self.out.truncate(mark);
            self.newlines = lines;
            return Err(InvalidName(name.to_owned()));
        };
        self.out.reserve(2 * self.depth + name.len() + 4);
        self.indent();
        self.out.push_str(name);
        self.end_name(self.newlines, name_width);
        Ok(())
    }

    /// Ends the name of an item started on line `lines` (its indentation
    /// and name written; the name `name_width` columns wide), in the
    /// current run; its `=` follows.
    #[inline]
    fn end_name(&mut self, lines: usize, name_width: usize) {
        let at = self.out.len();
        self.run.push((at, name_width));
        self.level.prev = Prev::Attribute;
        self.level.item_lines = lines;
        self.level.item_at = at;
        self.out.push_str(" = ");
    }

    /// Ends an attribute or object item. An item whose value spanned
    /// lines ends the run of `=` alignment before it.
    #[inline]
    pub fn end_item(&mut self) {
        let multiline = self.newlines > self.level.item_lines;
        self.newline();
        if multiline {
            self.item_spans_lines();
        }
    }

    /// The current item's value spans lines: its line has no `=` cell for
    /// the formatter, so the run before it ends (and a new one starts
    /// after it). Done as soon as that is known, so that the run's lines
    /// are the end of the text.
    fn item_spans_lines(&mut self) {
        let own = self.level.item_at;
        if self.run.len() > self.level.run_start && self.run.last().map(|e| e.0) == Some(own) {
            self.run.pop();
            self.end_run();
        }
    }

    /// Lines up the `=` of the current level's run and starts a new one.
    ///
    /// The run's lines are the end of the text (and the current item's
    /// start, when a value spanning lines ended the run): each name's
    /// padding goes in there, the last first, so that the offsets before
    /// it hold.
    #[inline(always)]
    fn end_run(&mut self) {
        let start = self.level.run_start.min(self.run.len());
        if self.run.len() - start > 1 {
            self.align_run(start);
        }
        self.run.truncate(start);
    }

    /// Pads the names of the run of more than one item from `start` in
    /// `Writer::run` (see [`Writer::end_run`]).
    #[inline(never)]
    fn align_run(&mut self, start: usize) {
        let entries = &self.run[start..];
        let widest = entries.iter().map(|e| e.1).max().unwrap_or(0);
        let added = pad_names(&mut self.out, entries, widest);
        if added > 0 && !self.tuples.is_empty() {
            // What is open past the run's names (the current item's
            // tuple) moved with the text.
            let moved = |o: &mut usize| {
                let before = entries.iter().take_while(|e| e.0 <= *o);
                *o += before.map(|e| widest - e.1).sum::<usize>();
            };
            for t in &mut self.tuples {
                moved(&mut t.open);
            }
            self.elements.iter_mut().for_each(moved);
        }
    }

    /// Starts a block of type `type_name` (an identifier); labels may
    /// follow with [`Writer::label`] (also after body items: they are put
    /// in the header), then the body's items, then [`Writer::end_block`].
    pub fn block(&mut self, type_name: &str) -> Result<(), InvalidName> {
        if !super::is_identifier(type_name) {
            return Err(InvalidName(type_name.to_owned()));
        }
        self.end_run();
        if self.level.prev != Prev::Nothing {
            self.newline();
        }
        self.level.prev = Prev::Block;
        self.indent();
        self.out.push_str(type_name);
        let labels_at = self.out.len();
        self.out.push_str(" {");
        self.newline();
        let body_start = self.out.len();
        let run_start = self.run.len();
        self.open_level(Level::new(
            run_start,
            Some((labels_at, body_start)),
            self.newlines,
        ));
        self.depth += 1;
        Ok(())
    }

    /// Makes `level` the innermost one.
    fn open_level(&mut self, level: Level) {
        let outer = std::mem::replace(&mut self.level, level);
        self.outer.push(outer);
    }

    /// Closes the innermost level (`None` at the root, which stays).
    fn close_level(&mut self) -> Option<Level> {
        let outer = self.outer.pop()?;
        Some(std::mem::replace(&mut self.level, outer))
    }

    /// Adds a label to the innermost open block's header (quoted).
    pub fn label(&mut self, label: &str) {
        let innermost = std::iter::once(&self.level).chain(self.outer.iter().rev());
        let Some((at, _)) = innermost.clone().find_map(|l| l.header) else {
            return;
        };
        let mut text = String::with_capacity(label.len() + 3);
        text.push(' ');
        push_quoted(&mut text, label);
        self.insert(at, &text);
    }

    /// Inserts `text` at `at`, moving every offset kept past it.
    fn insert(&mut self, at: usize, text: &str) {
        let n = text.len();
        if at == self.out.len() {
            self.out.push_str(text);
        } else {
            self.out.insert_str(at, text);
        }
        let shift = |o: &mut usize| {
            if *o >= at {
                *o += n;
            }
        };
        for (o, _) in &mut self.run {
            shift(o);
        }
        for o in &mut self.elements {
            shift(o);
        }
        for t in &mut self.tuples {
            shift(&mut t.open);
        }
        for l in std::iter::once(&mut self.level).chain(self.outer.iter_mut()) {
            if let Some((labels, body)) = &mut l.header {
                // A label goes after the labels before it.
                shift(labels);
                shift(body);
            }
        }
    }

    /// Ends the innermost open block: `{}` when its body is empty.
    pub fn end_block(&mut self) {
        self.end_run();
        let Some(level) = self.close_level() else {
            return;
        };
        self.depth = self.depth.saturating_sub(1);
        match level.header {
            Some((_, body_start)) if body_start == self.out.len() => {
                self.out.pop();
                self.newlines -= 1;
                self.out.push('}');
            }
            _ => {
                self.indent();
                self.out.push('}');
            }
        }
        self.newline();
    }

    // --- values ------------------------------------------------------

    /// `null`
    #[inline]
    pub fn null(&mut self) {
        self.out.push_str("null");
    }

    /// `true` or `false`
    #[inline]
    pub fn bool(&mut self, b: bool) {
        self.out.push_str(if b { "true" } else { "false" });
    }

    /// A number, exactly; `false` (nothing written) for an infinity,
    /// which has no literal.
    pub fn number(&mut self, n: &Number) -> bool {
        push_number(&mut self.out, n).is_some()
    }

    /// An integer.
    #[inline]
    pub fn integer(&mut self, n: i64) {
        match u64::try_from(n) {
            Ok(n) => self.unsigned(n),
            Err(_) => self.out.push_str(itoa::Buffer::new().format(n)),
        }
    }

    /// An unsigned integer.
    #[inline]
    pub fn unsigned(&mut self, n: u64) {
        match u8::try_from(n) {
            // One digit (counts, flags): a byte, where copying the
            // formatted digits is a call.
            Ok(d @ 0..=9) => self.out.push(char::from(b'0' + d)),
            _ => self.out.push_str(itoa::Buffer::new().format(n)),
        }
    }

    /// A finite `f64` as its shortest text: the shortest digits that read
    /// back as the same `f64`, positional or with an exponent, whichever
    /// is shorter (positional on a tie); `false` (nothing written) for NaN
    /// and the infinities. Negative zero is written `0`: the syntax's
    /// numbers have no negative zero (`-0` is `0`).
    ///
    /// The digits of an integral double are its exact integer's (the
    /// shortest digits of one beyond 2^53 can denote another integer:
    /// 2^70 is `1180591620717411303424`, not `1.1805916207174113e21`), so
    /// that the text reads back, as an `hcl_core::Number`, as
    /// [`Number::from_f64`] of the double, which a `Number` or `Value`
    /// serialized as an `f64` relies on.
    ///
    /// ```
    /// let mut w = hcl_core::write::Writer::new();
    /// for f in [0.5, -3.0, 1e-7, 1e21, 5e-324, 1000.0, -0.0] {
    ///     w.float(f);
    ///     w.raw(" ");
    /// }
    /// assert_eq!(w.finish(), "0.5 -3 1e-7 1e21 5e-324 1e3 0 ");
    /// ```
    pub fn float(&mut self, f: f64) -> bool {
        if !f.is_finite() {
            return false;
        }
        if f.abs() < 9.0e15 {
            // An integer there is exact as an `i64` (a cast, where
            // `fract` is a call); with fewer than three trailing zeros
            // its digits are its shortest text.
            let i = f as i64;
            if i as f64 == f {
                if i % 1000 != 0 || i == 0 {
                    self.integer(i);
                } else {
                    push_shorter_form(&mut self.out, itoa::Buffer::new().format(i));
                }
                return true;
            }
        } else {
            // Every double this large is an integer: its exact digits (the
            // shortest digits of one past 2^53 may denote another integer,
            // and a `Number` holding it must read back exactly).
            push_shorter_form(&mut self.out, &format!("{f:.0}"));
            return true;
        }
        push_shortest(&mut self.out, f);
        true
    }

    /// A finite `f32` as its shortest text, as [`Writer::float`] writes a
    /// double: the shortest digits that read back as the same `f32`,
    /// positional or with an exponent, whichever is shorter; `false`
    /// (nothing written) for NaN and the infinities.
    ///
    /// ```
    /// let mut w = hcl_core::write::Writer::new();
    /// for f in [0.1f32, f32::MAX, 1e-45, -0.0] {
    ///     w.float32(f);
    ///     w.raw(" ");
    /// }
    /// assert_eq!(w.finish(), "0.1 3.4028235e38 1e-45 0 ");
    /// ```
    pub fn float32(&mut self, f: f32) -> bool {
        if !f.is_finite() {
            return false;
        }
        push_shorter_form(&mut self.out, &format!("{f:e}"));
        true
    }

    /// A number given by its decimal text (an integer, or a finite float's
    /// shortest text, which reads back as the same float): written as it
    /// displays.
    pub fn number_text(&mut self, n: impl std::fmt::Display) {
        use std::fmt::Write;
        let _ = write!(self.out, "{n}");
    }

    /// A string literal that evaluates to `s` (see
    /// [`push_quoted`]).
    #[inline]
    pub fn string(&mut self, s: &str) {
        push_quoted(&mut self.out, s);
    }

    /// Expression text written as it is (a number's digits, an
    /// expression's source). Text that spans lines is laid out by the
    /// formatter in [`Writer::finish`].
    pub fn raw(&mut self, text: &str) {
        let lines = text.bytes().filter(|&b| b == b'\n').count();
        if lines > 0 {
            self.newlines += lines;
            self.reformat = true;
        }
        self.out.push_str(text);
    }

    /// Starts a tuple; `multiline` when an element is known to span
    /// lines. Each element follows a [`Writer::element`] call.
    pub fn begin_tuple(&mut self, multiline: bool) {
        if multiline {
            self.item_spans_lines();
        }
        let open = self.out.len();
        self.out.push('[');
        if multiline {
            self.newline();
            self.depth += 1;
        }
        self.tuples.push(Tuple {
            open,
            multiline,
            elements_start: self.elements.len(),
            count: 0,
        });
    }

    /// Starts the next element of the innermost tuple; `spans_lines` when
    /// it will (an object, a multi-line tuple): a one-line tuple then
    /// becomes a multi-line one.
    pub fn element(&mut self, spans_lines: bool) {
        let Some(t) = self.tuples.last() else {
            return;
        };
        if spans_lines && !t.multiline {
            self.break_tuple();
        }
        let Some(t) = self.tuples.last_mut() else {
            return;
        };
        let (count, multiline) = (t.count, t.multiline);
        t.count += 1;
        if multiline {
            if count > 0 {
                self.out.push(',');
                self.newline();
            }
            self.indent();
        } else {
            if count > 0 {
                self.out.push_str(", ");
            }
            self.elements.push(self.out.len());
        }
    }

    /// Rewrites the innermost one-line tuple as a multi-line one. Its
    /// elements so far are one-line values without padding, so they move
    /// as text.
    fn break_tuple(&mut self) {
        self.item_spans_lines();
        let Some(t) = self.tuples.last_mut() else {
            return;
        };
        t.multiline = true;
        let (open, start) = (t.open, t.elements_start);
        let tail = self.out.split_off(open + 1);
        let starts: Vec<usize> = self.elements.drain(start..).map(|s| s - open - 1).collect();
        self.depth += 1;
        self.newline();
        for (i, &s) in starts.iter().enumerate() {
            let end = match starts.get(i + 1) {
                Some(&next) => next - 2,
                None => tail.len(),
            };
            if i > 0 {
                self.out.push(',');
                self.newline();
            }
            self.indent();
            self.out.push_str(tail.get(s..end).unwrap_or(""));
        }
    }

    /// Ends the innermost tuple.
    pub fn end_tuple(&mut self) {
        let Some(t) = self.tuples.pop() else {
            return;
        };
        if t.multiline {
            if t.count > 0 {
                self.out.push(',');
                self.newline();
            }
            self.depth = self.depth.saturating_sub(1);
            self.indent();
        } else {
            self.elements.truncate(t.elements_start);
        }
        self.out.push(']');
    }

    /// Starts an object: `{}` at once when `empty`, otherwise items follow
    /// ([`Writer::key`], the value, [`Writer::end_item`]) and then
    /// [`Writer::end_object`].
    pub fn begin_object(&mut self, empty: bool) {
        if empty {
            self.out.push_str("{}");
            return;
        }
        self.item_spans_lines();
        self.out.push('{');
        self.newline();
        self.depth += 1;
        let run_start = self.run.len();
        self.open_level(Level::new(run_start, None, self.newlines));
    }

    /// Starts an object item: the key, bare when it is an identifier,
    /// quoted otherwise.
    #[inline]
    pub fn key(&mut self, key: &str) {
        self.key_as(key, bare_key_width(key));
    }

    /// [`Writer::key`] for a name that lives as long as the program, such
    /// as a struct's field name (serde gives them as `&'static str`): the
    /// same text, but whether the name can be written bare, and how wide
    /// it is, are found once per writer and then remembered by the name's
    /// address (a struct written many times has its field names checked
    /// once).
    ///
    /// ```
    /// let mut w = hcl_core::write::Writer::new();
    /// w.begin_object(false);
    /// for key in ["port", "for", "port"] {
    ///     w.field_key(key);
    ///     w.raw("1");
    ///     w.end_item();
    /// }
    /// w.end_object();
    /// assert_eq!(w.finish(), "{\n  port  = 1\n  \"for\" = 1\n  port  = 1\n}");
    /// ```
    #[inline]
    pub fn field_key(&mut self, key: &'static str) {
        let bare = self.field_keys.bare_key_width(key);
        self.key_as(key, bare);
    }

    /// Starts an object item with key `key`, whose [`bare_key_width`] is
    /// `bare`.
    #[inline]
    fn key_as(&mut self, key: &str, bare: Option<usize>) {
        let lines = self.newlines;
        self.indent();
        let name_width = match bare {
            Some(w) => {
                self.out.push_str(key);
                w
            }
            None => self.quoted_key(key),
        };
        self.end_name(lines, name_width);
    }

    /// Writes a key that cannot be bare; returns its width. Out of the
    /// way of the common case, so that [`Writer::key_as`] stays small.
    #[cold]
    #[inline(never)]
    fn quoted_key(&mut self, key: &str) -> usize {
        let start = self.out.len();
        push_key(&mut self.out, key);
        width(&self.out[start..])
    }

    /// Ends a non-empty object.
    pub fn end_object(&mut self) {
        self.end_run();
        self.close_level();
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        self.out.push('}');
    }

    /// The text so far, before alignment (for callers that write a value
    /// on its own, with no body around it).
    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// Whether the text so far ends with `text`.
    pub fn ends_with(&self, text: &str) -> bool {
        self.out.ends_with(text)
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// Cuts the text back to `len` bytes (to undo a value that failed
    /// half-way); only for text written at the current level since then.
    pub fn truncate(&mut self, len: usize) {
        if len < self.out.len() {
            let cut = &self.out[len..];
            self.newlines -= cut.bytes().filter(|&b| b == b'\n').count();
            self.out.truncate(len);
            self.run.retain(|e| e.0 <= len);
        }
    }

    /// The finished text, with the `=` of the last runs aligned.
    pub fn finish(mut self) -> String {
        self.end_run();
        while self.close_level().is_some() {
            self.end_run();
        }
        let mut out = self.out;
        if self.reformat {
            let limit = out.len().saturating_mul(2).saturating_add(1 << 20);
            if let Some(formatted) = crate::format::format_tokens(&out, limit) {
                out = formatted;
            }
        }
        out
    }
}

impl Level {
    fn new(run_start: usize, header: Option<(usize, usize)>, item_lines: usize) -> Level {
        Level {
            run_start,
            prev: Prev::Nothing,
            item_lines,
            item_at: usize::MAX,
            header,
        }
    }
}
