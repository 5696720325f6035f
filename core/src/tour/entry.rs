//! The entry type: one board and the memory its searches work in, owned or lent.

use super::count::TourCount;
use super::find::TourSearch;
use super::{Board, Square, TourError, TourKind};

/// Holds one board and the memory its tours are found and counted in, owned
/// or lent; starts the searches, which borrow it.
///
/// `T` holds the tour, one [`Square`] per square of the board, and `S` the
/// scratch, one byte per square ([`scratch_len`](super::scratch_len)). The same
/// type works over arrays (`Tour<[Square; 64], [u8; 64]>`: an 8×8 board in 320
/// bytes, made by [`Tour::new`]), lent slices (`Tour<&mut [Square], &mut [u8]>`:
/// a `static` buffer on a chip, or a 2000×2000 board on a host, made by
/// [`Tour::new_in`]) or `Vec`s. Slices longer than the board are fine: a
/// search uses the first square and byte per square.
///
/// [`Tour::find`] and [`Tour::count`] return a search to drive
/// ([`Search::run`](crate::search::Search::run)), in one call or in slices.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search};
/// use plateau::tour::{Board, Square, Tour, TourKind, scratch_len};
/// let board = Board::new(10, 3)?;
/// let mut squares = vec![Square::default(); 30]; // a `static` array on a chip
/// let mut scratch = vec![0; scratch_len(board) as usize];
/// let mut tour = Tour::new_in(board, &mut squares[..], &mut scratch[..])?;
/// let a1 = Square::new(0, 0);
/// let Ok(found) = tour.find(a1, TourKind::Closed)?.run(Budget::new(1 << 20));
/// assert_eq!(found, Outcome::Done(()));
/// assert_eq!(tour.squares().len(), 30);
/// let mut cut = tour.find(a1, TourKind::Open)?;
/// let Ok(outcome) = cut.run(Budget::new(0)); // no work may be done
/// assert_eq!(outcome, Outcome::Exhausted { best: 0, spent: 0 });
/// assert!(cut.squares().is_empty());
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tour<T, S> {
    board: Board,
    squares: T,
    scratch: S,
    /// Squares of the tour held in `squares`: the board's once a search
    /// started by [`Tour::find`] is done, else 0.
    found: usize,
}

impl<const N: usize> Tour<[Square; N], [u8; N]> {
    /// Makes the tours of `board` in arrays of `N` squares and `N` bytes that
    /// it owns; `const`, so it can initialise a `static` on a chip.
    ///
    /// Returns [`TourError::OutTooSmall`] for a board of more than `N` squares.
    ///
    /// ```
    /// use plateau::tour::{Board, Square, Tour, TourError};
    /// const EIGHT: Board = match Board::new(8, 8) {
    ///     Ok(board) => board,
    ///     Err(_) => panic!("8x8 is a board"),
    /// };
    /// static TOUR: Result<Tour<[Square; 64], [u8; 64]>, TourError> = Tour::new(EIGHT);
    /// assert!(TOUR.is_ok());
    /// let nine = Board::new(9, 9)?;
    /// let small = Tour::<[Square; 64], [u8; 64]>::new(nine);
    /// assert_eq!(small.err(), Some(TourError::OutTooSmall { needed: 81, given: 64 }));
    /// # Ok::<(), TourError>(())
    /// ```
    pub const fn new(board: Board) -> Result<Self, TourError> {
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
    /// Makes the tours of `board` in lent memory: `squares` (one per square)
    /// and `scratch` (one byte per square).
    ///
    /// Returns [`TourError::OutTooSmall`] or [`TourError::ScratchTooSmall`] when
    /// a buffer is shorter than the board, [`TourError::TooManySquares`] when the
    /// board's squares do not fit a `usize`.
    ///
    /// ```
    /// use plateau::tour::{Board, Square, Tour, TourError};
    /// let board = Board::new(8, 8)?;
    /// let (mut squares, mut scratch) = ([Square::default(); 64], [0u8; 64]);
    /// assert!(Tour::new_in(board, &mut squares[..], &mut scratch[..]).is_ok());
    /// let short = Tour::new_in(board, &mut squares[..], &mut scratch[..10]);
    /// assert_eq!(short.err(), Some(TourError::ScratchTooSmall { needed: 64, given: 10 }));
    /// # Ok::<(), TourError>(())
    /// ```
    pub fn new_in(board: Board, squares: T, scratch: S) -> Result<Self, TourError> {
        let mut tour = Tour {
            board,
            squares,
            scratch,
            found: 0,
        };
        tour.memory(board)?;
        Ok(tour)
    }

    /// Aims the tour at another board in the same memory and forgets the
    /// last tour; on an error (the memory is too short for it) nothing changes.
    ///
    /// ```
    /// use plateau::tour::{Board, Square, Tour};
    /// let mut tour = Tour::<[Square; 64], [u8; 64]>::new(Board::new(8, 8)?)?;
    /// tour.set_board(Board::new(5, 12)?)?;
    /// assert_eq!(tour.board(), Board::new(5, 12)?);
    /// assert!(tour.set_board(Board::new(9, 8)?).is_err());
    /// # Ok::<(), plateau::tour::TourError>(())
    /// ```
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

    /// Returns the squares of the tour the last search of [`Tour::find`]
    /// found, in order; empty unless it is done (and after a count).
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        self.squares.as_ref().get(..self.found).unwrap_or(&[])
    }

    /// Starts a search for a knight's tour of `kind` from `start`, in this
    /// tour's memory; it forgets the last tour.
    ///
    /// Drive it with [`Search::run`](crate::search::Search::run): see
    /// [`TourSearch`]. "No tour" and "out of budget" are outcomes; the only
    /// error is [`TourError::StartOffBoard`] (or a memory that shrank since
    /// [`Tour::new_in`], for an `AsMut` that answers differently).
    ///
    /// ```
    /// use plateau::Budget;
    /// use plateau::search::{Outcome, Search};
    /// use plateau::tour::{Board, NoTour, Square, Tour, TourError, TourKind};
    /// let board = Board::new(3, 4)?;
    /// let mut tour = Tour::<[Square; 12], [u8; 12]>::new(board)?;
    /// let b2 = Square::new(1, 1);
    /// let Ok(none) = tour.find(b2, TourKind::Open)?.run(Budget::UNLIMITED);
    /// assert_eq!(none, Outcome::NoSolution(NoTour::NoneFromSquare));
    /// let off = Square::new(3, 0);
    /// assert_eq!(tour.find(off, TourKind::Open).err(), Some(TourError::StartOffBoard { start: off, board }));
    /// # Ok::<(), TourError>(())
    /// ```
    pub fn find(&mut self, start: Square, kind: TourKind) -> Result<TourSearch<'_>, TourError> {
        let board = self.start(start)?;
        let Tour {
            squares,
            scratch,
            found,
            ..
        } = self;
        let (out, scratch) = memory(board, squares.as_mut(), scratch.as_mut())?;
        Ok(TourSearch::new((board, start, kind), out, scratch, found))
    }

    /// Starts a count of the directed tours of `kind` from `start`, in this
    /// tour's memory; it forgets the last tour.
    ///
    /// Drive it with [`Search::run`](crate::search::Search::run): see
    /// [`TourCount`]. The errors are those of [`Tour::find`].
    ///
    /// ```
    /// use plateau::Budget;
    /// use plateau::search::{Count, Outcome, Search};
    /// use plateau::tour::{Board, Square, Tour, TourKind};
    /// let mut tour = Tour::<[Square; 25], [u8; 25]>::new(Board::new(5, 5)?)?;
    /// let Ok(centre) = tour.count(Square::new(2, 2), TourKind::Open)?.run(Budget::UNLIMITED);
    /// assert_eq!(centre, Outcome::Done(Count::exactly(64)));
    /// # Ok::<(), plateau::tour::TourError>(())
    /// ```
    pub fn count(&mut self, start: Square, kind: TourKind) -> Result<TourCount<'_>, TourError> {
        let board = self.start(start)?;
        let (out, scratch) = memory(board, self.squares.as_mut(), self.scratch.as_mut())?;
        Ok(TourCount::new((board, start, kind), out, scratch))
    }

    /// Forgets the last tour and returns the board, if `start` is on it.
    fn start(&mut self, start: Square) -> Result<Board, TourError> {
        self.found = 0;
        let board = self.board;
        if board.contains(start) {
            Ok(board)
        } else {
            Err(TourError::StartOffBoard { start, board })
        }
    }

    /// Checks that the memory holds `board`.
    fn memory(&mut self, board: Board) -> Result<(), TourError> {
        memory(board, self.squares.as_mut(), self.scratch.as_mut()).map(|_| ())
    }
}

/// Returns the tour and the scratch cut to `board`'s squares, or why they do not fit.
fn memory<'m>(
    board: Board,
    out: &'m mut [Square],
    scratch: &'m mut [u8],
) -> Result<(&'m mut [Square], &'m mut [u8]), TourError> {
    let n = usize::try_from(board.squares()).map_err(|_| TourError::TooManySquares { board })?;
    let given = out.len();
    let out = out
        .get_mut(..n)
        .ok_or(TourError::OutTooSmall { needed: n, given })?;
    let given = scratch.len();
    let scratch = scratch
        .get_mut(..n)
        .ok_or(TourError::ScratchTooSmall { needed: n, given })?;
    Ok((out, scratch))
}
