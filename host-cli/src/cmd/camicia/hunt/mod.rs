//! `plateau camicia hunt`: the core's record hunt (`plateau::camicia::hunt`)
//! on threads, with a deadline, progress, Ctrl-C, checkpoints and output.
//!
//! The hunt is a sequence of chunks, each deterministic for `(seed, shard,
//! chunk)`; the threads take the next chunk as they free up, and each chunk's
//! tally goes to a [`Ledger`] that adds the chunks up in their order. So the
//! ledger always holds exactly the first chunks, which is all a checkpoint
//! needs (with the time spent), and a hunt's answer depends on the seed, the
//! shard and the number of chunks, never on the threads, on timing or on
//! where it was stopped and resumed.
//!
//! Three steps: [`plan`] checks everything the hunt will need before it
//! starts (the shard, the threads, the output and checkpoint files, the
//! checkpoint to resume); [`drive`] runs the threads while the main thread
//! drives them as it drives any search, through the one driver
//! (`limits::drive`): a [`Watch`] is the hunt seen from there, a search whose
//! runs wait while the threads play their budget of deals; [`finish`] saves
//! the checkpoint and writes the report, or pauses.
//!
//! A stop (`--seconds`, Ctrl-C, SIGTERM) ends the hunt with the chunks
//! played so far: the threads take no new chunk, the main thread waits for
//! the chunks under way for at most [`GRACE`], then reports the ledger. A
//! chunk not finished by then is left out, whole: with more threads than
//! processors a chunk can take seconds of wall time, and the answer does not
//! wait for it. The deadline is the driver's alone (the watch answers it
//! between two looks at the workers); the workers only obey the halt.
//!
//! More threads than processors (`--threads` follows Slurm's allocation,
//! which a busy node can exceed): only one worker per processor plays, the
//! others wait for a turn ([`Turns`]), so that the main thread never queues
//! behind a crowd of running workers, and the main thread only ever *tries*
//! a worker's lock (`Watch::collect`). The pool and the watch are in
//! `pool.rs`; this file is the command: its arguments, plan, drive, finish. `tests/interrupt.rs` holds
//! `--seconds 1` and Ctrl-C on 1,024 threads to the times of one thread.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use plateau::Budget;
use plateau::camicia::hunt::{Chunks, Hunt, LIFT_FROM, Shard};
use plateau::search::Search;

use self::pool::{Ledger, Pool, Run, Turns, WATCH_NAP, Watch, process_cpu_seconds};
use super::DEFAULT_MAX_ROUNDS;
use super::record::checkpoint;
use super::record::{self, Header, Params, Report};
use super::sched::{self, ShardArg, parse_threads};
use crate::Io;
use crate::error::{CliError, CliResult, Exit};
use crate::limits::{self, Budgets, Limits, SECONDS_NAME, STEPS_NAME};
use crate::outfile::{self, OutFile};
use crate::output::Stop;
use crate::progress::{self, Progress};

mod pool;

/// Deals listed by cards and by tricks, by default.
pub(crate) const DEFAULT_TOP: usize = 5;
/// Deals listed by cards and by tricks, at most.
const MAX_TOP: u64 = 1000;
/// The time limit of a hunt given neither `--seconds` nor `--deals`.
const DEFAULT_SECONDS: f64 = 10.0;
/// Seconds between checkpoints, by default.
const DEFAULT_CHECKPOINT_EVERY: f64 = 60.0;
/// How long a stopped hunt waits for the chunks under way before it reports
/// without them.
const GRACE: Duration = Duration::from_millis(100);

/// Options of `plateau camicia hunt`.
#[derive(Args, Debug)]
#[command(mut_arg("max_steps", deals), mut_arg("seconds", |a| a.help(
    "Stop after about this many seconds (default: 10 without --deals, else no time limit)"
)))]
pub(crate) struct HuntArgs {
    /// `--deals` (the hunt's step budget, `--max-steps` its alias) and
    /// `--seconds`.
    #[command(flatten)]
    budgets: Budgets,
    /// Seed of the random deals.
    #[arg(long, default_value_t = 1, value_parser = limits::parse_steps, allow_negative_numbers = true)]
    seed: u64,
    /// Worker threads, 1 to 1024 (default: SLURM_CPUS_PER_TASK, else the
    /// processors this process may use).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_negative_numbers = true)]
    threads: Option<usize>,
    /// This task's part of a larger hunt: shard K of N (from 1/1 to N/N), or
    /// `auto` (`auto/N`) from a Slurm array or a Kubernetes Indexed Job.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = sched::parse_shard, allow_hyphen_values = true)]
    shard: ShardArg,
    /// Deals to list by cards and by tricks, 1 to 1000.
    #[arg(long, default_value_t = DEFAULT_TOP, value_parser = parse_top, allow_negative_numbers = true)]
    top: usize,
    /// Play fresh shuffles only, without lifting: the rate on random deals.
    #[arg(long)]
    fresh: bool,
    /// Climb instead of playing fresh shuffles, as the hunt did before it
    /// lifted: each deal swaps two cards of the chunk's longest so far.
    #[arg(long, conflicts_with = "fresh")]
    climb: bool,
    /// Lift the finished games of at least CARDS cards: walk back from each
    /// one's early rounds to every deal whose game joins it there (and ends
    /// as it does), and list the longest (`off`: no lifts).
    #[arg(long, value_name = "CARDS", default_value_t = Lift(Some(LIFT_FROM)), value_parser = parse_lift,
          conflicts_with = "fresh")]
    lift_from: Lift,
    /// Rounds a game may last before it counts as exhausted.
    #[arg(long, value_name = STEPS_NAME, default_value_t = DEFAULT_MAX_ROUNDS,
          value_parser = limits::parse_steps, allow_negative_numbers = true)]
    max_rounds: u64,
    /// Save the hunt's state to FILE (atomically) every --checkpoint-every
    /// seconds and on SIGTERM or Ctrl-C, and resume from it when it exists.
    /// A signal then pauses the hunt (exit 128 + the signal) instead of ending it.
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

/// Reads `--top`: 1 to 1,000 deals.
pub(crate) fn parse_top(s: &str) -> Result<usize, String> {
    let n = limits::number_in(s, 1, MAX_TOP)?;
    usize::try_from(n).map_err(|e| e.to_string())
}

/// Reads `--deals`: a hunt plays at least one deal.
fn parse_deals(s: &str) -> Result<u64, String> {
    limits::number_in(s, 1, u64::MAX)
}

/// `--max-steps` of the hunt: `--deals`, at least one, with no limit by
/// default (`u64::MAX`, shown as none).
fn deals(arg: clap::Arg) -> clap::Arg {
    limits::unlimited_steps(arg)
        .long("deals")
        .visible_alias("max-steps")
        .value_parser(parse_deals)
        .help("Stop after exactly this many deals, the hunt's step budget (reproducible unless --seconds stops it first) (default: no deal limit)")
}

/// `--lift-from`: the cards from which games are lifted, or
/// `off`.
#[derive(Clone, Copy, Debug)]
struct Lift(Option<u64>);

impl std::fmt::Display for Lift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(cards) => write!(f, "{cards}"),
            None => f.write_str("off"),
        }
    }
}

/// Reads `--lift-from`: `off`, or cards from 1 on.
fn parse_lift(s: &str) -> Result<Lift, String> {
    if s == "off" {
        return Ok(Lift(None));
    }
    limits::number_in(s, 1, u64::MAX)
        .map(|c| Lift(Some(c)))
        .map_err(|why| format!("{why} (or `off`)"))
}

/// What a hunt will do, every part of it checked before it starts.
struct Plan {
    params: Params,
    hunt: Hunt,
    shard: Shard,
    threads: usize,
    deals: Budget,
    deadline: Option<Instant>,
    /// The report of the chunks played by earlier runs (a checkpoint's).
    resumed: Report,
    /// `--checkpoint`: where it is read from and saved to.
    checkpoint: Option<(PathBuf, OutFile)>,
    every: f64,
    output: OutFile,
}

/// How the threads' hunt ended: its report (the chunks played, in order) and
/// what stopped it, if anything did.
struct Driven {
    report: Report,
    stop: Option<Stop>,
}

/// Runs the hunt: [`plan`], [`drive`], [`finish`].
///
/// A signal anywhere in it stops the hunt (at once, if it comes before the
/// threads start) and is answered: with the report, or with the checkpoint
/// saved and a pause.
pub(crate) fn run(args: &HuntArgs, json: bool, io: &mut Io<'_>) -> CliResult<Exit> {
    let _section = progress::Interruptible::open();
    let plan = plan(args, io)?;
    let driven = drive(&plan, json, io)?;
    finish(&plan, driven, json, io)
}

/// Checks what the hunt needs before any of it is played: the shard and the
/// threads (from the scheduler, for `auto`), the output file and the
/// checkpoint's (a folder, a missing one, one that cannot be written), and
/// the checkpoint to resume from.
fn plan(args: &HuntArgs, io: &mut Io<'_>) -> CliResult<Plan> {
    let var = |name: &str| std::env::var(name).ok();
    let shard = sched::shard(args.shard, var).map_err(CliError::new)?;
    let threads = sched::threads(args.threads, var).map_err(CliError::new)?;
    let seconds = match (args.budgets.seconds, args.budgets.steps()) {
        // `--seconds inf`: no time limit.
        (Some(s), _) => limits::finite(Some(s)),
        (None, None) => Some(DEFAULT_SECONDS),
        (None, Some(_)) => None,
    };
    let mut hunt = Hunt::new(args.seed, Budget::new(args.max_rounds)).lift_from(args.lift_from.0);
    if args.fresh {
        hunt = hunt.fresh();
    }
    if args.climb {
        hunt = hunt.climb();
    }
    let params = Params {
        seed: args.seed,
        shard: format!("{}/{}", shard.k(), shard.n()),
        deals: args.budgets.steps(),
        seconds,
        fresh: args.fresh,
        climb: hunt.climbs(),
        lift_from: hunt.lifts_from(),
        max_rounds: args.max_rounds,
        top: Some(args.top),
    };
    let (output, checkpoint) =
        outfile::output_and_checkpoint(args.output.as_deref(), args.checkpoint.as_deref())?;
    let mut resumed = Report::new(args.top);
    if let Some((path, file)) = &checkpoint {
        if path.exists() {
            resumed = checkpoint::load(path, &params)?;
            let _ = writeln!(
                io.err,
                "resumed from {}: {} deals in {} chunks, {:.1} s",
                path.display(),
                resumed.tally.deals,
                resumed.tally.chunks,
                resumed.seconds
            );
        } else {
            // A first save: the file exists from the start, and a path
            // that cannot be written fails now, not after the hunt.
            let header = header(&params, threads, false, None);
            checkpoint::save(file, &resumed, &header)?;
        }
    }
    // --seconds counts the whole hunt: the runs before a resume included.
    let deadline = seconds.and_then(|s| {
        let left = Duration::try_from_secs_f64((s - resumed.seconds).max(0.0)).ok()?;
        Instant::now().checked_add(left)
    });
    Ok(Plan {
        params,
        hunt,
        shard,
        threads,
        // `u64::MAX` (no --deals) is `Budget::UNLIMITED`.
        deals: Budget::new(args.budgets.max_steps),
        deadline,
        resumed,
        checkpoint,
        every: args.checkpoint_every,
        output,
    })
}

/// The header of this hunt's report.
fn header(params: &Params, threads: usize, complete: bool, stop: Option<Stop>) -> Header {
    Header {
        params: params.clone(),
        threads: threads as u64,
        tasks: 1,
        complete,
        stop,
        proven: None,
    }
}

/// Plays the hunt on its threads, from the plan's resumed chunks on, until
/// its deals are played or something stops it; saves the checkpoint as it
/// goes.
fn drive(plan: &Plan, json: bool, io: &mut Io<'_>) -> CliResult<Driven> {
    let processors = std::thread::available_parallelism().map_or(plan.threads, |n| n.get());
    let pool = Arc::new(Pool {
        hunt: plan.hunt,
        chunks: Chunks::new(plan.shard, plan.deals),
        top: plan.params.top.unwrap_or(DEFAULT_TOP),
        next: AtomicU64::new(plan.resumed.tally.chunks),
        played: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        ended: (0..plan.threads).map(|_| Mutex::new(Vec::new())).collect(),
        working: AtomicUsize::new(plan.threads),
        watcher: std::thread::current(),
        turns: Turns {
            free: Mutex::new(processors.min(plan.threads)),
            freed: Condvar::new(),
        },
    });
    let limits = Limits::until(plan.deadline);
    let run = Run {
        began: Instant::now(),
        cpu_began: process_cpu_seconds(),
        threads: plan.threads,
    };
    // A timed hunt resumed after its time is over plays nothing more.
    let mut stopped_by = limits.stop_now();
    pool.stop.store(stopped_by.is_some(), Ordering::Relaxed);
    // Each worker hands in its chunks as it ends them. The workers are not
    // joined: a stopped hunt reports without the chunks they have under way
    // (module docs).
    for me in 0..plan.threads {
        let mine = Arc::clone(&pool);
        let started = std::thread::Builder::new()
            .name("hunt".into())
            .spawn(move || {
                mine.work(me);
            });
        if let Err(e) = started {
            pool.halt();
            // (Threads never started count as ended.)
            pool.working.fetch_sub(plan.threads - me, Ordering::Release);
            return Err(CliError::new(format!("cannot start a hunt thread: {e}")));
        }
    }
    let share = plan.shard.share(plan.deals);
    let progress = Progress::new(io, json, "hunt", Progress::len_of(share.get()));
    let mut last_save = Instant::now();
    let mut saved = Ok(());
    let mut watch = Watch {
        pool: &pool,
        taken: Vec::new(),
        ledger: Ledger {
            report: plan.resumed.clone(),
            pending: BTreeMap::new(),
        },
        limits,
        all_ended: false,
    };
    let Ok((_, stop)) = limits::drive(&mut watch, &limits, &progress, |progress, watch, _| {
        let played = watch.spent();
        let elapsed = run.began.elapsed().as_secs_f64().max(1e-9);
        progress.message(format!("deals, {:.2} M/s", played as f64 / elapsed / 1e6));
        if let Some((_, file)) = &plan.checkpoint
            && saved.is_ok()
            && last_save.elapsed().as_secs_f64() >= plan.every
        {
            let header = header(&plan.params, plan.threads, false, None);
            saved = checkpoint::save(file, &watch.snapshot(&run), &header);
            if saved.is_err() {
                // The hunt stops; the error is the answer.
                pool.halt();
            }
            last_save = Instant::now();
        }
    });
    pool.halt();
    if let Some(stop) = stop {
        stopped_by.get_or_insert(stop);
    }
    // The chunks under way end within the grace, or are left out.
    let grace = Instant::now() + GRACE;
    while !watch.all_ended {
        let left = grace.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        watch.take(left.min(WATCH_NAP));
    }
    drop(progress);
    saved?;
    Ok(Driven {
        report: watch.snapshot(&run),
        stop: stopped_by,
    })
}

/// Saves the last checkpoint and writes the report; a hunt that a signal
/// stopped and that can resume pauses instead (no report, the signal's code).
fn finish(plan: &Plan, driven: Driven, json: bool, io: &mut Io<'_>) -> CliResult<Exit> {
    let Driven { report, stop } = driven;
    // A hunt of --deals deals that played its shard's share of them all is
    // complete, whatever stopped it after; an endless one always stopped.
    let share = plan.shard.share(plan.deals);
    let complete = !share.is_unlimited() && report.tally.deals == share.get();
    let stop = if complete {
        None
    } else {
        stop.or_else(|| progress::signal().map(Stop::of))
            .or(Some(Stop::Interrupt))
    };
    let header = header(&plan.params, plan.threads, complete, stop);
    if let Some((path, file)) = &plan.checkpoint {
        checkpoint::save(file, &report, &header)?;
        if let Some(signal) = stop.and_then(Stop::signal) {
            return Ok(Exit::Paused {
                signal,
                note: format!(
                    "{} stopped the hunt; {} holds its {} deals ({} chunks): run the same command to resume",
                    signal.name(),
                    path.display(),
                    report.tally.deals,
                    report.tally.chunks
                ),
            });
        }
    }
    plan.output
        .write(&record::render(&report, &header, json)?, io.out, io.err)?;
    Ok(Exit::Answered)
}
