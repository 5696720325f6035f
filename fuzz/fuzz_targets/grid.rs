//! Grid puzzles on any input: a sudoku solution keeps the givens and is a valid
//! grid, "none" is only said after the whole tree, slices of any size answer as
//! one call; margins counts equal a brute force over every grid on boards up to
//! 3×4, for both strategies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::Budget;
use plateau::grid::{
    BreadthFirst, DepthFirst, Frame, Margins, Seek, Shape, Sudoku, SudokuSearch, SudokuStack,
};
use plateau::search::{Count, Outcome, Search};

fn valid_sudoku(d: &[u8; 81]) -> bool {
    let unit_ok = |cells: [usize; 9]| {
        let mut seen = 0u16;
        cells.iter().all(|&c| {
            let bit = 1u16 << d[c];
            let fresh = (1..=9).contains(&d[c]) && seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    (0..9).all(|i| {
        unit_ok(std::array::from_fn(|k| i * 9 + k))
            && unit_ok(std::array::from_fn(|k| k * 9 + i))
            && unit_ok(std::array::from_fn(|k| {
                (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3
            }))
    })
}

fn brute_margins(rows: &[u8], cols: &[u8]) -> u64 {
    let (r, c) = (rows.len(), cols.len());
    (0u32..1 << (r * c))
        .filter(|g| {
            (0..r).all(|i| {
                (0..c).filter(|j| g >> (i * c + j) & 1 == 1).count() == usize::from(rows[i])
            }) && (0..c).all(|j| {
                (0..r).filter(|i| g >> (i * c + j) & 1 == 1).count() == usize::from(cols[j])
            })
        })
        .count() as u64
}

fuzz_target!(|data: ([u8; 81], u8, Vec<u8>, Vec<u8>, u16, u8)| {
    let (cells, clues, rows, cols, budget, slice) = data;
    // Sudoku: keep about `clues` givens so that the grids are neither empty nor full.
    let mut givens = [0u8; 81];
    for (i, (g, c)) in givens.iter_mut().zip(cells).enumerate() {
        if (i as u8).wrapping_mul(37) % 81 < clues % 40 {
            *g = c % 10;
        }
    }
    if let Ok(s) = Sudoku::new(Shape::Nine, &givens) {
        let budget = Budget::new(u64::from(budget));
        let mut search = SudokuSearch::new(s, Seek::Uniqueness).unwrap();
        let outcome = search.run(budget).unwrap();
        // On a lent stack, in slices that add up to the budget: the same.
        let mut stack = Box::new(SudokuStack::<82>::new());
        let mut sliced = SudokuSearch::new_in(s, Seek::Uniqueness, &mut *stack).unwrap();
        let slice = u64::from(slice).max(1);
        let mut left = budget.get();
        let cut = loop {
            let o = sliced.run(Budget::new(slice.min(left))).unwrap();
            left -= slice.min(left);
            if !o.is_exhausted() || left == 0 {
                break o;
            }
        };
        assert_eq!(cut, outcome);
        assert_eq!(sliced.spent(), search.spent());
        let first = match &outcome {
            Outcome::Done(found) => Some(&found.first),
            Outcome::Exhausted { best, .. } => best.as_ref().map(|found| &found.first),
            Outcome::NoSolution(()) => None,
        };
        if let Some(first) = first {
            let d = first.digits();
            assert!(valid_sudoku(&d), "{givens:?}");
            assert!(givens.iter().zip(&d).all(|(&g, &x)| g == 0 || g == x));
        }
        // A count is never presented as exact unless the whole tree was searched.
        match outcome {
            Outcome::NoSolution(()) => assert!(search.spent() <= budget.get()),
            Outcome::Done(found) => {
                assert!(found.count == Count::exactly(1) || found.count == Count::at_least(2))
            }
            Outcome::Exhausted { spent, .. } => assert_eq!(spent, budget.get()),
        }
    }
    // Margins on small boards: both strategies against brute force.
    let rows: Vec<u8> = rows.iter().take(3).map(|x| x % 5).collect();
    let cols: Vec<u8> = cols.iter().take(4).map(|x| x % 4).collect();
    if rows.is_empty() || cols.is_empty() {
        return;
    }
    let Ok(m) = Margins::new(&rows, &cols) else {
        return;
    };
    let expected = brute_margins(&rows, &cols);
    let count = |o: Outcome<_, (), _>| match o {
        Outcome::Done(found) => {
            let found: plateau::grid::Solutions<Margins> = found;
            found.count
        }
        Outcome::NoSolution(()) => Count::exactly(0),
        Outcome::Exhausted { .. } => panic!("no budget was set"),
    };
    let dfs = DepthFirst::new_in(m, Seek::All, [Frame::new(m); 13])
        .run(Budget::UNLIMITED)
        .unwrap();
    let bfs = BreadthFirst::new_in(m, Seek::All, vec![m; 4096])
        .run(Budget::UNLIMITED)
        .unwrap();
    assert_eq!(count(dfs), Count::exactly(expected), "{rows:?} {cols:?}");
    assert_eq!(count(bfs), Count::exactly(expected), "{rows:?} {cols:?}");
});
