//! A hunt's checkpoint (`hunt --checkpoint FILE`): what a restarted hunt needs
//! to go on as if it had never stopped.
//!
//! A hunt's chunks are deterministic for `(seed, shard, chunk)` and a tally
//! does not depend on the order it absorbs chunks in, so the state is the
//! tally of the first `chunks` chunks, the hunt's parameters and the time
//! spent. The file has two lines: the state as JSON, then
//! `{"fnv64":"…"}`, the FNV-1a hash of the first line's bytes. It is written
//! atomically ([`crate::input::write_file_atomic`]), so a crash leaves the old
//! file or the new one. Reading it checks the hash (a truncated or edited
//! file), the format and its version, the parameters (another hunt's file),
//! the counts against the chunks, and plays every listed deal again; any
//! failure is an error naming the problem, and the file is left as it is.

use std::path::Path;

use plateau::Budget;
use plateau::camicia::Status;
use plateau::camicia::hunt::{Entry, Hunt};
use plateau::search::Outcome;
use serde::{Deserialize, Serialize};

use super::parse_packed;
use super::report::Report;
use crate::error::{CliError, CliResult};
use crate::input::write_file_atomic;

/// The `format` of a checkpoint.
const FORMAT: &str = "plateau camicia hunt checkpoint";
/// The version this plateau writes and reads.
const VERSION: u32 = 1;
/// A checkpoint larger than this is not one (top lists are at most 1,000).
const MAX_BYTES: u64 = 4 << 20;

/// What makes two runs the same hunt: a checkpoint is only resumed by a hunt
/// of equal parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Params {
    pub(crate) seed: u64,
    /// `K/N`.
    pub(crate) shard: String,
    /// `--deals` (none: until `--seconds` stops it).
    pub(crate) deals: Option<u64>,
    /// `--seconds` (none: until `--deals` are played).
    pub(crate) seconds: Option<f64>,
    pub(crate) fresh: bool,
    pub(crate) max_rounds: u64,
    pub(crate) top: usize,
}

impl Params {
    /// Names the first parameter, other than those in `skip`, that differs
    /// from `other`'s: its flag, this value, the other value.
    pub(crate) fn difference(
        &self,
        other: &Params,
        skip: &[&str],
    ) -> Option<(&'static str, String, String)> {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "none".to_string());
        let of = |p: &Params| {
            [
                ("--seed", p.seed.to_string()),
                ("--shard", p.shard.clone()),
                ("--deals", opt(p.deals.map(|d| d.to_string()))),
                ("--seconds", opt(p.seconds.map(|s| s.to_string()))),
                ("--fresh", p.fresh.to_string()),
                ("--max-rounds", p.max_rounds.to_string()),
                ("--top", p.top.to_string()),
            ]
        };
        of(self)
            .into_iter()
            .zip(of(other))
            .find(|((flag, a), (_, b))| a != b && !skip.contains(flag))
            .map(|((flag, a), (_, b))| (flag, a, b))
    }
}

/// A listed deal as the checkpoint keeps it.
#[derive(Serialize, Deserialize)]
struct Kept {
    deal: String,
    cards: u64,
    tricks: u64,
}

/// The first line of a checkpoint.
#[derive(Serialize, Deserialize)]
struct State {
    format: String,
    version: u32,
    params: Params,
    /// The chunks played: all of the first `chunks` (the tally's own count).
    deals: u64,
    chunks: u64,
    finished: u64,
    loops: u64,
    exhausted: u64,
    cards_of_finished: u64,
    by_cards: Vec<Kept>,
    by_tricks: Vec<Kept>,
    loop_deals: Vec<Kept>,
    seconds: f64,
    thread_seconds: f64,
    cpu_seconds: f64,
}

/// The second line.
#[derive(Serialize, Deserialize)]
struct Seal {
    fnv64: String,
}

/// FNV-1a, 64 bits: enough to tell a damaged file, not meant against forgery.
pub(crate) fn fnv64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn entries(list: &[Entry]) -> Vec<Kept> {
    list.iter()
        .map(|f| Kept {
            deal: f.deal.to_string(),
            cards: f.ending.cards,
            tricks: f.ending.tricks,
        })
        .collect()
}

/// Saves `report` (the first `report.tally.chunks` chunks of the hunt of
/// `params`) to `path`, atomically.
pub(crate) fn save(path: &Path, params: &Params, report: &Report) -> CliResult {
    let t = &report.tally;
    let state = State {
        format: FORMAT.to_string(),
        version: VERSION,
        params: params.clone(),
        deals: t.deals,
        chunks: t.chunks,
        finished: t.finished,
        loops: t.loops,
        exhausted: t.exhausted,
        cards_of_finished: t.cards_of_finished,
        by_cards: entries(t.by_cards.as_slice()),
        by_tricks: entries(t.by_tricks.as_slice()),
        loop_deals: entries(t.loop_deals.as_slice()),
        seconds: report.seconds,
        thread_seconds: report.thread_seconds,
        cpu_seconds: report.cpu_seconds,
    };
    let body = serde_json::to_string(&state)
        .map_err(|e| CliError::new(format!("cannot write the checkpoint: {e}")))?;
    let seal = serde_json::to_string(&Seal {
        fnv64: format!("{:016x}", fnv64(body.as_bytes())),
    })
    .map_err(|e| CliError::new(format!("cannot write the checkpoint: {e}")))?;
    write_file_atomic(path, format!("{body}\n{seal}\n").as_bytes())
}

/// Reads the checkpoint at `path` for the hunt of `params`: its report (the
/// tally of its first `chunks` chunks and the time spent), every check of the
/// module docs passed.
pub(crate) fn load(path: &Path, params: &Params) -> CliResult<Report> {
    let name = path.display();
    let fail = |why: String| CliError::new(format!("checkpoint {name}: {why}"));
    let size = std::fs::metadata(path)
        .map_err(|e| fail(crate::error::plain(&e)))?
        .len();
    if size > MAX_BYTES {
        return Err(fail(format!(
            "larger than {} MiB: not a checkpoint",
            MAX_BYTES >> 20
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| fail(crate::error::plain(&e)))?;
    let text =
        std::str::from_utf8(&bytes).map_err(|_| fail("not text: not a checkpoint".into()))?;
    let mut lines = text.split('\n');
    let body = lines.next().unwrap_or_default();
    let seal: Seal = lines
        .next()
        .filter(|l| !l.is_empty())
        .and_then(|l| serde_json::from_str(l).ok())
        .ok_or_else(|| fail("truncated (its second line, the hash, is missing)".into()))?;
    if seal.fnv64 != format!("{:016x}", fnv64(body.as_bytes())) {
        return Err(fail(
            "corrupt (its hash does not match its contents)".into(),
        ));
    }
    let state: State = serde_json::from_str(body)
        .map_err(|_| fail("not a checkpoint of `plateau camicia hunt`".into()))?;
    if state.format != FORMAT {
        return Err(fail(format!(
            "of another format ('{}')",
            crate::error::shorten(&state.format)
        )));
    }
    if state.version != VERSION {
        return Err(fail(format!(
            "format version {}, this plateau reads version {VERSION}",
            state.version
        )));
    }
    if let Some((flag, there, here)) = state.params.difference(params, &[]) {
        return Err(fail(format!(
            "of another hunt: {flag} {there} there, {here} here"
        )));
    }
    let deals = params.deals.map_or(Budget::UNLIMITED, Budget::new);
    let expected: Option<u64> = (0..state.chunks)
        .map(|i| Hunt::chunk_deals(deals, i).map(|b| b.get()))
        .sum();
    let played = state
        .finished
        .checked_add(state.loops)
        .and_then(|n| n.checked_add(state.exhausted));
    if expected != Some(state.deals) || played != Some(state.deals) {
        return Err(fail(format!(
            "corrupt ({} deals in {} chunks do not add up)",
            state.deals, state.chunks
        )));
    }
    let mut report = Report::new(params.top);
    let t = &mut report.tally;
    t.deals = state.deals;
    t.chunks = state.chunks;
    t.finished = state.finished;
    t.loops = state.loops;
    t.exhausted = state.exhausted;
    t.cards_of_finished = state.cards_of_finished;
    let rounds = Budget::new(params.max_rounds);
    for (list, entries, want) in [
        (&mut t.by_cards, &state.by_cards, Status::Finished),
        (&mut t.by_tricks, &state.by_tricks, Status::Finished),
        (&mut t.loop_deals, &state.loop_deals, Status::Loop),
    ] {
        for e in entries {
            let deal = parse_packed(&e.deal)
                .map_err(|why| fail(format!("deal '{}': {why}", crate::error::shorten(&e.deal))))?;
            let ending = match deal.simulate(rounds) {
                Outcome::Done(end)
                    if (end.status, end.cards, end.tricks) == (want, e.cards, e.tricks) =>
                {
                    end
                }
                _ => {
                    return Err(fail(format!(
                        "corrupt (deal '{}' does not play as listed)",
                        e.deal
                    )));
                }
            };
            list.insert(Entry { deal, ending });
        }
    }
    report.seconds = state.seconds;
    report.thread_seconds = state.thread_seconds;
    report.cpu_seconds = state.cpu_seconds;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv64_has_its_published_values() {
        // The FNV test vectors (draft-eastlake-fnv): "" and "a".
        assert_eq!(fnv64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
