//! Minesweeper: which hidden squares next to the revealed numbers can hold a
//! mine, and which must.
//!
//! A [`Minefield`] is a partly revealed board: numbers, hidden squares, flagged
//! mines, and optionally the total number of mines. The hidden squares next to a
//! number form the *frontier*; the other hidden squares are the *interior*. The
//! search enumerates every mine layout of the frontier that agrees with all the
//! numbers (and with the total: the interior must be able to hold the mines
//! left over). A [`SurveySearch`] counts the layouts and how often each
//! frontier square holds a mine, so a square is a mine in every layout, safe in
//! every layout, or undecided.
//!
//! The survey is a [`Search`] over frames the caller owns or lends (one per
//! frontier square, plus one: about 6 KiB at most, never on the call stack):
//! [`Outcome::Done`] with the [`Survey`], [`Outcome::NoSolution`] when no
//! layout fits the numbers, [`Outcome::Exhausted`] with the layouts seen so
//! far when its [`Budget`] (counted in nodes expanded) ran out.
//!
//! ```
//! use plateau::Budget;
//! use plateau::grid::{Cell, Minefield, SurveySearch, minesweeper::Tile::{Hidden as H, Number as N}};
//! use plateau::search::{Outcome, Search};
//! // 1 hidden square between two 1s.
//! let field = Minefield::new(3, 1, &[N(1), H, N(1)], None)?;
//! let Ok(Outcome::Done(survey)) = SurveySearch::new(&field).run(Budget::UNLIMITED) else {
//!     return Err("no layout".into());
//! };
//! assert_eq!(survey.layouts(), 1);
//! assert_eq!(survey.forced(Cell::new(0, 1)), Some(true));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::convert::Infallible;
use core::fmt;

use super::tree::{Dfs, Node, Raw, Slot};
use super::{Cell, MemoryError, Seek};
use crate::Budget;
use crate::search::{Count, Outcome, Search};

/// Most columns and most rows of a board.
pub const MAX_SIDE: usize = 32;
/// Most squares of a board.
pub const MAX_SQUARES: usize = MAX_SIDE * MAX_SIDE;
/// Most hidden squares next to numbers (one bit each in a `u128`).
pub const MAX_FRONTIER: usize = 128;
/// Most numbers next to the frontier.
pub const MAX_CLUES: usize = 256;
/// The largest number a square can show: it has at most 8 neighbours.
pub const MAX_NUMBER: u8 = 8;

/// Shows one square of the board as the player sees it.
///
/// ```
/// use plateau::grid::minesweeper::Tile;
/// let row = [Tile::Hidden, Tile::Mine, Tile::Number(1)];
/// assert_eq!(row[2], Tile::Number(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Tile {
    /// Not revealed.
    Hidden,
    /// Known to be a mine (flagged).
    Mine,
    /// Revealed: the number of mines among its (up to 8) neighbours.
    Number(u8),
}

/// Says why a board cannot be surveyed.
///
/// ```
/// use plateau::grid::{Cell, Minefield, MinefieldError, minesweeper::Tile::{Hidden as H, Number as N}};
/// let err = Minefield::new(2, 1, &[H, N(9)], None);
/// assert_eq!(err, Err(MinefieldError::NumberTooLarge { square: Cell::new(0, 1), number: 9 }));
/// assert_eq!(err.unwrap_err().to_string(), "the number 9 at (0, 1) is above 8");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum MinefieldError {
    /// No rows or no columns.
    Empty,
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge {
        /// The columns asked for.
        width: usize,
        /// The rows asked for.
        height: usize,
    },
    /// The squares do not fill the board.
    WrongLength {
        /// `width × height`.
        expected: usize,
        /// The squares given.
        got: usize,
    },
    /// A number is above [`MAX_NUMBER`].
    NumberTooLarge {
        /// The square.
        square: Cell,
        /// Its number.
        number: u8,
    },
    /// More than [`MAX_FRONTIER`] hidden squares next to numbers.
    FrontierTooLarge {
        /// The first frontier square past the capacity (row-major order).
        square: Cell,
    },
    /// More than [`MAX_CLUES`] numbers next to hidden squares.
    TooManyClues {
        /// The first such number past the capacity (row-major order).
        square: Cell,
    },
}

impl fmt::Display for MinefieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MinefieldError::Empty => f.write_str("the board needs at least one row and one column"),
            MinefieldError::TooLarge { width, height } => write!(
                f,
                "the board has {height} rows and {width} columns, more than {MAX_SIDE} of either"
            ),
            MinefieldError::WrongLength { expected, got } => {
                write!(f, "{got} squares do not fill the board of {expected}")
            }
            MinefieldError::NumberTooLarge { square, number } => {
                write!(f, "the number {number} at {square} is above {MAX_NUMBER}")
            }
            // The CLI prints these two as they are: the square stays out of the
            // message, which reads as it always has.
            MinefieldError::FrontierTooLarge { .. } => write!(
                f,
                "more than {MAX_FRONTIER} hidden squares are next to numbers"
            ),
            MinefieldError::TooManyClues { .. } => write!(
                f,
                "more than {MAX_CLUES} numbers are next to hidden squares"
            ),
        }
    }
}

impl core::error::Error for MinefieldError {}

/// A number next to the frontier: which frontier squares it sees, and how many
/// mines they hold (its number minus the flagged mines around it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Clue {
    /// The frontier squares it sees, a bit each, as four words: 20 bytes a
    /// clue where a `u128` would be 32 on a host (its alignment).
    around: [u32; 4],
    mines: u8,
}

impl Clue {
    /// The frontier squares it sees.
    #[inline(always)]
    fn around(&self) -> u128 {
        let [a, b, c, d] = self.around.map(u128::from);
        a | b << 32 | c << 64 | d << 96
    }
}

/// Holds a partly revealed board, with its frontier and clues worked out.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{Cell, SurveySearch};
/// use plateau::grid::minesweeper::{Minefield, Tile::{Hidden as H, Number as N}};
/// use plateau::search::{Outcome, Search};
/// let field = Minefield::new(3, 2, &[H, H, H, N(1), N(2), N(1)], None)?; // ??? over 121
/// let Ok(Outcome::Done(survey)) = SurveySearch::new(&field).run(Budget::UNLIMITED) else {
///     return Err("no layout".into());
/// };
/// assert_eq!(survey.layouts(), 1);
/// let top = [0, 1, 2].map(|col| survey.forced(Cell::new(0, col)));
/// assert_eq!(top, [Some(true), Some(false), Some(true)]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Minefield<const CLUES: usize = MAX_CLUES> {
    width: u8,
    height: u8,
    /// Frontier square `i` is board square `frontier[i]` (row-major, so in
    /// increasing order: a square's frontier index is found by bisection).
    frontier: heapless::Vec<u16, MAX_FRONTIER>,
    clues: heapless::Vec<Clue, CLUES>,
    interior: u16,
    /// Mines not flagged, if the total is known.
    unflagged: Option<u16>,
    /// True when a number or the total already contradicts the flags
    /// (false, so that an empty field is zero-filled: `.bss`).
    contradicted: bool,
}

impl Minefield {
    /// Reads a board of `width × height` squares (row-major) and the optional total of mines.
    ///
    /// Fails if the board is empty, wider or taller than [`MAX_SIDE`], the squares
    /// do not fill it, a number is above [`MAX_NUMBER`], or the frontier or the
    /// clues exceed [`MAX_FRONTIER`] or [`MAX_CLUES`].
    pub fn new(
        width: usize,
        height: usize,
        squares: &[Tile],
        total: Option<u16>,
    ) -> Result<Minefield, MinefieldError> {
        let mut f = Minefield::EMPTY;
        f.read(width, height, squares, total)?;
        Ok(f)
    }
}

impl<const CLUES: usize> Minefield<CLUES> {
    /// A board with no square: a `static`'s value (zero-filled, in `.bss`),
    /// before [`Minefield::read`] reads a board into it.
    pub const EMPTY: Minefield<CLUES> = Minefield {
        width: 0,
        height: 0,
        frontier: heapless::Vec::new(),
        clues: heapless::Vec::new(),
        interior: 0,
        unflagged: None,
        contradicted: false,
    };

    /// Reads a board as [`Minefield::new`] does, into this value in place:
    /// up to `CLUES` numbers next to hidden squares (a board of 32×32 may
    /// need [`MAX_CLUES`], 20 bytes each; a small one far fewer: on a chip,
    /// a `static` `Minefield<N>` made by [`Minefield::EMPTY`]). On an error
    /// the value holds no board.
    ///
    /// ```
    /// use plateau::grid::minesweeper::{Minefield, MinefieldError, Tile::{Hidden as H, Number as N}};
    /// let mut field = Minefield::<4>::EMPTY; // 4 numbers at most; a `static` on a chip
    /// field.read(3, 2, &[H, H, H, N(1), N(2), N(1)], None)?;
    /// assert_eq!(field.frontier().count(), 3);
    /// assert_eq!(field.read(2, 1, &[N(9), H], None), Err(MinefieldError::NumberTooLarge { square: plateau::grid::Cell::new(0, 0), number: 9 }));
    /// assert_eq!(field.frontier().count(), 0);
    /// // Five numbers next to hidden squares: one more than it holds.
    /// let many = [H, H, H, H, H, N(1), N(1), N(1), N(1), N(1)];
    /// assert!(matches!(field.read(5, 2, &many, None), Err(MinefieldError::TooManyClues { .. })));
    /// # Ok::<(), MinefieldError>(())
    /// ```
    pub fn read(
        &mut self,
        width: usize,
        height: usize,
        squares: &[Tile],
        total: Option<u16>,
    ) -> Result<(), MinefieldError> {
        self.clear();
        let read = self.fill(width, height, squares, total);
        if read.is_err() {
            self.clear();
        }
        read
    }

    /// Leaves no board in the value.
    fn clear(&mut self) {
        self.width = 0;
        self.height = 0;
        self.frontier.clear();
        self.clues.clear();
        self.interior = 0;
        self.unflagged = None;
        self.contradicted = false;
    }

    fn fill(
        &mut self,
        width: usize,
        height: usize,
        squares: &[Tile],
        total: Option<u16>,
    ) -> Result<(), MinefieldError> {
        if width == 0 || height == 0 {
            return Err(MinefieldError::Empty);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(MinefieldError::TooLarge { width, height });
        }
        if squares.len() != width * height {
            return Err(MinefieldError::WrongLength {
                expected: width * height,
                got: squares.len(),
            });
        }
        let f = self;
        f.width = width as u8;
        f.height = height as u8;
        let mut flags = 0u16;
        for (i, sq) in squares.iter().enumerate() {
            match *sq {
                Tile::Number(n) if n > MAX_NUMBER => {
                    return Err(MinefieldError::NumberTooLarge {
                        square: f.cell(i),
                        number: n,
                    });
                }
                Tile::Mine => flags = flags.saturating_add(1),
                Tile::Hidden => {
                    let by_number = f
                        .neighbours(i)
                        .any(|j| matches!(squares.get(j), Some(Tile::Number(_))));
                    if by_number {
                        // i < MAX_SQUARES fits a u16.
                        f.frontier.push(i as u16).map_err(|_| {
                            MinefieldError::FrontierTooLarge {
                                square: cell_of(width, i),
                            }
                        })?;
                    } else {
                        f.interior = f.interior.saturating_add(1);
                    }
                }
                Tile::Number(_) => {}
            }
        }
        for (i, sq) in squares.iter().enumerate() {
            let Tile::Number(n) = *sq else { continue };
            let mut around = [0u32; 4];
            let mut flagged = 0u8;
            for j in f.neighbours(i) {
                match squares.get(j) {
                    // (At most 8 neighbours.)
                    Some(Tile::Mine) => flagged = flagged.saturating_add(1),
                    Some(Tile::Hidden) => {
                        if let Some(k) = index_in(&f.frontier, j)
                            && let Some(word) = around.get_mut(k / 32)
                        {
                            *word |= 1 << (k % 32);
                        }
                    }
                    _ => {}
                }
            }
            let Some(mines) = n.checked_sub(flagged) else {
                f.contradicted = true;
                continue;
            };
            if around == [0; 4] {
                f.contradicted |= mines != 0;
                continue;
            }
            f.clues
                .push(Clue { around, mines })
                .map_err(|_| MinefieldError::TooManyClues {
                    square: cell_of(width, i),
                })?;
        }
        if let Some(total) = total {
            match total.checked_sub(flags) {
                Some(left) => f.unflagged = Some(left),
                None => f.contradicted = true,
            }
        }
        Ok(())
    }

    /// Returns the board squares (row-major) next to square `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<CLUES> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        let (r, c) = (i / w.max(1), i % w.max(1));
        (0..9).filter_map(move |k| {
            // r < h and c < w, both at most MAX_SIDE: nothing here wraps.
            let (rr, cc) = (
                r.wrapping_add(k / 3).checked_sub(1)?,
                c.wrapping_add(k % 3).checked_sub(1)?,
            );
            (k != 4 && rr < h && cc < w).then_some(rr.wrapping_mul(w).wrapping_add(cc))
        })
    }

    /// Returns the cell of board square `i` (row-major); the board is at most
    /// [`MAX_SIDE`] wide and tall, so both fit a `u8`.
    fn cell(&self, i: usize) -> Cell {
        cell_of(usize::from(self.width), i)
    }

    /// Returns the hidden squares next to numbers, in row-major order.
    pub fn frontier(&self) -> impl Iterator<Item = Cell> + '_ {
        self.frontier.iter().map(|&i| self.cell(usize::from(i)))
    }

    /// Returns the number of hidden squares away from every number.
    #[must_use]
    pub const fn interior(&self) -> usize {
        self.interior as usize
    }
}

/// The frontier index of board square `i`: its place in `frontier`, which
/// is in increasing order; `None` off the frontier.
fn index_in(frontier: &[u16], i: usize) -> Option<usize> {
    let i = u16::try_from(i).ok()?;
    frontier.binary_search(&i).ok()
}

/// The cell of row-major square `i` on a board `width` squares wide (at most
/// [`MAX_SIDE`] either way, so both fit a `u8`).
fn cell_of(width: usize, i: usize) -> Cell {
    let w = width.max(1);
    Cell::new((i / w) as u8, (i % w) as u8)
}

/// Most frames a survey can need: one per frontier square, plus one.
pub const SURVEY_FRAMES: usize = MAX_FRONTIER + 1;

/// A node of the search: which frontier squares are decided mine or safe.
/// The board's clues are the search's rules, not part of the node, so a
/// frame holds no reference and can live in a `static`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Layout {
    mine: u128,
    safe: u128,
}

impl Layout {
    const EMPTY: Layout = Layout { mine: 0, safe: 0 };

    /// Returns the mines left for the interior when the total is known.
    fn left_for_interior(&self, field: &dyn Board) -> Option<u16> {
        field
            .unflagged()
            .and_then(|u| u.checked_sub(self.mine.count_ones() as u16))
    }
}

// By hand: the derived form of a struct of more than five fields asserts
// that its name and value lists have one length (a panic path to the linker).
impl<const CLUES: usize> fmt::Debug for Minefield<CLUES> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Minefield")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("frontier", &self.frontier)
            .field("clues", &self.clues)
            .field("interior", &self.interior)
            .field("unflagged", &self.unflagged)
            .field("contradicted", &self.contradicted)
            .finish()
    }
}

/// What the search reads of a board, whatever its capacity of clues: the
/// rules of its tree (one copy of the search's code for every capacity).
pub(crate) trait Board {
    /// Every frontier square.
    fn all(&self) -> u128;
    /// The numbers next to the frontier.
    fn clues(&self) -> &[Clue];
    /// Mines not flagged, if the total is known.
    fn unflagged(&self) -> Option<u16>;
    /// Hidden squares away from every number.
    fn interior_squares(&self) -> u16;
}

impl<const CLUES: usize> Board for Minefield<CLUES> {
    fn all(&self) -> u128 {
        // frontier.len() <= MAX_FRONTIER = 128.
        1u128
            .checked_shl(self.frontier.len() as u32)
            .map_or(u128::MAX, |b| b - 1)
    }

    fn clues(&self) -> &[Clue] {
        &self.clues
    }

    fn unflagged(&self) -> Option<u16> {
        self.unflagged
    }

    fn interior_squares(&self) -> u16 {
        self.interior
    }
}

/// The two choices for one frontier square: mine first, then safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct MineOrSafe {
    square: u8,
    next: u8,
}

impl Iterator for MineOrSafe {
    type Item = (u8, bool);
    fn next(&mut self) -> Option<(u8, bool)> {
        let mine = match self.next {
            0 => true,
            1 => false,
            _ => return None,
        };
        self.next += 1;
        Some((self.square, mine))
    }
}

impl Node for Layout {
    type Rules = dyn Board;
    type Choice = (u8, bool);
    type Choices = MineOrSafe;

    fn propagate(&mut self, field: &dyn Board) -> bool {
        // The two sets in locals (registers) for the loops, written back once.
        let (mut mine, mut safe) = (self.mine, self.safe);
        let clues = field.clues();
        let all = field.all();
        let consistent = loop {
            let mut changed = false;
            let mut broken = false;
            for clue in clues {
                let around = clue.around();
                let mines = (mine & around).count_ones();
                let open = around & !(mine | safe);
                let need = u32::from(clue.mines);
                let n_open = open.count_ones();
                if mines > need || mines + n_open < need {
                    broken = true;
                    break;
                }
                if n_open == 0 {
                    continue;
                }
                if mines == need {
                    safe |= open;
                    changed = true;
                } else if mines + n_open == need {
                    mine |= open;
                    changed = true;
                }
            }
            if broken {
                break false;
            }
            if let Some(unflagged) = field.unflagged() {
                let open = all & !(mine | safe);
                let most =
                    mine.count_ones() + open.count_ones() + u32::from(field.interior_squares());
                if mine.count_ones() > u32::from(unflagged) || most < u32::from(unflagged) {
                    break false;
                }
            }
            if !changed {
                break true;
            }
        };
        (self.mine, self.safe) = (mine, safe);
        consistent
    }

    fn branch(&self, field: &dyn Board) -> Option<MineOrSafe> {
        let open = field.all() & !(self.mine | self.safe);
        (open != 0).then(|| MineOrSafe {
            square: open.trailing_zeros() as u8,
            next: 0,
        })
    }

    fn apply(&mut self, field: &dyn Board, (square, mine): (u8, bool)) -> bool {
        let bit = 1u128.checked_shl(u32::from(square)).unwrap_or(0);
        if bit & field.all() & !(self.mine | self.safe) == 0 {
            return false;
        }
        if mine {
            self.mine |= bit;
        } else {
            self.safe |= bit;
        }
        true
    }

    fn is_solved(&self, field: &dyn Board) -> bool {
        let total_ok = match field.unflagged() {
            None => true,
            Some(_) => self
                .left_for_interior(field)
                .is_some_and(|left| left <= field.interior_squares()),
        };
        (self.mine | self.safe) == field.all()
            && total_ok
            && field
                .clues()
                .iter()
                .all(|c| (self.mine & c.around()).count_ones() == u32::from(c.mines))
    }
}

/// Holds one level of a survey's stack (48 bytes); [`SURVEY_FRAMES`] of them
/// serve any board.
///
/// ```
/// use plateau::grid::{SurveyFrame, minesweeper::SURVEY_FRAMES};
/// static FRAMES: std::sync::Mutex<[SurveyFrame; SURVEY_FRAMES]> =
///     std::sync::Mutex::new([SurveyFrame::BLANK; SURVEY_FRAMES]); // a critical-section mutex on a chip
/// # let _ = &FRAMES;
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SurveyFrame(Raw<Layout>);

impl SurveyFrame {
    /// A frame holding nothing yet (filled at compile time in a `static`).
    pub const BLANK: SurveyFrame = SurveyFrame(Raw::new(Layout::EMPTY));
}

impl Slot<Layout> for SurveyFrame {
    #[inline(always)]
    fn raw(&mut self) -> Option<&mut Raw<Layout>> {
        Some(&mut self.0)
    }
}

/// Surveys the mine layouts of a [`Minefield`] in slices, on frames it owns
/// ([`SurveySearch::new`]: [`SURVEY_FRAMES`] of them, inside the value) or
/// that the caller lends ([`SurveySearch::new_in`]: at least one per frontier
/// square, plus one, checked when it is made).
///
/// Each [`run`](Search::run) expands at most its [`Budget`] of nodes more:
/// [`Outcome::Done`] with the [`Survey`] once every layout is seen,
/// [`Outcome::NoSolution`] if none fits the numbers (or the flags already
/// contradict them), [`Outcome::Exhausted`] with the layouts seen so far (a
/// lower bound: nothing is decided yet).
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{Minefield, SurveyFrame, SurveySearch, minesweeper::Tile::{Hidden as H, Number as N}};
/// use plateau::search::{Count, Outcome, Search};
/// let field = Minefield::new(4, 1, &[N(1), H, H, H], None)?;
/// let mut frames = [SurveyFrame::BLANK; 2]; // one frontier square, plus one
/// let mut survey = SurveySearch::new_in(&field, &mut frames)?;
/// assert!(matches!(survey.run(Budget::new(0)), Ok(Outcome::Exhausted { spent: 0, best }) if best == Count::at_least(0)));
/// assert!(matches!(survey.run(Budget::UNLIMITED), Ok(Outcome::Done(s)) if s.layouts() == 1));
/// let none = Minefield::new(2, 1, &[N(2), H], None)?; // a 2 with one square around it
/// assert_eq!(SurveySearch::new(&none).run(Budget::UNLIMITED), Ok(Outcome::NoSolution(())));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct SurveySearch<'f, S = [SurveyFrame; SURVEY_FRAMES], const CLUES: usize = MAX_CLUES> {
    field: &'f Minefield<CLUES>,
    stack: S,
    dfs: Dfs<Layout>,
    survey: Survey,
}

impl<'f> SurveySearch<'f> {
    /// Makes the survey of `field` on [`SURVEY_FRAMES`] frames it owns (about 6 KiB).
    #[must_use]
    pub fn new(field: &'f Minefield) -> Self {
        SurveySearch {
            field,
            stack: [SurveyFrame::BLANK; SURVEY_FRAMES],
            dfs: Dfs::new(Seek::All),
            survey: Survey::empty(field),
        }
    }
}

impl<'f, S: AsMut<[SurveyFrame]>, const CLUES: usize> SurveySearch<'f, S, CLUES> {
    /// Makes the survey of `field` (of any capacity of clues) on the lent
    /// frames `stack`.
    ///
    /// # Errors
    /// [`MemoryError::TooFewFrames`] if `stack` holds fewer frames than the
    /// field's frontier squares plus one.
    pub fn new_in(field: &'f Minefield<CLUES>, mut stack: S) -> Result<Self, MemoryError> {
        // (The frontier is at most MAX_FRONTIER squares.)
        let needed = field.frontier.len().saturating_add(1);
        let given = stack.as_mut().len();
        if given < needed {
            return Err(MemoryError::TooFewFrames { needed, given });
        }
        Ok(SurveySearch {
            field,
            stack,
            dfs: Dfs::new(Seek::All),
            survey: Survey::empty(field),
        })
    }
}

impl<S: AsMut<[SurveyFrame]>, const CLUES: usize> Search for SurveySearch<'_, S, CLUES> {
    type Done = Survey;
    type NoSolution = ();
    type Best = Count;
    type Error = Infallible;

    fn run(&mut self, budget: Budget) -> Result<Outcome<Survey, (), Count>, Infallible> {
        if self.field.contradicted {
            return Ok(Outcome::NoSolution(()));
        }
        let field: &dyn Board = self.field;
        let survey = &mut self.survey;
        let run = self.dfs.run(
            field,
            &Layout::EMPTY,
            self.stack.as_mut(),
            budget,
            &mut |layout: &Layout| {
                survey.layouts = survey.layouts.saturating_add(1);
                let mut bits = layout.mine;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if let Some(m) = survey.mines.get_mut(k) {
                        *m = m.saturating_add(1);
                    }
                }
                let left = layout.left_for_interior(field);
                survey.interior_all_safe &= left == Some(0);
                survey.interior_all_mines &= left == Some(field.interior_squares());
            },
        );
        Ok(match run {
            Ok(Outcome::Done(_)) => Outcome::Done(self.survey.clone()),
            Ok(Outcome::NoSolution(())) => Outcome::NoSolution(()),
            Ok(Outcome::Exhausted { spent, .. }) => Outcome::Exhausted {
                best: Count::at_least(self.survey.layouts),
                spent,
            },
            // Never: the deepest path decides each frontier square once, and
            // the frames were counted when the search was made. Were it to
            // happen, nothing complete is known: say so, as for a spent budget.
            Err(_) => Outcome::Exhausted {
                best: Count::at_least(self.survey.layouts),
                spent: self.dfs.tally.meter.spent(),
            },
        })
    }

    fn spent(&self) -> u64 {
        self.dfs.tally.meter.spent()
    }
}

/// Tells what every consistent frontier layout says about each hidden square.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{Cell, Minefield, SurveySearch, minesweeper::Tile::{Hidden as H, Number as N}};
/// use plateau::search::{Outcome, Search};
/// let field = Minefield::new(3, 1, &[H, N(1), H], None)?;
/// let Ok(Outcome::Done(survey)) = SurveySearch::new(&field).run(Budget::UNLIMITED) else {
///     return Err("no layout".into());
/// };
/// assert_eq!(survey.layouts(), 2);
/// let counts: Vec<_> = survey.mine_counts().collect();
/// assert_eq!(counts, [(Cell::new(0, 0), 1), (Cell::new(0, 2), 1)]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Survey {
    layouts: u64,
    mines: [u64; MAX_FRONTIER],
    frontier: heapless::Vec<u16, MAX_FRONTIER>,
    width: u8,
    interior: u16,
    interior_all_safe: bool,
    interior_all_mines: bool,
}

impl Survey {
    /// The survey of `field` before any layout is seen.
    fn empty<const CLUES: usize>(field: &Minefield<CLUES>) -> Survey {
        Survey {
            layouts: 0,
            mines: [0; MAX_FRONTIER],
            frontier: field.frontier.clone(),
            width: field.width,
            interior: field.interior,
            interior_all_safe: true,
            interior_all_mines: true,
        }
    }

    /// Returns the number of consistent frontier layouts (at least one: a
    /// board without any is [`Outcome::NoSolution`]).
    #[must_use]
    pub const fn layouts(&self) -> u64 {
        self.layouts
    }

    /// Returns each frontier square (row-major order) with the layouts where it is a mine.
    pub fn mine_counts(&self) -> impl Iterator<Item = (Cell, u64)> + '_ {
        self.frontier
            .iter()
            .zip(self.mines.iter())
            .map(|(&i, &m)| (cell_of(usize::from(self.width), usize::from(i)), m))
    }

    /// Returns `Some(true)` if frontier square `square` is a mine in every layout,
    /// `Some(false)` if it is safe in every layout, `None` if it varies (or is not on
    /// the frontier, or there is no layout at all).
    ///
    /// Interior squares are decided only by the total: see [`Survey::interior_forced`].
    #[must_use]
    pub fn forced(&self, square: Cell) -> Option<bool> {
        if self.layouts == 0 || usize::from(square.col) >= usize::from(self.width) {
            return None;
        }
        let i = usize::from(square.row) * usize::from(self.width) + usize::from(square.col);
        let m = *self.mines.get(index_in(&self.frontier, i)?)?;
        match m {
            0 => Some(false),
            m if m == self.layouts => Some(true),
            _ => None,
        }
    }

    /// Returns what every layout says about the interior: `Some(false)` all safe,
    /// `Some(true)` all mines, `None` undecided (or no interior, or no layout).
    #[must_use]
    pub const fn interior_forced(&self) -> Option<bool> {
        if self.layouts == 0 || self.interior == 0 {
            None
        } else if self.interior_all_safe {
            Some(false)
        } else if self.interior_all_mines {
            Some(true)
        } else {
            None
        }
    }
}
