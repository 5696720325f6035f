//! The one tree search under every puzzle: depth-first on a stack of frames,
//! breadth-first on a ring queue, both resumable.
//!
//! The engines walk nodes of the crate-private [`Node`] trait: a [`Puzzle`]
//! is a node whose rules are `()`; a node that shares read-only rules with
//! every other node of its tree (the minesweeper's clues) gets them as an
//! argument, so its frames hold no reference and can live in a `static`.
//!
//! The state of a search is all in its value (the stack or the queue, the
//! depth, the tally, the phase): a slice that runs out of budget returns
//! before it takes a choice out of a frame, so the next slice takes it.

use super::{GridOutcome, MemoryError, Puzzle, Seek, Solutions};
use crate::Budget;
use crate::search::{Count, Meter, Outcome};

/// A node of the tree of partial grids, with the rules it shares with the
/// other nodes of its tree.
pub(crate) trait Node: Copy {
    /// What every node of the tree reads and none changes (`()` for a [`Puzzle`]).
    type Rules: ?Sized;
    /// One choice: an unknown cell and a value for it.
    type Choice: Copy;
    /// The choices of the cell picked by [`Node::branch`].
    type Choices: Iterator<Item = Self::Choice> + Copy;
    /// See [`Puzzle::propagate`].
    fn propagate(&mut self, rules: &Self::Rules) -> bool;
    /// See [`Puzzle::branch`].
    fn branch(&self, rules: &Self::Rules) -> Option<Self::Choices>;
    /// See [`Puzzle::apply`].
    fn apply(&mut self, rules: &Self::Rules, choice: Self::Choice) -> bool;
    /// See [`Puzzle::is_solved`].
    fn is_solved(&self, rules: &Self::Rules) -> bool;
}

impl<P: Puzzle> Node for P {
    type Rules = ();
    type Choice = P::Choice;
    type Choices = P::Choices;
    #[inline(always)]
    fn propagate(&mut self, (): &()) -> bool {
        Puzzle::propagate(self)
    }
    #[inline(always)]
    fn branch(&self, (): &()) -> Option<P::Choices> {
        Puzzle::branch(self)
    }
    #[inline(always)]
    fn apply(&mut self, (): &(), choice: P::Choice) -> bool {
        Puzzle::apply(self, choice)
    }
    #[inline(always)]
    fn is_solved(&self, (): &()) -> bool {
        Puzzle::is_solved(self)
    }
}

/// One level of the depth-first stack (or the breadth-first parent being
/// expanded): a node and the choices left to try.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Raw<N: Node> {
    pub(crate) node: N,
    pub(crate) rest: Option<N::Choices>,
}

impl<N: Node> Raw<N> {
    /// A frame with nothing left to try.
    pub(crate) const fn new(node: N) -> Self {
        Raw { node, rest: None }
    }
}

/// A frame of some stack: its [`Raw`] frame of node `N`, if it holds one.
///
/// A frame that can hold nodes of two kinds (a sudoku frame) answers `None`
/// for the kind it does not hold; the search then fails as if the stack were
/// full, never panics. The entries set the kind of every frame first.
pub(crate) trait Slot<N: Node> {
    fn raw(&mut self) -> Option<&mut Raw<N>>;
}

/// Why a search is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) enum End {
    /// The whole tree was searched.
    Complete,
    /// The solutions sought were found.
    Stopped,
}

/// Where a search stands between slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) enum Phase {
    /// The root is not expanded yet.
    Start,
    /// Frames (or queued grids) wait.
    Running,
    /// Over: every later run answers the same.
    Over(End),
    /// The lent memory ran short in a way the search cannot come back from.
    Failed(MemoryError),
}

/// Counts the solutions, keeps the first, and meters the nodes expanded.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Tally<N> {
    first: Option<N>,
    count: u64,
    stop_after: u64,
    pub(crate) meter: Meter,
    pub(crate) phase: Phase,
}

impl<N: Copy> Tally<N> {
    pub(crate) const fn new(seek: Seek) -> Self {
        Tally {
            first: None,
            count: 0,
            stop_after: seek.stop_after(),
            meter: Meter::new(),
            phase: Phase::Start,
        }
    }

    /// Records a solution; returns `true` if the search should stop.
    #[inline(always)]
    pub(crate) fn found(&mut self, node: &N, visit: &mut impl FnMut(&N)) -> bool {
        if self.first.is_none() {
            self.first = Some(*node);
        }
        self.count = self.count.saturating_add(1);
        visit(node);
        self.count >= self.stop_after
    }

    /// Propagates the root and returns its choices; a root without any is a
    /// leaf, counted if solved.
    #[inline(always)]
    pub(crate) fn expand_root<R: ?Sized>(
        &mut self,
        rules: &R,
        node: &mut N,
        visit: &mut impl FnMut(&N),
    ) -> Option<N::Choices>
    where
        N: Node<Rules = R>,
    {
        if !node.propagate(rules) {
            return None;
        }
        let choices = node.branch(rules);
        if choices.is_none() && node.is_solved(rules) {
            self.found(node, visit);
        }
        choices
    }

    /// Returns the outcome of a search that ended as `end`.
    pub(crate) fn over(&mut self, end: End) -> GridOutcome<N> {
        self.phase = Phase::Over(end);
        self.outcome()
    }

    /// Returns where the search stands (exhausted unless over).
    pub(crate) fn outcome(&self) -> GridOutcome<N> {
        let count = self.count;
        match (self.phase, self.first) {
            (Phase::Over(_), None) => Outcome::NoSolution(()),
            (Phase::Over(end), Some(first)) => Outcome::Done(Solutions {
                first,
                count: match end {
                    End::Complete => Count::exactly(count),
                    End::Stopped => Count::at_least(count),
                },
            }),
            (_, first) => Outcome::Exhausted {
                best: first.map(|first| Solutions {
                    first,
                    count: Count::at_least(count),
                }),
                spent: self.meter.spent(),
            },
        }
    }

    /// Returns the error the search failed with, sticking to it.
    pub(crate) fn fail(&mut self, e: MemoryError) -> Result<GridOutcome<N>, MemoryError> {
        self.phase = Phase::Failed(e);
        Err(e)
    }

    /// Opens a slice of `budget`; returns the answer if the search is over
    /// (or failed) and nothing is left to do.
    #[inline(always)]
    pub(crate) fn open(&mut self, budget: Budget) -> Option<Result<GridOutcome<N>, MemoryError>> {
        self.meter.open(budget);
        match self.phase {
            Phase::Over(_) => Some(Ok(self.outcome())),
            Phase::Failed(e) => Some(Err(e)),
            Phase::Start | Phase::Running => None,
        }
    }
}

/// The state of a depth-first search: how deep its stack is, and its tally.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Dfs<N> {
    depth: usize,
    pub(crate) tally: Tally<N>,
}

impl<N: Node> Dfs<N> {
    pub(crate) const fn new(seek: Seek) -> Self {
        Dfs {
            depth: 0,
            tally: Tally::new(seek),
        }
    }

    /// Searches from `root` on `stack` for at most `budget` nodes more.
    ///
    /// A child is made in the next frame, so that a pushed child is never
    /// copied twice; the last choice of a frame is made in the frame itself.
    #[inline(always)]
    pub(crate) fn run<F: Slot<N>>(
        &mut self,
        rules: &N::Rules,
        root: &N,
        stack: &mut [F],
        budget: Budget,
        visit: &mut impl FnMut(&N),
    ) -> Result<GridOutcome<N>, MemoryError> {
        if let Some(over) = self.tally.open(budget) {
            return over;
        }
        let full = MemoryError::StackFull {
            frames: stack.len(),
        };
        if self.tally.phase == Phase::Start {
            if !self.tally.meter.step() {
                return Ok(self.tally.outcome());
            }
            self.tally.phase = Phase::Running;
            // The root is expanded in the first frame (no copy to move it
            // there after), or, without a frame, where it can only be a leaf.
            match stack.first_mut().and_then(Slot::raw) {
                Some(frame) => {
                    frame.node = *root;
                    frame.rest = self.tally.expand_root(rules, &mut frame.node, visit);
                    self.depth = usize::from(frame.rest.is_some());
                }
                None => {
                    let mut node = *root;
                    if self.tally.expand_root(rules, &mut node, visit).is_some() {
                        return self.tally.fail(full);
                    }
                }
            }
        }
        // The depth and the meter in locals for the loop (the tally's other
        // fields change only at a solution), written back when it ends.
        let mut depth = self.depth;
        let mut meter = self.tally.meter;
        let mut spare: N;
        let exit = loop {
            let Some((top, above)) = depth
                .checked_sub(1)
                .and_then(|i| stack.get_mut(i..))
                .and_then(<[F]>::split_first_mut)
            else {
                break Exit::Over(End::Complete);
            };
            let Some(top) = top.raw() else {
                break Exit::Full;
            };
            let mut rest = top.rest;
            let Some(choice) = rest.as_mut().and_then(Iterator::next) else {
                depth -= 1;
                continue;
            };
            // Out of budget before the choice is taken: the next slice takes it.
            if !meter.step() {
                break Exit::Spent;
            }
            let last = rest.is_none_or(|mut r| r.next().is_none());
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
                    top.rest = rest;
                    let Some(next) = next.raw() else {
                        break Exit::Full;
                    };
                    next.node = top.node;
                    &mut next.node
                }
                (false, None) => {
                    top.rest = rest;
                    spare = top.node;
                    &mut spare
                }
            };
            if !child.apply(rules, choice) || !child.propagate(rules) {
                continue;
            }
            match child.branch(rules) {
                Some(choices) => {
                    // The child's frame is `stack[depth]` (the spent frame, or
                    // the next one); the spare means the stack is full.
                    let slot = stack
                        .get_mut(depth)
                        .filter(|_| !in_spare)
                        .and_then(Slot::raw);
                    let Some(slot) = slot else {
                        break Exit::Full;
                    };
                    slot.rest = Some(choices);
                    depth += 1;
                }
                None => {
                    if child.is_solved(rules) && self.tally.found(child, visit) {
                        break Exit::Over(End::Stopped);
                    }
                }
            }
        };
        self.depth = depth;
        self.tally.meter = meter;
        match exit {
            Exit::Over(end) => Ok(self.tally.over(end)),
            Exit::Spent => Ok(self.tally.outcome()),
            Exit::Full => self.tally.fail(full),
        }
    }
}

/// Why the depth-first loop stopped.
enum Exit {
    Over(End),
    Spent,
    Full,
}

/// Reverses `items` in place, by slice patterns: no index, so no bounds
/// check for the panic probe to find.
fn reverse<T>(items: &mut [T]) {
    let mut rest = items;
    while let [first, middle @ .., last] = rest {
        core::mem::swap(first, last);
        rest = middle;
    }
}

/// The state of a breadth-first search: the ring queue's head and length,
/// the parent being expanded, a child that found the queue full, and the tally.
#[derive(Clone, Copy)]
pub(crate) struct Bfs<N: Node> {
    head: usize,
    len: usize,
    open: Option<Raw<N>>,
    waiting: Option<N>,
    pub(crate) tally: Tally<N>,
}

impl<N: Node> Bfs<N> {
    pub(crate) const fn new(seek: Seek) -> Self {
        Bfs {
            head: 0,
            len: 0,
            open: None,
            waiting: None,
            tally: Tally::new(seek),
        }
    }

    /// Returns the grids queued (a child waiting for room included).
    pub(crate) fn queued(&self) -> usize {
        // len <= the queue's length: never saturates.
        self.len.saturating_add(usize::from(self.waiting.is_some()))
    }

    /// Moves the queued grids from `from` to the front of `to`, in order;
    /// `false` (nothing moved) if `to` is too short.
    pub(crate) fn move_queue(&mut self, from: &[N], to: &mut [N]) -> bool {
        if to.len() < self.len {
            return false;
        }
        let cap = from.len().max(1);
        for (k, slot) in to.iter_mut().take(self.len).enumerate() {
            // head < cap and k < len <= cap: the sum never wraps.
            if let Some(&grid) = from.get(self.head.wrapping_add(k) % cap) {
                *slot = grid;
            }
        }
        self.head = 0;
        true
    }

    /// Turns the ring `queue` so that the queued grids are its first ones,
    /// in order (the storage can then grow at its end).
    pub(crate) fn turn_to_front(&mut self, queue: &mut [N]) {
        // A left rotation by `head` as three reversals, in place, with
        // slice patterns: `rotate_left` and `reverse` keep assertions of
        // their own when they are not inlined (opt-level 3). head <
        // queue.len() whenever the queue is not empty; a head past the end
        // leaves the queue as it is.
        if self.head < queue.len() {
            if let Some(front) = queue.get_mut(..self.head) {
                reverse(front);
            }
            if let Some(back) = queue.get_mut(self.head..) {
                reverse(back);
            }
            reverse(queue);
        }
        self.head = 0;
    }

    /// Puts `node` at the back of the queue; `false` if it is full.
    fn push(&mut self, queue: &mut [N], node: N) -> bool {
        let cap = queue.len();
        if self.len >= cap {
            return false;
        }
        // head < cap and len < cap: the sum never wraps.
        match queue.get_mut(self.head.wrapping_add(self.len) % cap) {
            Some(slot) => {
                *slot = node;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Searches from `root` in `queue` for at most `budget` nodes more.
    ///
    /// Queued nodes are propagated and still have an unknown cell. A child
    /// that finds the queue full waits in the search (the answer is
    /// [`MemoryError::QueueFull`]) until a run on a larger queue pushes it.
    pub(crate) fn run(
        &mut self,
        rules: &N::Rules,
        root: &N,
        queue: &mut [N],
        budget: Budget,
        visit: &mut impl FnMut(&N),
    ) -> Result<GridOutcome<N>, MemoryError> {
        if let Some(over) = self.tally.open(budget) {
            return over;
        }
        let full = MemoryError::QueueFull { grids: queue.len() };
        if self.tally.phase == Phase::Start {
            if !self.tally.meter.step() {
                return Ok(self.tally.outcome());
            }
            self.tally.phase = Phase::Running;
            let mut node = *root;
            if node.propagate(rules) {
                match node.branch(rules) {
                    None => {
                        if node.is_solved(rules) {
                            self.tally.found(&node, visit);
                        }
                    }
                    Some(_) => self.waiting = Some(node),
                }
            }
        }
        if let Some(node) = self.waiting {
            if !self.push(queue, node) {
                return Err(full);
            }
            self.waiting = None;
        }
        loop {
            if let Some(Raw {
                node: parent,
                rest: Some(mut choices),
            }) = self.open
            {
                loop {
                    let mut rest = choices;
                    let Some(choice) = rest.next() else { break };
                    if !self.tally.meter.step() {
                        self.open = Some(Raw {
                            node: parent,
                            rest: Some(choices),
                        });
                        return Ok(self.tally.outcome());
                    }
                    choices = rest;
                    let mut child = parent;
                    if !child.apply(rules, choice) || !child.propagate(rules) {
                        continue;
                    }
                    if child.branch(rules).is_some() {
                        if !self.push(queue, child) {
                            self.open = Some(Raw {
                                node: parent,
                                rest: Some(choices),
                            });
                            self.waiting = Some(child);
                            return Err(full);
                        }
                    } else if child.is_solved(rules) && self.tally.found(&child, visit) {
                        self.open = None;
                        return Ok(self.tally.over(End::Stopped));
                    }
                }
                self.open = None;
            }
            if self.len == 0 {
                return Ok(self.tally.over(End::Complete));
            }
            let Some(&parent) = queue.get(self.head) else {
                return self.tally.fail(full);
            };
            // head < the queue's length: never wraps.
            self.head = self.head.wrapping_add(1) % queue.len().max(1);
            self.len -= 1;
            if let Some(choices) = parent.branch(rules) {
                self.open = Some(Raw {
                    node: parent,
                    rest: Some(choices),
                });
            }
        }
    }
}
