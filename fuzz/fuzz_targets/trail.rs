//! The longest trail of small random networks (parallel routes, loops of routes,
//! several pieces): a valid trail (checked route by route), as long as the seed's
//! exhaustive search finds, in the default workspace and in small ones (a
//! matching of two stations, and none), and a budget never gives a trail that
//! is not one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::Budget;
use plateau::search::{Outcome, Search};
use plateau::tchu::trail::{Trail, TrailMemory, TrailSearch, TrailWorkspace};
use plateau::tchu::{Level, Route, Station};
use plateau_tests::tchu_trail::{check_trail, seed_longest};

/// At most 9 routes: the seed's exhaustive search enumerates every trail, and 12
/// parallel routes already have 12! orders (the fuzzer found that out).
const IDS: [&str; 9] = ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"];
const CODES: [&str; 7] = ["S0", "S1", "S2", "S3", "S4", "S5", "S6"];

fuzz_target!(|data: (Vec<(u8, u8, u8)>, u16)| {
    let (edges, budget) = data;
    let routes: Vec<Route> = edges
        .iter()
        .take(IDS.len())
        .zip(IDS)
        .filter_map(|(&(a, b, w), id)| {
            let (a, b) = (a % 7, b % 7);
            let s = |i: u8| Station::new(i, CODES[usize::from(i)], "Allemagne");
            Route::new(id, s(a), s(b), w % 6 + 1, Level::Overground, None).ok()
        })
        .collect();
    let trail = Trail::longest_unbounded(&routes).expect("9 routes fit");
    check_trail(&routes, &trail).unwrap();
    let (best, _) = seed_longest(&routes);
    assert_eq!(trail.length(), best, "{routes:?}");
    for length in [
        longest_in(&routes, TrailWorkspace::<9, 7, 2>::new()),
        longest_in(&routes, TrailWorkspace::<9, 7, 0>::new()),
    ] {
        assert_eq!(length, best, "{routes:?}");
    }
    let mut search = TrailSearch::new(&routes).expect("9 routes fit");
    let Ok(outcome) = search.run(Budget::new(u64::from(budget)));
    check_trail(&routes, outcome.so_far()).unwrap();
    assert!(outcome.so_far().length() <= best);
    match outcome {
        Outcome::Done(t) => assert_eq!(t.length(), best),
        Outcome::Exhausted { spent, .. } => assert!(spent <= u64::from(budget)),
    }
});

/// The length of the longest trail of `routes` searched in `workspace`, the
/// trail checked.
fn longest_in<W: TrailMemory>(routes: &[Route], workspace: W) -> u32 {
    let mut search = TrailSearch::new_in(routes, workspace).expect("9 routes, 7 stations fit");
    let Ok(outcome) = search.run(Budget::UNLIMITED);
    assert!(outcome.is_done());
    check_trail(routes, outcome.so_far()).unwrap();
    outcome.so_far().length()
}
