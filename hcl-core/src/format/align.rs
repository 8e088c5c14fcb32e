//! The alignment pass: in a run of consecutive lines that each have an
//! assign cell, the `=` signs line up one column after the widest lead;
//! then, in a run of lines that each end in a comment cell, the comments
//! line up one column after the widest code. Any line without the cell
//! (a blank line, a block header, a comment alone) ends the run.

use super::lines::Line;
use super::tokens::Tokens;

/// Aligns the assign cells, then the comment cells.
pub(super) fn align(toks: &mut Tokens<'_>, lines: &[Line]) {
    align_runs(
        toks,
        lines,
        Line::has_assign,
        |l| l.start..l.assign,
        |l| l.assign,
    );
    align_runs(
        toks,
        lines,
        Line::has_comment,
        |l| l.start..l.comment,
        |l| l.comment,
    );
}

/// For each run of lines that `has` the cell: the cell's first token (at
/// `cell`) is put one column after the widest `code` of the run.
fn align_runs(
    toks: &mut Tokens<'_>,
    lines: &[Line],
    has: fn(&Line) -> bool,
    code: fn(&Line) -> std::ops::Range<usize>,
    cell: fn(&Line) -> usize,
) {
    let mut widths = Vec::new();
    let mut run = lines;
    while !run.is_empty() {
        let len = run.iter().take_while(|l| has(l)).count();
        let (chain, rest) = run.split_at(len);
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
