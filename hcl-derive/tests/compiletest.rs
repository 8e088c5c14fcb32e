//! Compile-fail tests: one per derive error message, in `ui/<category>/`.
//!
//! The expected `.stderr` files were produced by the toolchain named in
//! `ui/RUSTC_VERSION`; rustc's diagnostics layout changes between releases,
//! so on any other toolchain this test prints why it is skipped and passes.
//! Regenerate with `TRYBUILD=overwrite cargo test -p hcl-derive --test compiletest`.

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
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
