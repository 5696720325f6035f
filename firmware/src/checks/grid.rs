//! Grid puzzles: margins counts of SPEC §5, a hard sudoku, and a sudoku count
//! in slices from a cooperative loop; depth-first on a stack of frames lent from
//! static memory (caller memory, as the core asks), so the call stack holds only
//! the search's own frame.

use plateau::Budget;
use plateau::grid::{
    DepthFirst, Frame, GridOutcome, Margins, Seek, Sudoku, SudokuSearch, SudokuStack,
};
use plateau::search::{Count, Outcome, Search};

use crate::cooperative::{self, Sliced};
use crate::expected::grid::{MARGINS, SUDOKU, SUDOKU_COUNT};
use crate::harness::{AtStep, Mismatch, Outcome as CheckOutcome, accepted, equal, holds};
use crate::lent::Lent;

/// Frames for a margins grid up to 5×5: one per cell and the root.
const MARGINS_FRAMES: usize = 26;
/// Frames for any 9×9 sudoku: one per cell and the root
/// (`plateau::grid::sudoku::STACK_FRAMES`), 82 × 248 B ≈ 20 KiB of static RAM,
/// filled at compile time (`SudokuStack::new` is a `const fn`) so that no copy
/// of it is ever built on the stack.
const SUDOKU_FRAMES: usize = plateau::grid::sudoku::STACK_FRAMES;
/// Nodes a slice of the sliced sudoku count expands.
const SUDOKU_SLICE: Budget = Budget::new(250);

/// Filled with copies of each root before its search: empty until then, so
/// that the `static` goes to `.bss` (an `Option` of frames, its `None` marked in
/// a `bool` of the grid, went to `.data`: 4.3 KiB of flash for its initial value).
static MARGINS_STACK: Lent<heapless::Vec<Frame<Margins>, MARGINS_FRAMES>> =
    Lent::new(heapless::Vec::new());
/// Lent to one search at a time, for as long as it lives (a sliced search
/// holds it across its slices: see `lent.rs`).
static SUDOKU_STACK: Lent<SudokuStack<SUDOKU_FRAMES>> = Lent::new(SudokuStack::new());

/// Margins counts: 5 (rows and columns 2,2,1), 90 (4×4, all 2), 2,040 (5×5, all 2).
pub fn margins_counts() -> CheckOutcome {
    for (i, (rows, cols, count)) in MARGINS.iter().enumerate() {
        let root = accepted("Margins::new", Margins::new(rows, cols)).at(i)?;
        let mut frames = accepted("margins frames free", MARGINS_STACK.borrow().ok_or(()))?;
        frames.clear();
        let filled = frames.resize(MARGINS_FRAMES, Frame::new(root));
        holds("frames filled", filled.is_ok())?;
        let outcome =
            DepthFirst::new_in(root, Seek::All, frames.as_mut_slice()).run(Budget::UNLIMITED);
        let outcome = accepted("depth-first", outcome).at(i)?;
        let solutions = outcome.done().map(|found| found.count);
        equal("solutions", solutions, Some(Count::exactly(*count))).at(i)?;
    }
    Ok(())
}

/// Reads a 9×9 sudoku of 81 characters (`.` for a blank).
fn sudoku(puzzle: &str) -> Result<Sudoku, Mismatch> {
    let mut givens = [0u8; 81];
    for (g, c) in givens.iter_mut().zip(puzzle.bytes()) {
        *g = c
            .checked_sub(b'0')
            .filter(|d| (1..=9).contains(d))
            .unwrap_or(0);
    }
    accepted(
        "Sudoku::new",
        Sudoku::new(plateau::grid::Shape::Nine, &givens),
    )
}

/// Arto Inkala's 2012 sudoku: unique, and its solution.
pub fn hard_sudoku() -> CheckOutcome {
    let (puzzle, solution) = SUDOKU;
    let root = sudoku(puzzle)?;
    let mut stack = accepted("sudoku stack free", SUDOKU_STACK.borrow().ok_or(()))?;
    let outcome = SudokuSearch::new_in(root, Seek::Uniqueness, &mut *stack)
        .and_then(|mut search| search.run(Budget::UNLIMITED));
    let outcome = accepted("depth-first", outcome)?;
    let Outcome::Done(found) = outcome else {
        return holds("solved", false);
    };
    holds("unique", found.is_unique())?;
    for (i, (d, c)) in found
        .first
        .digits()
        .iter()
        .zip(solution.bytes())
        .enumerate()
    {
        equal("digit", d.saturating_add(b'0'), c).at(i)?;
    }
    Ok(())
}

/// Every solution of Inkala's sudoku less two givens, counted in one call and
/// in slices of [`SUDOKU_SLICE`] nodes from a cooperative loop: the same count,
/// first solution and nodes spent.
pub fn sliced_sudoku_count() -> CheckOutcome {
    let (puzzle, count) = SUDOKU_COUNT;
    let root = sudoku(puzzle)?;
    let outcome = cooperative::sliced(SUDOKU_SLICE, |budget| count_sudoku(root, budget))?;
    let solutions = outcome.done().map(|found| found.count);
    equal("solutions", solutions, Some(Count::exactly(count)))
}

/// Counts the solutions of `root` afresh on the lent stack, to the end, in
/// slices of `budget` (one slice if it is unlimited).
fn count_sudoku(root: Sudoku, budget: Budget) -> Result<Sliced<GridOutcome<Sudoku>>, Mismatch> {
    let mut stack = accepted("sudoku stack free", SUDOKU_STACK.borrow().ok_or(()))?;
    let mut search = accepted(
        "SudokuSearch::new_in",
        SudokuSearch::new_in(root, Seek::All, &mut *stack),
    )?;
    accepted("depth-first", cooperative::drive(&mut search, budget))
}
