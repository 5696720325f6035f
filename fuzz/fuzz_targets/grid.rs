//! Grid puzzles on any input: a sudoku solution keeps the givens and is a valid
//! grid, "none" is only said after the whole tree; margins counts equal a brute
//! force over every grid on boards up to 3×4, for both strategies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::Budget;
use plateau::grid::{
    BreadthFirst, Count, DepthFirst, Frame, Margins, Outcome, Shape, Strategy, Sudoku, SudokuStack,
};

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

fuzz_target!(|data: ([u8; 81], u8, Vec<u8>, Vec<u8>, u16)| {
    let (cells, clues, rows, cols, budget) = data;
    // Sudoku: keep about `clues` givens so that the grids are neither empty nor full.
    let mut givens = [0u8; 81];
    for (i, (g, c)) in givens.iter_mut().zip(cells).enumerate() {
        if (i as u8).wrapping_mul(37) % 81 < clues % 40 {
            *g = c % 10;
        }
    }
    if let Ok(s) = Sudoku::new(Shape::Nine, &givens) {
        let budget = Budget::new(u64::from(budget));
        let report = s.solve(budget, Count::Uniqueness).unwrap();
        // The lent stack answers exactly as the owned one.
        let mut stack = Box::new(SudokuStack::<82>::new());
        assert_eq!(
            s.solve_on(&mut stack, budget, Count::Uniqueness),
            Ok(report)
        );
        if let Some(first) = report.outcome.first() {
            let d = first.digits();
            assert!(valid_sudoku(&d), "{givens:?}");
            assert!(givens.iter().zip(&d).all(|(&g, &x)| g == 0 || g == x));
        }
        // A count is never presented as exact unless the whole tree was searched.
        match report.outcome {
            Outcome::NoSolution | Outcome::Unique(_) => assert!(report.steps <= budget.get()),
            Outcome::Multiple { count, .. } => assert_eq!(count, 2),
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
    let mut frames = [Frame::new(m); 13];
    let dfs = DepthFirst::new(&mut frames)
        .run(m, Budget::UNLIMITED, Count::All, |_| {})
        .unwrap();
    let mut queue = vec![m; 4096];
    let bfs = BreadthFirst::new(&mut queue)
        .run(m, Budget::UNLIMITED, Count::All, |_| {})
        .unwrap();
    assert!(dfs.outcome.is_complete() && bfs.outcome.is_complete());
    assert_eq!(dfs.outcome.count(), expected, "{rows:?} {cols:?}");
    assert_eq!(bfs.outcome.count(), expected, "{rows:?} {cols:?}");
});
