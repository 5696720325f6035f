//! Knight's tours on small boards from any start: a found tour is valid (every
//! square once, knight moves, the closing move when closed), "none" agrees with
//! the theory or an exhaustive count of zero, and a budget gives an honest answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::tour::{
    Board, NoTour, Square, TourCount, TourKind, TourOutcome, check_tour, count_tours, find_tour,
};

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
            assert!(check_tour(board, &out, kind), "{w}x{h} from {start:?}");
            assert_eq!(out[0], start);
        }
        TourOutcome::None(NoTour::NoneFromSquare) => {
            // Only from an exhaustive search: a count agrees on small boards.
            if n <= 25 {
                let count = count_tours(board, start, kind, &mut out, &mut scratch, u64::MAX);
                assert_eq!(count, Ok(TourCount::Exactly(0)));
            }
        }
        TourOutcome::None(_) => assert!(board.no_tour_by_theory(start, kind).is_some()),
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
        TourOutcome::Found => assert!(full == TourOutcome::Found && check_tour(board, &out, kind)),
        other => assert_eq!(other, full),
    }
});
