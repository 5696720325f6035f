//! Knight's tours on any board from 1×1 to 65,535×65,535, open or closed.
//!
//! [`find_tour`] returns a tour for every board and start square that has one,
//! says why when none exists ([`NoTour`]), and reports [`TourOutcome::Exhausted`]
//! only when its step budget ran out. The memory is the caller's: `out` takes
//! the tour (one [`Square`] per square of the board) and `scratch` one byte per
//! square ([`scratch_len`]). [`TourBuffer`] bundles both for small boards.
//!
//! How: "none" comes from theory (which boards have tours, the colour of the
//! start on odd boards) or from an exhaustive search. Otherwise Warnsdorff's rule
//! (fewest onward moves; ties to the square farthest from the centre, Roth) runs
//! in O(1) per move; if it gets stuck, a closed tour built by divide and conquer
//! is walked from the start, or, on boards without closed tours, a depth-first
//! search in Warnsdorff order backtracks in `out`.
//!
//! ```
//! use plateau::tour::{Board, Square, TourBuffer, TourKind, TourOutcome, check_tour};
//! let board = Board::new(8, 8)?;
//! let mut buf = TourBuffer::<64>::new();
//! let outcome = buf.find(board, Square::new(4, 7), TourKind::Open, 1_000_000)?;
//! assert_eq!(outcome, TourOutcome::Found);
//! assert!(check_tour(board, buf.squares(board), TourKind::Open));
//! # Ok::<(), plateau::tour::TourError>(())
//! ```

mod buffer;
mod check;
mod construct;
mod find;
mod geometry;
mod search;
mod strip;
mod warnsdorff;

use core::fmt;

pub use buffer::TourBuffer;
pub use check::{check_tour, check_tour_with};
pub use find::{count_tours, find_tour};

/// Largest width or height of a board.
pub const MAX_SIDE: u16 = u16::MAX;

/// A rectangular board: `width` files by `height` ranks, each 1 to 65,535.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Board {
    width: u16,
    height: u16,
}

/// A square: `x` is the file (0 = a), `y` the rank (0 = rank 1), both zero-based.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Square {
    /// The file, from 0.
    pub x: u16,
    /// The rank, from 0.
    pub y: u16,
}

/// Whether the tour must end a knight's move from where it started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TourKind {
    /// Every square once, ending anywhere.
    Open,
    /// Every square once, ending a knight's move from the start.
    Closed,
}

/// Why no tour exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum NoTour {
    /// The board has no open tour at all (1×n, 2×n, 3×3, 3×5, 3×6, 4×4).
    NoOpenTour,
    /// The board has no closed tour (Schwenk 1991).
    NoClosedTour,
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
                "this board has no closed knight's tour (Schwenk: not both sides odd, the shorter side not 1, 2 or 4, and not 3x4, 3x6 or 3x8)"
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

/// The answer of [`find_tour`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TourOutcome {
    /// `out[..width * height]` holds a tour from the start.
    Found,
    /// No tour exists, for this reason.
    None(NoTour),
    /// The budget ran out; `visited` is the longest path any attempt reached.
    Exhausted {
        /// Squares on the longest partial tour seen.
        visited: u64,
    },
}

/// The answer of [`count_tours`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TourCount {
    /// The exact number of directed tours from the start.
    Exactly(u64),
    /// The budget ran out after `at_least` tours.
    Exhausted {
        /// Tours counted before the budget ran out.
        at_least: u64,
    },
}

/// What was wrong with a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TourError {
    /// A side of the board is 0.
    EmptyBoard,
    /// The start square is off the board.
    StartOffBoard,
    /// The board has more squares than this machine can address.
    TooManySquares,
    /// `out` holds fewer squares than the board.
    OutTooSmall,
    /// `scratch` holds fewer bytes than [`scratch_len`].
    ScratchTooSmall,
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TourError::EmptyBoard => "a board needs at least one file and one rank",
            TourError::StartOffBoard => "the start square is off the board",
            TourError::TooManySquares => "the board has more squares than memory can address",
            TourError::OutTooSmall => "the tour buffer holds fewer squares than the board",
            TourError::ScratchTooSmall => "the scratch buffer is smaller than one byte per square",
        })
    }
}

impl core::error::Error for TourError {}

impl Board {
    /// Makes a `width × height` board; both must be at least 1.
    pub const fn new(width: u16, height: u16) -> Result<Board, TourError> {
        if width == 0 || height == 0 {
            return Err(TourError::EmptyBoard);
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
        match kind {
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
                    // See the proof on `search::four_lines`.
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

/// Returns the bytes of scratch [`find_tour`] and [`count_tours`] need: one per square.
#[must_use]
pub const fn scratch_len(board: Board) -> u64 {
    board.squares()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(w: u16, h: u16, s: Square, kind: TourKind) -> (TourOutcome, Vec<Square>) {
        let b = Board::new(w, h).unwrap();
        let n = b.squares() as usize;
        let mut out = vec![Square::default(); n];
        let mut scratch = vec![0u8; n];
        let o = find_tour(b, s, kind, &mut out, &mut scratch, u64::MAX).unwrap();
        (o, out)
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
                                TourOutcome::Found => {
                                    assert!(
                                        check_tour_with(b, &t, kind, &mut seen),
                                        "{w}x{h} {s:?} {kind:?}"
                                    );
                                    assert_eq!(t[0], s);
                                }
                                TourOutcome::None(_) => {}
                                TourOutcome::Exhausted { .. } => {
                                    panic!("{w}x{h} {s:?} {kind:?} exhausted")
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
