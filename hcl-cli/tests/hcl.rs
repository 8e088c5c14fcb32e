//! `hcl check`, `hcl eval` and `hcl json` end to end.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{run, run_closed_stdout, scratch, write, Output};
use hcl_core::SourceFile;
use std::path::Path;

const BIN: &str = env!("CARGO_BIN_EXE_hcl");

fn hcl(dir: &Path, args: &[&str]) -> Output {
    run(BIN, dir, args, "")
}

#[test]
fn check_clean_files_exits_zero_with_a_summary() {
    let dir = scratch("check_ok");
    write(&dir, &[("a.hcl", b"a = 1\n"), ("b.tf.json", b"{\"b\": 2}")]);
    let out = hcl(&dir, &["check", "a.hcl", "b.tf.json"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "2 files, 0 errors, 0 warnings\n");
    assert_eq!(out.stderr, "");
}

#[test]
fn check_walks_directories_for_config_files_only() {
    let dir = scratch("check_dir");
    write(
        &dir,
        &[
            ("conf/a.hcl", b"a = 1\n"),
            ("conf/sub/b.tf", b"b = \n"),
            ("conf/sub/c.tfvars", b"c = 3\n"),
            ("conf/sub/d.tf.json", b"{\"d\": 4,}"),
            ("conf/e.hcl.json", b"{}"),
            ("conf/readme.md", b"not = [ hcl"),
            ("conf/other.json", b"not json either"),
            ("conf/.hidden/x.hcl", b"x = ("),
        ],
    );
    let out = hcl(&dir, &["check", "conf"]);
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "5 files, 2 errors, 0 warnings\n");
    assert!(
        out.stderr.contains("on conf/sub/b.tf line 1:"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("Error: Trailing comma in object"));
    // Diagnostics come in file order whatever thread parsed the file.
    let b = out.stderr.find("conf/sub/b.tf").unwrap();
    let d = out.stderr.find("conf/sub/d.tf.json").unwrap();
    assert!(b < d);
}

#[test]
fn check_reports_missing_files_and_invalid_utf8() {
    let dir = scratch("check_bad");
    write(&dir, &[("bad.hcl", b"a = \"\xfe\"\n")]);
    let out = hcl(&dir, &["check", "bad.hcl", "nope.hcl"]);
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "2 files, 2 errors, 0 warnings\n");
    assert!(out.stderr.contains("Error: Invalid character encoding"));
    assert!(out.stderr.contains("Error: Failed to read file"));
}

/// With `--diags json` standard output holds one JSON document, the
/// diagnostics and the counts, and nothing goes to standard error (so
/// `hcl check --diags json dir 2>&1 | jq` works).
#[test]
fn check_json_is_one_document_on_standard_output() {
    let dir = scratch("check_json");
    write(&dir, &[("bad.hcl", b"a = \"\xfe\"\n")]);
    let out = hcl(&dir, &["check", "--diags=json", "bad.hcl", "nope.hcl"]);
    assert_eq!((out.status, out.stderr.as_str()), (1, ""));
    let (_, diags) = hcl_core::json::syntax::parse(
        &SourceFile::new("out.json", out.stdout.as_str()),
        &Default::default(),
    );
    assert!(
        diags.is_empty(),
        "not one JSON document: {diags}\n{}",
        out.stdout
    );
    assert!(
        out.stdout.starts_with("{\n  \"diagnostics\": [\n"),
        "{}",
        out.stdout
    );
    assert!(out
        .stdout
        .contains("\"summary\": \"Invalid character encoding\""));
    assert!(out.stdout.contains("\"summary\": \"Failed to read file\""));
    assert!(out
        .stdout
        .ends_with("  ],\n  \"files\": 2,\n  \"errors\": 2,\n  \"warnings\": 0\n}\n"));

    write(&dir, &[("ok.hcl", b"a = 1\n")]);
    let out = hcl(&dir, &["check", "--diags=json", "ok.hcl"]);
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    assert_eq!(
        out.stdout,
        "{\n  \"diagnostics\": [],\n  \"files\": 1,\n  \"errors\": 0,\n  \"warnings\": 0\n}\n"
    );
}

/// A directory without configuration files is an error, in both formats: a
/// mistyped path must not pass as "0 files, 0 errors".
#[test]
fn check_a_directory_without_configuration_files_is_an_error() {
    let dir = scratch("check_empty");
    write(
        &dir,
        &[
            ("empty/readme.md", b"# nothing here"),
            ("a.hcl", b"a = 1\n"),
        ],
    );
    let out = hcl(&dir, &["check", "empty"]);
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "0 files, 1 error, 0 warnings\n");
    assert!(
        out.stderr.starts_with("Error: No configuration files\n"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("The directory \"empty\" holds no .hcl"));
    let out = hcl(&dir, &["check", "--diags=json", "a.hcl", "empty"]);
    assert_eq!(out.status, 1);
    assert!(out
        .stdout
        .contains("\"summary\": \"No configuration files\""));
    assert!(out.stdout.contains("\"files\": 1,"));
}

#[test]
fn check_usage_errors_exit_two() {
    let dir = scratch("check_usage");
    assert_eq!(hcl(&dir, &["check"]).status, 2);
    assert_eq!(hcl(&dir, &["check", "--nope", "x"]).status, 2);
    assert_eq!(hcl(&dir, &["check", "--diags=yaml", "x"]).status, 2);
    let help = hcl(&dir, &["check", "--help"]);
    assert_eq!(help.status, 0);
    assert!(help.stdout.starts_with("usage: hcl check PATH...\n"));
    assert!(
        help.stdout.contains("exit status:\n  0 "),
        "{}",
        help.stdout
    );
}

#[test]
fn top_level_usage() {
    let dir = scratch("usage");
    let out = hcl(&dir, &[]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.starts_with("usage: hcl <command>"));
    let out = hcl(&dir, &["frobnicate"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.starts_with("unknown command \"frobnicate\""));
    let out = hcl(&dir, &["--help"]);
    assert_eq!(out.status, 0);
    assert!(out.stdout.contains("check PATH..."));
    assert!(out.stdout.contains("-v, --version"), "{}", out.stdout);
    for status in ["0 ", "1 ", "2 ", "141 "] {
        assert!(
            out.stdout.contains(&format!("\n  {status}")),
            "{}",
            out.stdout
        );
    }
    let out = hcl(&dir, &["--version"]);
    assert_eq!(
        (out.status, out.stdout.trim()),
        (0, env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn eval_prints_json_and_with_type_adds_the_type() {
    let dir = scratch("eval");
    let out = hcl(&dir, &["eval", "\"hello\""]);
    assert_eq!((out.status, out.stdout.as_str()), (0, "\"hello\"\n"));
    let out = hcl(&dir, &["eval", "--with-type", "12345678901234567890123"]);
    assert_eq!(
        out.stdout,
        "{\"value\":12345678901234567890123,\"type\":\"number\"}\n"
    );
    let out = run(BIN, &dir, &["eval", "-"], "true\n");
    assert_eq!(out.stdout, "true\n");
    let out = hcl(&dir, &["eval", "null"]);
    assert_eq!(out.stdout, "null\n");
}

#[test]
fn eval_reads_vars_from_json_and_files() {
    let dir = scratch("eval_vars");
    write(
        &dir,
        &[("v.tfvars", b"region = \"eu\"\nzones = [\"a\", \"b\"]\n")],
    );
    let out = hcl(
        &dir,
        &[
            "eval",
            "--vars",
            "v.tfvars",
            "-V",
            "{\"n\": 2}",
            "\"${region}-${zones[n - 1]}\"",
        ],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "\"eu-b\"\n");
    let out = hcl(
        &dir,
        &["eval", "--vars", "v.tfvars", "--with-type", "zones"],
    );
    assert_eq!(
        out.stdout,
        "{\"value\":[\"a\",\"b\"],\"type\":[\"tuple\",[\"string\",\"string\"]]}\n"
    );
}

#[test]
fn eval_stdlib_makes_the_standard_functions_callable() {
    let dir = scratch("eval_stdlib");
    let out = hcl(&dir, &["eval", "--stdlib", "try(nope, \"fallback\")"]);
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (0, "\"fallback\"\n"),
        "{}",
        out.stderr
    );
    let out = hcl(&dir, &["eval", "try(nope, \"fallback\")"]);
    assert_eq!(out.status, 1);
    assert!(out
        .stderr
        .starts_with("Error: Function calls not allowed\n"));
}

#[test]
fn eval_errors() {
    let dir = scratch("eval_err");
    let out = hcl(&dir, &["eval", "1 +"]);
    assert_eq!(out.status, 1);
    assert!(out
        .stderr
        .starts_with("Error: Missing expression\n\n  on <expr> line 1:"));
    let out = hcl(&dir, &["eval"]);
    assert_eq!(out.status, 2);
    let out = hcl(&dir, &["eval", "1", "2"]);
    assert_eq!(out.status, 2);
    let out = hcl(&dir, &["eval", "--vars", "{\"a\": tru}", "1"]);
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.contains("on <vars argument 0> line 1:"),
        "{}",
        out.stderr
    );
    // Worded as the reference's loader for each syntax words it.
    let out = hcl(&dir, &["eval", "--vars", "nofile.json", "1"]);
    assert_eq!(out.status, 1);
    assert!(out.stderr.contains("Error: Failed to open file"));
    let out = hcl(&dir, &["eval", "--vars", "nofile.hcl", "1"]);
    assert_eq!(out.status, 1);
    assert!(out.stderr.contains("Error: Failed to read file"));
}

#[test]
fn json_converts_native_to_the_json_syntax() {
    let dir = scratch("json");
    write(
        &dir,
        &[(
            "a.hcl",
            b"# comment\nname = \"web\"\nport = 8080\ntags = [\"a\", \"b\"]\nservice \"http\" {\n  listen = \"0.0.0.0:${port}\"\n}\nservice \"https\" {\n  tls = true\n}\n",
        )],
    );
    let out = hcl(&dir, &["json", "a.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        r#"{
  "name": "web",
  "port": 8080,
  "tags": [
    "a",
    "b"
  ],
  "service": {
    "http": {
      "listen": "0.0.0.0:${port}"
    },
    "https": {
      "tls": true
    }
  }
}
"#
    );
    let out = hcl(&dir, &["json", "-o", "a.json", "a.hcl"]);
    assert_eq!(out.status, 0);
    assert!(std::fs::read_to_string(dir.join("a.json"))
        .unwrap()
        .starts_with("{\n  \"name\": \"web\""));
}

#[test]
fn json_errors() {
    let dir = scratch("json_err");
    write(
        &dir,
        &[("bad.hcl", b"a = [\n"), ("bin.hcl", b"a = \"\xff\"\n")],
    );
    let out = hcl(&dir, &["json", "bad.hcl"]);
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "");
    let out = hcl(&dir, &["json", "bin.hcl"]);
    assert_eq!(out.status, 1);
    assert!(out.stderr.starts_with("Error: Invalid character encoding"));
    let out = hcl(&dir, &["json", "missing.hcl"]);
    assert_eq!(out.status, 1);
    assert!(out.stderr.starts_with("Error: Failed to read file"));
    assert_eq!(hcl(&dir, &["json"]).status, 2);
    let out = hcl(&dir, &["json", "x.tf.json"]);
    assert_eq!(out.status, 2);
    assert!(out
        .stderr
        .starts_with("hcl json: x.tf.json is already in the JSON syntax\n"));
}

#[test]
fn check_types_reports_static_type_errors_with_var_types() {
    let dir = scratch("check_types");
    write(
        &dir,
        &[
            (
                "p.hcl",
                b"a = count + 1\nb = \"${name}\"\nc = count.foo\n" as &[u8],
            ),
            (
                "types.json",
                b"{\"count\": \"int\", \"name\": \"optional(string)\"}",
            ),
        ],
    );
    let out = hcl(
        &dir,
        &["check", "--types", "--var-types", "types.json", "p.hcl"],
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "1 file, 1 error, 0 warnings\n");
    assert!(
        out.stderr.contains("Error: Unsupported attribute"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("on p.hcl line 3:"), "{}", out.stderr);
    // Without --types the same file is valid syntax.
    let out = hcl(&dir, &["check", "p.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    // A broken type map is itself reported.
    let out = hcl(
        &dir,
        &[
            "check",
            "--types",
            "--var-types",
            "{\"count\": \"integer\"}",
            "p.hcl",
        ],
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
}

#[test]
fn limit_flags_bound_parsing_and_evaluation() {
    let dir = scratch("limits");
    write(
        &dir,
        &[
            ("deep.hcl", b"a = [[[[1]]]]\n"),
            ("deep.json", b"{\"a\": [[[1]]]}"),
        ],
    );
    // Four levels (four brackets; the root object and three arrays): within
    // 4, not within 3.
    for file in ["deep.hcl", "deep.json"] {
        let out = hcl(&dir, &["check", "--max-depth=4", file]);
        assert_eq!(out.status, 0, "{file}: {}", out.stderr);
        let out = hcl(&dir, &["check", "--max-depth", "3", file]);
        assert_eq!(out.status, 1, "{file}");
        assert!(
            out.stderr.contains("Maximum nesting depth exceeded"),
            "{}",
            out.stderr
        );
    }
    // The evaluation budget: range's 100 elements and the loop's.
    let expr = "[for i in range(100) : i]";
    let out = hcl(&dir, &["eval", "--stdlib", "--max-elements=300", expr]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = hcl(&dir, &["eval", "--stdlib", "--max-elements=299", expr]);
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.contains("Evaluation limit exceeded"),
        "{}",
        out.stderr
    );
    let out = hcl(
        &dir,
        &[
            "eval",
            "--stdlib",
            "--max-bytes=9",
            "format(\"%10s\", \"\")",
        ],
    );
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.contains("Evaluation limit exceeded"),
        "{}",
        out.stderr
    );
    // Very large number literals.
    write(&dir, &[("big.hcl", b"a = 1e300000\nb = 1e300000\n")]);
    let out = hcl(&dir, &["check", "big.hcl"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = hcl(&dir, &["check", "--max-number-bytes=200000", "big.hcl"]);
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.contains("Number literal too large"),
        "{}",
        out.stderr
    );
    // Diagnostics kept.
    write(&dir, &[("errors.hcl", "@\n".repeat(10).as_bytes())]);
    let out = hcl(&dir, &["check", "--max-diagnostics=2", "errors.hcl"]);
    assert!(
        out.stderr.contains("Too many diagnostics"),
        "{}",
        out.stderr
    );
    // A bad value is a usage error, and --help lists the flags.
    let out = hcl(&dir, &["eval", "--max-bytes=lots", "1"]);
    assert_eq!(out.status, 2);
    assert!(
        out.stderr
            .contains("invalid argument \"lots\" for --max-bytes"),
        "{}",
        out.stderr
    );
    let out = hcl(&dir, &["eval", "--help"]);
    for flag in [
        "--max-depth",
        "--max-elements",
        "--max-bytes",
        "--max-diagnostics",
    ] {
        assert!(out.stdout.contains(flag), "{flag}: {}", out.stdout);
    }
}

#[test]
fn check_types_covers_json_files_and_prints_every_attribute_type() {
    let dir = scratch("check_types_print");
    write(
        &dir,
        &[
            (
                "p.hcl",
                b"a = count + 1\nresource \"bucket\" \"logs\" {\n  arn = join(\",\", [bucket_arn, \"x\"])\n}\n" as &[u8],
            ),
            (
                "p.hcl.json",
                b"{\"x\": \"${count * 2}\", \"//\": \"note\", \"y\": {\"z\": \"${bucket_arn}\"},\n \"bad\": \"${count.foo}\"}",
            ),
            (
                "types.hcl",
                b"count = int\nbucket_arn = output(string)\n",
            ),
        ],
    );
    let out = hcl(
        &dir,
        &[
            "check",
            "--print-types",
            "--var-types",
            "types.hcl",
            "p.hcl",
            "p.hcl.json",
        ],
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "p.hcl:1:1: a: int\n\
         p.hcl:3:3: resource.bucket.logs.arn: output(string)\n\
         p.hcl.json:1:2: x: int\n\
         p.hcl.json:1:37: y: object({z=output(string)})\n\
         p.hcl.json:2:2: bad: any\n\
         2 files, 1 error, 0 warnings\n"
    );
    // The JSON file's template is checked, at its place in the file.
    assert!(
        out.stderr.contains("Error: Unsupported attribute"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("on p.hcl.json line 2:"),
        "{}",
        out.stderr
    );
    // --types alone checks without printing.
    let out = hcl(
        &dir,
        &["check", "--types", "--var-types", "types.hcl", "p.hcl.json"],
    );
    assert_eq!(out.stdout, "1 file, 1 error, 0 warnings\n");
    assert!(hcl(&dir, &["check", "--help"])
        .stdout
        .contains("--print-types"));
}

#[test]
fn check_var_types_come_from_json_or_a_native_file() {
    let dir = scratch("check_var_types_native");
    write(
        &dir,
        &[
            ("p.hcl", b"a = name\n" as &[u8]),
            ("types.json", b"{\"name\": [\"list\", \"output(int)\"]}"),
            ("types.hcl", b"name = list(output(int))\n"),
            ("bad.hcl", b"name = lst(int)\nvariable \"x\" {}\n"),
        ],
    );
    for types in [
        "types.json",
        "types.hcl",
        "{\"name\": \"list(output(int))\"}",
    ] {
        let out = hcl(
            &dir,
            &["check", "--print-types", "--var-types", types, "p.hcl"],
        );
        assert_eq!(out.status, 0, "{types}: {}", out.stderr);
        assert_eq!(
            out.stdout, "p.hcl:1:1: a: list(output(int))\n1 file, 0 errors, 0 warnings\n",
            "{types}"
        );
    }
    let out = hcl(
        &dir,
        &["check", "--types", "--var-types", "bad.hcl", "p.hcl"],
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("Error: Invalid type specification"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("on bad.hcl line 1:"), "{}", out.stderr);
    assert!(
        out.stderr.contains("Error: Unexpected \"variable\" block"),
        "{}",
        out.stderr
    );
    // `name` is then unknown to the checker.
    assert!(
        out.stderr.contains("Error: Unknown variable"),
        "{}",
        out.stderr
    );
}

/// A reader that goes away (`hcl json big.hcl | head`) ends the command
/// quietly with the status of a process killed by SIGPIPE.
#[test]
fn a_closed_output_pipe_ends_quietly() {
    let dir = scratch("closed_pipe");
    let big = format!("a = \"{}\"\n", "x".repeat(200_000));
    write(&dir, &[("big.hcl", big.as_bytes())]);
    assert_eq!(
        run_closed_stdout(BIN, &dir, &["json", "big.hcl"]),
        (141, String::new())
    );
}
