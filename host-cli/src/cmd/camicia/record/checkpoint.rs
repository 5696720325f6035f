//! A hunt's checkpoint (`hunt --checkpoint FILE`): what a restarted hunt needs
//! to go on as if it had never stopped.
//!
//! A hunt's chunks are deterministic for `(seed, shard, chunk)` and a tally
//! does not depend on the order it absorbs chunks in, so the state is the
//! tally of the first chunks, the hunt's parameters and the time spent:
//! exactly its report so far. So a checkpoint is that report, in the lines
//! and under the seal of `hunt --json` (`wire.rs`), written atomically
//! through [`OutFile`] (a crash leaves the old file or the new one), and
//! `merge` reads it as the shard it is. Reading it back is the report's own
//! reading (the seal, the counts against the chunks, every listed deal
//! played again), plus the parameters (another hunt's file) and its size (a
//! device or an endless stream is not read past [`MAX_BYTES`]); any failure
//! is an error naming the problem, and the file is left as it is.

use std::path::Path;

use super::{self as record, Header, Params, Report};
use crate::error::{CliError, CliResult};
use crate::input::{read_at_most, size_words};
use crate::outfile::OutFile;

/// A checkpoint larger than this is not one (top lists are at most 1,000
/// deals of a line each).
const MAX_BYTES: u64 = 4 << 20;

/// Saves `report` (the first `report.tally.chunks` chunks of the hunt that
/// `header` describes) to `file`, atomically.
pub(crate) fn save(file: &OutFile, report: &Report, header: &Header) -> CliResult {
    // Never a stream: `OutFile::check_file`.
    file.write_file(&record::render(report, header, true)?)
}

/// Returns the error `checkpoint PATH: why`, in the words of every
/// checkpoint's errors (the hunt's and `loops`').
pub(crate) fn error(path: &Path, why: impl std::fmt::Display) -> CliError {
    CliError::new(format!("checkpoint {}: {why}", path.display()))
}

/// Reads the text of the checkpoint at `path`, at most [`MAX_BYTES`] of it
/// (a device or an endless stream is not read past them): the one reader of
/// every checkpoint, the hunt's and `loops`'.
pub(crate) fn read_text(path: &Path) -> CliResult<String> {
    let plain = |e: std::io::Error| error(path, crate::error::plain(&e));
    let mut file = std::fs::File::open(path).map_err(plain)?;
    let bytes = read_at_most(&mut file, MAX_BYTES)
        .map_err(plain)?
        .ok_or_else(|| {
            error(
                path,
                format!("larger than {}: not a checkpoint", size_words(MAX_BYTES)),
            )
        })?;
    let text = String::from_utf8(bytes).map_err(|_| error(path, "not text: not a checkpoint"))?;
    if text.trim().is_empty() {
        return Err(error(path, "empty: not a checkpoint"));
    }
    Ok(text)
}

/// Reads the checkpoint at `path` for the hunt of `params`: its report (the
/// tally of its first chunks and the time spent), every check of the module
/// docs passed.
pub(crate) fn load(path: &Path, params: &Params) -> CliResult<Report> {
    let fail = |why: String| error(path, why);
    let text = read_text(path)?;
    let parts = record::split(&text);
    let [(first, lines)] = parts.as_slice() else {
        return Err(fail(if parts.is_empty() {
            "empty: not a checkpoint".into()
        } else {
            "holds several reports: not a checkpoint".into()
        }));
    };
    let read =
        record::read(lines, *first).map_err(|(line, why)| fail(format!("line {line}: {why}")))?;
    if read.header.tasks != 1 {
        return Err(fail("a merge's output, not a hunt's checkpoint".into()));
    }
    if let Some((flag, there, here)) = read.header.params.difference(params, &[]) {
        return Err(fail(format!(
            "of another hunt: {flag} {there} there, {here} here"
        )));
    }
    Ok(read.report)
}
