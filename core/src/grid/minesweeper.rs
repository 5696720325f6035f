//! Minesweeper: which hidden squares next to the revealed numbers can hold a
//! mine, and which must.
//!
//! A [`Minefield`] is a partly revealed board: numbers, hidden squares, flagged
//! mines, and optionally the total number of mines. The hidden squares next to a
//! number form the *frontier*; the other hidden squares are the *interior*. The
//! search enumerates every mine layout of the frontier that agrees with all the
//! numbers (and with the total: the interior must be able to hold the mines
//! left over). [`Minefield::survey`] counts the layouts and how often each
//! frontier square holds a mine, so a square is a mine in every layout, safe in
//! every layout, or undecided.
//!
//! ```
//! use plateau::grid::{Minefield, minesweeper::Square::{Hidden as H, Number as N}};
//! // 1 hidden square between two 1s.
//! let field = Minefield::new(3, 1, &[N(1), H, N(1)], None)?;
//! let survey = field.survey(u64::MAX)?;
//! assert_eq!(survey.layouts(), 1);
//! assert_eq!(survey.forced(1), Some(true));
//! # Ok::<(), plateau::grid::MinefieldError>(())
//! ```

use core::fmt;

use super::{DepthFirst, Frame, Limits, Outcome, Puzzle, Strategy};

/// Most columns and most rows of a board.
pub const MAX_SIDE: usize = 32;
/// Most squares of a board.
pub const MAX_SQUARES: usize = MAX_SIDE * MAX_SIDE;
/// Most hidden squares next to numbers (one bit each in a `u128`).
pub const MAX_FRONTIER: usize = 128;
/// Most numbers next to the frontier.
pub const MAX_CLUES: usize = 256;

/// One square of the board as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Square {
    /// Not revealed.
    Hidden,
    /// Known to be a mine (flagged).
    Mine,
    /// Revealed: the number of mines among its (up to 8) neighbours.
    Number(u8),
}

/// Why a board cannot be surveyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum MinefieldError {
    /// No rows or no columns.
    Empty,
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge,
    /// The squares do not fill the board.
    WrongLength,
    /// A number is above 8.
    NumberTooLarge,
    /// More than [`MAX_FRONTIER`] hidden squares next to numbers.
    FrontierTooLarge,
    /// More than [`MAX_CLUES`] numbers next to hidden squares.
    TooManyClues,
    /// The step budget ran out before every layout was seen.
    Exhausted,
}

impl fmt::Display for MinefieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MinefieldError::Empty => "the board needs at least one row and one column",
            MinefieldError::TooLarge => "the board has more than 32 rows or columns",
            MinefieldError::WrongLength => "the squares do not fill the board",
            MinefieldError::NumberTooLarge => "a number is above 8",
            MinefieldError::FrontierTooLarge => "more than 128 hidden squares are next to numbers",
            MinefieldError::TooManyClues => "more than 256 numbers are next to hidden squares",
            MinefieldError::Exhausted => "the step budget ran out before every layout was seen",
        })
    }
}

impl core::error::Error for MinefieldError {}

/// A number next to the frontier: which frontier squares it sees, and how many
/// mines they hold (its number minus the flagged mines around it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Clue {
    around: u128,
    mines: u8,
}

/// A partly revealed board, with its frontier and clues worked out.
///
/// ```
/// use plateau::grid::minesweeper::{Minefield, Square::{Hidden as H, Number as N}};
/// let field = Minefield::new(3, 2, &[H, H, H, N(1), N(2), N(1)], None)?; // ??? over 121
/// let survey = field.survey(plateau::UNLIMITED)?;
/// assert_eq!(survey.layouts(), 1);
/// assert_eq!([survey.forced(0), survey.forced(1), survey.forced(2)], [Some(true), Some(false), Some(true)]);
/// # Ok::<(), plateau::grid::minesweeper::MinefieldError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Minefield {
    width: u8,
    height: u8,
    /// Frontier square `i` is board square `frontier[i]` (row-major).
    frontier: [u16; MAX_FRONTIER],
    frontier_len: u8,
    clues: [Clue; MAX_CLUES],
    clue_len: u16,
    interior: u16,
    /// Mines not flagged, if the total is known.
    unflagged: Option<u16>,
    /// False when a number or the total already contradicts the flags.
    consistent: bool,
    /// Frontier index of each board square (`u8::MAX` off the frontier).
    index: [u8; MAX_SQUARES],
}

impl Minefield {
    /// Reads a board of `width × height` squares (row-major) and the optional total of mines.
    pub fn new(
        width: usize,
        height: usize,
        squares: &[Square],
        total: Option<u16>,
    ) -> Result<Minefield, MinefieldError> {
        if width == 0 || height == 0 {
            return Err(MinefieldError::Empty);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(MinefieldError::TooLarge);
        }
        if squares.len() != width * height {
            return Err(MinefieldError::WrongLength);
        }
        let mut f = Minefield {
            width: width as u8,
            height: height as u8,
            frontier: [0; MAX_FRONTIER],
            frontier_len: 0,
            clues: [Clue {
                around: 0,
                mines: 0,
            }; MAX_CLUES],
            clue_len: 0,
            interior: 0,
            unflagged: None,
            consistent: true,
            index: [u8::MAX; MAX_SQUARES],
        };
        let mut flags = 0u16;
        for (i, sq) in squares.iter().enumerate() {
            match *sq {
                Square::Number(n) if n > 8 => return Err(MinefieldError::NumberTooLarge),
                Square::Mine => flags = flags.saturating_add(1),
                Square::Hidden => {
                    let by_number = f
                        .neighbours(i)
                        .any(|j| matches!(squares.get(j), Some(Square::Number(_))));
                    if by_number {
                        let slot = f
                            .frontier
                            .get_mut(usize::from(f.frontier_len))
                            .ok_or(MinefieldError::FrontierTooLarge)?;
                        *slot = i as u16;
                        if let Some(x) = f.index.get_mut(i) {
                            *x = f.frontier_len;
                        }
                        // A slot was free: frontier_len < MAX_FRONTIER.
                        f.frontier_len = f.frontier_len.saturating_add(1);
                    } else {
                        f.interior = f.interior.saturating_add(1);
                    }
                }
                Square::Number(_) => {}
            }
        }
        for (i, sq) in squares.iter().enumerate() {
            let Square::Number(n) = *sq else { continue };
            let mut around = 0u128;
            let mut flagged = 0u8;
            for j in f.neighbours(i) {
                match squares.get(j) {
                    Some(Square::Mine) => flagged += 1,
                    Some(Square::Hidden) => {
                        let k = f.index.get(j).copied().unwrap_or(u8::MAX);
                        around |= 1u128.checked_shl(u32::from(k)).unwrap_or(0);
                    }
                    _ => {}
                }
            }
            let Some(mines) = n.checked_sub(flagged) else {
                f.consistent = false;
                continue;
            };
            if around == 0 {
                f.consistent &= mines == 0;
                continue;
            }
            let slot = f
                .clues
                .get_mut(usize::from(f.clue_len))
                .ok_or(MinefieldError::TooManyClues)?;
            *slot = Clue { around, mines };
            f.clue_len += 1;
        }
        if let Some(total) = total {
            match total.checked_sub(flags) {
                Some(left) => f.unflagged = Some(left),
                None => f.consistent = false,
            }
        }
        Ok(f)
    }

    /// Returns the board squares (row-major) next to square `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
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

    /// Returns the hidden squares next to numbers (row-major board indices), in order.
    pub fn frontier(&self) -> impl Iterator<Item = usize> + '_ {
        self.frontier
            .iter()
            .take(usize::from(self.frontier_len))
            .map(|&i| usize::from(i))
    }

    /// Returns the number of hidden squares away from every number.
    #[must_use]
    pub const fn interior(&self) -> usize {
        self.interior as usize
    }

    /// Enumerates the frontier layouts within `max_steps` search steps.
    pub fn survey(&self, max_steps: u64) -> Result<Survey, MinefieldError> {
        let mut survey = Survey {
            layouts: 0,
            mines: [0; MAX_FRONTIER],
            frontier: self.frontier,
            frontier_len: self.frontier_len,
            index: self.index,
            interior: self.interior,
            interior_all_safe: true,
            interior_all_mines: true,
        };
        if !self.consistent {
            return Ok(survey);
        }
        let root = Minesweeper {
            field: self,
            mine: 0,
            safe: 0,
        };
        let mut stack = [Frame::new(root); MAX_FRONTIER + 1];
        let limits = Limits::all(max_steps);
        let report = DepthFirst::new(&mut stack)
            .run(root, limits, |layout| {
                let mut bits = layout.mine;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if let Some(m) = survey.mines.get_mut(k) {
                        *m = m.saturating_add(1);
                    }
                }
                let left = layout.left_for_interior();
                survey.interior_all_safe &= left == Some(0);
                survey.interior_all_mines &= left == Some(self.interior);
            })
            .map_err(|_| MinefieldError::Exhausted)?;
        if matches!(report.outcome, Outcome::Exhausted { .. }) || !report.complete {
            return Err(MinefieldError::Exhausted);
        }
        survey.layouts = report.outcome.count();
        Ok(survey)
    }
}

/// A node of the search: which frontier squares are decided mine or safe.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Minesweeper<'f> {
    field: &'f Minefield,
    mine: u128,
    safe: u128,
}

impl Minesweeper<'_> {
    /// Returns the mines left for the interior when the total is known.
    fn left_for_interior(&self) -> Option<u16> {
        self.field
            .unflagged
            .and_then(|u| u.checked_sub(self.mine.count_ones() as u16))
    }

    fn all(&self) -> u128 {
        1u128
            .checked_shl(u32::from(self.field.frontier_len))
            .map_or(u128::MAX, |b| b - 1)
    }
}

/// The two choices for one frontier square: mine first, then safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MineOrSafe {
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

impl Puzzle for Minesweeper<'_> {
    type Choice = (u8, bool);
    type Choices = MineOrSafe;

    fn propagate(&mut self) -> bool {
        let clues = self
            .field
            .clues
            .get(..usize::from(self.field.clue_len))
            .unwrap_or(&[]);
        loop {
            let mut changed = false;
            for clue in clues {
                let mines = (self.mine & clue.around).count_ones();
                let open = clue.around & !(self.mine | self.safe);
                let need = u32::from(clue.mines);
                let n_open = open.count_ones();
                if mines > need || mines + n_open < need {
                    return false;
                }
                if n_open == 0 {
                    continue;
                }
                if mines == need {
                    self.safe |= open;
                    changed = true;
                } else if mines + n_open == need {
                    self.mine |= open;
                    changed = true;
                }
            }
            if let Some(unflagged) = self.field.unflagged {
                let open = self.all() & !(self.mine | self.safe);
                let most =
                    self.mine.count_ones() + open.count_ones() + u32::from(self.field.interior);
                if self.mine.count_ones() > u32::from(unflagged) || most < u32::from(unflagged) {
                    return false;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn branch(&self) -> Option<MineOrSafe> {
        let open = self.all() & !(self.mine | self.safe);
        (open != 0).then(|| MineOrSafe {
            square: open.trailing_zeros() as u8,
            next: 0,
        })
    }

    fn apply(&mut self, (square, mine): (u8, bool)) -> bool {
        let bit = 1u128.checked_shl(u32::from(square)).unwrap_or(0);
        if bit & self.all() & !(self.mine | self.safe) == 0 {
            return false;
        }
        if mine {
            self.mine |= bit;
        } else {
            self.safe |= bit;
        }
        true
    }

    fn is_solved(&self) -> bool {
        let clues = self
            .field
            .clues
            .get(..usize::from(self.field.clue_len))
            .unwrap_or(&[]);
        let total_ok = match self.field.unflagged {
            None => true,
            Some(_) => self
                .left_for_interior()
                .is_some_and(|left| left <= self.field.interior),
        };
        (self.mine | self.safe) == self.all()
            && total_ok
            && clues
                .iter()
                .all(|c| (self.mine & c.around).count_ones() == u32::from(c.mines))
    }
}

/// What every consistent frontier layout says about each hidden square.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Survey {
    layouts: u64,
    mines: [u64; MAX_FRONTIER],
    frontier: [u16; MAX_FRONTIER],
    frontier_len: u8,
    index: [u8; MAX_SQUARES],
    interior: u16,
    interior_all_safe: bool,
    interior_all_mines: bool,
}

impl Survey {
    /// Returns the number of consistent frontier layouts (0: the board contradicts itself).
    #[must_use]
    pub const fn layouts(&self) -> u64 {
        self.layouts
    }

    /// Returns each frontier square (row-major board index) with the layouts where it is a mine.
    pub fn mine_counts(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.frontier
            .iter()
            .zip(self.mines.iter())
            .take(usize::from(self.frontier_len))
            .map(|(&i, &m)| (usize::from(i), m))
    }

    /// Returns `Some(true)` if hidden square `square` is a mine in every layout,
    /// `Some(false)` if it is safe in every layout, `None` if it varies (or is not hidden,
    /// or there is no layout at all).
    ///
    /// Interior squares are decided only by the total: all safe when every layout
    /// leaves no mine for them, all mines when every layout leaves one for each.
    #[must_use]
    pub fn forced(&self, square: usize) -> Option<bool> {
        if self.layouts == 0 {
            return None;
        }
        let k = *self.index.get(square)?;
        if k == u8::MAX {
            return None;
        }
        let m = *self.mines.get(usize::from(k))?;
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
