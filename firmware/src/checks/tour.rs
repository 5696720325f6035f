//! Knight's tours on the chip: 8×8 open and closed tours from a corner, checked
//! here; "none" from theory; exact counts. The tour's memory is lent from a
//! `static` (two arrays of 64), as firmware would.

use core::cell::RefCell;

use critical_section::Mutex;
use plateau::Budget;
use plateau::tour::{Board, NoTour, Square, Tour, TourCount, TourKind, TourOutcome, check_tour};

use crate::expected::tour::{NONE_4X4, OPEN_3X4_IN_ALL, OPEN_5X5_FROM_CORNER};
use crate::harness::{AtStep, Outcome, accepted, displays, equal, holds};

/// Moves either search may try before answering `Exhausted`.
const BUDGET: Budget = Budget::new(50_000_000);

/// The squares of a tour and the scratch, for boards of up to 64 squares.
type Memory = ([Square; 64], [u8; 64]);

static MEMORY: Mutex<RefCell<Memory>> =
    Mutex::new(RefCell::new(([Square::new(0, 0); 64], [0; 64])));

/// 8×8 from a1: an open tour and a closed tour, each checked square by square.
pub fn eight_by_eight() -> Outcome {
    let board = accepted("Board::new", Board::new(8, 8))?;
    for (i, kind) in [TourKind::Open, TourKind::Closed].into_iter().enumerate() {
        critical_section::with(|cs| {
            let mut memory = MEMORY.borrow_ref_mut(cs);
            let (squares, scratch) = &mut *memory;
            let mut tour = accepted("Tour::new", Tour::new(board, &mut squares[..], &mut scratch[..]))?;
            let found = accepted("find", tour.find(Square::new(0, 0), kind, BUDGET))?;
            equal("outcome", found, TourOutcome::Found).at(i)?;
            let squares = tour.squares();
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
        let mut memory = MEMORY.borrow_ref_mut(cs);
        let (squares, scratch) = &mut *memory;
        let mut tour = accepted("Tour::new", Tour::new(four, &mut squares[..], &mut scratch[..]))?;
        let none = accepted("find", tour.find(Square::new(0, 0), TourKind::Open, BUDGET))?;
        equal("4x4", none, TourOutcome::NoSolution(NoTour::NoOpenTour))?;
        displays("4x4 reason", NoTour::NoOpenTour, NONE_4X4)?;
        accepted("set_board", tour.set_board(five))?;
        let corner = accepted("count", tour.count(Square::new(0, 0), TourKind::Open, BUDGET))?;
        equal(
            "5x5 from a corner",
            corner,
            TourCount::Exactly(OPEN_5X5_FROM_CORNER),
        )?;
        accepted("set_board", tour.set_board(three_four))?;
        let mut all = 0;
        for y in 0..4 {
            for x in 0..3 {
                let n = accepted(
                    "count",
                    tour.count(Square::new(x, y), TourKind::Open, BUDGET),
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
