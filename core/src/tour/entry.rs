//! The entry type: one board and the memory its searches work in, owned or lent.

use super::find::{self, Job, Meter};
use super::{Board, Square, TourCount, TourError, TourKind, TourOutcome};
use crate::Budget;

/// Finds and counts knight's tours of one board, in memory the caller owns or lends.
///
/// `T` holds the tour, one [`Square`] per square of the board, and `S` the
/// scratch, one byte per square ([`scratch_len`](super::scratch_len)). The same
/// type works over arrays (`Tour<[Square; 64], [u8; 64]>`: an 8×8 board in 320
/// bytes), lent slices (`Tour<&mut [Square], &mut [u8]>`: a `static` buffer on
/// a chip, or a 2000×2000 board on a host) or `Vec`s. Slices longer than the
/// board are fine: a search uses the first square and byte per square.
///
/// ```
/// use plateau::Budget;
/// use plateau::tour::{Board, Square, Tour, TourKind, TourOutcome, scratch_len};
/// let board = Board::new(10, 3)?;
/// let mut squares = vec![Square::default(); 30]; // a `static` array on a chip
/// let mut scratch = vec![0; scratch_len(board) as usize];
/// let mut tour = Tour::new(board, &mut squares[..], &mut scratch[..])?;
/// let a1 = Square::new(0, 0);
/// assert_eq!(tour.find(a1, TourKind::Closed, Budget::new(1 << 20))?, TourOutcome::Found);
/// assert_eq!(tour.squares().len(), 30);
/// let cut = tour.find(a1, TourKind::Open, Budget::new(0))?; // no move may be tried
/// assert_eq!(cut, TourOutcome::Exhausted { visited: 0, spent: 0 });
/// assert!(tour.squares().is_empty());
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tour<T, S> {
    board: Board,
    squares: T,
    scratch: S,
    /// Squares of the tour held in `squares`: the board's after a [`Tour::find`]
    /// that found one, else 0.
    found: usize,
}

impl<const N: usize> Tour<[Square; N], [u8; N]> {
    /// Makes the tours of `board` in arrays of `N` squares and `N` bytes that
    /// it owns; `const`, so it can initialise a `static` on a chip. Boards over
    /// `N` squares are [`TourError::OutTooSmall`].
    ///
    /// ```
    /// use plateau::tour::{Board, Square, Tour, TourError};
    /// const EIGHT: Board = match Board::new(8, 8) {
    ///     Ok(board) => board,
    ///     Err(_) => panic!("8x8 is a board"),
    /// };
    /// static TOUR: Result<Tour<[Square; 64], [u8; 64]>, TourError> = Tour::owned(EIGHT);
    /// assert!(TOUR.is_ok());
    /// ```
    pub const fn owned(board: Board) -> Result<Self, TourError> {
        let squares = board.squares();
        if squares > N as u64 {
            // `N` squares fit a `usize`; a board of more is refused for its size.
            let needed = if squares > usize::MAX as u64 {
                usize::MAX
            } else {
                squares as usize
            };
            return Err(TourError::OutTooSmall { needed, given: N });
        }
        Ok(Tour {
            board,
            squares: [Square { x: 0, y: 0 }; N],
            scratch: [0; N],
            found: 0,
        })
    }
}

impl<T, S> Tour<T, S>
where
    T: AsRef<[Square]> + AsMut<[Square]>,
    S: AsMut<[u8]>,
{
    /// Makes the tours of `board` in `squares` (one per square) and `scratch` (one byte per square).
    ///
    /// Returns [`TourError::OutTooSmall`] or [`TourError::ScratchTooSmall`] when
    /// a buffer is shorter than the board, [`TourError::TooManySquares`] when the
    /// board's squares do not fit a `usize`.
    pub fn new(board: Board, squares: T, scratch: S) -> Result<Self, TourError> {
        let mut tour = Tour {
            board,
            squares,
            scratch,
            found: 0,
        };
        tour.memory(board)?;
        Ok(tour)
    }

    /// Aims the tour at another board in the same memory; on an error the board is unchanged.
    pub fn set_board(&mut self, board: Board) -> Result<(), TourError> {
        self.memory(board)?;
        self.board = board;
        self.found = 0;
        Ok(())
    }

    /// Returns the board.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// Returns the squares of the tour the last [`Tour::find`] found, in order;
    /// empty unless it answered [`TourOutcome::Found`].
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        self.squares.as_ref().get(..self.found).unwrap_or(&[])
    }

    /// Finds a knight's tour of `kind` from `start`, trying at most `budget` knight moves.
    ///
    /// A tour of n squares needs at least n moves. "No tour" and "out of
    /// budget" are outcomes; the only error is [`TourError::StartOffBoard`]
    /// (or a buffer that shrank since [`Tour::new`]).
    pub fn find(
        &mut self,
        start: Square,
        kind: TourKind,
        budget: Budget,
    ) -> Result<TourOutcome, TourError> {
        let (outcome, n) = self.with_job(start, budget, |job| find::find(job, kind))?;
        if outcome == TourOutcome::Found {
            self.found = n;
        }
        Ok(outcome)
    }

    /// Counts the directed tours of `kind` from `start` exactly, trying at most `budget` knight moves.
    ///
    /// A closed tour counts once per direction. When the budget runs out the
    /// answer is [`TourCount::Exhausted`] with the tours counted so far. The
    /// search uses the tour's memory: [`Tour::squares`] is empty afterwards.
    pub fn count(
        &mut self,
        start: Square,
        kind: TourKind,
        budget: Budget,
    ) -> Result<TourCount, TourError> {
        let (count, _) = self.with_job(start, budget, |job| find::count(job, kind))?;
        Ok(count)
    }

    /// Runs `search` on a job from `start` over this tour's memory within
    /// `budget`, after forgetting the last tour; returns its answer and the
    /// board's number of squares.
    #[inline(always)]
    fn with_job<R>(
        &mut self,
        start: Square,
        budget: Budget,
        search: impl FnOnce(&mut Job<'_>) -> R,
    ) -> Result<(R, usize), TourError> {
        self.found = 0;
        let board = self.board;
        if !board.contains(start) {
            return Err(TourError::StartOffBoard { start, board });
        }
        let (out, scratch) = self.memory(board)?;
        let n = out.len();
        let mut meter = Meter::new(budget);
        let mut job = Job {
            board,
            start,
            out,
            scratch,
            meter: &mut meter,
        };
        Ok((search(&mut job), n))
    }

    /// Returns the tour and the scratch cut to `board`'s squares, or why they do not fit.
    fn memory(&mut self, board: Board) -> Result<(&mut [Square], &mut [u8]), TourError> {
        let n =
            usize::try_from(board.squares()).map_err(|_| TourError::TooManySquares { board })?;
        let out = self.squares.as_mut();
        let given = out.len();
        let out = out
            .get_mut(..n)
            .ok_or(TourError::OutTooSmall { needed: n, given })?;
        let scratch = self.scratch.as_mut();
        let given = scratch.len();
        let scratch = scratch
            .get_mut(..n)
            .ok_or(TourError::ScratchTooSmall { needed: n, given })?;
        Ok((out, scratch))
    }
}
