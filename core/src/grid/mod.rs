//! Brute-force grid puzzles: one tree search, four puzzles.
//!
//! The tree of partial grids has the empty (or given) grid at its root; a node's
//! children are the valid choices for one unknown cell. A [`Puzzle`] says which
//! cell to branch on, what its candidates are, how to apply one, and what its
//! clues force ([`Puzzle::propagate`]). The engine walks that tree
//! [`BreadthFirst`] (a queue of partial grids in memory the caller owns or lends; a full
//! queue is an error, never a silent drop) or [`DepthFirst`] (an explicit stack of
//! frames, owned or lent, no recursion). It counts the complete valid grids,
//! hands each to a visitor, stops after the [`Count`] asked for, and honours a
//! [`Budget`] counted in nodes expanded: the [`Outcome`] is
//! [`NoSolution`](Outcome::NoSolution), [`Unique`](Outcome::Unique),
//! [`Multiple`](Outcome::Multiple) (its count exact only if `complete`) or
//! [`Exhausted`](Outcome::Exhausted) (what was found before the budget ran out).
//!
//! The puzzles: [`Margins`] (black cells counted per row and column),
//! [`Sudoku`] (4×4, 6×6, 9×9), [`Minefield`] (consistent mine layouts) and
//! [`Snake`] (a path that never touches itself).
//!
//! ```
//! use plateau::grid::{Count, DepthFirst, Frame, Margins, Outcome, Strategy};
//! let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
//! let mut stack = [Frame::new(puzzle); 16];
//! let report = DepthFirst::new(&mut stack).run(puzzle, plateau::Budget::UNLIMITED, Count::All, |_| {})?;
//! assert!(matches!(report.outcome, Outcome::Multiple { count: 5, complete: true, .. }));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use crate::Budget;

pub mod margins;
pub mod minesweeper;
pub mod snake;
pub mod sudoku;

pub use margins::{Margins, MarginsError};
pub use minesweeper::{Minefield, MinefieldError, Survey, SurveyOutcome};
pub use snake::{Snake, SnakeError};
pub use sudoku::{Shape, Sudoku, SudokuError, SudokuStack};

/// Describes a grid puzzle as the tree search sees it: a node of the tree of
/// partial grids.
///
/// Nodes are copied (a child is its parent with one more choice applied), so a
/// puzzle is a small `Copy` value.
///
/// ```
/// use plateau::grid::{Count, DepthFirst, Frame, Outcome, Puzzle, Strategy};
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
/// let report = DepthFirst::new([Frame::new(root); 4]).run(root, plateau::Budget::UNLIMITED, Count::All, |_| {})?;
/// assert_eq!(report.outcome.count(), 3);
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

/// Says how many solutions a search looks for before it stops (the budget aside).
///
/// Telling one solution from several needs a second, so every search goes on to
/// at least two.
///
/// ```
/// use plateau::grid::{Count, DepthFirst, Frame, Margins, Outcome, Strategy};
/// let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// let mut search = DepthFirst::new([Frame::new(puzzle); 16]);
/// let outcome = search.run(puzzle, plateau::Budget::UNLIMITED, Count::Uniqueness, |_| {})?.outcome;
/// assert!(matches!(outcome, Outcome::Multiple { count: 2, complete: false, .. }));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Count {
    /// Every solution: the count is exact unless the budget runs out.
    All,
    /// Stop at the second solution: enough to tell a unique puzzle.
    Uniqueness,
    /// Stop at `k` solutions (a `k` below 2 counts as 2).
    UpTo(u64),
}

impl Count {
    /// Returns the number of solutions after which the search stops (at least 2).
    #[must_use]
    pub const fn stop_after(self) -> u64 {
        match self {
            Count::All => u64::MAX,
            Count::Uniqueness => 2,
            Count::UpTo(k) if k < 2 => 2,
            Count::UpTo(k) => k,
        }
    }
}

/// Tells what the search found.
///
/// A count is exact only when the outcome says so: [`Outcome::Multiple`] holds
/// `complete`, and [`Outcome::Exhausted`] is a count cut short by the budget.
///
/// ```
/// use plateau::grid::{Count, DepthFirst, Frame, Margins, Outcome, Strategy};
/// use plateau::Budget;
/// let puzzle = Margins::new(&[2, 2, 2, 2], &[2, 2, 2, 2])?;
/// let mut search = DepthFirst::new([Frame::new(puzzle); 17]);
/// let all = search.run(puzzle, Budget::UNLIMITED, Count::All, |_| {})?.outcome;
/// assert!(matches!(all, Outcome::Multiple { count: 90, complete: true, .. }));
/// let cut = search.run(puzzle, Budget::new(10), Count::All, |_| {})?.outcome;
/// assert!(matches!(cut, Outcome::Exhausted { spent: 10, .. }));
/// assert!(!cut.is_complete());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Outcome<P> {
    /// The whole tree was searched and holds no solution: the puzzle is ill-posed.
    NoSolution,
    /// The whole tree was searched and holds exactly this solution.
    Unique(P),
    /// At least two solutions.
    Multiple {
        /// The first solution found.
        first: P,
        /// Solutions found.
        count: u64,
        /// Whether the whole tree was searched, so that `count` is exact;
        /// `false`: the search stopped at its [`Count`], `count` is a lower bound.
        complete: bool,
    },
    /// The budget ran out: what was found so far, never an exact count.
    Exhausted {
        /// The first solution found, if any.
        first: Option<P>,
        /// Solutions found before the budget ran out (a lower bound).
        count: u64,
        /// Nodes expanded: the whole budget.
        spent: u64,
    },
}

impl<P> Outcome<P> {
    /// Returns the first solution found, if any.
    #[must_use]
    pub fn first(&self) -> Option<&P> {
        match self {
            Outcome::NoSolution => None,
            Outcome::Unique(p) | Outcome::Multiple { first: p, .. } => Some(p),
            Outcome::Exhausted { first, .. } => first.as_ref(),
        }
    }

    /// Returns the number of solutions found (exact only if [`Outcome::is_complete`]).
    #[must_use]
    pub const fn count(&self) -> u64 {
        match self {
            Outcome::NoSolution => 0,
            Outcome::Unique(_) => 1,
            Outcome::Multiple { count, .. } | Outcome::Exhausted { count, .. } => *count,
        }
    }

    /// Returns whether the whole tree was searched, so that the count is exact.
    #[must_use]
    pub const fn is_complete(&self) -> bool {
        match self {
            Outcome::NoSolution | Outcome::Unique(_) => true,
            Outcome::Multiple { complete, .. } => *complete,
            Outcome::Exhausted { .. } => false,
        }
    }

    /// Returns the same outcome with each solution passed through `f`.
    pub fn map<Q, F: FnMut(P) -> Q>(self, mut f: F) -> Outcome<Q> {
        match self {
            Outcome::NoSolution => Outcome::NoSolution,
            Outcome::Unique(p) => Outcome::Unique(f(p)),
            Outcome::Multiple {
                first,
                count,
                complete,
            } => Outcome::Multiple {
                first: f(first),
                count,
                complete,
            },
            Outcome::Exhausted {
                first,
                count,
                spent,
            } => Outcome::Exhausted {
                first: first.map(f),
                count,
                spent,
            },
        }
    }
}

/// Holds the outcome of a search and what it cost.
///
/// ```
/// use plateau::grid::{Count, DepthFirst, Frame, Margins, Outcome, Strategy};
/// let puzzle = Margins::new(&[2, 0], &[2, 0])?; // no grid: the totals differ
/// let report = DepthFirst::new([Frame::new(puzzle); 5]).run(puzzle, plateau::Budget::UNLIMITED, Count::All, |_| {})?;
/// assert_eq!((report.outcome, report.steps), (Outcome::NoSolution, 1));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Report<P> {
    /// What was found.
    pub outcome: Outcome<P>,
    /// Nodes expanded (the budget's unit).
    pub steps: u64,
}

/// Says why a search could not go on (running out of budget is an outcome, not this).
///
/// ```
/// use plateau::grid::{Count, DepthFirst, Frame, Margins, SearchError, Strategy};
/// let puzzle = Margins::new(&[1, 1, 1], &[1, 1, 1])?;
/// let mut too_short = [Frame::new(puzzle); 1];
/// let run = DepthFirst::new(&mut too_short).run(puzzle, plateau::Budget::UNLIMITED, Count::All, |_| {});
/// assert_eq!(run, Err(SearchError::StackFull { frames: 1 }));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SearchError {
    /// The breadth-first queue is full: lend more memory.
    QueueFull {
        /// The grids the queue holds.
        grids: usize,
    },
    /// The depth-first stack is full: lend more frames.
    StackFull {
        /// The frames the stack holds.
        frames: usize,
    },
    /// The lent memory serves grids of another shape (a
    /// [`sudoku::SudokuStack`] serves 9×9 grids).
    WrongShape {
        /// The cells of the grid given.
        cells: usize,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The capacity is the caller's own figure: the message leaves it out
        // (the CLI adds it in its own words).
        match self {
            SearchError::QueueFull { .. } => f.write_str("the breadth-first queue is full"),
            SearchError::StackFull { .. } => f.write_str("the depth-first stack is full"),
            SearchError::WrongShape { cells } => write!(
                f,
                "this memory serves {}-cell grids, not {cells}-cell ones",
                sudoku::Shape::Nine.cells()
            ),
        }
    }
}

impl core::error::Error for SearchError {}

/// Walks the tree of partial grids: [`DepthFirst`] or [`BreadthFirst`].
///
/// ```
/// use plateau::grid::{BreadthFirst, Count, DepthFirst, Frame, Margins, Strategy};
/// fn count<S: Strategy<Margins>>(mut walk: S, root: Margins) -> u64 {
///     walk.run(root, plateau::Budget::UNLIMITED, Count::All, |_| {}).map_or(0, |r| r.outcome.count())
/// }
/// let root = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// assert_eq!(count(DepthFirst::new([Frame::new(root); 10]), root), 5);
/// assert_eq!(count(BreadthFirst::new([root; 64]), root), 5);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub trait Strategy<P: Puzzle> {
    /// Searches from `root` within `budget` nodes expanded until `count` solutions
    /// are found, calling `visit` on each solution in order.
    ///
    /// Running out of budget is [`Outcome::Exhausted`]; only a full queue or
    /// stack is an error.
    fn run<F: FnMut(&P)>(
        &mut self,
        root: P,
        budget: Budget,
        count: Count,
        visit: F,
    ) -> Result<Report<P>, SearchError>;
}

/// Counts solutions and keeps the first; shared by both strategies.
struct Tally<P> {
    first: Option<P>,
    count: u64,
    steps: u64,
    max_steps: u64,
    stop_after: u64,
}

/// Why a search ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// The whole tree was searched.
    Complete,
    /// The solutions asked for were found.
    Stopped,
    /// The budget ran out.
    Spent,
}

impl<P: Puzzle> Tally<P> {
    fn new(budget: Budget, count: Count) -> Self {
        Tally {
            first: None,
            count: 0,
            steps: 0,
            max_steps: budget.get(),
            stop_after: count.stop_after(),
        }
    }

    /// Takes one step; returns `false` if the budget is spent.
    fn step(&mut self) -> bool {
        if self.steps >= self.max_steps {
            return false;
        }
        self.steps = self.steps.saturating_add(1);
        true
    }

    /// Records a solution; returns `true` if the search should stop.
    fn found<F: FnMut(&P)>(&mut self, p: &P, visit: &mut F) -> bool {
        if self.first.is_none() {
            self.first = Some(*p);
        }
        self.count = self.count.saturating_add(1);
        visit(p);
        self.count >= self.stop_after
    }

    fn report(self, end: End) -> Report<P> {
        let (first, count) = (self.first, self.count);
        let outcome = match (end, first) {
            (End::Spent, first) => Outcome::Exhausted {
                first,
                count,
                spent: self.steps,
            },
            (_, None) => Outcome::NoSolution,
            (_, Some(p)) if count == 1 => Outcome::Unique(p),
            (end, Some(first)) => Outcome::Multiple {
                first,
                count,
                complete: end == End::Complete,
            },
        };
        Report {
            outcome,
            steps: self.steps,
        }
    }
}

/// Searches breadth-first: a ring queue of partial grids in memory the caller
/// owns (`[P; N]`) or lends (`&mut [P]`).
///
/// The queue needs room for the widest level of the tree; when it is full the
/// search fails with [`SearchError::QueueFull`] rather than dropping a node.
///
/// ```
/// use plateau::grid::{BreadthFirst, Count, Margins, Strategy};
/// let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// let mut queue = vec![puzzle; 64]; // lent: a full queue is an error, never a drop
/// let report = BreadthFirst::new(&mut queue).run(puzzle, plateau::Budget::UNLIMITED, Count::All, |_| {})?;
/// assert_eq!(report.outcome.count(), 5);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct BreadthFirst<S> {
    queue: S,
}

impl<S> BreadthFirst<S> {
    /// Makes a breadth-first search whose queue is `queue` (its length: the grids it holds).
    pub const fn new(queue: S) -> Self {
        BreadthFirst { queue }
    }
}

impl<P: Puzzle, S: AsMut<[P]>> Strategy<P> for BreadthFirst<S> {
    fn run<F: FnMut(&P)>(
        &mut self,
        root: P,
        budget: Budget,
        count: Count,
        mut visit: F,
    ) -> Result<Report<P>, SearchError> {
        let queue = self.queue.as_mut();
        let mut tally = Tally::new(budget, count);
        let cap = queue.len();
        let full = SearchError::QueueFull { grids: cap };
        let (mut head, mut len) = (0usize, 0usize);
        // Queued nodes are propagated and still have an unknown cell.
        let push = |queue: &mut [P], head: usize, len: &mut usize, p: P| {
            // head < cap and len <= cap: the sum never wraps.
            let at = if cap == 0 {
                0
            } else {
                head.wrapping_add(*len) % cap
            };
            match queue.get_mut(at) {
                Some(slot) if *len < cap => {
                    *slot = p;
                    *len += 1;
                    Ok(())
                }
                _ => Err(full),
            }
        };
        if !tally.step() {
            return Ok(tally.report(End::Spent));
        }
        let mut node = root;
        if node.propagate() {
            match node.branch() {
                None => {
                    if node.is_solved() {
                        tally.found(&node, &mut visit);
                    }
                }
                Some(_) => push(queue, head, &mut len, node)?,
            }
        }
        while len > 0 {
            let Some(&parent) = queue.get(head) else {
                break;
            };
            head = (head + 1) % cap.max(1);
            len -= 1;
            let Some(choices) = parent.branch() else {
                continue;
            };
            for choice in choices {
                if !tally.step() {
                    return Ok(tally.report(End::Spent));
                }
                let mut child = parent;
                if !child.apply(choice) || !child.propagate() {
                    continue;
                }
                if child.branch().is_some() {
                    push(queue, head, &mut len, child)?;
                } else if child.is_solved() && tally.found(&child, &mut visit) {
                    return Ok(tally.report(End::Stopped));
                }
            }
        }
        Ok(tally.report(End::Complete))
    }
}

/// Holds one level of the depth-first stack: a partial grid and the choices left to try.
///
/// ```
/// use plateau::grid::{Frame, Margins};
/// let puzzle = Margins::new(&[1], &[1])?;
/// let stack = [Frame::new(puzzle); 3]; // for DepthFirst::new
/// # let _ = stack;
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Frame<P: Puzzle> {
    node: P,
    rest: Option<P::Choices>,
}

impl<P: Puzzle> Frame<P> {
    /// Makes an empty frame (to fill a stack array: `[Frame::new(puzzle); 81]`).
    pub const fn new(node: P) -> Self {
        Frame { node, rest: None }
    }
}

/// Searches depth-first: an explicit stack of frames in memory the caller owns
/// (`[Frame<P>; N]`) or lends (`&mut [Frame<P>]`, e.g. from a `static`).
///
/// The stack needs one frame per branching level of the deepest path (at most
/// the number of unknown cells, plus one); a deeper path fails with
/// [`SearchError::StackFull`]. Depth-first finds the first solution sooner and
/// needs far less memory than breadth-first.
///
/// ```
/// use plateau::grid::{Count, DepthFirst, Frame, Margins, Outcome, Strategy};
/// use plateau::Budget;
/// let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// // Owned: the frames live in the search.
/// let mut owned = DepthFirst::new([Frame::new(puzzle); 10]);
/// let report = owned.run(puzzle, Budget::UNLIMITED, Count::All, |_| {})?;
/// assert!(matches!(report.outcome, Outcome::Multiple { count: 5, complete: true, .. }));
/// // Lent: the frames are the caller's.
/// let mut frames = [Frame::new(puzzle); 10];
/// let report = DepthFirst::new(&mut frames[..]).run(puzzle, Budget::new(3), Count::All, |_| {})?;
/// assert!(matches!(report.outcome, Outcome::Exhausted { spent: 3, .. }));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct DepthFirst<S> {
    stack: S,
}

impl<S> DepthFirst<S> {
    /// Makes a depth-first search whose stack is `stack` (its length: the frames it holds).
    pub const fn new(stack: S) -> Self {
        DepthFirst { stack }
    }
}

impl<P: Puzzle, S: AsMut<[Frame<P>]>> Strategy<P> for DepthFirst<S> {
    fn run<F: FnMut(&P)>(
        &mut self,
        root: P,
        budget: Budget,
        count: Count,
        mut visit: F,
    ) -> Result<Report<P>, SearchError> {
        let stack = self.stack.as_mut();
        let full = SearchError::StackFull {
            frames: stack.len(),
        };
        let mut tally = Tally::new(budget, count);
        let mut depth = 0usize;
        if !tally.step() {
            return Ok(tally.report(End::Spent));
        }
        let mut node = root;
        if node.propagate() {
            match node.branch() {
                None => {
                    if node.is_solved() {
                        tally.found(&node, &mut visit);
                    }
                }
                Some(choices) => {
                    let slot = stack.get_mut(0).ok_or(full)?;
                    *slot = Frame {
                        node,
                        rest: Some(choices),
                    };
                    depth = 1;
                }
            }
        }
        // A child is made in the next frame, so that a pushed child is never
        // copied twice; the last choice of a frame is made in the frame itself.
        let mut spare: P;
        while let Some((top, above)) = depth
            .checked_sub(1)
            .and_then(|i| stack.get_mut(i..))
            .and_then(<[Frame<P>]>::split_first_mut)
        {
            let Some(choice) = top.rest.as_mut().and_then(Iterator::next) else {
                depth -= 1;
                continue;
            };
            if !tally.step() {
                return Ok(tally.report(End::Spent));
            }
            let last = top.rest.is_none_or(|mut rest| rest.next().is_none());
            let next = above.first_mut();
            let in_spare = !last && next.is_none();
            let child = match (last, next) {
                (true, _) => {
                    // The frame is spent: its node becomes the child.
                    depth -= 1;
                    top.rest = None;
                    &mut top.node
                }
                (false, Some(next)) => {
                    next.node = top.node;
                    &mut next.node
                }
                (false, None) => {
                    spare = top.node;
                    &mut spare
                }
            };
            if !child.apply(choice) || !child.propagate() {
                continue;
            }
            match child.branch() {
                Some(choices) => {
                    // The child's frame is `stack[depth]` (the spent frame, or
                    // the next one); the spare means the stack is full.
                    let slot = stack.get_mut(depth).filter(|_| !in_spare);
                    slot.ok_or(full)?.rest = Some(choices);
                    depth += 1;
                }
                None => {
                    if child.is_solved() && tally.found(child, &mut visit) {
                        return Ok(tally.report(End::Stopped));
                    }
                }
            }
        }
        Ok(tally.report(End::Complete))
    }
}
