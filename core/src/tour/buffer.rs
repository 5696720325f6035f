//! Fixed-size storage for small boards (an 8×8 board on a chip).

use super::{Board, Square, TourCount, TourError, TourKind, TourOutcome, count_tours, find_tour};

/// A tour and its scratch in fixed arrays, for boards of up to `N` squares.
///
/// 8×8 takes `TourBuffer::<64>`: 5 bytes per square (256 + 64 bytes).
///
/// ```
/// use plateau::tour::{Board, Square, TourBuffer, TourKind, TourOutcome, check_tour};
/// let mut buf = TourBuffer::<25>::new();
/// let board = Board::new(5, 5)?;
/// assert_eq!(buf.find(board, Square::new(0, 0), TourKind::Open, 1 << 20)?, TourOutcome::Found);
/// assert!(check_tour(board, buf.squares(board), TourKind::Open));
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TourBuffer<const N: usize> {
    squares: [Square; N],
    scratch: [u8; N],
}

impl<const N: usize> Default for TourBuffer<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> TourBuffer<N> {
    /// Makes an empty buffer.
    #[must_use]
    pub const fn new() -> Self {
        TourBuffer {
            squares: [Square { x: 0, y: 0 }; N],
            scratch: [0; N],
        }
    }

    /// Finds a tour as [`find_tour`] does; boards over `N` squares are [`TourError::OutTooSmall`].
    pub fn find(
        &mut self,
        board: Board,
        start: Square,
        kind: TourKind,
        budget: u64,
    ) -> Result<TourOutcome, TourError> {
        find_tour(
            board,
            start,
            kind,
            &mut self.squares,
            &mut self.scratch,
            budget,
        )
    }

    /// Counts tours as [`count_tours`] does.
    pub fn count(
        &mut self,
        board: Board,
        start: Square,
        kind: TourKind,
        budget: u64,
    ) -> Result<TourCount, TourError> {
        count_tours(
            board,
            start,
            kind,
            &mut self.squares,
            &mut self.scratch,
            budget,
        )
    }

    /// Returns the squares of the last tour found on `board`, in order.
    #[must_use]
    pub fn squares(&self, board: Board) -> &[Square] {
        let n = usize::try_from(board.squares())
            .unwrap_or(usize::MAX)
            .min(N);
        self.squares.get(..n).unwrap_or(&[])
    }
}
