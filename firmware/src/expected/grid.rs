// Grid puzzles: values of SPEC §5 and the host snapshots. Data only.

/// Margins counts of SPEC §5: (row sums, column sums, solutions).
#[allow(clippy::type_complexity)]
pub const MARGINS: [(&[u8], &[u8], u64); 3] = [
    (&[2, 2, 1], &[2, 2, 1], 5),
    (&[2, 2, 2, 2], &[2, 2, 2, 2], 90),
    (&[2, 2, 2, 2, 2], &[2, 2, 2, 2, 2], 2040),
];

/// A hard sudoku (Arto Inkala, 2012; `fixtures/sudoku/famous.txt`) and its unique
/// solution (snapshot `sudoku__famous-json`; `.` for blanks).
pub const SUDOKU: (&str, &str) = (
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
);

/// Inkala's sudoku (`SUDOKU`) less two givens, the 6 of row 2 and the 5 of row
/// 4, and its number of solutions (`plateau solve sudoku FILE --count --json`:
/// `"count":32928,"complete":true`), counted on the chip in slices.
pub const SUDOKU_COUNT: (&str, u64) = (
    "8..........3.......7..9.2.......7.......457.....1...3...1....68..85...1..9....4..",
    32928,
);

/// A 3×4 snake (`fixtures/snake/small.txt`): row and column counts, head and
/// tail (row, column from 0), and its one body (snapshot `snake__small`: `H`,
/// `T` and `#` are the body).
#[allow(clippy::type_complexity)]
pub const SNAKE: (&[Option<u8>], &[Option<u8>], (u8, u8), (u8, u8), [&str; 3]) = (
    &[Some(3), Some(2), Some(3)],
    &[Some(3), Some(1), Some(3), Some(1)],
    (0, 0),
    (0, 3),
    ["H.#T", "#.#.", "###."],
);

/// The 1-2-1 pattern: above the 1s a mine, above the 2 none, in every layout.
pub const ONE_TWO_ONE: [bool; 3] = [true, false, true];
