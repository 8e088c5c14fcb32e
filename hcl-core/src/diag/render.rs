//! Drawing diagnostics for a terminal, with source snippets.
//!
//! The layout follows the reference implementation's text writer, so that
//! users of Terraform-family tools see what they are used to, and adds a
//! caret underline under the subject (as rustc and codespan do) so that the
//! place at fault is visible without colour:
//!
//! ```text
//! Error: Unsupported argument
//!
//!   on main.hcl line 2:
//!    2:   colour = "red"
//!           ^^^^^^
//!
//! An argument named "colour" is not expected here.
//!
//! ```
//!
//! Columns of the caret line are display columns: tabs expand to the next
//! tab stop (in the source line as well, so both stay aligned), wide
//! characters take two columns, and a grapheme cluster is never split.

use std::fmt;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::pos::{Range, SourceFile, SourceLookup};

/// Finds a short description of the construct enclosing a byte offset of a
/// file (for example `resource "aws_instance" "web"`), shown after the line
/// number as `, in …`. Syntaxes supply one; see [`RenderOptions::enclosing`].
pub type EnclosingFn<'a> = &'a dyn Fn(&SourceFile, u32) -> Option<String>;

/// How diagnostics are drawn.
///
/// ```
/// use hcl_core::diag::render::RenderOptions;
/// let opts = RenderOptions { color: true, width: 80, ..RenderOptions::default() };
/// assert_eq!(opts.max_lines, 5);
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
    /// The most source lines one snippet shows; longer snippets show their
    /// first lines, a `…` line and their last line. At least 2 is used.
    pub max_lines: usize,
    /// Columns between tab stops when expanding tabs.
    pub tab_width: usize,
    /// Describes the construct around the subject (`, in …`); none by
    /// default.
    pub enclosing: Option<EnclosingFn<'a>>,
}

impl Default for RenderOptions<'_> {
    fn default() -> Self {
        RenderOptions {
            color: false,
            width: 0,
            context_lines: 0,
            max_lines: 5,
            tab_width: 4,
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
            .field("tab_width", &self.tab_width)
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

/// Renders one diagnostic: severity and summary, the location and source
/// snippet when the diagnostic has a subject, and the detail. The text ends
/// with a blank line, so rendered diagnostics can be concatenated.
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

/// The lines of a snippet: which file lines to show, and where a `…` goes.
struct Lines {
    first: Vec<u32>,
    /// Lines shown after a `…` line (empty when nothing was elided).
    last: Vec<u32>,
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

    // Resolve again from bytes: a range built by hand (or for another
    // version of the file) may carry lines that disagree with the text.
    let highlight = file.range(subject.span());
    let mut snip = highlight.clone();
    if let Some(ctx) = diag.context.as_ref().filter(|c| c.same_file(subject)) {
        let ctx = file.range(ctx.span());
        snip.start = snip.start.min(ctx.start);
        snip.end = snip.end.max(ctx.end);
    }
    let lines = choose_lines(
        line_span(&snip),
        line_span(&highlight),
        file.line_count() as u32,
        opts,
    );
    let gutter = digits(
        lines
            .last
            .last()
            .or(lines.first.last())
            .copied()
            .unwrap_or(1),
    )
    .max(4);

    let painter = Painter {
        file,
        highlight: &highlight,
        opts,
        gutter,
        color: if opts.color {
            severity_color(diag.severity)
        } else {
            ""
        },
    };
    for &line in &lines.first {
        painter.line(out, line)?;
    }
    if !lines.last.is_empty() {
        writeln!(out, "{:>gutter$}", "…")?;
        for &line in &lines.last {
            painter.line(out, line)?;
        }
    }
    out.write_str("\n")
}

/// The first and last line a range touches; a range that ends at the very
/// start of a line does not touch that line.
fn line_span(r: &Range) -> (u32, u32) {
    let end = if r.end.line > r.start.line && r.end.column == 1 {
        r.end.line - 1
    } else {
        r.end.line
    };
    (r.start.line, end.max(r.start.line))
}

fn choose_lines(
    snip: (u32, u32),
    highlight: (u32, u32),
    line_count: u32,
    opts: &RenderOptions<'_>,
) -> Lines {
    let max = opts.max_lines.max(2) as u32;
    let extra = opts.context_lines.min(u32::MAX as usize / 4) as u32;
    let widen = |(a, b): (u32, u32)| {
        (
            a.saturating_sub(extra).max(1),
            b.saturating_add(extra).min(line_count.max(1)).max(a),
        )
    };
    let (mut a, mut b) = widen(snip);
    if b - a + 1 > max {
        // The context does not fit: the subject's own lines matter most.
        (a, b) = widen(highlight);
    }
    if b - a < max {
        return Lines {
            first: (a..=b).collect(),
            last: Vec::new(),
        };
    }
    Lines {
        first: (a..a + max - 1).collect(),
        last: vec![b],
    }
}

fn digits(mut n: u32) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

struct Painter<'a> {
    file: &'a SourceFile,
    highlight: &'a Range,
    opts: &'a RenderOptions<'a>,
    gutter: usize,
    color: &'a str,
}

impl Painter<'_> {
    /// Writes one source line and, if the subject touches it, its carets.
    fn line(&self, out: &mut dyn fmt::Write, line: u32) -> fmt::Result {
        let text = self.file.line_text(line).unwrap_or("");
        let line_start = offset_in(self.file.text(), text);
        let line_end = line_start + text.len();

        // The part of the subject on this line, as offsets into `text`.
        let (hs, he) = (
            self.highlight.start.byte as usize,
            self.highlight.end.byte as usize,
        );
        let on_line = if hs == he {
            (hs >= line_start && hs <= line_end).then(|| (hs - line_start, hs - line_start))
        } else if hs <= line_end && he > line_start {
            let from = hs.max(line_start) - line_start;
            let to = he.min(line_end) - line_start;
            // Only the line break is highlighted: point at the line's end
            // when the subject starts there, skip the line otherwise.
            (from < to || hs >= line_start).then_some((from, to))
        } else {
            None
        };

        // A very long line (minified JSON, a generated file) shows only a
        // window around the subject, so that one diagnostic cannot print
        // megabytes.
        let (text, on_line, clipped) = clip_line(text, on_line);

        let gutter = self.gutter;
        write!(out, "{line:>gutter$}: ")?;
        let mut col = 0;
        if clipped.0 {
            out.write_str(ELLIPSIS)?;
            col += 1;
        }
        let mut caret_from = None;
        let mut caret_to = None;
        let mut in_highlight = false;
        for (i, g) in text.grapheme_indices(true) {
            if let Some((from, to)) = on_line {
                if i >= from && caret_from.is_none() {
                    caret_from = Some(col);
                    if self.opts.color && to > from {
                        out.write_str(HIGHLIGHT)?;
                        in_highlight = true;
                    }
                }
                if i >= to && caret_to.is_none() && to > from {
                    caret_to = Some(col);
                    if in_highlight {
                        out.write_str(RESET)?;
                        in_highlight = false;
                    }
                }
            }
            if g == "\t" {
                let tab = self.opts.tab_width.max(1);
                let spaces = tab - col % tab;
                write!(out, "{:spaces$}", "")?;
                col += spaces;
            } else {
                out.write_str(g)?;
                col += g.width();
            }
        }
        if in_highlight {
            out.write_str(RESET)?;
        }
        if clipped.1 {
            out.write_str(ELLIPSIS)?;
        }
        out.write_str("\n")?;

        if on_line.is_some() {
            let from = caret_from.unwrap_or(col);
            let to = caret_to.unwrap_or(col).max(from + 1);
            let (color, reset) = if self.color.is_empty() {
                ("", "")
            } else {
                (self.color, RESET)
            };
            let carets = "^".repeat(to - from);
            writeln!(
                out,
                "{:pad$}{color}{carets}{reset}",
                "",
                pad = gutter + 2 + from
            )?;
        }
        Ok(())
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
