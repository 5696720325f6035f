//! Grid puzzles: margins counts of SPEC §5, a hard sudoku, and a sudoku count
//! in slices from a cooperative loop, a snake and a minesweeper survey;
//! depth-first on memory lent from static memory (caller memory, as the core
//! asks), so the call stack holds only the search's own frame. The sudoku
//! runs on the compact memory (`SudokuLog`: one grid and an undo log, about
//! 4.2 KiB for any grid) so that the image fits a 16 KiB micro:bit.

use plateau::Budget;
use plateau::grid::minesweeper::Tile::{self, Hidden as H, Number as N};
use plateau::grid::{
    Cell, DepthFirst, Frame, GridOutcome, Margins, Minefield, Seek, Snake, Sudoku, SudokuLog,
    SudokuSearch, SurveyFrame, SurveySearch,
};
use plateau::search::{Count, Outcome, Search};

use crate::cooperative::{self, Sliced};
use crate::expected::grid::{MARGINS, ONE_TWO_ONE, SNAKE, SUDOKU, SUDOKU_COUNT};
use crate::harness::{AtStep, Mismatch, Outcome as CheckOutcome, accepted, equal, holds};
use crate::lent::Lent;

/// Frames for the margins grids of the check, up to 5×5: the deepest search
/// of them (5×5, every count 2) needs 7 (measured on the host; one per cell
/// and the root, 26, serve any 5×5 grid). Too few would be `StackFull`: an
/// error, never a wrong count.
const MARGINS_FRAMES: usize = 8;
/// Nodes a slice of the sliced sudoku count expands.
const SUDOKU_SLICE: Budget = Budget::new(250);
/// Frames for the snake of the check: its search needs 3 (measured; one
/// per cell and the root serve any snake).
const SNAKE_FRAMES: usize = 4;
/// Frames for a minesweeper survey: one per frontier square and one.
const SURVEY_FRAMES: usize = 8;
/// Numbers next to hidden squares the check's boards hold at most (20 bytes
/// each: the `Minefield` of a full 32×32 board holds 256, about 5.3 KiB).
const CLUES: usize = 8;

/// The sudoku's compact memory (one grid and an undo log, about 4.2 KiB for
/// any grid), lent to one search at a time for as long as it lives (a sliced
/// search holds it across its slices: see `lent.rs`). Zero-filled: `.bss`.
static SUDOKU_LOG: Lent<SudokuLog> = Lent::new(SudokuLog::new());

/// The minesweeper's board, read in place (`Minefield::read`): zero-filled,
/// in `.bss`, sized for the check's boards.
static FIELD: Lent<Minefield<CLUES>> = Lent::new(Minefield::EMPTY);

/// The frames the other grid searches are lent, one at a time: each check
/// takes the kind it needs (made empty when another kind was there), so that
/// the image holds the largest once (the margins', 1.3 KiB), not their sum.
/// Zero-filled: `.bss`.
static MEMORY: Lent<GridMemory> = Lent::new(GridMemory::Margins(heapless::Vec::new()));

/// The memory of one grid search.
// The enum lives in one static, always sized for its largest variant: that
// is the point (one slot for whichever search runs), so boxing is moot.
#[allow(clippy::large_enum_variant)]
enum GridMemory {
    /// Frames for margins, filled with copies of each root before its search.
    Margins(heapless::Vec<Frame<Margins>, MARGINS_FRAMES>),
    /// Frames for the snake, filled with copies of its root.
    Snake(heapless::Vec<Frame<Snake>, SNAKE_FRAMES>),
    /// The survey's frames.
    Survey(heapless::Vec<SurveyFrame, SURVEY_FRAMES>),
}

/// Borrows the grid memory as the kind `$kind`, made by `$make` when it
/// holds another, or fails the check.
macro_rules! memory {
    ($kind:ident($($make:expr),*)) => {{
        let mut memory = accepted("grid memory free", MEMORY.borrow().ok_or(()))?;
        if !matches!(*memory, GridMemory::$kind(..)) {
            *memory = GridMemory::$kind($($make),*);
        }
        memory
    }};
}

/// Margins counts: 5 (rows and columns 2,2,1), 90 (4×4, all 2), 2,040 (5×5, all 2).
pub fn margins_counts() -> CheckOutcome {
    for (i, (rows, cols, count)) in MARGINS.iter().enumerate() {
        let root = accepted("Margins::new", Margins::new(rows, cols)).at(i)?;
        let mut memory = memory!(Margins(heapless::Vec::new()));
        let GridMemory::Margins(frames) = &mut *memory else {
            return holds("margins memory", false);
        };
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
    let mut log = accepted("sudoku log free", SUDOKU_LOG.borrow().ok_or(()))?;
    let outcome = SudokuSearch::new_in(root, Seek::Uniqueness, &mut *log)
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
    let mut log = accepted("sudoku log free", SUDOKU_LOG.borrow().ok_or(()))?;
    let mut search = accepted(
        "SudokuSearch::new_in",
        SudokuSearch::new_in(root, Seek::All, &mut *log),
    )?;
    accepted("depth-first", cooperative::drive(&mut search, budget))
}

/// A 3×4 snake from the top left corner to the top right one, counts on
/// every line: one snake, its cells (the host's snapshot).
pub fn snake() -> CheckOutcome {
    let (rows, cols, head, tail, body) = SNAKE;
    let root = accepted(
        "Snake::new",
        Snake::new(
            rows,
            cols,
            Cell::new(head.0, head.1),
            Cell::new(tail.0, tail.1),
        ),
    )?;
    let mut memory = memory!(Snake(heapless::Vec::new()));
    let GridMemory::Snake(frames) = &mut *memory else {
        return holds("snake memory", false);
    };
    frames.clear();
    holds(
        "frames filled",
        frames.resize(SNAKE_FRAMES, Frame::new(root)).is_ok(),
    )?;
    let outcome = DepthFirst::new_in(root, Seek::All, frames.as_mut_slice()).run(Budget::UNLIMITED);
    let Outcome::Done(found) = accepted("depth-first", outcome)? else {
        return holds("solved", false);
    };
    equal("snakes", found.count, Count::exactly(1))?;
    for (i, row) in body.iter().enumerate() {
        for (j, c) in row.bytes().enumerate() {
            let cell = Cell::new(i as u8, j as u8);
            equal("body", found.first.is_body(cell), c != b'.').at(i * 4 + j)?;
        }
    }
    Ok(())
}

/// The 1-2-1 pattern under three hidden squares: the squares above the 1s
/// are mines in every layout, the one above the 2 is safe; one layout.
pub fn one_two_one() -> CheckOutcome {
    let squares: [Tile; 6] = [H, H, H, N(1), N(2), N(1)];
    let mut field = accepted("minefield free", FIELD.borrow().ok_or(()))?;
    accepted("Minefield::read", field.read(3, 2, &squares, None))?;
    let mut memory = memory!(Survey(heapless::Vec::new()));
    let GridMemory::Survey(frames) = &mut *memory else {
        return holds("survey memory", false);
    };
    frames.clear();
    holds(
        "frames filled",
        frames.resize(SURVEY_FRAMES, SurveyFrame::BLANK).is_ok(),
    )?;
    let mut survey = accepted(
        "SurveySearch::new_in",
        SurveySearch::new_in(&*field, frames.as_mut_slice()),
    )?;
    let Outcome::Done(s) = accepted("survey", survey.run(Budget::UNLIMITED))? else {
        return holds("surveyed", false);
    };
    equal("layouts", s.layouts(), 1)?;
    for (col, mine) in ONE_TWO_ONE.iter().enumerate() {
        equal("forced", s.forced(Cell::new(0, col as u8)), Some(*mine)).at(col)?;
    }
    Ok(())
}
