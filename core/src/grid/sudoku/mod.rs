//! Sudoku on 4×4, 6×6 and 9×9 grids: bitmask candidates, naked and hidden
//! singles, locked candidates, branching on the cell with the fewest candidates.
//!
//! [`Sudoku::new`] reads the givens; [`SudokuSearch`] is the entry of 9×9
//! grids: a [`Search`] over a [`SudokuStack`] the caller owns or lends (e.g.
//! from a `static`), expanding a [`Budget`] of nodes a run. A 4×4 or 6×6 grid
//! is searched as [`Sudoku`] itself, a [`Puzzle`](super::Puzzle) of the
//! general [`DepthFirst`](super::DepthFirst). Inside, three parts:
//! - `shape`: the shapes and their tables (peers, units, box–line meetings);
//! - `node`: [`Sudoku`] as the node of the general search, for every shape;
//! - `bands`: the 9×9 node, the same rules held per digit in 27-bit masks, one
//!   per band of three rows (crate-private: the entry converts to it and
//!   back, and gives the same answers as the general node).
//!
//! ```
//! use plateau::Budget;
//! use plateau::grid::{Cell, Seek, Shape, Sudoku, SudokuSearch, SudokuStack};
//! use plateau::search::{Outcome, Search};
//! let givens = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let digits: Vec<u8> = givens.iter().map(|&c| if c == b'.' { 0 } else { c - b'0' }).collect();
//! let puzzle = Sudoku::new(Shape::Nine, &digits)?;
//! let mut stack = SudokuStack::<16>::new(); // a `static` on a chip
//! let mut search = SudokuSearch::new_in(puzzle, Seek::Uniqueness, &mut stack)?;
//! let Outcome::Done(found) = search.run(Budget::UNLIMITED)? else { return Err("no solution".into()) };
//! assert!(found.is_unique());
//! assert_eq!(found.first.digit(Cell::new(0, 0)), Some(5));
//! assert_eq!(found.first.digit(Cell::new(0, 2)), Some(4));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use super::tree::{Dfs, Raw, Slot};
use super::{Cell, GridOutcome, MemoryError, Seek, Solutions};
use crate::Budget;
use crate::search::Search;

pub(crate) mod bands;
mod log;
mod node;
mod shape;

use bands::Bands;
pub use log::{LOG_ENTRIES, SudokuLog};
pub use node::{Candidates, Placement, Sudoku};
pub use shape::Shape;

/// Most cells of a grid (9×9).
pub const MAX_CELLS: usize = 81;

/// Frames enough for any grid: one per filled cell, plus the root.
pub const STACK_FRAMES: usize = MAX_CELLS + 1;

/// Says why the givens cannot make a sudoku.
///
/// ```
/// use plateau::grid::{Cell, Shape, Sudoku, SudokuError};
/// let mut givens = [0; 16];
/// givens[0] = 3;
/// givens[2] = 3;
/// let err = Sudoku::new(Shape::Four, &givens);
/// assert_eq!(err, Err(SudokuError::Duplicate { digit: 3, first: Cell::new(0, 0), second: Cell::new(0, 2) }));
/// assert_eq!(err.unwrap_err().to_string(), "digit 3 is given twice in one unit (cells (0, 0) and (0, 2))");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SudokuError {
    /// The number of givens is not the number of cells of the shape.
    WrongLength {
        /// The shape asked for.
        shape: Shape,
        /// The givens given.
        len: usize,
    },
    /// A given digit is larger than the side.
    DigitTooLarge {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: u8,
    },
    /// The same digit is given twice in one row, column or box.
    Duplicate {
        /// The digit.
        digit: u8,
        /// The earlier cell (row-major order).
        first: Cell,
        /// The later cell.
        second: Cell,
    },
}

impl fmt::Display for SudokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SudokuError::WrongLength { shape, len } => write!(
                f,
                "{len} givens do not fill the grid of {} cells",
                shape.cells()
            ),
            SudokuError::DigitTooLarge { cell, digit } => {
                write!(
                    f,
                    "the digit {digit} of cell {cell} is larger than the grid"
                )
            }
            SudokuError::Duplicate {
                digit,
                first,
                second,
            } => write!(
                f,
                "digit {digit} is given twice in one unit (cells {first} and {second})"
            ),
        }
    }
}

impl core::error::Error for SudokuError {}

/// Holds one level of a 9×9 sudoku search's stack: a grid in its band form
/// and the choices left to try (248 bytes).
///
/// ```
/// use plateau::grid::SudokuFrame;
/// let frames = vec![SudokuFrame::BLANK; 82]; // lent to SudokuSearch::new_in
/// # let _ = frames;
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SudokuFrame(Raw<Bands>);

impl SudokuFrame {
    /// A frame holding nothing yet (all zeros: a `static` stack of them is
    /// filled at compile time and goes to `.bss`).
    pub const BLANK: SudokuFrame = SudokuFrame(Raw::new(Bands::BLANK));
}

impl Slot<Bands> for SudokuFrame {
    #[inline(always)]
    fn raw(&mut self) -> Option<&mut Raw<Bands>> {
        Some(&mut self.0)
    }
}

/// Holds the frames of a 9×9 sudoku search: `N` [`SudokuFrame`]s of 248
/// bytes ([`STACK_FRAMES`], 82, are enough for any grid; 16 for every grid
/// of `fixtures/sudoku`).
///
/// `new` is a `const fn`, so a stack can live in a `static` (lent to each
/// search in turn) instead of on the call stack.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{MemoryError, Seek, Shape, Sudoku, SudokuSearch, SudokuStack};
/// use plateau::search::{Count, Search};
/// let mut stack: SudokuStack = SudokuStack::new(); // 82 frames: any grid
/// let puzzle = Sudoku::new(Shape::Nine, &[0; 81])?;
/// let outcome = SudokuSearch::new_in(puzzle, Seek::Uniqueness, &mut stack)?.run(Budget::UNLIMITED)?;
/// assert_eq!(outcome.done().map(|s| s.count), Some(Count::at_least(2)));
/// // Too few frames: an error, never a wrong answer.
/// let mut short = SudokuStack::<4>::new();
/// let deep = SudokuSearch::new_in(puzzle, Seek::Uniqueness, &mut short)?.run(Budget::UNLIMITED);
/// assert_eq!(deep, Err(MemoryError::StackFull { frames: 4 }));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SudokuStack<const N: usize = STACK_FRAMES> {
    frames: [SudokuFrame; N],
}

impl<const N: usize> SudokuStack<N> {
    /// Makes a stack of `N` blank frames (filled at compile time in a `static`).
    #[must_use]
    pub const fn new() -> Self {
        SudokuStack {
            frames: [SudokuFrame::BLANK; N],
        }
    }
}

impl<const N: usize> Default for SudokuStack<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> AsMut<[SudokuFrame]> for SudokuStack<N> {
    fn as_mut(&mut self) -> &mut [SudokuFrame] {
        &mut self.frames
    }
}

/// The memory a [`SudokuSearch`] runs on, which the caller picks: frames of
/// whole grids ([`SudokuStack`], any `&mut [SudokuFrame]` or `Vec` of them:
/// 248 bytes a level, 20 KiB for any grid, the fastest), or one grid and an
/// undo log ([`SudokuLog`] or `&mut SudokuLog`: about 4.2 KiB for any grid,
/// for small chips). The answers and the steps are the same on both.
///
/// Sealed: these are the two layouts.
pub trait SudokuMemory: sealed::Memory {}

impl<S: sealed::Memory> SudokuMemory for S {}

mod sealed {
    // The trait is public only as the sealed supertrait of `SudokuMemory`:
    // nothing outside the crate can name it, so its crate-private types
    // (the band node, the search's state) never leak.
    #![allow(private_interfaces)]

    use super::{Bands, Dfs, GridOutcome, MemoryError, SudokuFrame, SudokuLog};
    use crate::Budget;

    /// How each layout runs a slice of the search.
    pub trait Memory {
        fn run(
            &mut self,
            dfs: &mut Dfs<Bands>,
            root: &Bands,
            budget: Budget,
        ) -> Result<GridOutcome<Bands>, MemoryError>;
    }

    impl<S: AsMut<[SudokuFrame]>> Memory for S {
        #[inline(always)]
        fn run(
            &mut self,
            dfs: &mut Dfs<Bands>,
            root: &Bands,
            budget: Budget,
        ) -> Result<GridOutcome<Bands>, MemoryError> {
            dfs.run(&(), root, self.as_mut(), budget, &mut |_| {})
        }
    }

    impl Memory for SudokuLog {
        fn run(
            &mut self,
            dfs: &mut Dfs<Bands>,
            root: &Bands,
            budget: Budget,
        ) -> Result<GridOutcome<Bands>, MemoryError> {
            SudokuLog::run(self, dfs, root, budget)
        }
    }

    impl Memory for &mut SudokuLog {
        fn run(
            &mut self,
            dfs: &mut Dfs<Bands>,
            root: &Bands,
            budget: Budget,
        ) -> Result<GridOutcome<Bands>, MemoryError> {
            SudokuLog::run(self, dfs, root, budget)
        }
    }
}

/// Searches the solutions of one 9×9 sudoku depth-first, in slices, on
/// memory it owns ([`SudokuSearch::new`]) or that the caller lends
/// ([`SudokuSearch::new_in`]: a `&mut SudokuStack`, a `Vec` of frames, or the
/// compact `&mut SudokuLog`; see [`SudokuMemory`]).
///
/// The grid is searched in its band form (its own node, 240 bytes a copy);
/// the answer's grids are [`Sudoku`]s. Each [`run`](Search::run) expands at
/// most its [`Budget`] of nodes more and goes on where the last one stopped;
/// the answer is the same however the budget is cut. A search deeper than
/// the stack fails with [`MemoryError::StackFull`] and stays failed. Lending
/// one stack to search after search costs no set-up: frames are written
/// before they are read.
///
/// 4×4 and 6×6 grids have another node, [`Sudoku`] itself, which is a
/// [`Puzzle`](super::Puzzle): search them with [`DepthFirst`](super::DepthFirst)
/// (so that a firmware that solves only 9×9 grids links only the band node).
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{DepthFirst, Frame, MemoryError, Seek, Shape, Sudoku, SudokuSearch, SudokuStack};
/// use plateau::search::{Count, Search};
/// let mut stack: SudokuStack = SudokuStack::new();
/// let blank = Sudoku::new(Shape::Nine, &[0; 81])?;
/// let mut search = SudokuSearch::new_in(blank, Seek::UpTo(5), &mut stack)?;
/// while search.run(Budget::new(50))?.is_exhausted() {} // other work between slices
/// assert_eq!(search.outcome().done().map(|s| s.count), Some(Count::at_least(5)));
/// // A 4×4 grid: the general search.
/// let four = Sudoku::new(Shape::Four, &[0; 16])?;
/// assert_eq!(SudokuSearch::new(four, Seek::All).err(), Some(MemoryError::WrongShape { cells: 16 }));
/// let mut small = DepthFirst::new_in(four, Seek::All, [Frame::new(four); 17]);
/// assert_eq!(small.run(Budget::UNLIMITED)?.done().map(|s| s.count), Some(Count::exactly(288)));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct SudokuSearch<S = SudokuStack> {
    root: Bands,
    stack: S,
    dfs: Dfs<Bands>,
}

impl SudokuSearch {
    /// Makes the search of the 9×9 `puzzle` seeking `seek`, on a stack of
    /// [`STACK_FRAMES`] frames it owns (about 20 KiB: on a chip, give
    /// [`new_in`](Self::new_in) a [`SudokuLog`], about 4.2 KiB, from a `static`).
    ///
    /// # Errors
    /// [`MemoryError::WrongShape`] for a 4×4 or 6×6 grid.
    pub fn new(puzzle: Sudoku, seek: Seek) -> Result<Self, MemoryError> {
        Self::new_in(puzzle, seek, SudokuStack::new())
    }
}

impl<S: SudokuMemory> SudokuSearch<S> {
    /// Makes the search of the 9×9 `puzzle` seeking `seek`, on the memory
    /// `stack` (frames, or the compact [`SudokuLog`]).
    ///
    /// # Errors
    /// [`MemoryError::WrongShape`] for a 4×4 or 6×6 grid.
    pub fn new_in(puzzle: Sudoku, seek: Seek, stack: S) -> Result<Self, MemoryError> {
        if puzzle.shape != Shape::Nine {
            return Err(MemoryError::WrongShape {
                cells: puzzle.shape.cells(),
            });
        }
        Ok(SudokuSearch {
            root: puzzle.bands(),
            stack,
            dfs: Dfs::new(seek),
        })
    }

    /// Returns where the search stands, without searching.
    pub fn outcome(&self) -> GridOutcome<Sudoku> {
        to_sudoku(self.dfs.tally.outcome())
    }
}

impl<S: SudokuMemory> Search for SudokuSearch<S> {
    type Done = Solutions<Sudoku>;
    type NoSolution = ();
    type Best = Option<Solutions<Sudoku>>;
    type Error = MemoryError;

    fn run(&mut self, budget: Budget) -> Result<GridOutcome<Sudoku>, MemoryError> {
        sealed::Memory::run(&mut self.stack, &mut self.dfs, &self.root, budget).map(to_sudoku)
    }

    fn spent(&self) -> u64 {
        self.dfs.tally.meter.spent()
    }
}

impl Sudoku {
    /// The band form of a 9×9 grid.
    #[inline(always)]
    fn bands(&self) -> Bands {
        if self.broken {
            Bands::BLANK
        } else {
            Bands::from_digits(&self.digits)
        }
    }
}

/// The outcome of a band search, its grids as `Sudoku`s.
#[inline(always)]
fn to_sudoku(o: GridOutcome<Bands>) -> GridOutcome<Sudoku> {
    o.map(
        |s| s.map(Bands::to_sudoku),
        |best| best.map(|s| s.map(Bands::to_sudoku)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Count, Outcome};

    #[test]
    fn duplicate_is_an_error() {
        let mut g = [0u8; 81];
        g[0] = 5;
        g[80] = 5;
        assert!(Sudoku::new(Shape::Nine, &g).is_ok());
        g[8] = 5;
        assert_eq!(
            Sudoku::new(Shape::Nine, &g),
            Err(SudokuError::Duplicate {
                digit: 5,
                first: Cell::new(0, 0),
                second: Cell::new(0, 8)
            })
        );
    }

    #[test]
    fn empty_four_by_four_has_288_grids() {
        let p = Sudoku::new(Shape::Four, &[0; 16]).unwrap();
        let frames = [crate::grid::Frame::new(p); 17];
        let r = crate::grid::DepthFirst::new_in(p, Seek::All, frames)
            .run(Budget::UNLIMITED)
            .unwrap();
        assert!(matches!(r, Outcome::Done(s) if s.count == Count::exactly(288)));
    }
}
