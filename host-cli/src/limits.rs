//! The budget flags of every searching command, the one loop that drives
//! every search, and the shared number parsers.
//!
//! Every searching command takes `--max-steps N` (the core's step budget, in
//! the search's own unit, with a documented default) and `--seconds SECONDS`
//! (wall time, counted from the start of the command): the [`Budgets`] group.
//! The core has no clock, so time is bounded here: every core search is a
//! value that runs in slices ([`plateau::search::Search`]), and [`drive`]
//! runs it slice by slice, checking the deadline, Ctrl-C and the progress
//! line between slices. A slice lasts about [`SLICE_TARGET`], so an answer
//! comes within that of the deadline or of Ctrl-C.

use std::cell::Cell;
use std::time::{Duration, Instant};

use clap::Args;
use plateau::Budget;
use plateau::search::{Search, SearchOutcome};

use crate::output::Stop;
use crate::progress::{self, Interruptible, Progress};

/// The placeholder of `--max-steps` in every command's help.
pub(crate) const STEPS_NAME: &str = "N";
/// The placeholder of `--seconds` in every command's help.
pub(crate) const SECONDS_NAME: &str = "SECONDS";

/// Parses a whole number from `min` to `max`, with the one wording every
/// numeric flag uses ("expected a whole number from 0 to 9"), negative
/// numbers and junk alike.
pub(crate) fn number_in(text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ if max == u64::MAX => Err(format!("expected a whole number from {min} up")),
        _ => Err(format!("expected a whole number from {min} to {max}")),
    }
}

/// Parses `--max-steps`: a whole number from 0 up.
pub(crate) fn parse_steps(text: &str) -> Result<u64, String> {
    number_in(text, 0, u64::MAX)
}

/// Parses `--seconds`: a number of seconds above 0, as large as it likes;
/// `inf` (a time beyond what the clock can hold, too) is no time limit.
pub(crate) fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 => Ok(s),
        _ => Err("expected a number of seconds above 0, or inf".to_string()),
    }
}

/// A `--seconds` value as a time limit: `None` for `inf`.
pub(crate) fn finite(seconds: Option<f64>) -> Option<f64> {
    seconds.filter(|s| s.is_finite())
}

thread_local! {
    /// When the command being run started (see [`start_clock`]).
    static STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Marks the start of a command: `--seconds` counts from here, reading and
/// parsing the input included.
pub(crate) fn start_clock() {
    STARTED.with(|s| s.set(Some(Instant::now())));
}

/// The moment `--seconds` runs out, counted from the start of the command
/// (or from now, outside [`crate::run`]).
pub(crate) fn deadline(seconds: Option<f64>) -> Option<Instant> {
    let started = STARTED.with(Cell::get).unwrap_or_else(Instant::now);
    seconds.and_then(|s| started.checked_add(Duration::try_from_secs_f64(s).ok()?))
}

/// The default of a `--max-steps` without a limit: `u64::MAX`, which reads
/// as none (see [`unlimited_steps`]).
const NO_STEP_LIMIT: &str = "18446744073709551615";

/// Makes a `--max-steps` (by `mut_arg`) default to no limit, shown as none:
/// for the commands whose time limit depends on whether it is given (read
/// it with [`Budgets::steps`]).
pub(crate) fn unlimited_steps(arg: clap::Arg) -> clap::Arg {
    arg.default_value(NO_STEP_LIMIT).hide_default_value(true)
}

/// `--max-steps` and `--seconds`: the budget flags of every searching command.
///
/// Each command sets the default and the words of `--max-steps` (its unit)
/// with `mut_arg` on its arguments' struct; a command that forgets fails to
/// parse without the flag, which its tests see at once.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Budgets {
    /// Work allowed, in the search's unit: the answer is then the best so
    /// far, marked as exhausted.
    #[arg(long, required = false, value_name = STEPS_NAME, value_parser = parse_steps, allow_negative_numbers = true)]
    pub(crate) max_steps: u64,
    /// Stop after about this many seconds the same way (default: no time
    /// limit; `inf`: none). Ctrl-C stops the same way too.
    #[arg(long, value_name = SECONDS_NAME, value_parser = parse_seconds, allow_negative_numbers = true)]
    pub(crate) seconds: Option<f64>,
}

impl Budgets {
    /// The limits these flags set, the clock counted from the command's start.
    pub(crate) fn limits(&self) -> Limits {
        Limits::new(self.max_steps, self.seconds)
    }

    /// `--max-steps`, if given, where [`unlimited_steps`] made no limit its
    /// default.
    pub(crate) fn steps(&self) -> Option<u64> {
        (self.max_steps != u64::MAX).then_some(self.max_steps)
    }
}

/// The two limits of a search: its step budget and its deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// `--max-steps`.
    pub(crate) max_steps: u64,
    /// When `--seconds` runs out, if given.
    pub(crate) deadline: Option<Instant>,
}

impl Limits {
    /// The limits of `--max-steps max_steps` and `--seconds seconds`.
    pub(crate) fn new(max_steps: u64, seconds: Option<f64>) -> Self {
        Limits {
            max_steps,
            deadline: deadline(seconds),
        }
    }

    /// The limits of work with no step limit of its own, stopped only by
    /// `deadline` (and Ctrl-C): a replay, or threads watched from outside.
    pub(crate) fn until(deadline: Option<Instant>) -> Self {
        Limits {
            max_steps: u64::MAX,
            deadline,
        }
    }

    /// Returns what stops the work now: the deadline passed or Ctrl-C.
    pub(crate) fn stop_now(&self) -> Option<Stop> {
        if let Some(signal) = progress::signal() {
            Some(Stop::of(signal))
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Seconds)
        } else {
            None
        }
    }
}

/// How long a slice of a search is meant to last: the deadline and Ctrl-C
/// are answered within about this much, and the progress line moves as often.
pub(crate) const SLICE_TARGET: Duration = Duration::from_millis(20);
/// The first slice, in the search's unit: small enough to take a millisecond
/// for any search.
const FIRST_SLICE: u64 = 256;
/// How much a slice may grow or shrink from one to the next.
const SLICE_CHANGE: u64 = 4;

/// How a driven search ended: its last outcome, and what stopped it when it
/// is exhausted (`None`: it ended on its own).
pub(crate) type Driven<S> = (SearchOutcome<S>, Option<Stop>);

/// Runs `search` in slices until it is over, or `limits` or Ctrl-C stop it.
///
/// Each slice is sized from the speed of the last so that it lasts about
/// [`SLICE_TARGET`], never past `--max-steps` in all, and never much past the
/// deadline. Between slices `each` sees the search and its outcome (to set
/// the progress line), and Ctrl-C is polled: the first one stops the search
/// with the work so far (the section is interruptible while it runs). The
/// answer is the same however the slices fall: the core guarantees it.
pub(crate) fn drive<S: Search>(
    search: &mut S,
    limits: &Limits,
    progress: &Progress,
    mut each: impl FnMut(&Progress, &S, &SearchOutcome<S>),
) -> Result<Driven<S>, S::Error> {
    let _section = Interruptible::open();
    let mut slice = FIRST_SLICE;
    loop {
        let stop = limits.stop_now();
        let before = search.spent();
        let left = limits.max_steps.saturating_sub(before);
        let mut budget = if stop.is_some() { 0 } else { slice.min(left) };
        let began = Instant::now();
        if let Some(deadline) = limits.deadline {
            // Near the deadline, a slice that the last speed says fits.
            let time_left = deadline.saturating_duration_since(began);
            if time_left < SLICE_TARGET {
                let fits =
                    (slice as f64 * time_left.as_secs_f64() / SLICE_TARGET.as_secs_f64()) as u64;
                budget = budget.min(fits.max(1));
            }
        }
        let outcome = search.run(Budget::new(budget))?;
        if !outcome.is_exhausted() {
            return Ok((outcome, None));
        }
        if stop.is_some() {
            return Ok((outcome, stop));
        }
        let spent = search.spent();
        if budget > 0 && spent == before && limits.stop_now().is_some() {
            // A search that answers the deadline or Ctrl-C before it spends
            // anything (the hunt's threads): the next turn reports the stop.
            continue;
        }
        if spent >= limits.max_steps || (budget > 0 && spent == before) {
            // (A search that spends nothing of a slice can spend nothing more.)
            return Ok((outcome, Some(Stop::MaxSteps)));
        }
        progress.set(spent);
        each(progress, search, &outcome);
        slice = next_slice(slice, budget, began.elapsed());
    }
}

/// The slice after one of `budget` units (planned as `slice`) that took `took`.
fn next_slice(slice: u64, budget: u64, took: Duration) -> u64 {
    if budget < slice {
        // Cut short by the deadline or --max-steps: nothing learnt.
        return slice;
    }
    let target = SLICE_TARGET.as_secs_f64();
    let took = took.as_secs_f64();
    let fits = if took <= 0.0 {
        u64::MAX
    } else {
        // `as` saturates: an unmeasurably fast slice allows any size.
        (slice as f64 * target / took) as u64
    };
    fits.clamp(
        (slice / SLICE_CHANGE).max(1),
        slice.saturating_mul(SLICE_CHANGE),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::search::Outcome;
    use std::convert::Infallible;

    /// A search that needs `need` units, a microsecond per 1,000, and
    /// records the budget of every run.
    struct Fake {
        need: u64,
        spent: u64,
        runs: Vec<u64>,
    }

    impl Search for Fake {
        type Done = u64;
        type NoSolution = Infallible;
        type Best = u64;
        type Error = Infallible;
        fn run(&mut self, budget: Budget) -> Result<Outcome<u64>, Infallible> {
            self.runs.push(budget.get());
            let step = budget.get().min(self.need - self.spent);
            std::thread::sleep(Duration::from_micros(step / 1000));
            self.spent += step;
            Ok(if self.spent == self.need {
                Outcome::Done(self.spent)
            } else {
                Outcome::Exhausted {
                    best: self.spent,
                    spent: self.spent,
                }
            })
        }
        fn spent(&self) -> u64 {
            self.spent
        }
    }

    fn fake(need: u64) -> Fake {
        Fake {
            need,
            spent: 0,
            runs: Vec::new(),
        }
    }

    fn lim(max_steps: u64, deadline: Option<Instant>) -> Limits {
        Limits {
            max_steps,
            deadline,
        }
    }

    fn drive_fake(search: &mut Fake, limits: &Limits) -> Driven<Fake> {
        let Ok(driven) = drive(search, limits, &Progress::hidden(), |_, _, _| {});
        driven
    }

    #[test]
    fn max_steps_bounds_the_work_exactly() {
        let mut search = fake(10_000_000);
        let (outcome, stop) = drive_fake(&mut search, &lim(300_000, None));
        assert_eq!(outcome.spent(), Some(300_000));
        assert_eq!(stop, Some(Stop::MaxSteps));
        assert_eq!(search.runs.iter().sum::<u64>(), 300_000);
        let mut small = fake(1_000);
        let (outcome, stop) = drive_fake(&mut small, &lim(5_000, None));
        assert_eq!((outcome, stop), (Outcome::Done(1_000), None));
    }

    #[test]
    fn slices_grow_toward_the_target_and_no_further() {
        let mut search = fake(u64::MAX / 2);
        let soon = Some(Instant::now() + Duration::from_millis(300));
        let (_, stop) = drive_fake(&mut search, &lim(u64::MAX, soon));
        assert_eq!(stop, Some(Stop::Seconds));
        let most = search.runs.iter().copied().max().unwrap_or(0);
        assert!(most > FIRST_SLICE, "{:?}", search.runs);
        // A million units take a millisecond: a 20 ms slice is about 20
        // million; noise may make one four times larger, never more.
        assert!(most <= 4 * 4 * 20_000_000, "{most}");
    }

    #[test]
    fn a_past_deadline_runs_once_with_nothing() {
        let mut search = fake(1_000);
        let (outcome, stop) = drive_fake(&mut search, &lim(u64::MAX, Some(Instant::now())));
        assert_eq!(stop, Some(Stop::Seconds));
        assert_eq!(outcome.spent(), Some(0));
        assert_eq!(search.runs, [0]);
    }

    #[test]
    fn a_deadline_ends_the_drive_soon_after() {
        let mut search = fake(u64::MAX / 2);
        let started = Instant::now();
        let (_, stop) = drive_fake(
            &mut search,
            &lim(u64::MAX, Some(started + Duration::from_millis(200))),
        );
        assert_eq!(stop, Some(Stop::Seconds));
        assert!(started.elapsed() < Duration::from_millis(200) + 4 * SLICE_TARGET);
    }

    /// The commands not yet in the grammar, each with the work that brings it
    /// in: the test fails once one of them follows it (drop it from here).
    const NOT_YET: [(&str, &str); 0] = [];

    /// The source files of the commands, by their path under `src/cmd/`.
    fn command_files() -> Vec<(String, String)> {
        fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<(String, String)>) {
            let mut entries: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            entries.sort();
            for path in entries {
                if path.is_dir() {
                    walk(&path, root, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let name = path
                        .strip_prefix(root)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/");
                    let text = std::fs::read_to_string(&path).unwrap();
                    // Up to the file's tests: what the command runs.
                    let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
                    out.push((name, code));
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cmd");
        let mut out = Vec::new();
        walk(&root, &root, &mut out);
        out
    }

    /// Every command that searches is bounded by the shared `Budgets` (the
    /// `--max-steps`/`--seconds` pair, its unit and defaults set by
    /// `mut_arg`) and driven by `drive`: a command with a time limit of its
    /// own, or one that runs a core search itself, fails here.
    #[test]
    fn every_searching_command_flattens_budgets_and_is_driven() {
        // From the command line's definition: every command with a time
        // limit has the two flags of `Budgets` under their ids.
        fn leaves(command: &clap::Command, path: String, out: &mut Vec<(String, clap::Command)>) {
            if command.get_subcommands().next().is_none() {
                out.push((path.clone(), command.clone()));
            }
            for sub in command.get_subcommands() {
                leaves(sub, format!("{path} {}", sub.get_name()), out);
            }
        }
        let mut commands = Vec::new();
        leaves(&crate::command(), "plateau".into(), &mut commands);
        let searching: Vec<&String> = commands
            .iter()
            .filter(|(_, c)| c.get_arguments().any(|a| a.get_id() == "seconds"))
            .map(|(path, _)| path)
            .collect();
        assert!(searching.len() >= 10, "{searching:?}");
        for (path, command) in &commands {
            let ids: Vec<&str> = command
                .get_arguments()
                .map(|a| a.get_id().as_str())
                .collect();
            if ids.contains(&"seconds") {
                assert!(
                    ids.contains(&"max_steps"),
                    "{path}: --seconds without the Budgets' max_steps"
                );
            }
        }
        // From the source: a time limit is only ever `Budgets`' field, a file
        // that flattens `Budgets` drives its search with `drive`, and no
        // command runs a core search itself.
        let mut wrong = Vec::new();
        let mut not_yet = Vec::new();
        for (file, code) in command_files() {
            let mut faults = Vec::new();
            let own_limit = code.lines().any(|l| {
                let l = l.trim();
                l.starts_with("seconds: Option<f64>,") || l.starts_with("max_steps: Option<u64>,")
            });
            if own_limit {
                faults.push("declares a --seconds or --max-steps of its own (flatten Budgets)");
            }
            if code.contains("budgets: Budgets") && !code.contains("limits::drive(") {
                faults.push("flattens Budgets but does not drive its search with limits::drive");
            }
            if code.contains(".run(Budget") {
                faults.push("runs a core search itself (limits::drive does)");
            }
            if NOT_YET.iter().any(|(name, _)| *name == file) {
                not_yet.push((file, faults.is_empty()));
            } else {
                wrong.extend(faults.into_iter().map(|f| format!("src/cmd/{file}: {f}")));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        assert_eq!(
            not_yet.len(),
            NOT_YET.len(),
            "a file of NOT_YET is gone: {not_yet:?}"
        );
        for (file, follows) in not_yet {
            assert!(
                !follows,
                "src/cmd/{file} follows the grammar now: take it out of NOT_YET"
            );
        }
    }
}
