//! The compact memory of a 9×9 search: one grid and the log of what each
//! level of the search struck from it, instead of a whole grid per level.
//!
//! The band node keeps 27 masks (one per band and digit) and three kinds of
//! bookkeeping that follow from them once a node is propagated: the masks as
//! last seen (the masks themselves), the open cells (those with two or more
//! candidates) and the pairs (those with exactly two). A child differs from
//! its parent in the masks it struck bits from, and masks only ever lose
//! bits, so the log holds, for each level, each mask the level changed with
//! its parent's value: undoing the entries of a level in reverse gives the
//! parent's masks back, and the bookkeeping is recomputed from them.
//!
//! Bounds: a mask holds at most 27 bits, 729 in all, and a propagated node
//! keeps at least one candidate a cell (81 bits), so the entries along any
//! path are at most 648 ([`LOG_ENTRIES`]); the levels are at most one per
//! cell and the root ([`STACK_FRAMES`]). So [`SudokuLog`] serves any grid,
//! counts included, in about 4.2 KiB; the search visits the same nodes in
//! the same order as on a [`SudokuStack`](super::SudokuStack) of frames,
//! spends the same steps and gives the same answer (the tests compare them),
//! at the price of a copy of the grid and a comparison of its masks per
//! level, and a recount of the bookkeeping per level undone.

use super::bands::Bands;
use super::node::Candidates;
use super::{GridOutcome, MemoryError, STACK_FRAMES};
use crate::Budget;
use crate::grid::Puzzle;
use crate::grid::tree::{Dfs, End, Phase};

/// Most log entries along one path of the search: 729 mask bits less 81
/// (every cell keeps a candidate), each entry a mask that lost one or more.
pub const LOG_ENTRIES: usize = 27 * 27 - 81;

/// One level of the search: the choices of its cell left to try, and where
/// its entries begin in the log (the entries that made its grid from its
/// parent's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Level {
    rest: Candidates,
    from: u16,
}

impl Level {
    const BLANK: Level = Level {
        rest: Candidates::NONE,
        from: 0,
    };
}

/// Holds a 9×9 search's memory in the compact form: one grid and an undo
/// log, about 4.2 KiB for any grid, counts included ([`SudokuStack`]'s
/// frames take 20 KiB for the same), for [`SudokuSearch::new_in`].
///
/// The search on it visits the same nodes as on frames and gives the same
/// answer; each level costs a copy of the grid, a comparison of its 27
/// masks and, when undone, a recount of its open cells: slower than frames
/// on a host, where memory is not short (`BENCHMARKS.md` measures both).
/// `new` is a `const fn` (zero-filled: a `static` goes to `.bss`).
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{Seek, Shape, Sudoku, SudokuLog, SudokuSearch, SudokuStack};
/// use plateau::search::{Count, Search};
/// let puzzle = Sudoku::new(Shape::Nine, &[0; 81])?;
/// let mut log = SudokuLog::new(); // a `static` on a chip
/// let mut search = SudokuSearch::new_in(puzzle, Seek::UpTo(50), &mut log)?;
/// let outcome = search.run(Budget::UNLIMITED)?;
/// assert_eq!(outcome.done().map(|s| s.count), Some(Count::at_least(50)));
/// // The same nodes, in the same order, as on frames.
/// let mut frames = SudokuSearch::new_in(puzzle, Seek::UpTo(50), SudokuStack::<82>::new())?;
/// assert_eq!(frames.run(Budget::UNLIMITED)?, outcome);
/// assert_eq!(frames.spent(), search.spent());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
///
/// [`SudokuStack`]: super::SudokuStack
/// [`SudokuSearch::new_in`]: super::SudokuSearch::new_in
#[derive(Clone)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SudokuLog {
    /// The grid of the deepest level (the one whose choices come next).
    node: Bands,
    /// Where a child is made before it is logged.
    spare: Bands,
    levels: [Level; STACK_FRAMES],
    /// How many levels are open.
    depth: u16,
    /// Each entry's mask, as `9 × band + digit`.
    masks: [u8; LOG_ENTRIES],
    /// Each entry's mask value in the parent.
    values: [u32; LOG_ENTRIES],
    /// How many entries are in the log.
    len: u16,
}

impl SudokuLog {
    /// Makes an empty log (filled at compile time in a `static`).
    #[must_use]
    pub const fn new() -> Self {
        SudokuLog {
            node: Bands::BLANK,
            spare: Bands::BLANK,
            levels: [Level::BLANK; STACK_FRAMES],
            depth: 0,
            masks: [0; LOG_ENTRIES],
            values: [0; LOG_ENTRIES],
            len: 0,
        }
    }

    /// Searches from `root` for at most `budget` nodes more, as [`Dfs::run`]
    /// does on frames: the same nodes, in the same order, the same steps.
    pub(super) fn run(
        &mut self,
        dfs: &mut Dfs<Bands>,
        root: &Bands,
        budget: Budget,
    ) -> Result<GridOutcome<Bands>, MemoryError> {
        let tally = &mut dfs.tally;
        if let Some(over) = tally.open(budget) {
            return over;
        }
        let full = MemoryError::StackFull {
            frames: STACK_FRAMES,
        };
        let visit = &mut |_: &Bands| {};
        if tally.phase == Phase::Start {
            if !tally.meter.step() {
                return Ok(tally.outcome());
            }
            tally.phase = Phase::Running;
            self.node = *root;
            self.len = 0;
            self.depth = 0;
            if let Some(rest) = tally.expand_root(&(), &mut self.node, visit)
                && let Some(level) = self.levels.first_mut()
            {
                *level = Level { rest, from: 0 };
                self.depth = 1;
            }
        }
        let mut meter = tally.meter;
        let exit = loop {
            let Some(top) = usize::from(self.depth).checked_sub(1) else {
                break Exit::Over(End::Complete);
            };
            let Some(level) = self.levels.get(top).copied() else {
                break Exit::Full;
            };
            let mut rest = level.rest;
            let Some(choice) = rest.next() else {
                // A level that never had a choice (a level is otherwise
                // spent when its last choice is taken).
                self.pop(level.from);
                continue;
            };
            // Out of budget before the choice is taken: the next slice takes it.
            if !meter.step() {
                break Exit::Spent;
            }
            let last = rest.is_empty();
            // The child is made in the spare grid; the level's own stays.
            self.spare = self.node;
            let made = self.spare.apply(choice) && self.spare.propagate();
            match self.spare.branch().filter(|_| made) {
                Some(choices) => {
                    // The child opens a level: in the spent level's place if
                    // this was its last choice (its entries stay: the
                    // child's grid is made from them and the new ones), else
                    // the next one.
                    let (at, from) = if last {
                        (top, level.from)
                    } else {
                        (top.saturating_add(1), self.len)
                    };
                    if at == top.saturating_add(1)
                        && let Some(open) = self.levels.get_mut(top)
                    {
                        open.rest = rest;
                    }
                    let Some(slot) = self.levels.get_mut(at) else {
                        break Exit::Full;
                    };
                    *slot = Level {
                        rest: choices,
                        from,
                    };
                    if !log(
                        &self.node,
                        &self.spare,
                        &mut self.masks,
                        &mut self.values,
                        &mut self.len,
                    ) {
                        break Exit::Full;
                    }
                    self.node = self.spare;
                    // at < STACK_FRAMES < u16::MAX.
                    self.depth = at as u16 + 1;
                }
                None => {
                    if made && self.spare.is_solved() && tally.found(&self.spare, visit) {
                        break Exit::Over(End::Stopped);
                    }
                    if last {
                        self.pop(level.from);
                    } else if let Some(open) = self.levels.get_mut(top) {
                        open.rest = rest;
                    }
                }
            }
        };
        tally.meter = meter;
        match exit {
            Exit::Over(end) => Ok(tally.over(end)),
            Exit::Spent => Ok(tally.outcome()),
            Exit::Full => tally.fail(full),
        }
    }

    /// Closes the deepest level, whose entries begin at `from`: the grid is
    /// its parent's again.
    fn pop(&mut self, from: u16) {
        self.depth = self.depth.saturating_sub(1);
        while self.len > from {
            self.len -= 1;
            let at = usize::from(self.len);
            if let (Some(&mask), Some(&value)) = (self.masks.get(at), self.values.get(at)) {
                self.node.set_mask(usize::from(mask), value);
            }
        }
        self.node.recount();
    }
}

// By hand: the derived form of a struct of more than five fields asserts
// that its name and value lists have one length (a panic path to the linker).
impl core::fmt::Debug for SudokuLog {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SudokuLog")
            .field("depth", &self.depth)
            .field("entries", &self.len)
            .finish_non_exhaustive()
    }
}

impl Default for SudokuLog {
    fn default() -> Self {
        Self::new()
    }
}

/// Why the loop stopped.
enum Exit {
    Over(End),
    Spent,
    Full,
}

/// Logs the masks in which `child` differs from `node`, each with its value
/// in `node`; `false` if the log is full.
fn log(
    node: &Bands,
    child: &Bands,
    masks: &mut [u8; LOG_ENTRIES],
    values: &mut [u32; LOG_ENTRIES],
    len: &mut u16,
) -> bool {
    let mut at = usize::from(*len);
    for (k, (&was, &now)) in node.masks().iter().zip(child.masks().iter()).enumerate() {
        if was == now {
            continue;
        }
        let (Some(mask), Some(value)) = (masks.get_mut(at), values.get_mut(at)) else {
            return false;
        };
        // k < 27.
        *mask = k as u8;
        *value = was;
        at += 1;
    }
    // at <= LOG_ENTRIES < u16::MAX.
    *len = at as u16;
    true
}
