//! `plateau camicia loops`: constructs deals whose games never end (see
//! `construct.rs` for the method), with a deadline, progress, Ctrl-C, shards
//! and checkpoints; every deal printed is checked by the core's simulation.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};

use super::construct::{Construction, Found, State};
use super::sched::{self, ShardArg};
use super::{CycleInfo, deal_from_args};
use crate::Io;
use crate::error::{CliError, CliResult, Exit};
use crate::input::read_text;
use crate::limits::{self, SECONDS_NAME, STEPS_NAME};
use crate::outfile::OutFile;
use crate::output::{self, Answer, Status, Stop};
use crate::progress::{self, Progress};

/// The time limit without `--seconds` or `--max-steps`.
const DEFAULT_SECONDS: f64 = 10.0;
/// Seconds between checkpoints, by default.
const DEFAULT_CHECKPOINT_EVERY: f64 = 60.0;
/// The deal the construction starts from: Casella et al. 2024.
pub(crate) const CASELLA: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";

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
pub(crate) struct LoopsArgs {
    /// Stop after about this many seconds (default: 10 without --max-steps,
    /// else no time limit).
    #[arg(long, value_name = SECONDS_NAME, value_parser = limits::parse_seconds, allow_negative_numbers = true)]
    seconds: Option<f64>,
    /// Stop after exactly this many trials (perturbed deals played), the
    /// search's step budget: reproducible unless --seconds stops it first
    /// (default: no trial limit).
    #[arg(long, value_name = STEPS_NAME, value_parser = limits::parse_steps, allow_negative_numbers = true)]
    max_steps: Option<u64>,
    /// Seed of the trials.
    #[arg(long, default_value_t = 1, value_parser = limits::parse_steps, allow_negative_numbers = true)]
    seed: u64,
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

/// A checkpoint: the parameters, the trials made and the cycles found (by
/// their canonical deals, in the order found: the construction is rebuilt
/// from them exactly).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Checkpoint {
    kind: String,
    seed: u64,
    shard: String,
    split: Split,
    from: Vec<String>,
    trials: u64,
    loops: u64,
    seconds: f64,
    cycles: Vec<String>,
}

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
    /// The cycle with the most tricks a turn.
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

/// Runs `plateau camicia loops`.
pub(crate) fn run(args: &LoopsArgs, json: bool, io: &mut Io<'_>) -> CliResult<Exit> {
    let started = Instant::now();
    let shard = sched::shard(args.shard, |v| std::env::var(v).ok())
        .map_err(|why| CliError::new(format!("--shard: {why}")))?;
    let shard_text = format!("{}/{}", shard.k(), shard.n());
    let mut starts = vec![CASELLA.to_string()];
    for text in &args.from {
        let deal = deal_from_args(std::slice::from_ref(text))?;
        let state = State::of_deal(&deal);
        if state.lead.len() + state.other.len() > 64
            || super::construct::looping(&state, u64::MAX).is_none()
        {
            return Err(CliError::new(format!(
                "--from {}: not a deal of at most 64 cards whose game loops",
                crate::error::shorten(text)
            )));
        }
        starts.push(state.text());
    }
    let stream = args.seed.wrapping_mul(0xd134_2543_de82_ef95) ^ shard.k().rotate_left(32);
    let mut c = Construction::new(stream, args.split == Split::Balanced);
    let mut printer = Printer {
        json,
        split: args.split,
        printed: 0,
        deals: 0,
    };
    let mut spent = 0.0;
    let checkpoint = match &args.checkpoint {
        Some(p) if p.as_os_str() == "-" => {
            return Err(CliError::new(
                "--checkpoint -: a checkpoint is a file, not the standard output",
            ));
        }
        Some(p) => Some((p.clone(), OutFile::check(p)?)),
        None => None,
    };
    let mut params = Checkpoint {
        kind: "checkpoint".into(),
        seed: args.seed,
        shard: shard_text.clone(),
        split: args.split,
        from: starts.clone(),
        trials: 0,
        loops: 0,
        seconds: 0.0,
        cycles: Vec::new(),
    };
    let resumed = match &checkpoint {
        Some((path, _)) if path.exists() => Some(load(path, &params, io)?),
        _ => None,
    };
    for text in &starts {
        let state = State::of_deal(
            &text
                .parse::<plateau::camicia::Deal>()
                .map_err(|e| CliError::new(e.to_string()))?,
        );
        c.add(&state);
    }
    if let Some(saved) = &resumed {
        for text in &saved.cycles {
            let deal = text
                .parse::<plateau::camicia::Deal>()
                .map_err(|e| CliError::new(format!("checkpoint: cycle {text}: {e}")))?;
            c.add(&State::of_deal(&deal));
        }
        c.trials = saved.trials;
        c.loops = saved.loops;
        spent = saved.seconds;
    }
    printer.flush(&c, io)?;
    let seconds = match (args.seconds, args.max_steps) {
        (None, None) => Some(DEFAULT_SECONDS),
        (s, _) => s,
    };
    let deadline = limits::deadline(seconds.map(|s| (s - spent).max(0.0)));
    let progress = Progress::new(io, json, "trials", args.max_steps);
    let _section = progress::Interruptible::open();
    let mut last_save = Instant::now();
    let stop = loop {
        if args.max_steps.is_some_and(|m| c.trials >= m) {
            break None;
        }
        if progress::interrupted() {
            break Some(Stop::Interrupt);
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Some(Stop::Seconds);
        }
        // A batch of trials between the checks of the clock.
        for _ in 0..64 {
            if args.max_steps.is_some_and(|m| c.trials >= m) {
                break;
            }
            c.trial();
        }
        printer.flush(&c, io)?;
        progress.set(c.trials);
        if let Some((_, file)) = &checkpoint
            && last_save.elapsed().as_secs_f64() >= args.checkpoint_every
        {
            save(
                file,
                &mut params,
                &c,
                spent + started.elapsed().as_secs_f64(),
            )?;
            last_save = Instant::now();
        }
    };
    drop(progress);
    let seconds_now = spent + started.elapsed().as_secs_f64();
    if let Some((_, file)) = &checkpoint {
        save(file, &mut params, &c, seconds_now)?;
    }
    let longest = c
        .cycles
        .iter()
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
        asked_steps: args.max_steps,
        asked_seconds: args.seconds,
        stopped_by: stop,
    };
    output::emit(io, json, &summary)?;
    Ok(Exit::Answered)
}

/// Prints the cycles found since the last call, each with its deals.
struct Printer {
    json: bool,
    split: Split,
    /// Cycles printed so far.
    printed: usize,
    /// Deals printed so far.
    deals: usize,
}

impl Printer {
    fn flush(&mut self, c: &Construction, io: &mut Io<'_>) -> CliResult {
        for found in c.cycles.iter().skip(self.printed) {
            self.cycle(found, io)?;
        }
        self.printed = c.cycles.len();
        Ok(())
    }

    fn cycle(&mut self, found: &Found, io: &mut Io<'_>) -> CliResult {
        let split = match self.split {
            Split::Balanced => "balanced",
            Split::Any => "looping",
        };
        let line = CycleLine {
            status: Status::Loop,
            kind: "cycle",
            cycle: CycleTurn::of(&found.cycle),
            canonical: State::of_deal(&found.cycle.canonical()).text(),
            tree: found.tree,
            deals: found.deals.len(),
            split,
        };
        output::emit(io, self.json, &line)?;
        for (state, end, cycle) in &found.deals {
            let line = DealLine {
                status: Status::Loop,
                kind: "deal",
                deal: state.text(),
                cards: end.cards,
                tricks: end.tricks,
                cycle: CycleInfo::of(cycle),
            };
            output::emit(io, self.json, &line)?;
            self.deals += 1;
        }
        Ok(())
    }
}

/// Saves the checkpoint.
fn save(file: &OutFile, params: &mut Checkpoint, c: &Construction, seconds: f64) -> CliResult {
    params.trials = c.trials;
    params.loops = c.loops;
    params.seconds = seconds;
    // The cycles started from are rebuilt from `from`.
    params.cycles = c
        .cycles
        .iter()
        .skip(params.from.len())
        .map(|f| State::of_deal(&f.cycle.canonical()).text())
        .collect();
    let mut text = serde_json::to_string(params).map_err(|e| CliError::new(e.to_string()))?;
    text.push('\n');
    file.write(text.as_bytes(), &mut std::io::sink())
}

/// Reads the checkpoint at `path`: it must be of the search `params` describes.
fn load(path: &std::path::Path, params: &Checkpoint, io: &mut Io<'_>) -> CliResult<Checkpoint> {
    let fail = |why: String| CliError::new(format!("checkpoint {}: {why}", path.display()));
    let text = read_text(Some(path), io)?;
    let saved: Checkpoint = serde_json::from_str(text.trim())
        .map_err(|e| fail(format!("not a checkpoint of `camicia loops` ({e})")))?;
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
            format!("{:?}", saved.split),
            format!("{:?}", params.split),
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
