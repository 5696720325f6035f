//! The budget flags of every searching command, and the shared number parsers.
//!
//! Every searching command takes `--max-steps N` (the core's step budget, in
//! the search's own unit, with a documented default) and `--seconds SECONDS`
//! (wall time, counted from the start of the command). The core has no clock,
//! so time is bounded here, between runs of the core search: resumable
//! searches (trails, hunts) run in slices; the other searches are
//! deterministic and start afresh, so [`run_within`] runs them with budgets
//! that the speed measured so far says fit in the time left.

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::CliResult;
use crate::output::Stop;
use crate::progress::{self, Progress};

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

/// Parses `--seconds`: a number of seconds above 0 (at most 10^9).
pub(crate) fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err("expected a number of seconds above 0".to_string()),
    }
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
    seconds.map(|s| started + Duration::from_secs_f64(s))
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

    /// Returns what stops the work now: the deadline passed or Ctrl-C.
    pub(crate) fn stop_now(&self) -> Option<Stop> {
        if progress::interrupted() {
            Some(Stop::Interrupt)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Seconds)
        } else {
            None
        }
    }
}

/// The budget of the first timed run: small enough to take milliseconds.
const FIRST_BUDGET: u64 = 1_000;
/// How much larger each timed run's budget may be than the one before (its
/// speed is measured on a run at most this much smaller). Running afresh in
/// growing slices costs at most 1/(GROWTH-1) more steps than one run.
const GROWTH: u64 = 8;
/// The share of the time left that the next run is planned to take.
const PLANNED_SHARE: f64 = 0.8;

/// Runs a deterministic search under `limits`, with feedback.
///
/// `search(budget)` runs the core search afresh with a step budget and returns
/// its answer; `ran_out(&answer)` tells whether that budget ran out. When
/// nothing needs watching (no deadline, no progress line, no Ctrl-C handler)
/// it runs once with `max_steps`. Otherwise it runs first with a small budget,
/// then with budgets up to `GROWTH` times larger (that fit in the time left at
/// the speed measured, under a deadline); between runs it updates `progress`
/// with the budget reached and polls Ctrl-C. It stops when a run ends on its
/// own, when `max_steps` is reached, when no larger run fits, or on Ctrl-C.
/// The answer is always that of one whole run, with what stopped it (`None`
/// when the search ended on its own).
pub(crate) fn run_within<T>(
    limits: &Limits,
    progress: &Progress,
    mut search: impl FnMut(u64) -> CliResult<T>,
    ran_out: impl Fn(&T) -> bool,
) -> CliResult<(T, Option<Stop>)> {
    let max_steps = limits.max_steps;
    let watched = progress.is_visible() || progress::handler_installed();
    let Some(deadline) = limits.deadline.or_else(|| {
        // Without a deadline, slices only serve feedback: a far deadline.
        watched.then(|| Instant::now() + Duration::from_secs(1 << 40))
    }) else {
        let answer = search(max_steps)?;
        let stop = ran_out(&answer).then_some(Stop::MaxSteps);
        return Ok((answer, stop));
    };
    let _section = progress::Interruptible::open();
    let mut budget = if Instant::now() >= deadline {
        0
    } else {
        max_steps.min(FIRST_BUDGET)
    };
    loop {
        let began = Instant::now();
        let answer = search(budget)?;
        if !ran_out(&answer) {
            return Ok((answer, None));
        }
        if budget >= max_steps {
            return Ok((answer, Some(Stop::MaxSteps)));
        }
        progress.set(budget);
        if progress::interrupted() {
            return Ok((answer, Some(Stop::Interrupt)));
        }
        let now = Instant::now();
        let left = deadline.saturating_duration_since(now).as_secs_f64();
        let took = now.duration_since(began).as_secs_f64().max(1e-6);
        // `as` saturates: an unmeasurably fast run allows any budget.
        let fits = (budget as f64 / took * left * PLANNED_SHARE) as u64;
        let next = max_steps
            .min(budget.max(1).saturating_mul(GROWTH))
            .min(fits);
        if next <= budget {
            return Ok((answer, Some(Stop::Seconds)));
        }
        budget = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lim(max_steps: u64, deadline: Option<Instant>) -> Limits {
        Limits {
            max_steps,
            deadline,
        }
    }

    /// A search that needs `need` steps and takes a microsecond per 1,000.
    /// Its answer is the steps it spent, so it ran out when that is below `need`.
    fn fake(need: u64, runs: &mut Vec<u64>) -> impl FnMut(u64) -> CliResult<u64> + '_ {
        move |budget| {
            runs.push(budget);
            std::thread::sleep(Duration::from_micros(budget.min(need) / 1000));
            Ok(budget.min(need))
        }
    }

    #[test]
    fn without_a_deadline_one_run_has_the_whole_budget() {
        let mut runs = Vec::new();
        let r = run_within(
            &lim(500, None),
            &Progress::hidden(),
            fake(1_000, &mut runs),
            |&spent| spent < 1_000,
        )
        .ok();
        assert_eq!(r, Some((500, Some(Stop::MaxSteps))));
        assert_eq!(runs, [500]);
        let mut runs = Vec::new();
        let r = run_within(
            &lim(5_000, None),
            &Progress::hidden(),
            fake(1_000, &mut runs),
            |&spent| spent < 1_000,
        )
        .ok();
        assert_eq!(r, Some((1_000, None)));
    }

    #[test]
    fn a_deadline_grows_the_budget_until_the_search_ends() {
        let mut runs = Vec::new();
        let soon = deadline(Some(10.0));
        let r = run_within(
            &lim(u64::MAX, soon),
            &Progress::hidden(),
            fake(3_000_000, &mut runs),
            |&spent| spent < 3_000_000,
        )
        .ok();
        assert_eq!(r, Some((3_000_000, None)));
        assert!(runs.windows(2).all(|w| w[1] > w[0]), "{runs:?}");
    }

    #[test]
    fn a_past_deadline_runs_once_with_nothing() {
        let mut runs = Vec::new();
        let gone = Some(Instant::now());
        let r = run_within(
            &lim(u64::MAX, gone),
            &Progress::hidden(),
            fake(1_000, &mut runs),
            |&spent| spent < 1_000,
        )
        .ok();
        assert_eq!(r, Some((0, Some(Stop::Seconds))));
        assert_eq!(runs, [0]);
    }

    #[test]
    fn max_steps_still_bounds_a_timed_search() {
        let mut runs = Vec::new();
        let r = run_within(
            &lim(300_000, deadline(Some(10.0))),
            &Progress::hidden(),
            fake(1 << 40, &mut runs),
            |&spent| spent < 1 << 40,
        )
        .ok();
        assert_eq!(r, Some((300_000, Some(Stop::MaxSteps))));
        assert_eq!(runs.last(), Some(&300_000));
    }
}
