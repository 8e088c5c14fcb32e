//! The one error type of decoding: every diagnostic of a decode, each with
//! its range and field path, rendered with source snippets when the source
//! is known. [`Error::line`] and [`Error::column`] give where the first
//! problem starts, [`Error::positions`] where each one does.

use std::fmt;

use hcl_core::diag::quoted;
use hcl_core::diag::render::{render, RenderOptions};
use hcl_core::navigation::ContextCache;
use hcl_core::pos::{Pos, Range, SourceFile, SourceLookup};
use hcl_core::{Diagnostic, Diagnostics};

/// A decoding failure: every problem found, not only the first.
///
/// Small on purpose (one pointer), as serde errors travel through every
/// `Result` of a deserializer.
pub struct Error(Box<ErrorImpl>);

struct ErrorImpl {
    entries: Vec<Entry>,
    sources: Vec<SourceFile>,
}

/// One problem: a diagnostic and the field path it was found at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The diagnostic (summary, detail, ranges).
    pub diagnostic: Diagnostic,
    /// Where in the decoded structure: `service["web"].port` for an
    /// attribute, `service["web"].check` for a block that is duplicated,
    /// missing, unsupported or has the wrong labels, or empty for a
    /// problem of the whole body (a missing argument, say).
    pub path: String,
}

impl Error {
    /// An error made of diagnostics without field paths.
    #[cold]
    pub fn from_diagnostics(diags: Diagnostics) -> Error {
        Error::from_entries(
            diags
                .into_iter()
                .map(|diagnostic| Entry {
                    diagnostic,
                    path: String::new(),
                })
                .collect(),
        )
    }

    #[cold]
    pub(crate) fn from_entries(entries: Vec<Entry>) -> Error {
        Error(Box::new(ErrorImpl {
            entries,
            sources: Vec::new(),
        }))
    }

    /// An error with one message and no range yet (the layer that knows the
    /// range fills it in, see [`Error::at`]).
    #[cold]
    pub fn message(summary: &str, detail: impl Into<String>) -> Error {
        Error::from_entries(vec![Entry {
            diagnostic: Diagnostic::error(summary, detail),
            path: String::new(),
        }])
    }

    /// Gives every diagnostic without a subject this range.
    #[cold]
    pub fn at(mut self, range: Range) -> Error {
        for e in &mut self.0.entries {
            if e.diagnostic.subject.is_none() {
                e.diagnostic.subject = Some(range.clone());
            }
        }
        self
    }

    /// [`at`](Self::at) with a range resolved only when an entry has
    /// none (most errors of a part are placed already, or have no source).
    #[cold]
    pub(crate) fn at_lazy(self, range: crate::de::value::LazyRange<'_>) -> Error {
        if self
            .0
            .entries
            .iter()
            .all(|e| e.diagnostic.subject.is_some())
        {
            return self;
        }
        match range.get() {
            Some(range) => self.at(range),
            None => self,
        }
    }

    /// Prefixes every entry's path with `segment` (`.name`, `[0]`,
    /// `["key"]`, or a field name at the root).
    #[cold]
    pub(crate) fn prefix_path(mut self, segment: &str) -> Error {
        for e in &mut self.0.entries {
            let joined = if e.path.is_empty() || e.path.starts_with(['[', '.']) {
                format!("{segment}{}", e.path)
            } else {
                format!("{segment}.{}", e.path)
            };
            e.path = joined;
        }
        self
    }

    /// Remembers a source file so that `Display` can draw snippets.
    pub fn with_source(mut self, file: SourceFile) -> Error {
        if self.0.sources.iter().all(|f| f.name() != file.name()) {
            self.0.sources.push(file);
        }
        self
    }

    /// Every problem, sorted by source position.
    pub fn entries(&self) -> &[Entry] {
        &self.0.entries
    }

    /// The diagnostics alone, sorted by source position.
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.entries.iter().map(|e| &e.diagnostic)
    }

    /// The line, counted from 1, where the first problem that has a place
    /// in the source starts; `None` when none has one.
    ///
    /// ```
    /// use hcl_serde::HclDecode;
    ///
    /// #[derive(HclDecode, Debug)]
    /// struct Config {
    ///     name: String,
    ///     port: u16,
    /// }
    ///
    /// let err = hcl_serde::from_str::<Config>("name = \"web\"\nport = 70000\n").unwrap_err();
    /// assert_eq!((err.line(), err.column()), (Some(2), Some(8)));
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.first_position().map(|p| to_usize(p.line))
    }

    /// The column, counted from 1 in characters (grapheme clusters, as the
    /// reference counts them), where the first problem that has a place in
    /// the source starts; `None` when none has one. See [`Error::line`].
    pub fn column(&self) -> Option<usize> {
        self.first_position().map(|p| to_usize(p.column))
    }

    /// Every problem, in source order, with the position where it starts
    /// (`None` for a problem without a place in the source, such as a file
    /// that could not be read). The entry's diagnostic has the whole range,
    /// file name included, as its `subject`.
    ///
    /// ```
    /// use hcl_serde::HclDecode;
    ///
    /// #[derive(HclDecode, Debug)]
    /// struct Service {
    ///     #[hcl(label)]
    ///     name: String,
    ///     port: u16,
    /// }
    ///
    /// #[derive(HclDecode, Debug)]
    /// struct Config {
    ///     #[hcl(block)]
    ///     service: Vec<Service>,
    /// }
    ///
    /// let src = "service \"web\" {\n  port = \"http\"\n}\nservice \"api\" {\n}\n";
    /// let err = hcl_serde::from_str::<Config>(src).unwrap_err();
    /// let found: Vec<(u32, u32, &str)> = err
    ///     .positions()
    ///     .filter_map(|(entry, pos)| {
    ///         pos.map(|p| (p.line, p.column, entry.diagnostic.summary.as_str()))
    ///     })
    ///     .collect();
    /// assert_eq!(
    ///     found,
    ///     [
    ///         (2, 10, "Unsuitable value type"),
    ///         (4, 15, "Missing required argument"),
    ///     ]
    /// );
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = (&Entry, Option<Pos>)> {
        self.0
            .entries
            .iter()
            .map(|e| (e, e.diagnostic.subject.as_ref().map(|r| r.start)))
    }

    fn first_position(&self) -> Option<Pos> {
        self.positions().find_map(|(_, pos)| pos)
    }

    /// The first problem's summary (every error has at least one problem).
    pub fn summary(&self) -> &str {
        self.0
            .entries
            .first()
            .map_or("", |e| e.diagnostic.summary.as_str())
    }

    /// Renders every diagnostic like the CLI does, with snippets where the
    /// source is known and the reference's `, in <block>:` header naming
    /// the top-level block around each (unless `opts` brings its own
    /// [`RenderOptions::enclosing`]).
    ///
    /// ```
    /// use hcl_serde::HclDecode;
    ///
    /// #[derive(HclDecode, Debug)]
    /// struct Service { #[hcl(label)] name: String, port: u16 }
    /// #[derive(HclDecode, Debug)]
    /// struct Config { #[hcl(block)] service: Vec<Service> }
    ///
    /// let err = hcl_serde::from_str::<Config>("service \"web\" {\n  port = \"x\"\n}\n").unwrap_err();
    /// assert!(err.to_string().contains("on <input> line 2, in service \"web\":"), "{err}");
    /// ```
    pub fn render(&self, opts: &RenderOptions<'_>) -> String {
        let contexts = ContextCache::default();
        let enclosing = |file: &SourceFile, offset: u32| contexts.context_string(file, offset);
        let opts = RenderOptions {
            enclosing: Some(opts.enclosing.unwrap_or(&enclosing)),
            ..*opts
        };
        let mut out = String::new();
        for e in &self.0.entries {
            if self.placed(e) {
                out.push_str(&render(&e.diagnostic, &self.0.sources, &opts));
            } else {
                // Without a place to show: one line, that the others keep
                // their snippets.
                out.push_str(&format!("{}: {e}\n\n", e.diagnostic.severity));
            }
        }
        out
    }

    pub(crate) fn into_entries(self) -> Vec<Entry> {
        self.0.entries
    }
}

impl fmt::Display for Error {
    /// With sources known: each placed diagnostic rendered with its
    /// snippet, each one without a place (or in a file not known) as one
    /// line, `Error: path: summary; detail` — one problem without a place
    /// does not take the snippets of the others away. Without sources,
    /// one line per problem: `path: file:line,col: summary; detail`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.sources.is_empty() {
            for (i, e) in self.0.entries.iter().enumerate() {
                if i > 0 {
                    f.write_str("\n")?;
                }
                write!(f, "{e}")?;
            }
            return Ok(());
        }
        f.write_str(self.render(&RenderOptions::default()).trim_end())
    }
}

impl Error {
    /// Whether `e` has a subject in one of the known sources (so that its
    /// snippet can be shown).
    fn placed(&self, e: &Entry) -> bool {
        e.diagnostic
            .subject
            .as_ref()
            .is_some_and(|r| self.0.sources.source_file(r.filename()).is_some())
    }
}

impl fmt::Display for Entry {
    /// One line: `path: file:line,col: summary; detail`, the parts it has.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        if let Some(r) = &self.diagnostic.subject {
            write!(f, "{r}: ")?;
        }
        f.write_str(&self.diagnostic.summary)?;
        if !self.diagnostic.detail.is_empty() {
            write!(f, "; {}", self.diagnostic.detail)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    /// Each problem on one line: path, place, summary and detail.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for e in &self.0.entries {
            list.entry(&format_args!("{e}"));
        }
        list.finish()
    }
}

impl std::error::Error for Error {}

impl serde::ser::Error for Error {
    /// An error of a `Serialize` implementation (the serializer fills in
    /// its path).
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::message(CANNOT_WRITE, msg.to_string())
    }
}

/// The summary of every serialization error.
pub(crate) const CANNOT_WRITE: &str = "Cannot write value";

impl Error {
    /// A serialization error; the serializer's levels prefix its path as
    /// it passes them ([`Error::prefix_path`]).
    #[cold]
    pub(crate) fn cannot_write(detail: impl Into<String>) -> Error {
        Error::cannot_write_at("", detail)
    }

    /// A serialization error at `path` (`.a.b[0]`, the leading dot
    /// dropped).
    #[cold]
    pub(crate) fn cannot_write_at(path: &str, detail: impl Into<String>) -> Error {
        Error::from_entries(vec![Entry {
            diagnostic: Diagnostic::error(CANNOT_WRITE, detail),
            path: path.strip_prefix('.').unwrap_or(path).to_owned(),
        }])
    }
}

impl serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::message("Unsuitable value type", format!("Unsuitable value: {msg}"))
    }

    /// In go-cty's words for an object missing an attribute; a body
    /// deserializer turns it into "Missing required argument".
    #[cold]
    fn missing_field(field: &'static str) -> Error {
        Error::message("Unsuitable value type", missing_field_detail(field))
    }
}

/// A line or column number as `usize` (they are `u32`, which always fits).
fn to_usize(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// The detail of [`serde::de::Error::missing_field`].
pub(crate) fn missing_field_detail(field: &str) -> String {
    format!(
        "Unsuitable value: attribute {field} is required",
        field = quoted(field)
    )
}

/// Sorts entries by file name and byte offset; entries without a range
/// keep their order, after the placed ones. The reference reports in map
/// order.
pub(crate) fn sort_entries(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        let key = |e: &Entry| {
            e.diagnostic
                .subject
                .as_ref()
                .map(|r| (r.filename.clone(), r.start.byte))
        };
        match (key(a), key(b)) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        }
    });
}

#[cfg(test)]
mod test {
    use super::*;
    use serde::de::Error as _;

    #[test]
    fn display_without_sources_lists_every_problem_with_its_path() {
        let file = SourceFile::new("app.hcl", "port = 70000\n");
        let e = Error::custom("70000 is out of range for u16")
            .at(file.range_of(7..12))
            .prefix_path("port");
        assert_eq!(
            e.to_string(),
            "port: app.hcl:1,8-13: Unsuitable value type; Unsuitable value: 70000 is out of range for u16"
        );
        let rendered = e.with_source(file).to_string();
        assert!(rendered.starts_with(
            "Error: Unsuitable value type\n\n  on app.hcl line 1:\n   1: port = 70000\n"
        ));
    }

    #[test]
    fn entries_sort_by_position_and_unplaced_ones_go_last() {
        let file = SourceFile::new("a.hcl", "a = 1\nb = 2\n");
        let mk = |s: &str, at: Option<u32>| Entry {
            diagnostic: match at {
                Some(b) => {
                    Diagnostic::error(s, "").with_subject(file.range_of(b as usize..b as usize + 1))
                }
                None => Diagnostic::error(s, ""),
            },
            path: String::new(),
        };
        let mut v = vec![
            mk("none", None),
            mk("second", Some(6)),
            mk("first", Some(0)),
        ];
        sort_entries(&mut v);
        let order: Vec<&str> = v.iter().map(|e| e.diagnostic.summary.as_str()).collect();
        assert_eq!(order, ["first", "second", "none"]);
    }

    #[test]
    fn line_and_column_come_from_the_first_problem_that_has_a_place() {
        assert_eq!(
            (
                Error::message("x", "").line(),
                Error::message("x", "").column()
            ),
            (None, None)
        );
        let file = SourceFile::new("a.hcl", "a = 1\nbé = 2\n");
        let placed = |summary: &str, from: usize| Entry {
            diagnostic: Diagnostic::error(summary, "").with_subject(file.range_of(from..from + 1)),
            path: String::new(),
        };
        let unplaced = Entry {
            diagnostic: Diagnostic::error("unplaced", ""),
            path: String::new(),
        };
        // "bé = 2": the `=` is byte 10, the fourth character of line 2.
        let e = Error::from_entries(vec![unplaced, placed("second", 10), placed("first", 0)]);
        assert_eq!((e.line(), e.column()), (Some(2), Some(4)));
        let found: Vec<_> = e
            .positions()
            .map(|(entry, pos)| {
                (
                    entry.diagnostic.summary.as_str(),
                    pos.map(|p| (p.line, p.column)),
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                ("unplaced", None),
                ("second", Some((2, 4))),
                ("first", Some((1, 1)))
            ]
        );
    }

    #[test]
    fn error_is_one_pointer() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }
}
