//! Knight's tours on small boards from any start: a found tour is valid (every
//! square once, knight moves, the closing move when closed, by the tests'
//! checker), every "none" has a reason that holds, checked here apart from the
//! core's theory, and on boards of at most 30 squares the plain exhaustive
//! search of `plateau_tests::tour_reference` finds no tour either; a budget
//! gives an honest answer, and the search cut into slices answers as one call.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::Budget;
use plateau::search::{Outcome, Search};
use plateau::tour::{Board, Square, Tour, TourKind};
use plateau_tests::tour_oracle::{REFERENCE_SQUARES, none_holds};
use plateau_tests::tour_reference;

fuzz_target!(|data: (u8, u8, u8, u8, bool, u32, u8)| {
    let (w, h, x, y, closed, budget, slice) = data;
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
    let Ok(mut tour) = Tour::<[Square; 144], [u8; 144]>::new(board) else {
        panic!("144 squares hold a 12x12 board");
    };
    let mut search = tour.find(start, kind).unwrap();
    let Ok(full) = search.run(Budget::UNLIMITED);
    let spent = search.spent();
    let path: Vec<(u16, u16)> = tour.squares().iter().map(|s| (s.x, s.y)).collect();
    match full {
        Outcome::Done(()) => {
            assert!(
                tour_reference::is_tour(w, h, &path, closed),
                "{w}x{h} from {start:?}"
            );
            assert_eq!(tour.squares()[0], start);
        }
        Outcome::NoSolution(why) => {
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
        Outcome::Exhausted { .. } => panic!("an unbounded search gave up on {w}x{h}"),
    }
    // A small budget: the same answer, or Exhausted within it; never a different verdict.
    let budget = u64::from(budget % 5000);
    let mut search = tour.find(start, kind).unwrap();
    let Ok(small) = search.run(Budget::new(budget));
    match small {
        Outcome::Exhausted { spent, .. } => {
            assert!(spent <= budget, "spent {spent} of {budget}");
            assert!(search.squares().is_empty());
        }
        Outcome::Done(()) => {
            let cut: Vec<(u16, u16)> = search.squares().iter().map(|s| (s.x, s.y)).collect();
            assert!(full == Outcome::Done(()) && cut == path);
        }
        other => assert_eq!(other, full),
    }
    // The rest in slices: the one call's answer, spent and tour.
    let slice = u64::from(slice) + 1;
    let sliced = loop {
        let Ok(o) = search.run(Budget::new(slice));
        if !o.is_exhausted() {
            break o;
        }
    };
    assert_eq!((sliced, search.spent()), (full, spent), "{w}x{h} from {start:?} {kind:?}");
    let again: Vec<(u16, u16)> = search.squares().iter().map(|s| (s.x, s.y)).collect();
    assert!(full != Outcome::Done(()) || again == path);
});
