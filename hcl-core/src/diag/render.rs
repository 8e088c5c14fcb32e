//! Drawing diagnostics for a terminal, with source snippets.
//!
//! The layout is the reference implementation's text writer, so that users
//! of Terraform-family tools see what they are used to, with a caret line
//! under the subject (as rustc and codespan draw one) so that the place at
//! fault is visible without colour, and the function being called:
//!
//! ```text
//! Error: Invalid function argument
//!
//!   on main.hcl line 2, in service "web":
//!    2:   name = upper(var.names)
//!                      ^^^^^^^^^
//!
//! while calling upper(str)
//! with var.names as list of string with 2 elements.
//!
//! Invalid value for "str" parameter: string required.
//!
//! ```
//!
//! A snippet shows the lines the reference shows: every line that overlaps
//! the subject and the context taken together, empty lines left out, each
//! as it is in the source (tabs included). Past
//! [`RenderOptions::max_lines`] it shows the subject's lines only, and past
//! that again their first lines, a `…` line and their last line; a line
//! longer than a few hundred bytes shows a window around the subject.
//!
//! The caret line repeats the tabs of the source line, so that both align
//! whatever the terminal's tab stops; a wide character takes two carets and
//! a grapheme cluster is never split. Bytes that were not UTF-8 (each one
//! U+001A in the loaded text) show as U+FFFD, one column each, as a terminal
//! shows the raw bytes the reference writes.
//!
//! Rendering `N` diagnostics costs `O(N)` plus the lines shown: each
//! diagnostic finds its lines through the file's line index.

use std::fmt::{self, Write as _};

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::diag::{Diagnostic, Diagnostics, Involved, Severity};
use crate::pos::{Range, SourceFile, SourceLookup};

/// Finds a short description of the construct enclosing a byte offset of a
/// file (for example `resource "aws_instance" "web"`), shown after the line
/// number as `, in …`. Syntaxes supply one; see [`RenderOptions::enclosing`].
pub type EnclosingFn<'a> = &'a dyn Fn(&SourceFile, u32) -> Option<String>;

/// The `, in …` text of a native-syntax block: its type, then each label
/// quoted as the reference's navigation quotes it (Go's `%q`, so `<` stays
/// `<` and a control character is `\x01`, where JSON quoting would write
/// `\u003c` and `\u0001`). For an [`EnclosingFn`].
///
/// ```
/// use hcl_core::diag::render::block_header;
/// assert_eq!(block_header("service", ["web"]), r#"service "web""#);
/// assert_eq!(block_header("a", ["x<y", "tab\there"]), r#"a "x<y" "tab\there""#);
/// assert_eq!(block_header("locals", [] as [&str; 0]), "locals");
/// ```
pub fn block_header<'l>(type_name: &str, labels: impl IntoIterator<Item = &'l str>) -> String {
    let mut out = type_name.to_owned();
    for label in labels {
        // Writing into a String cannot fail.
        let _ = write!(out, " {}", super::quoted(label));
    }
    out
}

/// How diagnostics are drawn.
///
/// ```
/// use hcl_core::diag::render::RenderOptions;
/// let opts = RenderOptions { color: true, width: 80, ..RenderOptions::default() };
/// assert_eq!(opts.max_lines, 20);
/// ```
#[derive(Clone, Copy)]
pub struct RenderOptions<'a> {
    /// Emit ANSI escape sequences: the severity in red or yellow, the
    /// subject in bold underline, the carets in the severity's colour.
    pub color: bool,
    /// Terminal width for wrapping the detail text; `0` disables wrapping.
    pub width: usize,
    /// Extra source lines shown before and after the snippet.
    pub context_lines: usize,
    /// The most source lines one snippet spans: longer snippets show the
    /// subject's lines only, and a subject longer than this its first
    /// lines, a `…` line and its last line. At least 2 is used.
    pub max_lines: usize,
    /// Describes the construct around the subject (`, in …`); none by
    /// default.
    pub enclosing: Option<EnclosingFn<'a>>,
}

impl RenderOptions<'_> {
    /// The default [`max_lines`](RenderOptions::max_lines): enough for a
    /// multi-line type constraint or object, short of a screenful.
    pub const DEFAULT_MAX_LINES: usize = 20;
}

impl Default for RenderOptions<'_> {
    fn default() -> Self {
        RenderOptions {
            color: false,
            width: 0,
            context_lines: 0,
            max_lines: Self::DEFAULT_MAX_LINES,
            enclosing: None,
        }
    }
}

impl fmt::Debug for RenderOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RenderOptions")
            .field("color", &self.color)
            .field("width", &self.width)
            .field("context_lines", &self.context_lines)
            .field("max_lines", &self.max_lines)
            .field("enclosing", &self.enclosing.is_some())
            .finish()
    }
}

const RESET: &str = "\x1b[0m";
const HIGHLIGHT: &str = "\x1b[1;4m";

fn severity_color(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "\x1b[31m",
        Severity::Warning => "\x1b[33m",
    }
}

/// Renders one diagnostic: severity and summary, the location, source
/// snippet and the values involved when the diagnostic has a subject, and
/// the detail. The text ends with a blank line, so rendered diagnostics can
/// be concatenated.
///
/// ```
/// use hcl_core::diag::{render::{render, RenderOptions}, Diagnostic};
/// use hcl_core::pos::SourceFile;
/// let file = SourceFile::new("main.hcl", "a = 1\nb = tru\n");
/// let subject = file.range_of(10..13);
/// let diag = Diagnostic::error("Unknown variable", "There is no variable named \"tru\".")
///     .with_subject(subject);
/// assert_eq!(
///     render(&diag, &file, &RenderOptions::default()),
///     "Error: Unknown variable\n\
///      \n  on main.hcl line 2:\
///      \n   2: b = tru\
///      \n          ^^^\
///      \n\
///      \nThere is no variable named \"tru\".\
///      \n\n"
/// );
/// ```
pub fn render(diag: &Diagnostic, sources: &dyn SourceLookup, opts: &RenderOptions<'_>) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_diagnostic(&mut out, diag, sources, opts);
    out
}

/// Renders every diagnostic, in order (see [`render`]).
pub fn render_all(
    diags: &Diagnostics,
    sources: &dyn SourceLookup,
    opts: &RenderOptions<'_>,
) -> String {
    let mut out = String::new();
    for diag in diags {
        let _ = write_diagnostic(&mut out, diag, sources, opts);
    }
    out
}

/// Writes one rendered diagnostic (see [`render`]) to `out`.
pub fn write_diagnostic(
    out: &mut dyn fmt::Write,
    diag: &Diagnostic,
    sources: &dyn SourceLookup,
    opts: &RenderOptions<'_>,
) -> fmt::Result {
    let (color, reset) = if opts.color {
        (severity_color(diag.severity), RESET)
    } else {
        ("", "")
    };
    write!(out, "{color}{}{reset}: {}\n\n", diag.severity, diag.summary)?;

    if let Some(subject) = &diag.subject {
        match sources.source_file(subject.filename()) {
            Some(file) => write_snippet(out, diag, subject, file, opts)?,
            None => write!(
                out,
                "  on {} line {}:\n  (source code not available)\n\n",
                unknown_name(subject.filename()),
                subject.start.line
            )?,
        }
        if let Some(involved) = &diag.involved {
            write_involved(out, involved)?;
        }
    }

    if !diag.detail.is_empty() {
        if opts.width == 0 {
            out.write_str(&diag.detail)?;
        } else {
            out.write_str(&wrap(&diag.detail, opts.width))?;
        }
        out.write_str("\n\n")?;
    }
    Ok(())
}

fn unknown_name(filename: &str) -> &str {
    if filename.is_empty() {
        "<no file>"
    } else {
        filename
    }
}

/// The function being called, then the values as the reference lists
/// them: `with a as 1,` / `     b set to null.`, and a blank line.
fn write_involved(out: &mut dyn fmt::Write, involved: &Involved) -> fmt::Result {
    if let Some(call) = &involved.call {
        writeln!(out, "while calling {call}")?;
    }
    let last = involved.values.len().saturating_sub(1);
    for (i, v) in involved.values.iter().enumerate() {
        out.write_str(if i == 0 { "with " } else { "     " })?;
        match &v.value {
            Some(value) => write!(out, "{} as {value}", v.traversal)?,
            None => write!(out, "{} set to null", v.traversal)?,
        }
        out.write_str(if i == last { ".\n" } else { ",\n" })?;
    }
    if !involved.is_empty() {
        out.write_str("\n")?;
    }
    Ok(())
}

/// A byte range `start..end` of a file's text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Bytes {
    start: usize,
    end: usize,
}

impl Bytes {
    /// The bytes of `r` in `text`: clamped to it, ends moved back to
    /// character boundaries (a range may be stale).
    fn of(r: &Range, text: &str) -> Bytes {
        let boundary = |b: u32| {
            let mut b = (b as usize).min(text.len());
            while !text.is_char_boundary(b) {
                b -= 1;
            }
            b
        };
        let span = r.span();
        let start = boundary(span.start);
        let end = boundary(span.end).max(start);
        Bytes { start, end }
    }

    fn is_empty(self) -> bool {
        self.start == self.end
    }

    fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }

    /// The reference's `Range.Overlaps`: neither range is empty, and one
    /// contains an end of the other. (An end is tested with `contains`, so a
    /// range ending where a line starts overlaps that line, as there.)
    fn overlaps(self, other: Bytes) -> bool {
        !self.is_empty()
            && !other.is_empty()
            && (self.contains(other.start)
                || self.contains(other.end)
                || other.contains(self.start)
                || other.contains(self.end))
    }

    /// The reference's `Range.Overlap`: the common part (empty when the
    /// ranges do not overlap).
    fn overlap(self, other: Bytes) -> Bytes {
        if !self.overlaps(other) {
            return Bytes {
                start: self.start,
                end: self.start,
            };
        }
        Bytes {
            start: self.start.max(other.start),
            end: self.end.min(other.end),
        }
    }

    /// The reference draws an empty range as its first byte.
    fn drawable(self) -> Bytes {
        if self.is_empty() {
            Bytes {
                start: self.start,
                end: self.end + 1,
            }
        } else {
            self
        }
    }
}

fn write_snippet(
    out: &mut dyn fmt::Write,
    diag: &Diagnostic,
    subject: &Range,
    file: &SourceFile,
    opts: &RenderOptions<'_>,
) -> fmt::Result {
    let enclosing = opts
        .enclosing
        .and_then(|f| f(file, subject.start.byte))
        .filter(|s| !s.is_empty())
        .map(|s| format!(", in {s}"))
        .unwrap_or_default();
    writeln!(
        out,
        "  on {} line {}{enclosing}:",
        file.name(),
        subject.start.line
    )?;

    // Lines are found from bytes, not from the range's line numbers: a
    // range built by hand (or for another version of the file) may carry
    // lines that disagree with the text.
    let highlight = Bytes::of(subject, file.text());
    let mut snip = highlight;
    if let Some(ctx) = diag.context.as_ref().filter(|c| c.same_file(subject)) {
        // The reference's `RangeOver`: an empty range adds nothing.
        let ctx = Bytes::of(ctx, file.text());
        if snip.is_empty() {
            snip = ctx;
        } else if !ctx.is_empty() {
            snip = Bytes {
                start: snip.start.min(ctx.start),
                end: snip.end.max(ctx.end),
            };
        }
    }
    let painter = Painter {
        file,
        highlight: highlight.drawable(),
        subject_start: highlight.start,
        opts,
        color: if opts.color {
            severity_color(diag.severity)
        } else {
            ""
        },
    };
    let shown = painter.choose_lines(snip.drawable());
    for line in shown.first.clone() {
        painter.line(out, line, shown.always(line))?;
    }
    if let Some(last) = shown.after_gap {
        writeln!(out, "{:>4}", ELLIPSIS)?;
        painter.line(out, last, shown.always(last))?;
    }
    out.write_str("\n")
}

/// The lines of a snippet (1-based): a run, and after a `…` line its last
/// line when the run was cut.
struct Shown {
    first: std::ops::Range<u32>,
    after_gap: Option<u32>,
    /// Lines shown whether or not the snippet overlaps them (the extra
    /// lines of [`RenderOptions::context_lines`]).
    overlapping: (u32, u32),
}

impl Shown {
    fn always(&self, line: u32) -> bool {
        line < self.overlapping.0 || line > self.overlapping.1
    }
}

struct Painter<'a> {
    file: &'a SourceFile,
    /// The subject, drawable (at least one byte).
    highlight: Bytes,
    /// Where the subject starts: a caret goes at the end of that line when
    /// the subject covers nothing visible there.
    subject_start: usize,
    opts: &'a RenderOptions<'a>,
    color: &'a str,
}

impl Painter<'_> {
    /// The bytes of line `line` (1-based), without its line terminator.
    fn line_bytes(&self, line: u32) -> Option<(Bytes, &str)> {
        let text = self.file.line_text(line)?;
        let start = offset_in(self.file.text(), text);
        Some((
            Bytes {
                start,
                end: start + text.len(),
            },
            text,
        ))
    }

    /// The first and last line a range may touch.
    fn line_span(&self, r: Bytes) -> (u32, u32) {
        let first = self.file.pos(r.start as u32).line;
        let last = self.file.pos(r.end as u32).line.max(first);
        (first, last)
    }

    fn choose_lines(&self, snip: Bytes) -> Shown {
        let max = self.opts.max_lines.max(2) as u32;
        let extra = self.opts.context_lines.min(u32::MAX as usize / 4) as u32;
        let line_count = (self.file.line_count() as u32).max(1);
        let mut span = self.line_span(snip);
        if span.1 - span.0 + 1 > max {
            // The context does not fit: the subject's own lines matter most.
            span = self.line_span(self.highlight);
        }
        let (a, b) = (
            span.0.saturating_sub(extra).max(1),
            span.1.saturating_add(extra).min(line_count).max(span.0),
        );
        let overlapping = span;
        if b - a < max {
            return Shown {
                first: a..b + 1,
                after_gap: None,
                overlapping,
            };
        }
        Shown {
            first: a..a + max - 1,
            after_gap: Some(b),
            overlapping,
        }
    }

    /// Writes line `line` if the snippet shows it (`always`, or it overlaps
    /// the snippet's bytes and is not empty, as the reference decides) and,
    /// if the subject touches it, its carets.
    fn line(&self, out: &mut dyn fmt::Write, line: u32, always: bool) -> fmt::Result {
        let Some((bytes, text)) = self.line_bytes(line) else {
            return Ok(());
        };
        let on_line = bytes.overlap(self.highlight);
        let shown = always || !bytes.is_empty();
        if !shown {
            return Ok(());
        }
        // The subject's part of this line, as offsets into `text`; a
        // subject that covers nothing visible here but starts at the end of
        // this line (a missing token, a line break) points there.
        let marked = if !on_line.is_empty() {
            Some((on_line.start - bytes.start, on_line.end - bytes.start))
        } else if self.subject_start == bytes.end {
            Some((text.len(), text.len()))
        } else {
            None
        };

        // A very long line (minified JSON, a generated file) shows only a
        // window around the subject, so that one diagnostic cannot print
        // megabytes.
        let (text, marked, clipped) = clip_line(text, marked);

        let prefix = format!("{line:>4}: ");
        out.write_str(&prefix)?;
        let mut carets = Carets::new(prefix.len());
        if clipped.0 {
            out.write_str(ELLIPSIS)?;
            carets.skip(" ");
        }
        let (from, to) = marked.unwrap_or((text.len(), text.len()));
        let before = text.get(..from).unwrap_or("");
        let inside = text.get(from..to).unwrap_or("");
        let after = text.get(to..).unwrap_or("");
        write_source(out, before)?;
        carets.skip(before);
        if !inside.is_empty() && self.opts.color {
            out.write_str(HIGHLIGHT)?;
            write_source(out, inside)?;
            out.write_str(RESET)?;
        } else {
            write_source(out, inside)?;
        }
        write_source(out, after)?;
        if clipped.1 {
            out.write_str(ELLIPSIS)?;
        }
        out.write_str("\n")?;

        if marked.is_some() {
            carets.mark(inside);
            let (color, reset) = if self.color.is_empty() {
                ("", "")
            } else {
                (self.color, RESET)
            };
            writeln!(out, "{}{color}{}{reset}", carets.pad, carets.marks)?;
        }
        Ok(())
    }
}

/// The caret line under a source line, built as the source line is
/// written.
struct Carets {
    /// What goes before the carets: spaces, and the source's tabs.
    pad: String,
    marks: String,
}

impl Carets {
    fn new(prefix: usize) -> Carets {
        Carets {
            pad: " ".repeat(prefix),
            marks: String::new(),
        }
    }

    /// Moves past `text`: a tab stays a tab, anything else becomes spaces
    /// of its width.
    fn skip(&mut self, text: &str) {
        under(&mut self.pad, text, ' ');
    }

    /// Puts carets under `text` (at least one).
    fn mark(&mut self, text: &str) {
        under(&mut self.marks, text, '^');
        if !self.marks.contains('^') {
            self.marks.push('^');
        }
    }
}

/// Appends what goes under `text` in the caret line: `fill` for each column
/// it takes, its tabs as tabs.
fn under(out: &mut String, text: &str, fill: char) {
    // Printable ASCII (the common line) is one column a byte.
    if text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) || b == b'\t')
    {
        out.extend(text.bytes().map(|b| if b == b'\t' { '\t' } else { fill }));
        return;
    }
    under_clusters(out, text, fill);
}

/// [`under`] for any text, a grapheme cluster at a time.
fn under_clusters(out: &mut String, text: &str, fill: char) {
    for g in text.graphemes(true) {
        match g {
            "\t" => out.push('\t'),
            g => out.extend(std::iter::repeat_n(fill, display_width(g))),
        }
    }
}

/// The loaded text's stand-in for a byte that was not UTF-8.
const BAD_BYTE: char = '\u{1A}';

/// Writes source text as it is, a byte that was not UTF-8 as U+FFFD.
fn write_source(out: &mut dyn fmt::Write, text: &str) -> fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(BAD_BYTE) {
        out.write_str(&rest[..at])?;
        out.write_char(char::REPLACEMENT_CHARACTER)?;
        rest = &rest[at + BAD_BYTE.len_utf8()..];
    }
    out.write_str(rest)
}

/// The columns a grapheme cluster takes in a terminal; a byte that was not
/// UTF-8 is shown as U+FFFD, one column.
fn display_width(g: &str) -> usize {
    if g.starts_with(BAD_BYTE) {
        g.chars().filter(|&c| c == BAD_BYTE).count()
    } else {
        g.width()
    }
}

/// Lines longer than this (in bytes) are shown as a window of about this
/// size around the subject.
const MAX_LINE_BYTES: usize = 400;

const ELLIPSIS: &str = "…";

/// The window of `text` to show, the subject's offsets within it, and
/// whether text was left out before and after.
#[allow(clippy::type_complexity)]
fn clip_line(
    text: &str,
    on_line: Option<(usize, usize)>,
) -> (&str, Option<(usize, usize)>, (bool, bool)) {
    if text.len() <= MAX_LINE_BYTES {
        return (text, on_line, (false, false));
    }
    let (hs, he) = on_line.unwrap_or((0, 0));
    let mut from = hs.saturating_sub(MAX_LINE_BYTES / 4);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    let mut to = he.max(hs + 1).saturating_add(MAX_LINE_BYTES / 4);
    to = to.min(from + MAX_LINE_BYTES).min(text.len());
    while !text.is_char_boundary(to) {
        to += 1;
    }
    let window = text.get(from..to).unwrap_or("");
    let on_line = on_line.map(|(a, b)| (a.clamp(from, to) - from, b.clamp(from, to) - from));
    (window, on_line, (from > 0, to < text.len()))
}

/// The byte offset of `part` within `whole`, where `part` was sliced from
/// `whole` (0 when it was not).
fn offset_in(whole: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    if offset <= whole.len() {
        offset
    } else {
        0
    }
}

/// Wraps `text` at spaces so that lines are at most `width` columns when
/// possible (a word longer than the width gets a line of its own). Existing
/// line breaks and each line's indentation are kept.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width.max(1));
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let body = line.trim_start_matches(' ');
        let indent = &line[..line.len() - body.len()];
        out.push_str(indent);
        let mut col = indent.width();
        let mut first = true;
        for word in body.split(' ').filter(|w| !w.is_empty()) {
            let w = word.width();
            if !first && col + 1 + w > width {
                out.push('\n');
                out.push_str(indent);
                col = indent.width();
                first = true;
            }
            if !first {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += w;
            first = false;
        }
    }
    out
}

#[cfg(test)]
mod test;
