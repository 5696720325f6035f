//! `plateau camicia loops`: constructs deals whose games never end (see
//! `construct.rs` for the method), with a deadline, progress, Ctrl-C, shards
//! and checkpoints; every deal printed is checked by the core's simulation.

use std::convert::Infallible;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};

use plateau::Budget;
use plateau::camicia::hunt::Shard;
use plateau::search::{Outcome, Search};

use super::construct::{self, Construction, Found};
use super::record::checkpoint;
use super::sched::{self, ShardArg};
use super::{CycleInfo, deal_from_args};
use crate::Io;
use crate::error::{CliError, CliResult, Exit};
use crate::limits::{self, Budgets, Limits, SECONDS_NAME};
use crate::outfile::OutFile;
use crate::output::{self, Answer, Outbox, Status, Stop};
use crate::progress::{self, Progress};

/// The time limit without `--seconds` or `--max-steps`.
const DEFAULT_SECONDS: f64 = 10.0;
/// Seconds between checkpoints, by default.
const DEFAULT_CHECKPOINT_EVERY: f64 = 60.0;

/// Which deals `loops` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Split {
    /// 26 cards a hand.
    Balanced,
    /// Any split of the 52 cards (both hands non-empty).
    Any,
}

/// Options of `plateau camicia loops`.
#[derive(Args, Debug)]
#[command(mut_arg("max_steps", trials), mut_arg("seconds", |a| a.help(
    "Stop after about this many seconds (default: 10 without --max-steps, else no time limit)"
)))]
pub(crate) struct LoopsArgs {
    /// `--max-steps` (trials, the search's step budget) and `--seconds`.
    #[command(flatten)]
    budgets: Budgets,
    /// Seed of the trials.
    #[arg(long, default_value_t = 1, value_parser = limits::parse_steps, allow_negative_numbers = true)]
    seed: u64,
    /// Threads playing the trials, 1 to 1024, at most one per processor
    /// (default: SLURM_CPUS_PER_TASK, else the processors this process may
    /// use); the answer is the same for any number.
    #[arg(long, value_name = "T", value_parser = sched::parse_threads, allow_negative_numbers = true)]
    threads: Option<usize>,
    /// Which deals to report: 26 cards a hand, or any split.
    #[arg(long, value_enum, default_value_t = Split::Balanced)]
    split: Split,
    /// This task's part of a larger search: shard K of N draws its own trials
    /// (from 1/1 to N/N), or `auto` from a Slurm array or an Indexed Job.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = sched::parse_shard, allow_hyphen_values = true)]
    shard: ShardArg,
    /// More looping deals to start from (compact A/B), besides Casella et
    /// al.'s; repeat the flag for several.
    #[arg(long, value_name = "DEAL", allow_hyphen_values = true)]
    from: Vec<String>,
    /// Save the search's state to FILE (atomically) every --checkpoint-every
    /// seconds and at the end, and resume from it when it exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, value_name = SECONDS_NAME, default_value_t = DEFAULT_CHECKPOINT_EVERY,
          value_parser = limits::parse_seconds, allow_negative_numbers = true, requires = "checkpoint")]
    checkpoint_every: f64,
}

/// `--max-steps` of `loops`: trials, no limit by default.
fn trials(arg: clap::Arg) -> clap::Arg {
    limits::unlimited_steps(arg).help("Stop after exactly this many trials (perturbed deals played), the search's step budget: reproducible unless --seconds stops it first (default: no trial limit)")
}

/// A checkpoint: the parameters, the trials made and the cycles found (by
/// their canonical deals and the trial that found each: the construction is
/// rebuilt from them exactly).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Checkpoint {
    kind: String,
    seed: u64,
    shard: String,
    split: Split,
    from: Vec<String>,
    trials: u64,
    loops: u64,
    seconds: f64,
    found: Vec<FoundBy>,
}

/// A cycle found, in a checkpoint: its canonical deal, and its trial.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct FoundBy {
    canonical: String,
    trial: u64,
}

/// The `kind` of a checkpoint of `loops`.
const CHECKPOINT_KIND: &str = "loops-checkpoint";

/// A cycle: its id, one turn's tricks and cards.
#[derive(Serialize, Debug)]
struct CycleTurn {
    id: String,
    tricks: u64,
    cards: u64,
}

impl CycleTurn {
    fn of(cycle: &plateau::camicia::Cycle) -> Self {
        let info = CycleInfo::of(cycle);
        CycleTurn {
            id: info.id,
            tricks: info.tricks,
            cards: info.cards,
        }
    }
}

/// A cycle line: the cycle, its canonical deal, the deals found for it.
#[derive(Serialize, Debug)]
struct CycleLine<'a> {
    status: Status,
    kind: &'static str,
    #[serde(flatten)]
    cycle: CycleTurn,
    canonical: String,
    /// The states of its tree (from which the cycle is reached).
    tree: usize,
    deals: usize,
    /// The trial that found it (none for a cycle started from): shards'
    /// outputs merge in this order.
    #[serde(skip_serializing_if = "Option::is_none")]
    trial: Option<u64>,
    #[serde(skip)]
    split: &'a str,
}

impl Answer for CycleLine<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "cycle {}: {} tricks and {} cards a turn, {} {} deals among the {} states that reach it; least state {}",
            self.cycle.id,
            self.cycle.tricks,
            self.cycle.cards,
            self.deals,
            self.split,
            self.tree,
            self.canonical
        )
    }
}

/// A deal line: a deal, its game, its cycle.
#[derive(Serialize, Debug)]
struct DealLine {
    status: Status,
    kind: &'static str,
    deal: String,
    cards: u64,
    tricks: u64,
    cycle: CycleInfo,
}

impl Answer for DealLine {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "  {}  loop, cards: {}, tricks: {}; {}",
            self.deal, self.cards, self.tricks, self.cycle
        )
    }
}

/// The last line.
#[derive(Serialize, Debug)]
struct Summary {
    status: Status,
    kind: &'static str,
    /// Distinct cycles found (those started from included).
    cycles: usize,
    /// Cycles with at least one deal of the wanted split.
    cycles_with_deals: usize,
    deals: usize,
    /// The cycle with the most tricks a turn (then cards; the first found
    /// of equals).
    longest: Option<CycleTurn>,
    trials: u64,
    /// Trials whose deal looped (into any cycle).
    looped: u64,
    seconds: f64,
    trials_per_second: u64,
    seed: u64,
    shard: String,
    split: Split,
    #[serde(skip_serializing_if = "Option::is_none")]
    asked_steps: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    asked_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
}

impl Answer for Summary {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let split = match self.split {
            Split::Balanced => "balanced",
            Split::Any => "looping",
        };
        writeln!(
            out,
            "{}: {} distinct cycles, {} of them reached by {} {split} deals; {} trials ({} looped) in {:.1} s",
            self.status,
            self.cycles,
            self.cycles_with_deals,
            self.deals,
            self.trials,
            self.looped,
            self.seconds
        )?;
        if let Some(c) = &self.longest {
            writeln!(
                out,
                "longest cycle: {}, {} tricks and {} cards a turn",
                c.id, c.tricks, c.cards
            )?;
        }
        if let Some(stop) = self.stopped_by {
            writeln!(out, "stopped by {}", stop.flag())?;
        }
        Ok(())
    }
}

/// The seed of the trials' random streams: the search's seed alone (the
/// shards of a search make its trials, each from its own number).
fn stream(seed: u64) -> u64 {
    seed.wrapping_mul(0xd134_2543_de82_ef95)
}

/// The seconds a resumed run has left of `seconds` (none: no limit) after
/// the `spent` its checkpoint counts: none below 0.
fn time_left(seconds: Option<f64>, spent: f64) -> Option<f64> {
    seconds.map(|s| (s - spent).max(0.0))
}

/// The trials shard `k` of `n` makes of a search of `trials` in all: trial
/// numbers `k-1, k-1+n, ...` below `trials`.
fn share(trials: u64, shard: Shard) -> u64 {
    let first = shard.k() - 1;
    if trials > first {
        (trials - first - 1) / shard.n() + 1
    } else {
        0
    }
}

/// Runs `plateau camicia loops`.
///
/// A signal anywhere in it stops the search and is answered with the summary
/// (the checkpoint saved first), even when the output is held up by a reader
/// that stopped reading: the lines are written by a thread of their own.
pub(crate) fn run(args: &LoopsArgs, json: bool, io: &mut Io<'_>) -> CliResult<Exit> {
    let _section = progress::Interruptible::open();
    let started = Instant::now();
    let shard = sched::shard(args.shard, |v| std::env::var(v).ok())
        .map_err(|why| CliError::new(format!("--shard: {why}")))?;
    let shard_text = format!("{}/{}", shard.k(), shard.n());
    let threads = sched::threads(args.threads, |v| std::env::var(v).ok()).map_err(CliError::new)?;
    // More threads than processors would only wait for each other.
    let threads = threads.min(std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut starts = vec![plateau::camicia::CASELLA_2024.to_string()];
    for text in &args.from {
        let deal = deal_from_args(std::slice::from_ref(text))?;
        let Some(state) =
            super::narrow(&deal).filter(|s| construct::looping(s, u64::MAX).is_some())
        else {
            return Err(CliError::new(format!(
                "--from {}: not a deal of at most 64 cards whose game loops",
                crate::error::shorten(text)
            )));
        };
        starts.push(construct::text(&state));
    }
    let checkpoint = match &args.checkpoint {
        Some(p) => Some((p.clone(), OutFile::check_file("--checkpoint", p)?)),
        None => None,
    };
    let mut params = Checkpoint {
        kind: CHECKPOINT_KIND.into(),
        seed: args.seed,
        shard: shard_text.clone(),
        split: args.split,
        from: starts.clone(),
        trials: 0,
        loops: 0,
        seconds: 0.0,
        found: Vec::new(),
    };
    let resumed = match &checkpoint {
        Some((path, _)) if path.exists() => Some(load(path, &params)?),
        _ => None,
    };
    let mut c = Construction::new(stream(args.seed), args.split == Split::Balanced);
    for text in &starts {
        let deal: plateau::camicia::Deal = text
            .parse()
            .map_err(|e: plateau::camicia::CamiciaError| CliError::new(e.to_string()))?;
        c.add(&deal, None);
    }
    let mut spent = 0.0;
    if let Some((path, saved)) = checkpoint.as_ref().map(|(p, _)| p).zip(resumed.as_ref()) {
        for found in &saved.found {
            let deal: plateau::camicia::Deal = found.canonical.parse().map_err(|e| {
                checkpoint::error(
                    path,
                    format!("cycle {}: {e}", crate::error::shorten(&found.canonical)),
                )
            })?;
            c.add(&deal, Some(found.trial));
        }
        c.trials = saved.trials;
        c.loops = saved.loops;
        spent = saved.seconds;
    }
    let seconds = match (args.budgets.seconds, args.budgets.steps()) {
        (None, None) => Some(DEFAULT_SECONDS),
        // `--seconds inf`: no time limit.
        (s, _) => limits::finite(s),
    };
    let mine = args.budgets.steps().map(|m| share(m, shard));
    let limits = Limits {
        max_steps: mine.unwrap_or(u64::MAX),
        deadline: limits::deadline(time_left(seconds, spent)),
    };
    let progress = Progress::new(io, json, "trials", mine);
    let mut printer = Printer {
        split: args.split,
        printed: 0,
        deals: 0,
    };
    output::with_outbox(io.out, json, |outbox| {
        let open = printer.flush(&c, outbox)?;
        let mut trials = Trials {
            c: &mut c,
            shard,
            threads,
            mine,
            open,
            printer: &mut printer,
            outbox,
            checkpoint: checkpoint.as_ref().map(|(_, file)| file),
            every: args.checkpoint_every,
            last_save: Instant::now(),
            params: &mut params,
            spent,
            started,
        };
        let (_, stop) = limits::drive(&mut trials, &limits, &progress, |_, _, _| {})?;
        drop(progress);
        let seconds_now = spent + started.elapsed().as_secs_f64();
        // Saved before the summary is queued: a reader that stopped reading
        // holds up the summary, never the checkpoint.
        if let Some((_, file)) = &checkpoint {
            save(file, &mut params, &c, seconds_now)?;
        }
        // The first found of those with the most tricks (then cards).
        let longest = c
            .cycles
            .iter()
            .rev()
            .max_by_key(|f| (f.cycle.tricks, f.cycle.cards))
            .map(|f| CycleTurn::of(&f.cycle));
        let summary = Summary {
            status: if stop.is_some() {
                Status::Exhausted
            } else {
                Status::Found
            },
            kind: "summary",
            cycles: c.cycles.len(),
            cycles_with_deals: c.cycles.iter().filter(|f| !f.deals.is_empty()).count(),
            deals: printer.deals,
            longest,
            trials: c.trials,
            looped: c.loops,
            seconds: (seconds_now * 1000.0).round() / 1000.0,
            trials_per_second: (c.trials as f64 / seconds_now.max(1e-9)) as u64,
            seed: args.seed,
            shard: shard_text,
            split: args.split,
            asked_steps: args.budgets.steps(),
            asked_seconds: limits::finite(args.budgets.seconds),
            stopped_by: stop,
        };
        outbox.emit(&summary)?;
        Ok(())
    })?;
    Ok(Exit::Answered)
}

/// The construction's trials as a search driven by [`limits::drive`]: its
/// unit a trial, over once this shard's share of `--max-steps` is made or
/// the output's reader has stopped reading. Between trials it prints the
/// cycles found and saves the checkpoint when due.
struct Trials<'a> {
    c: &'a mut Construction,
    shard: Shard,
    threads: usize,
    /// This shard's share of `--max-steps`.
    mine: Option<u64>,
    /// Whether the output's writer still takes lines.
    open: bool,
    printer: &'a mut Printer,
    outbox: &'a Outbox,
    checkpoint: Option<&'a OutFile>,
    /// Seconds between checkpoints, and the last save.
    every: f64,
    last_save: Instant,
    params: &'a mut Checkpoint,
    /// Seconds spent before this run (a resumed checkpoint's), and its start.
    spent: f64,
    started: Instant,
}

impl Search for Trials<'_> {
    type Done = u64;
    type NoSolution = Infallible;
    type Best = u64;
    type Error = CliError;

    fn run(&mut self, budget: Budget) -> CliResult<Outcome<u64>> {
        let mut end = self.c.trials.saturating_add(budget.get());
        if let Some(m) = self.mine {
            end = end.min(m);
        }
        // This shard's i-th trial is trial `shard.chunk(i)` of the search.
        if self.open {
            let numbers: Vec<u64> = (self.c.trials..end).map(|i| self.shard.chunk(i)).collect();
            self.c.trials(&numbers, self.threads);
        }
        self.open &= self.printer.flush(self.c, self.outbox)?;
        if let Some(file) = self.checkpoint
            && self.last_save.elapsed().as_secs_f64() >= self.every
        {
            let seconds = self.spent + self.started.elapsed().as_secs_f64();
            save(file, self.params, self.c, seconds)?;
            self.last_save = Instant::now();
        }
        let trials = self.c.trials;
        Ok(if !self.open || self.mine.is_some_and(|m| trials >= m) {
            Outcome::Done(trials)
        } else {
            Outcome::Exhausted {
                best: trials,
                spent: trials,
            }
        })
    }

    fn spent(&self) -> u64 {
        self.c.trials
    }
}

/// Prints the cycles found since the last call, each with its deals.
struct Printer {
    split: Split,
    /// Cycles printed so far.
    printed: usize,
    /// Deals printed so far.
    deals: usize,
}

impl Printer {
    /// Queues the cycles found since the last call; `false` once the
    /// output's writer has stopped.
    fn flush(&mut self, c: &Construction, outbox: &Outbox) -> CliResult<bool> {
        for found in c.cycles.iter().skip(self.printed) {
            if !self.cycle(found, outbox)? {
                return Ok(false);
            }
            self.printed += 1;
        }
        Ok(true)
    }

    fn cycle(&mut self, found: &Found, outbox: &Outbox) -> CliResult<bool> {
        let split = match self.split {
            Split::Balanced => "balanced",
            Split::Any => "looping",
        };
        let line = CycleLine {
            status: Status::Loop,
            kind: "cycle",
            cycle: CycleTurn::of(&found.cycle),
            canonical: construct::text(&found.cycle.canonical()),
            tree: found.tree,
            deals: found.deals.len(),
            trial: found.trial,
            split,
        };
        let mut open = outbox.emit(&line)?;
        for (state, end, cycle) in &found.deals {
            let line = DealLine {
                status: Status::Loop,
                kind: "deal",
                deal: construct::text(state),
                cards: end.cards,
                tricks: end.tricks,
                cycle: CycleInfo::of(cycle),
            };
            open &= outbox.emit(&line)?;
            self.deals += 1;
        }
        Ok(open)
    }
}

/// Saves the checkpoint.
fn save(file: &OutFile, params: &mut Checkpoint, c: &Construction, seconds: f64) -> CliResult {
    params.trials = c.trials;
    params.loops = c.loops;
    params.seconds = seconds;
    // The cycles started from are rebuilt from `from`.
    params.found = c
        .cycles
        .iter()
        .filter_map(|f| {
            f.trial.map(|trial| FoundBy {
                canonical: construct::text(&f.cycle.canonical()),
                trial,
            })
        })
        .collect();
    let mut text = serde_json::to_string(params).map_err(|e| CliError::new(e.to_string()))?;
    text.push('\n');
    file.write_file(text.as_bytes())
}

/// Reads the checkpoint at `path`, in the words of the hunt's (the same
/// bounded reader): it must be of the search `params` describes.
fn load(path: &std::path::Path, params: &Checkpoint) -> CliResult<Checkpoint> {
    let fail = |why: String| checkpoint::error(path, why);
    let text = checkpoint::read_text(path)?;
    let saved: Checkpoint = serde_json::from_str(text.trim())
        .ok()
        .filter(|c: &Checkpoint| c.kind == CHECKPOINT_KIND)
        .ok_or_else(|| fail("not a checkpoint of `camicia loops`".into()))?;
    let differs = |what: &str, there: String, here: String| {
        fail(format!(
            "of another search: {what} {there} there, {here} here"
        ))
    };
    if saved.seed != params.seed {
        return Err(differs(
            "--seed",
            saved.seed.to_string(),
            params.seed.to_string(),
        ));
    }
    if saved.shard != params.shard {
        return Err(differs(
            "--shard",
            saved.shard.clone(),
            params.shard.clone(),
        ));
    }
    if saved.split != params.split {
        return Err(differs(
            "--split",
            format!("{:?}", saved.split).to_lowercase(),
            format!("{:?}", params.split).to_lowercase(),
        ));
    }
    if saved.from != params.from {
        return Err(differs(
            "--from",
            saved.from.join(" "),
            params.from.join(" "),
        ));
    }
    Ok(saved)
}

#[cfg(test)]
mod tests {
    use super::time_left;

    #[test]
    fn a_resumed_run_has_what_its_checkpoint_left() {
        assert_eq!(time_left(Some(10.0), 4.0), Some(6.0));
        assert_eq!(time_left(Some(10.0), 0.0), Some(10.0));
        assert_eq!(time_left(Some(10.0), 25.0), Some(0.0));
        assert_eq!(time_left(None, 25.0), None);
    }
}
