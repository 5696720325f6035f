//! The grid: the two walks over every puzzle, the sudoku search, the
//! minesweeper survey, the snake and the margins puzzles.

use core::fmt;

use plateau::Budget;
use plateau::grid::margins::{self, Paint};
use plateau::grid::minesweeper::{self, Tile};
use plateau::grid::sudoku as sudoku_mod;
use plateau::grid::{
    BreadthFirst, Cell, DepthFirst, Frame, Margins, MarginsError, MemoryError, Minefield,
    MinefieldError, Puzzle, Seek, Shape, Snake, SnakeError, Strategy, Sudoku, SudokuError,
    SudokuFrame, SudokuLog, SudokuSearch, SudokuStack, SurveyFrame, SurveySearch, snake,
};
use plateau::search::{Outcome, Search};

use crate::{debug, hash, keep, lend, lend_mut, opaque, settle, show};

pub fn probe() {
    show(opaque(MemoryError::QueueFull { grids: opaque(3) }));
    hash(opaque(MemoryError::TooFewFrames {
        needed: opaque(3),
        given: opaque(2),
    }));
    show(opaque(MarginsError::Empty));
    show(opaque(MinefieldError::Empty));
    show(opaque(SnakeError::Empty));
    show(opaque(SudokuError::WrongLength {
        shape: opaque(Shape::Four),
        len: opaque(3),
    }));
    keep((margins::MAX_SIDE, snake::MAX_SIDE, sudoku_mod::MAX_CELLS));
    keep(sudoku_mod::STACK_FRAMES);
    keep((minesweeper::MAX_SIDE, minesweeper::MAX_SQUARES));
    keep((minesweeper::MAX_FRONTIER, minesweeper::MAX_CLUES));
    keep((minesweeper::MAX_NUMBER, minesweeper::SURVEY_FRAMES));
    let cell = opaque(Cell::new(opaque(1), opaque(2)));
    show(cell);
    hash(cell);
    let seek = opaque(Seek::UpTo(opaque(3)));
    keep(seek.stop_after());
    debug(seek);
    hash(seek);
    probe_margins(cell);
    probe_sudoku(cell);
    probe_minesweeper(cell);
    probe_snake(cell);
    // A puzzle of the caller's: every answer it gives is opaque.
    probe_puzzle(AnyPuzzle(opaque(0)), || opaque(0));
    debug(opaque(Frame::new(AnyPuzzle(opaque(0)))));
}

/// A caller's puzzle whose every answer is opaque: the walks must take any
/// answers a `Puzzle` impl gives without a panic.
#[derive(Clone, Copy, Debug)]
struct AnyPuzzle(u8);

/// Any number of any choices.
#[derive(Clone, Copy, Debug)]
struct AnyChoices(u8);

impl Iterator for AnyChoices {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        self.0 = opaque(self.0);
        opaque(Some(self.0))
    }
}

impl Puzzle for AnyPuzzle {
    type Choice = u8;
    type Choices = AnyChoices;
    fn propagate(&mut self) -> bool {
        self.0 = opaque(self.0);
        opaque(true)
    }
    fn branch(&self) -> Option<AnyChoices> {
        opaque(Some(AnyChoices(self.0)))
    }
    fn apply(&mut self, choice: u8) -> bool {
        self.0 = opaque(choice);
        opaque(true)
    }
    fn is_solved(&self) -> bool {
        opaque(self.0 == 0)
    }
}

fn probe_margins(cell: Cell) {
    let rows = opaque([2u8; 40]);
    let cols = opaque([3u8; 40]);
    let Some(m) = settle(Margins::new(lend(&rows), lend(&cols))) else {
        return;
    };
    let m = opaque(m);
    keep((
        m.rows(),
        m.cols(),
        m.cell(opaque(cell)),
        m.black_row(opaque(1)),
    ));
    keep(m.gale_ryser());
    probe_puzzle(m, || {
        opaque(Paint {
            cell: opaque(cell),
            black: opaque(true),
        })
    });
}

fn probe_sudoku(cell: Cell) {
    let givens = opaque([0u8; 100]);
    let shape = opaque(Shape::Nine);
    keep((shape.side(), shape.cells(), Shape::from_cells(opaque(81))));
    hash(shape);
    let Some(s) = settle(Sudoku::new(opaque(shape), lend(&givens))) else {
        return;
    };
    let s = opaque(s);
    keep((s.shape(), s.digit(opaque(cell)), s.candidates(opaque(cell))));
    keep(s.digits());
    let budget = opaque(Budget::new(opaque(1000)));
    // Owned: the default 82 frames.
    if let Some(owned) = settle(SudokuSearch::new(s, opaque(Seek::Uniqueness))) {
        let mut owned = opaque(owned);
        keep(settle(owned.run(budget)));
        let owned = opaque(owned);
        keep((owned.spent(), owned.outcome()));
    }
    // Lent: stacks of 0 to 3, 5 and 82 frames, and a slice of an opaque length.
    sudoku_on(s, opaque(SudokuStack::<0>::new()));
    sudoku_on(s, opaque(SudokuStack::<1>::default()));
    sudoku_on(s, opaque(SudokuStack::<2>::new()));
    sudoku_on(s, opaque(SudokuStack::<3>::new()));
    sudoku_on(s, opaque(SudokuStack::<5>::default()));
    sudoku_on(
        s,
        opaque(SudokuStack::<{ sudoku_mod::STACK_FRAMES }>::new()),
    );
    let mut frames = opaque([SudokuFrame::BLANK; 40]);
    if let Some(search) = settle(SudokuSearch::new_in(
        s,
        opaque(Seek::All),
        lend_mut(&mut frames),
    )) {
        let mut search = opaque(search);
        while let Some(Outcome::Exhausted { spent, .. }) = settle(search.run(budget)) {
            keep(spent);
        }
    }
    debug(opaque(SudokuFrame::BLANK));
    // The compact memory: owned, lent, run in slices of any size.
    let mut log = opaque(SudokuLog::new());
    if let Some(search) = settle(SudokuSearch::new_in(s, opaque(Seek::All), &mut log)) {
        let mut search = opaque(search);
        while let Some(Outcome::Exhausted { spent, .. }) = settle(search.run(budget)) {
            keep(spent);
        }
        keep(opaque(search).outcome());
    }
    debug(&log);
    if let Some(search) = settle(SudokuSearch::new_in(
        opaque(s),
        opaque(Seek::Uniqueness),
        opaque(SudokuLog::default()),
    )) {
        let mut search = opaque(search);
        keep(settle(search.run(budget)));
    }
    keep(sudoku_mod::LOG_ENTRIES);
    if let Some(mut choices) = opaque(s).branch() {
        let choice = choices.next();
        debug(choices);
        if let Some(choice) = choice {
            hash(choice);
            probe_puzzle(s, || opaque(choice));
        }
    }
}

/// A sudoku search over a stack of `N` frames, run in slices; the stack
/// lent whole (`as_mut`) too.
fn sudoku_on<const N: usize>(s: Sudoku, mut stack: SudokuStack<N>) {
    debug(&stack);
    keep(stack.as_mut().len());
    let budget = opaque(Budget::new(opaque(1000)));
    if let Some(search) = settle(SudokuSearch::new_in(s, opaque(Seek::All), &mut stack)) {
        let mut search = opaque(search);
        keep(settle(search.run(budget)));
        keep(opaque(search).outcome());
    }
}

fn probe_minesweeper(cell: Cell) {
    // Fields of every capacity of clues from 0 to 3, an odd one, the default.
    minefield_of::<0>(cell);
    minefield_of::<1>(cell);
    minefield_of::<2>(cell);
    minefield_of::<3>(cell);
    minefield_of::<5>(cell);
    let squares = opaque([Tile::Hidden; minesweeper::MAX_SQUARES + 8]);
    let Some(f) = settle(Minefield::new(
        opaque(3),
        opaque(2),
        lend(&squares),
        opaque(Some(2)),
    )) else {
        return;
    };
    let f = opaque(f);
    keep(f.interior());
    for s in f.frontier() {
        keep(s);
    }
    let mut owned = opaque(SurveySearch::new(&f));
    let Ok(outcome) = owned.run(opaque(Budget::new(opaque(1000))));
    keep(opaque(owned).spent());
    hash(&outcome);
    if let Outcome::Done(s) = outcome {
        let s = opaque(s);
        keep((s.layouts(), s.forced(opaque(cell)), s.interior_forced()));
        for c in s.mine_counts() {
            keep(c);
        }
        keep(s);
    }
    let mut frames = opaque([SurveyFrame::BLANK; minesweeper::SURVEY_FRAMES + 8]);
    if let Some(lent) = settle(SurveySearch::new_in(&f, lend_mut(&mut frames))) {
        let mut lent = opaque(lent);
        while let Ok(Outcome::Exhausted { spent, .. }) = lent.run(opaque(Budget::new(3))) {
            keep(spent);
        }
        keep(opaque(lent).spent());
    }
    debug(opaque(SurveyFrame::BLANK));
    debug(opaque(Tile::Number(opaque(3))));
}

/// A `Minefield<CLUES>` read in place and surveyed on lent frames.
fn minefield_of<const CLUES: usize>(cell: Cell) {
    let squares = opaque([Tile::Number(opaque(1)); minesweeper::MAX_SQUARES + 8]);
    let mut field = opaque(Minefield::<CLUES>::EMPTY);
    keep(settle(field.read(
        opaque(4),
        opaque(3),
        lend(&squares),
        opaque(None),
    )));
    let field = opaque(field);
    keep(field.interior());
    for s in field.frontier() {
        keep(s);
    }
    let mut frames = opaque([SurveyFrame::BLANK; 12]);
    if let Some(lent) = settle(SurveySearch::new_in(&field, lend_mut(&mut frames))) {
        let mut lent = opaque(lent);
        if let Ok(Outcome::Done(s)) = lent.run(opaque(Budget::new(100))) {
            keep(opaque(s).forced(opaque(cell)));
        }
        keep(opaque(lent).spent());
    }
    debug(&field);
}

fn probe_snake(cell: Cell) {
    let row_counts = opaque([Some(3u8); 40]);
    let col_counts = opaque([Some(2u8); 40]);
    let Some(s) = settle(Snake::new(
        lend(&row_counts),
        lend(&col_counts),
        opaque(Cell::new(opaque(0), opaque(0))),
        opaque(Cell::new(opaque(0), opaque(3))),
    )) else {
        return;
    };
    let s = opaque(s);
    keep((s.rows(), s.cols(), s.is_body(opaque(cell)), s.length()));
    probe_puzzle(s, || opaque(Cell::new(opaque(0), opaque(1))));
}

/// Every `Puzzle` method called directly (an arbitrary choice included), and
/// both walks run over `root`, owned and lent, at capacity 0 and more, in
/// slices and with a visitor; a breadth-first search moved to a larger queue.
fn probe_puzzle<P, C>(root: P, choice: C)
where
    P: Puzzle + fmt::Debug,
    P::Choice: fmt::Debug,
    P::Choices: fmt::Debug,
    C: Fn() -> P::Choice,
{
    let mut p = opaque(root);
    keep(p.propagate());
    let p = opaque(p);
    if let Some(choices) = p.branch() {
        for c in choices {
            debug(c);
        }
    }
    let mut p = opaque(p);
    keep(p.apply(choice()));
    keep(opaque(p).is_solved());
    keep(p);
    let budget = opaque(Budget::new(opaque(1000)));

    // Depth-first: lent frames of an opaque length; owned stacks of 0 and 8.
    let mut frames = [Frame::new(root); 100];
    let lent = DepthFirst::new_in(opaque(root), opaque(Seek::All), lend_mut(&mut frames));
    let mut lent = opaque(lent);
    while let Some(r) = settle(lent.run_visiting(budget, |p| keep(p))) {
        keep(lent.spent());
        if let Some(found) = r.done() {
            let found = opaque(*found);
            keep((found.count, found.is_unique(), found.map(|p| keep(p))));
        }
        if !r.is_exhausted() {
            break;
        }
    }
    keep(opaque(lent).outcome());
    depth_first::<P, 0>(root);
    depth_first::<P, 1>(root);
    depth_first::<P, 2>(root);
    depth_first::<P, 3>(root);
    depth_first::<P, 5>(root);
    depth_first::<P, 8>(root);

    // Breadth-first: a lent queue of an opaque length; owned queues of 0 to 3 and 5.
    let mut queue = [root; 100];
    let bfs = BreadthFirst::new_in(opaque(root), opaque(Seek::All), lend_mut(&mut queue));
    let mut bfs = opaque(bfs);
    keep(settle(bfs.run_visiting(budget, |p| keep(p))));
    let mut bfs = opaque(bfs);
    keep(settle(bfs.run(budget)));
    let bfs = opaque(bfs);
    keep((bfs.queued(), bfs.spent(), bfs.outcome()));
    breadth_first::<P, 0>(root);
    breadth_first::<P, 1>(root);
    breadth_first::<P, 2>(root);
    breadth_first::<P, 3>(root);
    breadth_first::<P, 5>(root);
}

/// A depth-first walk on an owned stack of `N` frames: run directly, and as a
/// visiting search.
fn depth_first<P: Puzzle + fmt::Debug, const N: usize>(root: P) {
    let budget = opaque(Budget::new(opaque(1000)));
    let owned: DepthFirst<P, [Frame<P>; N]> = DepthFirst::new(opaque(root), opaque(Seek::All));
    let mut owned = opaque(owned);
    keep(settle(owned.run(budget)).map(|r| r.best().is_some()));
    let mut owned = opaque(owned);
    let mut visiting = owned.visiting(|p| keep(p));
    keep(settle(visiting.run(budget)));
    keep(visiting.spent());
    keep(opaque(owned).outcome());
}

/// A breadth-first walk on an owned queue of `N` grids: run, visited, moved
/// to a lent queue of an opaque length, and grown into another.
fn breadth_first<P: Puzzle + fmt::Debug, const N: usize>(root: P) {
    let budget = opaque(Budget::new(opaque(1000)));
    let owned: BreadthFirst<P, [P; N]> = BreadthFirst::new(opaque(root), opaque(Seek::All));
    let mut owned = opaque(owned);
    keep(settle(owned.run(budget)));
    let mut owned = opaque(owned);
    let mut visiting = owned.visiting(|p| keep(p));
    keep(settle(visiting.run(budget)));
    keep(visiting.spent());
    let mut larger = [root; 64];
    let owned = match opaque(owned).move_to(lend_mut(&mut larger)) {
        Ok(moved) => {
            let mut moved = opaque(moved);
            keep(settle(moved.run(budget)));
            keep(opaque(moved).outcome());
            return;
        }
        Err(back) => opaque(back),
    };
    keep(owned.outcome());
    // Grown: the storage handed over comes back as a slice of any length.
    let mut grown = [root; 64];
    if let Some(grown) = settle(owned.grow_with(|old| {
        keep(old);
        lend_mut(&mut grown)
    })) {
        let mut grown = opaque(grown);
        keep(settle(grown.run(budget)));
        keep(opaque(grown).outcome());
    }
}
