//! The cooperative loop a firmware runs a long search in: `run` with a fixed
//! budget, other work between slices (here [`feed`], a tick counter standing
//! in for a watchdog), `run` again, until the search is over; or the same as
//! an async task that yields between slices ([`drive_as_task`]). Generic over
//! [`Search`], so that a check of any search is one call of [`sliced`].
//!
//! Each slice is timed with SysTick (on the core clock, free-running from
//! [`start_clock`]). QEMU models no cycles, but with `-icount shift=0` (the
//! runners of `.cargo/config.toml` have it) its virtual clock moves 1 ns per
//! guest instruction, so SysTick counts instructions at a fixed ratio, which
//! [`calibrate`] measures with a spin loop of a known instruction count.
//! Without `-icount` the counts follow the host's clock and mean nothing.
//! A slice's figure includes the few instructions that read the clock and
//! call `run` (less than one count); a slice longer than SysTick's 24-bit
//! range would be measured short.

use core::cell::Cell;
use core::future::Future;
use core::pin::pin;
use core::task::{Context, Poll, Waker};

use cortex_m::peripheral::SYST;
use cortex_m::peripheral::syst::SystClkSource;
use critical_section::Mutex;
use plateau::Budget;
use plateau::search::{Search, SearchOutcome};

use crate::harness::{Mismatch, Outcome, equal, holds};

/// SysTick's reload value: its whole 24-bit range, so that a slice of fewer
/// counts than this is measured exactly across the wrap.
const RELOAD: u32 = 0x00FF_FFFF;

/// The calibration's two spins, in iterations of 2 instructions.
pub const SPINS: (u32, u32) = (100_000, 400_000);

/// The spin that checks the calibration: its instructions are known
/// (2 an iteration), and measured through the calibration.
pub const CHECK_SPIN: u32 = 250_000;

/// Bumped once after every slice: the work a firmware does between slices
/// (feeding its watchdog, say).
static TICKS: Mutex<Cell<u32>> = Mutex::new(Cell::new(0));

/// SysTick counts of the calibration's two spins (zero until [`calibrate`]).
static CALIBRATION: Mutex<Cell<(u32, u32)>> = Mutex::new(Cell::new((0, 0)));

/// The figures of the last [`sliced`] check, for `main` to print.
static FIGURES: Mutex<Cell<Option<Figures>>> = Mutex::new(Cell::new(None));

/// Feeds the stand-in watchdog: bumps the tick counter.
pub fn feed() {
    critical_section::with(|cs| {
        let ticks = TICKS.borrow(cs);
        ticks.set(ticks.get().wrapping_add(1));
    });
}

/// Returns the tick counter.
pub fn ticks() -> u32 {
    critical_section::with(|cs| TICKS.borrow(cs).get())
}

/// Starts SysTick counting down from [`RELOAD`] on the core clock, with no
/// interrupt.
pub fn start_clock() {
    // SAFETY: nothing else in the image uses SysTick (or any other core
    // peripheral but the read-only CPUID).
    let mut syst = unsafe { cortex_m::Peripherals::steal() }.SYST;
    syst.set_clock_source(SystClkSource::Core);
    syst.set_reload(RELOAD);
    syst.clear_current();
    syst.enable_counter();
}

/// Returns the SysTick counts since `start` (a value of [`SYST::get_current`]).
fn counts_since(start: u32) -> u32 {
    start.wrapping_sub(SYST::get_current()) & RELOAD
}

/// Spins `iterations` (at least 1) times through exactly 2 instructions.
#[inline(never)]
fn spin(iterations: u32) {
    // SAFETY: only a register of its own and the flags are touched.
    unsafe {
        core::arch::asm!(
            "2:",
            "subs {n}, #1",
            "bne 2b",
            n = inout(reg) iterations => _,
            options(nomem, nostack),
        );
    }
}

/// Returns the SysTick counts of a spin of `iterations`.
fn time_spin(iterations: u32) -> u32 {
    let start = SYST::get_current();
    spin(iterations);
    counts_since(start)
}

/// Measures SysTick counts against instructions with the two [`SPINS`], keeps
/// the result for [`instructions`], and returns the counts of each spin and
/// the instructions a spin of [`CHECK_SPIN`] is then measured at (it has
/// `2 * CHECK_SPIN`).
pub fn calibrate() -> (u32, u32, u32) {
    // Without `-icount`, the first reads after `start_clock` see SysTick
    // standing still: a spin first, whose counts are thrown away.
    time_spin(SPINS.0);
    let counts = (time_spin(SPINS.0), time_spin(SPINS.1));
    critical_section::with(|cs| CALIBRATION.borrow(cs).set(counts));
    (counts.0, counts.1, instructions(time_spin(CHECK_SPIN)))
}

/// Returns the instructions run in `counts` SysTick counts: the slope between
/// the two calibration spins (which cancels the fixed cost of reading the
/// clock), or 0 before [`calibrate`] (or if SysTick did not count).
pub fn instructions(counts: u32) -> u32 {
    let (short, long) = critical_section::with(|cs| CALIBRATION.borrow(cs).get());
    let spun = 2 * u64::from(SPINS.1 - SPINS.0);
    let instructions = (u64::from(counts) * spun)
        .checked_div(u64::from(long.saturating_sub(short)))
        .unwrap_or(0);
    saturated(instructions)
}

/// Returns `n`, or `u32::MAX` if it is larger (figures are printed as `u32`).
fn saturated(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// What the slices of one search measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct Metered {
    /// The search's `spent()` at its end.
    pub spent: u64,
    /// Calls of `run` (or polls of the task).
    pub slices: u32,
    /// How far the tick counter moved (its value before the first slice,
    /// until the search ends).
    pub ticks: u32,
    /// The most steps one slice spent.
    pub most_steps: u64,
    /// The most SysTick counts one slice took.
    pub most_counts: u32,
}

impl Metered {
    /// Starts measuring a search.
    fn start() -> Metered {
        Metered {
            ticks: ticks(),
            ..Metered::default()
        }
    }

    /// Runs one slice of `budget`, timed.
    fn slice<S: Search>(
        &mut self,
        search: &mut S,
        budget: Budget,
    ) -> Result<SearchOutcome<S>, S::Error> {
        let spent = search.spent();
        let start = SYST::get_current();
        let outcome = search.run(budget);
        let counts = counts_since(start);
        self.slices = self.slices.saturating_add(1);
        self.most_steps = self.most_steps.max(search.spent().saturating_sub(spent));
        self.most_counts = self.most_counts.max(counts);
        outcome
    }

    /// Ends the measure of a search that ended with `outcome`.
    fn end<O>(mut self, outcome: O, spent: u64) -> Sliced<O> {
        self.spent = spent;
        self.ticks = ticks().wrapping_sub(self.ticks);
        Sliced {
            outcome,
            metered: self,
        }
    }
}

/// Where a search driven to its end ended, and what its slices measured.
#[derive(Clone, Copy, Debug)]
pub struct Sliced<O> {
    /// Where the search ended.
    pub outcome: O,
    /// What its slices measured.
    pub metered: Metered,
}

/// Drives `search` to its end in slices of `slice`, feeding the stand-in
/// watchdog after each: the firmware's main loop.
pub fn drive<S: Search>(
    search: &mut S,
    slice: Budget,
) -> Result<Sliced<SearchOutcome<S>>, S::Error> {
    let mut metered = Metered::start();
    loop {
        let outcome = metered.slice(search, slice)?;
        feed();
        if !outcome.is_exhausted() {
            return Ok(metered.end(outcome, search.spent()));
        }
    }
}

/// Drives `search` to its end as an async task that yields after each slice
/// of `slice`, on [`block_on`], which feeds the stand-in watchdog after each
/// poll.
pub fn drive_as_task<S: Search>(
    search: &mut S,
    slice: Budget,
) -> Result<Sliced<SearchOutcome<S>>, S::Error> {
    let mut metered = Metered::start();
    let outcome = block_on(async {
        loop {
            match metered.slice(search, slice) {
                Ok(o) if o.is_exhausted() => yield_now().await,
                other => return other,
            }
        }
    })?;
    Ok(metered.end(outcome, search.spent()))
}

/// A future that is pending once, then ready: hands the loop back to the
/// executor between two slices.
fn yield_now() -> impl Future<Output = ()> {
    let mut yielded = false;
    core::future::poll_fn(move |cx| {
        if yielded {
            Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    })
}

/// The smallest executor: polls `task` until it is ready, feeding the
/// stand-in watchdog after each poll (a waker that does nothing: the task is
/// polled again at once).
fn block_on<F: Future>(task: F) -> F::Output {
    let mut task = pin!(task);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        let poll = task.as_mut().poll(&mut cx);
        feed();
        if let Poll::Ready(output) = poll {
            return output;
        }
    }
}

/// What `main` prints after a [`sliced`] check (`u32::MAX` for more).
#[derive(Clone, Copy, Debug)]
pub struct Figures {
    /// The budget of a slice, in the search's steps.
    pub budget: u32,
    /// Slices run.
    pub slices: u32,
    /// How far the tick counter moved.
    pub ticks: u32,
    /// The most steps one slice spent.
    pub most_steps: u32,
    /// The instructions of the longest slice (see [`instructions`]).
    pub most_instructions: u32,
    /// Steps spent in all.
    pub spent: u32,
}

/// Returns the figures the last [`sliced`] check left, and forgets them.
pub fn take_figures() -> Option<Figures> {
    critical_section::with(|cs| FIGURES.borrow(cs).take())
}

/// Runs a search twice, each time started afresh by `fresh` (which makes the
/// search in its lent memory and drives it with [`drive`] or
/// [`drive_as_task`] in slices of the budget it is given): in one call, then
/// in slices of `slice`. Expects the same outcome and steps spent, the tick
/// counter moved once per slice, no slice over its budget and more than one
/// slice; keeps the figures for `main`; returns the sliced outcome.
pub fn sliced<O: PartialEq>(
    slice: Budget,
    mut fresh: impl FnMut(Budget) -> Result<Sliced<O>, Mismatch>,
) -> Result<O, Mismatch> {
    let whole = fresh(Budget::UNLIMITED)?;
    let cut = fresh(slice)?;
    judge(
        slice,
        &whole.metered,
        &cut.metered,
        cut.outcome == whole.outcome,
    )?;
    Ok(cut.outcome)
}

/// The part of [`sliced`] that does not depend on the search (one copy for
/// every check).
#[inline(never)]
fn judge(slice: Budget, whole: &Metered, cut: &Metered, same_outcome: bool) -> Outcome {
    equal("slices of the one call", whole.slices, 1)?;
    holds("sliced outcome = one call's", same_outcome)?;
    equal("sliced spent = one call's", cut.spent, whole.spent)?;
    equal("ticks moved, one a slice", cut.ticks, cut.slices)?;
    holds("no slice over its budget", cut.most_steps <= slice.get())?;
    let slices_asked = cut.spent.div_ceil(slice.get().max(1));
    holds(
        "as many slices as the budget asks",
        cut.slices > 1 && u64::from(cut.slices).abs_diff(slices_asked) <= 1,
    )?;
    let figures = Figures {
        budget: saturated(slice.get()),
        slices: cut.slices,
        ticks: cut.ticks,
        most_steps: saturated(cut.most_steps),
        most_instructions: instructions(cut.most_counts),
        spent: saturated(cut.spent),
    };
    critical_section::with(|cs| FIGURES.borrow(cs).set(Some(figures)));
    Ok(())
}
