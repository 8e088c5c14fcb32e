//! Replacing a user's file safely: the new text goes to a temporary file
//! beside it, which is then renamed over the original, so that a reader
//! (or a crash) sees the old file or the new one, never half of one; the
//! original's permissions are kept.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces the contents of the file at `path` by `contents`.
///
/// A symbolic link stays a link: the file it points to is replaced. On an
/// error the original is untouched and the temporary file removed.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("hcl-replace-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("main.tf");
/// std::fs::write(&path, "a = 1\n").unwrap();
/// hcl_core::write::replace_file(&path, b"a = 2\n").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "a = 2\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn replace_file(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let path = &std::fs::canonicalize(path)?;
    let permissions = std::fs::metadata(path)?.permissions();
    rename_new_file(path, contents, Some(permissions))
}

/// Writes `contents` to the file at `path`: as [`replace_file`] does when
/// it exists, otherwise by renaming a new temporary file beside it to
/// `path` (so that no reader sees half a file).
pub fn write_file(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if path.exists() {
        return replace_file(path, contents);
    }
    rename_new_file(path, contents, None)
}

/// Writes `contents` to a new temporary file beside `path` (with
/// `permissions`, if given), then renames it to `path`; on failure the
/// temporary file goes and `path` is as it was.
fn rename_new_file(
    path: &Path,
    contents: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> std::io::Result<()> {
    let temp = temp_path(path);
    let result = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(contents)?;
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// `.NAME.PID.tmp` beside `path`: hidden, in the same directory (so that
/// the rename stays on one file system), and not shared with another
/// process.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod test {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hcl-rewrite-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let dir = scratch("replace");
        let path = dir.join("a.hcl");
        std::fs::write(&path, "old").unwrap();
        replace_file(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perms");
        let path = dir.join("a.hcl");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        replace_file(&path, b"new").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_stays_a_link_to_the_new_contents() {
        let dir = scratch("link");
        let target = dir.join("real.hcl");
        let link = dir.join("link.hcl");
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        replace_file(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn write_file_creates_a_missing_file_and_replaces_an_existing_one() {
        let dir = scratch("write");
        let path = dir.join("new.hcl");
        write_file(&path, b"one").unwrap();
        write_file(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_file_is_an_error_and_creates_nothing() {
        let dir = scratch("missing");
        assert!(replace_file(&dir.join("none.hcl"), b"x").is_err());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
