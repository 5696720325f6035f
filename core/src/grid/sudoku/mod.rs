//! Sudoku on 4×4, 6×6 and 9×9 grids: bitmask candidates, naked and hidden
//! singles, locked candidates, branching on the cell with the fewest candidates.
//!
//! [`Sudoku`] is the one entry: [`Sudoku::new`] reads the givens and
//! [`Sudoku::solve`] (a stack on the call stack) or [`Sudoku::solve_on`] (a
//! [`SudokuStack`] the caller owns or lends, e.g. from a `static`) search within
//! a [`Budget`] counted in nodes expanded. Inside, three parts:
//! - `shape`: the shapes and their tables (peers, units, box–line meetings);
//! - `node`: [`Sudoku`] as the node of the general search, for every shape;
//! - `bands`: the 9×9 node, the same rules held per digit in 27-bit masks, one
//!   per band of three rows (crate-private: the solve entries convert to it
//!   and back, and give the same answers as the general node).
//!
//! ```
//! use plateau::grid::{Cell, Count, Outcome, Shape, Sudoku};
//! let givens = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let digits: Vec<u8> = givens.iter().map(|&c| if c == b'.' { 0 } else { c - b'0' }).collect();
//! let puzzle = Sudoku::new(Shape::Nine, &digits)?;
//! let report = puzzle.solve(plateau::Budget::UNLIMITED, Count::Uniqueness)?;
//! let Outcome::Unique(solution) = report.outcome else { return Err("not unique".into()) };
//! assert_eq!(solution.digit(Cell::new(0, 0)), Some(5));
//! assert_eq!(solution.digit(Cell::new(0, 2)), Some(4));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use super::{Cell, Count, DepthFirst, Frame, Report, SearchError, Strategy};
use crate::Budget;

pub(crate) mod bands;
mod node;
mod shape;

use bands::Bands;
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

/// Holds the frames of a sudoku search, for [`Sudoku::solve_on`]: `N` frames of
/// the 9×9 search, 248 bytes each ([`STACK_FRAMES`], 82, are enough for any
/// grid; 16 for every set of `fixtures/sudoku`).
///
/// `new` is a `const fn`, so a stack can live in a `static` (lent to each
/// search) instead of on the call stack.
///
/// ```
/// use plateau::grid::{Count, Outcome, SearchError, Shape, Sudoku, SudokuStack};
/// use plateau::Budget;
/// let mut stack: SudokuStack = SudokuStack::new(); // 82 frames: any grid
/// let puzzle = Sudoku::new(Shape::Nine, &[0; 81])?;
/// let report = puzzle.solve_on(&mut stack, Budget::UNLIMITED, Count::Uniqueness)?;
/// assert!(matches!(report.outcome, Outcome::Multiple { count: 2, .. }));
/// // Too few frames: an error, never a wrong answer.
/// let mut short = SudokuStack::<4>::new();
/// let deep = puzzle.solve_on(&mut short, Budget::UNLIMITED, Count::Uniqueness);
/// assert_eq!(deep, Err(SearchError::StackFull { frames: 4 }));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SudokuStack<const N: usize = STACK_FRAMES> {
    frames: [Frame<Bands>; N],
}

impl<const N: usize> SudokuStack<N> {
    /// Makes a stack of `N` blank frames (filled at compile time in a `static`).
    #[must_use]
    pub const fn new() -> Self {
        SudokuStack {
            frames: [Frame::new(Bands::BLANK); N],
        }
    }
}

impl<const N: usize> Default for SudokuStack<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl Sudoku {
    /// Solves depth-first within `budget` nodes expanded until `count` solutions,
    /// on a stack on the call stack.
    ///
    /// A 9×9 grid is searched as the band node, built from the digits: first on
    /// 16 frames of 248 bytes (4 KiB; the sets of `fixtures/sudoku` need at most
    /// 8), and only a deeper search starts again on [`STACK_FRAMES`] (20 KiB
    /// more). The smaller shapes are searched as `Sudoku` itself (82 frames of
    /// 336 bytes, about 27 KiB). The steps count the nodes of whichever tree was
    /// searched. To keep the frames off the call stack, use [`Sudoku::solve_on`].
    pub fn solve(&self, budget: Budget, count: Count) -> Result<Report<Sudoku>, SearchError> {
        if self.shape == Shape::Nine {
            let root = self.bands();
            // Most searches stay a few levels deep: a short stack is cheap to
            // set up, and a deeper search starts again on the full one.
            let r = match search_bands::<SHORT_STACK>(root, budget, count) {
                Err(SearchError::StackFull { .. }) => search_bands_deep(root, budget, count)?,
                r => r?,
            };
            return Ok(to_sudoku(r));
        }
        self.solve_small(budget, count)
    }

    /// Solves depth-first within `budget` nodes expanded until `count` solutions,
    /// a 9×9 grid on the frames of `stack` (the caller's memory: owned, or lent
    /// from a `static`).
    ///
    /// Fails with [`SearchError::StackFull`] if the search goes deeper than `N`
    /// frames ([`STACK_FRAMES`] never do), and with [`SearchError::WrongShape`]
    /// for a 4×4 or 6×6 grid: their search has another node, which these frames
    /// cannot hold (solve them with [`Sudoku::solve`]). So a firmware that only
    /// solves 9×9 grids this way links only the band search.
    pub fn solve_on<const N: usize>(
        &self,
        stack: &mut SudokuStack<N>,
        budget: Budget,
        count: Count,
    ) -> Result<Report<Sudoku>, SearchError> {
        if self.shape != Shape::Nine {
            return Err(SearchError::WrongShape {
                cells: self.shape.cells(),
            });
        }
        let r = DepthFirst::new(&mut stack.frames).run(self.bands(), budget, count, |_| {})?;
        Ok(to_sudoku(r))
    }

    /// The band form of a 9×9 grid.
    #[inline(always)]
    fn bands(&self) -> Bands {
        if self.broken {
            Bands::BLANK
        } else {
            Bands::from_digits(&self.digits)
        }
    }

    /// Solves a 4×4 or 6×6 grid as `Sudoku` itself, on the call stack.
    ///
    /// Never inlined: its 82 frames (about 27 KiB) would otherwise sit in
    /// `solve`'s frame for every 9×9 search too.
    #[inline(never)]
    fn solve_small(&self, budget: Budget, count: Count) -> Result<Report<Sudoku>, SearchError> {
        let mut stack = [Frame::new(*self); STACK_FRAMES];
        DepthFirst::new(&mut stack).run(*self, budget, count, |_| {})
    }
}

/// The report of a band search, its grids as `Sudoku`s.
#[inline(always)]
fn to_sudoku(r: Report<Bands>) -> Report<Sudoku> {
    Report {
        outcome: r.outcome.map(|s| s.to_sudoku()),
        steps: r.steps,
    }
}

/// Frames of the first try at a 9×9 search (no grid of the test sets, as
/// given or relabelled and permuted, needs more than 8).
const SHORT_STACK: usize = 16;

/// Searches a 9×9 grid depth-first on a stack of `N` frames.
#[inline(always)]
fn search_bands<const N: usize>(
    root: Bands,
    budget: Budget,
    count: Count,
) -> Result<Report<Bands>, SearchError> {
    // Blank frames fill the stack as a memset, cheaper than copies of the root.
    let mut stack = [Frame::new(Bands::BLANK); N];
    DepthFirst::new(&mut stack).run(root, budget, count, |_| {})
}

/// Searches a 9×9 grid on a stack deep enough for any grid.
#[inline(never)]
#[cold]
fn search_bands_deep(
    root: Bands,
    budget: Budget,
    count: Count,
) -> Result<Report<Bands>, SearchError> {
    search_bands::<STACK_FRAMES>(root, budget, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Outcome;

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
        let r = p.solve(Budget::UNLIMITED, Count::All).unwrap();
        assert!(matches!(
            r.outcome,
            Outcome::Multiple {
                count: 288,
                complete: true,
                ..
            }
        ));
    }
}
