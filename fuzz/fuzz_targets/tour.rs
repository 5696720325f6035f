//! Knight's tours on small boards from any start: a found tour is valid (every
//! square once, knight moves, the closing move when closed, by the tests'
//! checker), every "none" has a reason that holds, checked here apart from the
//! core's theory, and on boards of at most 30 squares the plain exhaustive
//! search of `plateau_tests::tour_reference` finds no tour either; a budget
//! gives an honest answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::Budget;
use plateau::tour::{Board, Square, Tour, TourKind, TourOutcome};
use plateau_tests::tour_oracle::{REFERENCE_SQUARES, none_holds};
use plateau_tests::tour_reference;

fuzz_target!(|data: (u8, u8, u8, u8, bool, u32)| {
    let (w, h, x, y, closed, budget) = data;
    let (w, h) = (u16::from(w % 12 + 1), u16::from(h % 12 + 1));
    let Ok(board) = Board::new(w, h) else {
        panic!("1..=12 is a board side");
    };
    let start = Square::new(u16::from(x) % w, u16::from(y) % h);
    let kind = if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    // Owned memory for the largest board, aimed at this one.
    let Ok(mut tour) = Tour::new(board, [Square::new(0, 0); 144], [0u8; 144]) else {
        panic!("144 squares hold a 12x12 board");
    };
    let full = tour.find(start, kind, Budget::UNLIMITED).unwrap();
    match full {
        TourOutcome::Found => {
            let path: Vec<(u16, u16)> = tour.squares().iter().map(|s| (s.x, s.y)).collect();
            assert!(
                tour_reference::is_tour(w, h, &path, closed),
                "{w}x{h} from {start:?}"
            );
            assert_eq!(tour.squares()[0], start);
        }
        TourOutcome::NoSolution(why) => {
            assert!(
                none_holds(w, h, start, kind, why),
                "{w}x{h} from {start:?} {kind:?}: {why:?}"
            );
            if u32::from(w) * u32::from(h) <= REFERENCE_SQUARES {
                assert_eq!(
                    tour_reference::find_tour(w, h, (start.x, start.y), closed),
                    None,
                    "{w}x{h} from {start:?} {kind:?}: the core says {why:?}"
                );
            }
        }
        TourOutcome::Exhausted { .. } => panic!("an unbounded search gave up on {w}x{h}"),
    }
    // A small budget: the same answer, or Exhausted within it; never a different verdict.
    let budget = u64::from(budget % 5000);
    let small = tour.find(start, kind, Budget::new(budget));
    match small.unwrap() {
        TourOutcome::Exhausted { spent, .. } => {
            assert!(spent <= budget, "spent {spent} of {budget}");
            assert!(tour.squares().is_empty());
        }
        TourOutcome::Found => {
            let path: Vec<(u16, u16)> = tour.squares().iter().map(|s| (s.x, s.y)).collect();
            assert!(full == TourOutcome::Found && tour_reference::is_tour(w, h, &path, closed));
        }
        other => assert_eq!(other, full),
    }
});
