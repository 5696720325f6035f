//! Brute-force grid puzzles: one tree search, four puzzles.
//!
//! The tree of partial grids has the empty (or given) grid at its root; a node's
//! children are the valid choices for one unknown cell. A [`Puzzle`] says which
//! cell to branch on, what its candidates are, how to apply one, and what its
//! clues force ([`Puzzle::propagate`]). The engine walks that tree
//! [`DepthFirst`] (an explicit stack of frames, owned or lent, no recursion) or
//! [`BreadthFirst`] (a ring queue of partial grids, owned or lent; a full queue
//! is an error, never a silent drop, and the search moves to a larger one
//! without losing its place). Each is a value that owns its root and its tally:
//! a [`Search`] whose [`run`](Search::run) expands at most a [`Budget`] of
//! nodes more and goes on where the last run stopped. It counts the complete
//! valid grids, stops after the solutions it [`Seek`]s, and answers an
//! [`Outcome`]: [`Done`](Outcome::Done) with the [`Solutions`] (the first and
//! their [`Count`], exact unless it stopped at what it sought),
//! [`NoSolution`](Outcome::NoSolution) (the puzzle is ill-posed) or
//! [`Exhausted`](Outcome::Exhausted) with what was found so far.
//!
//! The puzzles: [`Margins`] (black cells counted per row and column) and
//! [`Snake`] (a path that never touches itself) through the two walks,
//! [`Sudoku`] (9×9 through its own entry [`SudokuSearch`], 4×4 and 6×6
//! through the walks), and [`Minefield`] (consistent mine layouts) through
//! [`SurveySearch`].
//!
//! ```
//! use plateau::Budget;
//! use plateau::grid::{DepthFirst, Frame, Margins, Seek};
//! use plateau::search::{Count, Outcome, Search};
//! let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
//! let mut search = DepthFirst::new_in(puzzle, Seek::All, [Frame::new(puzzle); 16]);
//! let Outcome::Done(found) = search.run(Budget::UNLIMITED)? else { return Err("no grid".into()) };
//! assert_eq!(found.count, Count::exactly(5));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

#[cfg(doc)]
use crate::Budget;
#[cfg(doc)]
use crate::search::Search;
use crate::search::{Count, Outcome};

pub mod margins;
pub mod minesweeper;
pub mod snake;
pub mod sudoku;
mod tree;
mod walk;

pub use margins::{Margins, MarginsError};
pub use minesweeper::{Minefield, MinefieldError, Survey, SurveyFrame, SurveySearch};
pub use snake::{Snake, SnakeError};
pub use sudoku::{
    Shape, Sudoku, SudokuError, SudokuFrame, SudokuLog, SudokuMemory, SudokuSearch, SudokuStack,
};
pub use walk::{BreadthFirst, DepthFirst, Frame, Strategy, Visiting};

/// What a grid search answers: [`Solutions`] when done, `()` when there is no
/// solution, the solutions so far (if any) when the budget ran out.
pub type GridOutcome<P> = Outcome<Solutions<P>, (), Option<Solutions<P>>>;

/// Describes a grid puzzle as the tree search sees it: a node of the tree of
/// partial grids.
///
/// Nodes are copied (a child is its parent with one more choice applied), so a
/// puzzle is a small `Copy` value.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{DepthFirst, Frame, Puzzle, Seek};
/// use plateau::search::{Count, Outcome, Search};
/// /// Three coins, heads or tails, with exactly two heads.
/// #[derive(Clone, Copy, Debug)]
/// struct Coins { heads: u8, tossed: u8 }
/// /// Heads, then tails.
/// #[derive(Clone, Copy)]
/// struct Sides(u8);
/// impl Iterator for Sides {
///     type Item = bool;
///     fn next(&mut self) -> Option<bool> {
///         self.0 += 1;
///         (self.0 <= 2).then_some(self.0 == 1)
///     }
/// }
/// impl Puzzle for Coins {
///     type Choice = bool;
///     type Choices = Sides;
///     fn branch(&self) -> Option<Sides> {
///         (self.tossed < 3).then_some(Sides(0))
///     }
///     fn apply(&mut self, heads: bool) -> bool {
///         self.tossed += 1;
///         self.heads += u8::from(heads);
///         self.heads <= 2
///     }
///     fn is_solved(&self) -> bool { self.heads == 2 }
/// }
/// let root = Coins { heads: 0, tossed: 0 };
/// let mut search = DepthFirst::new_in(root, Seek::All, [Frame::new(root); 4]);
/// let Outcome::Done(found) = search.run(Budget::UNLIMITED)? else { return Err("none".into()) };
/// assert_eq!(found.count, Count::exactly(3));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub trait Puzzle: Copy {
    /// One choice: an unknown cell and one candidate value for it.
    type Choice: Copy;
    /// The candidate choices for the cell picked by [`Puzzle::branch`].
    type Choices: Iterator<Item = Self::Choice> + Copy;

    /// Fills in what the clues force; returns `false` if the grid cannot be completed.
    ///
    /// The default forces nothing.
    fn propagate(&mut self) -> bool {
        true
    }

    /// Picks an unknown cell and returns its candidates, or `None` if no cell is unknown.
    fn branch(&self) -> Option<Self::Choices>;

    /// Applies a choice; returns `false` if it breaks a rule.
    fn apply(&mut self, choice: Self::Choice) -> bool;

    /// Returns whether a grid without unknown cells satisfies every clue.
    fn is_solved(&self) -> bool;
}

/// Names a cell of a grid by its row and its column, both counted from 0 at the
/// top left.
///
/// Every puzzle of this module names its cells this way.
///
/// ```
/// use plateau::grid::Cell;
/// let cell = Cell::new(2, 5);
/// assert_eq!((cell.row, cell.col), (2, 5));
/// assert_eq!(cell.to_string(), "(2, 5)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Cell {
    /// The row, 0 at the top.
    pub row: u8,
    /// The column, 0 at the left.
    pub col: u8,
}

impl Cell {
    /// Returns the cell at `row` and `col` (0-based).
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// Says how many solutions a search seeks before it stops (the budget aside).
///
/// Telling one solution from several needs a second, so every search goes on to
/// at least two.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{DepthFirst, Frame, Margins, Seek};
/// use plateau::search::{Count, Outcome, Search};
/// let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// let mut search = DepthFirst::new_in(puzzle, Seek::Uniqueness, [Frame::new(puzzle); 16]);
/// let Outcome::Done(found) = search.run(Budget::UNLIMITED)? else { return Err("none".into()) };
/// assert_eq!(found.count, Count::at_least(2)); // stopped at the second: not unique
/// assert_eq!(Seek::UpTo(1).stop_after(), 2);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Seek {
    /// Every solution: the count is exact unless the budget runs out.
    All,
    /// Stop at the second solution: enough to tell a unique puzzle.
    Uniqueness,
    /// Stop at `k` solutions (a `k` below 2 counts as 2).
    UpTo(u64),
}

impl Seek {
    /// Returns the number of solutions after which the search stops (at least 2).
    #[must_use]
    pub const fn stop_after(self) -> u64 {
        match self {
            Seek::All => u64::MAX,
            Seek::Uniqueness => 2,
            Seek::UpTo(k) if k < 2 => 2,
            Seek::UpTo(k) => k,
        }
    }
}

/// Holds what a grid search found: the first solution and how many there are.
///
/// The count is exact when the whole tree was searched; a search that stopped
/// at the solutions it sought ([`Seek`]) counts at least that many.
///
/// ```
/// use plateau::grid::{Margins, Solutions};
/// use plateau::search::Count;
/// let first = Margins::new(&[1], &[1])?;
/// let one = Solutions { first, count: Count::exactly(1) };
/// assert!(one.is_unique());
/// assert!(!Solutions { first, count: Count::at_least(2) }.is_unique());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Solutions<P> {
    /// The first solution found.
    pub first: P,
    /// How many solutions: exact, or at least this many.
    pub count: Count,
}

impl<P> Solutions<P> {
    /// Returns whether the puzzle is known to have exactly one solution.
    #[must_use]
    pub const fn is_unique(&self) -> bool {
        self.count.exact && self.count.at_least == 1
    }

    /// Returns the same solutions with the first passed through `f`.
    pub fn map<Q>(self, f: impl FnOnce(P) -> Q) -> Solutions<Q> {
        Solutions {
            first: f(self.first),
            count: self.count,
        }
    }
}

/// Says why the memory of a grid search does not serve it: the memory lent
/// ran short, or (for [`SudokuSearch`], whose memory is sized for 9×9 grids)
/// the grid is of another shape. Running out of budget is an outcome, not
/// this.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{DepthFirst, Frame, Margins, MemoryError, Seek};
/// use plateau::search::Search;
/// let puzzle = Margins::new(&[1, 1, 1], &[1, 1, 1])?;
/// let mut too_short = DepthFirst::new_in(puzzle, Seek::All, [Frame::new(puzzle); 1]);
/// assert_eq!(too_short.run(Budget::UNLIMITED), Err(MemoryError::StackFull { frames: 1 }));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum MemoryError {
    /// The breadth-first queue is full: move the search to a larger one
    /// ([`BreadthFirst::move_to`]).
    QueueFull {
        /// The grids the queue holds.
        grids: usize,
    },
    /// The depth-first stack is full: lend more frames (the search cannot go on).
    StackFull {
        /// The frames the stack holds.
        frames: usize,
    },
    /// The search serves grids of another shape ([`SudokuSearch`] serves 9×9
    /// grids; search the others with [`DepthFirst`]).
    WrongShape {
        /// The cells of the grid given.
        cells: usize,
    },
    /// The lent frames are fewer than the deepest path of the search can need.
    TooFewFrames {
        /// Frames the search can need: one per unknown cell, plus one.
        needed: usize,
        /// Frames lent.
        given: usize,
    },
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoryError::QueueFull { grids } => {
                write!(f, "the breadth-first queue of {grids} grids is full")
            }
            MemoryError::StackFull { frames } => {
                write!(f, "the depth-first stack of {frames} frames is full")
            }
            MemoryError::WrongShape { cells } => write!(
                f,
                "this search serves {}-cell grids, not {cells}-cell ones",
                sudoku::Shape::Nine.cells()
            ),
            MemoryError::TooFewFrames { needed, given } => write!(
                f,
                "{given} frames lent, fewer than the {needed} the search can need"
            ),
        }
    }
}

impl core::error::Error for MemoryError {}
