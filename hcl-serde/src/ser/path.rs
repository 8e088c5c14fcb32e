//! Error paths short enough to read: a value nested past the depth limit
//! fails with a path of a hundred `[0]`s, which says no more than its
//! first and last steps and how many lie between.

use crate::error::Error;

/// Steps kept at each end of a long path.
const ENDS: usize = 4;

/// `e` with every path of more than `2 * ENDS + 1` steps shortened to its
/// first and last `ENDS` steps around `…(N more)…`.
#[cold]
pub(crate) fn shorten_paths(e: Error) -> Error {
    let mut entries = e.into_entries();
    for entry in &mut entries {
        if let Some(short) = shortened(&entry.path) {
            entry.path = short;
        }
    }
    Error::from_entries(entries)
}

/// The shortened form of `path`, if it is long.
fn shortened(path: &str) -> Option<String> {
    let starts = step_starts(path);
    if starts.len() <= 2 * ENDS + 1 {
        return None;
    }
    let head_end = *starts.get(ENDS)?;
    let tail_start = *starts.get(starts.len() - ENDS)?;
    let more = starts.len() - 2 * ENDS;
    Some(format!(
        "{}…({more} more)…{}",
        path.get(..head_end)?,
        path.get(tail_start..)?
    ))
}

/// Where each step of `path` starts: at `.` or `[` outside a quoted key
/// (`["a.b[c]"]` is one step), and at 0.
fn step_starts(path: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let (mut in_string, mut escaped) = (false, false);
    for (i, c) in path.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '.' | '[' if i > 0 => starts.push(i),
            _ if i == 0 => starts.push(0),
            _ => {}
        }
    }
    starts
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn ser_long_paths_keep_their_ends() {
        assert_eq!(shortened("a.b[0][\"x\"]"), None);
        let long = format!("v{}", "[0]".repeat(130));
        assert_eq!(
            shortened(&long).as_deref(),
            Some("v[0][0][0]…(123 more)…[0][0][0][0]")
        );
        let keys = "a[\"x.y[\\\"\"][1][2][3][4][5][6][7][8].b.c";
        assert_eq!(
            shortened(keys).as_deref(),
            Some("a[\"x.y[\\\"\"][1][2]…(4 more)…[7][8].b.c")
        );
        // Hostile text: no panic, whatever the steps.
        for p in ["", "[", "\"", "....", "[\"\\", "é.ü[ß]", &"[\"".repeat(50)] {
            let _ = shortened(p);
        }
    }
}
