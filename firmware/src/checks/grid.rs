//! Grid puzzles: margins counts of SPEC §5 and a hard sudoku, depth-first on a
//! stack of frames lent from static memory (caller memory, as the core asks), so
//! the call stack holds only the search's own frame.

use core::cell::RefCell;

use critical_section::Mutex;
use plateau::Budget;
use plateau::grid::{DepthFirst, Frame, Margins, Seek, Sudoku, SudokuSearch, SudokuStack};
use plateau::search::{Count, Outcome, Search};

use crate::expected::grid::{MARGINS, SUDOKU};
use crate::harness::{AtStep, Outcome as CheckOutcome, accepted, equal, holds};

/// Frames for a margins grid up to 5×5: one per cell and the root.
const MARGINS_FRAMES: usize = 26;
/// Frames for any 9×9 sudoku: one per cell and the root
/// (`plateau::grid::sudoku::STACK_FRAMES`), 82 × 248 B ≈ 20 KiB of static RAM,
/// filled at compile time (`SudokuStack::new` is a `const fn`) so that no copy
/// of it is ever built on the stack.
const SUDOKU_FRAMES: usize = plateau::grid::sudoku::STACK_FRAMES;

static MARGINS_STACK: Mutex<RefCell<Option<[Frame<Margins>; MARGINS_FRAMES]>>> =
    Mutex::new(RefCell::new(None));
static SUDOKU_STACK: Mutex<RefCell<SudokuStack<SUDOKU_FRAMES>>> =
    Mutex::new(RefCell::new(SudokuStack::new()));

/// Margins counts: 5 (rows and columns 2,2,1), 90 (4×4, all 2), 2,040 (5×5, all 2).
pub fn margins_counts() -> CheckOutcome {
    for (i, (rows, cols, count)) in MARGINS.iter().enumerate() {
        let root = accepted("Margins::new", Margins::new(rows, cols)).at(i)?;
        let outcome = critical_section::with(|cs| {
            let mut lent = MARGINS_STACK.borrow_ref_mut(cs);
            let frames = lent.get_or_insert_with(|| [Frame::new(root); MARGINS_FRAMES]);
            DepthFirst::new_in(root, Seek::All, frames).run(Budget::UNLIMITED)
        });
        let outcome = accepted("depth-first", outcome).at(i)?;
        let solutions = outcome.done().map(|found| found.count);
        equal("solutions", solutions, Some(Count::exactly(*count))).at(i)?;
    }
    Ok(())
}

/// Arto Inkala's 2012 sudoku: unique, and its solution.
pub fn hard_sudoku() -> CheckOutcome {
    let (puzzle, solution) = SUDOKU;
    let mut givens = [0u8; 81];
    for (g, c) in givens.iter_mut().zip(puzzle.bytes()) {
        *g = c
            .checked_sub(b'0')
            .filter(|d| (1..=9).contains(d))
            .unwrap_or(0);
    }
    let root = accepted(
        "Sudoku::new",
        Sudoku::new(plateau::grid::Shape::Nine, &givens),
    )?;
    let outcome = critical_section::with(|cs| {
        let mut stack = SUDOKU_STACK.borrow_ref_mut(cs);
        SudokuSearch::new_in(root, Seek::Uniqueness, &mut *stack)
            .and_then(|mut search| search.run(Budget::UNLIMITED))
    });
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
