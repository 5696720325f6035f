//! Knight's tours on the chip: 8×8 open and closed tours from a corner, checked
//! here; "none" from theory; exact counts. The buffers are lent from static
//! memory (`TourBuffer::new` is `const`), as firmware would.

use core::cell::RefCell;

use critical_section::Mutex;
use plateau::tour::{
    Board, NoTour, Square, TourBuffer, TourCount, TourKind, TourOutcome, check_tour,
};

use crate::expected::tour::{NONE_4X4, OPEN_3X4_IN_ALL, OPEN_5X5_FROM_CORNER};
use crate::harness::{AtStep, Outcome, accepted, displays, equal, holds};

/// Moves either search may try before answering `Exhausted`.
const BUDGET: u64 = 50_000_000;

static BUFFER: Mutex<RefCell<TourBuffer<64>>> = Mutex::new(RefCell::new(TourBuffer::new()));

/// 8×8 from a1: an open tour and a closed tour, each checked square by square.
pub fn eight_by_eight() -> Outcome {
    let board = accepted("Board::new", Board::new(8, 8))?;
    for (i, kind) in [TourKind::Open, TourKind::Closed].into_iter().enumerate() {
        critical_section::with(|cs| {
            let mut buffer = BUFFER.borrow_ref_mut(cs);
            let found = accepted("find", buffer.find(board, Square::new(0, 0), kind, BUDGET))?;
            equal("outcome", found, TourOutcome::Found).at(i)?;
            let squares = buffer.squares(board);
            equal("squares", squares.len(), 64).at(i)?;
            equal("start", squares.first().copied(), Some(Square::new(0, 0))).at(i)?;
            holds("a valid tour", check_tour(board, squares, kind)).at(i)
        })?;
    }
    Ok(())
}

/// "None" from theory (4×4), and the counts of SPEC §3 (5×5 from a corner, 3×4).
pub fn none_and_counts() -> Outcome {
    let four = accepted("Board::new", Board::new(4, 4))?;
    let five = accepted("Board::new", Board::new(5, 5))?;
    let three_four = accepted("Board::new", Board::new(3, 4))?;
    critical_section::with(|cs| {
        let mut buffer = BUFFER.borrow_ref_mut(cs);
        let none = accepted(
            "find",
            buffer.find(four, Square::new(0, 0), TourKind::Open, BUDGET),
        )?;
        equal("4x4", none, TourOutcome::None(NoTour::NoOpenTour))?;
        displays("4x4 reason", NoTour::NoOpenTour, NONE_4X4)?;
        let corner = accepted(
            "count",
            buffer.count(five, Square::new(0, 0), TourKind::Open, BUDGET),
        )?;
        equal(
            "5x5 from a corner",
            corner,
            TourCount::Exactly(OPEN_5X5_FROM_CORNER),
        )?;
        let mut all = 0;
        for y in 0..4 {
            for x in 0..3 {
                let n = accepted(
                    "count",
                    buffer.count(three_four, Square::new(x, y), TourKind::Open, BUDGET),
                )?;
                match n {
                    TourCount::Exactly(n) => all += n,
                    TourCount::Exhausted { .. } => return holds("3x4 counted", false),
                }
            }
        }
        equal("3x4 in all", all, OPEN_3X4_IN_ALL)
    })
}
