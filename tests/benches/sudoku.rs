//! Sudoku throughput (puzzles/s, uniqueness checked) on the sets in
//! `fixtures/sudoku/`: `SudokuSearch` (the band search for 9×9, on one lent
//! stack) in one call and in slices of 16 nodes, against the general search
//! (`Sudoku` itself as the node) in the same run, and a plain backtracker on
//! the first ten easy puzzles.
//!
//! `cargo bench -p plateau-tests --bench sudoku`; criterion prints
//! "thrpt" in elements/s = puzzles/s.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plateau::Budget;
use plateau::grid::{DepthFirst, Frame, Seek, Shape, Sudoku, SudokuSearch, SudokuStack};
use plateau::search::{Outcome, Search};
use plateau_tests::sudoku_set;

/// Solves every puzzle on `stack` (lent to each search in turn), in slices
/// of `slice` nodes; returns how many are unique.
fn unique_count(set: &[Vec<u8>], stack: &mut SudokuStack, slice: Budget) -> usize {
    set.iter()
        .filter(|g| {
            let p = Sudoku::new(Shape::Nine, g).expect("valid givens");
            let Ok(mut search) = SudokuSearch::new_in(p, Seek::Uniqueness, &mut *stack) else {
                return false;
            };
            loop {
                match search.run(slice) {
                    Ok(Outcome::Exhausted { .. }) => {}
                    Ok(Outcome::Done(s)) => break s.is_unique(),
                    _ => break false,
                }
            }
        })
        .count()
}

/// The general search: `Sudoku` as the node of the depth-first engine.
fn general_unique_count(set: &[Vec<u8>], stack: &mut [Frame<Sudoku>]) -> usize {
    set.iter()
        .filter(|g| {
            let p = Sudoku::new(Shape::Nine, g).expect("valid givens");
            let outcome =
                DepthFirst::new_in(p, Seek::Uniqueness, &mut *stack).run(Budget::UNLIMITED);
            matches!(outcome, Ok(Outcome::Done(s)) if s.is_unique())
        })
        .count()
}

/// The baseline: backtracking in cell order with a direct scan of row, column
/// and box, no candidates kept, stopping at the second solution.
fn plain_backtracker(g: &mut [u8; 81], found: &mut u32) {
    let Some(cell) = g.iter().position(|&d| d == 0) else {
        *found += 1;
        return;
    };
    let (r, c) = (cell / 9, cell % 9);
    for d in 1..=9u8 {
        let free = (0..9).all(|k| {
            g[r * 9 + k] != d
                && g[k * 9 + c] != d
                && g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
        });
        if free {
            g[cell] = d;
            plain_backtracker(g, found);
            g[cell] = 0;
            if *found >= 2 {
                return;
            }
        }
    }
}

/// A slice a firmware might run between two ticks of its main loop.
const SLICE: Budget = Budget::new(16);

fn bench(c: &mut Criterion) {
    let mut stack: Box<SudokuStack> = Box::default();
    let root = Sudoku::new(Shape::Nine, &[0; 81]).expect("empty grid");
    let mut general = vec![Frame::new(root); 82];
    for name in ["easy", "hard", "fewest-clues", "famous"] {
        let set = sudoku_set(&format!("{name}.txt"));
        let mut group = c.benchmark_group(format!("sudoku/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .throughput(Throughput::Elements(set.len() as u64));
        group.bench_function("plateau", |b| {
            b.iter(|| assert_eq!(unique_count(&set, &mut stack, Budget::UNLIMITED), set.len()))
        });
        group.bench_function("plateau in slices of 16 nodes", |b| {
            b.iter(|| assert_eq!(unique_count(&set, &mut stack, SLICE), set.len()))
        });
        group.bench_function("general search", |b| {
            b.iter(|| assert_eq!(general_unique_count(&set, &mut general), set.len()))
        });
        group.finish();
        if name == "easy" {
            // The baseline is slow: 10 puzzles are enough to measure it.
            let mut group = c.benchmark_group("sudoku/easy-first-10");
            group
                .sample_size(10)
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(3))
                .throughput(Throughput::Elements(10));
            let first = &set[..10];
            group.bench_function("plateau", |b| {
                b.iter(|| assert_eq!(unique_count(first, &mut stack, Budget::UNLIMITED), 10))
            });
            group.bench_function("plain backtracker", |b| {
                b.iter(|| {
                    for p in first {
                        let mut g = [0u8; 81];
                        g.copy_from_slice(p);
                        let mut found = 0;
                        plain_backtracker(&mut g, &mut found);
                        assert_eq!(found, 1);
                    }
                })
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
