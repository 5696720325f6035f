//! The budget flags of every searching command: `--max-steps N` (the core's
//! step budget, in the search's own unit) and `--seconds S` (wall time).
//!
//! The core has no clock, so time is bounded here, between runs of the core
//! search: trails run in slices of one resumable search ([`crate::tchu_trail`]);
//! the other searches are deterministic and start afresh, so [`run_within`] runs
//! them with budgets that the speed measured so far says fit in the time left.

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::CliResult;

/// The placeholder of `--max-steps` in every command's help.
pub const STEPS_NAME: &str = "N";
/// The placeholder of `--seconds` in every command's help.
pub const SECONDS_NAME: &str = "SECONDS";

/// Parses `--seconds`: a number of seconds above 0 (at most 10^9).
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
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
pub fn start_clock() {
    STARTED.with(|s| s.set(Some(Instant::now())));
}

/// The moment `--seconds` runs out, counted from the start of the command
/// (or from now, outside [`crate::run`]).
pub fn deadline(seconds: Option<f64>) -> Option<Instant> {
    let started = STARTED.with(Cell::get).unwrap_or_else(Instant::now);
    seconds.map(|s| started + Duration::from_secs_f64(s))
}

/// How a search under a budget ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The search ended on its own: its answer is final.
    Done,
    /// `--max-steps` ran out first.
    Steps,
    /// `--seconds` ran out first.
    Seconds,
}

impl Ended {
    /// Names the flag that stopped the search, if one did.
    pub fn flag(self) -> Option<&'static str> {
        match self {
            Ended::Done => None,
            Ended::Steps => Some("--max-steps"),
            Ended::Seconds => Some("--seconds"),
        }
    }
}

/// The budget of the first timed run: small enough to take milliseconds.
const FIRST_BUDGET: u64 = 1_000;
/// How much larger each timed run's budget may be than the one before (its
/// speed is measured on a run at most this much smaller).
const GROWTH: u64 = 8;
/// The share of the time left that the next run is planned to take.
const PLANNED_SHARE: f64 = 0.8;

/// Runs a deterministic search under `max_steps` and before `deadline`.
///
/// `search(budget)` runs the core search afresh with a step budget and returns
/// its answer; `ran_out(&answer)` tells whether that budget ran out. Without a deadline it runs once
/// with `max_steps`. With one, it runs first with a small budget, then with
/// budgets up to `GROWTH` times larger that fit in the time left at the speed
/// measured; it stops when a run ends on its own, when `max_steps` is reached,
/// or when no larger run fits. The answer is always that of one whole run.
pub fn run_within<T>(
    max_steps: u64,
    deadline: Option<Instant>,
    mut search: impl FnMut(u64) -> CliResult<T>,
    ran_out: impl Fn(&T) -> bool,
) -> CliResult<(T, Ended)> {
    let Some(deadline) = deadline else {
        let answer = search(max_steps)?;
        let ended = if ran_out(&answer) {
            Ended::Steps
        } else {
            Ended::Done
        };
        return Ok((answer, ended));
    };
    let mut budget = if Instant::now() >= deadline {
        0
    } else {
        max_steps.min(FIRST_BUDGET)
    };
    loop {
        let began = Instant::now();
        let answer = search(budget)?;
        if !ran_out(&answer) {
            return Ok((answer, Ended::Done));
        }
        if budget >= max_steps {
            return Ok((answer, Ended::Steps));
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
            return Ok((answer, Ended::Seconds));
        }
        budget = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let r = run_within(500, None, fake(1_000, &mut runs), |&spent| spent < 1_000).ok();
        assert_eq!(r, Some((500, Ended::Steps)));
        assert_eq!(runs, [500]);
        let mut runs = Vec::new();
        let r = run_within(5_000, None, fake(1_000, &mut runs), |&spent| spent < 1_000).ok();
        assert_eq!(r, Some((1_000, Ended::Done)));
    }

    #[test]
    fn a_deadline_grows_the_budget_until_the_search_ends() {
        let mut runs = Vec::new();
        let soon = deadline(Some(10.0));
        let r = run_within(u64::MAX, soon, fake(3_000_000, &mut runs), |&spent| {
            spent < 3_000_000
        })
        .ok();
        assert_eq!(r, Some((3_000_000, Ended::Done)));
        assert!(runs.windows(2).all(|w| w[1] > w[0]), "{runs:?}");
    }

    #[test]
    fn a_past_deadline_runs_once_with_nothing() {
        let mut runs = Vec::new();
        let gone = Some(Instant::now());
        let r = run_within(u64::MAX, gone, fake(1_000, &mut runs), |&spent| {
            spent < 1_000
        })
        .ok();
        assert_eq!(r, Some((0, Ended::Seconds)));
        assert_eq!(runs, [0]);
    }

    #[test]
    fn max_steps_still_bounds_a_timed_search() {
        let mut runs = Vec::new();
        let r = run_within(
            300_000,
            deadline(Some(10.0)),
            fake(1 << 40, &mut runs),
            |&spent| spent < 1 << 40,
        )
        .ok();
        assert_eq!(r, Some((300_000, Ended::Steps)));
        assert_eq!(runs.last(), Some(&300_000));
    }
}
