//! Every file a command writes (`hunt --output`, `--checkpoint`, `tour
//! --svg`) goes through one writer, [`OutFile`], checked before the work
//! starts so that a report is never lost at the end of a long hunt, and so
//! that nothing the user had is ever lost either.
//!
//! - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`
//!   (or a symbolic link to one of them) name a descriptor the process
//!   already holds: the standard output and error are written through the
//!   command's own streams, another descriptor in place (reopened for
//!   appending). Never resolved to the file behind it and renamed over: `>>
//!   log` keeps the log, `| cat` reads the pipe.
//! - A regular file, or a name that does not exist yet, is replaced
//!   atomically: the bytes go to a new temporary file beside it, flushed to
//!   the disk and renamed over it, so a reader (or a crash) sees the old file
//!   whole or the new one whole. The new file keeps the old one's
//!   permissions.
//! - A symbolic link is written through: its target is replaced, atomically,
//!   and the link stays.
//! - A device, a named pipe or a socket is written in place, appending (a
//!   rename would replace `/dev/full` by a regular file, or a pipe by a file
//!   its reader never sees).
//! - A folder, or a name in a folder that does not exist or cannot be
//!   written, is an error when the file is checked.
//! - The only files ever removed are the temporary files of this run.
//!
//! Two outputs of one command that land in the same file (`--output X
//! --checkpoint X`, or a checkpoint that the shell also redirected the
//! standard output to) are refused before any work ([`distinct`]).

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{CliError, CliResult, plain};

/// Symbolic links followed before giving up (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Where a command's output file goes, checked ([`OutFile::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum OutFile {
    /// `-`, `/dev/stdout` and the like: the standard output.
    Stdout {
        /// What the user gave.
        named: PathBuf,
    },
    /// `/dev/stderr` and the like: the standard error.
    Stderr {
        /// What the user gave.
        named: PathBuf,
    },
    /// A regular file, replaced atomically: `target` is where the bytes go
    /// (the last target of a chain of symbolic links), `named` what the
    /// user gave.
    Replace { named: PathBuf, target: PathBuf },
    /// A device, a pipe, a socket or another descriptor of the process,
    /// written in place, appending: `open` is the path opened for it.
    InPlace { named: PathBuf, open: PathBuf },
}

impl OutFile {
    /// Checks that `path` can be written, before any work: sees whether it
    /// names a descriptor, resolves its symbolic links, refuses a folder, a
    /// missing folder and one that cannot be written (by creating and
    /// removing the temporary file the write will use).
    pub(crate) fn check(path: &Path) -> CliResult<OutFile> {
        let named = path.to_path_buf();
        if path == Path::new("-") {
            return Ok(OutFile::Stdout { named });
        }
        let fail = |why: String| CliError::new(format!("cannot write {}: {why}", path.display()));
        let at = match resolve(path).map_err(fail)? {
            Resolved::Descriptor { fd: 1, own: true } => return Ok(OutFile::Stdout { named }),
            Resolved::Descriptor { fd: 2, own: true } => return Ok(OutFile::Stderr { named }),
            Resolved::Descriptor { .. } => {
                // Another descriptor: it must be open (its /proc entry is).
                fs::metadata(path).map_err(|e| fail(plain(&e)))?;
                return Ok(OutFile::InPlace {
                    open: named.clone(),
                    named,
                });
            }
            Resolved::Path(at) => at,
        };
        match fs::metadata(&at) {
            Ok(m) if m.is_dir() => Err(fail("is a directory".into())),
            Ok(m) if !m.is_file() => Ok(OutFile::InPlace { named, open: at }),
            Ok(_) => {
                probe_folder(&at).map_err(fail)?;
                Ok(OutFile::Replace { named, target: at })
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                probe_folder(&at).map_err(fail)?;
                Ok(OutFile::Replace { named, target: at })
            }
            Err(e) => Err(fail(plain(&e))),
        }
    }

    /// Checks `path` as [`OutFile::check`] does, for a file that must not be
    /// one of the process's streams (a checkpoint, read back later): `flag`
    /// names the option in the error.
    pub(crate) fn check_file(flag: &str, path: &Path) -> CliResult<OutFile> {
        match OutFile::check(path)? {
            OutFile::Stdout { .. } | OutFile::Stderr { .. } => Err(CliError::new(format!(
                "{flag} {}: a checkpoint is a file, not the standard output or error",
                path.display()
            ))),
            // Read back and replaced whole: a pipe would be waited on, a
            // device never give the state back.
            OutFile::InPlace { .. } => Err(CliError::new(format!(
                "{flag} {}: a checkpoint is a regular file, not a device, a pipe or a socket",
                path.display()
            ))),
            file @ OutFile::Replace { .. } => Ok(file),
        }
    }

    /// Returns the name the user gave (`-` for the standard output).
    pub(crate) fn name(&self) -> &Path {
        match self {
            OutFile::Stdout { named }
            | OutFile::Stderr { named }
            | OutFile::Replace { named, .. }
            | OutFile::InPlace { named, .. } => named,
        }
    }

    /// Returns whether this is the standard output.
    pub(crate) fn is_stdout(&self) -> bool {
        matches!(self, OutFile::Stdout { .. })
    }

    /// Writes `bytes`, whole: to the standard output or error (`out`,
    /// `err`), in place, or replacing the file atomically (see the module
    /// docs).
    pub(crate) fn write(
        &self,
        bytes: &[u8],
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> CliResult {
        let fail = |e: std::io::Error| {
            CliError::new(format!(
                "cannot write {}: {}",
                self.name().display(),
                plain(&e)
            ))
        };
        match self {
            OutFile::Stdout { .. } => out.write_all(bytes).and_then(|()| out.flush()),
            OutFile::Stderr { .. } => err.write_all(bytes).and_then(|()| err.flush()),
            OutFile::InPlace { open, .. } => open_in_place(open)
                .and_then(|mut file| file.write_all(bytes).and_then(|()| file.flush())),
            OutFile::Replace { target, .. } => replace(target, bytes),
        }
        .map_err(|e| {
            if e.kind() == ErrorKind::BrokenPipe && self.is_stdout() {
                // The reader went away: as for every answer (`exit_code`).
                CliError::from(e)
            } else if e.kind() == ErrorKind::Interrupted {
                // `open_in_place`'s own words (`write_all` retries the
                // system's).
                CliError::new(format!("cannot write {}: {e}", self.name().display()))
            } else {
                fail(e)
            }
        })
    }

    /// Writes `bytes` to a file that is not one of the streams (a
    /// checkpoint: [`OutFile::check_file`]).
    pub(crate) fn write_file(&self, bytes: &[u8]) -> CliResult {
        self.write(bytes, &mut std::io::sink(), &mut std::io::sink())
    }

    /// The file the bytes land in, when a second output could overwrite
    /// it: an existing regular file (by device and inode, so that links and
    /// other spellings of it are the same), or a new file's canonical path.
    fn lands_in(&self) -> Option<Landing> {
        let existing = |path: &Path| {
            let m = fs::metadata(path).ok()?;
            m.is_file().then(|| Landing::inode(&m)).flatten()
        };
        match self {
            OutFile::Stdout { .. } => existing(Path::new("/proc/self/fd/1")),
            OutFile::Stderr { .. } => existing(Path::new("/proc/self/fd/2")),
            OutFile::InPlace { open, .. } => existing(open),
            OutFile::Replace { target, .. } => match fs::metadata(target) {
                Ok(m) => Landing::inode(&m),
                Err(_) => {
                    let folder = fs::canonicalize(folder_of(target)).ok()?;
                    Some(Landing::New(folder.join(target.file_name()?)))
                }
            },
        }
    }
}

/// Opens a file written in place, for appending. A named pipe without a
/// reader yet is waited for in steps of 20 ms rather than in the kernel, so
/// that a signal the command only notes (Ctrl-C, SIGTERM: see `progress`)
/// still ends the wait: one that comes while it waits is an error.
fn open_in_place(path: &Path) -> std::io::Result<fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            let before = crate::progress::signal();
            // Held open until the blocking open below has its reader.
            let _reader_waiting = loop {
                match fs::OpenOptions::new()
                    .append(true)
                    .custom_flags(libc::O_NONBLOCK)
                    .open(path)
                {
                    Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {}
                    opened => break opened?,
                }
                if let Some(signal) = crate::progress::signal().filter(|_| before.is_none()) {
                    return Err(std::io::Error::new(
                        ErrorKind::Interrupted,
                        format!(
                            "stopped by {} before a reader opened the pipe",
                            signal.name()
                        ),
                    ));
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            };
            return fs::OpenOptions::new().append(true).open(path);
        }
    }
    fs::OpenOptions::new().append(true).open(path)
}

/// Checks a command's `--output` (none: the standard output) and its
/// `--checkpoint` (a file, never a stream) before any work: each can be
/// written, and they do not land in the same file.
pub(crate) fn output_and_checkpoint(
    output: Option<&Path>,
    checkpoint: Option<&Path>,
) -> CliResult<(OutFile, Option<(PathBuf, OutFile)>)> {
    let out = OutFile::check(output.unwrap_or(Path::new("-")))?;
    let checkpoint = checkpoint
        .map(|path| {
            Ok::<_, CliError>((
                path.to_path_buf(),
                OutFile::check_file("--checkpoint", path)?,
            ))
        })
        .transpose()?;
    if let Some((_, file)) = &checkpoint {
        let report = if output.is_some() {
            "--output"
        } else {
            "the standard output"
        };
        distinct(&[(report, &out), ("--checkpoint", file)])?;
    }
    Ok((out, checkpoint))
}

/// Checks that no two of a command's outputs land in the same file: each is
/// `(what, file)`, `what` naming it in the error (`--output`, `the standard
/// output`).
pub(crate) fn distinct(outputs: &[(&str, &OutFile)]) -> CliResult {
    for (i, (a, x)) in outputs.iter().enumerate() {
        for (b, y) in outputs.iter().skip(i + 1) {
            if let (Some(p), Some(q)) = (x.lands_in(), y.lands_in())
                && p == q
            {
                return Err(CliError::new(format!(
                    "{a} and {b} name the same file ({}): give each its own",
                    y.name().display()
                )));
            }
        }
    }
    Ok(())
}

/// Where an output lands (see [`OutFile::lands_in`]).
#[derive(Debug, PartialEq, Eq)]
enum Landing {
    /// An existing file: its device and inode.
    Inode(u64, u64),
    /// A file still to be made: its canonical path.
    New(PathBuf),
}

impl Landing {
    #[cfg(unix)]
    fn inode(m: &fs::Metadata) -> Option<Landing> {
        use std::os::unix::fs::MetadataExt;
        Some(Landing::Inode(m.dev(), m.ino()))
    }

    #[cfg(not(unix))]
    fn inode(_: &fs::Metadata) -> Option<Landing> {
        None
    }
}

/// What a path comes to once its symbolic links are followed.
#[derive(Debug, PartialEq, Eq)]
enum Resolved {
    /// A descriptor `fd` of a process (this one's: `own`).
    Descriptor { fd: u32, own: bool },
    /// A path with no link left (which need not exist yet).
    Path(PathBuf),
}

/// Follows the symbolic links of `path` until one names a descriptor
/// (`/proc/PID/fd/N`, where `/dev/stdout` and `/dev/fd/N` lead), or none is
/// left: never past a descriptor to the file behind it.
fn resolve(path: &Path) -> Result<Resolved, String> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Some(found) = descriptor(&at) {
            return Ok(found);
        }
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at).map_err(|e| plain(&e))?;
                at = match at.parent() {
                    Some(folder) if to.is_relative() => folder.join(to),
                    _ => to,
                };
            }
            // Not a link (or nothing there yet): the end of the chain.
            _ => return Ok(Resolved::Path(at)),
        }
    }
    Err(format!("more than {MAX_LINKS} symbolic links"))
}

/// Says whether `path` names a process's descriptor: a number in a folder
/// that is, once its own links are followed, `/proc/PID/fd` or
/// `/proc/PID/task/TID/fd`.
fn descriptor(path: &Path) -> Option<Resolved> {
    let fd: u32 = path.file_name()?.to_str()?.parse().ok()?;
    let folder = fs::canonicalize(folder_of(path)).ok()?;
    let parts: Vec<&str> = folder.iter().filter_map(|p| p.to_str()).collect();
    let pid = match parts.as_slice() {
        ["/", "proc", pid, "fd"] | ["/", "proc", pid, "task", _, "fd"] => *pid,
        _ => return None,
    };
    let own = pid.parse() == Ok(std::process::id());
    Some(Resolved::Descriptor { fd, own })
}

/// The folder a file `target` is in (`.` for a bare name).
fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Creates a new temporary file beside `target`, named after it, this
/// process and a count, so that it is never a file of anyone else.
fn temporary(target: &Path) -> std::io::Result<(PathBuf, fs::File)> {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    loop {
        let mut name = target.as_os_str().to_owned();
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        name.push(format!(".{}-{n}.tmp", std::process::id()));
        let path = PathBuf::from(name);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((path, file)),
            // Someone else's file: never touched; the next name.
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// Checks that the folder of `target` exists and takes a new file.
fn probe_folder(target: &Path) -> Result<(), String> {
    let folder = folder_of(target);
    if !folder.is_dir() {
        return Err("no such folder".into());
    }
    // The file is written beside itself and renamed over: its folder must
    // take a new file (`/proc` takes none, a read-only folder neither).
    let (tmp, _) = temporary(target)
        .map_err(|e| format!("cannot make a file in {}: {}", folder.display(), plain(&e)))?;
    fs::remove_file(&tmp).map_err(|e| plain(&e))
}

/// Replaces the regular file `target` by `bytes` atomically: a new
/// temporary file beside it (with the old file's permissions), flushed to
/// the disk, renamed over it, then the folder flushed so that the rename
/// itself survives a crash.
fn replace(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (tmp, mut file) = temporary(target)?;
    let written = (|| {
        if let Ok(old) = fs::metadata(target) {
            file.set_permissions(old.permissions())?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, target)
    })();
    if let Err(e) = written {
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
    use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};

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
        out.write(bytes, &mut Vec::new(), &mut Vec::new())
    }

    #[test]
    fn a_regular_file_is_replaced_by_a_new_one_and_no_temporary_is_left() {
        let dir = scratch("regular");
        let path = dir.join("report.txt");
        fs::write(&path, "old").expect("write");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
        let before = fs::metadata(&path).expect("stat").ino();
        // A reader that opened the old file keeps reading it whole.
        let reader = fs::File::open(&path).expect("open");
        let out = OutFile::check(&path).expect("checked");
        write(&out, b"new").expect("written");
        assert_eq!(fs::read_to_string(&path).expect("read"), "new");
        let after = fs::metadata(&path).expect("stat");
        assert_ne!(after.ino(), before, "a new file, renamed over the old one");
        assert_eq!(after.permissions().mode() & 0o777, 0o640);
        let mut old = String::new();
        std::io::Read::read_to_string(&mut &reader, &mut old).expect("read");
        assert_eq!(old, "old");
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
        // A file where a folder should be: the system's own words.
        let file = dir.join("file.txt");
        fs::write(&file, "x").expect("write");
        let e = OutFile::check(&file.join("report.txt")).expect_err("not a folder");
        assert!(e.to_string().ends_with("not a directory"), "{e}");
    }

    #[test]
    fn a_device_is_written_in_place() {
        let out = OutFile::check(Path::new("/dev/null")).expect("checked");
        assert_eq!(
            out,
            OutFile::InPlace {
                named: PathBuf::from("/dev/null"),
                open: PathBuf::from("/dev/null"),
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
    fn the_streams_are_descriptors_never_the_files_behind_them() {
        for name in ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let out = OutFile::check(Path::new(name)).expect("checked");
            assert!(out.is_stdout(), "{name}: {out:?}");
        }
        for name in ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"] {
            let out = OutFile::check(Path::new(name)).expect("checked");
            assert!(matches!(out, OutFile::Stderr { .. }), "{name}: {out:?}");
        }
        // A link of the user's to the standard output is the standard output.
        let dir = scratch("stream-link");
        let link = dir.join("out");
        std::os::unix::fs::symlink("/dev/stdout", &link).expect("symlink");
        assert!(OutFile::check(&link).expect("checked").is_stdout());
        // The streams are written through the command's own.
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let stderr = OutFile::check(Path::new("/dev/stderr")).expect("checked");
        stderr.write(b"e", &mut out, &mut err).expect("written");
        assert_eq!((out.as_slice(), err.as_slice()), (&b""[..], &b"e"[..]));
        // A descriptor the process does not hold is an error.
        let e = OutFile::check(Path::new("/dev/fd/987654")).expect_err("closed");
        assert!(e.to_string().contains("no such file"), "{e}");
    }

    #[test]
    fn a_checkpoint_is_never_a_stream() {
        for name in ["-", "/dev/stdout", "/dev/stderr"] {
            let e = OutFile::check_file("--checkpoint", Path::new(name)).expect_err(name);
            assert!(e.to_string().contains("a checkpoint is a file"), "{e}");
        }
        let e = OutFile::check_file("--checkpoint", Path::new("/dev/null")).expect_err("a device");
        assert!(
            e.to_string().contains("a checkpoint is a regular file"),
            "{e}"
        );
        let file = scratch("checkpoint-file").join("run.ckpt");
        assert!(OutFile::check_file("--checkpoint", &file).is_ok());
    }

    #[test]
    fn two_outputs_in_one_file_are_told_apart_from_two_files() {
        let dir = scratch("distinct");
        let (a, b) = (dir.join("a"), dir.join("b"));
        let check = |p: &Path| OutFile::check(p).expect("checked");
        // New files: by their canonical paths.
        let spelled = dir.join(".").join("a");
        assert!(distinct(&[("--output", &check(&a)), ("--checkpoint", &check(&spelled))]).is_err());
        assert!(distinct(&[("--output", &check(&a)), ("--checkpoint", &check(&b))]).is_ok());
        // Existing files: by their inodes, through links and hard links.
        fs::write(&a, "x").expect("write");
        fs::hard_link(&a, &b).expect("hard link");
        let link = dir.join("link");
        std::os::unix::fs::symlink(&a, &link).expect("symlink");
        let e = distinct(&[("--output", &check(&b)), ("--checkpoint", &check(&link))])
            .expect_err("the same file");
        assert!(
            e.to_string()
                .starts_with("--output and --checkpoint name the same file"),
            "{e}"
        );
        // Devices may take several outputs.
        let null = check(Path::new("/dev/null"));
        assert!(distinct(&[("--output", &null), ("--checkpoint", &null)]).is_ok());
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
