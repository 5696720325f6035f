//! A hunt's report: the core's tally with the time it took, printed as the
//! summary and the lists of deals (`hunt` and `merge`).

use std::io::{self, Write};

use plateau::camicia::hunt::{Entry, Tally};
use serde::Serialize;

use super::checkpoint::{Params, fnv64};
use crate::error::CliResult;
use crate::output::{self, Answer, Seconds, Status, Stop, write_json};

/// Loop deals kept in a report.
const LOOPS_KEPT: usize = 20;

/// What a hunt (or several) found: the core's tally, and the time it took.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub(crate) tally: Tally<Vec<Entry>>,
    pub(crate) seconds: f64,
    pub(crate) thread_seconds: f64,
    /// Processor time the threads got (less than `thread_seconds` on a busy machine).
    pub(crate) cpu_seconds: f64,
}

impl Report {
    /// Returns an empty report listing `top` deals by cards and by tricks.
    pub(crate) fn new(top: usize) -> Report {
        Report {
            tally: Tally::new(
                vec![Entry::EMPTY; top],
                vec![Entry::EMPTY; top],
                vec![Entry::EMPTY; LOOPS_KEPT],
            ),
            seconds: 0.0,
            thread_seconds: 0.0,
            cpu_seconds: 0.0,
        }
    }

    /// Adds another report (the result does not depend on the order).
    pub(crate) fn absorb(&mut self, other: &Report) {
        self.tally.absorb(&other.tally);
        self.thread_seconds += other.thread_seconds;
        self.cpu_seconds += other.cpu_seconds;
    }
}

/// Who produced a report: one hunt (its parameters, threads and what stopped
/// it) or a merge of shards.
pub(crate) enum Of<'a> {
    /// `plateau camicia hunt`.
    Hunt {
        params: &'a Params,
        threads: usize,
        stop: Option<Stop>,
    },
    /// `plateau camicia merge` of `tasks` shard files of the hunt of `params`
    /// (its `shard` is `N/N` for a complete set), on `threads` in all.
    Merge {
        params: &'a Params,
        tasks: u64,
        threads: u64,
    },
}

/// The first answer of `hunt` and `merge`: the counts, the rate, who produced
/// them and the hunt's parameters. The deals listed follow it, one [`Listed`]
/// a line, and with `--json` an [`End`] line closes the output.
#[derive(Serialize)]
struct Summary<'a> {
    /// `found`; `exhausted` for a hunt that `--seconds` or Ctrl-C stopped.
    status: Status,
    /// `summary`.
    kind: &'static str,
    deals: u64,
    chunks: u64,
    finished: u64,
    loops: u64,
    exhausted: u64,
    cards_of_finished: u64,
    seconds: Seconds,
    thread_seconds: Seconds,
    cpu_seconds: Seconds,
    deals_per_second: u64,
    deals_per_second_per_thread: u64,
    deals_per_cpu_second: u64,
    /// Threads in all, and the tasks (hunts) that ran them: 1 for a hunt.
    threads: u64,
    tasks: u64,
    seed: u64,
    /// `K/N` for a hunt, `N/N` for a merge of every shard.
    shard: &'a str,
    /// The hunt's `--deals` (each shard's), if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    asked_deals: Option<u64>,
    /// The hunt's `--seconds`, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    asked_seconds: Option<f64>,
    fresh: bool,
    max_rounds: u64,
    /// `seconds` or `interrupt`, for a hunt stopped before its deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    /// For the text: whether this is a merge, and the rates unrounded.
    #[serde(skip)]
    text: (bool, f64, f64, f64, f64),
}

impl Answer for Summary<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let (merge, rate, per_thread, per_cpu, average) = self.text;
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        if merge {
            writeln!(
                out,
                "merged: {} deals ({} chunks) from {} task{} on {} thread{} (seed {}, shards {})",
                self.deals,
                self.chunks,
                self.tasks,
                plural(self.tasks),
                self.threads,
                plural(self.threads),
                self.seed,
                self.shard,
            )?;
        } else {
            write!(
                out,
                "hunt: {} deals ({} chunks) in {:.1} s on {} thread{} (seed {}, shard {})",
                self.deals,
                self.chunks,
                self.seconds.0,
                self.threads,
                plural(self.threads),
                self.seed,
                self.shard,
            )?;
            match self.stopped_by {
                Some(stop) => writeln!(out, ", stopped by {}", stop.flag())?,
                None => writeln!(out)?,
            }
        }
        writeln!(
            out,
            "rate: {:.3} M deals/s, {:.3} M deals/s per thread, {:.3} M deals per processor second",
            rate / 1e6,
            per_thread / 1e6,
            per_cpu / 1e6
        )?;
        writeln!(
            out,
            "finished: {}, loops: {}, exhausted: {}; {average:.1} cards per finished game",
            self.finished, self.loops, self.exhausted
        )
    }
}

/// A deal of a report's lists (`hunt --json`, after the summary).
#[derive(Serialize)]
struct Listed {
    /// The game's: `finished` (the lists by cards and by tricks) or `loop`.
    status: Status,
    /// `by-cards`, `by-tricks` or `loop`.
    kind: &'static str,
    /// The deal, compact (`A/B`).
    deal: String,
    cards: u64,
    tricks: u64,
}

/// The last line of `hunt --json` and `merge --json`: how many lines came
/// before it and their FNV-1a hash, so that `merge` tells a whole file from a
/// truncated or edited one.
#[derive(Serialize, serde::Deserialize)]
pub(crate) struct End {
    /// `end`.
    pub(crate) event: String,
    /// The lines before this one.
    pub(crate) lines: u64,
    /// FNV-1a (64 bits, hex) of those lines, each with its newline.
    pub(crate) fnv64: String,
}

/// Renders a report: the summary, then the lists (and the [`End`] line with
/// `json`).
pub(crate) fn render(r: &Report, of: &Of<'_>, json: bool) -> CliResult<Vec<u8>> {
    let mut out = Vec::new();
    let t = &r.tally;
    let per = |time: f64| t.deals as f64 / time.max(1e-9);
    let (rate, per_thread, per_cpu) = (per(r.seconds), per(r.thread_seconds), per(r.cpu_seconds));
    // `as` saturates: a rate is a whole number of deals a second.
    let whole = |rate: f64| rate.round() as u64;
    let (params, threads, tasks, stop, merge) = match *of {
        Of::Hunt {
            params,
            threads,
            stop,
        } => (params, threads as u64, 1, stop, false),
        Of::Merge {
            params,
            tasks,
            threads,
        } => (params, threads, tasks, None, true),
    };
    let summary = Summary {
        status: if stop.is_some() {
            Status::Exhausted
        } else {
            Status::Found
        },
        kind: "summary",
        deals: t.deals,
        chunks: t.chunks,
        finished: t.finished,
        loops: t.loops,
        exhausted: t.exhausted,
        cards_of_finished: t.cards_of_finished,
        seconds: Seconds(r.seconds),
        thread_seconds: Seconds(r.thread_seconds),
        cpu_seconds: Seconds(r.cpu_seconds),
        deals_per_second: whole(rate),
        deals_per_second_per_thread: whole(per_thread),
        deals_per_cpu_second: whole(per_cpu),
        threads,
        tasks,
        seed: params.seed,
        shard: &params.shard,
        asked_deals: params.deals,
        asked_seconds: params.seconds,
        fresh: params.fresh,
        max_rounds: params.max_rounds,
        stopped_by: stop,
        text: (
            merge,
            rate,
            per_thread,
            per_cpu,
            t.cards_of_finished as f64 / t.finished.max(1) as f64,
        ),
    };
    output::emit_to(&mut out, json, &summary)?;
    let lists = [
        ("longest by cards", "by-cards", t.by_cards.as_slice()),
        ("longest by tricks", "by-tricks", t.by_tricks.as_slice()),
        ("loops", "loop", t.loop_deals.as_slice()),
    ];
    for (title, kind, list) in lists {
        if json {
            for f in list {
                let (status, cards, tricks) =
                    output::game(&plateau::search::Outcome::Done(f.ending));
                let listed = Listed {
                    status,
                    kind,
                    deal: f.deal.to_string(),
                    cards,
                    tricks,
                };
                write_json(&mut out, &listed)?;
            }
            continue;
        }
        writeln!(out, "{title}:")?;
        if list.is_empty() {
            writeln!(out, "  none found")?;
        }
        for f in list {
            writeln!(
                out,
                "  {:>5} cards {:>4} tricks  {}",
                f.ending.cards, f.ending.tricks, f.deal
            )?;
        }
    }
    if json {
        let end = End {
            event: "end".to_string(),
            lines: out.iter().filter(|&&b| b == b'\n').count() as u64,
            fnv64: format!("{:016x}", fnv64(&out)),
        };
        write_json(&mut out, &end)?;
    }
    Ok(out)
}
