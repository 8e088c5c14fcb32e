//! `hcldec` end to end: every flag, exit status and kind of bad input.
//! Expected outputs were taken from hashicorp's hcldec on the same files
//! (except where COMPAT.md lists a difference); `tests/reference/` runs both
//! side by side.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{run, scratch, write, Output};
use std::path::Path;

const BIN: &str = env!("CARGO_BIN_EXE_hcldec");

const SPEC: &str = r#"object {
  attr "name" {
    type     = string
    required = true
  }
  attr "port" {
    type = number
  }
  attr "debug" {
    type = bool
  }
  block_list "listener" {
    max_items = 2
    object {
      attr "port" {
        type = number
      }
    }
  }
}
"#;

const INPUT: &str = "name = \"web\"\nport = \"8080\"\nlistener {\n  port = 80\n}\n";

fn setup(test: &str) -> std::path::PathBuf {
    let dir = scratch(test);
    write(
        &dir,
        &[
            ("s.hcldec", SPEC.as_bytes()),
            ("in.hcl", INPUT.as_bytes()),
            ("more.hcl.json", b"{\"debug\": true}"),
        ],
    );
    dir
}

fn hcldec(dir: &Path, args: &[&str]) -> Output {
    run(BIN, dir, args, "")
}

#[test]
fn decodes_to_json_with_nulls_dropped_and_keys_sorted() {
    let dir = setup("plain");
    let out = hcldec(&dir, &["--spec=s.hcldec", "in.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "{\"listener\":[{\"port\":80}],\"name\":\"web\",\"port\":8080}\n"
    );
    assert_eq!(out.stderr, "");
}

#[test]
fn with_type_wraps_value_and_type() {
    let dir = setup("with_type");
    let out = hcldec(&dir, &["--spec", "s.hcldec", "--with-type", "in.hcl"]);
    assert_eq!(out.status, 0);
    assert_eq!(
        out.stdout,
        "{\"type\":[\"object\",{\"debug\":\"bool\",\"listener\":[\"list\",[\"object\",{\"port\":\"number\"}]],\"name\":\"string\",\"port\":\"number\"}],\"value\":{\"listener\":[{\"port\":80}],\"name\":\"web\",\"port\":8080}}\n"
    );
    let out = hcldec(
        &dir,
        &["-s", "s.hcldec", "--with-type", "--keep-nulls", "in.hcl"],
    );
    assert_eq!(
        out.stdout,
        "{\"value\":{\"debug\":null,\"listener\":[{\"port\":80}],\"name\":\"web\",\"port\":8080},\"type\":[\"object\",{\"debug\":\"bool\",\"listener\":[\"list\",[\"object\",{\"port\":\"number\"}]],\"name\":\"string\",\"port\":\"number\"}]}\n"
    );
}

#[test]
fn several_inputs_merge_and_json_files_use_the_json_syntax() {
    let dir = setup("merge");
    let out = hcldec(
        &dir,
        &["--spec=s.hcldec", "--keep-nulls", "in.hcl", "more.hcl.json"],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "{\"debug\":true,\"listener\":[{\"port\":80}],\"name\":\"web\",\"port\":8080}\n"
    );
}

/// A file named twice is read once, as the reference's parser keeps each
/// file it read: its problems are reported once, and its body is merged
/// twice (so its arguments are set twice).
#[test]
fn a_file_named_twice_is_read_once() {
    let dir = setup("twice");
    write(&dir, &[("bad.hcl", b"name = 1 +\n")]);
    let out = hcldec(
        &dir,
        &["--spec=s.hcldec", "--diags=json", "bad.hcl", "bad.hcl"],
    );
    assert_eq!(out.status, 2);
    assert_eq!(
        out.stderr.matches("\"summary\"").count(),
        1,
        "{}",
        out.stderr
    );
    let out = hcldec(
        &dir,
        &["--spec=s.hcldec", "--diags=json", "in.hcl", "in.hcl"],
    );
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("Duplicate argument"), "{}", out.stderr);
}

#[test]
fn no_input_file_reads_standard_input() {
    let dir = setup("stdin");
    let out = run(BIN, &dir, &["--spec=s.hcldec"], "name = \"x\"\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "{\"listener\":[],\"name\":\"x\"}\n");
}

#[test]
fn out_writes_the_result_to_a_file() {
    let dir = setup("out");
    let out = hcldec(&dir, &["--spec=s.hcldec", "-o", "result.json", "in.hcl"]);
    assert_eq!(out.status, 0);
    assert_eq!(out.stdout, "");
    assert_eq!(
        std::fs::read_to_string(dir.join("result.json")).unwrap(),
        "{\"listener\":[{\"port\":80}],\"name\":\"web\",\"port\":8080}\n"
    );
}

#[test]
fn version_and_help_exit_zero() {
    let dir = scratch("version");
    let out = hcldec(&dir, &["--version"]);
    assert_eq!(
        (out.status, out.stdout.trim()),
        (0, env!("CARGO_PKG_VERSION"))
    );
    let out = hcldec(&dir, &["-v"]);
    assert_eq!(out.status, 0);
    let out = hcldec(&dir, &["--help"]);
    assert_eq!(out.status, 0);
    assert!(out
        .stdout
        .starts_with("usage: hcldec --spec=<spec-file> [options] [hcl-file ...]\n"));
    assert!(out.stdout.contains("--with-type"));
    assert!(out.stdout.contains("exit status:\n  0 "), "{}", out.stdout);
}

/// A reader that goes away (`hcldec … | head`) ends hcldec quietly with the
/// status a shell shows for the reference, which SIGPIPE kills.
#[test]
fn a_closed_output_pipe_ends_quietly() {
    let dir = setup("closed_pipe");
    let big = format!("name = \"{}\"\n", "x".repeat(200_000));
    write(&dir, &[("big.hcl", big.as_bytes())]);
    assert_eq!(
        common::run_closed_stdout(BIN, &dir, &["--spec=s.hcldec", "big.hcl"]),
        (141, String::new())
    );
}

/// The exit statuses are the reference's: 2 for a wrong command line and
/// for diagnostics, 1 for a failure outside the configuration such as a
/// missing `--spec`.
#[test]
fn usage_errors_exit_two_and_a_missing_spec_one() {
    let dir = setup("usage");
    let out = hcldec(&dir, &["in.hcl"]);
    assert_eq!(
        (out.status, out.stderr.as_str()),
        (1, "Error: the --spec=... argument is required\n\n")
    );
    let out = hcldec(&dir, &["--spec=", "in.hcl"]);
    assert_eq!(out.status, 1);
    let out = hcldec(&dir, &["--spec=s.hcldec", "--bogus", "in.hcl"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.starts_with("unknown flag: --bogus"));
    let out = hcldec(&dir, &["--spec"]);
    assert_eq!(out.status, 2);
    let out = hcldec(&dir, &["--spec=s.hcldec", "--diags=xml", "in.hcl"]);
    assert_eq!(out.status, 2);
    assert_eq!(
        out.stderr,
        "Invalid diagnostics format \"xml\": only \"json\" is supported.\n"
    );
}

#[test]
fn missing_required_attribute_in_json_diagnostics() {
    let dir = setup("required");
    write(&dir, &[("noname.hcl", b"port = 1\n")]);
    let out = hcldec(&dir, &["--spec=s.hcldec", "--diags=json", "noname.hcl"]);
    assert_eq!(out.status, 2);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        r#"{
  "diagnostics": [
    {
      "severity": "error",
      "summary": "Missing required argument",
      "detail": "The argument \"name\" is required, but no definition was found.",
      "subject": {
        "filename": "noname.hcl",
        "start": {
          "line": 1,
          "column": 1,
          "byte": 0
        },
        "end": {
          "line": 1,
          "column": 1,
          "byte": 0
        }
      }
    }
  ]
}
"#
    );
}

#[test]
fn text_diagnostics_show_the_source() {
    let dir = setup("text");
    write(&dir, &[("bad.hcl", b"name = \"x\"\ncolour = 1\n")]);
    let out = hcldec(&dir, &["--spec=s.hcldec", "bad.hcl"]);
    assert_eq!(out.status, 2);
    assert!(
        out.stderr
            .starts_with("Error: Unsupported argument\n\n  on bad.hcl line 2:\n   2: colour = 1\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn conversion_failures_and_block_counts_are_reported() {
    let dir = setup("convert");
    write(
        &dir,
        &[(
            "bad.hcl",
            b"name = \"x\"\nport = \"eighty\"\nlistener {}\nlistener {}\nlistener {}\n",
        )],
    );
    let out = hcldec(&dir, &["--spec=s.hcldec", "--diags=json", "bad.hcl"]);
    assert_eq!(out.status, 2);
    assert!(out
        .stderr
        .contains("\"summary\": \"Incorrect attribute value type\""));
    assert!(out.stderr.contains(
        "\"detail\": \"Inappropriate value for attribute \\\"port\\\": a number is required.\""
    ));
    assert!(out
        .stderr
        .contains("\"summary\": \"Too many listener blocks\""));
    assert!(out
        .stderr
        .contains("\"detail\": \"No more than 2 \\\"listener\\\" blocks are allowed\""));
}

#[test]
fn missing_input_file_is_a_diagnostic() {
    let dir = setup("missing");
    let out = hcldec(&dir, &["--spec=s.hcldec", "--diags=json", "nope.hcl"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("\"summary\": \"Failed to read file\""));
    assert!(out
        .stderr
        .contains("\"detail\": \"The configuration file \\\"nope.hcl\\\" could not be read.\""));
}

#[test]
fn invalid_utf8_input_is_a_diagnostic() {
    let dir = setup("utf8");
    write(&dir, &[("bad.hcl", b"name = \"\xff\"\n")]);
    let out = hcldec(&dir, &["--spec=s.hcldec", "--diags=json", "bad.hcl"]);
    assert_eq!(out.status, 2);
    assert!(out
        .stderr
        .contains("\"summary\": \"Invalid character encoding\""));
    assert!(out.stderr.contains("\"byte\": 8"));
}

#[test]
fn invalid_spec_files_name_the_spec_file() {
    let dir = setup("badspec");
    write(
        &dir,
        &[
            ("empty.hcldec", b""),
            (
                "two.hcldec",
                b"literal {\n  value = 1\n}\nliteral {\n  value = 2\n}\n",
            ),
            ("unknown.hcldec", b"objekt {\n}\n"),
            ("noname.hcldec", b"attr {\n  type = string\n}\n"),
            (
                "badtype.hcldec",
                b"attr {\n  name = \"x\"\n  type = strin\n}\n",
            ),
            (
                "nolabels.hcldec",
                b"block_map {\n  block_type = \"x\"\n  object {\n  }\n}\n",
            ),
        ],
    );
    let cases: &[(&str, &str)] = &[
        (
            "empty.hcldec",
            "Error: Missing spec block\n\n  on empty.hcldec line 1:",
        ),
        (
            "two.hcldec",
            "Error: Extraneous spec block\n\n  on two.hcldec line 4, in literal:",
        ),
        (
            "unknown.hcldec",
            "Error: Unsupported block type\n\n  on unknown.hcldec line 1, in objekt:",
        ),
        (
            "noname.hcldec",
            "Error: Missing name in attribute spec\n\n  on noname.hcldec line 1, in attr:",
        ),
        (
            "badtype.hcldec",
            "Error: Invalid type specification\n\n  on badtype.hcldec line 3, in attr:",
        ),
        (
            "nolabels.hcldec",
            "Error: Missing required argument\n\n  on nolabels.hcldec line 1, in block_map:",
        ),
    ];
    for (spec, want) in cases {
        let out = hcldec(&dir, &[&format!("--spec={spec}"), "in.hcl"]);
        assert_eq!(out.status, 2, "{spec}");
        assert!(out.stderr.starts_with(want), "{spec}: {}", out.stderr);
    }
    let out = hcldec(&dir, &["--spec=absent.hcldec", "in.hcl"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("Failed to read file"));
    assert!(out.stderr.contains("absent.hcldec"));
}

#[test]
fn invalid_vars_json_is_a_diagnostic_naming_the_argument() {
    let dir = setup("vars");
    let out = hcldec(
        &dir,
        &[
            "--spec=s.hcldec",
            "--diags=json",
            "--vars={\"a\": }",
            "in.hcl",
        ],
    );
    assert_eq!(out.status, 2);
    assert!(
        out.stderr
            .contains("\"filename\": \"\\u003cvars argument 0\\u003e\""),
        "{}",
        out.stderr
    );
    let out = hcldec(
        &dir,
        &["--spec=s.hcldec", "--vars", "missing.json", "in.hcl"],
    );
    assert_eq!(out.status, 2);
    // The reference's JSON loader words it so.
    assert!(out.stderr.contains("Error: Failed to open file"));
}

#[test]
fn block_attrs_and_block_map_decode() {
    let dir = scratch("blockattrs");
    write(
        &dir,
        &[
            (
                "s.hcldec",
                b"object {\n  block_attrs \"env\" {\n    element_type = string\n  }\n  block_map \"svc\" {\n    labels = [\"name\"]\n    attr {\n      name = \"port\"\n      type = number\n    }\n  }\n}\n",
            ),
            (
                "in.hcl",
                b"env {\n  A = 1\n  B = \"b\"\n}\nsvc \"api\" {\n  port = 80\n}\nsvc \"db\" {\n  port = 5432\n}\n",
            ),
        ],
    );
    let out = hcldec(&dir, &["--spec=s.hcldec", "in.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "{\"env\":{\"A\":\"1\",\"B\":\"b\"},\"svc\":{\"api\":80,\"db\":5432}}\n"
    );
    write(
        &dir,
        &[("dup.hcl", b"svc \"api\" {\n}\nsvc \"api\" {\n}\n")],
    );
    let out = hcldec(&dir, &["--spec=s.hcldec", "dup.hcl"]);
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.starts_with("Error: Duplicate svc block\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn var_refs_lists_references_with_ranges_and_known_values() {
    let dir = scratch("var_refs");
    write(
        &dir,
        &[
            ("vr.hcldec", b"attr {\n  name = \"a\"\n}\n"),
            ("vr.hcl", b"a = x.y[0]\n"),
        ],
    );
    let out = hcldec(
        &dir,
        &[
            "--spec=vr.hcldec",
            "--var-refs",
            "--vars={\"x\": {\"y\": [\"v\"]}}",
            "vr.hcl",
        ],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Taken from hashicorp's hcldec on the same input.
    assert_eq!(
        out.stdout,
        r#"[
  {
    "root_name": "x",
    "value": "v",
    "steps": [
      {
        "kind": "root",
        "name": "x",
        "range": {
          "filename": "vr.hcl",
          "start": {
            "line": 1,
            "column": 5,
            "byte": 4
          },
          "end": {
            "line": 1,
            "column": 6,
            "byte": 5
          }
        }
      },
      {
        "kind": "attr",
        "name": "y",
        "range": {
          "filename": "vr.hcl",
          "start": {
            "line": 1,
            "column": 6,
            "byte": 5
          },
          "end": {
            "line": 1,
            "column": 8,
            "byte": 7
          }
        }
      },
      {
        "kind": "index",
        "key": 0,
        "range": {
          "filename": "vr.hcl",
          "start": {
            "line": 1,
            "column": 8,
            "byte": 7
          },
          "end": {
            "line": 1,
            "column": 11,
            "byte": 10
          }
        }
      }
    ],
    "range": {
      "filename": "vr.hcl",
      "start": {
        "line": 1,
        "column": 5,
        "byte": 4
      },
      "end": {
        "line": 1,
        "column": 11,
        "byte": 10
      }
    }
  }
]
"#
    );
    let out = hcldec(&dir, &["--spec=vr.hcldec", "--var-refs", "in.hcl"]);
    assert_eq!(out.status, 2);
}

#[test]
fn warnings_in_the_spec_file_do_not_stop_decoding() {
    let dir = scratch("warning");
    write(
        &dir,
        &[
            (
                "w.hcldec",
                b"default {\n  literal {\n    value = 1\n  }\n}\n",
            ),
            ("w.hcl", b""),
        ],
    );
    let out = hcldec(&dir, &["--spec=w.hcldec", "w.hcl"]);
    assert_eq!(out.status, 0);
    assert_eq!(out.stdout, "1\n");
    assert!(out
        .stderr
        .starts_with("Warning: Useless default block\n\n  on w.hcldec line 2, in default:\n"));
    let out = hcldec(&dir, &["--spec=w.hcldec", "--diags=json", "w.hcl"]);
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
}

const VARS_SPEC: &str = r#"variables {
  base = 10
  who  = "spec"
}

function "twice" {
  params = [n]
  result = n * 2
}

function "sum" {
  params         = []
  variadic_param = ns
  result         = ns[0] + ns[1]
}

object {
  attr "a" {
    type = number
  }
  attr "who" {
    type = string
  }
  transform "mb" {
    attr {
      name = "mb"
      type = number
    }
    result = nested * 1024
  }
}
"#;

#[test]
fn spec_variables_functions_and_vars_flags_feed_the_input() {
    let dir = scratch("vars_ok");
    write(
        &dir,
        &[
            ("v.hcldec", VARS_SPEC.as_bytes()),
            (
                "v.hcl",
                b"a = twice(base) + sum(1, 2)\nwho = \"${who}/${extra}\"\nmb = 3\n",
            ),
            ("v.vars.hcl", b"extra = \"file\"\n"),
        ],
    );
    let out = hcldec(
        &dir,
        &["--spec=v.hcldec", "--vars={\"extra\":\"json\"}", "v.hcl"],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "{\"a\":23,\"mb\":3072,\"who\":\"spec/json\"}\n");
    // A later --vars overrides an earlier one and the spec's variables.
    let out = hcldec(
        &dir,
        &[
            "--spec=v.hcldec",
            "-V",
            "v.vars.hcl",
            "-V",
            "{\"who\":\"cli\"}",
            "v.hcl",
        ],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "{\"a\":23,\"mb\":3072,\"who\":\"cli/file\"}\n");
    // Without the variable the input refers to, that reference fails.
    let out = hcldec(&dir, &["--spec=v.hcldec", "--diags=json", "v.hcl"]);
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.contains("\"summary\": \"Unknown variable\""),
        "{}",
        out.stderr
    );
}

#[test]
fn spec_definition_functions_behave_as_go_cty_stdlib() {
    let dir = scratch("specfuncs");
    write(
        &dir,
        &[
            (
                "sf.hcldec",
                r#"function "shout" {
  params         = [s]
  variadic_param = rest
  result         = "${upper(s)}${length(rest)}"
}

object {
  literal "g" {
    value = jsonencode({ a = [1, "b"] })
  }
  literal "h" {
    value = concat([1], [substr("hello", 1, 3)], [max(1, 5, 3)], [abs(-2)], [coalesce(null, "c")], [reverse("abc")], [int(2.7)], [strlen("héllo")], [lower("ABC")], [hasindex([1], 0)], [min(4, 2)], [jsondecode("{\"x\": 1}")])
  }
  transform "t" {
    attr {
      name = "t"
      type = string
    }
    result = upper(nested)
  }
  attr "s" {
    type = string
  }
}
"#
                .as_bytes(),
            ),
            ("sf.hcl", b"t = \"abc\"\ns = shout(\"hi\", 1, 2, 3)\n"),
        ],
    );
    let out = hcldec(&dir, &["--spec=sf.hcldec", "sf.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Taken from hashicorp's hcldec on the same files.
    assert_eq!(
        out.stdout,
        "{\"g\":\"{\\\"a\\\":[1,\\\"b\\\"]}\",\"h\":[1,\"ell\",5,2,\"c\",\"cba\",2,5,\"abc\",true,2,{\"x\":1}],\"s\":\"HI3\",\"t\":\"ABC\"}\n"
    );
}

#[test]
fn limit_flags_bound_parsing_and_evaluation() {
    let dir = setup("limits");
    write(
        &dir,
        &[
            ("deep.hcl", b"name = [[[\"x\"]]][0][0][0]\n"),
            ("big.hcl", b"name = \"${v}${v}${v}\"\n"),
        ],
    );
    let out = hcldec(&dir, &["--spec=s.hcldec", "deep.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = hcldec(&dir, &["--spec=s.hcldec", "--max-depth=2", "deep.hcl"]);
    // Errors in the input: the reference's status 2.
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.contains("Maximum nesting depth exceeded"),
        "{}",
        out.stderr
    );
    // With --vars there is a context, whose budget the flags set: three
    // copies of ten bytes.
    let vars = "--vars={\"v\": \"abcdefghij\"}";
    let out = hcldec(
        &dir,
        &["--spec=s.hcldec", vars, "--max-bytes=30", "big.hcl"],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = hcldec(
        &dir,
        &["--spec=s.hcldec", vars, "--max-bytes=29", "big.hcl"],
    );
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.contains("Evaluation limit exceeded"),
        "{}",
        out.stderr
    );
    let out = hcldec(&dir, &["--spec=s.hcldec", "--max-bytes=abc", "in.hcl"]);
    assert_eq!(out.status, 2);
    let out = hcldec(&dir, &["--help"]);
    assert!(out.stdout.contains("--max-elements"), "{}", out.stdout);
}
