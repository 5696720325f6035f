//! Brute-force grid puzzles: one tree search, four puzzles.
//!
//! The tree of partial grids has the empty (or given) grid at its root; a node's
//! children are the valid choices for one unknown cell. A [`Puzzle`] says which
//! cell to branch on, what its candidates are, how to apply one, and what its
//! clues force ([`Puzzle::propagate`]). The engine walks that tree
//! [`BreadthFirst`] (a queue of partial grids in memory the caller lends; a full
//! queue is an error, never a silent drop) or [`DepthFirst`] (an explicit stack of
//! frames, also lent, no recursion). It counts the complete valid grids, hands
//! each to a visitor, stops after `k` of them, and honours a step budget: the
//! [`Outcome`] is [`None`](Outcome::None), [`Unique`](Outcome::Unique),
//! [`Multiple`](Outcome::Multiple) or [`Exhausted`](Outcome::Exhausted).
//!
//! The puzzles: [`Margins`] (black cells counted per row and column),
//! [`Sudoku`] (4×4, 6×6, 9×9), [`Minesweeper`] (consistent mine layouts) and
//! [`Snake`] (a path that never touches itself).
//!
//! ```
//! use plateau::grid::{DepthFirst, Frame, Limits, Margins, Outcome, Strategy};
//! let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
//! let mut stack = [Frame::new(puzzle); 16];
//! let report = DepthFirst::new(&mut stack).run(puzzle, Limits::all(plateau::UNLIMITED), |_| {})?;
//! assert!(matches!(report.outcome, Outcome::Multiple { count: 5, .. }));
//! assert!(report.complete);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

pub mod margins;
pub mod minesweeper;
pub mod snake;
pub mod sudoku;

pub use margins::{Margins, MarginsError};
pub use minesweeper::{Minefield, MinefieldError, Minesweeper, Survey};
pub use snake::{Snake, SnakeError};
pub use sudoku::{Shape, Sudoku, SudokuError};

/// A grid puzzle as the tree search sees it: a node of the tree of partial grids.
///
/// Nodes are copied (a child is its parent with one more choice applied), so a
/// puzzle is a small `Copy` value.
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

/// When the search stops: a step budget (every search takes one) and a number
/// of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Limits {
    /// Nodes the search may expand before it reports [`Outcome::Exhausted`].
    pub max_steps: u64,
    /// Solutions after which the search stops (values below 2 count as 2,
    /// since telling one solution from several needs a second).
    pub stop_after: u64,
}

impl Limits {
    /// Every solution counted, within `max_steps` nodes ([`crate::UNLIMITED`]:
    /// no bound).
    #[must_use]
    pub const fn all(max_steps: u64) -> Limits {
        Limits {
            max_steps,
            stop_after: u64::MAX,
        }
    }

    /// Stop at the second solution, enough to tell a unique puzzle, within
    /// `max_steps` nodes ([`crate::UNLIMITED`]: no bound).
    #[must_use]
    pub const fn uniqueness(max_steps: u64) -> Limits {
        Limits {
            max_steps,
            stop_after: 2,
        }
    }

    /// Returns these limits with a step budget.
    #[must_use]
    pub const fn with_max_steps(self, max_steps: u64) -> Limits {
        Limits { max_steps, ..self }
    }

    /// Returns these limits stopping after `k` solutions.
    #[must_use]
    pub const fn with_stop_after(self, k: u64) -> Limits {
        Limits {
            stop_after: k,
            ..self
        }
    }
}

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Outcome<P> {
    /// The whole tree was searched and holds no solution: the puzzle is ill-posed.
    None,
    /// The whole tree was searched and holds exactly this solution.
    Unique(P),
    /// At least two solutions; `count` is exact if [`Report::complete`], else found so far.
    Multiple {
        /// The first solution found.
        first: P,
        /// Solutions found.
        count: u64,
    },
    /// The step budget ran out with fewer than two solutions found.
    Exhausted {
        /// The solution found, if any.
        first: Option<P>,
        /// Solutions found (0 or 1).
        count: u64,
    },
}

impl<P> Outcome<P> {
    /// Returns the first solution found, if any.
    #[must_use]
    pub fn first(&self) -> Option<&P> {
        match self {
            Outcome::None => None,
            Outcome::Unique(p) | Outcome::Multiple { first: p, .. } => Some(p),
            Outcome::Exhausted { first, .. } => first.as_ref(),
        }
    }

    /// Returns the number of solutions found.
    #[must_use]
    pub const fn count(&self) -> u64 {
        match self {
            Outcome::None => 0,
            Outcome::Unique(_) => 1,
            Outcome::Multiple { count, .. } | Outcome::Exhausted { count, .. } => *count,
        }
    }
}

/// The outcome of a search and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Report<P> {
    /// What was found.
    pub outcome: Outcome<P>,
    /// Nodes expanded.
    pub steps: u64,
    /// Whether the whole tree was searched (so the count is exact).
    pub complete: bool,
}

/// Why a search could not go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SearchError {
    /// The breadth-first queue is full: lend more memory.
    QueueFull,
    /// The depth-first stack is full: lend more frames.
    StackFull,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SearchError::QueueFull => "the breadth-first queue is full",
            SearchError::StackFull => "the depth-first stack is full",
        })
    }
}

impl core::error::Error for SearchError {}

/// A way to walk the tree of partial grids.
pub trait Strategy<P: Puzzle> {
    /// Searches from `root` within `limits`, calling `visit` on each solution in order.
    fn run<F: FnMut(&P)>(
        &mut self,
        root: P,
        limits: Limits,
        visit: F,
    ) -> Result<Report<P>, SearchError>;
}

/// Counts solutions and keeps the first; shared by both strategies.
struct Tally<P> {
    first: Option<P>,
    count: u64,
    steps: u64,
    limits: Limits,
}

impl<P: Puzzle> Tally<P> {
    fn new(limits: Limits) -> Self {
        Tally {
            first: None,
            count: 0,
            steps: 0,
            limits,
        }
    }

    /// Takes one step; returns `false` if the budget is spent.
    fn step(&mut self) -> bool {
        if self.steps >= self.limits.max_steps {
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
        self.count >= self.limits.stop_after.max(2)
    }

    fn report(self, complete: bool) -> Report<P> {
        let outcome = match (self.first, self.count) {
            (first, count) if !complete && count < 2 => Outcome::Exhausted { first, count },
            (None, _) => Outcome::None,
            (Some(p), 1) => Outcome::Unique(p),
            (Some(first), count) => Outcome::Multiple { first, count },
        };
        Report {
            outcome,
            steps: self.steps,
            complete,
        }
    }
}

/// Breadth-first search: a ring queue of partial grids in the caller's slice.
///
/// The queue needs room for the widest level of the tree; when it is full the
/// search fails with [`SearchError::QueueFull`] rather than dropping a node.
pub struct BreadthFirst<'m, P> {
    queue: &'m mut [P],
}

impl<'m, P: Puzzle> BreadthFirst<'m, P> {
    /// Makes a breadth-first search whose queue holds up to `queue.len()` grids.
    pub fn new(queue: &'m mut [P]) -> Self {
        BreadthFirst { queue }
    }
}

impl<P: Puzzle> Strategy<P> for BreadthFirst<'_, P> {
    fn run<F: FnMut(&P)>(
        &mut self,
        root: P,
        limits: Limits,
        mut visit: F,
    ) -> Result<Report<P>, SearchError> {
        let mut tally = Tally::new(limits);
        let cap = self.queue.len();
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
                _ => Err(SearchError::QueueFull),
            }
        };
        if !tally.step() {
            return Ok(tally.report(false));
        }
        let mut node = root;
        if node.propagate() {
            match node.branch() {
                None => {
                    if node.is_solved() {
                        tally.found(&node, &mut visit);
                    }
                }
                Some(_) => push(self.queue, head, &mut len, node)?,
            }
        }
        while len > 0 {
            let Some(&parent) = self.queue.get(head) else {
                break;
            };
            head = (head + 1) % cap.max(1);
            len -= 1;
            let Some(choices) = parent.branch() else {
                continue;
            };
            for choice in choices {
                if !tally.step() {
                    return Ok(tally.report(false));
                }
                let mut child = parent;
                if !child.apply(choice) || !child.propagate() {
                    continue;
                }
                if child.branch().is_some() {
                    push(self.queue, head, &mut len, child)?;
                } else if child.is_solved() && tally.found(&child, &mut visit) {
                    return Ok(tally.report(false));
                }
            }
        }
        Ok(tally.report(true))
    }
}

/// One level of the depth-first stack: a partial grid and the choices left to try.
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

/// Depth-first search: an explicit stack of frames in the caller's slice.
///
/// The stack needs one frame per branching level of the deepest path (at most
/// the number of unknown cells); a deeper path fails with
/// [`SearchError::StackFull`]. Depth-first finds the first solution sooner and
/// needs far less memory than breadth-first.
pub struct DepthFirst<'m, P: Puzzle> {
    stack: &'m mut [Frame<P>],
}

impl<'m, P: Puzzle> DepthFirst<'m, P> {
    /// Makes a depth-first search whose stack holds up to `stack.len()` frames.
    pub fn new(stack: &'m mut [Frame<P>]) -> Self {
        DepthFirst { stack }
    }
}

impl<P: Puzzle> Strategy<P> for DepthFirst<'_, P> {
    fn run<F: FnMut(&P)>(
        &mut self,
        root: P,
        limits: Limits,
        mut visit: F,
    ) -> Result<Report<P>, SearchError> {
        let mut tally = Tally::new(limits);
        let mut depth = 0usize;
        if !tally.step() {
            return Ok(tally.report(false));
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
                    let slot = self.stack.get_mut(0).ok_or(SearchError::StackFull)?;
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
            .and_then(|i| self.stack.get_mut(i..))
            .and_then(<[Frame<P>]>::split_first_mut)
        {
            let Some(choice) = top.rest.as_mut().and_then(Iterator::next) else {
                depth -= 1;
                continue;
            };
            if !tally.step() {
                return Ok(tally.report(false));
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
                    let slot = self.stack.get_mut(depth).filter(|_| !in_spare);
                    slot.ok_or(SearchError::StackFull)?.rest = Some(choices);
                    depth += 1;
                }
                None => {
                    if child.is_solved() && tally.found(child, &mut visit) {
                        return Ok(tally.report(false));
                    }
                }
            }
        }
        Ok(tally.report(true))
    }
}
