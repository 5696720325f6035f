//! The row/column-count puzzle: paint cells black so that each row and each
//! column holds the given number of black cells.
//!
//! ```
//! use plateau::Budget;
//! use plateau::grid::{DepthFirst, Frame, Margins, Seek};
//! use plateau::search::{Count, Search};
//! let puzzle = Margins::new(&[2, 2, 2, 2], &[2, 2, 2, 2])?;
//! let mut stack = [Frame::new(puzzle); 17]; // a frame per cell, plus one
//! let outcome = DepthFirst::new_in(puzzle, Seek::All, &mut stack).run(Budget::UNLIMITED)?;
//! assert_eq!(outcome.done().map(|s| s.count), Some(Count::exactly(90)));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use super::{Cell, Puzzle};
use crate::bits;

/// Most rows and most columns of a grid.
pub const MAX_SIDE: usize = 16;

/// Says why a margins puzzle cannot be built.
///
/// ```
/// use plateau::grid::{Margins, MarginsError};
/// assert_eq!(Margins::new(&[3, 0], &[1, 1]), Err(MarginsError::RowSumTooLarge { row: 0, sum: 3 }));
/// assert_eq!(
///     MarginsError::RowSumTooLarge { row: 0, sum: 3 }.to_string(),
///     "row 0 (0-based) asks for 3 black cells, more than there are columns"
/// );
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum MarginsError {
    /// No rows or no columns.
    Empty,
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A row asks for more black cells than there are columns.
    RowSumTooLarge {
        /// The row (0-based).
        row: u8,
        /// Its count.
        sum: u8,
    },
    /// A column asks for more black cells than there are rows.
    ColSumTooLarge {
        /// The column (0-based).
        col: u8,
        /// Its count.
        sum: u8,
    },
}

impl fmt::Display for MarginsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MarginsError::Empty => f.write_str("the grid needs at least one row and one column"),
            MarginsError::TooLarge { rows, cols } => write!(
                f,
                "the grid has {rows} rows and {cols} columns, more than {MAX_SIDE} of either"
            ),
            MarginsError::RowSumTooLarge { row, sum } => write!(
                f,
                "row {row} (0-based) asks for {sum} black cells, more than there are columns"
            ),
            MarginsError::ColSumTooLarge { col, sum } => write!(
                f,
                "column {col} (0-based) asks for {sum} black cells, more than there are rows"
            ),
        }
    }
}

impl core::error::Error for MarginsError {}

/// Holds a partly painted grid with its row and column counts: the margins puzzle.
///
/// Cells are decided black or white; rows and columns are bit sets (bit `c` of
/// row `r` is cell (r, c)), kept both ways so that columns are as cheap as rows.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{BreadthFirst, Margins, Seek};
/// use plateau::search::{Count, Search};
/// let puzzle = Margins::new(&[2, 2, 1], &[2, 2, 1])?;
/// let mut queue = [puzzle; 64]; // lent: a full queue is an error, never a drop
/// let outcome = BreadthFirst::new_in(puzzle, Seek::All, &mut queue).run(Budget::UNLIMITED)?;
/// assert_eq!(outcome.done().map(|s| s.count), Some(Count::exactly(5)));
/// assert!(!Margins::new(&[1, 1], &[2, 1])?.gale_ryser()); // totals differ: none
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Margins {
    rows: u8,
    cols: u8,
    row_sums: [u8; MAX_SIDE],
    col_sums: [u8; MAX_SIDE],
    black: [u16; MAX_SIDE],
    white: [u16; MAX_SIDE],
    black_t: [u16; MAX_SIDE],
    white_t: [u16; MAX_SIDE],
    /// Whether the Gale–Ryser test has been passed (it is done once, at the root).
    feasible: bool,
}

/// Paints a cell black or white: one choice of the search.
///
/// ```
/// use plateau::grid::{Cell, Margins, Puzzle, margins::Paint};
/// let mut puzzle = Margins::new(&[1], &[1])?;
/// assert!(puzzle.apply(Paint { cell: Cell::new(0, 0), black: true }));
/// assert_eq!(puzzle.cell(Cell::new(0, 0)), Some(true));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Paint {
    /// The cell.
    pub cell: Cell,
    /// Black (`true`) or white.
    pub black: bool,
}

/// Iterates over the two paints of one cell, black first.
///
/// ```
/// use plateau::grid::{Margins, Puzzle};
/// let puzzle = Margins::new(&[1, 1], &[1, 1])?;
/// let paints = puzzle.branch().ok_or("no open cell")?;
/// assert_eq!(paints.map(|p| p.black).collect::<Vec<_>>(), [true, false]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Paints {
    row: u8,
    col: u8,
    next: u8,
}

impl Iterator for Paints {
    type Item = Paint;
    fn next(&mut self) -> Option<Paint> {
        let black = match self.next {
            0 => true,
            1 => false,
            _ => return None,
        };
        self.next += 1;
        Some(Paint {
            cell: Cell::new(self.row, self.col),
            black,
        })
    }
}

impl Margins {
    /// Makes an unpainted grid with these row counts (top to bottom) and column counts.
    pub fn new(row_sums: &[u8], col_sums: &[u8]) -> Result<Margins, MarginsError> {
        if row_sums.is_empty() || col_sums.is_empty() {
            return Err(MarginsError::Empty);
        }
        if row_sums.len() > MAX_SIDE || col_sums.len() > MAX_SIDE {
            return Err(MarginsError::TooLarge {
                rows: row_sums.len(),
                cols: col_sums.len(),
            });
        }
        let (rows, cols) = (row_sums.len() as u8, col_sums.len() as u8);
        if let Some((row, &sum)) = (0u8..).zip(row_sums).find(|&(_, &s)| s > cols) {
            return Err(MarginsError::RowSumTooLarge { row, sum });
        }
        if let Some((col, &sum)) = (0u8..).zip(col_sums).find(|&(_, &s)| s > rows) {
            return Err(MarginsError::ColSumTooLarge { col, sum });
        }
        let mut m = Margins {
            rows,
            cols,
            row_sums: [0; MAX_SIDE],
            col_sums: [0; MAX_SIDE],
            black: [0; MAX_SIDE],
            white: [0; MAX_SIDE],
            black_t: [0; MAX_SIDE],
            white_t: [0; MAX_SIDE],
            feasible: false,
        };
        m.row_sums
            .iter_mut()
            .zip(row_sums)
            .for_each(|(d, s)| *d = *s);
        m.col_sums
            .iter_mut()
            .zip(col_sums)
            .for_each(|(d, s)| *d = *s);
        Ok(m)
    }

    /// Returns the number of rows.
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Returns the number of columns.
    #[must_use]
    pub const fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Returns whether `cell` is painted black (`Some(true)`), white, or not yet
    /// (`None`, also for a cell outside the grid).
    #[must_use]
    pub fn cell(&self, cell: Cell) -> Option<bool> {
        let bit = 1u16.checked_shl(u32::from(cell.col))?;
        let row = usize::from(cell.row);
        if self.black.get(row)? & bit != 0 {
            Some(true)
        } else if self.white.get(row)? & bit != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Returns the black cells of a row as a bit set (bit `c` = column `c`).
    #[must_use]
    pub fn black_row(&self, row: usize) -> u16 {
        self.black.get(row).copied().unwrap_or(0)
    }

    /// Returns whether some grid meets the counts (Gale–Ryser): equal totals, and
    /// the column counts sorted decreasingly dominated by the conjugate of the row counts.
    #[must_use]
    pub fn gale_ryser(&self) -> bool {
        let rows = self.row_sums.get(..self.rows()).unwrap_or(&[]);
        let mut cols = self.col_sums;
        let cols = cols.get_mut(..self.cols()).unwrap_or(&mut []);
        let total_r: u32 = rows.iter().map(|&s| u32::from(s)).sum();
        let total_c: u32 = cols.iter().map(|&s| u32::from(s)).sum();
        if total_r != total_c {
            return false;
        }
        cols.sort_unstable_by(|a, b| b.cmp(a));
        let (mut lhs, mut rhs) = (0u32, 0u32);
        for (k, &c) in (1u8..).zip(cols.iter()) {
            lhs += u32::from(c);
            // The conjugate's k-th entry: how many rows hold at least k black cells.
            rhs += rows.iter().filter(|&&r| r >= k).count() as u32;
            if lhs > rhs {
                return false;
            }
        }
        true
    }

    fn paint(&mut self, row: u8, col: u8, black: bool) {
        let (r, c) = (usize::from(row), usize::from(col));
        let (rows, cols_t) = if black {
            (&mut self.black, &mut self.black_t)
        } else {
            (&mut self.white, &mut self.white_t)
        };
        if let Some(line) = rows.get_mut(r) {
            *line |= 1u16.checked_shl(u32::from(col)).unwrap_or(0);
        }
        if let Some(line) = cols_t.get_mut(c) {
            *line |= 1u16.checked_shl(u32::from(row)).unwrap_or(0);
        }
    }

    /// Paints the undecided cells of rows (or columns, `transposed`) that their count forces.
    /// Returns `None` on a contradiction, else whether anything changed.
    fn force_lines(&mut self, transposed: bool) -> Option<bool> {
        let (n, width) = if transposed {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let full = bits::low16(u32::from(width));
        let mut changed = false;
        for i in 0..n {
            let k = usize::from(i);
            let (b, w, sum) = if transposed {
                (
                    self.black_t.get(k).copied()?,
                    self.white_t.get(k).copied()?,
                    self.col_sums.get(k).copied()?,
                )
            } else {
                (
                    self.black.get(k).copied()?,
                    self.white.get(k).copied()?,
                    self.row_sums.get(k).copied()?,
                )
            };
            let unknown = full & !(b | w);
            let (nb, nu) = (b.count_ones() as u8, unknown.count_ones() as u8);
            if nb > sum || nb + nu < sum {
                return None;
            }
            if nu == 0 {
                continue;
            }
            let black = if nb == sum {
                false
            } else if nb + nu == sum {
                true
            } else {
                continue;
            };
            changed = true;
            let mut bits = unknown;
            while bits != 0 {
                let j = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if transposed {
                    self.paint(j, i, black);
                } else {
                    self.paint(i, j, black);
                }
            }
        }
        Some(changed)
    }
}

impl Puzzle for Margins {
    type Choice = Paint;
    type Choices = Paints;

    fn propagate(&mut self) -> bool {
        if !self.feasible {
            if !self.gale_ryser() {
                return false;
            }
            self.feasible = true;
        }
        loop {
            let Some(rows) = self.force_lines(false) else {
                return false;
            };
            let Some(cols) = self.force_lines(true) else {
                return false;
            };
            if !rows && !cols {
                return true;
            }
        }
    }

    fn branch(&self) -> Option<Paints> {
        let full = bits::low16(u32::from(self.cols));
        // The first row with an undecided cell; its first undecided cell.
        (0..self.rows).find_map(|r| {
            let k = usize::from(r);
            let decided = self.black.get(k)? | self.white.get(k)?;
            let unknown = full & !decided;
            (unknown != 0).then(|| Paints {
                row: r,
                col: unknown.trailing_zeros() as u8,
                next: 0,
            })
        })
    }

    fn apply(&mut self, Paint { cell, black }: Paint) -> bool {
        let Cell { row, col } = cell;
        if row >= self.rows || col >= self.cols || self.cell(cell).is_some() {
            return false;
        }
        self.paint(row, col, black);
        true
    }

    fn is_solved(&self) -> bool {
        let full = bits::low16(u32::from(self.cols));
        let rows_ok = (0..self.rows()).all(|r| {
            let b = self.black.get(r).copied().unwrap_or(0);
            let w = self.white.get(r).copied().unwrap_or(0);
            (b | w) & full == full
                && b.count_ones() == u32::from(self.row_sums.get(r).copied().unwrap_or(0))
        });
        let cols_ok = (0..self.cols()).all(|c| {
            let b = self.black_t.get(c).copied().unwrap_or(0);
            b.count_ones() == u32::from(self.col_sums.get(c).copied().unwrap_or(0))
        });
        rows_ok && cols_ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use crate::grid::{DepthFirst, Frame, Seek};
    use crate::search::{Outcome, Search};

    fn count(rows: &[u8], cols: &[u8]) -> u64 {
        let p = Margins::new(rows, cols).unwrap();
        let mut search = DepthFirst::new_in(p, Seek::All, [Frame::new(p); 40]);
        let Ok(Outcome::Done(found)) = search.run(Budget::UNLIMITED) else {
            panic!("no grid");
        };
        assert!(found.count.exact);
        found.count.at_least
    }

    #[test]
    fn small_counts() {
        assert_eq!(count(&[2, 2, 1], &[2, 2, 1]), 5);
        assert_eq!(count(&[2; 4], &[2; 4]), 90);
        assert_eq!(count(&[1], &[1]), 1);
    }

    #[test]
    fn gale_ryser_says_none_at_once() {
        let p = Margins::new(&[2, 0], &[2, 0]).unwrap();
        assert!(!p.gale_ryser());
        let mut search = DepthFirst::new_in(p, Seek::All, [Frame::new(p); 10]);
        assert_eq!(search.run(Budget::UNLIMITED), Ok(Outcome::NoSolution(())));
        assert_eq!(search.spent(), 1);
    }
}
