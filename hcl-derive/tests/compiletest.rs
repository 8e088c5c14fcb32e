//! Compile-fail tests: one per derive error message, in `ui/<category>/`.
//!
//! The expected `.stderr` files were produced by the toolchain named in
//! `ui/RUSTC_VERSION`; rustc's diagnostics layout changes between releases,
//! so on any other toolchain this test prints why it is skipped and passes.
//! Regenerate with `TRYBUILD=overwrite cargo test -p hcl-derive --test compiletest`.

use std::io::IsTerminal;
use std::process::Command;

#[test]
fn ui() {
    let expected = include_str!("ui/RUSTC_VERSION").trim();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let actual = Command::new(&rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    if !actual.starts_with(expected) {
        println!(
            "skipping the trybuild UI tests: they were recorded with `{expected}`, this is `{actual}`"
        );
        return;
    }
    plain_output_unless_a_terminal();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}

/// trybuild colours its report whenever `TERM` is set (its terminal library
/// looks at `TERM` and `NO_COLOR` only), so a CI log or a pipe got escape
/// codes even with `CARGO_TERM_COLOR=never`. Follow cargo's setting
/// instead: `never`, or `auto` (the default) with standard error not a
/// terminal, turns colour off through `NO_COLOR`.
fn plain_output_unless_a_terminal() {
    let plain = match std::env::var("CARGO_TERM_COLOR").as_deref() {
        Ok("always") => false,
        Ok("never") => true,
        _ => !std::io::stderr().is_terminal(),
    };
    if plain {
        // This binary's only test runs alone, so nothing reads the
        // environment concurrently.
        std::env::set_var("NO_COLOR", "1");
    }
}
