//! The fast 9×9 node: the grid held digit by digit, band by band.
//!
//! A band is three rows of the grid (27 cells, bit `9 × row + column`). For each
//! band and digit, [`Bands`] keeps one 27-bit mask of the cells where the digit
//! can still stand (a placed digit keeps its own bit), so the rules of sudoku
//! become a few bit operations on one word:
//!
//! - within a band, the digit stands once in each of the three rows and once in
//!   each of the three boxes: which (row, box) pairs it can use form a 3×3
//!   matrix, and only pairs on a permutation inside that matrix survive (hidden
//!   singles in boxes and locked candidates along rows, in one table look-up);
//!   a row left with one cell fixes the digit there, and the other digits leave
//!   that cell;
//! - across bands, a box whose candidates lie in one column takes that column
//!   from the other two bands, and a column whose candidates lie in one band
//!   takes that box's other columns (locked candidates and hidden singles along
//!   columns);
//! - across digits, counting the masks of a band bit-sliced (once, twice) finds
//!   the cells with one candidate left (naked singles) or none (a contradiction).
//!
//! The band rules run over all 27 masks, each compiled for its own band and
//! digit, until no mask changes; a mask is looked at again only if it changed
//! since its last look (the node keeps a copy of each mask as last seen). The
//! search guesses on a cell with two candidates, the one whose guess strikes
//! the most: its score counts the peers (row, column, box) holding either of
//! its digits, those of them with two candidates counted four times (striking
//! one of those leaves a single). Only the first three such cells of each
//! band are scored: scoring them all saves too few guesses for its cost. With
//! no such cell it guesses on the cell with the fewest. The node is 240 bytes,
//! copied once per guess but the last of a cell; a depth-first frame is 248
//! bytes.

use super::{Candidates, MAX_CELLS, Placement, Shape, Sudoku};
use crate::grid::Puzzle;

/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;
/// Every column (of a row, or of the column summary of a band).
const NINE: u32 = 0x1FF;
/// How many pair cells of each band [`Puzzle::branch`] scores: the first ones,
/// rows top down. Scoring them all saves too few guesses for its cost.
const SCORED_PER_BAND: u32 = 3;

/// A 9×9 sudoku as 27 masks: for each band and digit, where the digit can stand.
///
/// The search's node for [`Shape::Nine`]: [`SudokuSearch`](super::SudokuSearch) converts to it and
/// back. 240 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Bands {
    /// `places[band][digit - 1]`: bit `9 × row + column` (row within the band)
    /// set while the digit may stand there, or stands there.
    places: [[u32; 9]; 3],
    /// Each mask as the band rules last left it: a mask that differs has news.
    seen: [[u32; 9]; 3],
    /// The cells of each band whose digit is not fixed yet.
    open: [u32; 3],
    /// The open cells with two candidates, as the last look for naked singles
    /// left them: where [`Puzzle::branch`] looks first.
    pairs: [u32; 3],
}

/// The look-up tables of the band rules, made at compile time.
struct Tables {
    boxes: [u8; 512],
    keep: [u32; 512],
    locked: [u16; 512],
    locked_cells: [u32; 512],
    claim: [u16; 512],
    peers: [u32; 27],
    alone: [u16; 512],
    count: [u8; 512],
}

/// Runs only in const evaluation: an index out of range is a compile error.
#[allow(clippy::indexing_slicing)]
const fn tables() -> Tables {
    let mut boxes = [0u8; 512];
    let mut keep = [0u32; 512];
    let mut locked = [0u16; 512];
    let mut locked_cells = [0u32; 512];
    let mut claim = [0u16; 512];
    let mut alone = [0u16; 512];
    let mut count = [0u8; 512];
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
        if x.count_ones() == 1 {
            alone[x] = x as u16;
        }
        locked_cells[x] = spread(locked[x] as u32);
        count[x] = x.count_ones() as u8;
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
    Tables {
        boxes,
        keep,
        locked,
        locked_cells,
        claim,
        peers,
        alone,
        count,
    }
}

static TABLES: Tables = tables();
/// Bit `box` set if a row's 9 bits have a candidate in that box.
static ROW_BOXES: [u8; 512] = TABLES.boxes;
/// For a (row, box) matrix, the cells of the pairs that lie on a permutation.
static KEEP: [u32; 512] = TABLES.keep;
/// For a band's column summary, the columns that are alone in their box.
static LOCKED: [u16; 512] = TABLES.locked;
/// [`LOCKED`] on the three rows of a band: the cells other bands give up.
static LOCKED_CELLS: [u32; 512] = TABLES.locked_cells;
/// For the columns only this band can fill, the columns each box may keep
/// (none if two such columns share a box: a contradiction).
static CLAIM: [u16; 512] = TABLES.claim;
/// The cells of a band sharing a row, column or box with a cell.
static PEERS: [u32; 27] = TABLES.peers;
/// A row's 9 bits if it has one cell, else none.
static ALONE: [u16; 512] = TABLES.alone;
/// The number of cells in 9 bits.
static COUNT: [u8; 512] = TABLES.count;

/// A 512-entry table at 9 bits of `x` (the mask keeps the index in range).
fn look<T: Copy + Default>(table: &[T; 512], x: u32) -> T {
    table.get((x & NINE) as usize).copied().unwrap_or_default()
}

/// The peers of in-band cell `i` (0..27).
fn peers(i: u32) -> u32 {
    PEERS.get(i as usize).copied().unwrap_or(0)
}

/// The blank cells (digit 0) of a row of nine digits, as 9 bits.
fn blank_row(row: &[u8]) -> u32 {
    row.iter().rev().fold(0, |m, &d| m << 1 | u32::from(d == 0))
}

/// The cells of the words of `ones`, plus four times those of `fours`, each
/// word at most 32 cells and the weighted total below 256.
///
/// Bit-parallel, with one 32-bit multiply: no `popcnt` on baseline x86-64 or
/// Cortex-M, and cheaper here than table look-ups.
const fn weighted_count(ones: [u32; 2], fours: [u32; 2]) -> u32 {
    /// The cells of each byte of `x`, in that byte.
    const fn per_byte(x: u32) -> u32 {
        // The classic bit-parallel count: no field borrows or carries.
        let x = x.wrapping_sub((x >> 1) & 0x5555_5555);
        let x = (x & 0x3333_3333).wrapping_add((x >> 2) & 0x3333_3333);
        x.wrapping_add(x >> 4) & 0x0F0F_0F0F
    }
    // Each byte: at most 8 + 8 + 4 × (8 + 8) = 80, no carry between bytes.
    let fours = per_byte(fours[0]).wrapping_add(per_byte(fours[1]));
    let bytes = per_byte(ones[0])
        .wrapping_add(per_byte(ones[1]))
        .wrapping_add(fours << 2);
    bytes.wrapping_mul(0x0101_0101) >> 24
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
    /// A grid where no digit can stand anywhere (it has no solution): a filler
    /// for stack arrays, `[Frame::new(Bands::BLANK); 82]`.
    pub(crate) const BLANK: Bands = Bands {
        places: [[0; 9]; 3],
        seen: [[0; 9]; 3],
        open: [0; 3],
        pairs: [0; 3],
    };

    /// Makes the band form of a 9×9 sudoku (its digits and candidates); `None`
    /// for other shapes.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn from_sudoku(s: &Sudoku) -> Option<Bands> {
        if s.shape() != Shape::Nine {
            return None;
        }
        let mut b = Bands {
            places: [[0; 9]; 3],
            // No 27-bit mask equals this: every mask gets a first look.
            seen: [[u32::MAX; 9]; 3],
            open: [BAND; 3],
            pairs: [0; 3],
        };
        // A broken grid keeps no candidate: the first look at it fails.
        if s.broken {
            return Some(b);
        }
        // A bit-matrix transpose, branch-free: cell-major masks to digit-major.
        let cells = s.candidates.chunks(27).zip(s.digits.chunks(27));
        for (band, (candidates, digits)) in b.places.iter_mut().zip(cells) {
            for (i, (&c, &d)) in candidates.iter().zip(digits).enumerate() {
                // A filled cell has no candidates: its digit stands for them.
                let mask = u32::from(c) | 1u32.wrapping_shl(u32::from(d)) >> 1;
                for (k, p) in band.iter_mut().enumerate() {
                    *p |= ((mask >> k) & 1) << i;
                }
            }
        }
        Some(b)
    }

    /// Makes the band form of a 9×9 grid from its digits alone (row-major, 0
    /// for a blank): each digit may stand wherever no given of it shares a row,
    /// column or box and no other given stands. Two equal givens in one unit
    /// make a grid with no solution. Cheaper than the cell-by-cell transpose of
    /// `Bands::from_sudoku`: nine digits of a few word operations each.
    pub(crate) fn from_digits(digits: &[u8; MAX_CELLS]) -> Bands {
        let mut blanks = [0u32; 3];
        for (blank, cells) in blanks.iter_mut().zip(digits.as_chunks::<27>().0) {
            for row in cells.as_chunks::<9>().0.iter().rev() {
                *blank = *blank << 9 | blank_row(row);
            }
        }
        let mut b = Bands {
            places: [[BAND; 9]; 3],
            // No 27-bit mask equals this: every mask gets a first look.
            seen: [[u32::MAX; 9]; 3],
            open: blanks,
            pairs: [0; 3],
        };
        let mut givens = [[0u32; 9]; 3];
        // Each given takes its digit from its peers: a given whose cell an
        // earlier one took is a second one in a unit.
        let mut clash = 0;
        for (band, cells) in (0..3).zip(digits.as_chunks::<27>().0) {
            let mut filled = BAND & !blanks.get(band).copied().unwrap_or(BAND);
            while filled != 0 {
                let i = filled.trailing_zeros();
                let cell = filled & filled.wrapping_neg();
                filled &= filled - 1;
                let d = usize::from(cells.get(i as usize).copied().unwrap_or(0)).wrapping_sub(1);
                let column = spread(1 << (i % 9));
                for (other, places) in (0..3).zip(b.places.iter_mut()) {
                    if let Some(p) = places.get_mut(d) {
                        if other == band {
                            clash |= cell & !*p;
                            *p &= !peers(i);
                        } else {
                            *p &= !column;
                        }
                    }
                }
                if let Some(g) = givens.get_mut(band).and_then(|g| g.get_mut(d)) {
                    *g |= cell;
                }
            }
        }
        // The other givens' cells are not the digit's.
        for ((places, givens), &blank) in b.places.iter_mut().zip(&givens).zip(&blanks) {
            for (p, &g) in places.iter_mut().zip(givens) {
                *p &= blank | g;
            }
        }
        if clash != 0 {
            b.places = [[0; 9]; 3];
        }
        b
    }

    /// Returns the 27 masks, as `9 × band + digit - 1` (for the undo log).
    #[inline(always)]
    pub(crate) fn masks(&self) -> &[u32; 27] {
        self.places.as_flattened().try_into().unwrap_or(&[0; 27])
    }

    /// Sets mask `9 × band + digit - 1` to `value` (the undo log's), leaving
    /// the bookkeeping to [`Bands::recount`].
    #[inline(always)]
    pub(crate) fn set_mask(&mut self, k: usize, value: u32) {
        if let Some(p) = self.places.as_flattened_mut().get_mut(k) {
            *p = value;
        }
    }

    /// Makes the bookkeeping that follows from the masks of a propagated
    /// node what propagation leaves: every mask seen, the open cells those
    /// with two or more candidates, the pairs those with exactly two.
    pub(crate) fn recount(&mut self) {
        self.seen = self.places;
        for ((digits, open), pairs) in self.places.iter().zip(&mut self.open).zip(&mut self.pairs) {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &p in digits {
                thrice |= twice & p;
                twice |= once & p;
                once |= p;
            }
            *open = twice;
            *pairs = twice & !thrice;
        }
    }

    /// Returns every cell's digit (row-major), 0 where it is not fixed.
    #[must_use]
    pub(crate) fn digits(&self) -> [u8; MAX_CELLS] {
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
    pub(crate) fn to_sudoku(self) -> Sudoku {
        Sudoku::filled(Shape::Nine, &self.digits())
    }

    /// Applies the band rules to digit `d` of `band`; `false` on a contradiction.
    ///
    /// Branch-free but for the contradiction: whether a row is down to one cell
    /// or a box to one column is a coin toss for the predictor, and striking
    /// nothing changes nothing.
    #[inline(always)]
    fn update<const BAND_: usize, const D: usize>(&mut self) -> bool {
        let (band, d) = (BAND_, D);
        let (Some(digits), Some(seen), Some(open)) = (
            self.places.get_mut(band),
            self.seen.get_mut(band),
            self.open.get_mut(band),
        ) else {
            return true;
        };
        let Some(p) = digits.get_mut(d) else {
            return true;
        };
        let a = *p;
        let pairs = u32::from(look(&ROW_BOXES, a))
            | u32::from(look(&ROW_BOXES, a >> 9)) << 3
            | u32::from(look(&ROW_BOXES, a >> 18)) << 6;
        let a = a & look(&KEEP, pairs);
        if a == 0 {
            return false;
        }
        *p = a;
        if let Some(s) = seen.get_mut(d) {
            *s = a;
        }
        // Rows left with one cell fix the digit there; the other digits leave it.
        let single = u32::from(look(&ALONE, a))
            | u32::from(look(&ALONE, a >> 9)) << 9
            | u32::from(look(&ALONE, a >> 18)) << 18;
        *open &= !single;
        for (e, p) in digits.iter_mut().enumerate() {
            if e != d {
                *p &= !single;
            }
        }
        // A box whose candidates lie in one column takes it from the other bands.
        let locked = look(&LOCKED_CELLS, columns(a));
        for (other, digits) in self.places.iter_mut().enumerate() {
            if let Some(p) = digits.get_mut(d).filter(|_| other != band) {
                *p &= !locked;
            }
        }
        true
    }

    /// Returns whether digit `d`'s mask of `band` changed since its last update.
    #[inline(always)]
    fn has_news(&self, band: usize, d: usize) -> bool {
        let now = self.places.get(band).and_then(|x| x.get(d));
        now != self.seen.get(band).and_then(|x| x.get(d))
    }

    /// Applies the band rules until no mask has news; `false` on a contradiction.
    fn settle(&mut self) -> bool {
        // Spelled out for all 27 masks so that each update is compiled for its
        // own band and digit: no index is computed at run time.
        macro_rules! sweep {
            ($news:ident; $(($b:literal, $d:literal)),*) => {$(
                if self.has_news($b, $d) {
                    $news = true;
                    if !self.update::<$b, $d>() {
                        return false;
                    }
                }
            )*};
        }
        loop {
            let mut news = false;
            sweep!(news; (0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2),
                (0, 3), (1, 3), (2, 3), (0, 4), (1, 4), (2, 4), (0, 5), (1, 5), (2, 5),
                (0, 6), (1, 6), (2, 6), (0, 7), (1, 7), (2, 7), (0, 8), (1, 8), (2, 8));
            if !news {
                return true;
            }
        }
    }

    /// Fixes the cells with one candidate left: `None` if a cell has none, else
    /// whether any was found.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        let bands = self.places.iter_mut().zip(&self.open).zip(&mut self.pairs);
        for ((digits, &open), pairs) in bands {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &p in digits.iter() {
                thrice |= twice & p;
                twice |= once & p;
                once |= p;
            }
            if once != BAND {
                return None;
            }
            *pairs = twice & !thrice & open;
            let mut singles = open & !twice;
            found |= singles != 0;
            while singles != 0 {
                let i = singles.trailing_zeros();
                let cell = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // The live masks: an earlier single may have struck this one's digit.
                let p = digits.iter_mut().find(|p| **p & cell != 0)?;
                *p &= !peers(i);
            }
        }
        Some(found)
    }

    /// Applies the column rules across bands: `None` if a digit misses a column,
    /// else whether any candidate was struck.
    fn columns(&mut self) -> Option<bool> {
        let mut struck = 0;
        let [b0, b1, b2] = &mut self.places;
        for ((p0, p1), p2) in b0.iter_mut().zip(b1.iter_mut()).zip(b2.iter_mut()) {
            let [c0, c1, c2] = [columns(*p0), columns(*p1), columns(*p2)];
            if c0 | c1 | c2 != NINE {
                return None;
            }
            // A column only one band can fill keeps that band's box to it.
            for (p, own) in [
                (p0, c0 & !(c1 | c2)),
                (p1, c1 & !(c0 | c2)),
                (p2, c2 & !(c0 | c1)),
            ] {
                let keep = spread(u32::from(look(&CLAIM, own)));
                struck |= *p & !keep;
                *p &= keep;
            }
        }
        Some(struck != 0)
    }
}

impl Puzzle for Bands {
    type Choice = Placement;
    type Choices = Candidates;

    fn propagate(&mut self) -> bool {
        loop {
            if !self.settle() {
                return false;
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
        // First a cell with two candidates (as naked singles last saw them):
        // the one whose guess strikes the most, either way (see the module
        // docs: 28% fewer guesses than the most open peers on relabelled hard
        // sets, 40% fewer than the first such cell).
        let pairs = [0, 1, 2].map(|b| {
            let (p, o) = (self.pairs.get(b), self.open.get(b));
            // Cells fixed since the last look are no longer pairs.
            p.zip(o).map_or(0, |(p, o)| p & o)
        });
        // The best score so far, then 255 less the cell (the first cell wins
        // a tie); 0 for none.
        let mut best = 0u32;
        for (band, (digits, &band_pairs)) in self.places.iter().zip(&pairs).enumerate() {
            let (o1, o2) = match band {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            let (places1, places2) = (self.places.get(o1), self.places.get(o2));
            let (pairs1, pairs2) = (pairs.get(o1), pairs.get(o2));
            let mut cells = band_pairs;
            let mut budget = SCORED_PER_BAND;
            while cells != 0 && budget != 0 {
                budget -= 1;
                let i = cells.trailing_zeros();
                cells &= cells - 1;
                let both = digits_at(digits, 1 << i);
                let (d1, d2) = (
                    both.trailing_zeros(),
                    (both & both.wrapping_sub(1)).trailing_zeros(),
                );
                // The cells of a band holding either digit.
                let either = |p: Option<&[u32; 9]>| {
                    let at = |d: u32| p.and_then(|p| p.get(d as usize)).copied().unwrap_or(0);
                    at(d1) | at(d2)
                };
                let (e, e1, e2) = (either(Some(digits)), either(places1), either(places2));
                let near = peers(i) & e;
                // The column's cells in the other two bands, side by side (the
                // second band's one bit up). (After the band rules no fixed
                // cell holds either digit among the peers: the open cells need
                // no mask.)
                let column = spread(1 << (i % 9));
                let (p1, p2) = (pairs1.copied().unwrap_or(0), pairs2.copied().unwrap_or(0));
                let opens = (e1 & column) | (e2 & column) << 1;
                let twos = (e1 & p1 & column) | (e2 & p2 & column) << 1;
                let score = weighted_count([near, opens], [band_pairs & near, twos]);
                let cell = 27 * band as u32 + i;
                best = best.max(score << 8 | (255 - cell));
            }
        }
        let pick = (best != 0).then(|| {
            let cell = 255 - (best & 255);
            (0, (cell / 27) as usize, cell % 27)
        });
        if let Some((_, band, i)) = pick {
            let digits = self.places.get(band)?;
            return Some(Candidates {
                cell: (band as u8 * 27).saturating_add(i as u8),
                bits: digits_at(digits, 1 << i),
            });
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
                let count = u32::from(look(&COUNT, u32::from(bits)));
                if count < best_count {
                    best_count = count;
                    best = Some(Candidates {
                        cell: base.saturating_add(i as u8),
                        bits,
                    });
                }
            }
        }
        best
    }

    fn apply(&mut self, Placement { cell, bit }: Placement) -> bool {
        let band = usize::from(cell / 27);
        let i = u32::from(cell % 27);
        let d = bit.trailing_zeros() as usize;
        let at = 1u32 << i;
        match self.places.get(band).and_then(|x| x.get(d)) {
            Some(&p) if p & at != 0 => {}
            _ => return false,
        }
        let Some(digits) = self.places.get_mut(band) else {
            return false;
        };
        for (e, p) in digits.iter_mut().enumerate() {
            *p &= if e == d { !peers(i) } else { !at };
        }
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
                // (The table look-ups: no `popcnt` on baseline x86-64.)
                let one_per_row = [0u32, 9, 18].iter().all(|&r| look(&ALONE, a >> r) != 0);
                if !one_per_row || u32::from(look(&LOCKED, cols)) != cols || look(&COUNT, cols) != 3
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

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &[u8]) -> [u8; MAX_CELLS] {
        core::array::from_fn(|i| match text[i] {
            b'.' => 0,
            c => c - b'0',
        })
    }

    #[test]
    fn from_digits_matches_the_cell_by_cell_transpose() {
        let puzzles: [&[u8]; 3] = [
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            b".................................................................................",
        ];
        for p in puzzles {
            let digits = grid(p);
            let fast = Bands::from_digits(&digits);
            let slow = Bands::from_sudoku(&Sudoku::new(Shape::Nine, &digits).unwrap()).unwrap();
            assert_eq!(fast.places, slow.places);
            // The givens are fixed from the start.
            let blanks: u32 = fast.open.iter().map(|o| o.count_ones()).sum();
            assert_eq!(blanks as usize, digits.iter().filter(|&&d| d == 0).count());
        }
    }

    /// Every solution of a 9×9 grid searched as `Bands`, depth- or breadth-first
    /// (moved here from `tests/tests/grid_sudoku.rs` when `Bands` became
    /// crate-private), with whether the whole tree was searched.
    fn band_solutions(digits: &[u8; MAX_CELLS], breadth: bool) -> (Vec<[u8; MAX_CELLS]>, bool) {
        use crate::Budget;
        use crate::grid::{BreadthFirst, DepthFirst, Frame, Seek, Strategy};
        let root = Bands::from_sudoku(&Sudoku::new(Shape::Nine, digits).unwrap()).unwrap();
        let mut out = Vec::new();
        let keep = |s: &Bands| out.push(s.digits());
        let r = if breadth {
            let queue = vec![Bands::BLANK; 20_000];
            BreadthFirst::new_in(root, Seek::All, queue).run_visiting(Budget::UNLIMITED, keep)
        } else {
            let stack = vec![Frame::new(Bands::BLANK); 82];
            DepthFirst::new_in(root, Seek::All, stack).run_visiting(Budget::UNLIMITED, keep)
        }
        .unwrap();
        (out, r.done().is_some_and(|s| s.count.exact))
    }

    #[test]
    fn depth_and_breadth_first_find_the_same_grids() {
        // The first four of fixtures/sudoku/famous.txt.
        let famous: [&[u8]; 4] = [
            b"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            b"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            b"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ];
        let mut puzzles = vec![grid(famous[0])];
        for p in famous {
            // Two clues fewer: several solutions.
            let mut q = grid(p);
            for cell in q.iter_mut().filter(|d| **d != 0).take(2) {
                *cell = 0;
            }
            puzzles.push(q);
        }
        for p in &puzzles {
            let (mut dfs, complete) = band_solutions(p, false);
            assert!(complete);
            let (mut bfs, complete) = band_solutions(p, true);
            assert!(complete);
            assert!(!dfs.is_empty());
            dfs.sort_unstable();
            bfs.sort_unstable();
            assert_eq!(dfs, bfs);
            for g in &dfs {
                assert!(Sudoku::new(Shape::Nine, g).is_ok(), "a valid grid");
                assert!(
                    p.iter().zip(g).all(|(&a, &b)| a == 0 || a == b),
                    "the givens kept"
                );
            }
        }
    }

    #[test]
    fn from_digits_of_a_repeated_given_has_no_candidate() {
        for (a, b) in [(0, 8), (0, 72), (0, 20), (30, 50)] {
            let mut digits = [0u8; MAX_CELLS];
            digits[a] = 4;
            digits[b] = 4;
            let mut bands = Bands::from_digits(&digits);
            assert!(!bands.propagate(), "{a} {b}");
        }
    }
}
