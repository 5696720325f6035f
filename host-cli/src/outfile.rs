//! Every file a command writes (`hunt --output`, `--checkpoint`, `tour
//! --svg`) goes through one writer, [`OutFile`], checked before the work
//! starts so that a report is never lost at the end of a long hunt.
//!
//! - `-` is the standard output.
//! - A regular file, or a name that does not exist yet, is replaced
//!   atomically: the bytes go to a temporary file beside it, flushed to the
//!   disk and renamed over it, so a reader (or a crash) sees the old file
//!   whole or the new one whole.
//! - A symbolic link is written through: its target is replaced, atomically,
//!   and the link stays.
//! - A device or a named pipe is written in place (a rename would replace
//!   `/dev/full` by a regular file, or a pipe by a file its reader never
//!   sees).
//! - A folder, or a name in a folder that does not exist or cannot be
//!   written, is an error when the file is checked.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use crate::error::{CliError, CliResult, plain};

/// Symbolic links followed before giving up (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Where a command's output file goes, checked ([`OutFile::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum OutFile {
    /// `-`: the standard output.
    Stdout,
    /// A regular file, replaced atomically: `target` is where the bytes go
    /// (the last target of a chain of symbolic links), `named` what the
    /// user gave.
    Replace { named: PathBuf, target: PathBuf },
    /// A device or a pipe, written in place.
    InPlace { named: PathBuf },
}

impl OutFile {
    /// Checks that `path` can be written, before any work: resolves its
    /// symbolic links, refuses a folder, a missing folder and one that
    /// cannot be written (by creating and removing the temporary file the
    /// write will use).
    pub(crate) fn check(path: &Path) -> CliResult<OutFile> {
        if path == Path::new("-") {
            return Ok(OutFile::Stdout);
        }
        let named = path.to_path_buf();
        let fail = |why: String| CliError::new(format!("cannot write {}: {why}", path.display()));
        let target = resolve(path).map_err(fail)?;
        match fs::metadata(&target) {
            Ok(m) if m.is_dir() => Err(fail("is a directory".into())),
            Ok(m) if !m.is_file() => Ok(OutFile::InPlace { named }),
            Ok(_) => {
                probe_folder(&target).map_err(fail)?;
                Ok(OutFile::Replace { named, target })
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                probe_folder(&target).map_err(fail)?;
                Ok(OutFile::Replace { named, target })
            }
            Err(e) => Err(fail(plain(&e))),
        }
    }

    /// Returns the name the user gave (`-` for the standard output).
    pub(crate) fn name(&self) -> &Path {
        match self {
            OutFile::Stdout => Path::new("-"),
            OutFile::Replace { named, .. } | OutFile::InPlace { named } => named,
        }
    }

    /// Writes `bytes`, whole: to the standard output, in place, or replacing
    /// the file atomically (see the module docs).
    pub(crate) fn write(&self, bytes: &[u8], stdout: &mut dyn Write) -> CliResult {
        let fail = |e: std::io::Error| {
            CliError::new(format!(
                "cannot write {}: {}",
                self.name().display(),
                plain(&e)
            ))
        };
        match self {
            OutFile::Stdout => stdout.write_all(bytes).map_err(fail),
            OutFile::InPlace { named } => {
                let mut file = fs::OpenOptions::new()
                    .write(true)
                    .open(named)
                    .map_err(fail)?;
                file.write_all(bytes)
                    .and_then(|()| file.flush())
                    .map_err(fail)
            }
            OutFile::Replace { target, .. } => replace(target, bytes).map_err(fail),
        }
    }
}

/// Follows the symbolic links of `path` to the file they name (which need
/// not exist yet); a path without links is itself.
fn resolve(path: &Path) -> Result<PathBuf, String> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at).map_err(|e| plain(&e))?;
                at = match at.parent() {
                    Some(folder) if to.is_relative() => folder.join(to),
                    _ => to,
                };
            }
            // Not a link (or nothing there yet): the end of the chain.
            _ => return Ok(at),
        }
    }
    Err(format!("more than {MAX_LINKS} symbolic links"))
}

/// The folder a file `target` is in (`.` for a bare name).
fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The temporary file beside `target` that [`replace`] writes first: named
/// after the target and this process, so two runs never share one.
fn temporary(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_owned();
    name.push(format!(".{}.tmp", std::process::id()));
    PathBuf::from(name)
}

/// Checks that the folder of `target` exists and takes a new file.
fn probe_folder(target: &Path) -> Result<(), String> {
    let folder = folder_of(target);
    if !folder.is_dir() {
        return Err("no such folder".into());
    }
    let tmp = temporary(target);
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| plain(&e))?;
    fs::remove_file(&tmp).map_err(|e| plain(&e))
}

/// Replaces the regular file `target` by `bytes` atomically: a temporary
/// file beside it, flushed to the disk, renamed over it, then the folder
/// flushed so that the rename itself survives a crash.
fn replace(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temporary(target);
    let written = fs::File::create(&tmp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| fs::rename(&tmp, target)) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // Some file systems cannot sync a folder; the rename is done either way.
    if let Ok(dir) = fs::File::open(folder_of(target)) {
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::FileTypeExt;

    use super::*;

    /// A fresh folder under the system's temporary folder.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("plateau-outfile-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    fn write(out: &OutFile, bytes: &[u8]) -> CliResult {
        out.write(bytes, &mut Vec::new())
    }

    #[test]
    fn a_regular_file_is_replaced_and_no_temporary_is_left() {
        let dir = scratch("regular");
        let path = dir.join("report.txt");
        fs::write(&path, "old").expect("write");
        let out = OutFile::check(&path).expect("checked");
        write(&out, b"new").expect("written");
        assert_eq!(fs::read_to_string(&path).expect("read"), "new");
        let left: Vec<_> = fs::read_dir(&dir).expect("list").collect();
        assert_eq!(left.len(), 1, "only the report: {left:?}");
    }

    #[test]
    fn a_symlink_is_written_through_and_stays() {
        let dir = scratch("link");
        let target = dir.join("real.txt");
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).expect("symlink");
        let out = OutFile::check(&link).expect("checked");
        assert_eq!(
            out,
            OutFile::Replace {
                named: link.clone(),
                target: target.clone()
            }
        );
        write(&out, b"through").expect("written");
        assert!(
            fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).expect("read"), "through");
    }

    #[test]
    fn a_folder_and_a_missing_folder_are_refused_before_the_work() {
        let dir = scratch("folder");
        let e = OutFile::check(&dir).expect_err("a folder");
        assert!(e.to_string().ends_with("is a directory"), "{e}");
        let e = OutFile::check(&dir.join("no/such/report.txt")).expect_err("no folder");
        assert!(e.to_string().ends_with("no such folder"), "{e}");
    }

    #[test]
    fn a_device_is_written_in_place() {
        let out = OutFile::check(Path::new("/dev/null")).expect("checked");
        assert_eq!(
            out,
            OutFile::InPlace {
                named: PathBuf::from("/dev/null")
            }
        );
        write(&out, b"gone").expect("written");
        assert!(
            fs::metadata("/dev/null")
                .expect("dev/null")
                .file_type()
                .is_char_device()
        );
        if Path::new("/dev/full").exists() {
            let out = OutFile::check(Path::new("/dev/full")).expect("checked");
            let e = write(&out, b"x").expect_err("full");
            assert!(e.to_string().contains("no space left"), "{e}");
            assert!(
                fs::metadata("/dev/full")
                    .expect("dev/full")
                    .file_type()
                    .is_char_device()
            );
        }
    }

    #[test]
    fn a_link_loop_is_an_error() {
        let dir = scratch("loop");
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::os::unix::fs::symlink(&b, &a).expect("symlink");
        std::os::unix::fs::symlink(&a, &b).expect("symlink");
        let e = OutFile::check(&a).expect_err("a loop");
        assert!(e.to_string().contains("symbolic links"), "{e}");
    }
}
