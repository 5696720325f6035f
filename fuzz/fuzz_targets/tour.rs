//! Knight's tours on small boards from any start: a found tour is valid (every
//! square once, knight moves, the closing move when closed, by the tests'
//! checker), every "none" has a reason that holds, checked here apart from the
//! core's theory, and on boards of at most 30 squares the plain exhaustive
//! search of `plateau_tests::tour_reference` finds no tour either; a budget
//! gives an honest answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::tour::{Board, Square, TourKind, TourOutcome, find_tour};
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
    let n = usize::from(w) * usize::from(h);
    let (mut out, mut scratch) = (vec![Square::new(0, 0); n], vec![0u8; n]);
    let full = find_tour(board, start, kind, &mut out, &mut scratch, u64::MAX).unwrap();
    match full {
        TourOutcome::Found => {
            let tour: Vec<(u16, u16)> = out.iter().map(|s| (s.x, s.y)).collect();
            assert!(
                tour_reference::is_tour(w, h, &tour, closed),
                "{w}x{h} from {start:?}"
            );
            assert_eq!(out[0], start);
        }
        TourOutcome::None(why) => {
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
    // A small budget: the same answer, or Exhausted; never a different verdict.
    let small = find_tour(
        board,
        start,
        kind,
        &mut out,
        &mut scratch,
        u64::from(budget % 5000),
    );
    match small.unwrap() {
        TourOutcome::Exhausted { .. } => {}
        TourOutcome::Found => {
            let tour: Vec<(u16, u16)> = out.iter().map(|s| (s.x, s.y)).collect();
            assert!(full == TourOutcome::Found && tour_reference::is_tour(w, h, &tour, closed));
        }
        other => assert_eq!(other, full),
    }
});
