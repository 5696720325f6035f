//! plateau's 9×9 answers next to the `sudoku` crate's (crates.io, a port of
//! JCZSolve; a dev-dependency of the tests and benches only, never of the
//! core or the CLI). Shared by `benches/sudoku_crate.rs` and
//! `tests/grid_sudoku_crate.rs` (through `#[path]`: not a target of its own).

use plateau::Budget;
use plateau::grid::{Seek, Shape, Sudoku, SudokuSearch, SudokuStack};
use plateau::search::{Outcome, Search};
use plateau_tests::sudoku_set;

/// The fixture sets of `fixtures/sudoku/` that are compared.
pub const SETS: [&str; 4] = ["easy", "hard", "fewest-clues", "famous"];

/// How many solutions, up to two, and the solution if it is unique.
pub type Answer = (u8, Option<[u8; 81]>);

thread_local! {
    /// The stack lent to every search of this thread in turn, as a firmware
    /// lends one `static`: no frame is set up per puzzle.
    static STACK: std::cell::RefCell<SudokuStack> = const { std::cell::RefCell::new(SudokuStack::new()) };
}

/// Returns plateau's answer (no solution for givens that break a rule).
pub fn plateau_answer(givens: &[u8; 81]) -> Answer {
    let Ok(p) = Sudoku::new(Shape::Nine, givens) else {
        return (0, None);
    };
    let outcome = STACK.with_borrow_mut(|stack| {
        SudokuSearch::new_in(p, Seek::Uniqueness, stack).and_then(|mut s| s.run(Budget::UNLIMITED))
    });
    match outcome {
        Ok(Outcome::NoSolution(())) => (0, None),
        Ok(Outcome::Done(s)) if s.is_unique() => (1, Some(s.first.digits())),
        Ok(Outcome::Done(_)) => (2, None),
        other => panic!("no budget was set, yet: {other:?}"),
    }
}

/// Returns the crate's answer: it counts solutions up to 2 and keeps the first.
pub fn crate_answer(givens: &[u8; 81]) -> Answer {
    let s = sudoku::Sudoku::from_bytes(*givens).expect("digits 0..=9");
    let mut buf = [[0u8; 81]];
    match s.solutions_up_to_buffer(&mut buf, 2) {
        0 => (0, None),
        1 => (1, Some(buf[0])),
        _ => (2, None),
    }
}

/// Reads a set of `fixtures/sudoku/`.
pub fn load(name: &str) -> Vec<[u8; 81]> {
    sudoku_set(&format!("{name}.txt"))
        .iter()
        .map(|g| g.as_slice().try_into().expect("81 cells"))
        .collect()
}

/// Returns the digits a blank cell may take by a direct scan of its row,
/// column and box (so a variant with it added keeps the rules).
fn allowed(g: &[u8; 81], cell: usize) -> Vec<u8> {
    let (r, c) = (cell / 9, cell % 9);
    let (r0, c0) = (r / 3 * 3, c / 3 * 3);
    (1..=9)
        .filter(|&d| {
            (0..9).all(|k| {
                g[r * 9 + k] != d && g[k * 9 + c] != d && g[(r0 + k / 3) * 9 + c0 + k % 3] != d
            })
        })
        .collect()
}

/// Answers both solvers agreed on, by kind: `[none, unique, several]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// The fixture puzzles as given.
    pub puzzles: [usize; 3],
    /// Variants with one given removed.
    pub removed: [usize; 3],
    /// Variants with one digit added.
    pub added: [usize; 3],
}

impl Agreement {
    /// Returns the variants' counts, `[none, unique, several]`.
    pub fn variants(&self) -> [usize; 3] {
        core::array::from_fn(|k| self.removed[k] + self.added[k])
    }
}

/// Compares both solvers on every puzzle of [`SETS`] and on variants of each:
/// every given removed in turn (often several solutions), and a digit added in
/// every blank cell in turn (often none), each digit one that its row, column
/// and box allow, cycling through them so that some keep the solution's digit.
/// Panics at the first answer that differs (count or grid); returns the counts.
pub fn compare_all() -> Agreement {
    let mut a = Agreement::default();
    for name in SETS {
        for (i, g) in load(name).iter().enumerate() {
            let compare = |v: &[u8; 81], tally: &mut [usize; 3], what: &dyn Fn() -> String| {
                let (ours, theirs) = (plateau_answer(v), crate_answer(v));
                assert_eq!(
                    ours,
                    theirs,
                    "{name}.txt puzzle {i}, {}: the answers differ",
                    what()
                );
                tally[usize::from(ours.0)] += 1;
            };
            compare(g, &mut a.puzzles, &|| "as given".into());
            let mut blanks = 0usize;
            for cell in 0..81 {
                let mut v = *g;
                if g[cell] != 0 {
                    v[cell] = 0;
                    compare(&v, &mut a.removed, &|| format!("cell {cell} removed"));
                } else {
                    let ds = allowed(g, cell);
                    v[cell] = ds[(blanks + i) % ds.len()];
                    blanks += 1;
                    let d = v[cell];
                    compare(&v, &mut a.added, &|| format!("{d} added in cell {cell}"));
                }
            }
        }
    }
    a
}
