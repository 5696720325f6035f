//! Minesweeper: the survey against brute force over every assignment of the
//! hidden squares on small boards.

use std::collections::BTreeSet;

use plateau::Budget;
use plateau::grid::{
    Cell, MemoryError, Minefield, MinefieldError, Survey, SurveyFrame, SurveySearch,
    minesweeper::Tile,
};
use plateau::search::{Count, Outcome, Search};
use plateau_tests::run_in_slices;
use proptest::prelude::*;

/// Surveys without a bound: every layout is seen (`None`: no layout fits).
fn survey_all(field: &Minefield) -> Option<Survey> {
    let Ok(outcome) = SurveySearch::new(field).run(Budget::UNLIMITED);
    match outcome {
        Outcome::Done(s) => Some(s),
        Outcome::NoSolution(()) => None,
        other => panic!("no budget was set, yet {other:?}"),
    }
}

#[derive(Debug, Clone)]
struct Case {
    w: usize,
    h: usize,
    squares: Vec<Tile>,
    total: Option<u16>,
}

fn neighbours(w: usize, h: usize, i: usize) -> Vec<usize> {
    let (r, c) = ((i / w) as i64, (i % w) as i64);
    let mut out = Vec::new();
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (rr, cc) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && rr >= 0 && cc >= 0 && rr < h as i64 && cc < w as i64 {
                out.push(rr as usize * w + cc as usize);
            }
        }
    }
    out
}

/// Every assignment of mines to the hidden squares that fits the numbers and the total.
fn brute_force(case: &Case) -> Vec<BTreeSet<usize>> {
    let hidden: Vec<usize> = (0..case.squares.len())
        .filter(|&i| case.squares[i] == Tile::Hidden)
        .collect();
    let flags = case.squares.iter().filter(|&&s| s == Tile::Mine).count();
    let mut out = Vec::new();
    for bits in 0u32..1 << hidden.len() {
        let mines: BTreeSet<usize> = hidden
            .iter()
            .enumerate()
            .filter(|(k, _)| bits >> k & 1 == 1)
            .map(|(_, &i)| i)
            .collect();
        let is_mine = |j: usize| case.squares[j] == Tile::Mine || mines.contains(&j);
        let numbers_ok = case.squares.iter().enumerate().all(|(i, s)| match s {
            Tile::Number(n) => {
                neighbours(case.w, case.h, i)
                    .into_iter()
                    .filter(|&j| is_mine(j))
                    .count()
                    == usize::from(*n)
            }
            _ => true,
        });
        let total_ok = case
            .total
            .is_none_or(|t| usize::from(t) == flags + mines.len());
        if numbers_ok && total_ok {
            out.push(mines);
        }
    }
    out
}

fn cases() -> impl Strategy<Value = Case> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(w, h)| {
            let n = w * h;
            (
                Just(w),
                Just(h),
                proptest::collection::vec(0u8..10, n),
                proptest::collection::vec(0u8..10, n),
                any::<bool>(),
                0u16..3,
            )
        })
        .prop_map(|(w, h, mine_roll, show_roll, with_total, total_shift)| {
            let n = w * h;
            let mines: Vec<bool> = mine_roll.iter().map(|&x| x < 3).collect();
            let mut squares = Vec::new();
            for i in 0..n {
                let s = if mines[i] {
                    if show_roll[i] < 2 {
                        Tile::Mine
                    } else {
                        Tile::Hidden
                    }
                } else if show_roll[i] < 5 {
                    let k = neighbours(w, h, i)
                        .into_iter()
                        .filter(|&j| mines[j])
                        .count();
                    Tile::Number(k as u8)
                } else {
                    Tile::Hidden
                };
                squares.push(s);
            }
            // Now and then a number that lies, so that some boards have no layout.
            if let (9, Some(Tile::Number(k))) = (show_roll[0], squares.first_mut()) {
                *k = (*k + 1) % 4;
            }
            let real = mines.iter().filter(|&&m| m).count() as u16;
            let total = with_total.then(|| (real + total_shift).saturating_sub(1));
            Case {
                w,
                h,
                squares,
                total,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn survey_matches_brute_force(case in cases()) {
        let field = Minefield::new(case.w, case.h, &case.squares, case.total).unwrap();
        let all = brute_force(&case);
        let Some(survey) = survey_all(&field) else {
            // No layout fits: none of the brute force's assignments either.
            prop_assert!(all.is_empty());
            return Ok(());
        };
        // Lent frames, exactly enough, in slices: the same survey.
        let mut frames = vec![SurveyFrame::BLANK; field.frontier().count() + 1];
        let mut lent = SurveySearch::new_in(&field, &mut frames[..]).unwrap();
        let (sliced, _) = run_in_slices(&mut lent, 3);
        prop_assert_eq!(sliced, Outcome::Done(survey.clone()));
        let cell = |i: usize| Cell::new((i / case.w) as u8, (i % case.w) as u8);
        let frontier: Vec<usize> = field
            .frontier()
            .map(|c| usize::from(c.row) * case.w + usize::from(c.col))
            .collect();
        let layouts: BTreeSet<Vec<bool>> = all
            .iter()
            .map(|m| frontier.iter().map(|i| m.contains(i)).collect())
            .collect();
        prop_assert_eq!(survey.layouts(), layouts.len() as u64);
        for (k, (i, count)) in survey.mine_counts().enumerate() {
            prop_assert_eq!(i, cell(frontier[k]));
            prop_assert_eq!(count, layouts.iter().filter(|l| l[k]).count() as u64);
        }
        // Forced squares, frontier and interior, against every full assignment.
        for i in 0..case.squares.len() {
            if case.squares[i] != Tile::Hidden {
                prop_assert_eq!(survey.forced(cell(i)), None);
                continue;
            }
            let want = if all.is_empty() {
                None
            } else if all.iter().all(|m| m.contains(&i)) {
                Some(true)
            } else if all.iter().all(|m| !m.contains(&i)) {
                Some(false)
            } else {
                None
            };
            let got = if frontier.contains(&i) { survey.forced(cell(i)) } else { survey.interior_forced() };
            prop_assert_eq!(got, want, "square {}", i);
        }
    }
}

#[test]
fn one_two_one() {
    use Tile::{Hidden as H, Number as N};
    let field = Minefield::new(3, 2, &[H, H, H, N(1), N(2), N(1)], None).unwrap();
    let s = survey_all(&field).unwrap();
    assert_eq!(s.layouts(), 1);
    assert_eq!(
        [0, 1, 2].map(|col| s.forced(Cell::new(0, col))),
        [Some(true), Some(false), Some(true)]
    );
    // Off the frontier, or off the board: not forced.
    assert_eq!(s.forced(Cell::new(1, 0)), None);
    assert_eq!(s.forced(Cell::new(0, 3)), None);
}

#[test]
fn errors_and_budget() {
    use Tile::{Hidden as H, Number as N};
    assert_eq!(Minefield::new(0, 1, &[], None), Err(MinefieldError::Empty));
    assert_eq!(
        Minefield::new(2, 1, &[H], None),
        Err(MinefieldError::WrongLength {
            expected: 2,
            got: 1
        })
    );
    assert_eq!(
        Minefield::new(2, 1, &[H, N(9)], None),
        Err(MinefieldError::NumberTooLarge {
            square: Cell::new(0, 1),
            number: 9
        })
    );
    assert_eq!(
        Minefield::new(33, 1, &[H; 33], None),
        Err(MinefieldError::TooLarge {
            width: 33,
            height: 1
        })
    );
    // The CLI prints these two messages as they always read.
    let far = Cell::new(4, 0);
    assert_eq!(
        MinefieldError::FrontierTooLarge { square: far }.to_string(),
        "more than 128 hidden squares are next to numbers"
    );
    assert_eq!(
        MinefieldError::TooManyClues { square: far }.to_string(),
        "more than 256 numbers are next to hidden squares"
    );
    // A row of alternating numbers and hidden squares: many layouts, a tiny budget.
    let row: Vec<Tile> = (0..32).map(|i| if i % 2 == 0 { N(1) } else { H }).collect();
    let board: Vec<Tile> = row
        .iter()
        .chain(std::iter::repeat_n(&H, 32))
        .copied()
        .collect();
    let field = Minefield::new(32, 2, &board, None).unwrap();
    // Running out is an outcome, never an error.
    assert!(matches!(
        SurveySearch::new(&field).run(Budget::new(5)),
        Ok(Outcome::Exhausted { spent: 5, best }) if !best.exact
    ));
    assert!(survey_all(&field).unwrap().layouts() > 1);
    // Too few lent frames: refused when the survey is made, not deep inside it.
    let mut frames = [SurveyFrame::BLANK; 16];
    assert_eq!(
        SurveySearch::new_in(&field, &mut frames).err(),
        Some(MemoryError::TooFewFrames {
            needed: 49,
            given: 16
        })
    );
}

#[test]
fn no_layout_is_no_solution_not_a_count_of_zero() {
    use Tile::{Hidden as H, Mine as M, Number as N};
    // A 2 with one hidden square around it.
    let field = Minefield::new(2, 1, &[N(2), H], None).unwrap();
    let mut survey = SurveySearch::new(&field);
    assert_eq!(survey.run(Budget::UNLIMITED), Ok(Outcome::NoSolution(())));
    // A flag that already breaks a number: none, and nothing spent.
    let field = Minefield::new(3, 1, &[M, N(0), H], None).unwrap();
    let mut survey = SurveySearch::new(&field);
    assert_eq!(survey.run(Budget::UNLIMITED), Ok(Outcome::NoSolution(())));
    assert_eq!(survey.spent(), 0);
    // A survey cut short counts at least what it saw.
    let field = Minefield::new(3, 1, &[H, N(1), H], None).unwrap();
    let Ok(cut) = SurveySearch::new(&field).run(Budget::new(1));
    assert_eq!(
        cut,
        Outcome::Exhausted {
            best: Count::at_least(0),
            spent: 1
        }
    );
}
