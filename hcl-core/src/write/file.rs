//! Replacing a user's file safely: the new text goes to a temporary file
//! beside it, which is then renamed over the original, so that a reader
//! (or a crash) sees the old file or the new one, never half of one; the
//! original's permissions (and owner, where allowed) are kept.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Replaces the contents of the file at `path` by `contents`.
///
/// A symbolic link stays a link: the file it points to is replaced. The
/// new file gets the original's permissions (and, on Unix, its owner and
/// group where the process may set them). On an error the original is
/// untouched and the temporary file removed. Two threads (or processes)
/// replacing one file at once each write a temporary file of their own:
/// the file ends up as one of them wrote it.
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
    let metadata = std::fs::metadata(path)?;
    rename_new_file(path, contents, Some(&metadata))
}

/// Writes `contents` to the file at `path`: as [`replace_file`] does when
/// it exists, otherwise by renaming a new temporary file beside it to
/// `path` (so that no reader sees half a file). A symbolic link whose
/// target does not exist yet is followed: the target is created, the
/// link kept.
pub fn write_file(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if path.exists() {
        return replace_file(path, contents);
    }
    rename_new_file(&dangling_link_target(path)?, contents, None)
}

/// Where `path` leads when it is a symbolic link to a file that does not
/// exist (through every link of a chain, at most 40 as the kernel
/// follows); `path` itself when it is no link.
fn dangling_link_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Writes `contents` to a new temporary file beside `path` (with the
/// permissions and owner of `original`, if given), then renames it to
/// `path`; on failure the temporary file goes and `path` is as it was.
fn rename_new_file(
    path: &Path,
    contents: &[u8],
    original: Option<&std::fs::Metadata>,
) -> std::io::Result<()> {
    let (mut file, temp) = create_temp_file(path)?;
    let result = (|| {
        file.write_all(contents)?;
        if let Some(original) = original {
            file.set_permissions(original.permissions())?;
            keep_owner(&file, original);
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)?;
        sync_parent(path);
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// A new temporary file beside `path` and its name: `.NAME.PID.N.tmp`,
/// hidden, in the same directory (so that the rename stays on one file
/// system), made with `create_new` under a name no other writer of this
/// process uses (`N` counts them) and, should a file of that name be left
/// from an earlier process of the same id, under the next one.
fn create_temp_file(path: &Path) -> std::io::Result<(std::fs::File, PathBuf)> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tries = 0;
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let temp = path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Gives the new file the original's owner and group, where the process
/// may (a file another user owns stays this process's otherwise, as an
/// editor's save leaves it).
fn keep_owner(file: &std::fs::File, original: &std::fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid()));
    }
    #[cfg(not(unix))]
    let _ = (file, original);
}

/// Makes the rename durable: the directory's entry is synced too (Unix;
/// best effort: a file system that cannot sync a directory has renamed
/// the file all the same).
fn sync_parent(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(dir) = std::fs::File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
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

    #[test]
    fn threads_replacing_one_file_at_once_all_succeed() {
        // The temporary name was unique per process only: one thread's
        // cleanup removed another's temporary file mid-write.
        let dir = scratch("threads");
        let path = dir.join("a.hcl");
        std::fs::write(&path, "old").unwrap();
        let texts: Vec<String> = (0..4)
            .map(|t| format!("thread {t}\n").repeat(200))
            .collect();
        std::thread::scope(|s| {
            for text in &texts {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..50 {
                        replace_file(path, text.as_bytes()).unwrap();
                    }
                });
            }
        });
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(texts.contains(&now), "a whole text, not a mix");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_stays_a_link_and_its_target_is_created() {
        let dir = scratch("dangling");
        let link = dir.join("link.hcl");
        std::os::unix::fs::symlink("real.hcl", &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read_to_string(dir.join("real.hcl")).unwrap(),
            "new"
        );
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
