//! `hcl fmt` end to end: printing, `-`, `--check`, `--write`, directories,
//! refusals and usage errors.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{run, scratch, write, Output};
use std::path::Path;

const BIN: &str = env!("CARGO_BIN_EXE_hcl");

fn hcl_fmt(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut all = vec!["fmt"];
    all.extend_from_slice(args);
    run(BIN, dir, &all, stdin)
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

const MESSY: &[u8] = b"a=1\nlonger = \"x\"\nb {\nc=[1,2]\n}\n";
const TIDY: &str = "a      = 1\nlonger = \"x\"\nb {\n  c = [1, 2]\n}\n";

#[test]
fn prints_each_file_formatted_in_order() {
    let dir = scratch("fmt_print");
    write(&dir, &[("one.hcl", MESSY), ("two.tf", b"x=  2\n")]);
    let out = hcl_fmt(&dir, &["one.hcl", "two.tf"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, format!("{TIDY}x = 2\n"));
    assert_eq!(out.stderr, "");
    // Printing changes no file.
    assert_eq!(read(&dir, "one.hcl").as_bytes(), MESSY);
}

#[test]
fn dash_formats_standard_input_to_standard_output() {
    let dir = scratch("fmt_stdin");
    let out = hcl_fmt(&dir, &["-"], std::str::from_utf8(MESSY).unwrap());
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, TIDY);
}

#[test]
fn check_lists_files_that_would_change_and_exits_3() {
    let dir = scratch("fmt_check");
    write(&dir, &[("messy.hcl", MESSY), ("tidy.hcl", TIDY.as_bytes())]);
    let out = hcl_fmt(&dir, &["--check", "messy.hcl", "tidy.hcl"], "");
    assert_eq!(out.status, 3, "{}", out.stderr);
    assert_eq!(out.stdout, "messy.hcl\n");
    assert_eq!(read(&dir, "messy.hcl").as_bytes(), MESSY);

    let out = hcl_fmt(&dir, &["--check", "tidy.hcl"], "");
    assert_eq!((out.status, out.stdout.as_str()), (0, ""));

    let out = hcl_fmt(&dir, &["--check", "-"], std::str::from_utf8(MESSY).unwrap());
    assert_eq!((out.status, out.stdout.as_str()), (3, "<stdin>\n"));
    let out = hcl_fmt(&dir, &["--check", "-"], TIDY);
    assert_eq!((out.status, out.stdout.as_str()), (0, ""));
}

#[test]
fn write_rewrites_changed_files_in_place_and_lists_them() {
    let dir = scratch("fmt_write");
    write(&dir, &[("messy.tf", MESSY), ("tidy.tf", TIDY.as_bytes())]);
    let tidy_modified = std::fs::metadata(dir.join("tidy.tf"))
        .unwrap()
        .modified()
        .unwrap();
    let out = hcl_fmt(&dir, &["--write", "messy.tf", "tidy.tf"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "messy.tf\n");
    assert_eq!(read(&dir, "messy.tf"), TIDY);
    // A formatted file is not rewritten at all.
    let after = std::fs::metadata(dir.join("tidy.tf"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(after, tidy_modified);
    // No temporary file is left beside them.
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(names.len(), 2);
}

#[cfg(unix)]
#[test]
fn write_keeps_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("fmt_write_perms");
    write(&dir, &[("run.hcl", MESSY)]);
    std::fs::set_permissions(dir.join("run.hcl"), std::fs::Permissions::from_mode(0o751)).unwrap();
    let out = hcl_fmt(&dir, &["-w", "run.hcl"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let mode = std::fs::metadata(dir.join("run.hcl"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o751);
    assert_eq!(read(&dir, "run.hcl"), TIDY);
}

#[test]
fn check_and_write_together_rewrite_and_exit_3() {
    let dir = scratch("fmt_check_write");
    write(&dir, &[("a.hcl", MESSY)]);
    let out = hcl_fmt(&dir, &["--check", "--write", "a.hcl"], "");
    assert_eq!((out.status, out.stdout.as_str()), (3, "a.hcl\n"));
    assert_eq!(read(&dir, "a.hcl"), TIDY);
}

#[test]
fn syntax_errors_leave_the_file_untouched_with_diagnostics() {
    let dir = scratch("fmt_errors");
    let bad: &[u8] = b"a=1\nb = [1,\n";
    write(&dir, &[("bad.hcl", bad), ("good.hcl", MESSY)]);
    let out = hcl_fmt(&dir, &["--write", "bad.hcl", "good.hcl"], "");
    assert_eq!(out.status, 1);
    assert_eq!(read(&dir, "bad.hcl").as_bytes(), bad);
    // The other files are still formatted.
    assert_eq!(read(&dir, "good.hcl"), TIDY);
    assert_eq!(out.stdout, "good.hcl\n");
    assert!(out.stderr.contains("Error: "), "{}", out.stderr);
    assert!(out.stderr.contains("on bad.hcl line 3"), "{}", out.stderr);

    // Printing and checking refuse it the same way, with exit status 1.
    for args in [&["bad.hcl"][..], &["--check", "bad.hcl", "good.hcl"]] {
        let out = hcl_fmt(&dir, args, "");
        assert_eq!(out.status, 1, "{args:?}");
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(out.stderr.contains("on bad.hcl line 3"), "{}", out.stderr);
    }
    let out = hcl_fmt(&dir, &["-"], "x = (\n");
    assert_eq!((out.status, out.stdout.as_str()), (1, ""));
    assert!(out.stderr.contains("on <stdin> line 2"), "{}", out.stderr);
}

#[test]
fn json_diagnostics_on_request() {
    let dir = scratch("fmt_json_diags");
    let out = hcl_fmt(&dir, &["--diags=json", "-"], "x = (\n");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.starts_with("{\n  \"diagnostics\": ["),
        "{}",
        out.stderr
    );
}

#[test]
fn invalid_utf8_and_missing_files_are_errors() {
    let dir = scratch("fmt_unreadable");
    let latin1: &[u8] = b"a = \"caf\xe9\"\n";
    write(&dir, &[("latin1.hcl", latin1)]);
    let out = hcl_fmt(&dir, &["-w", "latin1.hcl", "missing.hcl"], "");
    assert_eq!(out.status, 1);
    assert_eq!(std::fs::read(dir.join("latin1.hcl")).unwrap(), latin1);
    assert!(
        out.stderr.contains("Invalid character encoding"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("Failed to read file"), "{}", out.stderr);
}

#[test]
fn directories_give_their_native_syntax_files() {
    let dir = scratch("fmt_dirs");
    write(
        &dir,
        &[
            ("conf/a.hcl", MESSY),
            ("conf/sub/b.tf", MESSY),
            ("conf/sub/c.tfvars", b"x=1\n"),
            ("conf/d.tf.json", b"{\"a\":1}"),
            ("conf/e.json", b"{}"),
            ("conf/readme.md", b"not=hcl"),
            ("conf/.hidden/f.hcl", MESSY),
        ],
    );
    let out = hcl_fmt(&dir, &["--check", "conf"], "");
    assert_eq!(out.status, 3, "{}", out.stderr);
    assert_eq!(out.stdout, "conf/a.hcl\nconf/sub/b.tf\nconf/sub/c.tfvars\n");
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch("fmt_usage");
    write(&dir, &[("a.hcl", MESSY)]);
    for args in [
        &[][..],
        &["--write", "-"],
        &["-", "a.hcl"],
        &["--bogus", "a.hcl"],
    ] {
        let out = hcl_fmt(&dir, args, "");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("usage: hcl fmt"), "{}", out.stderr);
    }
    assert_eq!(read(&dir, "a.hcl").as_bytes(), MESSY);
}

#[test]
fn help_documents_the_exit_status() {
    let out = hcl_fmt(Path::new("."), &["--help"], "");
    assert_eq!(out.status, 0);
    for needle in ["--check", "--write", "exit status", "3 with --check"] {
        assert!(out.stdout.contains(needle), "{needle}: {}", out.stdout);
    }
}
