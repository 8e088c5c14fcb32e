//! What every test that reads the shared folder needs, in one place: the
//! folder itself, the configuration files in it, and [`shared_test!`],
//! which declares such a test.
//!
//! `../shared/` (beside the project root) holds hashicorp's spec suite, the
//! Terraform corpus and the reference tools. It is not part of the
//! project. A test declared with [`shared_test!`] whose folder is missing
//! shows as ignored, with the reason, in `cargo test`'s output; on CI
//! (`CI=true`) it runs instead and fails.

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
    assert!(!on_ci(), "CI=true but {} is missing", dir.display());
    skip(&format!(
        "{} is missing (set up ../shared to run this test)",
        dir.display()
    ));
    None
}

fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Prints why a test skips part of its work, straight to standard error:
/// the test harness keeps what `eprintln!` prints from passing tests.
fn skip(reason: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipping: {reason}");
}

/// hashicorp's hcldec v2.14.1 (`../shared/tools/reference-hcldec.sh`, which
/// builds it on first use), ready to run; `None` (after printing why) when
/// the tools are missing or the build fails outside CI.
///
/// # Panics
///
/// When `CI=true` and the reference cannot be had.
pub fn reference_hcldec() -> Option<PathBuf> {
    static BUILT: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let script = shared_dir("tools")?.join("reference-hcldec.sh");
            // The first run builds it (installing Go when needed): once per
            // process, so that tests running in parallel do not race.
            let built = std::process::Command::new("bash")
                .arg(&script)
                .arg("--version")
                .stdin(std::process::Stdio::null())
                .output();
            match built {
                Ok(out) if out.status.success() => Some(script),
                other => {
                    let why = match other {
                        Ok(out) => String::from_utf8_lossy(&out.stderr).into_owned(),
                        Err(e) => e.to_string(),
                    };
                    assert!(
                        !on_ci(),
                        "CI=true but the reference hcldec cannot be built: {why}"
                    );
                    skip(&format!("the reference hcldec cannot be built: {why}"));
                    None
                }
            }
        })
        .clone()
}

/// Declares a test that reads `../shared/<folder>` (`corpus`, `specsuite`
/// or `tools`); the body gets that folder's path.
///
/// When the folder is missing, the test is `#[ignore]`d with the reason, so
/// `cargo test` lists it as ignored rather than passed; with `CI=true` it
/// runs and fails instead (see [`shared_dir`]). Other folders the body
/// needs come from [`shared_dir`].
///
/// ```
/// hcl_test_shared::shared_test!(corpus_is_not_empty, corpus, |dir| {
///     assert!(!hcl_test_shared::config_files(dir).is_empty());
/// });
/// ```
///
/// The folders are looked for when this crate is built: a test that was
/// built while its folder was missing stays ignored after the folder
/// appears, until `cargo clean -p hcl-test-shared` (its reason says so).
#[macro_export]
macro_rules! shared_test {
    ($name:ident, $folder:ident, $body:expr) => {
        $crate::__ignore_when_missing! {
            $folder,
            #[test]
            fn $name() {
                let body: fn(&::std::path::Path) = $body;
                if let Some(dir) = $crate::shared_dir(stringify!($folder)) {
                    body(&dir);
                }
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_missing {
    (corpus, $($test:tt)*) => { $crate::__ignore_when_corpus_missing! { $($test)* } };
    (specsuite, $($test:tt)*) => { $crate::__ignore_when_specsuite_missing! { $($test)* } };
    (tools, $($test:tt)*) => { $crate::__ignore_when_tools_missing! { $($test)* } };
}

// One pair per folder: build.rs sets `hcl_shared_missing_<folder>`, and
// the attribute has to be written here, where that cfg is seen (a cfg in
// the expansion would be read in the calling crate).

#[cfg(hcl_shared_missing_corpus)]
#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_corpus_missing {
    ($($test:tt)*) => {
        #[ignore = "needs ../shared/corpus beside the project root, missing when the test was built (after adding it: cargo clean -p hcl-test-shared)"]
        $($test)*
    };
}

#[cfg(not(hcl_shared_missing_corpus))]
#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_corpus_missing {
    ($($test:tt)*) => { $($test)* };
}

#[cfg(hcl_shared_missing_specsuite)]
#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_specsuite_missing {
    ($($test:tt)*) => {
        #[ignore = "needs ../shared/specsuite beside the project root, missing when the test was built (after adding it: cargo clean -p hcl-test-shared)"]
        $($test)*
    };
}

#[cfg(not(hcl_shared_missing_specsuite))]
#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_specsuite_missing {
    ($($test:tt)*) => { $($test)* };
}

#[cfg(hcl_shared_missing_tools)]
#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_tools_missing {
    ($($test:tt)*) => {
        #[ignore = "needs ../shared/tools beside the project root, missing when the test was built (after adding it: cargo clean -p hcl-test-shared)"]
        $($test)*
    };
}

#[cfg(not(hcl_shared_missing_tools))]
#[doc(hidden)]
#[macro_export]
macro_rules! __ignore_when_tools_missing {
    ($($test:tt)*) => { $($test)* };
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

/// Says why a test cannot run what it needs from `../shared` (a tool that
/// does not build, say): on CI (`CI=true`) by failing, elsewhere by
/// printing that it skips.
///
/// # Panics
///
/// When `CI=true`: conformance must not silently pass on CI.
pub fn unavailable(reason: &str) {
    assert!(!on_ci(), "CI=true but {reason}");
    skip(reason);
}

/// Every native-syntax configuration file (`.tf`, `.tfvars`, `.hcl`) under
/// `dir`, at any depth, in path order.
pub fn config_files(dir: &Path) -> Vec<PathBuf> {
    files_with_extensions(dir, &["tf", "tfvars", "hcl"])
}

/// Every file under `dir` whose extension is one of `extensions`, at any
/// depth, in path order.
pub fn files_with_extensions(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, extensions, out);
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, extensions, &mut out);
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
