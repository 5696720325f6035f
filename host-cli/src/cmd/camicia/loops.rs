//! `plateau camicia loops`: constructs deals whose games never end (see
//! `construct.rs` for the method), with a deadline, progress, Ctrl-C, shards
//! and checkpoints; every deal printed is checked by the core's simulation.

use std::convert::Infallible;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use plateau::Budget;
use plateau::camicia::hunt::Shard;
use plateau::search::{Outcome, Search};

use super::construct::{self, Construction};
use super::deal_from_args;
use super::deck::{self, Deck};
use super::record::checkpoint;
use super::record::loops::{CycleLines, Params, Record, Split, Writer, render, share};
use super::sched::{self, ShardArg};
use crate::Io;
use crate::error::{CliError, CliResult, Exit};
use crate::limits::{self, Budgets, Limits, SECONDS_NAME};
use crate::outfile::{self, OutFile};
use crate::output::{self, Outbox};
use crate::progress::{self, Progress};

/// The time limit without `--seconds` or `--max-steps`.
const DEFAULT_SECONDS: f64 = 10.0;
/// Seconds between checkpoints, by default.
const DEFAULT_CHECKPOINT_EVERY: f64 = 60.0;

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
    /// Which deals to report: half the deck a hand (26 cards of the
    /// standard 52), or any split.
    #[arg(long, value_enum, default_value_t = Split::Balanced)]
    split: Split,
    /// The deck: `standard` (52 cards: 36 number cards, 4 each of J, Q, K
    /// and A), `italian` (40: 28 number cards, 4 each of J, Q and K), or
    /// counts such as `numbers=8,J=2,Q=2,K=2,A=2` (2 to 64 cards). The
    /// standard deck starts from Casella et al.'s cycle; any other, with no
    /// --from, from shuffles of the deck.
    #[arg(long, value_name = "DECK", default_value = "standard", value_parser = deck::parse)]
    deck: Deck,
    /// This task's part of a larger search: shard K of N draws its own trials
    /// (from 1/1 to N/N), or `auto` from a Slurm array or an Indexed Job.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = sched::parse_shard, allow_hyphen_values = true)]
    shard: ShardArg,
    /// More looping deals of the deck to start from (compact A/B), besides
    /// Casella et al.'s (standard deck); repeat the flag for several.
    #[arg(long, value_name = "DEAL", allow_hyphen_values = true)]
    from: Vec<String>,
    /// Save the search's output so far to FILE (atomically) every
    /// --checkpoint-every seconds and at the end, and resume from it when it
    /// exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, value_name = SECONDS_NAME, default_value_t = DEFAULT_CHECKPOINT_EVERY,
          value_parser = limits::parse_seconds, allow_negative_numbers = true, requires = "checkpoint")]
    checkpoint_every: f64,
    /// Write the final report to FILE (atomically: whole or not at all) instead
    /// of the standard output; `-` is the standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `--max-steps` of `loops`: trials, no limit by default.
fn trials(arg: clap::Arg) -> clap::Arg {
    limits::unlimited_steps(arg).help("Stop after exactly this many trials (perturbed deals played; every 32749th anneals a belt), the search's step budget: reproducible unless --seconds stops it first (default: no trial limit)")
}

/// The seed of the trials' random streams: the search's seed alone (the
/// shards of a search make its trials, each from its own number).
pub(crate) fn stream(seed: u64) -> u64 {
    seed.wrapping_mul(0xd134_2543_de82_ef95)
}

/// The seconds a resumed run has left of `seconds` (none: no limit) after
/// the `spent` its checkpoint counts: none below 0.
fn time_left(seconds: Option<f64>, spent: f64) -> Option<f64> {
    seconds.map(|s| (s - spent).max(0.0))
}

/// Runs `plateau camicia loops`.
///
/// A signal anywhere in it stops the search and is answered with the summary
/// (the checkpoint saved first), even when the output is held up by a reader
/// that stopped reading: the lines are written by a thread of their own.
/// With `--output FILE` nothing is streamed: the file is written whole at
/// the end.
pub(crate) fn run(args: &LoopsArgs, json: bool, io: &mut Io<'_>) -> CliResult<Exit> {
    let _section = progress::Interruptible::open();
    let started = Instant::now();
    let shard = sched::shard(args.shard, |v| std::env::var(v).ok())
        .map_err(|why| CliError::new(format!("--shard: {why}")))?;
    let threads = sched::threads(args.threads, |v| std::env::var(v).ok()).map_err(CliError::new)?;
    // More threads than processors would only wait for each other.
    let threads = threads.min(std::thread::available_parallelism().map_or(1, |n| n.get()));
    if args.split == Split::Balanced && args.deck.total() % 2 == 1 {
        return Err(CliError::new(format!(
            "--deck {}: {} cards, which do not split in half: use an even deck or --split any",
            args.deck,
            args.deck.total()
        )));
    }
    let mut from = Vec::new();
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
        if Deck::of(&state) != args.deck {
            return Err(CliError::new(format!(
                "--from {}: a deal of the {} deck, not of the {} deck (--deck)",
                crate::error::shorten(text),
                Deck::of(&state),
                args.deck
            )));
        }
        from.push(construct::text(&state));
    }
    let params = Params {
        seed: args.seed,
        shard,
        split: args.split,
        deck: args.deck,
        from,
        steps: args.budgets.steps(),
        seconds: limits::finite(args.budgets.seconds),
    };
    let (output, checkpoint) =
        outfile::output_and_checkpoint(args.output.as_deref(), args.checkpoint.as_deref())?;
    let mine = args.budgets.steps().map(|m| share(m, shard));
    let resumed = match &checkpoint {
        Some((path, _)) if path.exists() => Some((path, checkpoint::load_loops(path, &params)?)),
        _ => None,
    };
    let mut c = Construction::new(stream(args.seed), args.deck, args.split == Split::Balanced);
    let published = (args.deck == Deck::STANDARD).then_some(plateau::camicia::CASELLA_2024);
    let starts = published
        .into_iter()
        .chain(params.from.iter().map(String::as_str));
    for text in starts {
        let deal: plateau::camicia::Deal = text
            .parse()
            .map_err(|e: plateau::camicia::CamiciaError| CliError::new(e.to_string()))?;
        c.add(&deal, None);
    }
    let mut spent = 0.0;
    if let Some((path, saved)) = &resumed {
        rebuild(&mut c, path, saved)?;
        spent = saved.seconds;
    }
    let seconds = match (args.budgets.seconds, args.budgets.steps()) {
        (None, None) => Some(DEFAULT_SECONDS),
        // `--seconds inf`: no time limit.
        (s, _) => limits::finite(s),
    };
    let limits = Limits {
        max_steps: mine.unwrap_or(u64::MAX),
        deadline: limits::deadline(time_left(seconds, spent)),
    };
    let progress = Progress::new(io, json, "trials", mine);
    let mut printer = Printer {
        writer: Writer::new(json, args.split),
        record: Record {
            params,
            cycles: Vec::new(),
            trials: 0,
            looped: 0,
            seconds: spent,
            threads: threads as u64,
            tasks: 1,
            complete: false,
            stop: None,
        },
    };
    // Streamed to the standard output; for a file, written whole at the end.
    let mut sink = io::sink();
    let stream_to: &mut (dyn Write + Send) = if output.is_stdout() {
        io.out
    } else {
        &mut sink
    };
    // A file gets no lines as it goes: its reader is never asked about.
    let reader_gone = io.reader_gone.filter(|_| output.is_stdout());
    output::with_outbox(stream_to, reader_gone, |outbox| {
        printer.flush(&c, outbox)?;
        let open = outbox.open();
        let mut trials = Trials {
            c: &mut c,
            limits: &limits,
            shard,
            threads,
            mine,
            open,
            printer: &mut printer,
            outbox,
            checkpoint: checkpoint.as_ref().map(|(_, file)| file),
            every: args.checkpoint_every,
            last_save: Instant::now(),
            spent,
            started,
        };
        let (_, stop) = limits::drive(&mut trials, &limits, &progress, |_, _, _| {})?;
        // A search its reader left is cut short, not complete: its
        // checkpoint resumes it.
        let read_to_the_end = trials.open;
        drop(progress);
        printer.counts(&c, spent + started.elapsed().as_secs_f64());
        printer.record.complete = stop.is_none() && read_to_the_end;
        printer.record.stop = stop;
        // Saved before the summary is queued: a reader that stopped reading
        // holds up the summary, never the checkpoint.
        if let Some((_, file)) = &checkpoint {
            checkpoint::save_loops(file, &printer.record)?;
        }
        outbox.send(printer.writer.end(&printer.record)?);
        Ok(())
    })?;
    if !output.is_stdout() {
        output.write(&render(&printer.record, json)?, io.out, io.err)?;
    }
    Ok(Exit::Answered)
}

/// Rebuilds the construction of the checkpoint `saved` (at `path`) into
/// `c`, which holds the cycles started from: each cycle found, from its
/// canonical deal and trial, and the counts. What it rebuilds must be what
/// was saved, line for line: a checkpoint of another search, or of a
/// plateau that searches otherwise, is refused.
fn rebuild(c: &mut Construction, path: &Path, saved: &Record) -> CliResult {
    for cycle in &saved.cycles {
        let Some(trial) = cycle.line.trial else {
            continue;
        };
        let deal: plateau::camicia::Deal = cycle
            .line
            .canonical()
            .parse()
            .map_err(|e| checkpoint::error(path, format!("cycle {}: {e}", cycle.line.id())))?;
        c.add(&deal, Some(trial));
    }
    let rebuilt: Vec<CycleLines> = c.cycles.iter().map(CycleLines::of).collect();
    if rebuilt != saved.cycles {
        let same = rebuilt
            .iter()
            .zip(&saved.cycles)
            .take_while(|(a, b)| a == b);
        let id = saved
            .cycles
            .get(same.count())
            .map_or("none", |c| c.line.id());
        return Err(checkpoint::error(
            path,
            format!(
                "cycle {id}: not as this search rebuilds it (a checkpoint of another search, or of another plateau)"
            ),
        ));
    }
    c.trials = saved.trials;
    c.loops = saved.looped;
    Ok(())
}

/// The construction's trials as a search driven by [`limits::drive`]: its
/// unit a trial, over once this shard's share of `--max-steps` is made or
/// the output's reader has stopped reading. Between trials it prints the
/// cycles found and saves the checkpoint when due.
struct Trials<'a> {
    c: &'a mut Construction,
    /// The deadline and Ctrl-C, which a belt trial asks as it goes.
    limits: &'a Limits,
    shard: Shard,
    threads: usize,
    /// This shard's share of `--max-steps`.
    mine: Option<u64>,
    /// Whether the output's writer still takes lines.
    open: bool,
    printer: &'a mut Printer,
    outbox: &'a Outbox<'a>,
    checkpoint: Option<&'a OutFile>,
    /// Seconds between checkpoints, and the last save.
    every: f64,
    last_save: Instant,
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
            let limits = self.limits;
            self.c
                .trials(&numbers, self.threads, &|| limits.stop_now().is_some());
        }
        self.printer.flush(self.c, self.outbox)?;
        self.open &= self.outbox.open();
        if let Some(file) = self.checkpoint
            && self.last_save.elapsed().as_secs_f64() >= self.every
        {
            // The output so far, as a search under way.
            self.printer
                .counts(self.c, self.spent + self.started.elapsed().as_secs_f64());
            checkpoint::save_loops(file, &self.printer.record)?;
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

/// The output as it goes: the record so far (every cycle found, in order),
/// and its writer, which prints each cycle as it is found.
struct Printer {
    writer: Writer,
    record: Record,
}

impl Printer {
    /// Adds the cycles found since the last call to the record and queues
    /// their lines (a writer that has stopped takes none: [`Outbox::open`]
    /// says so).
    fn flush(&mut self, c: &Construction, outbox: &Outbox) -> CliResult {
        for found in c.cycles.iter().skip(self.record.cycles.len()) {
            let cycle = CycleLines::of(found);
            outbox.send(self.writer.cycle(&cycle)?);
            self.record.cycles.push(cycle);
        }
        Ok(())
    }

    /// Sets the record's counts: the construction's, and the `seconds` spent.
    fn counts(&mut self, c: &Construction, seconds: f64) {
        self.record.trials = c.trials;
        self.record.looped = c.loops;
        self.record.seconds = seconds;
    }
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
