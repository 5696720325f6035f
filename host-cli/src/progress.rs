//! Feedback on long work: a progress line on stderr, and Ctrl-C.
//!
//! The progress line shows only when stderr is a terminal and the answer is
//! text ([`Progress::new`]); otherwise nothing is drawn, so pipes, files and
//! `--json` stay clean.
//!
//! Ctrl-C: the binary calls [`install_interrupt_handler`]. Outside an
//! [`Interruptible`] section, Ctrl-C ends the process at once (exit 130), as
//! for any tool. Inside one, the first Ctrl-C only sets a flag that the
//! command polls between slices of its search ([`signal`]); the command
//! then prints the answer so far, marked as stopped by `interrupt`. SIGTERM
//! (what a cluster's scheduler sends before a time limit or a preemption) is
//! handled the same way, marked `terminate`, with its own exit code; a hunt
//! with a checkpoint saves it and pauses.
//!
//! Every signal within [`ECHO`] of the first counts as that one, however
//! many come and whatever they are (GNU `timeout` and many job runners
//! deliver theirs to the process and then to its group; a shell may add its
//! own): the command still gives its one answer, even when they arrive after
//! its search, while it writes. Only a signal later than that ends the
//! process at once (a hunt's last checkpoint on disk stays whole: it is only
//! ever replaced atomically). The signals are read by a thread of their own
//! ([`Seen`] decides), so the handler itself only wakes it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Io;

/// Set by the first Ctrl-C inside an [`Interruptible`] section.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Set by the first SIGTERM inside an [`Interruptible`] section.
static TERMINATED: AtomicBool = AtomicBool::new(false);
/// The open [`Interruptible`] sections.
static SECTIONS: Sections = Sections::new();

/// Counts the open sections (they nest: a batch around the timed searches of
/// its lines) and keeps the flag the signal handler reads.
struct Sections {
    /// How many sections are open.
    open: AtomicUsize,
    /// True while none is: Ctrl-C then ends the process.
    not_armed: AtomicBool,
}

impl Sections {
    const fn new() -> Self {
        Sections {
            open: AtomicUsize::new(0),
            not_armed: AtomicBool::new(true),
        }
    }

    fn enter(&self) {
        self.open.fetch_add(1, Ordering::SeqCst);
        self.not_armed.store(false, Ordering::SeqCst);
    }

    fn leave(&self) {
        if self.open.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.not_armed.store(true, Ordering::SeqCst);
        }
    }
}

/// Exit code of a process ended by Ctrl-C (128 + SIGINT).
const INTERRUPT_EXIT: i32 = 130;
/// Exit code of a process ended by SIGTERM (128 + SIGTERM).
const TERMINATE_EXIT: i32 = 143;

/// A signal that asked the running command to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Signal {
    /// SIGINT: Ctrl-C.
    Interrupt,
    /// SIGTERM: a scheduler's time limit or preemption, or `kill`.
    Terminate,
}

impl Signal {
    /// The exit code of a process that stops for this signal (128 + its number).
    pub(crate) fn exit_code(self) -> i32 {
        match self {
            Signal::Interrupt => INTERRUPT_EXIT,
            Signal::Terminate => TERMINATE_EXIT,
        }
    }

    /// The signal's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Signal::Interrupt => "SIGINT",
            Signal::Terminate => "SIGTERM",
        }
    }
}

/// Signals this close to the first are that one delivered again.
const ECHO: Duration = Duration::from_secs(1);

/// What to do with a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    /// The first: raise the flag the command polls.
    Raise,
    /// The first delivered again: nothing.
    Ignore,
    /// End the process now.
    Exit,
}

/// The first signal seen, and what each new one means (module docs).
#[derive(Default)]
struct Seen {
    first: Option<Instant>,
}

impl Seen {
    /// Says what a signal arriving at `now` does, inside an interruptible
    /// section (`armed`) or not.
    fn on(&mut self, now: Instant, armed: bool) -> Act {
        match self.first {
            // The first: it stops a search, and ends anything else at once.
            None if armed => {
                self.first = Some(now);
                Act::Raise
            }
            None => Act::Exit,
            // Its echoes, and any signal close behind it: the answer is on
            // its way (the search may be over, its answer being written).
            Some(first) if now.saturating_duration_since(first) <= ECHO => Act::Ignore,
            // The user insisting.
            Some(_) => Act::Exit,
        }
    }
}

/// Installs the Ctrl-C and SIGTERM handling described in the module docs.
/// Called once by the binary; tests that run commands in process do not
/// install it.
///
/// # Errors
/// Fails if the operating system refuses the signal handler or the thread.
pub fn install_interrupt_handler() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let mut seen = Seen::default();
                for number in signals.forever() {
                    let (code, raised) = if number == SIGTERM {
                        (TERMINATE_EXIT, &TERMINATED)
                    } else {
                        (INTERRUPT_EXIT, &INTERRUPTED)
                    };
                    let armed = !SECTIONS.not_armed.load(Ordering::SeqCst);
                    match seen.on(Instant::now(), armed) {
                        Act::Raise => raised.store(true, Ordering::SeqCst),
                        Act::Ignore => {}
                        Act::Exit => std::process::exit(code),
                    }
                }
            })?;
    }
    Ok(())
}

/// Returns the signal that asked the running command to stop, if one did.
pub(crate) fn signal() -> Option<Signal> {
    if TERMINATED.load(Ordering::Relaxed) {
        Some(Signal::Terminate)
    } else if INTERRUPTED.load(Ordering::Relaxed) {
        Some(Signal::Interrupt)
    } else {
        None
    }
}

/// A section of a command that polls [`signal`] and answers with what it
/// has when it is set. Open while the value lives.
#[must_use = "the section closes when this value is dropped"]
pub(crate) struct Interruptible(());

impl Interruptible {
    /// Opens the section: from now on the first Ctrl-C only raises the flag.
    pub(crate) fn open() -> Self {
        SECTIONS.enter();
        Interruptible(())
    }
}

impl Drop for Interruptible {
    fn drop(&mut self) {
        SECTIONS.leave();
    }
}

/// A progress line on stderr, or nothing (see the module docs).
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A progress line for work of `total` units (a bar), or of unknown size
    /// (`None`: a spinner), labelled with `what`; hidden unless stderr is a
    /// terminal and the answer is text.
    pub(crate) fn new(io: &Io<'_>, json: bool, what: &str, total: Option<u64>) -> Self {
        if !io.progress || json {
            return Progress::hidden();
        }
        let bar = match total {
            Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr())
                .with_style(
                    ProgressStyle::with_template("{prefix} {bar:40} {pos}/{len} {msg} ({elapsed})")
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template("{spinner} {prefix} {pos} {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        bar.set_prefix(what.to_string());
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// The length of a bar for a budget of `units` (`u64::MAX`: unlimited,
    /// then `None`, a spinner).
    pub(crate) fn len_of(units: u64) -> Option<u64> {
        (units != u64::MAX).then_some(units)
    }

    /// A progress line that draws nothing.
    pub(crate) fn hidden() -> Self {
        Progress { bar: None }
    }

    /// Sets how many units are done.
    pub(crate) fn set(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Sets the words after the count (what was found so far, say).
    pub(crate) fn message(&self, text: impl Into<String>) {
        if let Some(bar) = &self.bar {
            bar.set_message(text.into());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_signal_within_a_second_of_the_first_counts_as_it() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        // The first raises the flag; its echoes (timeout's, to the group,
        // and any number more) are nothing, even once the search is over
        // and its answer is being written (not armed).
        let mut seen = Seen::default();
        assert_eq!(seen.on(at(0), true), Act::Raise);
        assert_eq!(seen.on(at(0), true), Act::Ignore);
        assert_eq!(seen.on(at(3), true), Act::Ignore);
        assert_eq!(seen.on(at(10), false), Act::Ignore);
        assert_eq!(seen.on(at(1_000), false), Act::Ignore);
        // One more than a second later is the user insisting.
        assert_eq!(seen.on(at(1_001), true), Act::Exit);
        let mut seen = Seen::default();
        assert_eq!(seen.on(at(0), true), Act::Raise);
        assert_eq!(seen.on(at(1_500), false), Act::Exit);
        // Outside a section, the first signal ends the process.
        assert_eq!(Seen::default().on(at(0), false), Act::Exit);
    }

    #[test]
    fn an_unlimited_budget_is_a_spinner() {
        assert_eq!(Progress::len_of(u64::MAX), None);
        assert_eq!(Progress::len_of(u64::MAX - 1), Some(u64::MAX - 1));
        assert_eq!(Progress::len_of(0), Some(0));
        assert_eq!(Progress::len_of(7), Some(7));
    }

    #[test]
    fn sections_nest() {
        // A private count: the global one is shared with tests running searches.
        let sections = Sections::new();
        sections.enter();
        sections.enter();
        sections.leave();
        assert!(
            !sections.not_armed.load(Ordering::SeqCst),
            "the outer one is open"
        );
        sections.leave();
        assert!(sections.not_armed.load(Ordering::SeqCst));
    }
}
