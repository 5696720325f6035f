//! Reading user text: files or standard input, line by line, with positions.

use std::io::Read;
use std::path::Path;

use crate::Io;
use crate::error::{CliError, CliResult};

/// Largest input file read, so hostile input cannot exhaust memory.
pub(crate) const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Reads a whole text from `path`, or from standard input when `path` is `-` or absent.
///
/// A UTF-8 byte order mark is dropped; invalid UTF-8 is an error naming the line.
pub(crate) fn read_text(path: Option<&Path>, io: &mut Io<'_>) -> CliResult<String> {
    let (name, bytes) = match path {
        None => (
            "standard input".to_string(),
            read_limited(&mut io.stdin, "standard input")?,
        ),
        Some(p) if p == Path::new("-") => (
            "standard input".to_string(),
            read_limited(&mut io.stdin, "standard input")?,
        ),
        Some(p) => {
            let name = p.display().to_string();
            let mut file = std::fs::File::open(p).map_err(|e| {
                CliError::new(format!("cannot read {name}: {}", crate::error::plain(&e)))
            })?;
            let bytes = read_limited(&mut file, &name)?;
            (name, bytes)
        }
    };
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let line = 1 + bytes
                .get(..e.valid_up_to())
                .map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
            Err(CliError::new(format!(
                "{name}: line {line}: not valid UTF-8 text"
            )))
        }
    }
}

fn read_limited(r: &mut dyn Read, name: &str) -> CliResult<Vec<u8>> {
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::new(format!("cannot read {name}: {}", crate::error::plain(&e))))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(CliError::new(format!(
            "{name} is larger than {} MiB",
            MAX_INPUT_BYTES >> 20
        )));
    }
    Ok(bytes)
}

/// Returns the lines of `text` with 1-based numbers, `\r\n` and `\r` endings trimmed.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// Returns the content lines: numbered, trimmed, without blank lines and `#` comments.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    numbered_lines(text)
        .map(|(n, l)| (n, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Writes `bytes` to the file `path`, or to the output when `path` is `-`.
///
/// An existing file is replaced. Errors name the file in plain words.
pub(crate) fn write_file(path: &Path, bytes: &[u8], io: &mut Io<'_>) -> CliResult {
    if path == Path::new("-") {
        std::io::Write::write_all(io.out, bytes)?;
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| {
        CliError::new(format!(
            "cannot write {}: {}",
            path.display(),
            crate::error::plain(&e)
        ))
    })
}

/// Replaces the file `path` by `bytes` atomically: a reader (or a crash)
/// sees the old file whole or the new one whole, never a part.
///
/// Writes `path` + `.tmp` beside it, flushes it to the disk, renames it over
/// `path`, then flushes the folder so the rename itself survives a crash.
pub(crate) fn write_file_atomic(path: &Path, bytes: &[u8]) -> CliResult {
    use std::io::Write;
    let fail = |e: std::io::Error| {
        CliError::new(format!(
            "cannot write {}: {}",
            path.display(),
            crate::error::plain(&e)
        ))
    };
    let mut tmp_name = path.as_os_str().to_owned();
    tmp_name.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp_name);
    let mut file = std::fs::File::create(&tmp).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(fail)?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // Some file systems cannot sync a folder; the rename is done either way.
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}
