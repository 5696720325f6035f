//! Margins (row/column counts): the counts of SPEC §5, breadth-first against
//! depth-first, Gale–Ryser against brute force, every solution checked.

use std::collections::BTreeSet;

use plateau::Budget;
use plateau::grid::{
    BreadthFirst, DepthFirst, Frame, GridOutcome, Margins, MemoryError, Seek, Strategy as _,
};
use plateau::search::{Count, Outcome, Search};
use plateau_tests::run_in_slices;
use proptest::prelude::*;

/// A grid as rows of black-cell bit sets.
type Grid = Vec<u16>;

fn grid_of(m: &Margins) -> Grid {
    (0..m.rows()).map(|r| m.black_row(r)).collect()
}

/// Checks a grid against the counts, independently of the solver.
fn check(rows: &[u8], cols: &[u8], g: &Grid) {
    assert_eq!(g.len(), rows.len());
    for (r, &bits) in g.iter().enumerate() {
        assert_eq!(u32::from(bits) >> cols.len(), 0, "cell outside the grid");
        assert_eq!(bits.count_ones(), u32::from(rows[r]), "row {r}");
    }
    for (c, &want) in cols.iter().enumerate() {
        let n = g.iter().filter(|&&b| b >> c & 1 == 1).count();
        assert_eq!(n, usize::from(want), "column {c}");
    }
}

/// Searches depth-first within `budget`; returns the outcome, the nodes
/// spent and every solution visited.
fn dfs(
    rows: &[u8],
    cols: &[u8],
    budget: Budget,
    seek: Seek,
) -> (GridOutcome<Margins>, u64, Vec<Grid>) {
    let p = Margins::new(rows, cols).unwrap();
    let stack = vec![Frame::new(p); rows.len() * cols.len() + 1];
    let mut search = DepthFirst::new_in(p, seek, stack);
    let mut all = Vec::new();
    let r = search
        .run_visiting(budget, |s| all.push(grid_of(s)))
        .unwrap();
    (r, search.spent(), all)
}

fn bfs(rows: &[u8], cols: &[u8], queue: usize) -> Result<Vec<Grid>, MemoryError> {
    let p = Margins::new(rows, cols).unwrap();
    let mut all = Vec::new();
    let r = BreadthFirst::new_in(p, Seek::All, vec![p; queue])
        .run_visiting(Budget::UNLIMITED, |s| all.push(grid_of(s)))?;
    match r {
        Outcome::Done(s) => assert_eq!(s.count, Count::exactly(all.len() as u64)),
        Outcome::NoSolution(()) => assert!(all.is_empty()),
        Outcome::Exhausted { .. } => panic!("an unlimited search ran out"),
    }
    Ok(all)
}

fn count_checked(rows: &[u8], cols: &[u8]) -> u64 {
    let (r, _, all) = dfs(rows, cols, Budget::UNLIMITED, Seek::All);
    let count = r.done().map(|s| s.count).unwrap();
    assert!(count.exact);
    for g in &all {
        check(rows, cols, g);
    }
    let distinct: BTreeSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "a solution twice");
    count.at_least
}

#[test]
fn spec_counts() {
    assert_eq!(count_checked(&[2, 2, 1], &[2, 2, 1]), 5);
    assert_eq!(count_checked(&[2; 4], &[2; 4]), 90);
    assert_eq!(count_checked(&[2; 5], &[2; 5]), 2_040);
    assert_eq!(count_checked(&[2; 6], &[2; 6]), 67_950);
    assert_eq!(count_checked(&[3; 6], &[3; 6]), 297_200);
}

#[test]
fn the_five_grids_of_2_2_1() {
    let (r, _, all) = dfs(&[2, 2, 1], &[2, 2, 1], Budget::UNLIMITED, Seek::All);
    assert!(matches!(r, Outcome::Done(s) if s.count == Count::exactly(5)));
    let first = r.done().map(|s| grid_of(&s.first));
    assert_eq!(first.as_ref(), all.first());
}

#[test]
fn breadth_first_and_depth_first_agree() {
    for (rows, cols) in [
        (&[2u8, 2, 1][..], &[2u8, 2, 1][..]),
        (&[2; 4], &[2; 4]),
        (&[2; 5], &[2; 5]),
        (&[3, 1, 2, 2, 0], &[1, 2, 3, 2]),
    ] {
        let a: BTreeSet<Grid> = dfs(rows, cols, Budget::UNLIMITED, Seek::All)
            .2
            .into_iter()
            .collect();
        let b: BTreeSet<Grid> = bfs(rows, cols, 4096).unwrap().into_iter().collect();
        assert_eq!(a, b);
    }
}

#[test]
fn a_small_queue_is_an_error_not_a_silent_drop() {
    assert_eq!(
        bfs(&[2; 5], &[2; 5], 3),
        Err(MemoryError::QueueFull { grids: 3 })
    );
}

#[test]
fn a_small_stack_is_an_error() {
    let p = Margins::new(&[2; 5], &[2; 5]).unwrap();
    let mut search = DepthFirst::new_in(p, Seek::All, vec![Frame::new(p); 2]);
    let r = search.run(Budget::UNLIMITED);
    assert_eq!(r, Err(MemoryError::StackFull { frames: 2 }));
    // The search stays failed: it cannot go on without the lost child.
    assert_eq!(search.run(Budget::UNLIMITED), r);
}

#[test]
fn budget_and_stop_after() {
    // A tiny budget is never "no solution".
    let (r, spent, _) = dfs(&[2; 6], &[2; 6], Budget::new(3), Seek::All);
    assert!(matches!(
        r,
        Outcome::Exhausted {
            spent: 3,
            best: None
        }
    ));
    assert_eq!(spent, 3);
    // A budget spent after two solutions is still exhausted, never a count.
    let (r, _, all) = dfs(&[2; 6], &[2; 6], Budget::new(200), Seek::All);
    assert!(all.len() >= 2);
    assert!(
        matches!(r, Outcome::Exhausted { best: Some(s), spent: 200 } if s.count == Count::at_least(all.len() as u64))
    );
    let (r, _, all) = dfs(&[2; 6], &[2; 6], Budget::UNLIMITED, Seek::UpTo(7));
    assert!(matches!(r, Outcome::Done(s) if s.count == Count::at_least(7)));
    assert_eq!(all.len(), 7);
    let (r, _, _) = dfs(&[2; 6], &[2; 6], Budget::UNLIMITED, Seek::Uniqueness);
    assert!(matches!(r, Outcome::Done(s) if s.count == Count::at_least(2) && !s.is_unique()));
    let (r, _, all) = dfs(&[3, 0], &[1, 1, 1], Budget::UNLIMITED, Seek::All);
    assert_eq!(all, vec![vec![0b111, 0]]);
    assert!(matches!(r, Outcome::Done(s) if s.is_unique()));
}

#[test]
fn gale_ryser_answers_none_in_one_step() {
    for (rows, cols) in [
        (&[2u8, 0][..], &[2u8, 0][..]),
        (&[16; 16][..], &[15; 16][..]),
        (
            &[16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0][..],
            &[2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0][..],
        ),
    ] {
        let (r, spent, all) = dfs(rows, cols, Budget::UNLIMITED, Seek::All);
        assert_eq!(r, Outcome::NoSolution(()));
        assert_eq!(spent, 1);
        assert!(all.is_empty());
    }
}

#[test]
fn sixteen_by_sixteen_is_supported() {
    let rows: Vec<u8> = (0..16).map(|i| (i % 5) as u8 + 3).collect();
    let mut cols = rows.clone();
    cols.reverse();
    let (r, _, all) = dfs(&rows, &cols, Budget::UNLIMITED, Seek::UpTo(3));
    assert_eq!(all.len(), 3);
    for g in &all {
        check(&rows, &cols, g);
    }
    assert!(matches!(r, Outcome::Done(s) if s.count == Count::at_least(3)));
}

/// Every black/white grid of `rows × cols`, kept if it meets the counts.
fn brute_force(rows: &[u8], cols: &[u8]) -> BTreeSet<Grid> {
    let (h, w) = (rows.len(), cols.len());
    let mut out = BTreeSet::new();
    for bits in 0u32..1 << (h * w) {
        let g: Grid = (0..h)
            .map(|r| ((bits >> (r * w)) & ((1 << w) - 1)) as u16)
            .collect();
        let rows_ok = g
            .iter()
            .zip(rows)
            .all(|(b, &n)| b.count_ones() == u32::from(n));
        let cols_ok =
            (0..w).all(|c| g.iter().filter(|&&b| b >> c & 1 == 1).count() == usize::from(cols[c]));
        if rows_ok && cols_ok {
            out.insert(g);
        }
    }
    out
}

fn counts() -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(h, w)| {
        (
            proptest::collection::vec(0..=w as u8, h),
            proptest::collection::vec(0..=h as u8, w),
        )
    })
}

proptest! {
    #[test]
    fn solver_matches_brute_force((rows, cols) in counts()) {
        let want = brute_force(&rows, &cols);
        let p = Margins::new(&rows, &cols).unwrap();
        prop_assert_eq!(p.gale_ryser(), !want.is_empty());
        let got: BTreeSet<Grid> = dfs(&rows, &cols, Budget::UNLIMITED, Seek::All).2.into_iter().collect();
        prop_assert_eq!(&got, &want);
        let got_bfs: BTreeSet<Grid> = bfs(&rows, &cols, 512).unwrap().into_iter().collect();
        prop_assert_eq!(&got_bfs, &want);
    }
}

proptest! {
    /// A search cut into slices of any size (and, breadth-first, moved to a
    /// queue twice as large whenever its queue is full) gives the answer and
    /// spends the nodes of one call.
    #[test]
    fn slices_and_a_growing_queue_give_the_one_call_answer(
        (rows, cols) in counts(),
        slice in 1u64..40,
    ) {
        let p = Margins::new(&rows, &cols).unwrap();
        let frames = || vec![Frame::new(p); rows.len() * cols.len() + 1];
        let mut one = DepthFirst::new_in(p, Seek::All, frames());
        let whole = one.run(Budget::UNLIMITED).unwrap();
        let mut sliced = DepthFirst::new_in(p, Seek::All, frames());
        let (got, _) = run_in_slices(&mut sliced, slice);
        prop_assert_eq!(got, whole);
        prop_assert_eq!(sliced.spent(), one.spent());

        let mut one = BreadthFirst::new_in(p, Seek::All, vec![p; 512]);
        let whole = one.run(Budget::UNLIMITED).unwrap();
        let mut grown = BreadthFirst::new_in(p, Seek::All, vec![p; 1]);
        let got = loop {
            match grown.run(Budget::new(slice)) {
                Ok(Outcome::Exhausted { .. }) => {}
                Ok(over) => break over,
                Err(MemoryError::QueueFull { grids }) => {
                    grown = grown.move_to(vec![p; 2 * grids]).ok().unwrap();
                }
                Err(e) => panic!("{e}"),
            }
        };
        prop_assert_eq!(got, whole);
        prop_assert_eq!(grown.spent(), one.spent());
    }
}
