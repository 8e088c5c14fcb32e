//! Parity with the reference, class by class: each table in this folder
//! (`<rule>.txt`) holds inputs and the outcome hashicorp's hcldec v2.14.1
//! gives for each (exit status, standard output, and the summary and subject
//! of every `--diags=json` diagnostic), recorded from
//! `../shared/tools/reference-hcldec.sh`. The test named after the table
//! runs our `hcldec` on each input and wants the recorded outcome;
//! [`tables_hold_the_reference_outcomes`] re-runs the reference, when it can
//! be had, and wants the same tables.
//!
//! A table: cases, each a header line `=== <file name> [spec=<spec file>]
//! [details] [known=<COMPAT.md entry>]`, the input's lines (written with a final line
//! break), then `--- reference` and the recorded outcome: `status N`,
//! `stdout <text>` and one `diag <summary> @ <start>-<end>` line per
//! diagnostic (positions as `line:column:byte`, diagnostics sorted). Lines
//! starting with `#` before the first case are comments. The spec defaults
//! to `any.hcldec` (the attribute `v`, of any type). `known=` marks an input
//! on which we deliberately differ: the test checks that COMPAT.md has the
//! entry, and that the difference still shows. `details` adds each
//! diagnostic's detail to its line (`diag <summary> @ <range> | <detail>`),
//! for cases about the wording of details; other cases leave details out,
//! so that each table pins the rule it is named after and no other.
//!
//! To record a new table or new cases: write the headers and inputs, leave
//! the outcomes out, and run `PARITY_RECORD=1 cargo test -p hcl-cli --test
//! parity tables_hold` (with the reference tools in `../shared/tools/`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use hcl_cli::json::Json;

const OURS: &str = env!("CARGO_BIN_EXE_hcldec");

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parity")
}

/// One input of a table.
struct Case {
    header: String,
    file: String,
    spec: String,
    known: Option<String>,
    details: bool,
    input: String,
    recorded: Vec<String>,
}

struct Table {
    comments: Vec<String>,
    cases: Vec<Case>,
}

fn parse_table(text: &str) -> Table {
    let mut comments = Vec::new();
    let mut cases: Vec<Case> = Vec::new();
    let mut in_outcome = false;
    // Split at `\n` only: an input may hold `\r\n` line breaks.
    for line in text.strip_suffix('\n').unwrap_or(text).split('\n') {
        if let Some(header) = line.strip_prefix("=== ") {
            let mut words = header.split(' ');
            let file = words.next().unwrap().to_owned();
            let mut spec = "any.hcldec".to_owned();
            let mut known = None;
            let mut details = false;
            let rest: Vec<&str> = words.collect();
            let rest = rest.join(" ");
            if let Some(k) = rest.find("known=") {
                known = Some(rest[k + 6..].to_owned());
            }
            for w in rest.split(' ') {
                if let Some(s) = w.strip_prefix("spec=") {
                    spec = s.to_owned();
                }
                details |= w == "details";
            }
            cases.push(Case {
                header: header.to_owned(),
                file,
                spec,
                known,
                details,
                input: String::new(),
                recorded: Vec::new(),
            });
            in_outcome = false;
        } else if let Some(case) = cases.last_mut() {
            if line == "--- reference" {
                in_outcome = true;
            } else if in_outcome {
                case.recorded.push(line.to_owned());
            } else {
                case.input.push_str(line);
                case.input.push('\n');
            }
        } else {
            comments.push(line.to_owned());
        }
    }
    Table { comments, cases }
}

fn write_table(table: &Table) -> String {
    let mut out = String::new();
    for c in &table.comments {
        out.push_str(c);
        out.push('\n');
    }
    for case in &table.cases {
        out.push_str("=== ");
        out.push_str(&case.header);
        out.push('\n');
        out.push_str(&case.input);
        out.push_str("--- reference\n");
        for l in &case.recorded {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// Runs `program` (our hcldec, or the reference script through bash) on the
/// case in a scratch folder of its own; the outcome as table lines.
fn outcome(program: &[&str], case: &Case, scratch: &Path) -> Vec<String> {
    std::fs::create_dir_all(scratch).unwrap();
    std::fs::write(scratch.join(&case.file), &case.input).unwrap();
    std::fs::copy(data().join(&case.spec), scratch.join(&case.spec)).unwrap();
    let (first, rest) = program.split_first().unwrap();
    let out = Command::new(first)
        .args(rest)
        .arg(format!("--spec={}", case.spec))
        .args(["--with-type", "--diags=json"])
        .arg(&case.file)
        .current_dir(scratch)
        .output()
        .unwrap();
    let mut lines = vec![format!("status {}", out.status.code().unwrap_or(-1))];
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !stdout.trim().is_empty() {
        lines.push(format!("stdout {}", stdout.trim()));
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut diags: Vec<String> = match Json::parse(&stderr) {
        Some(Json::Object(props)) => match props.into_iter().find(|(k, _)| k == "diagnostics") {
            Some((_, Json::Array(items))) => {
                items.iter().map(|d| diag_line(d, case.details)).collect()
            }
            _ => vec![format!("stderr {}", stderr.trim())],
        },
        _ if stderr.trim().is_empty() => Vec::new(),
        _ => vec![format!("stderr {}", stderr.trim())],
    };
    diags.sort();
    lines.extend(diags);
    lines
}

fn field<'a>(json: &'a Json, key: &str) -> Option<&'a Json> {
    match json {
        Json::Object(props) => props.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// A diagnostic as one table line; with `details`, its detail follows
/// (line breaks written `\n`, to keep it one line).
fn diag_line(d: &Json, details: bool) -> String {
    let text = |k: &str| match field(d, k) {
        Some(Json::String(s)) => s.clone(),
        _ => String::new(),
    };
    let pos = |p: Option<&Json>| {
        let n = |k: &str| match p.and_then(|p| field(p, k)) {
            Some(Json::Number(n)) => n.clone(),
            _ => "?".into(),
        };
        format!("{}:{}:{}", n("line"), n("column"), n("byte"))
    };
    let subject = match field(d, "subject") {
        Some(s) => format!(" @ {}-{}", pos(field(s, "start")), pos(field(s, "end"))),
        None => String::new(),
    };
    let detail = if details {
        format!(" | {}", text("detail").replace('\n', "\\n"))
    } else {
        String::new()
    };
    format!(
        "diag {} {}{}{}",
        text("severity"),
        text("summary"),
        subject,
        detail
    )
}

fn scratch(table: &str, runner: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "hcl-parity-{}-{table}-{runner}",
        std::process::id()
    ))
}

/// COMPAT.md as plain text (markup dropped, lines joined).
fn compat_text() -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../COMPAT.md"))
        .unwrap();
    text.replace("**", "")
        .replace('`', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Our hcldec on every case of `name.txt`, against the recorded outcomes.
fn check(name: &str) {
    let table = parse_table(&std::fs::read_to_string(data().join(format!("{name}.txt"))).unwrap());
    assert!(!table.cases.is_empty(), "{name}.txt has no cases");
    let dir = scratch(name, "ours");
    let compat = compat_text();
    let mut failures = Vec::new();
    for case in &table.cases {
        assert!(
            !case.recorded.is_empty(),
            "{name}: {} has no recorded outcome",
            case.header
        );
        let ours = outcome(&[OURS], case, &dir);
        if let Some(entry) = &case.known {
            assert!(
                compat.contains(entry.as_str()),
                "COMPAT.md has no entry {entry:?}"
            );
            assert_ne!(
                ours, case.recorded,
                "{name}: {} no longer differs (drop its known=)",
                case.header
            );
            continue;
        }
        if ours != case.recorded {
            failures.push(format!(
                "{}\n{}  reference:\n    {}\n  ours:\n    {}",
                case.header,
                case.input,
                case.recorded.join("\n    "),
                ours.join("\n    ")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n"));
}

fn tables() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data())
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.strip_suffix(".txt").map(str::to_owned)
        })
        .collect();
    names.sort();
    names
}

hcl_test_shared::shared_test!(tables_hold_the_reference_outcomes, tools, |_tools| {
    let Some(reference) = hcl_test_shared::reference_hcldec() else {
        return;
    };
    let reference = reference.to_string_lossy().into_owned();
    let record = std::env::var_os("PARITY_RECORD").is_some();
    let mut stale = Vec::new();
    for name in tables() {
        let path = data().join(format!("{name}.txt"));
        let mut table = parse_table(&std::fs::read_to_string(&path).unwrap());
        let dir = scratch(&name, "reference");
        for case in &mut table.cases {
            let theirs = outcome(&["bash", &reference], case, &dir);
            if theirs != case.recorded {
                stale.push(format!("{name}: {}", case.header));
                case.recorded = theirs;
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        if record {
            std::fs::write(&path, write_table(&table)).unwrap();
        }
    }
    assert!(
        record || stale.is_empty(),
        "the reference's outcomes differ from the recorded ones (PARITY_RECORD=1 records them): {stale:#?}"
    );
});

/// Every table in the folder has its test below.
#[test]
fn every_table_has_a_test() {
    let source = std::fs::read_to_string(data().join("main.rs")).unwrap();
    for name in tables() {
        assert!(
            source.contains(&format!("    {name},\n")),
            "no test for {name}.txt"
        );
    }
}

macro_rules! tables {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
    };
}

tables! {
    /// `v = "<U+0301>" + 1`: columns are clusters within each token.
    grapheme_clusters_are_counted_within_tokens,
    /// `{"<U+0301>v": 1}`: a JSON string's clusters are counted after its
    /// quote.
    json_string_columns_start_after_quotes_and_backslashes,
    /// `a {\n  b {` at the end: one "Unclosed configuration block".
    constructs_open_at_the_end_are_reported_once,
    /// `"a$` at the end of the input, a lone carriage return in a heredoc:
    /// one invalid token to the end.
    unreadable_template_text_is_invalid_to_the_end,
    /// `upper((null))`: the argument's error points inside the parentheses.
    parentheses_start_where_their_content_starts,
    /// A value 63 objects deep prints with its type first and without
    /// null properties, as a shallow one does.
    deep_values_print_as_shallow_ones,
    /// `[for x in [unknown list] : x if x]`: a tuple's `for` skips an
    /// unknown condition unchecked.
    unknown_for_conditions_are_skipped_by_tuple_fors,
    /// `true ? 1 : 5[*].x`: a failed step of a splat of one value still
    /// gives a tuple.
    splats_of_one_value_are_tuples_when_a_step_fails,
    /// `max(1)` with spec-file variables but no spec-file function:
    /// "Function calls not allowed".
    function_calls_need_spec_functions,
    /// `{é = 1}.é`, the second `é` written as `e` and a combining accent:
    /// names are compared in NFC.
    attribute_names_are_compared_in_nfc,
    /// `1.e5`: a literal's fraction digits may be missing before an exponent.
    number_literal_fraction_digits_may_be_missing,
    /// `"x ${~ "y" ~}\n\n z"` is `"xy\n z"`.
    strip_markers_strip_through_one_line_break,
    /// Every stray `endif`, `endfor` and `else` is reported.
    unexpected_directives_cascade,
    /// `5..`: two "Invalid attribute name".
    traversal_steps_continue_after_an_invalid_attribute_name,
    /// `lo[*.id`: the subject is the end of the input.
    missing_close_brackets_are_reported_where_recovery_stops,
    /// `"\` at a line end: "Invalid character".
    backslash_at_line_end_is_an_invalid_character,
    /// A leading BOM is not a column.
    byte_order_mark_is_not_a_column,
    /// `abs("x")`: the subject is `x`.
    argument_errors_point_at_the_argument_s_first_part,
    /// `true || nosuch` and `provider::a::b()`: newer HCL, kept.
    newer_hcl_features_are_kept,
    /// `length("b")` through a spec-file function is an error, as go-cty's.
    spec_functions_are_go_cty_s,
    /// `{a = 1}.é` (NFD), `"\q"`, a spec attribute named `"a\"b\\c"`:
    /// names in details are quoted as Go's `%q` quotes them.
    names_are_quoted_as_go_quotes_them,
    /// `block_type = [x]` in a spec file: "Variables not allowed", then
    /// "Unsuitable value type", as gohcl converts a failed value.
    failed_spec_arguments_are_still_converted,
}
