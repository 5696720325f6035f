//! Knight's tours on the chip: 8×8 open and closed tours from a corner, checked
//! here; "none" from theory; exact counts. The tour and its memory (two arrays
//! of 64) live in a `static` (`Tour::new` is `const`), as firmware would;
//! `set_board` aims it at each board, and each search borrows it while it runs.

use core::cell::RefCell;

use critical_section::Mutex;
use plateau::Budget;
use plateau::search::{Count, Outcome, Search};
use plateau::tour::{Board, NoTour, Square, Tour, TourKind, check_tour};

use crate::expected::tour::{NONE_4X4, OPEN_3X4_IN_ALL, OPEN_5X5_FROM_CORNER};
use crate::harness::{AtStep, Outcome as CheckOutcome, accepted, displays, equal, holds};

/// Moves either search may try before answering `Exhausted`.
const BUDGET: Budget = Budget::new(50_000_000);

/// The board the static tour starts on.
const EIGHT: Board = match Board::new(8, 8) {
    Ok(board) => board,
    Err(_) => panic!("8x8 is a board"),
};

/// Tours of boards up to 64 squares, owned by a `static`.
type Tours = Tour<[Square; 64], [u8; 64]>;

static TOUR: Mutex<RefCell<Tours>> = Mutex::new(RefCell::new(match Tours::new(EIGHT) {
    Ok(tour) => tour,
    Err(_) => panic!("64 squares hold 8x8"),
}));

/// 8×8 from a1: an open tour and a closed tour, each checked square by square.
pub fn eight_by_eight() -> CheckOutcome {
    for (i, kind) in [TourKind::Open, TourKind::Closed].into_iter().enumerate() {
        critical_section::with(|cs| {
            let mut tour = TOUR.borrow_ref_mut(cs);
            accepted("set_board", tour.set_board(EIGHT))?;
            let mut search = accepted("find", tour.find(Square::new(0, 0), kind))?;
            let Ok(found) = search.run(BUDGET);
            equal("outcome", found, Outcome::Done(())).at(i)?;
            let squares = search.squares();
            equal("squares", squares.len(), 64).at(i)?;
            equal("start", squares.first().copied(), Some(Square::new(0, 0))).at(i)?;
            holds("a valid tour", check_tour(EIGHT, squares, kind)).at(i)
        })?;
    }
    Ok(())
}

/// "None" from theory (4×4), and the counts of SPEC §3 (5×5 from a corner, 3×4).
pub fn none_and_counts() -> CheckOutcome {
    let four = accepted("Board::new", Board::new(4, 4))?;
    let five = accepted("Board::new", Board::new(5, 5))?;
    let three_four = accepted("Board::new", Board::new(3, 4))?;
    critical_section::with(|cs| {
        let mut tour = TOUR.borrow_ref_mut(cs);
        accepted("set_board", tour.set_board(four))?;
        let mut search = accepted("find", tour.find(Square::new(0, 0), TourKind::Open))?;
        let Ok(none) = search.run(BUDGET);
        equal("4x4", none, Outcome::NoSolution(NoTour::NoOpenTour))?;
        displays("4x4 reason", NoTour::NoOpenTour, NONE_4X4)?;
        accepted("set_board", tour.set_board(five))?;
        let corner = count(&mut tour, Square::new(0, 0))?;
        equal("5x5 from a corner", corner, Some(OPEN_5X5_FROM_CORNER))?;
        accepted("set_board", tour.set_board(three_four))?;
        let mut all = 0;
        for y in 0..4 {
            for x in 0..3 {
                match count(&mut tour, Square::new(x, y))? {
                    Some(n) => all += n,
                    None => return holds("3x4 counted", false),
                }
            }
        }
        equal("3x4 in all", all, OPEN_3X4_IN_ALL)
    })
}

/// Counts the open tours from `start`: the exact count, or none if the
/// budget cut it short.
fn count(tour: &mut Tours, start: Square) -> Result<Option<u64>, crate::harness::Mismatch> {
    let mut count = accepted("count", tour.count(start, TourKind::Open))?;
    let Ok(outcome) = count.run(BUDGET);
    Ok(match outcome {
        Outcome::Done(Count {
            at_least,
            exact: true,
        }) => Some(at_least),
        _ => None,
    })
}
