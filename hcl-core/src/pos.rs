//! Source positions: byte spans that are cheap to carry, resolved to line and
//! column only when a diagnostic or a user asks.
//!
//! Syntax trees store byte spans into their own file's text; a
//! [`SourceFile`] turns a span into a [`Range`] of [`Pos`]itions with line
//! and column, using a line index built once per file. Columns count
//! grapheme clusters, as the reference implementation counts "characters"
//! (in a native-syntax file, within each token, as its scanner counts).
//!
//! There is no process-wide registry of files: a [`Range`] names its file
//! (as the reference's `hcl.Range` does), and whoever owns the sources (a
//! [`SourceMap`], or the application) finds a file's text by that name when
//! it draws a snippet. Parsing takes no lock and leaves nothing behind.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use unicode_segmentation::UnicodeSegmentation;

/// A byte range `start..end` in one file's source text: what syntax trees
/// store (8 bytes; the file is the tree's own).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct ByteSpan {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset just past the last byte.
    pub end: u32,
}

impl ByteSpan {
    /// A span; `end` is clamped so that it is never before `start`.
    #[inline]
    pub const fn new(start: u32, end: u32) -> ByteSpan {
        ByteSpan {
            start,
            end: if end < start { start } else { end },
        }
    }

    /// The smallest span covering `self` and `other`.
    #[inline]
    pub fn to(self, other: ByteSpan) -> ByteSpan {
        ByteSpan {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The empty span at the start.
    #[inline]
    pub fn start_point(self) -> ByteSpan {
        ByteSpan::new(self.start, self.start)
    }

    /// The empty span at the end.
    pub fn end_point(self) -> ByteSpan {
        ByteSpan::new(self.end, self.end)
    }

    /// The span without its first and last byte (the inside of quotes).
    #[inline]
    pub fn inner(self) -> ByteSpan {
        if self.end - self.start < 2 {
            return self.end_point();
        }
        ByteSpan::new(self.start + 1, self.end - 1)
    }

    /// The text this span covers in `src` (empty if out of bounds).
    #[inline]
    pub fn text(self, src: &str) -> &str {
        src.get(self.start as usize..self.end as usize)
            .unwrap_or("")
    }

    /// The bytes this span covers in `src` (empty if out of bounds, as
    /// [`text`](Self::text)), for comparing names without the `str`
    /// slice's checks for character boundaries.
    #[inline]
    pub(crate) fn bytes(self, src: &str) -> &[u8] {
        src.as_bytes()
            .get(self.start as usize..self.end as usize)
            .unwrap_or_default()
    }

    /// Length in bytes.
    #[inline]
    pub fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span is empty.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A resolved position: 1-based line, 1-based column (in grapheme clusters)
/// and 0-based byte offset.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Pos {
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number, starting at 1, counted in grapheme clusters.
    pub column: u32,
    /// Byte offset from the start of the file, starting at 0.
    pub byte: u32,
}

impl Pos {
    /// The position of the first byte of a file.
    pub const START: Pos = Pos {
        line: 1,
        column: 1,
        byte: 0,
    };
}

impl Default for Pos {
    fn default() -> Self {
        Pos::START
    }
}

/// A resolved range: what diagnostics and users see.
///
/// It names its file, as the reference's `hcl.Range` does, so that a
/// diagnostic says where it is without a table of files; cloning one costs
/// a reference count.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Range {
    /// The name of the file the range is in (usually its path); empty for
    /// ranges of values built by the application.
    pub filename: Arc<str>,
    /// The first position in the range.
    pub start: Pos,
    /// The position just past the range.
    pub end: Pos,
}

impl Range {
    /// The byte offsets the range covers.
    pub fn bytes(&self) -> std::ops::Range<usize> {
        self.start.byte as usize..self.end.byte.max(self.start.byte) as usize
    }

    /// The byte span of this range.
    pub(crate) fn span(&self) -> ByteSpan {
        ByteSpan::new(self.start.byte, self.end.byte)
    }

    /// Whether `byte` falls within the range (end exclusive).
    pub fn contains_byte(&self, byte: u32) -> bool {
        self.start.byte <= byte && byte < self.end.byte
    }

    /// The name of the file the range is in.
    pub fn filename(&self) -> &str {
        &self.filename
    }

    /// Whether both ranges are in the same file.
    pub fn same_file(&self, other: &Range) -> bool {
        Arc::ptr_eq(&self.filename, &other.filename) || self.filename == other.filename
    }
}

impl fmt::Display for Range {
    /// `file:line,column-column`, or `file:line,column-line,column` across
    /// lines: the reference's form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.filename;
        if self.start.line == self.end.line {
            write!(
                f,
                "{name}:{},{}-{}",
                self.start.line, self.start.column, self.end.column
            )
        } else {
            write!(
                f,
                "{name}:{},{}-{},{}",
                self.start.line, self.start.column, self.end.line, self.end.column
            )
        }
    }
}

/// One source file: its name, its text and an index of where lines start.
///
/// Cheap to clone (the text and the index are shared).
#[derive(Clone)]
pub struct SourceFile {
    // One allocation, so that the many handles (bodies, expressions) that
    // keep their file cost one reference count each.
    inner: Arc<SourceFileInner>,
}

struct SourceFileInner {
    name: Arc<str>,
    text: Box<str>,
    /// Built when a position is first asked for: parsing and decoding a
    /// file without problems never needs one.
    lines: OnceLock<LineIndex>,
    /// Whether the whole text is ASCII, found when first asked.
    ascii: OnceLock<bool>,
    /// How many bytes the positions resolved by scanning the text have
    /// scanned, before the line index was built (see
    /// [`SourceFile::pos_from_line`]).
    scanned: AtomicUsize,
    /// The line (0-based) of the last position found through the line
    /// index: positions are mostly asked in the order they are written
    /// (a walk of a body, the parts of a call), so the next one is most
    /// often on that line or a few after it, found by a probe instead of
    /// a search of every line. A hint only: a later position on an earlier
    /// line is searched for as any.
    last_line: AtomicUsize,
    /// Where the last cluster counted for a position past a line's first
    /// non-ASCII character starts (high half) and its 0-based column: the
    /// next position on that line, further on, counts clusters from there,
    /// not from the line's start. (A line of many invalid characters has a
    /// diagnostic for each: counting each from the start was quadratic.)
    /// `u64::MAX` until a position is found so.
    last_column: AtomicU64,
    /// Where the syntax that parsed the file restarts its count of
    /// clusters (see [`SourceFile::count_columns_by_tokens`]).
    column_restarts: OnceLock<ColumnRestarts>,
}

/// A syntax's rule for the offsets where its count of clusters restarts
/// (token boundaries next to a non-ASCII character), and the offsets it
/// found, looked for when a column past a non-ASCII character is first
/// asked for (most files never ask).
struct ColumnRestarts {
    rule: fn(&str) -> Vec<u32>,
    found: OnceLock<Box<[u32]>>,
}

struct LineIndex {
    starts: Vec<u32>,
    /// Per line, the offset of its first non-ASCII byte (`u32::MAX` if
    /// none): columns before it are byte differences, so resolving a
    /// position on a long ASCII line (minified JSON) is O(1), not a scan.
    /// Empty when the whole text is ASCII (most files: one check of the
    /// whole text instead of one per line).
    first_non_ascii: Vec<u32>,
}

impl SourceFileInner {
    fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| index_lines(&self.text))
    }
}

impl fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceFile")
            .field("name", &self.inner.name)
            .field("len", &self.inner.text.len())
            .finish()
    }
}

/// How many lines [`SourceFile::pos_from_line`] checks one by one before
/// it falls back to a binary search.
const PROBE_LINES: usize = 4;

impl SourceFile {
    /// A file called `name` (usually its path) with its text. Its lines are
    /// indexed when a position is first resolved. A `String` (what reading
    /// a file gives) is kept as it is, not copied: a one-shot parse of a
    /// large file touches its text once.
    ///
    /// ```
    /// use hcl_core::pos::SourceFile;
    /// let file = SourceFile::new("main.hcl", "a = 1\nb = \"é\"\n");
    /// let pos = file.pos(12);
    /// assert_eq!((pos.line, pos.column), (2, 6));
    /// ```
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Box<str>>) -> SourceFile {
        let name: Arc<str> = name.into();
        SourceFile {
            inner: Arc::new(SourceFileInner {
                name,
                text: text.into(),
                lines: OnceLock::new(),
                ascii: OnceLock::new(),
                scanned: AtomicUsize::new(0),
                last_line: AtomicUsize::new(0),
                last_column: AtomicU64::new(u64::MAX),
                column_restarts: OnceLock::new(),
            }),
        }
    }

    /// The file's name (usually its path).
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// Whether both handles share one file (so that equal spans of both
    /// are equal ranges).
    pub(crate) fn same_as(&self, other: &SourceFile) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// The shared name.
    pub fn name_arc(&self) -> &Arc<str> {
        &self.inner.name
    }

    /// The whole text.
    #[inline]
    pub fn text(&self) -> &str {
        &self.inner.text
    }

    /// Whether the whole text is ASCII (checked once, on the first call):
    /// then no string taken from it needs Unicode normalisation.
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// assert!(SourceFile::new("a.hcl", "a = \"x\"\n").is_ascii());
    /// assert!(!SourceFile::new("b.hcl", "a = \"é\"\n").is_ascii());
    /// ```
    #[inline]
    pub fn is_ascii(&self) -> bool {
        *self.inner.ascii.get_or_init(|| self.inner.text.is_ascii())
    }

    /// The number of lines (a file without a final newline still has its last
    /// line; the empty file has one line).
    pub fn line_count(&self) -> usize {
        self.inner.lines().starts.len()
    }

    /// The text of line `line` (1-based) without its line terminator, or
    /// `None` past the end.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let idx = (line as usize).checked_sub(1)?;
        let starts = &self.inner.lines().starts;
        let start = *starts.get(idx)? as usize;
        let end = starts
            .get(idx + 1)
            .map_or(self.inner.text.len(), |&e| e as usize);
        let s = self.inner.text.get(start..end)?;
        let s = s.strip_suffix('\n').unwrap_or(s);
        Some(s.strip_suffix('\r').unwrap_or(s))
    }

    /// Resolves a byte offset (clamped to the text, moved back to a character
    /// boundary) into a position.
    pub fn pos(&self, byte: u32) -> Pos {
        self.pos_from_line(byte, 0)
    }

    /// Like [`SourceFile::pos`], for a byte known to lie at or after the
    /// start of line index `from` (0-based): the line search starts there, so
    /// a position on the same or a nearby line costs next to nothing.
    /// A `from` past the byte's line is tolerated (the search then covers
    /// the whole file).
    ///
    /// A file's first positions are found by counting the newlines before
    /// them, as long as the bytes so counted stay within the text's length
    /// in all; later ones through the line index, built then. A file with
    /// a problem or two (one failed evaluation, one diagnostic) so costs a
    /// count of the newlines before each, not an index of every line, and
    /// a file asked often (static analysis of every expression) scans no
    /// more than about the one pass the index costs. Both give the same
    /// position (a property test checks).
    pub(crate) fn pos_from_line(&self, byte: u32, from: usize) -> Pos {
        let byte = self.boundary_at(byte);
        match self.inner.lines.get() {
            Some(lines) => {
                let hint = self.inner.last_line.load(Ordering::Relaxed);
                let from = match lines.starts.get(hint) {
                    Some(&start) if hint > from && start as usize <= byte => hint,
                    _ => from,
                };
                let pos = self.pos_indexed(lines, byte, from);
                // (Written only when it moves: threads that resolve
                // positions of one file do not write its cache line for
                // every position.)
                let line = pos.line as usize - 1;
                if line != hint {
                    self.inner.last_line.store(line, Ordering::Relaxed);
                }
                pos
            }
            None if self.scan_allowed(byte) => self.pos_scanned(byte),
            None => self.pos_indexed(self.inner.lines(), byte, from),
        }
    }

    /// Whether a scan of the `bytes` first bytes stays within the budget
    /// of [`pos_from_line`](Self::pos_from_line), counting it if so.
    fn scan_allowed(&self, bytes: usize) -> bool {
        let before = self.inner.scanned.fetch_add(bytes, Ordering::Relaxed);
        before.saturating_add(bytes) <= self.inner.text.len()
    }

    /// `byte` clamped to the text and moved back to a character boundary.
    fn boundary_at(&self, byte: u32) -> usize {
        let mut byte = (byte as usize).min(self.inner.text.len());
        while !self.inner.text.is_char_boundary(byte) {
            byte -= 1;
        }
        byte
    }

    /// The position of `byte` (a character boundary) without the line
    /// index: its line counted, its line's start and first non-ASCII byte
    /// searched.
    fn pos_scanned(&self, byte: usize) -> Pos {
        let before = self.inner.text.as_bytes().get(..byte).unwrap_or_default();
        let line_idx = crate::byte_search::count(b'\n', before);
        let line_start = crate::byte_search::rfind(b'\n', before).map_or(0, |nl| nl + 1);
        let non_ascii = before
            .get(line_start..)
            .unwrap_or_default()
            .iter()
            .position(|&b| b >= 0x80)
            .map_or(usize::MAX, |i| line_start + i);
        self.pos_on_line(byte, line_idx, line_start, non_ascii)
    }

    /// The position of `byte` (a character boundary) through the line
    /// index, searching from line `from`.
    fn pos_indexed(&self, lines: &LineIndex, byte: usize, from: usize) -> Pos {
        let b = byte as u32;
        let starts = lines.starts.get(from..).unwrap_or_default();
        let line_idx = if starts.first().is_some_and(|&s| s <= b) {
            // Most spans end on the line they start on, and items follow each
            // other closely: probe the next few lines before searching.
            let probe = starts
                .iter()
                .skip(1)
                .take(PROBE_LINES)
                .position(|&next| b < next);
            match probe {
                Some(i) => from + i,
                None if starts.len() <= PROBE_LINES + 1 => from + starts.len() - 1,
                None => match starts.binary_search(&b) {
                    Ok(i) => from + i,
                    Err(i) => from + i.saturating_sub(1),
                },
            }
        } else {
            match lines.starts.binary_search(&b) {
                Ok(i) => i,
                Err(i) => i.saturating_sub(1),
            }
        };
        let line_start = lines.starts.get(line_idx).map_or(0, |&s| s as usize);
        let non_ascii = lines
            .first_non_ascii
            .get(line_idx)
            .map_or(usize::MAX, |&b| b as usize);
        self.pos_on_line(byte, line_idx, line_start, non_ascii)
    }

    /// The position of `byte` on line `line_idx` (0-based), which starts at
    /// `line_start` and whose first non-ASCII byte is `non_ascii`
    /// (`usize::MAX`, or any offset past `byte`, if none before it).
    fn pos_on_line(
        &self,
        byte: usize,
        line_idx: usize,
        line_start: usize,
        non_ascii: usize,
    ) -> Pos {
        let column = if byte <= non_ascii {
            byte - line_start
        } else {
            // A combining mark may join the ASCII character before it, so
            // clusters are counted from the character before the first
            // non-ASCII byte.
            let ascii_run = non_ascii.saturating_sub(1).max(line_start);
            let last = self.inner.last_column.load(Ordering::Relaxed);
            let (last_start, last_column) = ((last >> 32) as usize, (last & 0xffff_ffff) as usize);
            let (base, bom, from) =
                if last != u64::MAX && ascii_run <= last_start && last_start <= byte {
                    // (Between the two no newline: the same line.)
                    (last_column, 0, last_start)
                } else {
                    // A byte order mark that starts the file is not a column:
                    // the reference's scanner skips it before it counts (so
                    // `v` after it is in column 1).
                    let bom = usize::from(
                        line_idx == 0 && byte >= 3 && self.inner.text.starts_with('\u{feff}'),
                    );
                    (ascii_run - line_start, bom, ascii_run)
                };
            let clusters = self.clusters(from, byte);
            // (Not kept when the last cluster is the byte order mark.)
            if let Some(column) = (base + clusters.before_last).checked_sub(bom) {
                let resume = (clusters.last_start as u64) << 32 | column as u64;
                self.inner.last_column.store(resume, Ordering::Relaxed);
            }
            base + clusters.count - bom
        };
        Pos {
            line: line_idx as u32 + 1,
            column: column as u32 + 1,
            byte: byte as u32,
        }
    }

    /// Has columns counted as the reference's scanner of the syntax that
    /// parses this file counts them: grapheme clusters within each token,
    /// so that a cluster the text would form across two tokens (a
    /// combining mark right after a quote, the second half of a flag that
    /// is two invalid characters, a prepended mark before a quote) counts
    /// once per token. `rule` gives the offsets, in order, of the token
    /// boundaries a non-ASCII character touches (a count restarts at each:
    /// a split cluster, or a run of regional indicators paired anew). The
    /// first syntax to ask keeps it (a file is parsed as one syntax; a JSON
    /// file's embedded expressions are counted as JSON counts).
    pub(crate) fn count_columns_by_tokens(&self, rule: fn(&str) -> Vec<u32>) {
        if self.inner.column_restarts.get().is_none() {
            let _ = self.inner.column_restarts.set(ColumnRestarts {
                rule,
                found: OnceLock::new(),
            });
        }
    }

    /// The columns from `from` to `to` (one line; `from` starts a cluster):
    /// its grapheme clusters, split where the file's syntax splits them
    /// between tokens. Also where the last of them starts and how many
    /// come before it: a count resumed there gives what a count from
    /// `from` gives (a cluster's start does not depend on the text before
    /// the cluster before it).
    fn clusters(&self, from: usize, to: usize) -> Clusters {
        let text = &*self.inner.text;
        let breaks = self.inner.column_restarts.get().map_or(&[][..], |t| {
            t.found.get_or_init(|| (t.rule)(text).into_boxed_slice())
        });
        let first = breaks.partition_point(|&b| b as usize <= from);
        let ends = breaks
            .get(first..)
            .unwrap_or_default()
            .iter()
            .map(|&b| b as usize)
            .take_while(|&b| b < to)
            .chain(std::iter::once(to));
        let mut count = Clusters {
            count: 0,
            last_start: from,
            before_last: 0,
        };
        let mut start = from;
        for end in ends {
            for (i, _) in text
                .get(start..end)
                .unwrap_or_default()
                .grapheme_indices(true)
            {
                count.last_start = start + i;
                count.before_last = count.count;
                count.count += 1;
            }
            start = end;
        }
        count
    }

    /// The range of the bytes `bytes` of this file (clamped to the text,
    /// moved back to character boundaries).
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// let file = SourceFile::new("main.hcl", "a = 1\nbb = 2\n");
    /// let r = file.range_of(6..8);
    /// assert_eq!(r.to_string(), "main.hcl:2,1-3");
    /// assert_eq!(r.filename(), "main.hcl");
    /// ```
    pub fn range_of(&self, bytes: std::ops::Range<usize>) -> Range {
        let clamp = |b: usize| b.min(u32::MAX as usize) as u32;
        self.range(ByteSpan::new(clamp(bytes.start), clamp(bytes.end)))
    }

    /// The text a range of this file covers (empty if the range does not
    /// fit the text).
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// let file = SourceFile::new("a.hcl", "name = \"web\"\n");
    /// assert_eq!(file.text_of(&file.range_of(7..12)), "\"web\"");
    /// ```
    pub fn text_of(&self, range: &Range) -> &str {
        self.inner.text.get(range.bytes()).unwrap_or("")
    }

    /// Resolves a span of this file into a range.
    pub(crate) fn range(&self, span: ByteSpan) -> Range {
        let start = self.pos(span.start);
        let end = self.pos_after(start, span.end);
        Range {
            filename: self.inner.name.clone(),
            start,
            end,
        }
    }

    /// Resolves a span that starts at or after `before` (the previous
    /// item's end, say) into a range: for the spans of a traversal's steps,
    /// which follow each other on one line, as cheap as two additions.
    /// Gives what [`SourceFile::range`] gives.
    pub(crate) fn range_after(&self, before: Pos, span: ByteSpan) -> Range {
        let start = self.pos_after(before, span.start);
        let end = self.pos_after(start, span.end);
        Range {
            filename: self.inner.name.clone(),
            start,
            end,
        }
    }

    /// The position of `byte`, known to lie at or after `before`: cheaper
    /// than [`SourceFile::pos`] when the two are on the same line.
    pub(crate) fn pos_after(&self, before: Pos, byte: u32) -> Pos {
        if byte < before.byte {
            return self.pos(byte);
        }
        let inner = &*self.inner;
        let idx = before.line.saturating_sub(1) as usize;
        // The commonest case, a name's end on an ASCII line: all bytes from
        // the line start to `byte` are ASCII (so `byte` is a character
        // boundary, and `before`'s column was a byte difference too).
        let (same_line, ascii) = match inner.lines.get() {
            Some(lines) => (
                lines.starts.get(idx + 1).is_none_or(|&next| byte < next),
                lines.first_non_ascii.get(idx).is_none_or(|&n| byte <= n),
            ),
            // No index yet (so that one range does not build it): on an
            // ASCII line, `before`'s column says where the line starts.
            // Any non-ASCII character before `before` (more bytes than
            // columns) puts that guess inside the line, after a byte that
            // is not a newline, and the general path answers.
            None => {
                let text = inner.text.as_bytes();
                let guess =
                    (before.byte as usize).checked_sub(before.column.saturating_sub(1) as usize);
                let line = guess.and_then(|start| Some((start, text.get(start..byte as usize)?)));
                let fits = line.is_some_and(|(start, line)| {
                    (start == 0 || text.get(start - 1) == Some(&b'\n'))
                        && !line.contains(&b'\n')
                        && line.is_ascii()
                });
                (fits, fits)
            }
        };
        if same_line && ascii && (byte as usize) <= inner.text.len() && before.line > 0 {
            return Pos {
                line: before.line,
                column: before.column + (byte - before.byte),
                byte,
            };
        }
        self.pos_from_line(byte, idx)
    }
}

/// Columns counted by [`SourceFile::clusters`]: how many, where the last
/// starts and how many come before it.
struct Clusters {
    count: usize,
    last_start: usize,
    before_last: usize,
}

/// Whether a count of columns must restart at offset `at` of `text` if a
/// token boundary is there: where a non-ASCII character touches it (two
/// ASCII characters form a cluster only as CR LF, and no cluster rule
/// looks back past an ASCII character). A character boundary inside the
/// text.
pub(crate) fn restarts_clusters(text: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    let touches = bytes.get(at).is_some_and(|&b| b >= 0x80)
        || at
            .checked_sub(1)
            .and_then(|i| bytes.get(i))
            .is_some_and(|&b| b >= 0x80);
    touches && at < text.len() && text.is_char_boundary(at)
}

/// Where each line starts, and where its first non-ASCII byte is. Lines
/// are found with `memchr` and checked with the word-at-a-time `is_ascii`:
/// building the index is a small share of loading a file.
fn index_lines(text: &str) -> LineIndex {
    let bytes = text.as_bytes();
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    if text.is_ascii() {
        starts.push(0);
        crate::byte_search::each_position(b'\n', bytes, |end| starts.push(end as u32 + 1));
        return LineIndex {
            starts,
            first_non_ascii: Vec::new(),
        };
    }
    let mut non_ascii = Vec::with_capacity(bytes.len() / 32 + 1);
    let mut start = 0usize;
    let mut line_ends_at = |end: usize| {
        let line = bytes.get(start..end).unwrap_or_default();
        starts.push(start as u32);
        non_ascii.push(if line.is_ascii() {
            u32::MAX
        } else {
            line.iter()
                .position(|&b| b >= 0x80)
                .map_or(u32::MAX, |i| (start + i) as u32)
        });
        start = end + 1;
    };
    crate::byte_search::each_position(b'\n', bytes, &mut line_ends_at);
    line_ends_at(bytes.len());
    LineIndex {
        starts,
        first_non_ascii: non_ascii,
    }
}

mod source_map;
pub use source_map::{SourceLookup, SourceMap};

#[cfg(test)]
mod test;
