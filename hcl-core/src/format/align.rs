//! The alignment pass: in a run of consecutive lines that each have an
//! assign cell, the `=` signs line up one column after the widest lead;
//! then, in a run of lines that each end in a comment cell, the comments
//! line up one column after the widest code. Any line without the cell
//! (a blank line, a block header, a comment alone) ends the run.

use super::lines::Line;
use super::tokens::Tokens;

/// Aligns the assign cells, then the comment cells.
pub(super) fn align(toks: &mut Tokens<'_>, lines: &[Line]) {
    align_within(toks, lines, 0..lines.len());
}

/// Aligns only the runs of assign cells that hold a line of `held` (line
/// indices, both ends included), then the runs of comment cells that hold
/// any of their lines (for an edit: the rest of the text keeps its
/// spacing).
pub(super) fn align_around(
    toks: &mut Tokens<'_>,
    lines: &[Line],
    held: std::ops::RangeInclusive<usize>,
) {
    let (first, last) = (*held.start(), *held.end());
    let has = |j: &usize| lines.get(*j).is_some_and(Line::has_assign);
    let start = (0..=first)
        .rev()
        .take_while(|j| has(j))
        .last()
        .unwrap_or(first);
    let end = (last..lines.len())
        .take_while(|j| has(j))
        .last()
        .map_or(last + 1, |j| j + 1);
    align_within(toks, lines, start..end);
}

/// The alignment of the runs that hold a line of `touch` (line indices).
fn align_within(toks: &mut Tokens<'_>, lines: &[Line], touch: std::ops::Range<usize>) {
    align_runs(
        toks,
        lines,
        Line::has_assign,
        |l| l.start..l.assign,
        |l| l.assign,
        &touch,
    );
    align_runs(
        toks,
        lines,
        Line::has_comment,
        |l| l.start..l.comment,
        |l| l.comment,
        &touch,
    );
}

/// For each run of lines that `has` the cell (and holds a line of
/// `touch`): the cell's first token (at `cell`) is put one column after
/// the widest `code` of the run.
fn align_runs(
    toks: &mut Tokens<'_>,
    lines: &[Line],
    has: fn(&Line) -> bool,
    code: fn(&Line) -> std::ops::Range<usize>,
    cell: fn(&Line) -> usize,
    touch: &std::ops::Range<usize>,
) {
    let mut widths = Vec::new();
    let mut run = lines;
    let mut first = 0;
    while !run.is_empty() {
        let len = run.iter().take_while(|l| has(l)).count();
        let (chain, rest) = run.split_at(len);
        let held = first..first + len;
        first += len + 1;
        if held.start >= touch.end || held.end <= touch.start {
            run = rest.get(1..).unwrap_or_default();
            continue;
        }
        widths.clear();
        widths.extend(chain.iter().map(|l| {
            let c = code(l);
            toks.columns(c.start, c.end)
        }));
        let widest = widths.iter().copied().max().unwrap_or(0);
        for (l, &w) in chain.iter().zip(&widths) {
            toks.spaces[cell(l)] = u32::try_from(widest - w + 1).unwrap_or(u32::MAX);
        }
        // Past the run and the line that ended it.
        run = rest.get(1..).unwrap_or_default();
    }
}
