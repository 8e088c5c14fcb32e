//! Our `hcldec` side by side with hashicorp's (v2.14.1, built by
//! `../shared/tools/reference-hcldec.sh`): on the spec suite's inputs, on a
//! sample of the Terraform corpus and on the hand-written broken inputs and
//! specs in this folder, both must write the same standard output, the same
//! `--diags=json` diagnostics, and exit with the same status.
//!
//! Two comparisons ignore order, because the reference's order changes from
//! run to run: it collects the diagnostics of an `object` spec, and the
//! `--var-refs` traversals, while iterating a Go map (COMPAT.md, "Object
//! specs decode in key order"). So the diagnostics, and the items of the
//! `--var-refs` array, are compared as multisets; all else byte for byte.
//!
//! Where an outcome deliberately differs, [`KNOWN`] says for which input
//! or command line, what differs, and the COMPAT.md entry that says why;
//! every other part of those cases is still compared, and each entry must
//! still show somewhere. Standard error in text form is not compared
//! (rendering is tested on its own).
//!
//! This folder: `app.hcldec` (decodes every file under `inputs/`, each a
//! broken input; `app.hcl` is a clean one), `specs/` (broken specs, applied
//! to `app.hcl`) and `terraform.hcldec` (for the corpus).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use hcl_cli::json::Json;

const OURS: &str = env!("CARGO_BIN_EXE_hcldec");

/// This folder.
fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

/// How our `--diags=json` diagnostics may relate to the reference's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Diags {
    /// The same multiset.
    Same,
    /// A part of the reference's: we leave out a repeat or a cascade.
    Fewer,
    /// The reference's and more: we report what it does not.
    More,
    /// Worded or placed differently.
    Differ,
}

/// A deliberate difference: the input file (relative to its folder) or the
/// command line whose cases show it, what may differ, and the COMPAT.md
/// entry that gives the reason.
struct Known {
    case: &'static str,
    status: bool,
    stdout: bool,
    diags: Diags,
    compat: &'static str,
}

const fn diags(case: &'static str, diags: Diags, compat: &'static str) -> Known {
    Known {
        case,
        status: false,
        stdout: false,
        diags,
        compat,
    }
}

const KNOWN: &[Known] = &[
    // JSON syntax.
    diags(
        "inputs/json_bad_escape.json",
        Diags::Differ,
        "JSON string errors name the bad escape or control character",
    ),
    diags(
        "inputs/json_control_character.json",
        Diags::Differ,
        "JSON string errors name the bad escape or control character",
    ),
    diags(
        "inputs/json_empty.json",
        Diags::Fewer,
        "A JSON root that failed to parse does not also get \"Root value must be object\"",
    ),
    diags(
        "inputs/json_trailing_comma.json",
        Diags::Fewer,
        "A JSON root that failed to parse does not also get \"Root value must be object\"",
    ),
    diags(
        "inputs/json_unterminated_object.json",
        Diags::Fewer,
        "A JSON root that failed to parse does not also get \"Root value must be object\"",
    ),
    diags(
        "inputs/json_top_level_array.json",
        Diags::Fewer,
        "JSON body-shape errors (\"Incorrect JSON value type\") are reported once",
    ),
    // Conversions and indexes.
    diags(
        "inputs/json_unsupported_in_block.json",
        Diags::Differ,
        "Conversion wording in details comes from our conversion module",
    ),
    diags(
        "inputs/native_conversions.hcl",
        Diags::Differ,
        "Conversion wording in details comes from our conversion module",
    ),
    diags(
        "inputs/template_interpolates_a_tuple.hcl",
        Diags::Differ,
        "Conversion wording in details comes from our conversion module",
    ),
    diags(
        "inputs/native_index_past_the_end.hcl",
        Diags::Differ,
        "An index past the end of a sequence says so",
    ),
    // Invalid UTF-8.
    diags(
        "inputs/native_invalid_utf8_in_string.hcl",
        Diags::Fewer,
        "Invalid UTF-8 is reported once",
    ),
    Known {
        case: "inputs/native_invalid_utf8_in_comment.hcl",
        status: true,
        stdout: true,
        diags: Diags::More,
        compat: "Invalid UTF-8 in a comment is an error too",
    },
    // Spec files.
    diags(
        "specs/unknown_type_name.hcldec",
        Diags::Differ,
        "Type expressions in spec files accept optional(...) and report \"Invalid type specification\"",
    ),
    diags(
        "specs/type_with_two_arguments.hcldec",
        Diags::Differ,
        "Type expressions in spec files accept optional(...) and report \"Invalid type specification\"",
    ),
    diags(
        "specs/required_not_bool.hcldec",
        Diags::Differ,
        "The start range of a quoted string includes its quotes",
    ),
    diags(
        "specs/root_required_not_bool_number.hcldec",
        Diags::Differ,
        "Conversion wording in details comes from our conversion module",
    ),
    diags(
        "specs/root_required_not_bool.hcldec",
        Diags::Differ,
        "The start range of a quoted string includes its quotes",
    ),
    // Command lines.
    Known {
        case: "--help",
        status: true,
        stdout: true,
        diags: Diags::Same,
        compat: "hcldec --help",
    },
    Known {
        case: "-h",
        status: true,
        stdout: true,
        diags: Diags::Same,
        compat: "hcldec --help",
    },
    Known {
        case: "--version",
        status: false,
        stdout: true,
        diags: Diags::Same,
        compat: "--version prints the crate version",
    },
];

/// COMPAT.md as plain text: its markup (`**`, backticks) dropped and its
/// lines joined, so that [`Known::compat`] can quote an entry.
fn compat_text() -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../COMPAT.md"))
        .unwrap();
    text.replace("**", "")
        .replace('`', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One command line, run by both in `dir`.
#[derive(Debug)]
struct Case {
    /// The input or spec file it is about, or the whole command line: what
    /// [`KNOWN`] names.
    key: String,
    dir: PathBuf,
    args: Vec<String>,
    stdin: Vec<u8>,
    /// Close standard output unread (the reader went away).
    closed_stdout: bool,
}

impl Case {
    fn new(dir: &Path, args: &[&str]) -> Case {
        Case {
            key: args.join(" "),
            dir: dir.to_path_buf(),
            args: args.iter().map(|a| a.to_string()).collect(),
            stdin: Vec::new(),
            closed_stdout: false,
        }
    }

    fn stdin(mut self, bytes: &[u8]) -> Case {
        self.stdin = bytes.to_vec();
        self
    }

    fn known(&self) -> Option<&'static Known> {
        KNOWN.iter().find(|k| k.case == self.key)
    }

    fn has(&self, flag: &str) -> bool {
        self.args.iter().any(|a| a == flag)
    }
}

/// What a run wrote and how it ended (a signal counted as 128 + its number,
/// as a shell shows it).
#[derive(Debug)]
struct Outcome {
    status: i32,
    stdout: String,
    stderr: String,
}

fn run(program: &[&Path], case: &Case) -> Outcome {
    let (first, rest) = program.split_first().unwrap();
    let mut child = Command::new(first)
        .args(rest)
        .args(&case.args)
        .current_dir(&case.dir)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // hcldec reads all its input before it writes: written whole first.
    let _ = child.stdin.take().unwrap().write_all(&case.stdin);
    if case.closed_stdout {
        drop(child.stdout.take());
    }
    let out = child.wait_with_output().unwrap();
    Outcome {
        status: out
            .status
            .code()
            .or_else(|| out.status.signal().map(|s| 128 + s))
            .unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The items of a JSON array, at the top (`key` `None`) or under an
/// object's `key`, each as compact JSON, sorted; `None` when `text` is not
/// that shape.
fn sorted_items(text: &str, key: Option<&str>) -> Option<Vec<String>> {
    let json = Json::parse(text)?;
    let array = match (key, json) {
        (None, array) => array,
        (Some(key), Json::Object(props)) => props.into_iter().find(|(k, _)| k == key)?.1,
        _ => return None,
    };
    let Json::Array(items) = array else {
        return None;
    };
    let mut items: Vec<String> = items.iter().map(Json::to_compact).collect();
    items.sort();
    Some(items)
}

/// What differs between the two outcomes beyond the case's [`Known`]
/// difference; and whether that difference showed.
fn problems(case: &Case, ours: &Outcome, theirs: &Outcome) -> (Vec<String>, bool) {
    let mut out = Vec::new();
    let known = case.known();
    let mut showed = false;
    let mut check = |what: &str, same: bool, allowed: bool| {
        if !same && !allowed {
            out.push(format!("{what} differs"));
        }
        showed |= !same && allowed;
    };
    check(
        "exit status",
        ours.status == theirs.status,
        known.is_some_and(|k| k.status),
    );
    let same_stdout = if case.has("--var-refs") {
        sorted_items(&ours.stdout, None) == sorted_items(&theirs.stdout, None)
            && ours.stdout.ends_with('\n') == theirs.stdout.ends_with('\n')
    } else {
        ours.stdout == theirs.stdout
    };
    check(
        "standard output",
        same_stdout,
        known.is_some_and(|k| k.stdout),
    );
    if case.has("--diags=json") {
        let (a, b) = (
            sorted_items(&ours.stderr, Some("diagnostics")),
            sorted_items(&theirs.stderr, Some("diagnostics")),
        );
        // Neither in JSON: a failure outside the configuration (`Error:
        // …`) or a usage error, whose text is not the diagnostics.
        if (a.is_some() || b.is_some()) && a != b {
            let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
            let allowed = match known.map_or(Diags::Same, |k| k.diags) {
                Diags::Same => false,
                Diags::Fewer => is_part_of(&a, &b),
                Diags::More => is_part_of(&b, &a),
                Diags::Differ => true,
            };
            if allowed {
                showed = true;
            } else {
                out.push(format!(
                    "--diags=json diagnostics differ; ours only:{}\n  reference only:{}",
                    only(&a, &b),
                    only(&b, &a)
                ));
            }
        }
    }
    (out, showed)
}

/// Whether every item of `part` (sorted) is in `whole` (sorted), as often.
fn is_part_of(part: &[String], whole: &[String]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|p| rest.any(|w| w == p))
}

/// The items of `x` that `y` lacks, one a line.
fn only(x: &[String], y: &[String]) -> String {
    x.iter()
        .filter(|d| !y.contains(d))
        .map(|d| format!("\n    {d}"))
        .collect()
}

/// What [`compare_all`] saw besides agreement.
struct Seen {
    /// The keys of the [`KNOWN`] differences that showed.
    known: Vec<String>,
    /// How many cases the reference decoded (status 0), and how many it
    /// rejected with diagnostics (status 2): a suite must have both, or it
    /// tests less than it seems to.
    decoded: usize,
    rejected: usize,
}

/// Runs every case with both; fails listing each case that disagrees.
fn compare_all(cases: &[Case], reference: &Path) -> Seen {
    let mut failures = Vec::new();
    let mut seen = Seen {
        known: Vec::new(),
        decoded: 0,
        rejected: 0,
    };
    for case in cases {
        let ours = run(&[Path::new(OURS)], case);
        let theirs = run(&[Path::new("bash"), reference], case);
        seen.decoded += usize::from(theirs.status == 0);
        seen.rejected += usize::from(theirs.status == 2);
        let (found, known_showed) = problems(case, &ours, &theirs);
        if known_showed {
            seen.known.push(case.key.clone());
        }
        if !found.is_empty() {
            failures.push(format!(
                "hcldec {} (in {}): {}\n  ours: {ours:?}\n  reference: {theirs:?}",
                case.args.join(" "),
                case.dir.display(),
                found.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree with the reference:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
    seen
}

/// The ways each input is decoded: as the spec suite's harness runs hcldec,
/// its `--var-refs` form, and plain (standard output and status only).
fn modes(dir: &Path, spec: &str, input: &str, key: &str) -> Vec<Case> {
    let flag = format!("--spec={spec}");
    [
        Case::new(
            dir,
            &[&flag, "--diags=json", "--with-type", "--keep-nulls", input],
        ),
        Case::new(dir, &[&flag, "--diags=json", "--var-refs", input]),
        Case::new(dir, &[&flag, input]),
    ]
    .map(|c| Case {
        key: key.to_owned(),
        ..c
    })
    .into()
}

fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files_with_extension(&p, ext));
        } else if p.to_string_lossy().ends_with(ext) {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn relative(path: &Path, to: &Path) -> String {
    path.strip_prefix(to)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

hcl_test_shared::shared_test!(
    hcldec_agrees_with_the_reference_on_the_spec_suite,
    specsuite,
    |dir| {
        let Some(reference) = hcl_test_shared::reference_hcldec() else {
            return;
        };
        let tests = dir.join("tests");
        let mut cases = Vec::new();
        for spec in files_with_extension(&tests, ".hcldec") {
            let stem = spec
                .to_string_lossy()
                .trim_end_matches(".hcldec")
                .to_owned();
            for input in [format!("{stem}.hcl"), format!("{stem}.hcl.json")] {
                if Path::new(&input).is_file() {
                    let input = relative(Path::new(&input), &tests);
                    cases.extend(modes(&tests, &relative(&spec, &tests), &input, &input));
                }
            }
        }
        assert!(cases.len() >= 45, "found {} cases", cases.len());
        let seen = compare_all(&cases, &reference);
        assert!(
            seen.decoded >= 30 && seen.rejected >= 5,
            "{} decoded, {} rejected",
            seen.decoded,
            seen.rejected
        );
    }
);

hcl_test_shared::shared_test!(
    hcldec_agrees_with_the_reference_on_the_corpus,
    corpus,
    |dir| {
        let Some(reference) = hcl_test_shared::reference_hcldec() else {
            return;
        };
        // Every eighth file: all four modules and the benchmark inputs.
        let files: Vec<PathBuf> = hcl_test_shared::config_files(dir)
            .into_iter()
            .step_by(8)
            .collect();
        assert!(files.len() >= 40, "found {} files", files.len());
        let spec = data().join("terraform.hcldec");
        let cases: Vec<Case> = files
            .iter()
            .flat_map(|f| {
                let input = relative(f, dir);
                modes(dir, &spec.to_string_lossy(), &input, &input)
            })
            .collect();
        let seen = compare_all(&cases, &reference);
        assert!(
            seen.decoded >= 40 && seen.rejected >= 40,
            "{} decoded, {} rejected",
            seen.decoded,
            seen.rejected
        );
    }
);

hcl_test_shared::shared_test!(
    hcldec_agrees_with_the_reference_on_broken_inputs_and_specs,
    tools,
    |_tools| {
        let Some(reference) = hcl_test_shared::reference_hcldec() else {
            return;
        };
        let dir = data();
        let mut cases = Vec::new();
        let inputs: Vec<PathBuf> = files_with_extension(&dir.join("inputs"), "")
            .into_iter()
            .filter(|p| p.is_file())
            .collect();
        assert!(inputs.len() >= 25, "found {} inputs", inputs.len());
        for input in &inputs {
            let input = relative(input, &dir);
            cases.extend(modes(&dir, "app.hcldec", &input, &input));
        }
        for spec in files_with_extension(&dir.join("specs"), ".hcldec") {
            let spec = relative(&spec, &dir);
            cases.extend(modes(&dir, &spec, "app.hcl", &spec));
        }
        cases.extend(command_lines(&dir));
        let compat = compat_text();
        for k in KNOWN {
            assert!(
                compat.contains(k.compat),
                "COMPAT.md has no entry {:?} (for {})",
                k.compat,
                k.case
            );
        }
        let seen = compare_all(&cases, &reference);
        assert!(
            seen.decoded >= 20 && seen.rejected >= 100,
            "{} decoded, {} rejected",
            seen.decoded,
            seen.rejected
        );
        let stale: Vec<&str> = KNOWN
            .iter()
            .filter(|k| !seen.known.iter().any(|s| s == k.case))
            .map(|k| k.case)
            .collect();
        assert!(
            stale.is_empty(),
            "these known differences no longer show (remove them from KNOWN and COMPAT.md): {stale:?}"
        );
    }
);

/// The command lines around the inputs: the clean input, standard input,
/// several files, variables, missing and unreadable files, wrong flags and
/// a reader that goes away.
fn command_lines(dir: &Path) -> Vec<Case> {
    let json = "--diags=json";
    let big = format!("name = \"{}\"\n", "x".repeat(200_000));
    vec![
        Case::new(dir, &["--spec=app.hcldec", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", "--with-type", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", "--keep-nulls", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", "--var-refs", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", json]).stdin(b"name = \"from stdin\"\n"),
        Case::new(dir, &["--spec=app.hcldec", json]).stdin(b"name = ["),
        Case::new(
            dir,
            &[
                "--spec=app.hcldec",
                json,
                "app.hcl",
                "inputs/native_empty.hcl",
            ],
        ),
        Case::new(dir, &["--spec=app.hcldec", json, "app.hcl", "app.hcl"]),
        Case::new(
            dir,
            &[
                "--spec=app.hcldec",
                json,
                "inputs/json_wrong_type_in_block.json",
                "inputs/native_missing_value.hcl",
            ],
        ),
        Case::new(
            dir,
            &["--spec=app.hcldec", "--vars={\"region\": 1}", "app.hcl"],
        ),
        Case::new(
            dir,
            &[
                "--spec=app.hcldec",
                json,
                "--vars={\"region\": }",
                "app.hcl",
            ],
        ),
        Case::new(dir, &["--spec=app.hcldec", json, "--vars=[1]", "app.hcl"]),
        Case::new(
            dir,
            &["--spec=app.hcldec", json, "--vars=absent.json", "app.hcl"],
        ),
        Case::new(
            dir,
            &["--spec=app.hcldec", json, "--vars=absent.hcl", "app.hcl"],
        ),
        Case::new(
            dir,
            &["--spec=app.hcldec", json, "--vars=app.hcl", "app.hcl"],
        ),
        Case::new(dir, &["--spec=app.hcldec", json, "absent.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", json, "absent.json"]),
        Case::new(dir, &["--spec=app.hcldec", json, "inputs"]),
        Case::new(dir, &["--spec=app.hcldec", json, "directory.json"]),
        Case::new(dir, &["--spec=absent.hcldec", json, "app.hcl"]),
        Case::new(dir, &["--spec=specs", json, "app.hcl"]),
        Case::new(
            dir,
            &["--spec=app.hcldec", "--out=absent/dir/out.json", "app.hcl"],
        ),
        Case::new(dir, &["app.hcl"]),
        Case::new(dir, &["--spec=", "app.hcl"]),
        Case::new(dir, &["--spec"]),
        Case::new(dir, &["--spec=app.hcldec", "--bogus", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", "-x", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", "--with-type=maybe", "app.hcl"]),
        Case::new(dir, &["--spec=app.hcldec", "--diags=xml", "app.hcl"]),
        Case::new(dir, &["--diags=xml"]),
        Case::new(dir, &["--version=false", "--spec=app.hcldec", "app.hcl"]),
        Case::new(dir, &["--version"]),
        Case::new(dir, &["--help"]),
        Case::new(dir, &["-h"]),
        Case {
            closed_stdout: true,
            ..Case::new(dir, &["--spec=app.hcldec"]).stdin(big.as_bytes())
        },
    ]
}
