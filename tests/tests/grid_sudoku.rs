//! Sudoku: every fixture puzzle checked against a second, independent slow
//! solver; several solutions, invalid givens, budgets, 4×4 and 6×6 counts.

use std::collections::BTreeSet;

use plateau::Budget;
use plateau::grid::{
    BreadthFirst, Cell, DepthFirst, Frame, GridOutcome, MemoryError, Seek, Shape, Strategy as _,
    Sudoku, SudokuError, SudokuFrame, SudokuLog, SudokuSearch, SudokuStack,
};
use plateau::search::{Count, Outcome, Search};
use plateau_tests::{run_in_slices, sudoku_set};
use proptest::prelude::*;

fn box_dims(side: usize) -> (usize, usize) {
    match side {
        4 => (2, 2),
        6 => (2, 3),
        _ => (3, 3),
    }
}

/// Checks a complete grid: every unit holds each digit once, and the givens are kept.
fn check_solution(givens: &[u8], grid: &[u8]) {
    let side = (givens.len() as f64).sqrt() as usize;
    let (br, bc) = box_dims(side);
    assert_eq!(grid.len(), givens.len());
    for (g, s) in givens.iter().zip(grid) {
        assert!(*g == 0 || g == s, "a given was changed");
    }
    let want: BTreeSet<u8> = (1..=side as u8).collect();
    for i in 0..side {
        let row: BTreeSet<u8> = (0..side).map(|j| grid[i * side + j]).collect();
        let col: BTreeSet<u8> = (0..side).map(|j| grid[j * side + i]).collect();
        let (r0, c0) = ((i / (side / bc)) * br, (i % (side / bc)) * bc);
        let bx: BTreeSet<u8> = (0..side)
            .map(|j| grid[(r0 + j / bc) * side + c0 + j % bc])
            .collect();
        assert_eq!(row, want, "row {i}");
        assert_eq!(col, want, "column {i}");
        assert_eq!(bx, want, "box {i}");
    }
}

/// The slow reference: plain backtracking, no propagation; at each step it fills
/// the empty cell with the fewest digits allowed by a direct scan of its row,
/// column and box. Returns up to `limit` solutions.
fn slow_solutions(givens: &[u8], limit: usize) -> Vec<Vec<u8>> {
    fn allowed(g: &[u8], side: usize, cell: usize) -> Vec<u8> {
        let (br, bc) = box_dims(side);
        let (r, c) = (cell / side, cell % side);
        (1..=side as u8)
            .filter(|&d| {
                (0..side).all(|k| g[r * side + k] != d && g[k * side + c] != d)
                    && (0..br).all(|i| {
                        (0..bc).all(|j| g[(r / br * br + i) * side + c / bc * bc + j] != d)
                    })
            })
            .collect()
    }
    fn go(g: &mut Vec<u8>, side: usize, limit: usize, out: &mut Vec<Vec<u8>>) {
        if out.len() >= limit {
            return;
        }
        let best = (0..g.len())
            .filter(|&i| g[i] == 0)
            .map(|i| (allowed(g, side, i), i))
            .min_by_key(|(a, _)| a.len());
        let Some((digits, cell)) = best else {
            out.push(g.clone());
            return;
        };
        for d in digits {
            g[cell] = d;
            go(g, side, limit, out);
            g[cell] = 0;
        }
    }
    let side = (givens.len() as f64).sqrt() as usize;
    // Givens that repeat a digit have no solution.
    let mut g = givens.to_vec();
    for i in 0..g.len() {
        if g[i] != 0 {
            let d = g[i];
            g[i] = 0;
            let ok = allowed(&g, side, i).contains(&d);
            g[i] = d;
            if !ok {
                return Vec::new();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut g, side, limit, &mut out);
    out
}

fn shape_of(givens: &[u8]) -> Shape {
    Shape::from_cells(givens.len()).unwrap()
}

/// One search's outcome and the nodes it spent.
#[derive(Debug, Clone, PartialEq)]
struct Run {
    outcome: GridOutcome<Sudoku>,
    steps: u64,
}

impl Run {
    /// The solutions counted (at least, unless complete).
    fn count(&self) -> u64 {
        match &self.outcome {
            Outcome::Done(s) => s.count.at_least,
            Outcome::NoSolution(()) => 0,
            Outcome::Exhausted { best, .. } => best.map_or(0, |s| s.count.at_least),
        }
    }

    /// Whether the whole tree was searched: the count is exact.
    fn is_complete(&self) -> bool {
        match &self.outcome {
            Outcome::Done(s) => s.count.exact,
            Outcome::NoSolution(()) => true,
            Outcome::Exhausted { .. } => false,
        }
    }

    /// The first solution found.
    fn first(&self) -> Option<&Sudoku> {
        match &self.outcome {
            Outcome::Done(s) => Some(&s.first),
            Outcome::NoSolution(()) => None,
            Outcome::Exhausted { best, .. } => best.as_ref().map(|s| &s.first),
        }
    }
}

/// Solves with the entry of the grid's shape (9×9: `SudokuSearch` on a stack
/// of its own; 4×4, 6×6: the general search), seeking `seek`.
fn solve(givens: &[u8], budget: Budget, seek: Seek) -> Result<Run, SudokuError> {
    let puzzle = Sudoku::new(shape_of(givens), givens)?;
    Ok(if puzzle.shape() == Shape::Nine {
        let mut search = SudokuSearch::new(puzzle, seek).unwrap();
        let outcome = search.run(budget).unwrap();
        Run {
            outcome,
            steps: search.spent(),
        }
    } else {
        let mut search = DepthFirst::new_in(puzzle, seek, vec![Frame::new(puzzle); 37]);
        let outcome = search.run(budget).unwrap();
        Run {
            outcome,
            steps: search.spent(),
        }
    })
}

fn grid(s: &Sudoku) -> Vec<u8> {
    s.digits()[..s.shape().cells()].to_vec()
}

/// Solves with plateau and the slow solver; they must agree on the status and solution.
fn agree(givens: &[u8]) -> &'static str {
    let slow = slow_solutions(givens, 2);
    match solve(givens, Budget::UNLIMITED, Seek::Uniqueness) {
        Err(SudokuError::Duplicate { .. }) => {
            assert!(slow.is_empty());
            "none"
        }
        Err(e) => panic!("{e}"),
        Ok(r) => match r.outcome {
            Outcome::NoSolution(()) => {
                assert!(slow.is_empty());
                "none"
            }
            Outcome::Done(s) if s.is_unique() => {
                check_solution(givens, &grid(&s.first));
                assert_eq!(slow, vec![grid(&s.first)]);
                "unique"
            }
            Outcome::Done(s) => {
                assert_eq!(s.count, Count::at_least(2), "stopped at the second");
                check_solution(givens, &grid(&s.first));
                assert_eq!(slow.len(), 2);
                "multiple"
            }
            Outcome::Exhausted { .. } => panic!("no budget was set"),
        },
    }
}

#[test]
fn famous_puzzles_are_unique_for_both_solvers() {
    let set = sudoku_set("famous.txt");
    assert_eq!(set.len(), 7);
    for p in &set {
        assert_eq!(agree(p), "unique");
    }
}

#[test]
fn benchmark_sets_are_unique_for_both_solvers() {
    for name in ["easy.txt", "hard.txt", "fewest-clues.txt"] {
        let set = sudoku_set(name);
        assert_eq!(set.len(), 200, "{name}");
        // Every puzzle is unique with a valid solution; the slow solver confirms
        // a sample (it takes milliseconds per puzzle).
        for (i, p) in set.iter().enumerate() {
            if i % 8 == 0 {
                assert_eq!(agree(p), "unique", "{name}");
            } else {
                let r = solve(p, Budget::UNLIMITED, Seek::Uniqueness).unwrap();
                let Outcome::Done(s) = r.outcome else {
                    panic!("{name}: no solution")
                };
                assert!(s.is_unique(), "{name}: not unique");
                check_solution(p, &grid(&s.first));
            }
        }
    }
    // The easy set needs no guess, the hard set much search.
    for p in sudoku_set("easy.txt") {
        assert_eq!(
            solve(&p, Budget::UNLIMITED, Seek::Uniqueness)
                .unwrap()
                .steps,
            1
        );
    }
    // (The sets were chosen with the general search; the 9×9 search propagates
    // more and guesses better, so a hard puzzle may now take only a few guesses.)
    let hard: Vec<u64> = sudoku_set("hard.txt")
        .iter()
        .map(|p| solve(p, Budget::UNLIMITED, Seek::Uniqueness).unwrap().steps)
        .collect();
    assert!(hard.iter().all(|&s| s > 1));
    assert!(hard.iter().sum::<u64>() > 5 * hard.len() as u64);
    let fewest = sudoku_set("fewest-clues.txt");
    assert!(
        fewest
            .iter()
            .all(|p| p.iter().filter(|&&d| d != 0).count() <= 23)
    );
}

#[test]
fn a_clue_less_makes_several_solutions() {
    for p in sudoku_set("hard.txt").iter().take(40) {
        // The hard puzzles are minimal: without any one clue they have several solutions.
        let i = p.iter().position(|&d| d != 0).unwrap();
        let mut q = p.clone();
        q[i] = 0;
        assert_eq!(agree(&q), "multiple");
    }
    assert_eq!(agree(&[0; 81]), "multiple");
}

#[test]
fn duplicates_are_none_with_the_reason() {
    let mut g = sudoku_set("famous.txt")[3].clone();
    assert_eq!(g[0], 8);
    g[8] = 8; // a second 8 in row 1
    assert_eq!(
        Sudoku::new(Shape::Nine, &g),
        Err(SudokuError::Duplicate {
            digit: 8,
            first: Cell::new(0, 0),
            second: Cell::new(0, 8)
        })
    );
    assert_eq!(agree(&g), "none");
    let mut g = [0u8; 81];
    g[10] = 4;
    g[20] = 4; // the same box
    assert_eq!(
        Sudoku::new(Shape::Nine, &g),
        Err(SudokuError::Duplicate {
            digit: 4,
            first: Cell::new(1, 1),
            second: Cell::new(2, 2)
        })
    );
    g[20] = 0;
    g[73] = 4; // the same column
    assert!(matches!(
        Sudoku::new(Shape::Nine, &g),
        Err(SudokuError::Duplicate { .. })
    ));
    assert_eq!(
        Sudoku::new(Shape::Nine, &[0; 80]),
        Err(SudokuError::WrongLength {
            shape: Shape::Nine,
            len: 80
        })
    );
    let mut g = [0u8; 16];
    g[3] = 5;
    assert_eq!(
        Sudoku::new(Shape::Four, &g),
        Err(SudokuError::DigitTooLarge {
            cell: Cell::new(0, 3),
            digit: 5
        })
    );
}

#[test]
fn no_candidate_left_is_none() {
    // Row 1 holds 1..8, column 1 a 9: the top left cell has no digit left.
    let mut g = [0u8; 81];
    for (i, d) in (1..=8).enumerate() {
        g[i + 1] = d;
    }
    g[27] = 9;
    let r = solve(&g, Budget::UNLIMITED, Seek::Uniqueness).unwrap();
    assert_eq!(r.outcome, Outcome::NoSolution(()));
    assert!(r.is_complete());
    assert_eq!(agree(&g), "none");
}

#[test]
fn a_tiny_budget_is_not_no_solution() {
    let p = &sudoku_set("famous.txt")[0];
    let r = solve(p, Budget::new(2), Seek::Uniqueness).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Exhausted {
            best: None,
            spent: 2
        }
    );
    assert!(!r.is_complete());
}

#[test]
fn four_by_four_has_288_grids_both_ways() {
    let p = Sudoku::new(Shape::Four, &[0; 16]).unwrap();
    let mut dfs = BTreeSet::new();
    let r = DepthFirst::new_in(p, Seek::All, [Frame::new(p); 17])
        .run_visiting(Budget::UNLIMITED, |s| {
            dfs.insert(grid(s));
        })
        .unwrap();
    assert!(matches!(r, Outcome::Done(s) if s.count == Count::exactly(288)));
    let mut bfs = BTreeSet::new();
    let r = BreadthFirst::new_in(p, Seek::All, vec![p; 1000])
        .run_visiting(Budget::UNLIMITED, |s| {
            bfs.insert(grid(s));
        })
        .unwrap();
    assert!(matches!(r, Outcome::Done(s) if s.count == Count::exactly(288)));
    assert_eq!(dfs.len(), 288);
    assert_eq!(dfs, bfs);
    for g in &dfs {
        check_solution(&[0; 16], g);
    }
}

#[test]
fn six_by_six_has_28_200_960_grids() {
    // Fixing the first row to 123456 leaves 1/720 of the grids (relabel the digits).
    let mut givens = [0u8; 36];
    for (i, d) in (1..=6).enumerate() {
        givens[i] = d;
    }
    let r = solve(&givens, Budget::UNLIMITED, Seek::All).unwrap();
    assert!(r.is_complete());
    assert_eq!(r.count() * 720, 28_200_960);
}

/// A random complete 9×9 or 4×4 grid with random cells blanked.
fn puzzles() -> impl Strategy<Value = Vec<u8>> {
    (
        prop_oneof![Just(4usize), Just(9usize)],
        any::<u64>(),
        0.3f64..0.8,
    )
        .prop_map(|(side, seed, blank)| {
            let mut rng = seed | 1;
            let mut next = move || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            // Solve the empty grid from a random prefix of digits to get a random grid.
            let mut g = vec![0u8; side * side];
            for _ in 0..side {
                let cell = (next() % g.len() as u64) as usize;
                g[cell] = (next() % side as u64) as u8 + 1;
                if slow_solutions(&g, 1).is_empty() {
                    g[cell] = 0;
                }
            }
            let mut full = slow_solutions(&g, 1).pop().unwrap();
            for cell in full.iter_mut() {
                if (next() % 1000) as f64 / 1000.0 < blank {
                    *cell = 0;
                }
            }
            full
        })
}

proptest! {
    // A fixed seed: the slow reference has no propagation, and a random puzzle
    // without a solution can take it minutes to exhaust; these cases are known fast.
    #![proptest_config(ProptestConfig {
        cases: 200,
        rng_seed: proptest::test_runner::RngSeed::Fixed(2026),
        ..ProptestConfig::default()
    })]
    #[test]
    fn random_puzzles_agree_with_the_slow_solver(p in puzzles()) {
        agree(&p);
    }
}

/// Solves a 9×9 grid with the general search (`Sudoku` as the node), not the
/// band search `SudokuSearch` picks for 9×9.
fn general(givens: &[u8], budget: Budget, seek: Seek) -> Run {
    let p = Sudoku::new(Shape::Nine, givens).unwrap();
    let mut search = DepthFirst::new_in(p, seek, vec![Frame::new(p); 82]);
    let outcome = search.run(budget).unwrap();
    Run {
        outcome,
        steps: search.spent(),
    }
}

/// Solves a 9×9 grid with the entry on a lent stack, in slices of 7 nodes.
fn on_lent_stack(givens: &[u8], seek: Seek) -> Run {
    let mut stack = vec![SudokuFrame::BLANK; 82];
    let p = Sudoku::new(Shape::Nine, givens).unwrap();
    let mut search = SudokuSearch::new_in(p, seek, &mut stack[..]).unwrap();
    let (outcome, _) = run_in_slices(&mut search, 7);
    Run {
        outcome,
        steps: search.spent(),
    }
}

/// The outcome's kind, count and first solution, to compare two searches.
fn summary(r: &Run) -> (&'static str, u64, Option<Vec<u8>>) {
    let kind = match &r.outcome {
        Outcome::NoSolution(()) => "none",
        Outcome::Done(s) if s.is_unique() => "unique",
        Outcome::Done(_) => "multiple",
        Outcome::Exhausted { .. } => "exhausted",
    };
    (kind, r.count(), r.first().map(grid))
}

#[test]
fn band_search_agrees_with_the_general_search_on_every_set() {
    for name in ["easy.txt", "hard.txt", "fewest-clues.txt", "famous.txt"] {
        for p in sudoku_set(name) {
            let fast = solve(&p, Budget::UNLIMITED, Seek::Uniqueness).unwrap();
            let slow = general(&p, Budget::UNLIMITED, Seek::Uniqueness);
            assert_eq!(summary(&fast), summary(&slow), "{name}");
            let lent = on_lent_stack(&p, Seek::Uniqueness);
            assert_eq!(fast, lent, "{name}");
            assert!(
                matches!(fast.outcome, Outcome::Done(s) if s.is_unique()),
                "{name}"
            );
            check_solution(&p, &grid(fast.first().unwrap()));
        }
    }
    // Several solutions: the same count (all of them, up to 200) both ways.
    for p in sudoku_set("hard.txt").iter().take(30) {
        let mut q = p.clone();
        for cell in q.iter_mut().filter(|d| **d != 0).take(2) {
            *cell = 0;
        }
        let fast = solve(&q, Budget::UNLIMITED, Seek::UpTo(200)).unwrap();
        let slow = general(&q, Budget::UNLIMITED, Seek::UpTo(200));
        assert_eq!(fast.count(), slow.count());
        assert_eq!(fast.is_complete(), slow.is_complete());
        assert!(fast.count() >= 2);
    }
}

#[test]
fn band_search_on_a_lent_stack_counts_what_the_general_search_counts() {
    // (Depth- against breadth-first on the band node: a unit test of
    // core/src/grid/sudoku/bands.rs, the node being crate-private.)
    let famous = sudoku_set("famous.txt");
    let mut puzzles = vec![famous[0].clone()];
    for p in famous.iter().take(4) {
        // Two clues fewer: several solutions.
        let mut q = p.clone();
        for cell in q.iter_mut().filter(|d| **d != 0).take(2) {
            *cell = 0;
        }
        puzzles.push(q);
    }
    for p in &puzzles {
        let lent = on_lent_stack(p, Seek::All);
        assert!(lent.is_complete());
        assert_eq!(lent, solve(p, Budget::UNLIMITED, Seek::All).unwrap());
        check_solution(p, &grid(lent.first().unwrap()));
        assert_eq!(
            general(p, Budget::UNLIMITED, Seek::All).count(),
            lent.count()
        );
    }
    // A stack too short for the search is an error, never a wrong answer,
    // and the search stays failed.
    let mut short = SudokuStack::<1>::new();
    let p = Sudoku::new(Shape::Nine, &[0; 81]).unwrap();
    let mut search = SudokuSearch::new_in(p, Seek::Uniqueness, &mut short).unwrap();
    let failed = Err(MemoryError::StackFull { frames: 1 });
    assert_eq!(search.run(Budget::UNLIMITED), failed);
    assert_eq!(search.run(Budget::UNLIMITED), failed);
    // The band frames serve 9×9 grids: the smaller shapes go to the general search.
    for (shape, cells) in [(Shape::Four, 16), (Shape::Six, 36)] {
        let p = Sudoku::new(shape, &vec![0; cells]).unwrap();
        assert_eq!(
            SudokuSearch::new_in(p, Seek::Uniqueness, &mut short).err(),
            Some(MemoryError::WrongShape { cells })
        );
    }
}

#[test]
fn one_stack_serves_search_after_search() {
    // The same lent frames for several puzzles in turn: each answers as on a
    // stack of its own.
    let mut stack = SudokuStack::<40>::new();
    for p in sudoku_set("famous.txt")
        .iter()
        .chain(&sudoku_set("hard.txt")[..20])
    {
        let puzzle = Sudoku::new(Shape::Nine, p).unwrap();
        let outcome = SudokuSearch::new_in(puzzle, Seek::UpTo(50), &mut stack)
            .unwrap()
            .run(Budget::UNLIMITED)
            .unwrap();
        assert_eq!(
            outcome,
            solve(p, Budget::UNLIMITED, Seek::UpTo(50)).unwrap().outcome
        );
    }
}

#[test]
fn band_search_tells_broken_grids_and_budgets() {
    let mixed = sudoku_set("mixed.txt");
    let statuses: Vec<&str> = mixed
        .iter()
        .filter(|p| p.len() == 81)
        .map(|p| agree(p))
        .collect();
    assert_eq!(statuses, ["unique", "multiple", "none", "none"]);
    // Every budget below what the search needs is reported as exhausted, never
    // as no solution, and the step count never passes the budget.
    let famous = sudoku_set("famous.txt");
    let (need, p) = famous
        .iter()
        .map(|p| {
            (
                solve(p, Budget::UNLIMITED, Seek::Uniqueness).unwrap().steps,
                p,
            )
        })
        .max()
        .unwrap();
    assert!(need > 3);
    for budget in 0..need {
        let r = solve(p, Budget::new(budget), Seek::Uniqueness).unwrap();
        assert!(!r.is_complete());
        assert!(r.steps <= budget);
        assert!(matches!(r.outcome, Outcome::Exhausted { spent, .. } if spent == r.steps));
    }
    // Cut into slices of every size up to `need`, the search gives the one
    // call's answer and spends the one call's nodes.
    let whole = solve(p, Budget::UNLIMITED, Seek::Uniqueness).unwrap();
    for slice in 1..=need {
        let puzzle = Sudoku::new(Shape::Nine, p).unwrap();
        let mut search = SudokuSearch::new(puzzle, Seek::Uniqueness).unwrap();
        let (outcome, _) = run_in_slices(&mut search, slice);
        assert_eq!(
            Run {
                outcome,
                steps: search.spent()
            },
            whole,
            "slice {slice}"
        );
    }
}

/// A random 9×9 puzzle (a random complete grid with cells blanked), half the
/// time with one given changed to a digit its units lack (often leaving no
/// solution).
fn nine_by_nine() -> impl Strategy<Value = Vec<u8>> {
    (
        puzzles().prop_filter("9×9", |p| p.len() == 81),
        any::<bool>(),
        0usize..81,
        1u8..=9,
    )
        .prop_map(|(mut g, change, at, d)| {
            let cell = (0..81).map(|k| (at + k) % 81).find(|&c| g[c] != 0);
            // Only on well-filled grids: proving that a sparse grid has no
            // solution takes the slow solver too long.
            let givens = g.iter().filter(|&&d| d != 0).count();
            if let (true, Some(cell), true) = (change, cell, givens >= 30) {
                let old = g[cell];
                g[cell] = d;
                if Sudoku::new(Shape::Nine, &g).is_err() {
                    g[cell] = old;
                }
            }
            g
        })
}

proptest! {
    // A fixed seed: the slow reference has no propagation, and a random puzzle
    // without a solution can take it minutes to exhaust; these cases are known fast.
    #![proptest_config(ProptestConfig {
        cases: 150,
        rng_seed: proptest::test_runner::RngSeed::Fixed(2026),
        ..ProptestConfig::default()
    })]
    #[test]
    fn band_search_agrees_with_the_slow_solver(p in nine_by_nine()) {
        // Status and solution against the slow solver, and up to 3 solutions
        // counted against it and against the general search.
        let slow = slow_solutions(&p, 3);
        let fast = solve(&p, Budget::UNLIMITED, Seek::Uniqueness).unwrap();
        match (&fast.outcome, slow.len()) {
            (Outcome::NoSolution(()), 0) => {}
            (Outcome::Done(s), 1) if s.is_unique() => prop_assert_eq!(&grid(&s.first), &slow[0]),
            (Outcome::Done(s), n) if n >= 2 && s.count == Count::at_least(2) => check_solution(&p, &grid(&s.first)),
            (other, n) => prop_assert!(false, "{other:?} but {n} slow solutions"),
        }
        let fast = solve(&p, Budget::UNLIMITED, Seek::UpTo(3)).unwrap();
        prop_assert_eq!(fast.count() as usize, slow.len());
        let general = general(&p, Budget::UNLIMITED, Seek::UpTo(3));
        prop_assert_eq!(fast.count(), general.count());
        prop_assert_eq!(fast, on_lent_stack(&p, Seek::UpTo(3)));
    }
}

/// Solves a 9×9 grid on the compact memory (one grid and an undo log), in
/// slices of `slice` nodes.
fn on_log(givens: &[u8], seek: Seek, slice: u64) -> Run {
    let mut log = Box::new(SudokuLog::new());
    let p = Sudoku::new(Shape::Nine, givens).unwrap();
    let mut search = SudokuSearch::new_in(p, seek, &mut *log).unwrap();
    let (outcome, _) = run_in_slices(&mut search, slice);
    Run {
        outcome,
        steps: search.spent(),
    }
}

/// The compact memory (an undo log instead of a grid per level) searches
/// the same nodes in the same order as frames: the same answer, the same
/// steps, on every set and counted to the end on open grids.
#[test]
fn the_undo_log_searches_what_the_frames_search() {
    for name in [
        "easy.txt",
        "hard.txt",
        "fewest-clues.txt",
        "famous.txt",
        "mixed.txt",
    ] {
        let valid = |p: &&Vec<u8>| Sudoku::new(Shape::Nine, p).is_ok();
        for p in sudoku_set(name).iter().filter(valid) {
            for seek in [Seek::Uniqueness, Seek::UpTo(7)] {
                let frames = on_lent_stack(p, seek);
                assert_eq!(on_log(p, seek, 5), frames, "{name}");
                assert_eq!(on_log(p, seek, u64::MAX / 4), frames, "{name}");
            }
        }
    }
    // An open grid, every solution counted (Inkala's less two givens: 32,928
    // solutions): a deep search, many levels undone.
    let open = b"8..........3.......7..9.2.......7.......457.....1...3...1....68..85...1..9....4..";
    let g: Vec<u8> = open
        .iter()
        .map(|&c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    let frames = on_lent_stack(&g, Seek::All);
    assert_eq!(frames.count(), 32_928);
    assert_eq!(on_log(&g, Seek::All, 13), frames);
    let blank = [0u8; 81];
    assert_eq!(
        on_log(&blank, Seek::UpTo(3000), 101),
        on_lent_stack(&blank, Seek::UpTo(3000))
    );
}

/// Random grids near the sets' (each set's puzzles less a few random
/// givens, so that some have many solutions and deep searches), every
/// solution up to 20: the log searches what the frames search, in slices
/// of random sizes.
#[test]
fn the_undo_log_agrees_with_the_frames_on_random_grids() {
    let mut rng = plateau::rng::SplitMix64::new(2041);
    let mut tried = 0;
    for name in ["easy.txt", "hard.txt", "fewest-clues.txt"] {
        for p in sudoku_set(name) {
            for _ in 0..3 {
                let mut g = p.clone();
                for _ in 0..rng.below(12) {
                    g[rng.below(81)] = 0;
                }
                let slice = 1 + rng.below(40) as u64;
                assert_eq!(
                    on_log(&g, Seek::UpTo(20), slice),
                    on_lent_stack(&g, Seek::UpTo(20)),
                    "{name}, slices of {slice}"
                );
                tried += 1;
            }
        }
    }
    assert!(tried >= 100, "{tried} grids");
}

/// Any grid fits the log: its memory is within 6 KiB with the search itself.
#[test]
fn the_undo_log_fits_in_six_kibibytes() {
    let memory =
        std::mem::size_of::<SudokuLog>() + std::mem::size_of::<SudokuSearch<&mut SudokuLog>>();
    assert!(memory <= 6 * 1024, "{memory} bytes");
}
