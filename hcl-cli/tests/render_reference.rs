//! Rendered text diagnostics compared with the reference's (hashicorp's
//! hcldec v2.14.1, whose text writer is hcl's `DiagnosticTextWriter`): the
//! cases, and what our text deliberately adds or lacks, are listed in
//! `tests/data/render/cases.txt`.
//!
//! `NAME.reference.txt` is what the reference printed for a case,
//! `NAME.ours.txt` what we print; for a case without whole diagnostics of
//! its own, `NAME.reference.json` is what the reference prints with
//! `--diags=json`, which ours must match exactly (the values involved are
//! not part of the JSON form, there as here). Without the reference, the first test
//! checks ours against both; with it (`../shared/tools`, always on CI), the
//! second checks that the reference still prints what is stored (it is
//! ignored, saying why, without `../shared/tools`).
//! `HCL_UPDATE_GOLDEN=1` rewrites the stored files instead of comparing.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/render")
}

/// One case of `cases.txt`.
#[derive(Default, Debug)]
struct Case {
    name: String,
    args: Vec<String>,
    ours_only: Vec<String>,
    reference_only: Vec<String>,
}

impl Case {
    /// Whether both sides report the same diagnostics, so that their JSON
    /// forms can be compared as they are.
    fn same_diagnostics(&self) -> bool {
        self.ours_only.is_empty() && self.reference_only.is_empty()
    }

    fn json_args(&self) -> Vec<String> {
        let mut args = vec!["--diags=json".to_owned()];
        args.extend(self.args.iter().cloned());
        args
    }
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(data_dir().join("cases.txt")).unwrap();
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "case" {
            cases.push(Case {
                name: value.to_owned(),
                ..Case::default()
            });
            continue;
        }
        let Some(case) = cases.last_mut() else {
            continue;
        };
        match key {
            "args" => case.args = value.split_whitespace().map(str::to_owned).collect(),
            "ours-only" => case.ours_only.push(value.to_owned()),
            "reference-only" => case.reference_only.push(value.to_owned()),
            "note" | "" => {}
            other => panic!("cases.txt: unknown key {other:?}"),
        }
    }
    assert!(!cases.is_empty());
    cases
}

fn updating() -> bool {
    std::env::var("HCL_UPDATE_GOLDEN").is_ok_and(|v| v == "1")
}

/// What a binary prints on standard error for `args`, run in the data
/// folder (so file names are as written in the case).
fn stderr_of(program: &Path, args: &[String]) -> Vec<u8> {
    let out = Command::new(program)
        .args(args)
        .current_dir(data_dir())
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    out.stderr
}

/// Text from bytes, each byte that is not UTF-8 as U+FFFD (as a terminal
/// shows the raw bytes the reference writes, and as we show them).
fn decode_per_byte(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&bytes[..good]).unwrap());
                let bad = e.error_len().unwrap_or(bytes.len() - good);
                out.extend(std::iter::repeat_n('\u{fffd}', bad));
                bytes = &bytes[good + bad..];
            }
        }
    }
}

/// The diagnostics of a rendered text, one string each.
fn blocks(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("Error: ") || line.starts_with("Warning: ") || out.is_empty() {
            out.push(String::new());
        }
        if let Some(b) = out.last_mut() {
            b.push_str(line);
        }
    }
    out
}

fn summary(block: &str) -> &str {
    let first = block.lines().next().unwrap_or("");
    first.split_once(": ").map_or(first, |(_, s)| s)
}

/// Our text as the reference would print it: without the caret lines and
/// the `while calling` lines (with the blank line that follows when it
/// stands alone).
fn without_additions(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let caret = line.contains('^') && line.chars().all(|c| matches!(c, ' ' | '\t' | '^'));
        if caret {
            i += 1;
            continue;
        }
        if line.starts_with("while calling ") {
            let alone = out.last() == Some(&"") && lines.get(i + 1) == Some(&"");
            i += if alone { 2 } else { 1 };
            continue;
        }
        out.push(line);
        i += 1;
    }
    out.join("\n")
}

/// The diagnostics of `text` without those whose summary is in `drop`.
fn keep(text: &str, drop: &[String]) -> String {
    blocks(text)
        .into_iter()
        .filter(|b| !drop.iter().any(|d| d == summary(b)))
        .collect()
}

#[test]
fn rendered_text_matches_the_reference_but_for_what_cases_txt_says() {
    let dir = data_dir();
    let hcldec = Path::new(env!("CARGO_BIN_EXE_hcldec"));
    let mut failures = Vec::new();
    for case in cases() {
        let ours = String::from_utf8(stderr_of(hcldec, &case.args)).unwrap();
        let ours_file = dir.join(format!("{}.ours.txt", case.name));
        if updating() {
            std::fs::write(&ours_file, &ours).unwrap();
        }
        let stored = std::fs::read_to_string(&ours_file).unwrap_or_default();
        if ours != stored {
            failures.push(format!(
                "{}: ours changed:\n--- stored\n{stored}\n--- now\n{ours}",
                case.name
            ));
        }
        let reference = std::fs::read(dir.join(format!("{}.reference.txt", case.name))).unwrap();
        let want = keep(&decode_per_byte(&reference), &case.reference_only);
        let got = keep(&without_additions(&ours), &case.ours_only);
        if got != want {
            failures.push(format!(
                "{}: differs from the reference:\n--- reference\n{want}\n--- ours without additions\n{got}",
                case.name
            ));
        }
        if case.same_diagnostics() {
            let ours = stderr_of(hcldec, &case.json_args());
            let file = dir.join(format!("{}.reference.json", case.name));
            let reference = std::fs::read(&file).unwrap_or_default();
            if ours != reference {
                failures.push(format!(
                    "{}: JSON differs from the reference:\n--- reference\n{}\n--- ours\n{}",
                    case.name,
                    String::from_utf8_lossy(&reference),
                    String::from_utf8_lossy(&ours)
                ));
            }
        }
        // What is declared to differ does differ.
        for s in &case.ours_only {
            assert!(
                blocks(&ours).iter().any(|b| summary(b) == s),
                "{}: no {s:?} in ours",
                case.name
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

hcl_test_shared::shared_test!(
    stored_reference_text_is_what_the_reference_prints,
    tools,
    |_| {
        let Some(reference) = hcl_test_shared::reference_hcldec() else {
            return;
        };
        let dir = data_dir();
        let mut stale = Vec::new();
        for case in cases() {
            let now = stderr_of(&reference, &case.args);
            let file = dir.join(format!("{}.reference.txt", case.name));
            if updating() {
                std::fs::write(&file, &now).unwrap();
            }
            if std::fs::read(&file).unwrap_or_default() != now {
                stale.push(format!("{}:\n{}", case.name, decode_per_byte(&now)));
            }
            if case.same_diagnostics() {
                let now = stderr_of(&reference, &case.json_args());
                let file = dir.join(format!("{}.reference.json", case.name));
                if updating() {
                    std::fs::write(&file, &now).unwrap();
                }
                if std::fs::read(&file).unwrap_or_default() != now {
                    stale.push(format!("{} (JSON):\n{}", case.name, decode_per_byte(&now)));
                }
            }
        }
        assert!(
            stale.is_empty(),
            "the reference now prints:\n{}",
            stale.join("\n")
        );
    }
);

#[test]
fn without_additions_takes_out_carets_and_call_lines_only() {
    let ours = "Error: X\n\n  on f line 1:\n   1: a = f(b)\n      \t^^^\n\nwhile calling f(x)\n\nDetail ^ here.\n\n";
    assert_eq!(
        without_additions(ours),
        "Error: X\n\n  on f line 1:\n   1: a = f(b)\n\nDetail ^ here.\n\n"
    );
    let with_values = "\nwhile calling f(x)\nwith b as 1.\n\n";
    assert_eq!(without_additions(with_values), "\nwith b as 1.\n\n");
    assert_eq!(
        decode_per_byte(b"a\xff\xfeb\xe2\x82"),
        "a\u{fffd}\u{fffd}b\u{fffd}\u{fffd}"
    );
}
