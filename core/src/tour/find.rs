//! Finding a tour, resumable: theory first, then the fast path, then the fallbacks.

use core::convert::Infallible;
use core::fmt;

use super::backtrack::{Aim, Dfs, End, Order, Searched};
use super::construct::Construction;
use super::cycle::{Finish, Finished};
use super::geometry::{self, dims};
use super::job::Job;
use super::piece::Built;
use super::warnsdorff::{Pass, Passed};
use super::{Board, NoTour, Square, TourKind, TourOutcome, strip};
use crate::Budget;
use crate::search::{Meter, Outcome, Search};

/// Passes of Warnsdorff's rule an open search makes at most: the 8
/// rotations of the tie order with Roth's tie-break, then the 8 without.
const PASSES: u8 = 16;
/// Searches in Warnsdorff order from the start, in 16 tie orders: the first
/// 15 are short restarts, the last runs to the end.
const ORDERS: u8 = 16;

/// Finds a knight's tour from a square, in slices: a [`Search`] whose
/// [`run`](Search::run) tries at most its [`Budget`] of moves more and says
/// where the search stands.
///
/// Made by [`Tour::find`](super::Tour::find), it borrows the tour's memory:
/// the path is built in its squares, and [`TourSearch::squares`] (or
/// [`Tour::squares`](super::Tour::squares), once the search is dropped)
/// holds the tour when the search is [`Outcome::Done`]. A budget that runs
/// out gives [`Outcome::Exhausted`] with the squares of the longest partial
/// tour any attempt reached; calling `run` again goes on where it stopped,
/// and any way of cutting the budget gives the answer and the `spent` of one
/// call with their sum. See [`TourOutcome`] for the unit of work.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search};
/// use plateau::tour::{Board, Square, Tour, TourKind, check_tour};
/// let board = Board::new(8, 8)?;
/// let mut tour = Tour::<[Square; 64], [u8; 64]>::new(board)?;
/// let mut search = tour.find(Square::new(4, 7), TourKind::Closed)?;
/// let mut slices = 0;
/// let Ok(outcome) = loop {
///     slices += 1; // a watchdog fed between slices, say
///     match search.run(Budget::new(100)) {
///         Ok(Outcome::Exhausted { .. }) => {}
///         over => break over,
///     }
/// };
/// assert_eq!(outcome, Outcome::Done(()));
/// assert!(slices > 1 && check_tour(board, search.squares(), TourKind::Closed));
/// // The search is over (and its borrow of the tour with it):
/// assert_eq!(tour.squares().len(), 64); // the tour stays in the tour's memory
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
pub struct TourSearch<'a> {
    out: &'a mut [Square],
    scratch: &'a mut [u8],
    /// The tour's count of squares found: set when the search is done.
    found: &'a mut usize,
    meter: Meter,
    find: Finder,
}

/// The state of a search for a tour, apart from its memory.
#[derive(Clone, Copy)]
struct Finder {
    board: Board,
    start: Square,
    kind: TourKind,
    /// Squares of the longest partial tour a finished attempt reached.
    deepest: u64,
    stage: Stage,
}

/// Where a search for a tour stands: the attempts in the order they are made.
#[derive(Clone, Copy)]
// A construction holds its block scratch in place: there is no allocator to box it.
#[allow(clippy::large_enum_variant)]
enum Stage {
    /// Nothing done: theory is asked first.
    Start,
    /// The `k`-th pass of Warnsdorff's rule.
    Pass { k: u8, pass: Pass },
    /// A closed tour, or an open one on a thin odd strip, by construction.
    Build(Construction),
    /// The construction's links walked into the tour and checked.
    Finish { finish: Finish, cycle: bool },
    /// A closed tour by search: a path ending on the start's `d`-th move.
    ClosedEnd { d: u8, dfs: Dfs },
    /// The search in the `k`-th tie order (the last runs to its end).
    Order { k: u8, dfs: Dfs },
    /// Every attempt at a closed tour failed, which Schwenk's theorem rules
    /// out: the search answers `Exhausted`, never a false "none".
    Stuck,
    /// Over: every later run answers the same.
    Over(TourOutcome),
}

impl<'a> TourSearch<'a> {
    /// Starts a search of `board` from `start` (on the board) in `out` and
    /// `scratch`, one square and one byte per square of the board; the
    /// tour's `found` is set when the search is done.
    pub(crate) fn new(
        (board, start, kind): (Board, Square, TourKind),
        out: &'a mut [Square],
        scratch: &'a mut [u8],
        found: &'a mut usize,
    ) -> TourSearch<'a> {
        *found = 0;
        TourSearch {
            out,
            scratch,
            found,
            meter: Meter::new(),
            find: Finder {
                board,
                start,
                kind,
                deepest: 0,
                stage: Stage::Start,
            },
        }
    }

    /// Returns the squares of the tour from the start, in order, once the
    /// search is [`Outcome::Done`]; empty before.
    ///
    /// ```
    /// use plateau::Budget;
    /// use plateau::search::Search;
    /// use plateau::tour::{Board, Square, Tour, TourKind};
    /// let mut tour = Tour::<[Square; 25], [u8; 25]>::new(Board::new(5, 5)?)?;
    /// let mut search = tour.find(Square::new(0, 0), TourKind::Open)?;
    /// assert!(search.squares().is_empty());
    /// let _ = search.run(Budget::UNLIMITED);
    /// assert_eq!(search.squares().len(), 25);
    /// # Ok::<(), plateau::tour::TourError>(())
    /// ```
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        self.out.get(..*self.found).unwrap_or(&[])
    }
}

#[cfg(test)]
impl TourSearch<'_> {
    /// Names the attempt the search is at (or answered in): for the tests.
    pub(crate) fn attempt(&self) -> &'static str {
        match self.find.stage {
            Stage::Start => "start",
            Stage::Pass { .. } => "pass",
            Stage::Build(build) if build.is_cycle() => "cycle",
            Stage::Build(_) => "strip",
            Stage::Finish { cycle: true, .. } => "cycle walked",
            Stage::Finish { .. } => "strip walked",
            Stage::ClosedEnd { .. } => "closed end",
            Stage::Order { k, .. } if k < ORDERS => "restart",
            Stage::Order { .. } => "final",
            Stage::Stuck => "stuck",
            Stage::Over(_) => "over",
        }
    }
}

impl Search for TourSearch<'_> {
    type Done = ();
    type NoSolution = NoTour;
    type Best = u64;
    type Error = Infallible;

    /// Tries at most `budget` knight moves more (see [`TourOutcome`] for
    /// what else counts as one).
    fn run(&mut self, budget: Budget) -> Result<TourOutcome, Infallible> {
        self.meter.open(budget);
        let mut job = Job {
            board: self.find.board,
            start: self.find.start,
            out: &mut *self.out,
            scratch: &mut *self.scratch,
            meter: &mut self.meter,
        };
        let outcome = self.find.run(&mut job);
        if outcome.is_done() {
            *self.found = self.out.len();
        }
        Ok(outcome)
    }

    fn spent(&self) -> u64 {
        self.meter.spent()
    }
}

impl fmt::Debug for TourSearch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TourSearch")
            .field("board", &self.find.board)
            .field("start", &self.find.start)
            .field("kind", &self.find.kind)
            .field("spent", &self.meter.spent())
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for TourSearch<'_> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "TourSearch {{ board: {}, start: {}, kind: {}, spent: {} }}",
            self.find.board,
            self.find.start,
            self.find.kind,
            self.meter.spent()
        );
    }
}

impl Finder {
    /// Goes on with the attempt in progress, then the next ones, until one
    /// answers or the slice is spent.
    fn run(&mut self, job: &mut Job<'_>) -> TourOutcome {
        let (board, kind) = (self.board, self.kind);
        loop {
            let next = match &mut self.stage {
                Stage::Over(outcome) => return *outcome,
                Stage::Start => match board.no_tour_by_theory(self.start, kind) {
                    Some(why) => Stage::Over(Outcome::NoSolution(why)),
                    None if kind == TourKind::Open => Stage::Pass {
                        k: 0,
                        pass: Pass::new(0, true),
                    },
                    None => self.after_passes(),
                },
                Stage::Pass { k, pass } => match pass.run(job) {
                    Passed::Complete => Stage::Over(Outcome::Done(())),
                    Passed::Spent(visited) => return self.exhausted(job, visited as u64),
                    Passed::Stuck(visited) => {
                        let k = k.saturating_add(1);
                        self.deepest = self.deepest.max(visited as u64);
                        // One pass where a closed tour can be built instead.
                        if k >= PASSES || board.has_closed_tour() {
                            self.after_passes()
                        } else {
                            Stage::Pass {
                                k,
                                pass: Pass::new(k % 8, k < 8),
                            }
                        }
                    }
                },
                Stage::Build(build) => match build.run(job) {
                    Built::Done => Stage::Finish {
                        finish: Finish::new(build.is_cycle(), kind, self.start),
                        cycle: build.is_cycle(),
                    },
                    Built::Spent => return self.exhausted(job, 0),
                    Built::Failed if build.is_cycle() => self.after_cycle(),
                    Built::Failed => self.order(1),
                },
                Stage::Finish { finish, cycle } => match finish.run(job) {
                    Finished::Tour => Stage::Over(Outcome::Done(())),
                    Finished::Spent => return self.exhausted(job, 0),
                    Finished::Broken if *cycle => self.after_cycle(),
                    Finished::Broken => self.order(1),
                },
                Stage::ClosedEnd { d, dfs } => match dfs.run(job) {
                    Searched::Done { count: 0 } => {
                        let d = d.saturating_add(1);
                        self.deepest = self.deepest.max(dfs.deepest());
                        self.closed_end(d)
                    }
                    Searched::Done { .. } => Stage::Over(Outcome::Done(())),
                    Searched::Spent | Searched::Cut => {
                        let deepest = dfs.deepest();
                        return self.exhausted(job, deepest);
                    }
                },
                Stage::Order { k, dfs } => match dfs.run(job) {
                    Searched::Done { count: 0 } => {
                        Stage::Over(Outcome::NoSolution(NoTour::NoneFromSquare))
                    }
                    Searched::Done { .. } => Stage::Over(Outcome::Done(())),
                    Searched::Cut => {
                        let k = k.saturating_add(1);
                        self.deepest = self.deepest.max(dfs.deepest());
                        self.order(k)
                    }
                    Searched::Spent => {
                        let deepest = dfs.deepest();
                        return self.exhausted(job, deepest);
                    }
                },
                Stage::Stuck => return self.exhausted(job, 0),
            };
            self.stage = next;
        }
    }

    /// Returns what a search whose slice is spent answers, with the longest
    /// partial tour of the attempt in progress.
    fn exhausted(&self, job: &Job<'_>, current: u64) -> TourOutcome {
        Outcome::Exhausted {
            best: self.deepest.max(current),
            spent: job.meter.spent(),
        }
    }

    /// The attempt after the passes: a closed tour by construction, where there is one.
    fn after_passes(&self) -> Stage {
        if self.board.has_closed_tour() {
            Stage::Build(Construction::cycle(self.board))
        } else {
            self.after_cycle()
        }
    }

    /// The attempt after the construction of a closed tour (or where there
    /// is none): a closed tour by search; an open tour of a thin odd strip
    /// by construction, else the searches in other tie orders.
    fn after_cycle(&self) -> Stage {
        if self.kind == TourKind::Closed {
            self.closed_end(0)
        } else if strip::applies(self.board) {
            Stage::Build(Construction::strip(self.board, self.start))
        } else {
            self.order(1)
        }
    }

    /// The search for a closed tour ending on the start's `d`-th move or a later one.
    fn closed_end(&self, d: u8) -> Stage {
        let (w, h) = dims(self.board);
        let (sx, sy) = (u32::from(self.start.x), u32::from(self.start.y));
        (d..geometry::MOVES.len() as u8)
            .find_map(|d| {
                let (ex, ey) = geometry::step(w, h, sx, sy, usize::from(d))?;
                let dfs = Dfs::new(Aim::tour(End::At(ex, ey), Order::ROTH));
                Some(Stage::ClosedEnd { d, dfs })
            })
            .unwrap_or(Stage::Stuck)
    }

    /// The search in the `k`-th tie order (1 to [`ORDERS`] - 1), cut after a
    /// few hundred moves a square: a search that went wrong early can spend
    /// ages in one subtree that a restart skips. The last, in Roth's order,
    /// runs to its end: it finds a tour or proves there is none.
    fn order(&self, k: u8) -> Stage {
        if k >= ORDERS {
            let dfs = Dfs::new(Aim::tour(End::Anywhere, Order::ROTH));
            return Stage::Order { k, dfs };
        }
        let order = Order {
            nearest: k % 2 == 1,
            rotation: k / 2,
        };
        let moves = 2_000u64.saturating_add(200u64.saturating_mul(self.board.squares()));
        let dfs = Dfs::new(Aim::tour(End::Anywhere, order)).cut_after(moves);
        Stage::Order { k, dfs }
    }
}
