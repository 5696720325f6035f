//! The hunt's threads: the pool they share (the chunks handed out in order,
//! each thread's chunks played, the turns that keep one thread a processor
//! playing), and the [`Watch`], the pool seen from the main thread as a
//! search that the one driver (`limits::drive`) runs.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, TryLockError};
use std::thread::Thread;
use std::time::{Duration, Instant};

use plateau::Budget;
use plateau::camicia::hunt::{Chunks, Hunt};
use plateau::search::{Outcome, Search};

use super::super::record::Report;
use crate::limits::Limits;

/// Returns the processor time of this process so far, its threads together,
/// if the system tells it.
pub(super) fn process_cpu_seconds() -> Option<f64> {
    cpu_time::ProcessTime::try_now()
        .ok()
        .map(|t| t.as_duration().as_secs_f64())
}

/// The chunks played, added up in their order: `report` holds the first
/// `report.tally.chunks` chunks; chunks that end early wait in `pending`.
pub(super) struct Ledger {
    pub(super) report: Report,
    pub(super) pending: BTreeMap<u64, Report>,
}

impl Ledger {
    /// Adds chunk `index`, and every waiting chunk that now follows in order.
    fn add(&mut self, index: u64, chunk: Report) {
        self.pending.insert(index, chunk);
        while let Some(next) = self.pending.remove(&self.report.tally.chunks) {
            self.report.absorb(&next);
        }
    }
}

/// The hunt's threads and what they share: the chunks, handed out in order as
/// the threads free up, and each thread's chunks played.
pub(super) struct Pool {
    pub(super) hunt: Hunt,
    /// The shard's chunks, in order.
    pub(super) chunks: Chunks,
    pub(super) top: usize,
    /// The index of the next chunk to hand out.
    pub(super) next: AtomicU64,
    /// Deals played in this run, for the progress line.
    pub(super) played: AtomicU64,
    /// Raised when the hunt must stop: no new chunk is taken.
    pub(super) stop: AtomicBool,
    /// Each worker's chunks ended and not yet taken by the main thread, with
    /// their indices. The main thread only ever tries these locks: it never
    /// waits for a worker, which with many more threads than processors
    /// could be preempted while it holds one, for as long as a whole round
    /// of the others.
    pub(super) ended: Vec<Mutex<Vec<(u64, Report)>>>,
    /// Workers not yet ended: each hands in its last chunk before it counts
    /// itself out.
    pub(super) working: AtomicUsize,
    /// The main thread, woken whenever a chunk is handed in.
    pub(super) watcher: Thread,
    /// Turns to play a chunk: one per processor.
    pub(super) turns: Turns,
}

/// Turns to play, one per processor: with more threads than processors, the
/// workers without a turn sleep until one is free.
///
/// Under more running threads than processors, the scheduler makes a thread
/// that wakes wait its turn behind them: with a thousand workers on two
/// processors, the main thread (the deadline, signals, the answer) would
/// wait seconds to run, and so would a process's exit. With turns, only as
/// many workers run as there are processors; the processors are as busy,
/// and the answer does not depend on it.
pub(super) struct Turns {
    pub(super) free: Mutex<usize>,
    pub(super) freed: Condvar,
}

impl Turns {
    /// Waits for a turn, or for `stop`: `None`.
    pub(super) fn take<'t>(&'t self, stop: &AtomicBool) -> Option<Turn<'t>> {
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        while *free == 0 {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *free -= 1;
        Some(Turn(self))
    }
}

/// A turn to play, given back when dropped.
pub(super) struct Turn<'t>(&'t Turns);

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        self.0.freed.notify_one();
    }
}

/// Counts a worker out when it ends, a panic included, and wakes the main
/// thread.
pub(super) struct Leaving<'c>(&'c Pool);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        self.0.working.fetch_sub(1, Ordering::Release);
        self.0.watcher.unpark();
    }
}

impl Pool {
    /// Stops the hunt: no new chunk is taken, and the workers waiting for a
    /// turn leave.
    pub(super) fn halt(&self) {
        // Under the turns' lock, so that no worker sees the hunt still on
        // and then sleeps through the wake-up.
        let _free = self
            .turns
            .free
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.stop.store(true, Ordering::Relaxed);
        self.turns.freed.notify_all();
    }

    /// Plays chunks as worker `me`, handing each in to the main thread, until
    /// none is left or the hunt stops.
    pub(super) fn work(&self, me: usize) {
        let _leaving = Leaving(self);
        // A worker keeps its turn until it leaves: chunks go to whichever
        // worker is free, so passing turns round would only cost switches.
        let Some(_turn) = self.turns.take(&self.stop) else {
            return;
        };
        while !self.stop.load(Ordering::Relaxed) {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((number, len)) = self.chunks.get(index) else {
                break;
            };
            let mut chunk = Report::new(self.top);
            self.hunt.chunk(number, len, &mut chunk.tally);
            self.played.fetch_add(chunk.tally.deals, Ordering::Relaxed);
            if let Some(slot) = self.ended.get(me) {
                slot.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((index, chunk));
            }
            self.watcher.unpark();
        }
    }
}

/// When this run of the hunt began, on how many threads.
pub(super) struct Run {
    pub(super) began: Instant,
    pub(super) cpu_began: Option<f64>,
    pub(super) threads: usize,
}

/// The longest a [`Watch`] run waits between two looks at the deals played
/// (a chunk that ends wakes it at once).
pub(super) const WATCH_NAP: Duration = Duration::from_millis(5);

/// The threads' hunt as the main thread sees it: a search whose unit is the
/// deal. A run takes the chunks the threads hand in as they end them into
/// the [`Ledger`] (the main thread's alone), until the threads have played
/// `budget` deals more or the deadline or a signal says stop, and says
/// `Done` once every thread has ended. The threads do not stop between runs:
/// the driver only looks in between, and halts them
/// ([`Pool::halt`]) when it stops.
pub(super) struct Watch<'c> {
    pub(super) pool: &'c Pool,
    pub(super) ledger: Ledger,
    /// The chunks just taken from the workers, on their way to the ledger.
    pub(super) taken: Vec<(u64, Report)>,
    /// The hunt's deadline (Ctrl-C is seen through it too).
    pub(super) limits: Limits,
    /// Whether every worker has ended.
    pub(super) all_ended: bool,
}

impl Watch<'_> {
    /// Takes the chunks ended within `wait` into the ledger (at once if
    /// some have ended already).
    pub(super) fn take(&mut self, wait: Duration) {
        if !self.collect() {
            std::thread::park_timeout(wait);
            self.collect();
        }
    }

    /// Takes the chunks the workers have handed in into the ledger, skipping
    /// a worker that holds its lock (its chunks come next time), and notes
    /// when every worker has ended. Says whether it took any.
    fn collect(&mut self) -> bool {
        // Read first: once every worker is out, none holds a lock, and all
        // their chunks are in (counted out after the last hand-in).
        let last = self.pool.working.load(Ordering::Acquire) == 0;
        for slot in &self.pool.ended {
            match slot.try_lock() {
                Ok(mut ended) => self.taken.append(&mut ended),
                Err(TryLockError::Poisoned(p)) => self.taken.append(&mut p.into_inner()),
                Err(TryLockError::WouldBlock) => {}
            }
        }
        let took = !self.taken.is_empty();
        for (index, chunk) in self.taken.drain(..) {
            self.ledger.add(index, chunk);
        }
        self.all_ended |= last;
        took
    }

    /// A copy of the ledger's report, with the time of this run so far added.
    pub(super) fn snapshot(&self, run: &Run) -> Report {
        let mut r = self.ledger.report.clone();
        let wall = run.began.elapsed().as_secs_f64();
        r.seconds += wall;
        r.thread_seconds += wall * run.threads as f64;
        r.cpu_seconds += match (run.cpu_began, process_cpu_seconds()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => wall * run.threads as f64,
        };
        r
    }
}

impl Search for Watch<'_> {
    type Done = u64;
    type NoSolution = Infallible;
    type Best = u64;
    type Error = Infallible;

    fn run(&mut self, budget: Budget) -> Result<Outcome<u64>, Infallible> {
        let target = self.spent().saturating_add(budget.get());
        loop {
            let played = self.spent();
            if self.all_ended {
                return Ok(Outcome::Done(played));
            }
            // The deadline or Ctrl-C: the driver stops the threads at once,
            // without waiting for a chunk to end (under many more threads
            // than processors, one chunk can last seconds).
            if played >= target || self.limits.stop_now().is_some() {
                return Ok(Outcome::Exhausted {
                    best: played,
                    spent: played,
                });
            }
            self.take(WATCH_NAP);
        }
    }

    fn spent(&self) -> u64 {
        self.pool.played.load(Ordering::Relaxed)
    }
}
