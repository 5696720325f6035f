//! Counting tours, resumable: one exhaustive search per way the tour may end.

use core::convert::Infallible;
use core::fmt;

use super::backtrack::{Aim, Dfs, End, Searched};
use super::geometry::{self, dims};
use super::job::Job;
use super::{Board, CountOutcome, Square, TourKind};
use crate::Budget;
use crate::search::{Count, Meter, Outcome, Search};

/// Counts the directed knight's tours from a square, in slices: a [`Search`]
/// whose [`run`](Search::run) tries at most its [`Budget`] of moves more and
/// says where the count stands.
///
/// Made by [`Tour::count`](super::Tour::count), it borrows the tour's memory
/// as work space ([`Tour::squares`](super::Tour::squares) is empty
/// afterwards). A closed tour counts once per direction. The count is exact
/// ([`Outcome::Done`], 0 where theory says there is no tour), or, when the
/// budget runs out, [`Outcome::Exhausted`] with the tours counted so far as
/// [`Count::at_least`]; calling `run` again goes on where it stopped, and
/// any way of cutting the budget gives the count and the `spent` of one call
/// with their sum. The unit is the one of [`TourOutcome`](super::TourOutcome).
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Count, Outcome, Search};
/// use plateau::tour::{Board, Square, Tour, TourKind};
/// let mut tour = Tour::<[Square; 25], [u8; 25]>::new(Board::new(5, 5)?)?;
/// let mut count = tour.count(Square::new(0, 0), TourKind::Open)?;
/// let Ok(cut) = count.run(Budget::new(1_000));
/// assert!(matches!(cut, Outcome::Exhausted { best, spent: 1_000 } if !best.exact));
/// let Ok(all) = count.run(Budget::UNLIMITED); // goes on where it stopped
/// assert_eq!(all, Outcome::Done(Count::exactly(304)));
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
pub struct TourCount<'a> {
    out: &'a mut [Square],
    scratch: &'a mut [u8],
    meter: Meter,
    board: Board,
    start: Square,
    kind: TourKind,
    /// Tours counted by the searches that finished.
    total: u64,
    stage: Stage,
}

/// Where a count stands.
#[derive(Clone, Copy)]
enum Stage {
    /// Nothing done: theory is asked first.
    Start,
    /// Counting the tours that end on the start's `d`-th move (any end, for open tours).
    End { d: u8, dfs: Dfs },
    /// Over: every later run answers the same.
    Over(CountOutcome),
}

impl<'a> TourCount<'a> {
    /// Starts a count of `board` from `start` (on the board) in `out` and
    /// `scratch`, one square and one byte per square of the board.
    pub(crate) fn new(
        (board, start, kind): (Board, Square, TourKind),
        out: &'a mut [Square],
        scratch: &'a mut [u8],
    ) -> TourCount<'a> {
        TourCount {
            out,
            scratch,
            meter: Meter::new(),
            board,
            start,
            kind,
            total: 0,
            stage: Stage::Start,
        }
    }

    /// The count ending on the start's `d`-th move or a later one (any end
    /// for an open tour: one count); `None` past the last.
    fn end(&self, d: u8) -> Option<Stage> {
        match self.kind {
            TourKind::Open => (d == 0).then(|| Stage::End {
                d,
                dfs: Dfs::new(Aim::count(End::Anywhere)),
            }),
            TourKind::Closed => {
                // A directed closed tour from the start is a path ending on one of its moves.
                let (w, h) = dims(self.board);
                let (sx, sy) = (u32::from(self.start.x), u32::from(self.start.y));
                (d..geometry::MOVES.len() as u8).find_map(|d| {
                    let (x, y) = geometry::step(w, h, sx, sy, usize::from(d))?;
                    let dfs = Dfs::new(Aim::count(End::At(x, y)));
                    Some(Stage::End { d, dfs })
                })
            }
        }
    }
}

impl Search for TourCount<'_> {
    type Done = Count;
    type NoSolution = Infallible;
    type Best = Count;
    type Error = Infallible;

    /// Tries at most `budget` knight moves more.
    fn run(&mut self, budget: Budget) -> Result<CountOutcome, Infallible> {
        self.meter.open(budget);
        loop {
            let next = match &mut self.stage {
                Stage::Over(outcome) => return Ok(*outcome),
                Stage::Start => match self.board.no_tour_by_theory(self.start, self.kind) {
                    Some(_) => None,
                    None => self.end(0),
                },
                Stage::End { d, dfs } => {
                    let mut job = Job {
                        board: self.board,
                        start: self.start,
                        out: &mut *self.out,
                        scratch: &mut *self.scratch,
                        meter: &mut self.meter,
                    };
                    match dfs.run(&mut job) {
                        Searched::Done { count } => {
                            let d = d.saturating_add(1);
                            self.total = self.total.saturating_add(count);
                            self.end(d)
                        }
                        Searched::Spent | Searched::Cut => {
                            let so_far = self.total.saturating_add(dfs.count());
                            return Ok(Outcome::Exhausted {
                                best: Count::at_least(so_far),
                                spent: self.meter.spent(),
                            });
                        }
                    }
                }
            };
            self.stage = next.unwrap_or(Stage::Over(Outcome::Done(Count::exactly(self.total))));
        }
    }

    fn spent(&self) -> u64 {
        self.meter.spent()
    }
}

impl fmt::Debug for TourCount<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TourCount")
            .field("board", &self.board)
            .field("start", &self.start)
            .field("kind", &self.kind)
            .field("spent", &self.meter.spent())
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for TourCount<'_> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "TourCount {{ board: {}, start: {}, kind: {}, spent: {} }}",
            self.board,
            self.start,
            self.kind,
            self.meter.spent()
        );
    }
}
