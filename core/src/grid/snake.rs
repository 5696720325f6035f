//! Snake: find the path of orthogonally adjacent cells from a given head to a
//! given tail whose cells per row and per column match the counts, and that
//! never touches itself.
//!
//! "Never touches itself" means: two cells of the snake that are `k` steps
//! apart along it are never side by side unless `k = 1`, and never corner to
//! corner unless `k ≤ 2` (corner to corner at `k = 2` is just the snake
//! turning). So the body never folds back next to itself, not even diagonally.
//!
//! ```
//! use plateau::Budget;
//! use plateau::grid::{Cell, DepthFirst, Frame, Seek, Snake};
//! use plateau::search::{Outcome, Search};
//! // 3×3: the snake goes from the top left corner to the bottom right one.
//! let rows = [Some(2), Some(1), Some(2)];
//! let cols = [Some(1), Some(3), Some(1)];
//! let puzzle = Snake::new(&rows, &cols, Cell::new(0, 0), Cell::new(2, 2))?;
//! let mut stack = [Frame::new(puzzle); 10];
//! let outcome = DepthFirst::new_in(puzzle, Seek::All, &mut stack).run(Budget::UNLIMITED)?;
//! assert!(matches!(outcome, Outcome::Done(s) if s.is_unique() && s.first.is_body(Cell::new(1, 1))));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use super::{Cell, Puzzle};

/// Most rows and most columns.
pub const MAX_SIDE: usize = 16;

/// Says why a snake puzzle cannot be built.
///
/// ```
/// use plateau::grid::{Cell, Snake, SnakeError};
/// let counts = [None, None];
/// let err = Snake::new(&counts, &counts, Cell::new(0, 0), Cell::new(2, 0));
/// assert_eq!(err, Err(SnakeError::TailOutsideGrid { tail: Cell::new(2, 0) }));
/// assert_eq!(err.unwrap_err().to_string(), "the tail (2, 0) is outside the grid");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SnakeError {
    /// No rows or no columns.
    Empty,
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// The head is outside the grid.
    HeadOutsideGrid {
        /// The head.
        head: Cell,
    },
    /// The tail is outside the grid.
    TailOutsideGrid {
        /// The tail.
        tail: Cell,
    },
    /// A row's count is larger than the row.
    RowCountTooLarge {
        /// The row (0-based).
        row: u8,
        /// Its count.
        count: u8,
    },
    /// A column's count is larger than the column.
    ColCountTooLarge {
        /// The column (0-based).
        col: u8,
        /// Its count.
        count: u8,
    },
}

impl fmt::Display for SnakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SnakeError::Empty => f.write_str("the grid needs at least one row and one column"),
            SnakeError::TooLarge { rows, cols } => write!(
                f,
                "the grid has {rows} rows and {cols} columns, more than {MAX_SIDE} of either"
            ),
            SnakeError::HeadOutsideGrid { head } => {
                write!(f, "the head {head} is outside the grid")
            }
            SnakeError::TailOutsideGrid { tail } => {
                write!(f, "the tail {tail} is outside the grid")
            }
            SnakeError::RowCountTooLarge { row, count } => write!(
                f,
                "row {row} (0-based) counts {count} cells, more than there are columns"
            ),
            SnakeError::ColCountTooLarge { col, count } => write!(
                f,
                "column {col} (0-based) counts {count} cells, more than there are rows"
            ),
        }
    }
}

impl core::error::Error for SnakeError {}

/// A count that is not given.
const ANY: u8 = u8::MAX;

/// Grows a snake from its head: the body so far and the counts it must meet.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{Cell, DepthFirst, Frame, Seek, Snake};
/// use plateau::search::{Outcome, Search};
/// // rows 3 2 3, cols 3 1 3 1, from the top left corner to the top right one
/// let counts = |c: &[u8]| c.iter().map(|&n| Some(n)).collect::<Vec<_>>();
/// let (head, tail) = (Cell::new(0, 0), Cell::new(0, 3));
/// let puzzle = Snake::new(&counts(&[3, 2, 3]), &counts(&[3, 1, 3, 1]), head, tail)?;
/// let mut stack = [Frame::new(puzzle); 13]; // a frame per cell, plus one
/// let outcome = DepthFirst::new_in(puzzle, Seek::All, &mut stack).run(Budget::UNLIMITED)?;
/// let Outcome::Done(found) = outcome else { return Err("no snake".into()) };
/// assert!(found.is_unique());
/// let snake = found.first;
/// assert_eq!(snake.length(), 8);
/// assert!(snake.is_body(Cell::new(2, 1)) && !snake.is_body(Cell::new(0, 1)));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Snake {
    rows: u8,
    cols: u8,
    row_counts: [u8; MAX_SIDE],
    col_counts: [u8; MAX_SIDE],
    row_used: [u8; MAX_SIDE],
    col_used: [u8; MAX_SIDE],
    /// Bit `c` of `body[r]`: cell (r, c) is part of the snake.
    body: [u16; MAX_SIDE],
    tail: (u8, u8),
    end: (u8, u8),
    before_end: Option<(u8, u8)>,
    length: u16,
    /// Cells the finished snake has, if every row count is given.
    total: Option<u16>,
    /// Set when the head alone already breaks a count.
    broken: bool,
}

/// Iterates over the cells the snake may grow into next (up to 4).
///
/// ```
/// use plateau::grid::{Cell, Puzzle, Snake};
/// let counts = [None, None, None];
/// let snake = Snake::new(&counts, &counts, Cell::new(1, 1), Cell::new(0, 0))?;
/// assert_eq!(snake.branch().ok_or("no step")?.count(), 4);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Steps {
    cells: [(u8, u8); 4],
    len: u8,
    at: u8,
}

impl Iterator for Steps {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.at >= self.len {
            return None;
        }
        let cell = self.cells.get(usize::from(self.at)).copied();
        self.at += 1;
        cell.map(|(row, col)| Cell { row, col })
    }
}

impl Snake {
    /// Makes a puzzle from the counts (`None` = not given), the head and the tail.
    ///
    /// Fails if there are no rows or columns, more than [`MAX_SIDE`] of either,
    /// the head or the tail lies outside the grid, or a count exceeds its line.
    pub fn new(
        row_counts: &[Option<u8>],
        col_counts: &[Option<u8>],
        head: Cell,
        tail: Cell,
    ) -> Result<Snake, SnakeError> {
        if row_counts.is_empty() || col_counts.is_empty() {
            return Err(SnakeError::Empty);
        }
        if row_counts.len() > MAX_SIDE || col_counts.len() > MAX_SIDE {
            return Err(SnakeError::TooLarge {
                rows: row_counts.len(),
                cols: col_counts.len(),
            });
        }
        let (rows, cols) = (row_counts.len() as u8, col_counts.len() as u8);
        if head.row >= rows || head.col >= cols {
            return Err(SnakeError::HeadOutsideGrid { head });
        }
        if tail.row >= rows || tail.col >= cols {
            return Err(SnakeError::TailOutsideGrid { tail });
        }
        let too_large = |counts: &[Option<u8>], width: u8| {
            (0u8..)
                .zip(counts)
                .find_map(|(i, n)| n.filter(|&n| n > width).map(|n| (i, n)))
        };
        if let Some((row, count)) = too_large(row_counts, cols) {
            return Err(SnakeError::RowCountTooLarge { row, count });
        }
        if let Some((col, count)) = too_large(col_counts, rows) {
            return Err(SnakeError::ColCountTooLarge { col, count });
        }
        let (head, tail) = ((head.row, head.col), (tail.row, tail.col));
        let mut s = Snake {
            rows,
            cols,
            row_counts: [ANY; MAX_SIDE],
            col_counts: [ANY; MAX_SIDE],
            row_used: [0; MAX_SIDE],
            col_used: [0; MAX_SIDE],
            body: [0; MAX_SIDE],
            tail,
            end: head,
            before_end: None,
            length: 0,
            total: None,
            broken: false,
        };
        for (d, n) in s.row_counts.iter_mut().zip(row_counts) {
            *d = n.unwrap_or(ANY);
        }
        for (d, n) in s.col_counts.iter_mut().zip(col_counts) {
            *d = n.unwrap_or(ANY);
        }
        let sum = |counts: &[Option<u8>]| {
            counts
                .iter()
                .try_fold(0u16, |acc, n| n.map(|n| acc.saturating_add(u16::from(n))))
        };
        s.total = match (sum(row_counts), sum(col_counts)) {
            (Some(a), Some(b)) if a != b => {
                s.broken = true;
                Some(a)
            }
            (a, b) => a.or(b),
        };
        if !s.grow(head) {
            s.broken = true;
        }
        s.end = head;
        Ok(s)
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

    /// Returns whether `cell` is part of the snake so far.
    #[must_use]
    pub fn is_body(&self, cell: Cell) -> bool {
        self.has(usize::from(cell.row), usize::from(cell.col))
    }

    /// Returns whether cell (row, col) is part of the snake so far.
    fn has(&self, row: usize, col: usize) -> bool {
        let bit = u32::try_from(col)
            .ok()
            .and_then(|c| 1u16.checked_shl(c))
            .unwrap_or(0);
        self.body.get(row).is_some_and(|b| b & bit != 0)
    }

    /// Returns the number of cells of the snake so far.
    #[must_use]
    pub const fn length(&self) -> usize {
        self.length as usize
    }

    /// Adds `cell` after the end if the rules allow; `false` (and unchanged) if not.
    fn grow(&mut self, (r, c): (u8, u8)) -> bool {
        if r >= self.rows || c >= self.cols || self.has(r.into(), c.into()) {
            return false;
        }
        // Every body cell around the new one (8 neighbours) must be the end or
        // the cell before it; anything older would touch.
        let first = self.length == 0;
        for dr in -1i16..=1 {
            for dc in -1i16..=1 {
                let (nr, nc) = (i16::from(r) + dr, i16::from(c) + dc);
                let (Ok(nr), Ok(nc)) = (usize::try_from(nr), usize::try_from(nc)) else {
                    continue;
                };
                if (dr, dc) == (0, 0) || !self.has(nr, nc) {
                    continue;
                }
                let cell = (nr as u8, nc as u8);
                let is_end = !first && cell == self.end;
                if !is_end && Some(cell) != self.before_end {
                    return false;
                }
                if is_end && dr != 0 && dc != 0 {
                    return false;
                }
            }
        }
        if !first && (r.abs_diff(self.end.0) + c.abs_diff(self.end.1)) != 1 {
            return false;
        }
        let (Some(ru), Some(cu)) = (
            self.row_used.get(usize::from(r)).copied(),
            self.col_used.get(usize::from(c)).copied(),
        ) else {
            return false;
        };
        let rt = self.row_counts.get(usize::from(r)).copied().unwrap_or(0);
        let ct = self.col_counts.get(usize::from(c)).copied().unwrap_or(0);
        if (rt != ANY && ru >= rt) || (ct != ANY && cu >= ct) {
            return false;
        }
        if let Some(u) = self.row_used.get_mut(usize::from(r)) {
            *u = ru.saturating_add(1);
        }
        if let Some(u) = self.col_used.get_mut(usize::from(c)) {
            *u = cu.saturating_add(1);
        }
        if let Some(b) = self.body.get_mut(usize::from(r)) {
            *b |= 1 << c;
        }
        if !first {
            self.before_end = Some(self.end);
        }
        self.end = (r, c);
        self.length += 1;
        true
    }
}

impl Puzzle for Snake {
    type Choice = Cell;
    type Choices = Steps;

    fn propagate(&mut self) -> bool {
        if self.broken {
            return false;
        }
        // The tail must be reachable in exactly the cells still to come.
        if let Some(total) = self.total {
            let Some(left) = total.checked_sub(self.length) else {
                return false;
            };
            let d = u16::from(self.end.0.abs_diff(self.tail.0))
                + u16::from(self.end.1.abs_diff(self.tail.1));
            if left < d || (left - d) % 2 != 0 {
                return false;
            }
        }
        true
    }

    fn branch(&self) -> Option<Steps> {
        if self.end == self.tail {
            return None;
        }
        let (r, c) = self.end;
        let mut steps = Steps {
            cells: [(0, 0); 4],
            len: 0,
            at: 0,
        };
        let around = [
            (r.checked_sub(1), Some(c)),
            (Some(r), c.checked_add(1)),
            (r.checked_add(1), Some(c)),
            (Some(r), c.checked_sub(1)),
        ];
        for (nr, nc) in around {
            let (Some(nr), Some(nc)) = (nr, nc) else {
                continue;
            };
            if nr >= self.rows || nc >= self.cols || self.has(nr.into(), nc.into()) {
                continue;
            }
            // Beside the tail, the only way on is into it.
            if (nr, nc) == self.tail {
                return Some(Steps {
                    cells: [(nr, nc); 4],
                    len: 1,
                    at: 0,
                });
            }
            if let Some(slot) = steps.cells.get_mut(usize::from(steps.len)) {
                *slot = (nr, nc);
                steps.len = steps.len.saturating_add(1);
            }
        }
        Some(steps)
    }

    fn apply(&mut self, cell: Cell) -> bool {
        self.grow((cell.row, cell.col))
    }

    fn is_solved(&self) -> bool {
        let fits = |used: &[u8], counts: &[u8], n: u8| {
            used.iter()
                .zip(counts)
                .take(usize::from(n))
                .all(|(&u, &t)| t == ANY || u == t)
        };
        !self.broken
            && self.end == self.tail
            && fits(&self.row_used, &self.row_counts, self.rows)
            && fits(&self.col_used, &self.col_counts, self.cols)
    }
}
