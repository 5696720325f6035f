//! The record kind of the Camicia family: what `hunt` and `loops` print with
//! `--json`, in one form for everything that writes or reads one. The
//! command prints it, a checkpoint is the record so far (in the same lines
//! under the same seal), and `merge` reads shards of it back and prints
//! their union.
//!
//! A hunt's report: the [`Summary`](wire::Summary) (the counts, the time, the
//! hunt's parameters), one line per deal of the lists (by cards, by tricks,
//! then the loops), and the seal. A `loops` output: one line per cycle, each
//! followed by its deals' lines, then the summary, and the seal. The seal
//! (`seal.rs`) is the last line of both: how many lines came before it and
//! their FNV-1a hash, so that a truncated or edited file is told from a
//! whole one. The readers believe nothing they have not checked: the seal,
//! the counts, and every listed deal, played again.
//!
//! `seal.rs` (the last line, written and checked), `model.rs` (what a
//! hunt's report holds), `wire.rs` (its lines), `read.rs` (reading them
//! back), `loops.rs` (a `loops` output: its lines and their writer;
//! `loops/read.rs`, reading them back),
//! `checkpoint.rs` (a record saved under way, and loaded to resume).

pub(crate) mod checkpoint;
pub(crate) mod loops;
mod model;
mod read;
mod seal;
mod wire;

use serde::Deserialize;

pub(crate) use model::{Header, Params, Report};
pub(crate) use read::{Read, read};
pub(crate) use seal::split;
pub(crate) use wire::render;

/// Deals or trials a second over `seconds`; none over no time at all (a run
/// shorter than the millisecond a record keeps), whose rate is not measured.
fn rate(count: u64, seconds: f64) -> Option<f64> {
    (seconds > 0.0).then(|| count as f64 / seconds)
}

/// The command that wrote a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Of {
    /// `hunt`: its report begins with its summary.
    Hunt,
    /// `loops`: its output begins with a cycle line (the cycles started
    /// from come first, and there is always one).
    Loops,
}

/// Tells which command wrote the record of `lines` from its first line: a
/// `loops` output (or the checkpoint of an older `loops`) begins with its
/// `kind`, anything else is read as a hunt's report.
pub(crate) fn of(lines: &[&str]) -> Of {
    match lines.first().and_then(|l| kind_of(l)).as_deref() {
        Some("cycle" | loops::OLD_CHECKPOINT) => Of::Loops,
        _ => Of::Hunt,
    }
}

/// The `kind` of a JSON line, if it is an object that has one.
fn kind_of(line: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Kinded {
        kind: String,
    }
    serde_json::from_str::<Kinded>(line.trim())
        .ok()
        .map(|k| k.kind)
}

/// A parameter's value as a difference names it: `none` when not given.
pub(crate) fn or_none(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "none".to_string(), |v| v.to_string())
}

/// The first parameter of `here`, other than those in `skip`, whose value
/// differs from `there`'s (the same flags, in the same order): its flag,
/// this value, the other value.
pub(crate) fn difference<const N: usize>(
    here: [(&'static str, String); N],
    there: [(&'static str, String); N],
    skip: &[&str],
) -> Option<(&'static str, String, String)> {
    here.into_iter()
        .zip(there)
        .find(|((flag, a), (_, b))| a != b && !skip.contains(flag))
        .map(|((flag, a), (_, b))| (flag, a, b))
}

/// Returns shard `(K, N)` of its text `K/N` (a summary's `shard`).
pub(crate) fn shard_k_n(shard: &str) -> Result<(u64, u64), String> {
    let (k, n) = shard
        .split_once('/')
        .ok_or_else(|| format!("shard '{}': expected K/N", crate::error::shorten(shard)))?;
    let n = crate::limits::number_in(n, 1, u64::MAX).map_err(|why| format!("shard N: {why}"))?;
    let k = crate::limits::number_in(k, 1, n).map_err(|why| format!("shard K: {why}"))?;
    Ok((k, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loops_output_is_told_from_a_hunts_report_by_its_first_line() {
        let cycle = r#"{"status":"loop","kind":"cycle","id":"0795961b5504"}"#;
        assert_eq!(of(&[cycle]), Of::Loops);
        assert_eq!(of(&[r#"{"kind":"loops-checkpoint","seed":1}"#]), Of::Loops);
        assert_eq!(
            of(&[r#"{"status":"found","kind":"summary","deals":1}"#]),
            Of::Hunt
        );
        assert_eq!(of(&["not JSON", cycle]), Of::Hunt);
        assert_eq!(of(&[]), Of::Hunt);
    }
}
