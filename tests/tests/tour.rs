//! Knight's tours: every tour checked by an independent checker, every "none"
//! against the theory of SPEC §3 or a slow reference search, the counts
//! against the reference's, and every search cut into slices against one call.

use plateau::Budget;
use plateau::search::{Count, Outcome, Search, SearchOutcome};
use plateau::tour::{
    Board, CountOutcome, NoTour, Square, Tour, TourError, TourKind, TourOutcome, check_tour,
};
use plateau_tests::run_cli;
use plateau_tests::tour_oracle::{closed_exists, none_holds, open_exists, reason_holds};
use plateau_tests::tour_reference as reference;
use proptest::prelude::*;

/// The checker: every square exactly once, knight moves, and the closing move.
fn is_tour(w: u16, h: u16, t: &[Square], kind: TourKind) -> bool {
    let n = usize::from(w) * usize::from(h);
    let knight = |a: Square, b: Square| {
        let dx = (i32::from(a.x) - i32::from(b.x)).abs();
        let dy = (i32::from(a.y) - i32::from(b.y)).abs();
        dx * dy == 2
    };
    let mut seen = vec![false; n];
    for s in t {
        if s.x >= w
            || s.y >= h
            || std::mem::replace(
                &mut seen[usize::from(s.y) * usize::from(w) + usize::from(s.x)],
                true,
            )
        {
            return false;
        }
    }
    t.len() == n
        && t.windows(2).all(|p| knight(p[0], p[1]))
        && (kind == TourKind::Open || knight(t[0], t[n - 1]))
}

/// Finds a tour in memory the test owns (`Vec`s), in one call; the tour is
/// empty unless found.
fn solve(w: u16, h: u16, s: Square, kind: TourKind, budget: u64) -> (TourOutcome, Vec<Square>) {
    let b = Board::new(w, h).unwrap();
    let n = b.squares() as usize;
    let mut tour = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
    let Ok(o) = tour.find(s, kind).unwrap().run(Budget::new(budget));
    (o, tour.squares().to_vec())
}

#[test]
fn every_start_of_every_board_up_to_16x16() {
    for w in 1..=16u16 {
        for h in 1..=16u16 {
            for y in 0..h {
                for x in 0..w {
                    let s = Square::new(x, y);
                    for kind in [TourKind::Open, TourKind::Closed] {
                        let (o, t) = solve(w, h, s, kind, 100_000_000);
                        match o {
                            Outcome::Done(()) => {
                                assert!(is_tour(w, h, &t, kind), "{w}x{h} {s:?} {kind:?}");
                                assert_eq!(t[0], s);
                            }
                            Outcome::NoSolution(why) => {
                                assert!(
                                    none_holds(w, h, s, kind, why),
                                    "{w}x{h} {s:?} {kind:?}: {why:?}"
                                )
                            }
                            Outcome::Exhausted { .. } => {
                                panic!("{w}x{h} {s:?} {kind:?}: exhausted")
                            }
                        }
                        // Closed tours exactly where Schwenk says, from every square.
                        if kind == TourKind::Closed {
                            assert_eq!(o.is_done(), closed_exists(w, h), "{w}x{h}");
                        }
                        if kind == TourKind::Open && open_exists(w, h) && closed_exists(w, h) {
                            assert_eq!(o, Outcome::Done(()), "{w}x{h} {s:?}");
                        }
                    }
                }
            }
        }
    }
}

/// The boards the plain search of `plateau_tests::tour_reference` settles
/// from every square: every board of at most 25 squares, and 3×n and n×3 up to
/// n = 10.
fn reference_boards() -> Vec<(u16, u16)> {
    let mut boards: Vec<(u16, u16)> = (1..=25u16)
        .flat_map(|w| (1..=25 / w).map(move |h| (w, h)))
        .collect();
    for n in 9..=10 {
        boards.extend([(3, n), (n, 3)]);
    }
    boards
}

#[test]
fn every_answer_on_small_boards_agrees_with_the_reference() {
    // Every start, both kinds: a found tour passes the reference's checker, and
    // every "none", whatever its reason, is a square from which the reference's
    // exhaustive search finds no tour.
    let (mut found, mut nones) = (0, std::collections::BTreeMap::<String, usize>::new());
    for (w, h) in reference_boards() {
        for y in 0..h {
            for x in 0..w {
                let s = Square::new(x, y);
                for kind in [TourKind::Open, TourKind::Closed] {
                    let closed = kind == TourKind::Closed;
                    let (o, t) = solve(w, h, s, kind, u64::MAX);
                    match o {
                        Outcome::Done(()) => {
                            let t: Vec<(u16, u16)> = t.iter().map(|q| (q.x, q.y)).collect();
                            assert!(
                                reference::is_tour(w, h, &t, closed),
                                "{w}x{h} {s:?} {kind:?}"
                            );
                            assert_eq!(t[0], (x, y), "{w}x{h} {s:?} {kind:?}");
                            found += 1;
                        }
                        Outcome::NoSolution(why) => {
                            assert!(
                                reason_holds(w, h, s, kind, why),
                                "{w}x{h} {s:?} {kind:?}: {why:?}"
                            );
                            assert_eq!(
                                reference::find_tour(w, h, (x, y), closed),
                                None,
                                "{w}x{h} {s:?} {kind:?}: the core says {why:?}"
                            );
                            *nones.entry(format!("{why:?} {kind:?}")).or_default() += 1;
                        }
                        Outcome::Exhausted { .. } => {
                            panic!("{w}x{h} {s:?} {kind:?}: exhausted without a budget")
                        }
                    }
                }
            }
        }
    }
    eprintln!("{found} tours found and {nones:?} nones, all checked by the reference");
    // 91 boards, 1,385 squares, 2,770 answers; the squares and kinds that
    // have a tour are a fact of the boards (the reference finds none elsewhere).
    assert_eq!(found + nones.values().sum::<usize>(), 2 * 1385);
    assert_eq!(found, 282);
}

#[test]
fn the_four_line_theorem_holds_on_4x5_to_4x7() {
    // The reference search finds no tour from an inner line square (the core says so by theory).
    for n in 5..=7u16 {
        for x in 0..n {
            for y in [1u16, 2] {
                assert_eq!(
                    reference::find_tour(n, 4, (x, y), false),
                    None,
                    "{n}x4 ({x},{y})"
                );
            }
        }
    }
}

/// Counts tours in lent memory (slices of the test's `Vec`s), in one call.
fn count(w: u16, h: u16, s: Square, kind: TourKind) -> CountOutcome {
    let b = Board::new(w, h).unwrap();
    let n = b.squares() as usize;
    let (mut out, mut scratch) = (vec![Square::default(); n], vec![0u8; n]);
    let mut tour = Tour::new_in(b, &mut out[..], &mut scratch[..]).unwrap();
    let Ok(o) = tour.count(s, kind).unwrap().run(Budget::UNLIMITED);
    o
}

/// An exact count, or a panic.
fn exactly(o: CountOutcome) -> u64 {
    match o {
        Outcome::Done(Count {
            at_least,
            exact: true,
        }) => at_least,
        other => panic!("not an exact count: {other:?}"),
    }
}

#[test]
fn counts_of_spec_section_3() {
    assert_eq!(
        count(5, 5, Square::new(0, 0), TourKind::Open),
        Outcome::Done(Count::exactly(304))
    );
    assert_eq!(
        count(5, 5, Square::new(2, 2), TourKind::Open),
        Outcome::Done(Count::exactly(64))
    );
    let mut all = 0;
    for y in 0..5 {
        for x in 0..5 {
            all += exactly(count(5, 5, Square::new(x, y), TourKind::Open));
        }
    }
    assert_eq!(all, 1728);
    let mut all = 0;
    for y in 0..4 {
        for x in 0..3 {
            all += exactly(count(3, 4, Square::new(x, y), TourKind::Open));
        }
    }
    assert_eq!(all, 16);
}

#[test]
fn every_count_on_small_boards_is_the_references() {
    // Every board of at most 25 squares, every start, both kinds: the core's
    // exact count is the plain exhaustive walk's (a closed tour counts once
    // per direction in both).
    let mut counted = 0;
    for (w, h) in reference_boards().into_iter().filter(|&(w, h)| w * h <= 25) {
        for y in 0..h {
            for x in 0..w {
                for kind in [TourKind::Open, TourKind::Closed] {
                    let closed = kind == TourKind::Closed;
                    let core = exactly(count(w, h, Square::new(x, y), kind));
                    let reference = reference::count_tours(w, h, (x, y), closed, u64::MAX);
                    assert_eq!(core, reference, "{w}x{h} ({x},{y}) {kind:?}");
                    counted += core;
                }
            }
        }
    }
    assert!(counted > 1728, "{counted}");
}

#[test]
fn closed_tours_of_6x6() {
    // 9,862 undirected closed tours: each passes the corner once, in two directions.
    assert_eq!(
        count(6, 6, Square::new(0, 0), TourKind::Closed),
        Outcome::Done(Count::exactly(2 * 9862))
    );
}

#[test]
fn a_tiny_budget_is_exhausted_not_none() {
    for (w, h, s, budget) in [(8, 8, Square::new(0, 0), 10), (3, 4, Square::new(1, 1), 5)] {
        let (o, t) = solve(w, h, s, TourKind::Open, budget);
        match o {
            Outcome::Exhausted { spent, .. } => assert_eq!(spent, budget, "{w}x{h}"),
            other => panic!("{w}x{h}: {other:?}"),
        }
        assert!(t.is_empty(), "no tour is shown after running out");
    }
    // With room enough, the same search settles it.
    let (o, _) = solve(3, 4, Square::new(1, 1), TourKind::Open, 1_000);
    assert_eq!(o, Outcome::NoSolution(NoTour::NoneFromSquare));
    let b = Board::new(6, 6).unwrap();
    let mut tour = Tour::<[Square; 36], [u8; 36]>::new(b).unwrap();
    let Ok(c) = tour
        .count(Square::new(0, 0), TourKind::Closed)
        .unwrap()
        .run(Budget::new(1000));
    assert!(
        matches!(c, Outcome::Exhausted { spent: 1000, best } if !best.exact && best.at_least < 2 * 9862),
        "{c:?}"
    );
}

#[test]
fn small_buffers_and_bad_squares_are_errors() {
    let b = Board::new(8, 8).unwrap();
    assert_eq!(
        Tour::new_in(b, [Square::default(); 63], [0u8; 64]).err(),
        Some(TourError::OutTooSmall {
            needed: 64,
            given: 63
        })
    );
    assert_eq!(
        Tour::new_in(b, [Square::default(); 64], [0u8; 63]).err(),
        Some(TourError::ScratchTooSmall {
            needed: 64,
            given: 63
        })
    );
    assert_eq!(
        Tour::<[Square; 63], [u8; 63]>::new(b).err(),
        Some(TourError::OutTooSmall {
            needed: 64,
            given: 63
        })
    );
    let mut tour = Tour::<[Square; 64], [u8; 64]>::new(b).unwrap();
    let off = Square::new(8, 0);
    let e = TourError::StartOffBoard {
        start: off,
        board: b,
    };
    assert_eq!(tour.find(off, TourKind::Open).err(), Some(e));
    assert_eq!(tour.count(off, TourKind::Closed).err(), Some(e));
    // A board larger than the memory is refused and the tour keeps its board.
    assert!(tour.set_board(Board::new(9, 8).unwrap()).is_err());
    assert_eq!(tour.board(), b);
    assert!(Board::new(0, 5).is_err());
    assert_eq!(Board::new(65535, 65535).unwrap().squares(), 65535 * 65535);
}

#[test]
fn square_boards_up_to_300_from_the_corner() {
    for n in 5..=300u16 {
        for kind in [TourKind::Open, TourKind::Closed] {
            let (o, t) = solve(n, n, Square::new(0, 0), kind, u64::MAX);
            if kind == TourKind::Closed && n % 2 == 1 {
                assert_eq!(o, Outcome::NoSolution(NoTour::OddClosed));
            } else {
                assert_eq!(o, Outcome::Done(()), "{n}x{n} {kind:?}");
                assert!(is_tour(n, n, &t, kind), "{n}x{n} {kind:?}");
            }
        }
    }
}

#[test]
fn closed_tours_of_3xn_strips() {
    for n in (10..=400u16).step_by(2) {
        for (w, h) in [(3, n), (n, 3)] {
            let s = Square::new(w / 2, h / 2);
            let (o, t) = solve(w, h, s, TourKind::Closed, u64::MAX);
            assert_eq!(o, Outcome::Done(()), "{w}x{h}");
            assert!(is_tour(w, h, &t, TourKind::Closed) && t[0] == s, "{w}x{h}");
        }
    }
}

#[test]
fn large_boards() {
    for (w, h, kind) in [
        (1000, 1000, TourKind::Open),
        (1000, 1000, TourKind::Closed),
        (1001, 999, TourKind::Open),
        (3, 20, TourKind::Closed),
        (5000, 4, TourKind::Open),
        (6, 20001, TourKind::Closed),
        (2000, 1001, TourKind::Closed),
        (65535, 6, TourKind::Closed),
        (10, 65535, TourKind::Closed),
        (65535, 5, TourKind::Open),
        (3, 65535, TourKind::Open),
        (65535, 4, TourKind::Open),
        (3, 65534, TourKind::Closed),
        (65535, 3, TourKind::Open),
        (5, 65535, TourKind::Open),
        (65534, 3, TourKind::Closed),
    ] {
        let (o, t) = solve(w, h, Square::new(0, 0), kind, u64::MAX);
        assert_eq!(o, Outcome::Done(()), "{w}x{h} {kind:?}");
        assert!(is_tour(w, h, &t, kind), "{w}x{h} {kind:?}");
    }
}

/// The seed of [`odd_boards_up_to_123x123_from_random_starts`]' boards.
const ODD_BOARDS_SEED: u64 = 30;

/// docs/tour.md, "Known gap": on boards with both sides odd and at least 7
/// an open tour has no closed tour to walk and no strip to grow, so it relies
/// on Warnsdorff's rule in 16 tie orders, then the search. 300 such boards,
/// each side odd from 7 to 123, each from a random start of the majority
/// colour (the other colour has none), drawn from a fixed seed that is
/// printed (`PLATEAU_ODD_SEED=<n>` draws others): every one is found within
/// the CLI's default budget to find a tour, `--max-steps 1000000000`, and is
/// a tour from that start by this file's checker.
#[test]
fn odd_boards_up_to_123x123_from_random_starts() {
    const BOARDS: usize = 300;
    const CLI_DEFAULT_STEPS: u64 = 1_000_000_000;
    let seed = std::env::var("PLATEAU_ODD_SEED").map_or(ODD_BOARDS_SEED, |s| {
        s.parse().expect("PLATEAU_ODD_SEED: a number")
    });
    println!("odd boards: seed {seed}");
    // SplitMix64: a draw from 0 to n - 1.
    let mut state = seed;
    let mut draw = |n: u16| -> u16 {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % u64::from(n)) as u16
    };
    // Units a square of the costliest search, which; searches past the first pass.
    let (mut most, mut hardest, mut past_first_pass) = (0.0, String::new(), 0);
    for i in 0..BOARDS {
        let (w, h) = (7 + 2 * draw(59), 7 + 2 * draw(59));
        // The majority colour is the corners' (x + y even).
        let s = loop {
            let (x, y) = (draw(w), draw(h));
            if (x + y) % 2 == 0 {
                break Square::new(x, y);
            }
        };
        let board = Board::new(w, h).unwrap();
        let n = board.squares() as usize;
        let mut tour = Tour::new_in(board, vec![Square::default(); n], vec![0u8; n]).unwrap();
        let mut search = tour.find(s, TourKind::Open).unwrap();
        let Ok(o) = search.run(Budget::new(CLI_DEFAULT_STEPS));
        let spent = search.spent();
        let case = format!("#{i} {w}x{h} from ({}, {}), seed {seed}", s.x, s.y);
        assert_eq!(o, Outcome::Done(()), "{case}");
        let t = tour.squares();
        assert!(is_tour(w, h, t, TourKind::Open) && t[0] == s, "{case}");
        // A first pass costs a unit a square and one per 8 squares' degrees.
        if spent > n as u64 + (n as u64).div_ceil(8) {
            past_first_pass += 1;
        }
        let per_square = spent as f64 / n as f64;
        if per_square > most {
            (most, hardest) = (per_square, format!("{case}: {spent} units"));
        }
    }
    println!(
        "odd boards: {BOARDS} of {BOARDS} found and checked; {past_first_pass} past the \
         first pass; the most units a square: {most:.2} ({hardest})"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_boards_and_starts(w in 1u16..120, h in 1u16..120, fx in 0.0f64..1.0, fy in 0.0f64..1.0, closed: bool) {
        let s = Square::new((fx * f64::from(w)) as u16, (fy * f64::from(h)) as u16);
        let kind = if closed { TourKind::Closed } else { TourKind::Open };
        // Known gap: open tours on boards with both sides odd and at least 7 may run out of budget.
        let hard = w % 2 == 1 && h % 2 == 1 && w.min(h) >= 7 && !closed;
        let (o, t) = solve(w, h, s, kind, if hard { 2_000_000 } else { 200_000_000 });
        match o {
            Outcome::Done(()) => prop_assert!(is_tour(w, h, &t, kind) && t[0] == s),
            Outcome::NoSolution(why) => prop_assert!(none_holds(w, h, s, kind, why), "{}x{} {:?} {:?}: {:?}", w, h, s, kind, why),
            Outcome::Exhausted { .. } => prop_assert!(hard, "{}x{} {:?} exhausted", w, h, s),
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn narrow_boards_from_anywhere(short in 3u16..=6, long in 7u16..1000, f in 0.0f64..1.0, g in 0.0f64..1.0) {
        let s = Square::new((f * f64::from(short)) as u16, (g * f64::from(long)) as u16);
        let (o, t) = solve(short, long, s, TourKind::Open, 200_000_000);
        match o {
            Outcome::Done(()) => prop_assert!(is_tour(short, long, &t, TourKind::Open) && t[0] == s),
            // Boards with an open tour: only a reason about this square, and
            // one that holds.
            Outcome::NoSolution(why @ (NoTour::MinorityColour | NoTour::InnerLineOf4xN | NoTour::NoneFromSquare)) => {
                prop_assert!(none_holds(short, long, s, TourKind::Open, why), "{}x{} {:?}: {:?}", short, long, s, why)
            }
            other => prop_assert!(false, "{}x{} {:?}: {:?}", short, long, s, other),
        }
    }
}

/// Slice sizes from 1 to `most`, drawn by SplitMix64 from a seed.
struct Slices {
    state: u64,
    most: u64,
}

impl Slices {
    fn new(seed: u64, most: u64) -> Slices {
        Slices { state: seed, most }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % self.most + 1
    }
}

/// Drives `search` in slices until it is over, or until the slices sum to
/// `total` (the last one cut to fit); returns the last outcome.
fn in_slices<S: Search<Error = std::convert::Infallible>>(
    search: &mut S,
    slices: &mut Slices,
    total: u64,
) -> SearchOutcome<S> {
    let mut given = 0u64;
    loop {
        let slice = slices.next().min(total - given);
        given += slice;
        let Ok(o) = search.run(Budget::new(slice));
        if !o.is_exhausted() || given == total {
            return o;
        }
    }
}

/// Finds a tour from `s` in one call and in slices (to the end, and to half
/// of what the one call spent); returns what differs, if anything.
fn find_both_ways(
    b: Board,
    s: Square,
    kind: TourKind,
    slices: &mut Slices,
) -> Result<(), TestCaseError> {
    let n = b.squares() as usize;
    let label = format!("{}x{} {s:?} {kind:?}", b.width(), b.height());
    let mut one = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
    let mut search = one.find(s, kind).unwrap();
    let Ok(whole) = search.run(Budget::UNLIMITED);
    let spent = search.spent();
    let mut cut = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
    let mut search = cut.find(s, kind).unwrap();
    let sliced = in_slices(&mut search, slices, u64::MAX);
    prop_assert_eq!((sliced, search.spent()), (whole, spent), "{}", &label);
    // Over: a run spends nothing and answers the same.
    let Ok(again) = search.run(Budget::UNLIMITED);
    prop_assert_eq!((again, search.spent()), (whole, spent), "{}", &label);
    prop_assert_eq!(one.squares(), cut.squares(), "{}", &label);
    // Cut short: slices summing to a budget answer as one call with it.
    let half = spent / 2;
    let Ok(short) = one.find(s, kind).unwrap().run(Budget::new(half));
    let mut search = cut.find(s, kind).unwrap();
    let sliced = in_slices(&mut search, slices, half);
    prop_assert_eq!(
        (sliced, search.spent()),
        (short, half.min(spent)),
        "{}",
        &label
    );
    Ok(())
}

/// Counts the tours from `s` in one call and in slices (to the end when
/// `to_the_end`, and to `budget`); returns what differs, if anything.
fn count_both_ways(
    b: Board,
    s: Square,
    kind: TourKind,
    (budget, to_the_end): (u64, bool),
    slices: &mut Slices,
) -> Result<(), TestCaseError> {
    let n = b.squares() as usize;
    let label = format!("{}x{} {s:?} {kind:?}", b.width(), b.height());
    let mut tour = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
    let mut budgets = vec![budget];
    if to_the_end {
        budgets.push(u64::MAX);
    }
    for budget in budgets {
        let mut count = tour.count(s, kind).unwrap();
        let Ok(whole) = count.run(Budget::new(budget));
        let spent = count.spent();
        let mut count = tour.count(s, kind).unwrap();
        let sliced = in_slices(&mut count, slices, budget);
        prop_assert_eq!((sliced, count.spent()), (whole, spent), "{}", &label);
        if budget == u64::MAX {
            prop_assert!(whole.is_done(), "{}", &label);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn finds_and_counts_cut_into_slices_answer_as_one_call(w in 1u16..=8, h in 1u16..=8, seed: u64) {
        // Every start, both kinds, slices of 1 to 50 moves; counts to the end
        // on boards the reference walks (25 squares), else to 5,000 moves.
        let b = Board::new(w, h).unwrap();
        let mut slices = Slices::new(seed, 50);
        for y in 0..h {
            for x in 0..w {
                for kind in [TourKind::Open, TourKind::Closed] {
                    let s = Square::new(x, y);
                    find_both_ways(b, s, kind, &mut slices)?;
                    count_both_ways(b, s, kind, (5_000, w * h <= 25), &mut slices)?;
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn big_boards_cut_into_slices_answer_as_one_call(
        shape in 0usize..5,
        long in 7u16..400,
        f in 0.0f64..1.0,
        g in 0.0f64..1.0,
        closed: bool,
        seed: u64,
    ) {
        // 200x200, and 3xn, 4xn, 5xn and 6xn strips (either way up), from a
        // random square, in slices of 1 to 5,000 moves.
        let (w, h) = match shape {
            0 => (200, 200),
            1 => (3, long),
            2 => (long, 4),
            3 => (5, long),
            _ => (long, 6),
        };
        let b = Board::new(w, h).unwrap();
        let s = Square::new((f * f64::from(w)) as u16, (g * f64::from(h)) as u16);
        let kind = if closed { TourKind::Closed } else { TourKind::Open };
        find_both_ways(b, s, kind, &mut Slices::new(seed, 5_000))?;
    }
}

#[test]
fn a_long_count_cut_into_slices_answers_as_one_call() {
    // The 19,724 directed closed tours of 6x6 from a corner, in slices of 1
    // to 1,000 moves.
    let b = Board::new(6, 6).unwrap();
    let mut slices = Slices::new(6, 1_000);
    count_both_ways(
        b,
        Square::new(0, 0),
        TourKind::Closed,
        (100_000, true),
        &mut slices,
    )
    .unwrap();
}

#[test]
fn the_units_of_docs_tour_md() {
    // docs/tour.md, "What a unit is": a first pass costs a unit a square and
    // one per 8 squares' degrees; a closed tour by construction about 3.3 a
    // square (the same from any start).
    let spent = |w: u16, h: u16, s: Square, kind: TourKind| {
        let b = Board::new(w, h).unwrap();
        let n = b.squares() as usize;
        let mut tour = Tour::new_in(b, vec![Square::default(); n], vec![0u8; n]).unwrap();
        let mut search = tour.find(s, kind).unwrap();
        let Ok(o) = search.run(Budget::UNLIMITED);
        assert_eq!(o, Outcome::Done(()), "{w}x{h}");
        search.spent()
    };
    assert_eq!(spent(8, 8, Square::new(0, 0), TourKind::Open), 64 + 8);
    assert_eq!(
        spent(1000, 1000, Square::new(0, 0), TourKind::Open),
        1_125_000
    );
    for s in [Square::new(500, 500), Square::new(0, 0)] {
        assert_eq!(spent(1000, 1000, s, TourKind::Closed), 3_332_266);
    }
}

#[test]
fn cli_json_tour_is_a_tour() {
    let run = run_cli(&["tour", "--board", "7x9", "--start", "c5", "--json"], b"");
    assert_eq!(run.code, 0);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["status"], "found");
    let t: Vec<Square> = v["squares"]
        .as_array()
        .unwrap()
        .iter()
        // Cells are 1-based: the column is the file (x), the row the rank (y).
        .map(|p| {
            let at = |k: &str| p[k].as_u64().unwrap() as u16 - 1;
            Square::new(at("col"), at("row"))
        })
        .collect();
    assert!(is_tour(7, 9, &t, TourKind::Open));
    assert_eq!(t[0], Square::new(2, 4));
}

#[test]
fn the_checkers_reject_broken_tours() {
    let b = Board::new(3, 4).unwrap();
    let (o, t) = solve(3, 4, Square::new(0, 0), TourKind::Open, 1 << 20);
    assert_eq!(o, Outcome::Done(()));
    assert!(check_tour(b, &t, TourKind::Open) && is_tour(3, 4, &t, TourKind::Open));
    let mut dup = t.clone();
    dup[5] = dup[3];
    let mut swapped = t.clone();
    swapped.swap(4, 5);
    for broken in [&dup[..], &swapped[..], &t[..11]] {
        assert!(!check_tour(b, broken, TourKind::Open));
        assert!(!is_tour(3, 4, broken, TourKind::Open));
    }
    // 3x4 has no closed tour, so no open tour closes.
    assert!(!check_tour(b, &t, TourKind::Closed));
}
