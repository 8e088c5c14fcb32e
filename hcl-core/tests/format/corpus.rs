//! The corpus files and their derived copies.

use std::path::PathBuf;

/// Every native-syntax file of the corpus with its text, or `None` (after
/// the shared helper has said why) when the corpus is absent.
pub fn files() -> Option<Vec<(PathBuf, String)>> {
    let dir = hcl_test_shared::shared_dir("corpus")?;
    let files: Vec<_> = hcl_test_shared::config_files(&dir)
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    assert!(
        !files.is_empty(),
        "no configuration files under {}",
        dir.display()
    );
    Some(files)
}

/// `text` with every line's indentation stripped and the blanks around
/// every lone `=` (not part of `==`, `!=`, `<=`, `>=` or `=>`) replaced:
/// none on even lines (`a=1`), three spaces each side on odd lines
/// (`a   =   1`). Formatting must undo all of it (and does the same to
/// heredoc text and comments as the reference does).
pub fn stripped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let line = line.trim_start_matches([' ', '\t']);
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let lone_equals = c == '='
                && !matches!(
                    i.checked_sub(1).map(|j| chars[j]),
                    Some('=' | '!' | '<' | '>')
                )
                && !matches!(chars.get(i + 1), Some('=' | '>'));
            if !lone_equals {
                out.push(c);
                i += 1;
                continue;
            }
            while out.ends_with([' ', '\t']) {
                out.pop();
            }
            out.push_str(if n % 2 == 0 { "=" } else { "   =   " });
            i += 1;
            while matches!(chars.get(i), Some(' ' | '\t')) {
                i += 1;
            }
        }
    }
    out
}

#[test]
fn stripped_copies_lose_indentation_and_respace_lone_equals() {
    assert_eq!(
        stripped("a {\n  bb = 1\n  c  = d == e\n    f => g\n}"),
        "a {\nbb   =   1\nc=d == e\nf => g\n}"
    );
}
