//! The shapes of a sudoku and their tables: which cells share a row, column or
//! box, computed at compile time.

use super::MAX_CELLS;

/// Names the size of a grid and of its boxes.
///
/// ```
/// use plateau::grid::Shape;
/// assert_eq!(Shape::from_cells(36), Some(Shape::Six));
/// assert_eq!((Shape::Six.side(), Shape::Six.cells()), (6, 36));
/// ```
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

    pub(super) const fn tables(self) -> &'static Tables {
        match self {
            Shape::Four => &FOUR,
            Shape::Six => &SIX,
            Shape::Nine => &NINE,
        }
    }
}

/// Peers and units of one shape, computed at compile time.
pub(super) struct Tables {
    pub(super) side: u8,
    pub(super) peer_count: u8,
    /// The cells sharing a row, column or box with each cell.
    pub(super) peers: [[u8; 20]; MAX_CELLS],
    /// Rows, then columns, then boxes.
    pub(super) units: [[u8; 9]; 27],
    /// The row, column and box (unit indices) of each cell.
    pub(super) cell_units: [[u8; 3]; MAX_CELLS],
    /// Every meeting of a box and a line, for locked candidates.
    pub(super) meetings: [Meeting; 54],
    pub(super) meeting_count: u8,
}

/// Where a box and a row (or column) meet: the shared cells, the rest of the
/// box and the rest of the line (as many cells as the rest of the box).
#[derive(Clone, Copy)]
pub(super) struct Meeting {
    pub(super) shared: [u8; 3],
    pub(super) shared_len: u8,
    pub(super) rest_of_box: [u8; 6],
    pub(super) rest_of_line: [u8; 6],
    pub(super) rest_len: u8,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        assert_eq!(NINE.peer_count, 20);
        assert_eq!(SIX.peer_count, 12);
        assert_eq!(FOUR.peer_count, 7);
        assert_eq!(&NINE.units[18][..9], &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(&SIX.units[12 + 1][..6], &[3, 4, 5, 9, 10, 11]);
    }
}
