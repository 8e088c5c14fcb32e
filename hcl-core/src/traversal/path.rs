//! Paths: a root name and steps written without spaces, each `.name`,
//! `[digits]` or `["text"]` (`var.region`, `aws_instance.web[0].id`), the
//! commonest references. A traversal found in a file keeps such a path as
//! its span alone and reads it by these two rules, which the syntax view
//! shares (its dotted paths are paths of `.name` steps).

use crate::pos::ByteSpan;
use crate::value::Value;

/// The root name of the path `path` of `src`: up to its first `.` or `[`.
#[inline]
pub(crate) fn path_root(src: &str, path: ByteSpan) -> ByteSpan {
    ByteSpan::new(path.start, path.start + name_len(path.bytes(src)))
}

/// One step of a path, as [`path_step`] reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PathStep {
    /// `.name`: where the name is.
    Attr(ByteSpan),
    /// `[digits]`: where the digits are.
    Digits(ByteSpan),
    /// `["text"]`: where the text is.
    Text(ByteSpan),
}

/// The next step of a path whose steps start at byte `at` and end at
/// `end` of `src`: the step's span (from its `.` or `[`) and what it is;
/// `None` at the end (or at text that is no step of a path).
#[inline]
pub(crate) fn path_step(src: &str, at: u32, end: u32) -> Option<(ByteSpan, PathStep)> {
    // Bytes: every boundary found is an ASCII character's.
    let rest = src.as_bytes().get(at as usize..end as usize)?;
    let (&first, after) = rest.split_first()?;
    let close = |b: u8, from: usize| {
        let i = from + rest.get(from..)?.iter().position(|&c| c == b)?;
        u32::try_from(i).ok()
    };
    match first {
        b'.' => {
            let name = ByteSpan::new(at + 1, at + 1 + name_len(after));
            Some((ByteSpan::new(at, name.end), PathStep::Attr(name)))
        }
        b'[' if rest.get(1) == Some(&b'"') => {
            let quote = close(b'"', 2)?;
            let text = ByteSpan::new(at + 2, at + quote);
            Some((ByteSpan::new(at, at + quote + 2), PathStep::Text(text)))
        }
        b'[' => {
            let bracket = close(b']', 1)?;
            let digits = ByteSpan::new(at + 1, at + bracket);
            Some((
                ByteSpan::new(at, at + bracket + 1),
                PathStep::Digits(digits),
            ))
        }
        _ => None,
    }
}

impl PathStep {
    /// An index key's value: digits are an integer that fits 64 bits (a
    /// path is made only of keys that are), text a string.
    pub(crate) fn key(self, src: &str) -> Option<Value> {
        match self {
            PathStep::Attr(_) => None,
            PathStep::Digits(_) => self.integer(src).map(Value::from),
            PathStep::Text(t) => Some(Value::string(t.text(src))),
        }
    }

    /// The integer that `[digits]` is, when it fits 64 bits.
    pub(crate) fn integer(self, src: &str) -> Option<i64> {
        match self {
            PathStep::Digits(d) => d.text(src).parse().ok(),
            _ => None,
        }
    }
}

/// How long the name at the start of `text` is: up to the first `.` or
/// `[` (its length if none). The names of a path are short: a plain loop
/// beats `memchr`'s set-up.
#[inline]
fn name_len(text: &[u8]) -> u32 {
    text.iter()
        .position(|&b| b == b'.' || b == b'[')
        .unwrap_or(text.len()) as u32
}
