//! What every piece of a tour search works on: the board, the start, the
//! memory and the one step meter ([`Job`]), and how a bounded piece of work
//! is paid for before it is done ([`Toll`]).
//!
//! Every unit of work is charged to the meter of the search that does it, so
//! that a run of `budget` units does at most that much work: the knight
//! moves of the searches one at a time, the linear sweeps (degrees filled,
//! the cycle walked into the tour, the tour checked) in chunks of as many
//! squares as the slice has left, and the pieces of the constructions (a
//! block copied, mirrored, joined or written into the cycle: at most
//! [`BLOCK_SQUARES`] squares each) paid in full before they are done, over as
//! many runs as that takes.

use super::{Board, Square};
use crate::search::Meter;

/// Squares of the largest block the constructions search (10 × 11): the
/// size of the scratch a block search works in.
pub(crate) const BLOCK_SQUARES: usize = 110;

/// One search's context: the board, where the path starts, its memory and the meter.
///
/// The blocks and gadgets of the constructions are searched as jobs of their
/// own (a small board, the front of the tour's memory for the path and the
/// construction's block scratch) that spend from the same meter.
pub(crate) struct Job<'a> {
    /// The board searched.
    pub board: Board,
    /// The first square of the path.
    pub start: Square,
    /// The path: one square per square of `board`.
    pub out: &'a mut [Square],
    /// One byte per square of `board` (degrees, marks or cycle links).
    pub scratch: &'a mut [u8],
    /// The search's meter: what it spent, and where the running slice ends.
    pub meter: &'a mut Meter,
}

impl Job<'_> {
    /// Takes up to `want` units of the slice for a sweep; returns how many
    /// (0 when the slice is spent).
    #[inline(always)]
    pub(crate) fn take(&mut self, want: u64) -> u64 {
        let units = want.min(self.meter.left());
        self.meter.spend(units);
        units
    }
}

/// A bounded piece of work of known cost, paid for before it is done, over
/// as many runs as that takes: a slice of 1 unit a run pays a block of 60
/// squares in 60 runs, and the 60th does it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Toll {
    /// Units paid toward the piece in progress.
    paid: u64,
}

impl Toll {
    /// Nothing paid.
    pub(crate) const NONE: Toll = Toll { paid: 0 };

    /// Pays what the slice allows toward a piece of `cost` units; returns
    /// whether all of it is paid (the piece is then done by the caller at
    /// once, and the toll is ready for the next).
    #[inline]
    pub(crate) fn pay(&mut self, meter: &mut Meter, cost: u64) -> bool {
        let due = cost.saturating_sub(self.paid);
        let units = due.min(meter.left());
        meter.spend(units);
        self.paid = self.paid.saturating_add(units);
        if self.paid >= cost {
            self.paid = 0;
            true
        } else {
            false
        }
    }
}
