//! The fast 9×9 node: the grid held digit by digit, band by band.
//!
//! A band is three rows of the grid (27 cells, bit `9 × row + column`). For each
//! band and digit, [`Bands`] keeps one 27-bit mask of the cells where the digit
//! can still stand (a placed digit keeps its own bit), so the rules of sudoku
//! become a few bit operations on one word:
//!
//! - within a band, the digit stands once in each of the three rows and once in
//!   each of the three boxes: which (row, box) pairs it can use form a 3×3
//!   matrix, and only pairs on a permutation inside that matrix survive (this is
//!   hidden singles in boxes and locked candidates along rows, in one table
//!   look-up); a row left with one cell fixes the digit there;
//! - across bands, a box whose candidates lie in one column takes that column
//!   from the other two bands, and a column whose candidates lie in one band
//!   takes that box's other columns (locked candidates and hidden singles along
//!   columns);
//! - across digits, counting the masks of a band bit-sliced (once, twice) finds
//!   the cells with one candidate left (naked singles) or none (a contradiction).
//!
//! The search guesses on a cell with two candidates when there is one, else on
//! the cell with the fewest. The node is 124 bytes, copied once per guess.
//!
//! ```
//! use plateau::grid::{Limits, Outcome, Shape, Sudoku, sudoku::Bands};
//! use plateau::grid::{DepthFirst, Frame, Strategy};
//! let givens = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let digits: Vec<u8> = givens.iter().map(|&c| if c == b'.' { 0 } else { c - b'0' }).collect();
//! let root = Bands::from_sudoku(&Sudoku::new(Shape::Nine, &digits)?).expect("a 9×9 grid");
//! let mut stack = [Frame::new(root); 82];
//! let report = DepthFirst::new(&mut stack).run(root, Limits::UNIQUENESS, |_| {})?;
//! let Outcome::Unique(solution) = report.outcome else { panic!("a unique puzzle") };
//! assert_eq!(solution.digits()[..3], [5, 3, 4]);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use super::{Candidates, MAX_CELLS, Placement, Shape, Sudoku};
use crate::grid::Puzzle;

/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;
/// Every column (of a row, or of the column summary of a band).
const NINE: u32 = 0x1FF;

/// A 9×9 sudoku as 27 masks: for each band and digit, where the digit can stand.
///
/// The search's node for [`Shape::Nine`]: [`Sudoku::solve`] converts to it and
/// back. 124 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Bands {
    /// `places[band][digit - 1]`: bit `9 × row + column` (row within the band)
    /// set while the digit may stand there, or stands there.
    places: [[u32; 9]; 3],
    /// The cells of each band whose digit is not fixed yet.
    open: [u32; 3],
    /// Bit `9 × band + digit - 1`: that mask changed since it was last examined.
    dirty: u32,
}

/// Runs only in const evaluation: an index out of range is a compile error.
#[allow(clippy::indexing_slicing)]
const fn tables() -> ([u8; 512], [u32; 512], [u16; 512], [u16; 512], [u32; 27]) {
    let mut boxes = [0u8; 512];
    let mut keep = [0u32; 512];
    let mut locked = [0u16; 512];
    let mut claim = [0u16; 512];
    let mut peers = [0u32; 27];
    // The six ways to give each row of a band its own box.
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let group = (x >> (3 * k)) & 7;
            if group != 0 {
                boxes[x] |= 1 << k;
            }
            if group.count_ones() == 1 {
                locked[x] |= (group << (3 * k)) as u16;
            }
            let allowed = match group.count_ones() {
                0 => 7,
                1 => group,
                _ => 0,
            };
            claim[x] |= (allowed << (3 * k)) as u16;
            k += 1;
        }
        // x as a (row, box) matrix: bit 3 × row + box.
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut fits = true;
            let mut r = 0;
            while r < 3 {
                if x & (1 << (3 * r + perm[r])) == 0 {
                    fits = false;
                }
                r += 1;
            }
            if fits {
                let mut r = 0;
                while r < 3 {
                    keep[x] |= 7 << (9 * r + 3 * perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        x += 1;
    }
    let mut cell = 0;
    while cell < 27 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 27 {
            let (r2, c2) = (other / 9, other % 9);
            if other != cell && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                peers[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    (boxes, keep, locked, claim, peers)
}

static TABLES: ([u8; 512], [u32; 512], [u16; 512], [u16; 512], [u32; 27]) = tables();
/// Bit `box` set if a row's 9 bits have a candidate in that box.
static ROW_BOXES: [u8; 512] = TABLES.0;
/// For a (row, box) matrix, the cells of the pairs that lie on a permutation.
static KEEP: [u32; 512] = TABLES.1;
/// For a band's column summary, the columns that are alone in their box.
static LOCKED: [u16; 512] = TABLES.2;
/// For the columns only this band can fill, the columns each box may keep
/// (none if two such columns share a box: a contradiction).
static CLAIM: [u16; 512] = TABLES.3;
/// The cells of a band sharing a row, column or box with a cell.
static PEERS: [u32; 27] = TABLES.4;

/// A 512-entry table at 9 bits of `x` (the mask keeps the index in range).
fn look<T: Copy + Default>(table: &[T; 512], x: u32) -> T {
    table.get((x & NINE) as usize).copied().unwrap_or_default()
}

/// The peers of in-band cell `i` (0..27).
fn peers(i: u32) -> u32 {
    PEERS.get(i as usize).copied().unwrap_or(0)
}

/// A 9-bit column set repeated on the three rows of a band.
const fn spread(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// The columns of a band where a mask has a cell.
const fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & NINE
}

/// The digits (bit `d - 1`) that may stand in in-band cell bit `cell` of `band`.
fn digits_at(band: &[u32; 9], cell: u32) -> u16 {
    band.iter()
        .enumerate()
        .fold(0, |m, (d, &p)| if p & cell != 0 { m | 1 << d } else { m })
}

impl Bands {
    /// Makes the band form of a 9×9 sudoku (its digits and candidates); `None`
    /// for other shapes.
    #[must_use]
    pub fn from_sudoku(s: &Sudoku) -> Option<Bands> {
        if s.shape() != Shape::Nine {
            return None;
        }
        let mut b = Bands {
            places: [[0; 9]; 3],
            open: [BAND; 3],
            dirty: BAND,
        };
        // A broken grid keeps no candidate: the first look at it fails.
        if s.broken {
            return Some(b);
        }
        for (base, band) in (0..).step_by(27).zip(b.places.iter_mut()) {
            for i in 0..27u32 {
                let at = base + i as usize;
                let mask = match s.digit(at) {
                    Some(d) => 1u16 << ((d - 1) & 15),
                    None => s.candidates(at),
                };
                for (d, p) in band.iter_mut().enumerate() {
                    if mask & (1 << d) != 0 {
                        *p |= 1 << i;
                    }
                }
            }
        }
        Some(b)
    }

    /// Returns every cell's digit (row-major), 0 where it is not fixed.
    #[must_use]
    pub fn digits(&self) -> [u8; MAX_CELLS] {
        let mut out = [0u8; MAX_CELLS];
        for ((band, open), cells) in self.places.iter().zip(self.open).zip(out.chunks_mut(27)) {
            for (d, &p) in (1u8..).zip(band.iter()) {
                let mut fixed = p & !open;
                while fixed != 0 {
                    if let Some(c) = cells.get_mut(fixed.trailing_zeros() as usize) {
                        *c = d;
                    }
                    fixed &= fixed - 1;
                }
            }
        }
        out
    }

    /// Returns the solved grid as a [`Sudoku`].
    #[must_use]
    pub fn to_sudoku(&self) -> Sudoku {
        Sudoku::filled(Shape::Nine, &self.digits())
    }

    /// Strikes `cells` from digit `d`'s mask of `band`, marking it dirty if it changed.
    fn strike(&mut self, band: usize, d: usize, cells: u32) {
        if let Some(p) = self.places.get_mut(band).and_then(|x| x.get_mut(d)) {
            let old = *p;
            *p = old & !cells;
            let bit = 1u32.wrapping_shl((band * 9 + d) as u32);
            self.dirty |= bit & 0u32.wrapping_sub(u32::from(old != *p));
        }
    }

    /// Applies the band rules to digit `d` of `band`; `false` on a contradiction.
    fn update(&mut self, band: usize, d: usize) -> bool {
        let Some(&a) = self.places.get(band).and_then(|x| x.get(d)) else {
            return true;
        };
        let pairs = u32::from(look(&ROW_BOXES, a))
            | u32::from(look(&ROW_BOXES, a >> 9)) << 3
            | u32::from(look(&ROW_BOXES, a >> 18)) << 6;
        let a = a & look(&KEEP, pairs);
        if a == 0 {
            return false;
        }
        let Some(digits) = self.places.get_mut(band) else {
            return true;
        };
        if let Some(p) = digits.get_mut(d) {
            *p = a;
        }
        // Rows left with one cell fix the digit there; the other digits leave it.
        let mut single = 0;
        for r in [0, 9, 18] {
            let row = (a >> r) & NINE;
            if row & row.wrapping_sub(1) == 0 {
                single |= row << r;
            }
        }
        let Some(open) = self.open.get_mut(band) else {
            return true;
        };
        let fixed = single & *open;
        if fixed != 0 {
            *open &= !fixed;
            for e in (0..9).filter(|&e| e != d) {
                self.strike(band, e, fixed);
            }
        }
        // A box whose candidates lie in one column takes it from the other bands.
        let locked = spread(u32::from(look(&LOCKED, columns(a))));
        if locked != 0 {
            let (b1, b2) = match band {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            self.strike(b1, d, locked);
            self.strike(b2, d, locked);
        }
        true
    }

    /// Fixes the cells with one candidate left: `None` if a cell has none, else
    /// whether any was found.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for band in 0..3 {
            let digits = *self.places.get(band)?;
            let (mut once, mut twice) = (0u32, 0u32);
            for &p in &digits {
                twice |= once & p;
                once |= p;
            }
            if once != BAND {
                return None;
            }
            let mut singles = self.open.get(band)? & !twice;
            while singles != 0 {
                let i = singles.trailing_zeros();
                let cell = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // The live masks: an earlier single may have struck this one's digit.
                let live = self.places.get(band)?;
                let d = live.iter().position(|&p| p & cell != 0)?;
                self.strike(band, d, peers(i));
                found = true;
            }
        }
        Some(found)
    }

    /// Applies the column rules across bands: `None` if a digit misses a column,
    /// else whether any candidate was struck.
    fn columns(&mut self) -> Option<bool> {
        let before = self.dirty;
        for d in 0..9 {
            let at = |b: usize| {
                self.places
                    .get(b)
                    .and_then(|x| x.get(d))
                    .map_or(0, |&a| columns(a))
            };
            let c = [at(0), at(1), at(2)];
            let [c0, c1, c2] = c;
            if c0 | c1 | c2 != NINE {
                return None;
            }
            // A column only one band can fill keeps that band's box to it.
            for (band, own) in [c0 & !(c1 | c2), c1 & !(c0 | c2), c2 & !(c0 | c1)]
                .into_iter()
                .enumerate()
            {
                if own != 0 {
                    self.strike(band, d, !spread(u32::from(look(&CLAIM, own))));
                }
            }
        }
        Some(self.dirty != before)
    }
}

impl Puzzle for Bands {
    type Choice = Placement;
    type Choices = Candidates;

    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros();
                self.dirty &= self.dirty - 1;
                if !self.update((i / 9) as usize, (i % 9) as usize) {
                    return false;
                }
            }
            if self.open == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.columns() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    fn branch(&self) -> Option<Candidates> {
        // First a cell with two candidates, counted bit-sliced.
        for ((digits, &open), base) in self.places.iter().zip(&self.open).zip([0u8, 27, 54]) {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &p in digits {
                thrice |= twice & p;
                twice |= once & p;
                once |= p;
            }
            let pairs = twice & !thrice & open;
            if pairs != 0 {
                let cell = pairs & pairs.wrapping_neg();
                return Some(Candidates {
                    cell: base.saturating_add(pairs.trailing_zeros() as u8),
                    bits: digits_at(digits, cell),
                });
            }
        }
        // Else the open cell with the fewest.
        let mut best: Option<Candidates> = None;
        let mut best_count = u32::MAX;
        for ((digits, &open), base) in self.places.iter().zip(&self.open).zip([0u8, 27, 54]) {
            let mut cells = open;
            while cells != 0 {
                let i = cells.trailing_zeros();
                let bits = digits_at(digits, cells & cells.wrapping_neg());
                cells &= cells - 1;
                if bits.count_ones() < best_count {
                    best_count = bits.count_ones();
                    best = Some(Candidates {
                        cell: base.saturating_add(i as u8),
                        bits,
                    });
                }
            }
        }
        best
    }

    fn apply(&mut self, (cell, bit): Placement) -> bool {
        let band = usize::from(cell / 27);
        let i = u32::from(cell % 27);
        let d = bit.trailing_zeros() as usize;
        let at = 1u32 << i;
        match self.places.get(band).and_then(|x| x.get(d)) {
            Some(&p) if p & at != 0 => {}
            _ => return false,
        }
        for e in (0..9).filter(|&e| e != d) {
            self.strike(band, e, at);
        }
        self.strike(band, d, peers(i));
        true
    }

    fn is_solved(&self) -> bool {
        let mut columns_used = [0u32; 9];
        for digits in &self.places {
            let (mut once, mut twice) = (0u32, 0u32);
            for (&a, used) in digits.iter().zip(columns_used.iter_mut()) {
                twice |= once & a;
                once |= a;
                // Three cells, one per row and one per box.
                let cols = columns(a);
                let one_per_row = [0, 9, 18].iter().all(|&r| ((a >> r) & NINE).count_ones() == 1);
                if !one_per_row || u32::from(look(&LOCKED, cols)) != cols || cols.count_ones() != 3
                {
                    return false;
                }
                if *used & cols != 0 {
                    return false;
                }
                *used |= cols;
            }
            // Every cell holds exactly one digit.
            if once != BAND || twice != 0 {
                return false;
            }
        }
        self.open == [0; 3]
    }
}
