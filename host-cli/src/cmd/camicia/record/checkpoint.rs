//! A checkpoint (`hunt --checkpoint FILE`, `loops --checkpoint FILE`): what a
//! restarted search needs to go on as if it had never stopped.
//!
//! A hunt's chunks are deterministic for `(seed, shard, chunk)` and a tally
//! does not depend on the order it absorbs chunks in, so its state is the
//! tally of the first chunks, the hunt's parameters and the time spent:
//! exactly its report so far. A `loops` search's trials depend on the seed,
//! the cycles started from and their number alone, so its state is the
//! cycles found with the trial that found each, the counts and the time:
//! exactly its output so far. So a checkpoint is that record, in the lines
//! and under the seal of `--json` (`wire.rs`, `loops.rs`), written atomically
//! through [`OutFile`] (a crash leaves the old file or the new one), and
//! `merge` reads it as the shard it is. Reading it back is the record's own
//! reading (the seal, the counts, every listed deal played again), plus the
//! parameters (another search's file) and its size (a device or an endless
//! stream is not read past a bound); any failure is an error naming the
//! problem, and the file is left as it is.

use std::path::Path;

use super::loops::{self, Params as LoopsParams, Record, share};
use super::{self as record, Header, Of, Params, Report};
use crate::error::{CliError, CliResult};
use crate::input::{MAX_INPUT_BYTES, read_at_most, size_words};
use crate::outfile::OutFile;

/// A hunt's checkpoint larger than this is not one (top lists are at most
/// 1,000 deals of a line each).
const MAX_BYTES: u64 = 4 << 20;

/// A `loops` checkpoint larger than this is not one: as much as `merge`
/// reads of a shard (a search of `--split any` lists thousands of deals a
/// cycle).
const LOOPS_MAX_BYTES: u64 = MAX_INPUT_BYTES;

/// Saves `report` (the first `report.tally.chunks` chunks of the hunt that
/// `header` describes) to `file`, atomically.
pub(crate) fn save(file: &OutFile, report: &Report, header: &Header) -> CliResult {
    // Never a stream: `OutFile::check_file`.
    file.write_file(&record::render(report, header, true)?)
}

/// Saves a `loops` search's output so far to `file`, atomically.
pub(crate) fn save_loops(file: &OutFile, record: &Record) -> CliResult {
    file.write_file(&loops::render(record, true)?)
}

/// Returns the error `checkpoint PATH: why`, in the words of every
/// checkpoint's errors (the hunt's and `loops`').
pub(crate) fn error(path: &Path, why: impl std::fmt::Display) -> CliError {
    CliError::new(format!("checkpoint {}: {why}", path.display()))
}

/// Reads the text of the checkpoint at `path`, at most `limit` bytes of it
/// (a device or an endless stream is not read past them): the one reader of
/// every checkpoint, the hunt's and `loops`'.
fn read_text(path: &Path, limit: u64) -> CliResult<String> {
    let plain = |e: std::io::Error| error(path, crate::error::plain(&e));
    let mut file = std::fs::File::open(path).map_err(plain)?;
    let bytes = read_at_most(&mut file, limit)
        .map_err(plain)?
        .ok_or_else(|| {
            error(
                path,
                format!("larger than {}: not a checkpoint", size_words(limit)),
            )
        })?;
    let text = String::from_utf8(bytes).map_err(|_| error(path, "not text: not a checkpoint"))?;
    if text.trim().is_empty() {
        return Err(error(path, "empty: not a checkpoint"));
    }
    Ok(text)
}

/// Reads the one record of the checkpoint at `path` (at most `limit` bytes)
/// and checks that `want` wrote it; `read` reads its lines.
fn load_one<T>(
    path: &Path,
    limit: u64,
    want: Of,
    read: impl Fn(&[&str], usize) -> Result<T, (usize, String)>,
) -> CliResult<T> {
    let fail = |why: String| error(path, why);
    let text = read_text(path, limit)?;
    let parts = record::split(&text);
    let [(first, lines)] = parts.as_slice() else {
        return Err(fail(if parts.is_empty() {
            "empty: not a checkpoint".into()
        } else {
            "holds several reports: not a checkpoint".into()
        }));
    };
    match (record::of(lines), want) {
        (Of::Loops, Of::Hunt) => {
            return Err(fail(
                "a checkpoint of `camicia loops`, not of a hunt".into(),
            ));
        }
        (Of::Hunt, Of::Loops) => {
            return Err(fail(
                "a hunt's checkpoint, not one of `camicia loops`".into(),
            ));
        }
        _ => {}
    }
    read(lines, *first).map_err(|(line, why)| fail(format!("line {line}: {why}")))
}

/// Reads the checkpoint at `path` for the hunt of `params`: its report (the
/// tally of its first chunks and the time spent), every check of the module
/// docs passed.
pub(crate) fn load(path: &Path, params: &Params) -> CliResult<Report> {
    let read = load_one(path, MAX_BYTES, Of::Hunt, record::read)?;
    if read.header.tasks != 1 {
        return Err(error(path, "a merge's output, not a hunt's checkpoint"));
    }
    if let Some((flag, there, here)) = read.header.params.difference(params, &[]) {
        return Err(error(
            path,
            format!("of another hunt: {flag} {there} there, {here} here"),
        ));
    }
    Ok(read.report)
}

/// Reads the checkpoint at `path` for the `loops` search of `params` (its
/// budgets aside: a search resumes with more, never with fewer trials than
/// it made): its output so far, every check of the module docs passed.
pub(crate) fn load_loops(path: &Path, params: &LoopsParams) -> CliResult<Record> {
    let record = load_one(path, LOOPS_MAX_BYTES, Of::Loops, loops::read)?;
    if record.tasks != 1 {
        return Err(error(path, "a merge's output, not a search's checkpoint"));
    }
    let budgets = ["--max-steps", "--seconds"];
    if let Some((flag, there, here)) = record.params.difference(params, &budgets) {
        return Err(error(
            path,
            format!("of another search: {flag} {there} there, {here} here"),
        ));
    }
    if let Some(asked) = params.steps {
        let most = share(asked, params.shard);
        if record.trials > most {
            return Err(error(
                path,
                format!(
                    "of a longer search: {} trials made there, {most} to make here (--max-steps {asked})",
                    record.trials
                ),
            ));
        }
    }
    Ok(record)
}
