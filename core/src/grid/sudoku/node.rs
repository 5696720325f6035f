//! The general node: a partly filled grid of any shape, with the candidate
//! digits of every open cell, and the rules that fill it in.

use super::shape::{Shape, Tables};
use super::{MAX_CELLS, SudokuError};
use crate::bits;
use crate::grid::{Cell, Puzzle};

/// Holds a partly filled sudoku: the candidate digits of every open cell.
///
/// Bit `d - 1` of a cell's mask is digit `d`; a filled cell has no candidates
/// and its digit is kept apart, so unit scans need no test for filled cells.
/// About 320 bytes, copied once per node of the search.
///
/// ```
/// use plateau::Budget;
/// use plateau::grid::{DepthFirst, Frame, Seek, Shape, Sudoku};
/// use plateau::search::{Count, Search};
/// let mut givens = [0; 16];
/// givens[..4].copy_from_slice(&[1, 2, 3, 4]);
/// let puzzle = Sudoku::new(Shape::Four, &givens)?;
/// let frames = [Frame::new(puzzle); 17]; // a frame per cell, plus one
/// let all = DepthFirst::new_in(puzzle, Seek::All, frames).run(Budget::UNLIMITED)?;
/// assert_eq!(all.done().map(|s| s.count), Some(Count::exactly(12)));
/// let two = DepthFirst::new_in(puzzle, Seek::Uniqueness, frames).run(Budget::UNLIMITED)?;
/// // Stopped at the second: a lower bound.
/// assert_eq!(two.done().map(|s| s.count), Some(Count::at_least(2)));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Sudoku {
    pub(super) shape: Shape,
    /// Set when a given already empties a cell: the grid has no solution.
    pub(super) broken: bool,
    /// Cells without a digit.
    open: u8,
    pub(super) candidates: [u16; MAX_CELLS],
    pub(super) digits: [u8; MAX_CELLS],
    /// Digits placed in each unit: rows, then columns, then boxes.
    placed: [u16; 27],
    /// Bit `i`: cell `i` may have one candidate left (naked singles look).
    pending: u128,
}

/// One choice of the search: a digit for a cell (opaque: made by
/// [`Candidates`], taken by [`Puzzle::apply`]).
///
/// ```
/// use plateau::grid::{Puzzle, Shape, Sudoku};
/// let mut grid = Sudoku::new(Shape::Four, &[0; 16])?;
/// let first = grid.branch().and_then(|mut c| c.next()).ok_or("no open cell")?;
/// assert!(grid.apply(first));
/// assert_eq!(grid.digits().iter().filter(|&&d| d != 0).count(), 1);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Placement {
    /// The cell, row-major.
    pub(super) cell: u8,
    /// The digit as a one-bit mask (bit `d - 1`).
    pub(super) bit: u16,
}

/// Iterates over the candidate digits of one cell, lowest first.
///
/// ```
/// use plateau::grid::{Puzzle, Shape, Sudoku};
/// let grid = Sudoku::new(Shape::Four, &[1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
/// assert_eq!(grid.branch().map(Iterator::count), Some(1));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Candidates {
    pub(super) cell: u8,
    pub(super) bits: u16,
}

impl Candidates {
    /// No choice at all.
    pub(crate) const NONE: Candidates = Candidates { cell: 0, bits: 0 };

    /// Returns whether no choice is left.
    pub(crate) const fn is_empty(&self) -> bool {
        self.bits == 0
    }
}

impl Iterator for Candidates {
    type Item = Placement;
    fn next(&mut self) -> Option<Placement> {
        if self.bits == 0 {
            return None;
        }
        let bit = self.bits & self.bits.wrapping_neg();
        self.bits &= !bit;
        Some(Placement {
            cell: self.cell,
            bit,
        })
    }
}

/// `1 << i` for every cell `i`.
// Evaluated at compile time: an index out of range is a compile error, not a panic.
#[allow(clippy::indexing_slicing)]
static CELL_BITS: [u128; MAX_CELLS] = {
    let mut bits = [0u128; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        bits[i] = 1u128 << i;
        i += 1;
    }
    bits
};

impl Sudoku {
    /// Makes a sudoku from its givens, row by row: `0` for a blank, else a digit.
    ///
    /// Fails if the length is not the shape's cell count, a digit is too large, or
    /// a digit is given twice in a row, column or box.
    // Inlined across crates: the 336-byte result is then built in place.
    #[inline]
    pub fn new(shape: Shape, givens: &[u8]) -> Result<Sudoku, SudokuError> {
        // Each shape compiled on its own: loops of known lengths unroll.
        match shape {
            Shape::Four => Sudoku::build::<4, 2, 2>(shape, givens),
            Shape::Six => Sudoku::build::<6, 2, 3>(shape, givens),
            Shape::Nine => Sudoku::build::<9, 3, 3>(shape, givens),
        }
    }

    /// [`Sudoku::new`] for a side of `N` and boxes of `R` rows and `C` columns.
    #[inline(always)]
    fn build<const N: usize, const R: usize, const C: usize>(
        shape: Shape,
        givens: &[u8],
    ) -> Result<Sudoku, SudokuError> {
        let t = shape.tables();
        let n = N;
        if givens.len() != N * N {
            return Err(SudokuError::WrongLength {
                shape,
                len: givens.len(),
            });
        }
        if let Some(cell) = givens.iter().position(|&d| usize::from(d) > n) {
            let digit = givens.get(cell).copied().unwrap_or(0);
            return Err(SudokuError::DigitTooLarge {
                cell: cell_at(n, cell),
                digit,
            });
        }
        let full = (1u16 << n) - 1;
        let (box_rows, box_cols) = (R, C);
        // The digits of each unit: rows, then columns, then boxes. Row by row,
        // each box segment of the row folded in registers first: chains of
        // loads and stores to one mask would wait on each other cell by cell.
        let mut seen = [0u16; 27];
        let (rows, rest) = seen.split_at_mut(n);
        let (cols, boxes) = rest.split_at_mut(n);
        // Branch-free on blanks and clashes: a blank's "digit" is the empty mask,
        // and a clash is looked for again, slowly, only if there is one.
        let mut clash = 0u16;
        // (`as_chunks` of constant sizes: no division left to check at run time.)
        let grid_rows = givens.as_chunks::<N>().0;
        for (r, (row, row_seen)) in grid_rows.iter().zip(rows.iter_mut()).enumerate() {
            let mut in_row = 0u16;
            let first_box = r / box_rows * (n / box_cols);
            let segments = row
                .as_chunks::<C>()
                .0
                .iter()
                .zip(cols.as_chunks_mut::<C>().0);
            for (s, (segment, cols)) in segments.enumerate() {
                let mut in_segment = 0u16;
                for (&d, col) in segment.iter().zip(cols) {
                    let bit = (1u16 << d) >> 1;
                    clash |= (in_row | *col) & bit;
                    in_row |= bit;
                    *col |= bit;
                    in_segment |= bit;
                }
                if let Some(b) = boxes.get_mut(first_box + s) {
                    clash |= *b & in_segment;
                    *b |= in_segment;
                }
            }
            *row_seen = in_row;
        }
        if clash != 0 {
            return Err(first_duplicate(shape, t, givens));
        }
        // With no duplicate, placing the givens one by one (striking peers) comes
        // to this: a blank keeps the digits none of its three units holds.
        let mut candidates = [0u16; MAX_CELLS];
        let (rows, rest) = seen.split_at(n);
        let (cols, boxes) = rest.split_at(n);
        let cells = grid_rows.iter().zip(candidates.as_chunks_mut::<N>().0);
        for (r, ((row, out), &in_row)) in cells.zip(rows).enumerate() {
            let first_box = r / box_rows * (n / box_cols);
            let segments = row
                .as_chunks::<C>()
                .0
                .iter()
                .zip(out.as_chunks_mut::<C>().0);
            let units = cols
                .as_chunks::<C>()
                .0
                .iter()
                .zip(boxes.iter().skip(first_box));
            for ((segment, out), (cols, b)) in segments.zip(units) {
                for ((&d, c), &col) in segment.iter().zip(out).zip(cols) {
                    let left = full & !(in_row | col | *b);
                    *c = if d == 0 { left } else { 0 };
                }
            }
        }
        // Every cell is looked at by the first naked singles, which skip the
        // cells with more candidates (cheaper here than a test per cell).
        let pending = u128::MAX >> (128 - N * N);
        let open = givens.iter().filter(|&&d| d == 0).count() as u8;
        let broken = givens
            .iter()
            .zip(&candidates)
            .fold(false, |b, (&d, &c)| b | ((d == 0) & (c == 0)));
        let mut digits = [0u8; MAX_CELLS];
        if let Some(d) = digits.get_mut(..givens.len()) {
            d.copy_from_slice(givens);
        }
        Ok(Sudoku {
            shape,
            broken,
            open,
            candidates,
            digits,
            placed: seen,
            pending,
        })
    }

    /// Returns the shape.
    #[must_use]
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// Returns the row-major index of `cell`, if it lies in the grid.
    fn index(&self, cell: Cell) -> Option<usize> {
        let n = self.shape.side();
        let (row, col) = (usize::from(cell.row), usize::from(cell.col));
        (row < n && col < n).then_some(row * n + col)
    }

    /// Returns the digit of `cell`, or `None` if it is not filled (or outside the grid).
    #[must_use]
    pub fn digit(&self, cell: Cell) -> Option<u8> {
        let i = self.index(cell)?;
        self.digits.get(i).copied().filter(|&d| d != 0)
    }

    /// Returns the candidate digits of an open cell as a mask (bit `d - 1` for digit `d`;
    /// 0 for a filled cell or one outside the grid).
    #[must_use]
    pub fn candidates(&self, cell: Cell) -> u16 {
        self.index(cell).map_or(0, |i| self.candidates_at(i))
    }

    /// Returns the candidates of row-major cell `i` (0 past the end).
    fn candidates_at(&self, i: usize) -> u16 {
        self.candidates.get(i).copied().unwrap_or(0)
    }

    /// Returns every cell's digit, 0 for an unfilled cell (only the shape's cells are used).
    #[must_use]
    pub const fn digits(&self) -> [u8; MAX_CELLS] {
        self.digits
    }

    /// Makes the solved grid holding `digits` (assumed complete and valid).
    pub(super) fn filled(shape: Shape, digits: &[u8; MAX_CELLS]) -> Sudoku {
        let full = (1u16 << shape.side()) - 1;
        let n = shape.side();
        Sudoku {
            shape,
            broken: false,
            open: 0,
            candidates: [0; MAX_CELLS],
            digits: *digits,
            placed: core::array::from_fn(|u| if u < 3 * n { full } else { 0 }),
            pending: 0,
        }
    }

    /// Puts digit `bit` in `cell` and strikes it from the peers; `false` on a contradiction.
    fn assign(&mut self, cell: u8, bit: u16) -> bool {
        let t = self.shape.tables();
        let i = usize::from(cell);
        let Some(c) = self.candidates.get_mut(i) else {
            return false;
        };
        if *c & bit == 0 {
            return false;
        }
        *c = 0;
        if let Some(d) = self.digits.get_mut(i) {
            *d = bit.trailing_zeros() as u8 + 1;
        }
        self.open = self.open.saturating_sub(1);
        // `& 127`: the bound is known, so no test is left (and no cell is >= 128).
        self.pending &= !bits::bit128(usize::from(cell & 127));
        for &u in t.cell_units.get(i).into_iter().flatten() {
            let Some(mask) = self.placed.get_mut(usize::from(u)) else {
                return false;
            };
            if *mask & bit != 0 {
                return false;
            }
            *mask |= bit;
        }
        let Some(peers) = t.peers.get(i) else {
            return false;
        };
        // Branch-free: whether a peer held the digit is a coin toss for the predictor.
        let mut emptied = false;
        let mut singles = 0u128;
        for &p in peers.iter().take(usize::from(t.peer_count)) {
            let Some(pc) = self.candidates.get_mut(usize::from(p)) else {
                continue;
            };
            let old = *pc;
            let left = old & !bit;
            *pc = left;
            emptied |= old == bit;
            let single = (old != left) & (left & left.wrapping_sub(1) == 0);
            // A table load and a mask: cheaper than a variable 128-bit shift.
            let cell_bit = CELL_BITS.get(usize::from(p)).copied().unwrap_or(0);
            singles |= cell_bit & 0u128.wrapping_sub(u128::from(single));
        }
        self.pending |= singles;
        !emptied
    }

    /// Places every naked single; `false` on a contradiction.
    fn naked_singles(&mut self) -> bool {
        while self.pending != 0 {
            let cell = self.pending.trailing_zeros() as u8;
            self.pending &= self.pending - 1;
            let bit = self.candidates_at(usize::from(cell));
            if bit != 0 && bit & (bit - 1) == 0 && !self.assign(cell, bit) {
                return false;
            }
        }
        true
    }

    /// Strikes digits `mask` from `cells`; `false` if a cell is left without candidates.
    fn strike(&mut self, cells: &[u8], mask: u16) -> bool {
        for &cell in cells {
            let Some(c) = self.candidates.get_mut(usize::from(cell)) else {
                continue;
            };
            if *c & mask != 0 {
                let left = *c & !mask;
                if left == 0 {
                    return false;
                }
                *c = left;
                if left & (left - 1) == 0 {
                    self.pending |= bits::bit128(usize::from(cell & 127));
                }
            }
        }
        true
    }

    /// Applies locked candidates: a digit that, within a box, lies only on one
    /// line leaves the rest of that line (pointing), and one that, within a line,
    /// lies only in one box leaves the rest of that box (claiming). `None` on a
    /// contradiction, else whether any candidate was struck.
    fn locked_candidates(&mut self) -> Option<bool> {
        let t = self.shape.tables();
        let mut changed = false;
        for x in t.meetings.iter().take(usize::from(t.meeting_count)) {
            let union = |s: &Sudoku, cells: &[u8]| {
                cells
                    .iter()
                    .fold(0u16, |m, &c| m | s.candidates_at(usize::from(c)))
            };
            let shared_cells = x.shared.get(..usize::from(x.shared_len))?;
            let shared = union(self, shared_cells);
            if shared == 0 {
                continue;
            }
            let rest_of_box = x.rest_of_box.get(..usize::from(x.rest_len))?;
            let rest_of_line = x.rest_of_line.get(..usize::from(x.rest_len))?;
            let (in_box, on_line) = (union(self, rest_of_box), union(self, rest_of_line));
            let pointing = shared & !in_box & on_line;
            if pointing != 0 {
                if !self.strike(rest_of_line, pointing) {
                    return None;
                }
                changed = true;
            }
            let claiming = shared & !on_line & in_box;
            if claiming != 0 {
                if !self.strike(rest_of_box, claiming) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }

    /// Places the hidden singles of every unit; `None` on a contradiction, else
    /// whether any was placed.
    fn hidden_singles(&mut self) -> Option<bool> {
        let t = self.shape.tables();
        let n = usize::from(t.side);
        let full = 1u16.wrapping_shl(u32::from(t.side)).wrapping_sub(1); // side: 4, 6 or 9
        let mut placed = false;
        for (u, unit) in t.units.iter().take(3 * n).enumerate() {
            let unit = unit.get(..n)?;
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in unit {
                let c = self.candidates_at(usize::from(cell));
                twice |= once & c;
                once |= c;
            }
            let done = self.placed.get(u).copied()?;
            if once | done != full {
                return None;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= !bit;
                let cell = unit
                    .iter()
                    .copied()
                    .find(|&cell| self.candidates_at(usize::from(cell)) & bit != 0)?;
                if !self.assign(cell, bit) {
                    return None;
                }
                placed = true;
            }
        }
        Some(placed)
    }
}

/// Finds the first given that repeats a digit of its row, column or box.
#[cold]
fn first_duplicate(shape: Shape, t: &Tables, givens: &[u8]) -> SudokuError {
    let n = shape.side();
    let mut seen = [0u16; 27];
    for (i, &d) in (0u8..).zip(givens) {
        let bit = (1u16 << (d & 15)) >> 1;
        for &u in t.cell_units.get(usize::from(i)).into_iter().flatten() {
            let Some(mask) = seen.get_mut(usize::from(u)) else {
                continue;
            };
            if *mask & bit != 0 {
                let unit = t
                    .units
                    .get(usize::from(u))
                    .map_or(&[][..], |x| x.as_slice());
                let first = unit
                    .iter()
                    .copied()
                    .find(|&c| givens.get(usize::from(c)) == Some(&d))
                    .unwrap_or(i);
                return SudokuError::Duplicate {
                    digit: d,
                    first: cell_at(n, usize::from(first)),
                    second: cell_at(n, usize::from(i)),
                };
            }
            *mask |= bit;
        }
    }
    SudokuError::WrongLength {
        shape,
        len: givens.len(),
    }
}

/// The cell of row-major index `i` in a grid of side `n` (at most 9: both fit a `u8`).
fn cell_at(n: usize, i: usize) -> Cell {
    let n = n.max(1);
    Cell::new((i / n) as u8, (i % n) as u8)
}

impl Puzzle for Sudoku {
    type Choice = Placement;
    type Choices = Candidates;

    fn propagate(&mut self) -> bool {
        if self.broken {
            return false;
        }
        loop {
            if !self.naked_singles() {
                return false;
            }
            if self.open == 0 {
                return true;
            }
            match self.hidden_singles() {
                None => return false,
                Some(false) if self.pending == 0 => {}
                Some(_) => continue,
            }
            match self.locked_candidates() {
                None => return false,
                Some(false) if self.pending == 0 => return true,
                Some(_) => {}
            }
        }
    }

    fn branch(&self) -> Option<Candidates> {
        if self.open == 0 {
            return None;
        }
        let mut best: Option<Candidates> = None;
        let mut best_count = u32::MAX;
        for (cell, &bits) in (0u8..).zip(self.candidates.iter()) {
            let count = bits.count_ones();
            if bits != 0 && count < best_count {
                best_count = count;
                best = Some(Candidates { cell, bits });
                if count <= 2 {
                    break;
                }
            }
        }
        best
    }

    fn apply(&mut self, Placement { cell, bit }: Placement) -> bool {
        self.assign(cell, bit)
    }

    fn is_solved(&self) -> bool {
        let t = self.shape.tables();
        let n = usize::from(t.side);
        let full = 1u16.wrapping_shl(u32::from(t.side)).wrapping_sub(1); // side: 4, 6 or 9
        self.open == 0 && self.placed.iter().take(3 * n).all(|&m| m == full)
    }
}
