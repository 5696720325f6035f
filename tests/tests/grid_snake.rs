//! Snake: the solver against brute force over every set of cells on small boards.

use std::collections::BTreeSet;

use plateau::Budget;
use plateau::grid::{Cell, DepthFirst, Frame, GridOutcome, Seek, Snake, SnakeError, Strategy as _};
use plateau::search::{Count, Outcome};
use plateau_tests::run_in_slices;
use proptest::prelude::*;

type Cells = BTreeSet<(usize, usize)>;

/// Whether `cells` is a snake from head to tail: a path of side-by-side cells in
/// which two cells k ≥ 2 apart are never side by side, and corner to corner only
/// when k = 2 (a turn). Returns the cells in order, head first.
fn as_snake(
    cells: &Cells,
    head: (usize, usize),
    tail: (usize, usize),
) -> Option<Vec<(usize, usize)>> {
    if !cells.contains(&head) || !cells.contains(&tail) {
        return None;
    }
    let side = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
    let mut path = vec![head];
    let mut seen: Cells = [head].into();
    while *path.last()? != tail {
        let end = *path.last()?;
        let next: Vec<_> = cells
            .iter()
            .filter(|&&c| side(c, end) && !seen.contains(&c))
            .collect();
        if next.len() != 1 {
            return None;
        }
        path.push(*next[0]);
        seen.insert(*next[0]);
    }
    if seen.len() != cells.len() {
        return None;
    }
    for i in 0..path.len() {
        for j in i + 2..path.len() {
            let (a, b) = (path[i], path[j]);
            let touch = a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1;
            if touch && (side(a, b) || j - i > 2) {
                return None;
            }
        }
    }
    Some(path)
}

fn counts_of(cells: &Cells, h: usize, w: usize) -> (Vec<Option<u8>>, Vec<Option<u8>>) {
    (
        (0..h)
            .map(|r| Some(cells.iter().filter(|c| c.0 == r).count() as u8))
            .collect(),
        (0..w)
            .map(|c| Some(cells.iter().filter(|x| x.1 == c).count() as u8))
            .collect(),
    )
}

/// Every set of cells that is a snake from head to tail meeting the counts.
fn brute_force(
    h: usize,
    w: usize,
    rows: &[Option<u8>],
    cols: &[Option<u8>],
    head: (usize, usize),
    tail: (usize, usize),
) -> BTreeSet<Vec<(usize, usize)>> {
    let mut out = BTreeSet::new();
    for bits in 0u32..1 << (h * w) {
        let cells: Cells = (0..h * w)
            .filter(|i| bits >> i & 1 == 1)
            .map(|i| (i / w, i % w))
            .collect();
        let (r, c) = counts_of(&cells, h, w);
        let fits = |got: &[Option<u8>], want: &[Option<u8>]| {
            got.iter().zip(want).all(|(g, w)| w.is_none() || g == w)
        };
        let path = (fits(&r, rows) && fits(&c, cols))
            .then(|| as_snake(&cells, head, tail))
            .flatten();
        out.extend(path);
    }
    out
}

fn solve(
    h: usize,
    w: usize,
    rows: &[Option<u8>],
    cols: &[Option<u8>],
    head: (usize, usize),
    tail: (usize, usize),
    budget: Budget,
) -> (GridOutcome<Snake>, BTreeSet<Vec<(usize, usize)>>) {
    let p = Snake::new(
        rows,
        cols,
        Cell::new(head.0 as u8, head.1 as u8),
        Cell::new(tail.0 as u8, tail.1 as u8),
    )
    .unwrap();
    let stack = vec![Frame::new(p); h * w + 1];
    let mut found = BTreeSet::new();
    let r = DepthFirst::new_in(p, Seek::All, stack)
        .run_visiting(budget, |s| {
            let cells: Cells = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .filter(|&(r, c)| s.is_body(Cell::new(r as u8, c as u8)))
                .collect();
            // Every solution is checked by the independent checker.
            let path = as_snake(&cells, head, tail).expect("a valid snake");
            assert_eq!(s.length(), path.len());
            found.insert(path);
        })
        .unwrap();
    (r, found)
}

/// A puzzle: rows, columns, row counts, column counts, head, tail.
type Puzzle = (
    usize,
    usize,
    Vec<Option<u8>>,
    Vec<Option<u8>>,
    (usize, usize),
    (usize, usize),
);

fn puzzles() -> impl Strategy<Value = Puzzle> {
    (1usize..=4, 1usize..=4, any::<u64>(), any::<u8>()).prop_map(|(h, w, seed, hide)| {
        let n = (h * w) as u64;
        let head = ((seed % n) as usize / w, (seed % n) as usize % w);
        let t = (seed / n) % n;
        let tail = (t as usize / w, t as usize % w);
        // Counts from one snake between head and tail (if any), some hidden.
        let all = brute_force(h, w, &vec![None; h], &vec![None; w], head, tail);
        let pick = all.iter().nth((seed >> 32) as usize % all.len().max(1));
        let cells: Cells = pick
            .map(|p| p.iter().copied().collect())
            .unwrap_or_default();
        let (mut rows, mut cols) = counts_of(&cells, h, w);
        for (k, x) in rows.iter_mut().chain(cols.iter_mut()).enumerate() {
            if hide >> (k % 8) & 1 == 1 && hide > 200 {
                *x = None;
            }
        }
        (h, w, rows, cols, head, tail)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn solver_matches_brute_force((h, w, rows, cols, head, tail) in puzzles()) {
        let want = brute_force(h, w, &rows, &cols, head, tail);
        let (outcome, got) = solve(h, w, &rows, &cols, head, tail, Budget::UNLIMITED);
        match &outcome {
            Outcome::Done(s) => prop_assert_eq!(s.count, Count::exactly(want.len() as u64)),
            Outcome::NoSolution(()) => prop_assert!(want.is_empty()),
            Outcome::Exhausted { .. } => prop_assert!(false, "an unlimited search ran out"),
        }
        prop_assert_eq!(got, want);
        // In slices of 5 nodes: the same answer.
        let at = |(r, c): (usize, usize)| Cell::new(r as u8, c as u8);
        let p = Snake::new(&rows, &cols, at(head), at(tail)).unwrap();
        let mut sliced = DepthFirst::new_in(p, Seek::All, vec![Frame::new(p); h * w + 1]);
        prop_assert_eq!(run_in_slices(&mut sliced, 5).0, outcome);
    }
}

#[test]
fn a_snake_may_turn_but_not_touch() {
    // 2×2, head top left, tail bottom left: going round (a U) would put head and
    // tail side by side, so the only snake is the direct one.
    let (o, found) = solve(
        2,
        2,
        &[None, None],
        &[None, None],
        (0, 0),
        (1, 0),
        Budget::UNLIMITED,
    );
    assert!(matches!(o, Outcome::Done(s) if s.is_unique()));
    assert_eq!(found.into_iter().next().unwrap(), vec![(0, 0), (1, 0)]);
    // 3×3 corner to corner: right, down, down, right (two turns, corners touch).
    let (o, found) = solve(
        3,
        3,
        &[Some(2), Some(1), Some(2)],
        &[Some(1), Some(3), Some(1)],
        (0, 0),
        (2, 2),
        Budget::UNLIMITED,
    );
    assert!(matches!(o, Outcome::Done(s) if s.is_unique()));
    assert_eq!(
        found.into_iter().next().unwrap(),
        vec![(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]
    );
    // The same counts both ways (2, 1, 2) have no snake at all.
    let c = [Some(2), Some(1), Some(2)];
    assert_eq!(
        solve(3, 3, &c, &c, (0, 0), (2, 2), Budget::UNLIMITED).0,
        Outcome::NoSolution(())
    );
}

#[test]
fn errors_and_budget() {
    let corner = Cell::new(0, 0);
    assert_eq!(
        Snake::new(&[], &[Some(1)], corner, corner),
        Err(SnakeError::Empty)
    );
    assert_eq!(
        Snake::new(&[Some(1)], &[Some(1)], corner, Cell::new(1, 0)),
        Err(SnakeError::TailOutsideGrid {
            tail: Cell::new(1, 0)
        })
    );
    assert_eq!(
        Snake::new(&[Some(1)], &[Some(1)], Cell::new(0, 1), corner),
        Err(SnakeError::HeadOutsideGrid {
            head: Cell::new(0, 1)
        })
    );
    assert_eq!(
        Snake::new(&[Some(2)], &[Some(1)], corner, corner),
        Err(SnakeError::RowCountTooLarge { row: 0, count: 2 })
    );
    assert_eq!(
        Snake::new(&[Some(1)], &[None, Some(2)], corner, corner),
        Err(SnakeError::ColCountTooLarge { col: 1, count: 2 })
    );
    assert_eq!(
        Snake::new(&[None; 17], &[None], corner, corner),
        Err(SnakeError::TooLarge { rows: 17, cols: 1 })
    );
    // 10×10 with no counts: a tiny budget is exhausted, not "no snake".
    let (o, _) = solve(
        10,
        10,
        &[None; 10],
        &[None; 10],
        (0, 0),
        (9, 9),
        Budget::new(10),
    );
    assert!(matches!(o, Outcome::Exhausted { spent: 10, .. }));
}
