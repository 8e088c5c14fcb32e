//! Lining up again the run of `=` (and of trailing comments) an edit
//! changed, without touching any other blank of the file.
//!
//! The formatter's alignment ([`crate::format::realign`]) writes every gap
//! of the file back as spaces, a tab as one space: `\tc = 2` would come out
//! ` c = 2` although its run needed no change. So the blanks it gives are
//! taken only where it resized them (the padding of the run's `=` and
//! comments); every other gap keeps its bytes, and so does every line's
//! indentation, which alignment never changes.

/// `text` with the runs holding the lines from byte `from` to byte `to`
/// lined up as the formatter lines them up, every other byte as it was;
/// `None` when nothing changes.
pub(super) fn realign(text: &str, from: usize, to: usize) -> Option<String> {
    let aligned = crate::format::realign(text, from, to)?;
    let (old, new) = (text.as_bytes(), aligned.as_bytes());
    let blank = |c: &u8| *c == b' ' || *c == b'\t';
    let run = |s: &[u8], at: usize, want: bool| {
        at + s
            .get(at..)
            .map_or(0, |r| r.iter().take_while(|c| blank(c) == want).count())
    };
    let mut out = String::with_capacity(aligned.len());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        // A gap of blanks in each (either may be empty), then the same
        // bytes in both up to the next gap.
        let (gi, gj) = (run(old, i, true), run(new, j, true));
        let at_line_start = i == 0 || old.get(i - 1) == Some(&b'\n');
        // Blanks are ASCII: these offsets are character boundaries.
        let kept = &text[i..gi];
        let resized = &aligned[j..gj];
        // A tab counts one column, as the formatter counts it: a gap of
        // the same count was not resized.
        if at_line_start || kept.len() == resized.len() {
            out.push_str(kept);
        } else {
            out.push_str(resized);
        }
        let (ti, tj) = (run(old, gi, false), run(new, gj, false));
        if text[gi..ti] != aligned[gj..tj] {
            // Alignment changes only blanks; anything else and the file
            // is left as it is rather than half aligned.
            return None;
        }
        out.push_str(&text[gi..ti]);
        (i, j) = (ti, tj);
    }
    (out != text).then_some(out)
}
