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
    let path = path.unwrap_or(Path::new("-"));
    let bytes = read_bytes(path, MAX_INPUT_BYTES, io)?;
    let name = name_of(path);
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

/// The name of an input in messages: the path, or "standard input" for `-`.
pub(crate) fn name_of(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads at most `limit` bytes from `path` (`-`: standard input); more is an
/// error, so that no input, a device such as `/dev/zero` or an endless pipe
/// included, can exhaust memory. Every input of the tool is read here.
pub(crate) fn read_bytes(path: &Path, limit: u64, io: &mut Io<'_>) -> CliResult<Vec<u8>> {
    let name = name_of(path);
    if path == Path::new("-") {
        return read_limited(&mut io.stdin, &name, limit);
    }
    let mut file = std::fs::File::open(path)
        .map_err(|e| CliError::new(format!("cannot read {name}: {}", crate::error::plain(&e))))?;
    read_limited(&mut file, &name, limit)
}

fn read_limited(r: &mut dyn Read, name: &str, limit: u64) -> CliResult<Vec<u8>> {
    match read_at_most(r, limit) {
        Ok(Some(bytes)) => Ok(bytes),
        Ok(None) => Err(CliError::new(format!(
            "{name} is larger than {}",
            size_words(limit)
        ))),
        Err(e) => Err(CliError::new(format!(
            "cannot read {name}: {}",
            crate::error::plain(&e)
        ))),
    }
}

/// Reads `r` to its end if it holds at most `limit` bytes; `None` if it
/// holds more (it is not read further).
pub(crate) fn read_at_most(r: &mut dyn Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    r.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// A size limit in words: `64 MiB`, `4 MiB`, or bytes below a mebibyte.
pub(crate) fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
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
