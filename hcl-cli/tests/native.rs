//! `hcl native` end to end: printing, `--block`, `--write` beside the
//! input, and files with errors left alone.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{run, scratch, write};

const BIN: &str = env!("CARGO_BIN_EXE_hcl");

const JSON: &[u8] = br#"{"variable": {"region": {"default": "eu"}}, "name": "app-${var.region}"}"#;

#[test]
fn prints_native_text_with_named_blocks() {
    let dir = scratch("native_print");
    write(&dir, &[("main.tf.json", JSON)]);
    let out = run(
        BIN,
        &dir,
        &["native", "--block", "variable=1", "main.tf.json"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "variable \"region\" {\n  default = \"eu\"\n}\n\nname = \"app-${var.region}\"\n"
    );
    let out = run(BIN, &dir, &["native", "main.tf.json"], "");
    assert_eq!(
        out.stdout,
        "variable = {\n  region = {\n    default = \"eu\"\n  }\n}\nname = \"app-${var.region}\"\n"
    );
}

#[test]
fn write_puts_the_result_beside_and_never_writes_on_errors() {
    let dir = scratch("native_write");
    write(&dir, &[("main.tf.json", JSON), ("bad.json", b"{\"a\": ")]);
    let out = run(
        BIN,
        &dir,
        &[
            "native",
            "-w",
            "-b",
            "variable=1",
            "main.tf.json",
            "bad.json",
        ],
        "",
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "main.tf\n");
    assert!(std::fs::read_to_string(dir.join("main.tf"))
        .unwrap()
        .starts_with("variable \"region\" {"));
    assert!(!dir.join("bad.hcl").exists());
    let out = run(BIN, &dir, &["native", "-w", "main.tf"], "");
    assert_eq!(out.status, 1);
    assert!(out.stderr.contains("Nowhere to write"), "{}", out.stderr);
}

#[test]
fn usage_errors_exit_two() {
    let dir = scratch("native_usage");
    assert_eq!(run(BIN, &dir, &["native"], "").status, 2);
    assert_eq!(
        run(BIN, &dir, &["native", "-b", "x=y", "a.json"], "").status,
        2
    );
}
