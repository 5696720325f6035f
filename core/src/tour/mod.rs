//! Knight's tours on any board from 1×1 to 65,535×65,535, open or closed.
//!
//! [`Tour`] is the entry: a board and the memory its searches work in, owned
//! (arrays, for small boards: [`Tour::new`]) or lent (`&mut [Square]` and
//! `&mut [u8]`, for a 2000×2000 board on a host or a `static` buffer on a
//! chip: [`Tour::new_in`]). [`Tour::find`] starts a [`TourSearch`]: a value
//! you drive ([`Search::run`](crate::search::Search::run)) that finds a tour
//! for every board and start square that has one, says why when none exists
//! ([`Outcome::NoSolution`] with a [`NoTour`]), and answers
//! [`Outcome::Exhausted`] only when its budget of moves ran out, to go on
//! where it stopped at the next run. [`Tour::count`] starts a [`TourCount`]
//! the same way.
//!
//! How: "none" comes from theory (which boards have tours, the colour of the
//! start on odd boards) or from an exhaustive search. Otherwise Warnsdorff's rule
//! (fewest onward moves; ties to the square farthest from the centre, Roth) runs
//! in O(1) per move; if it gets stuck, a closed tour built by divide and conquer
//! is walked from the start, or, on boards without closed tours, a depth-first
//! search in Warnsdorff order backtracks in the tour's memory.
//!
//! ```
//! use plateau::Budget;
//! use plateau::search::{Outcome, Search};
//! use plateau::tour::{Board, Square, Tour, TourKind, check_tour};
//! let board = Board::new(8, 8)?;
//! let mut tour = Tour::<[Square; 64], [u8; 64]>::new(board)?;
//! let mut search = tour.find(Square::new(4, 7), TourKind::Open)?;
//! let Ok(outcome) = search.run(Budget::new(1_000_000));
//! assert_eq!(outcome, Outcome::Done(()));
//! assert!(check_tour(board, search.squares(), TourKind::Open));
//! # Ok::<(), plateau::tour::TourError>(())
//! ```

mod backtrack;
mod check;
mod construct;
mod count;
mod cycle;
mod entry;
mod find;
mod geometry;
mod job;
mod piece;
mod strip;
mod three;
mod warnsdorff;

use core::convert::Infallible;
use core::fmt;

use crate::search::{Count, Outcome};

pub use check::{MAX_CHECKED_SQUARES, check_tour, check_tour_with};
pub use count::TourCount;
pub use entry::Tour;
pub use find::TourSearch;

/// Largest width or height of a board (a side is a `u16`). A `usize`, as
/// every `MAX_SIDE` of the crate is (`grid::margins`, `grid::snake`,
/// `grid::minesweeper`).
pub const MAX_SIDE: usize = u16::MAX as usize;

/// A rectangular board: `width` files by `height` ranks, each 1 to [`MAX_SIDE`].
///
/// ```
/// use plateau::tour::Board;
/// let board = Board::new(3, 4)?;
/// assert_eq!(board.squares(), 12);
/// assert!(board.has_open_tour() && !board.has_closed_tour());
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Board {
    width: u16,
    height: u16,
}

/// A square: `x` is the file (0 = a), `y` the rank (0 = rank 1), both zero-based.
///
/// ```
/// use plateau::tour::Square;
/// let e8 = Square::new(4, 7);
/// assert_eq!((e8.x, e8.y), (4, 7));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Square {
    /// The file, from 0.
    pub x: u16,
    /// The rank, from 0.
    pub y: u16,
}

/// Chooses whether the tour must end a knight's move from where it started.
///
/// ```
/// use plateau::tour::{Board, Square, TourKind};
/// let board = Board::new(5, 5)?;
/// // Both sides odd: no closed tour, but open ones from a corner.
/// assert!(board.no_tour_by_theory(Square::new(0, 0), TourKind::Closed).is_some());
/// assert!(board.no_tour_by_theory(Square::new(0, 0), TourKind::Open).is_none());
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TourKind {
    /// Every square once, ending anywhere.
    Open,
    /// Every square once, ending a knight's move from the start.
    Closed,
}

/// Says why no tour exists.
///
/// ```
/// use plateau::tour::{Board, NoTour, Square, TourKind};
/// let why = Board::new(4, 4)?.no_tour_by_theory(Square::new(0, 0), TourKind::Open);
/// assert_eq!(why, Some(NoTour::NoOpenTour));
/// assert!(NoTour::NoOpenTour.reason().starts_with("this board has no knight's tour"));
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum NoTour {
    /// The board has no open tour at all (1×n, 2×n, 3×3, 3×5, 3×6, 4×4).
    NoOpenTour,
    /// The board has no closed tour (Schwenk 1991): its shorter side is 1,
    /// 2 or 4, or it is 3×4, 3×6 or 3×8.
    NoClosedTour,
    /// The board has an odd number of squares, and a closed tour, which
    /// alternates colours, needs an even number (both sides odd: Schwenk's
    /// first case).
    OddClosed,
    /// The board has an odd number of squares and the start is on the minority colour.
    MinorityColour,
    /// On a 4×n board, open tours start on the long edges and this square is inside.
    InnerLineOf4xN,
    /// An exhaustive search found no open tour from this square.
    NoneFromSquare,
}

impl NoTour {
    /// Returns the reason in words.
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            NoTour::NoOpenTour => {
                "this board has no knight's tour (open tours need 1x1, 3x4, 3xn with n >= 7, 4xn with n >= 5, or both sides >= 5)"
            }
            NoTour::NoClosedTour => {
                "this board has no closed knight's tour (Schwenk: none when the shorter side is 1, 2 or 4, or on 3x4, 3x6 and 3x8)"
            }
            NoTour::OddClosed => {
                "both sides are odd, so the board has an odd number of squares, and a closed tour alternates colours: it needs an even number (Schwenk)"
            }
            NoTour::MinorityColour => {
                "the board has an odd number of squares, so a tour starts and ends on the majority colour, and this square is on the other"
            }
            NoTour::InnerLineOf4xN => {
                "on a 4xn board the long edges' squares only reach the inner lines, so a tour alternates edge and inner squares and starts and ends on an edge, and this square is on an inner line"
            }
            NoTour::NoneFromSquare => "no open tour starts on this square (exhaustive search)",
        }
    }
}

impl fmt::Display for NoTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

/// Says where a [`TourSearch`] stands: a tour ([`Outcome::Done`]: the tour
/// is in [`TourSearch::squares`]), no tour and why ([`Outcome::NoSolution`]),
/// or the budget ran out ([`Outcome::Exhausted`], with the squares of the
/// longest partial tour any attempt reached as `best`).
///
/// The unit of the budget and of `spent` is a knight move tried (a square
/// put on a Warnsdorff path, a move of a depth-first search; backing up is
/// free). The linear work around the moves is charged in the same unit, so
/// that no run does unbounded work for free: the degrees of 8 squares filled
/// before a pass or a search; a square of a block copied, mirrored, joined
/// across or written into a construction's cycle; a square of the cycle
/// walked into the tour, and of the tour checked. A tour of n squares costs
/// at least n + n/8 units.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search};
/// use plateau::tour::{Board, NoTour, Square, Tour, TourKind, TourOutcome};
/// let mut tour = Tour::<[Square; 12], [u8; 12]>::new(Board::new(3, 4)?)?;
/// let b2 = Square::new(1, 1);
/// let mut search = tour.find(b2, TourKind::Open)?;
/// let Ok(cut) = search.run(Budget::new(5));
/// assert!(matches!(cut, TourOutcome::Exhausted { spent: 5, .. }));
/// let Ok(none) = search.run(Budget::UNLIMITED);
/// assert_eq!(none, Outcome::NoSolution(NoTour::NoneFromSquare));
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
pub type TourOutcome = Outcome<(), NoTour, u64>;

/// Says where a [`TourCount`] stands: the exact number of directed tours
/// ([`Outcome::Done`]; 0 where none exists), or the budget ran out
/// ([`Outcome::Exhausted`], with the tours counted so far as a
/// [`Count::at_least`]). There is always a count: `NoSolution` cannot happen.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Count, Outcome, Search};
/// use plateau::tour::{Board, CountOutcome, Square, Tour, TourKind};
/// let mut tour = Tour::<[Square; 25], [u8; 25]>::new(Board::new(5, 5)?)?;
/// let Ok(corner) = tour.count(Square::new(0, 0), TourKind::Open)?.run(Budget::UNLIMITED);
/// assert_eq!(corner, CountOutcome::Done(Count::exactly(304)));
/// assert_eq!(corner.so_far().to_string(), "304");
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
pub type CountOutcome = Outcome<Count, Infallible, Count>;

/// Says what was wrong with a request: the board, the start or the memory.
///
/// ```
/// use plateau::tour::{Board, Square, Tour, TourError};
/// let board = Board::new(8, 8)?;
/// let small = Tour::new_in(board, [Square::default(); 63], [0u8; 64]);
/// assert_eq!(small.err(), Some(TourError::OutTooSmall { needed: 64, given: 63 }));
/// assert_eq!(Board::new(0, 5), Err(TourError::EmptyBoard { width: 0, height: 5 }));
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum TourError {
    /// A side of the board is 0.
    EmptyBoard {
        /// The files asked for.
        width: u16,
        /// The ranks asked for.
        height: u16,
    },
    /// The start square is off the board.
    StartOffBoard {
        /// The square asked for.
        start: Square,
        /// The board it is off.
        board: Board,
    },
    /// The board has more squares than this machine can address.
    TooManySquares {
        /// The board.
        board: Board,
    },
    /// The tour's memory holds fewer squares than the board.
    OutTooSmall {
        /// Squares needed: one per square of the board.
        needed: usize,
        /// Squares given.
        given: usize,
    },
    /// The scratch memory holds fewer bytes than [`scratch_len`].
    ScratchTooSmall {
        /// Bytes needed: one per square of the board.
        needed: usize,
        /// Bytes given.
        given: usize,
    },
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TourError::EmptyBoard { width, height } => write!(
                f,
                "a board needs at least one file and one rank, not {width}x{height}"
            ),
            TourError::StartOffBoard { start, board } => write!(
                f,
                "the start square {},{} is off the {}x{} board",
                start.x, start.y, board.width, board.height
            ),
            TourError::TooManySquares { board } => write!(
                f,
                "the {}x{} board has more squares than memory can address",
                board.width, board.height
            ),
            TourError::OutTooSmall { needed, given } => write!(
                f,
                "the tour buffer holds {given} squares, fewer than the board's {needed}"
            ),
            TourError::ScratchTooSmall { needed, given } => write!(
                f,
                "the scratch buffer holds {given} bytes, fewer than one per square ({needed})"
            ),
        }
    }
}

impl core::error::Error for TourError {}

impl Board {
    /// Makes a `width × height` board; both must be at least 1.
    pub const fn new(width: u16, height: u16) -> Result<Board, TourError> {
        if width == 0 || height == 0 {
            return Err(TourError::EmptyBoard { width, height });
        }
        Ok(Board { width, height })
    }

    /// Returns the number of files.
    #[must_use]
    pub const fn width(self) -> u16 {
        self.width
    }

    /// Returns the number of ranks.
    #[must_use]
    pub const fn height(self) -> u16 {
        self.height
    }

    /// Returns the number of squares (up to 65,535², which needs a `u64` in general).
    #[must_use]
    pub const fn squares(self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// Returns the number of squares as a `usize`; only called once it is known to fit.
    pub(crate) fn squares_usize(self) -> usize {
        usize::try_from(self.squares()).unwrap_or(usize::MAX)
    }

    /// Returns whether `s` is on the board.
    #[must_use]
    pub const fn contains(self, s: Square) -> bool {
        s.x < self.width && s.y < self.height
    }

    /// Returns whether the board has an open tour from some square.
    #[must_use]
    pub const fn has_open_tour(self) -> bool {
        let (m, n) = self.sides();
        match m {
            1 => n == 1,
            2 => false,
            3 => n == 4 || n >= 7,
            4 => n >= 5,
            _ => true,
        }
    }

    /// Returns whether the board has a closed tour (Schwenk's theorem).
    #[must_use]
    pub const fn has_closed_tour(self) -> bool {
        let (m, n) = self.sides();
        if m % 2 == 1 && n % 2 == 1 {
            return false;
        }
        match m {
            1 | 2 | 4 => false,
            3 => !matches!(n, 4 | 6 | 8),
            _ => true,
        }
    }

    /// Returns the sides, shorter first.
    const fn sides(self) -> (u16, u16) {
        if self.width <= self.height {
            (self.width, self.height)
        } else {
            (self.height, self.width)
        }
    }

    /// Returns why no tour of `kind` can start on `start`, if theory says so.
    #[must_use]
    pub const fn no_tour_by_theory(self, start: Square, kind: TourKind) -> Option<NoTour> {
        let (m, n) = self.sides();
        match kind {
            TourKind::Closed if m % 2 == 1 && n % 2 == 1 => Some(NoTour::OddClosed),
            TourKind::Closed if !self.has_closed_tour() => Some(NoTour::NoClosedTour),
            TourKind::Closed => None,
            TourKind::Open if !self.has_open_tour() => Some(NoTour::NoOpenTour),
            TourKind::Open => {
                // On an odd board the corner colour has one square more; a tour
                // alternates colours, so it starts and ends on that colour.
                let inner = if self.height == 4 {
                    start.y == 1 || start.y == 2
                } else {
                    start.x == 1 || start.x == 2
                };
                if self.squares() % 2 == 1 && (start.x as u32 + start.y as u32) % 2 == 1 {
                    Some(NoTour::MinorityColour)
                } else if self.sides().0 == 4 && self.sides().1 >= 5 && inner {
                    // See the proof on `backtrack::four_lines`.
                    Some(NoTour::InnerLineOf4xN)
                } else {
                    None
                }
            }
        }
    }
}

impl Square {
    /// Makes the square of file `x` and rank `y` (both from 0).
    #[must_use]
    pub const fn new(x: u16, y: u16) -> Square {
        Square { x, y }
    }
}

/// Returns the bytes of scratch a [`Tour`] of `board` needs: one per square.
///
/// ```
/// use plateau::tour::{Board, scratch_len};
/// assert_eq!(scratch_len(Board::new(2000, 2000)?), 4_000_000);
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[must_use]
pub const fn scratch_len(board: Board) -> u64 {
    board.squares()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use crate::search::Search;

    fn find(w: u16, h: u16, s: Square, kind: TourKind) -> (TourOutcome, Vec<Square>) {
        let b = Board::new(w, h).unwrap();
        let n = b.squares() as usize;
        let mut tour = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
        let mut search = tour.find(s, kind).unwrap();
        let Ok(o) = search.run(Budget::UNLIMITED);
        let squares = search.squares().to_vec();
        assert_eq!(
            squares,
            tour.squares(),
            "the tour stays in the tour's memory"
        );
        (o, squares)
    }

    #[test]
    fn every_start_up_to_16_open_and_closed() {
        for w in 1..=16u16 {
            for h in 1..=16u16 {
                let b = Board::new(w, h).unwrap();
                let mut seen = vec![0u8; b.squares() as usize];
                for y in 0..h {
                    for x in 0..w {
                        for kind in [TourKind::Open, TourKind::Closed] {
                            let s = Square::new(x, y);
                            let (o, t) = find(w, h, s, kind);
                            match o {
                                Outcome::Done(()) => {
                                    assert!(
                                        check_tour_with(b, &t, kind, &mut seen),
                                        "{w}x{h} {s:?} {kind:?}"
                                    );
                                    assert_eq!(t[0], s);
                                }
                                Outcome::NoSolution(_) => assert!(t.is_empty()),
                                Outcome::Exhausted { .. } => {
                                    panic!("{w}x{h} {s:?} {kind:?} exhausted")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `search` in slices of 1, 2, 3, ... units (cycling to `most`)
    /// until it is over; returns the outcome and the runs.
    fn sliced<S: Search<Error = core::convert::Infallible>>(
        search: &mut S,
        most: u64,
    ) -> (crate::search::SearchOutcome<S>, u64) {
        let mut runs = 0;
        loop {
            let Ok(o) = search.run(Budget::new(runs % most + 1));
            runs += 1;
            if !o.is_exhausted() {
                return (o, runs);
            }
        }
    }

    #[test]
    fn every_piece_goes_on_where_it_stopped() {
        // Boards whose tours come from each attempt (the last named): a
        // pass, the blocks, a 3xn strip grown (after a pass), an odd strip
        // grown from a window (after 16 passes), the restarts (one proves
        // there is none).
        for (w, h, s, kind, last) in [
            (8, 8, Square::new(0, 0), TourKind::Open, "pass"),
            (12, 13, Square::new(3, 5), TourKind::Closed, "cycle walked"),
            (3, 10, Square::new(0, 0), TourKind::Open, "cycle walked"),
            (3, 14, Square::new(1, 6), TourKind::Closed, "cycle walked"),
            (3, 13, Square::new(2, 4), TourKind::Open, "strip walked"),
            (13, 3, Square::new(8, 2), TourKind::Open, "strip walked"),
            (3, 8, Square::new(0, 3), TourKind::Open, "restart"),
            (4, 8, Square::new(3, 0), TourKind::Open, "restart"),
            (3, 4, Square::new(1, 1), TourKind::Open, "restart"),
        ] {
            let b = Board::new(w, h).unwrap();
            let n = b.squares() as usize;
            let mut one = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
            let mut search = one.find(s, kind).unwrap();
            let Ok(whole) = search.run(Budget::UNLIMITED);
            let spent = search.spent();
            let mut cut = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
            let mut search = cut.find(s, kind).unwrap();
            let mut attempts = vec![search.attempt()];
            let mut runs = 0u64;
            let o = loop {
                let Ok(o) = search.run(Budget::new(runs % 7 + 1));
                runs += 1;
                if search.attempt() != "over" && attempts.last() != Some(&search.attempt()) {
                    attempts.push(search.attempt());
                }
                if !o.is_exhausted() {
                    break o;
                }
            };
            let label = format!("{w}x{h} {s:?} {kind:?}: {attempts:?}");
            assert_eq!((o, search.spent()), (whole, spent), "{label}");
            assert_eq!(attempts.last(), Some(&last), "{label}");
            assert!(runs > spent / 7, "{label}: {runs} runs for {spent}");
            assert_eq!(one.squares(), cut.squares(), "{label}");
        }
    }

    #[test]
    fn a_count_goes_on_where_it_stopped() {
        let b = Board::new(5, 5).unwrap();
        let mut tour = Tour::<[Square; 25], [u8; 25]>::new(b).unwrap();
        let mut count = tour.count(Square::new(0, 0), TourKind::Open).unwrap();
        let (o, _) = sliced(&mut count, 50);
        assert_eq!(o, Outcome::Done(Count::exactly(304)));
        let spent = count.spent();
        let Ok(again) = count.run(Budget::UNLIMITED);
        assert_eq!(
            (again, count.spent()),
            (o, spent),
            "over: nothing more spent"
        );
    }

    #[test]
    fn errors_carry_their_context_and_say_it() {
        let b = Board::new(8, 8).unwrap();
        let e = Tour::new_in(b, [Square::default(); 64], [0u8; 10]).err();
        assert_eq!(
            e,
            Some(TourError::ScratchTooSmall {
                needed: 64,
                given: 10
            })
        );
        let mut tour = Tour::<[Square; 64], [u8; 64]>::new(b).unwrap();
        let off = Square::new(8, 0);
        let e = tour.find(off, TourKind::Open).err();
        assert_eq!(
            e,
            Some(TourError::StartOffBoard {
                start: off,
                board: b
            })
        );
        assert_eq!(
            e.map(|e| e.to_string()).as_deref(),
            Some("the start square 8,0 is off the 8x8 board")
        );
        assert_eq!(
            Tour::new_in(b, [Square::default(); 63], [0u8; 64])
                .err()
                .map(|e| e.to_string())
                .as_deref(),
            Some("the tour buffer holds 63 squares, fewer than the board's 64")
        );
    }
}
