//! Knight's tours on small boards from any start: a found tour is valid (every
//! square once, knight moves, the closing move when closed, by the tests'
//! checker), every "none" has a reason that holds, checked here apart from the
//! core's theory, and on boards of at most 30 squares the plain exhaustive
//! search of `plateau_tests::tour_reference` finds no tour either; a budget
//! gives an honest answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::tour::{Board, NoTour, Square, TourKind, TourOutcome, find_tour};
use plateau_tests::tour_reference;

/// The most squares the reference search settles quickly.
const REFERENCE_SQUARES: usize = 30;

/// SPEC §3, written out here: the boards with an open tour, and with a closed one.
fn open_exists(w: u16, h: u16) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5
}

fn closed_exists(w: u16, h: u16) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    (m % 2 == 0 || n % 2 == 0) && m != 1 && m != 2 && m != 4 && !(m == 3 && [4, 6, 8].contains(&n))
}

/// Whether the reason of a "none" holds for this board and square.
fn reason_holds(w: u16, h: u16, s: Square, kind: TourKind, why: NoTour) -> bool {
    let open = kind == TourKind::Open;
    let inner_line = (h == 4 && w != 4 && (s.y == 1 || s.y == 2))
        || (w == 4 && h != 4 && (s.x == 1 || s.x == 2));
    match why {
        NoTour::NoOpenTour => open && !open_exists(w, h),
        NoTour::NoClosedTour => !open && !closed_exists(w, h),
        NoTour::MinorityColour => open && (w * h) % 2 == 1 && (s.x + s.y) % 2 == 1,
        NoTour::InnerLineOf4xN => open && inner_line,
        NoTour::NoneFromSquare => {
            open && open_exists(w, h) && usize::from(w) * usize::from(h) <= REFERENCE_SQUARES
        }
    }
}

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
                reason_holds(w, h, start, kind, why),
                "{w}x{h} from {start:?} {kind:?}: {why:?}"
            );
            if n <= REFERENCE_SQUARES {
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
