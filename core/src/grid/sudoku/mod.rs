//! Sudoku on 4×4, 6×6 and 9×9 grids: bitmask candidates, naked and hidden
//! singles, locked candidates, branching on the cell with the fewest candidates.
//!
//! [`Sudoku`] is the node of the general search, for every shape. A 9×9 grid is
//! solved by [`Sudoku::solve`] as [`Bands`]: the same rules held per digit in
//! 27-bit masks, one per band of three rows (see [`bands`]).
//! Both are [`Puzzle`]s on the same engine, and give the same answers.
//!
//! ```
//! use plateau::grid::{Limits, Outcome, Shape, Sudoku};
//! let givens = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let digits: Vec<u8> = givens.iter().map(|&c| if c == b'.' { 0 } else { c - b'0' }).collect();
//! let puzzle = Sudoku::new(Shape::Nine, &digits)?;
//! let report = puzzle.solve(Limits::uniqueness(plateau::UNLIMITED))?;
//! let Outcome::Unique(solution) = report.outcome else { return Err("not unique".into()) };
//! assert_eq!(solution.digit(0), Some(5));
//! assert_eq!(solution.digit(2), Some(4));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use super::{DepthFirst, Frame, Limits, Outcome, Puzzle, Report, SearchError, Strategy};

pub mod bands;

pub use bands::Bands;

/// Most cells of a grid (9×9).
pub const MAX_CELLS: usize = 81;

/// The size of the grid and of its boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Shape {
    /// 4×4 with 2×2 boxes, digits 1–4.
    Four,
    /// 6×6 with boxes of 2 rows × 3 columns, digits 1–6.
    Six,
    /// 9×9 with 3×3 boxes, digits 1–9.
    Nine,
}

impl Shape {
    /// Returns the side of the grid (and the largest digit).
    #[must_use]
    pub const fn side(self) -> usize {
        match self {
            Shape::Four => 4,
            Shape::Six => 6,
            Shape::Nine => 9,
        }
    }

    /// Returns the number of cells.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Returns the shape whose grid has `cells` cells (16, 36 or 81).
    #[must_use]
    pub const fn from_cells(cells: usize) -> Option<Shape> {
        match cells {
            16 => Some(Shape::Four),
            36 => Some(Shape::Six),
            81 => Some(Shape::Nine),
            _ => None,
        }
    }

    const fn tables(self) -> &'static Tables {
        match self {
            Shape::Four => &FOUR,
            Shape::Six => &SIX,
            Shape::Nine => &NINE,
        }
    }
}

/// Why the givens cannot make a sudoku.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SudokuError {
    /// The number of givens is not the number of cells of the shape.
    WrongLength,
    /// A given digit is larger than the side (the cell is named, 0-based, row-major).
    DigitTooLarge {
        /// The cell.
        cell: u8,
    },
    /// The same digit is given twice in one row, column or box.
    Duplicate {
        /// The digit.
        digit: u8,
        /// The earlier cell (0-based, row-major).
        first: u8,
        /// The later cell.
        second: u8,
    },
}

impl fmt::Display for SudokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SudokuError::WrongLength => f.write_str("the givens do not fill the grid"),
            SudokuError::DigitTooLarge { cell } => {
                write!(f, "the digit of cell {cell} is larger than the grid")
            }
            SudokuError::Duplicate {
                digit,
                first,
                second,
            } => write!(
                f,
                "digit {digit} is given twice in one unit (cells {first} and {second})"
            ),
        }
    }
}

impl core::error::Error for SudokuError {}

/// Peers and units of one shape, computed at compile time.
struct Tables {
    side: u8,
    peer_count: u8,
    /// The cells sharing a row, column or box with each cell.
    peers: [[u8; 20]; MAX_CELLS],
    /// Rows, then columns, then boxes.
    units: [[u8; 9]; 27],
    /// The row, column and box (unit indices) of each cell.
    cell_units: [[u8; 3]; MAX_CELLS],
    /// Every meeting of a box and a line, for locked candidates.
    meetings: [Meeting; 54],
    meeting_count: u8,
}

/// Where a box and a row (or column) meet: the shared cells, the rest of the
/// box and the rest of the line (as many cells as the rest of the box).
#[derive(Clone, Copy)]
struct Meeting {
    shared: [u8; 3],
    shared_len: u8,
    rest_of_box: [u8; 6],
    rest_of_line: [u8; 6],
    rest_len: u8,
}

const NO_MEETING: Meeting = Meeting {
    shared: [0; 3],
    shared_len: 0,
    rest_of_box: [0; 6],
    rest_of_line: [0; 6],
    rest_len: 0,
};

// Runs only in const evaluation: an index out of range is a compile error, not a panic.
#[allow(clippy::indexing_slicing)]
const fn tables(box_rows: usize, box_cols: usize) -> Tables {
    let n = box_rows * box_cols;
    let mut t = Tables {
        side: n as u8,
        peer_count: ((n - 1) * 2 + (box_rows - 1) * (box_cols - 1)) as u8,
        peers: [[0; 20]; MAX_CELLS],
        units: [[0; 9]; 27],
        cell_units: [[0; 3]; MAX_CELLS],
        meetings: [NO_MEETING; 54],
        meeting_count: 0,
    };
    let mut cell = 0;
    while cell < n * n {
        let (r, c) = (cell / n, cell % n);
        let mut k = 0;
        let mut other = 0;
        while other < n * n {
            let (r2, c2) = (other / n, other % n);
            let same_box = r2 / box_rows == r / box_rows && c2 / box_cols == c / box_cols;
            if other != cell && (r2 == r || c2 == c || same_box) {
                t.peers[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    let boxes_across = n / box_cols;
    let mut i = 0;
    while i < n {
        let (r0, c0) = ((i / boxes_across) * box_rows, (i % boxes_across) * box_cols);
        let mut j = 0;
        while j < n {
            t.units[i][j] = (i * n + j) as u8;
            t.units[n + i][j] = (j * n + i) as u8;
            let cell = (r0 + j / box_cols) * n + c0 + j % box_cols;
            t.units[2 * n + i][j] = cell as u8;
            t.cell_units[i * n + j] = [i as u8, (n + j) as u8, 0];
            j += 1;
        }
        i += 1;
    }
    // Boxes last: each cell learns its box from the box's cell list.
    let mut i = 0;
    while i < n {
        let mut j = 0;
        while j < n {
            t.cell_units[t.units[2 * n + i][j] as usize][2] = (2 * n + i) as u8;
            j += 1;
        }
        i += 1;
    }
    // Box meets row: (r0 + i, c0..c0 + box_cols); box meets column likewise.
    let mut b = 0;
    let mut m = 0;
    while b < n {
        let (r0, c0) = ((b / boxes_across) * box_rows, (b % boxes_across) * box_cols);
        let mut line = 0;
        while line < box_rows + box_cols {
            let by_row = line < box_rows;
            let mut x = NO_MEETING;
            let mut cell = 0;
            let (mut ns, mut nb, mut nl) = (0, 0, 0);
            while cell < n * n {
                let (r, c) = (cell / n, cell % n);
                let in_box = r >= r0 && r < r0 + box_rows && c >= c0 && c < c0 + box_cols;
                let on_line = if by_row {
                    r == r0 + line
                } else {
                    c == c0 + line - box_rows
                };
                if in_box && on_line {
                    x.shared[ns] = cell as u8;
                    ns += 1;
                } else if in_box {
                    x.rest_of_box[nb] = cell as u8;
                    nb += 1;
                } else if on_line {
                    x.rest_of_line[nl] = cell as u8;
                    nl += 1;
                }
                cell += 1;
            }
            x.shared_len = ns as u8;
            x.rest_len = nb as u8;
            t.meetings[m] = x;
            m += 1;
            line += 1;
        }
        b += 1;
    }
    t.meeting_count = m as u8;
    t
}

static FOUR: Tables = tables(2, 2);
static SIX: Tables = tables(2, 3);
static NINE: Tables = tables(3, 3);

/// A partly filled sudoku: the candidate digits of every open cell.
///
/// Bit `d - 1` of a cell's mask is digit `d`; a filled cell has no candidates
/// and its digit is kept apart, so unit scans need no test for filled cells.
/// About 320 bytes, copied once per node of the search.
///
/// ```
/// use plateau::grid::{Limits, Outcome, Shape, Sudoku};
/// let mut givens = [0; 16];
/// givens[..4].copy_from_slice(&[1, 2, 3, 4]);
/// let report = Sudoku::new(Shape::Four, &givens)?.solve(Limits::all(plateau::UNLIMITED))?;
/// assert!(matches!(report.outcome, Outcome::Multiple { count: 12, .. }));
/// let report = Sudoku::new(Shape::Four, &givens)?.solve(Limits::uniqueness(plateau::UNLIMITED))?;
/// assert!(matches!(report.outcome, Outcome::Multiple { count: 2, .. })); // stops at the second
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Sudoku {
    shape: Shape,
    /// Set when a given already empties a cell: the grid has no solution.
    broken: bool,
    /// Cells without a digit.
    open: u8,
    candidates: [u16; MAX_CELLS],
    digits: [u8; MAX_CELLS],
    /// Digits placed in each unit: rows, then columns, then boxes.
    placed: [u16; 27],
    /// Bit `i`: cell `i` may have one candidate left (naked singles look).
    pending: u128,
}

/// One choice: put a digit (as a one-bit mask) in a cell.
pub type Placement = (u8, u16);

/// The candidate digits of one cell, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Candidates {
    cell: u8,
    bits: u16,
}

impl Iterator for Candidates {
    type Item = Placement;
    fn next(&mut self) -> Option<Placement> {
        if self.bits == 0 {
            return None;
        }
        let bit = self.bits & self.bits.wrapping_neg();
        self.bits &= !bit;
        Some((self.cell, bit))
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

const fn bit128(i: u8) -> u128 {
    1u128 << (i & 127)
}

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
            return Err(SudokuError::WrongLength);
        }
        if let Some(cell) = givens.iter().position(|&d| usize::from(d) > n) {
            return Err(SudokuError::DigitTooLarge { cell: cell as u8 });
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
            return Err(first_duplicate(t, givens));
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

    /// Returns the digit of a cell (row-major, 0-based), or `None` if it is not filled.
    #[must_use]
    pub fn digit(&self, cell: usize) -> Option<u8> {
        self.digits.get(cell).copied().filter(|&d| d != 0)
    }

    /// Returns the candidate digits of an open cell as a mask (bit `d - 1` for digit `d`;
    /// 0 for a filled cell).
    #[must_use]
    pub fn candidates(&self, cell: usize) -> u16 {
        self.candidates.get(cell).copied().unwrap_or(0)
    }

    /// Returns every cell's digit, 0 for an unfilled cell (only the shape's cells are used).
    #[must_use]
    pub const fn digits(&self) -> [u8; MAX_CELLS] {
        self.digits
    }

    /// Solves depth-first within `limits` with a stack on the call stack (82 frames:
    /// enough for any grid, one level per filled cell).
    ///
    /// A 9×9 grid is searched as [`Bands`], built from the digits: first on 16
    /// frames of 248 bytes (4 KiB; the sets of `fixtures/sudoku` need at most
    /// 8), and only a deeper search starts again on 82 (20 KiB more). The
    /// smaller shapes are searched as `Sudoku` itself (82 frames of 336 bytes,
    /// about 27 KiB). The steps count the nodes of whichever tree was searched.
    pub fn solve(&self, limits: Limits) -> Result<Report<Sudoku>, SearchError> {
        if self.shape == Shape::Nine {
            let root = if self.broken {
                Bands::BLANK
            } else {
                Bands::from_digits(&self.digits)
            };
            // Most searches stay a few levels deep: a short stack is cheap to
            // set up, and a deeper search starts again on the full one.
            let r = match search_bands::<SHORT_STACK>(root, limits) {
                Err(SearchError::StackFull) => search_bands_deep(root, limits)?,
                r => r?,
            };
            let outcome = match r.outcome {
                Outcome::None => Outcome::None,
                Outcome::Unique(s) => Outcome::Unique(s.to_sudoku()),
                Outcome::Multiple { first, count } => Outcome::Multiple {
                    first: first.to_sudoku(),
                    count,
                },
                Outcome::Exhausted { first, count } => Outcome::Exhausted {
                    first: first.map(|s| s.to_sudoku()),
                    count,
                },
            };
            return Ok(Report {
                outcome,
                steps: r.steps,
                complete: r.complete,
            });
        }
        let mut stack = [Frame::new(*self); MAX_CELLS + 1];
        DepthFirst::new(&mut stack).run(*self, limits, |_| {})
    }

    /// Makes the solved grid holding `digits` (assumed complete and valid).
    fn filled(shape: Shape, digits: &[u8; MAX_CELLS]) -> Sudoku {
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
        self.pending &= !bit128(cell);
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
            let bit = self.candidates(usize::from(cell));
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
                    self.pending |= bit128(cell);
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
                    .fold(0u16, |m, &c| m | s.candidates(usize::from(c)))
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
                let c = self.candidates(usize::from(cell));
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
                    .find(|&cell| self.candidates(usize::from(cell)) & bit != 0)?;
                if !self.assign(cell, bit) {
                    return None;
                }
                placed = true;
            }
        }
        Some(placed)
    }
}

/// Frames of the first try at a 9×9 search (no grid of the test sets, as
/// given or relabelled and permuted, needs more than 8).
const SHORT_STACK: usize = 16;

/// Searches a 9×9 grid depth-first on a stack of `N` frames.
#[inline(always)]
fn search_bands<const N: usize>(root: Bands, limits: Limits) -> Result<Report<Bands>, SearchError> {
    // Blank frames fill the stack as a memset, cheaper than copies of the root.
    let mut stack = [Frame::new(Bands::BLANK); N];
    DepthFirst::new(&mut stack).run(root, limits, |_| {})
}

/// Searches a 9×9 grid on a stack deep enough for any grid.
#[inline(never)]
#[cold]
fn search_bands_deep(root: Bands, limits: Limits) -> Result<Report<Bands>, SearchError> {
    search_bands::<{ MAX_CELLS + 1 }>(root, limits)
}

/// Finds the first given that repeats a digit of its row, column or box.
#[cold]
fn first_duplicate(t: &Tables, givens: &[u8]) -> SudokuError {
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
                    first,
                    second: i,
                };
            }
            *mask |= bit;
        }
    }
    SudokuError::WrongLength
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

    fn apply(&mut self, (cell, bit): Placement) -> bool {
        self.assign(cell, bit)
    }

    fn is_solved(&self) -> bool {
        let t = self.shape.tables();
        let n = usize::from(t.side);
        let full = 1u16.wrapping_shl(u32::from(t.side)).wrapping_sub(1); // side: 4, 6 or 9
        self.open == 0 && self.placed.iter().take(3 * n).all(|&m| m == full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Outcome;

    #[test]
    fn tables_are_consistent() {
        assert_eq!(NINE.peer_count, 20);
        assert_eq!(SIX.peer_count, 12);
        assert_eq!(FOUR.peer_count, 7);
        assert_eq!(&NINE.units[18][..9], &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(&SIX.units[12 + 1][..6], &[3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn duplicate_is_an_error() {
        let mut g = [0u8; 81];
        g[0] = 5;
        g[80] = 5;
        assert!(Sudoku::new(Shape::Nine, &g).is_ok());
        g[8] = 5;
        assert_eq!(
            Sudoku::new(Shape::Nine, &g),
            Err(SudokuError::Duplicate {
                digit: 5,
                first: 0,
                second: 8
            })
        );
    }

    #[test]
    fn empty_four_by_four_has_288_grids() {
        let p = Sudoku::new(Shape::Four, &[0; 16]).unwrap();
        let r = p.solve(Limits::all(crate::UNLIMITED)).unwrap();
        assert!(matches!(r.outcome, Outcome::Multiple { count: 288, .. }));
    }
}
