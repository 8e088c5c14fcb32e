//! Tells the crate which folders of `../shared` are missing, so that
//! `shared_test!` marks the tests that need them `#[ignore]` with the
//! reason (cargo test then lists them as ignored instead of passing them).
//!
//! With `CI=true` nothing is marked: the tests run and fail loudly in
//! `shared_dir`. A folder that is present is watched, so that removing it
//! runs this script again; a missing one is not (cargo would then rebuild
//! every test on every run), which is why the reason says how to refresh.

use std::path::Path;

/// The folders of `../shared` that tests read (see `shared_test!`).
const FOLDERS: &[&str] = &["corpus", "specsuite", "tools"];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=CI");
    let on_ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    for folder in FOLDERS {
        println!("cargo::rustc-check-cfg=cfg(hcl_shared_missing_{folder})");
        let dir = shared.join(folder);
        if dir.is_dir() {
            println!("cargo::rerun-if-changed={}", dir.display());
        } else if !on_ci {
            println!("cargo::rustc-cfg=hcl_shared_missing_{folder}");
        }
    }
}
