//! Every `.rs` file at the top of `tests/` is a test target of this package.
//!
//! Cargo finds a package's tests in its own `tests/` folder, which for this
//! package would be `tests/tests/`, so `tests/Cargo.toml` lists each file;
//! a file added without its `[[test]]` entry would never run, silently.

#![allow(clippy::unwrap_used)]

#[test]
fn every_test_file_is_a_target() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{dir}/Cargo.toml")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".rs") && !manifest.contains(&format!("path = \"{name}\"")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "add a [[test]] entry to tests/Cargo.toml for: {}",
        missing.join(", ")
    );
}
