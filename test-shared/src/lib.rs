//! What every test that reads the shared folder needs, in one place: the
//! folder itself, the configuration files in it and its reference tools.
//!
//! `../shared/` (beside the project root) holds hashicorp's spec suite, the
//! Terraform corpus and scripts that build hashicorp's tools. It is not part
//! of the project: on CI (`CI=true`) a missing folder or a tool that cannot
//! run is a failure, elsewhere the test prints why it skips
//! ([`unavailable`]).

use std::path::{Path, PathBuf};

/// `../shared/<sub>` beside the project root, or `None` (after printing the
/// reason) when it is absent outside CI.
///
/// # Panics
///
/// When `CI=true` and the folder is missing: conformance must not silently
/// pass on CI.
pub fn shared_dir(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    unavailable(&format!(
        "{} is missing (set up ../shared to run this test)",
        dir.display()
    ));
    None
}

/// `../shared/tools/<name>`, a script that runs one of hashicorp's tools
/// (building it on first use), or `None` (after printing the reason) when
/// it is absent outside CI.
///
/// # Panics
///
/// When `CI=true` and the script is missing.
pub fn shared_tool(name: &str) -> Option<PathBuf> {
    let path = shared_dir("tools")?.join(name);
    if path.is_file() {
        return Some(path);
    }
    unavailable(&format!("{} is missing", path.display()));
    None
}

/// Says why a test cannot run what it needs from `../shared`: on CI
/// (`CI=true`) by failing, elsewhere by printing that it skips.
///
/// # Panics
///
/// When `CI=true`: conformance must not silently pass on CI.
pub fn unavailable(reason: &str) {
    let on_ci = std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(!on_ci, "CI=true but {reason}");
    eprintln!("skipping: {reason}");
}

/// Every native-syntax configuration file (`.tf`, `.tfvars`, `.hcl`) under
/// `dir`, at any depth, in path order.
pub fn config_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("tf" | "tfvars" | "hcl")
            ) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

#[cfg(test)]
mod test {
    #[test]
    fn config_files_are_found_at_any_depth_in_path_order() {
        let root = std::env::temp_dir().join(format!("hcl-test-shared-{}", std::process::id()));
        let nested = root.join("a/b");
        std::fs::create_dir_all(&nested).unwrap_or_default();
        for f in [
            "z.tf",
            "a/x.hcl",
            "a/b/y.tfvars",
            "a/skip.json",
            "a/b/notes.md",
        ] {
            std::fs::write(root.join(f), "").unwrap_or_default();
        }
        let found: Vec<_> = super::config_files(&root)
            .iter()
            .filter_map(|p| p.strip_prefix(&root).ok().map(|p| p.display().to_string()))
            .collect();
        let _ = std::fs::remove_dir_all(&root);
        assert_eq!(found, ["a/b/y.tfvars", "a/x.hcl", "z.tf"]);
    }
}
