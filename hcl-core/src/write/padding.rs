//! Spaces the layout adds: indentation, and the padding that lines up
//! the `=` of a run of attributes.

/// How many names a run has at most for its padding to be inserted in
/// place: each insertion moves the rest of the run, which for a few short
/// lines is cheaper than copying them aside.
const PAD_IN_PLACE_MAX: usize = 8;

/// Pads each name of a run (`entries`: offset after the name, its width;
/// in text order) to `widest` columns; returns the spaces added. The run's
/// lines are the end of `out`. A short run gets its padding inserted in
/// place; a longer one goes through [`pad_names_linear`].
#[inline]
pub(super) fn pad_names(out: &mut String, entries: &[(usize, usize)], widest: usize) -> usize {
    if entries.len() > PAD_IN_PLACE_MAX {
        return pad_names_linear(out, entries, widest);
    }
    let mut added = 0;
    for &(at, w) in entries.iter().rev() {
        if w < widest {
            insert_spaces(out, at, widest - w);
            added += widest - w;
        }
    }
    added
}

/// [`pad_names`] for a run of any length, in time linear in its text: the
/// lines from the first name to pad on are copied aside once and written
/// back with the padding (in place, a long run would move once per name).
#[inline(never)]
fn pad_names_linear(out: &mut String, entries: &[(usize, usize)], widest: usize) -> usize {
    let Some(first) = entries.iter().find(|e| e.1 < widest).map(|e| e.0) else {
        return 0;
    };
    let rest = out.split_off(first);
    let mut added = 0;
    let mut copied = first;
    for &(at, w) in entries.iter().filter(|e| e.0 >= first) {
        out.push_str(&rest[copied - first..at - first]);
        copied = at;
        push_spaces(out, widest - w);
        added += widest - w;
    }
    out.push_str(&rest[copied - first..]);
    added
}

/// Inserts `n` spaces at byte offset `at` of `out`.
fn insert_spaces(out: &mut String, at: usize, n: usize) {
    for run in space_runs(n) {
        out.insert_str(at, run);
    }
}

fn push_spaces(out: &mut String, n: usize) {
    for run in space_runs(n) {
        out.push_str(run);
    }
}

/// `n` spaces as a few slices of one fixed run (no allocation).
fn space_runs(n: usize) -> impl Iterator<Item = &'static str> {
    const SPACES: &str = "                                ";
    let mut left = n;
    std::iter::from_fn(move || {
        let run = SPACES
            .get(..left.min(SPACES.len()))
            .filter(|r| !r.is_empty())?;
        left -= run.len();
        Some(run)
    })
}

/// Appends the indentation of `depth` levels (two spaces each). At the
/// usual depths: one copy of a fixed run of spaces, cut back (cheaper than
/// a call to copy a slice of them, and than a jump on the depth).
#[inline]
pub(super) fn push_indent(out: &mut String, depth: usize) {
    const SPACES: &str = "                ";
    let n = 2 * depth;
    if n <= SPACES.len() {
        let end = out.len() + n;
        out.push_str(SPACES);
        out.truncate(end);
    } else {
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
}
