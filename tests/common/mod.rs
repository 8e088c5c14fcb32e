//! What every conformance test needs: the shared folder beside the project.
//!
//! `../shared/` holds the spec suite and the corpus. On CI (`CI=true`) a
//! missing folder is a failure; elsewhere the test prints why it skips.

#![allow(dead_code)]

use std::path::PathBuf;

/// The path of `../shared/<sub>` relative to the workspace root, or `None`
/// (after printing the reason) when it is absent outside CI.
///
/// # Panics
///
/// When `CI=true` and the folder is missing: conformance must not silently
/// pass on CI.
pub fn shared_dir(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("shared")
        .join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    let on_ci = std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(!on_ci, "CI=true but {} is missing", dir.display());
    eprintln!(
        "skipping: {} is missing (set up ../shared to run this test)",
        dir.display()
    );
    None
}
