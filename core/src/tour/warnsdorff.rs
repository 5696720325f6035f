//! The fast path: Warnsdorff's rule with incremental degrees, O(1) per move,
//! resumable at any square.
//!
//! `scratch` holds one byte per square: the number of unvisited squares a move
//! away, or [`VISITED`]. Ties between squares of equal degree go to the square
//! farthest from the centre (Roth), then to the first in a rotated move order;
//! the rotation lets a failed attempt be retried with another order.
//!
//! A pass costs a unit per [`DEGREES_PER_UNIT`] squares' degrees filled,
//! then a unit per square placed on the path. Between runs its state is how far the fill got, the
//! squares placed and the last of them; the path is in `out`, the degrees in
//! `scratch`.

use super::Board;
use super::geometry::{MOVES, centre_distance, dims, index, moves_from, square};
use super::job::Job;

/// Marks a visited square in the scratch buffer.
pub(crate) const VISITED: u8 = 0x80;

/// Squares whose degrees a unit of work fills: about the work of one move
/// of a pass, which updates the degrees of up to 8 squares.
pub(crate) const DEGREES_PER_UNIT: usize = 8;

/// Fills the degrees of the squares from `filled` on, as many as the slice
/// pays for ([`DEGREES_PER_UNIT`] a unit); returns the squares filled in all
/// (`job.board`'s when done).
pub(crate) fn fill_some(job: &mut Job<'_>, filled: usize) -> usize {
    let n = job.board.squares_usize();
    let units = n.saturating_sub(filled).div_ceil(DEGREES_PER_UNIT);
    let paid = job.take(units as u64) as usize;
    let to = n.min(filled.saturating_add(paid.saturating_mul(DEGREES_PER_UNIT)));
    fill_degrees(job.board, job.scratch, filled, to);
    to
}

/// Fills `scratch[from..to]` with each square's number of moves on the board.
fn fill_degrees(board: Board, scratch: &mut [u8], from: usize, to: usize) {
    let (w, h) = dims(board);
    let Some(mut rest) = scratch.get_mut(from..to) else {
        return;
    };
    let wide = w as usize;
    // The square `from` is at (x, y); `w` is at least 1, so neither fails.
    let mut x = from.checked_rem(wide).unwrap_or(0) as u32;
    let mut y = from.checked_div(wide).unwrap_or(0) as u32;
    while !rest.is_empty() {
        let len = rest.len().min(w.saturating_sub(x) as usize);
        let Some((row, tail)) = rest.split_at_mut_checked(len) else {
            return;
        };
        fill_row(row, (x, y), (w, h));
        // y < h <= 65,535: the next rank never wraps.
        (rest, x, y) = (tail, 0, y.wrapping_add(1));
    }
}

/// Fills one row of degrees from `(x0, y)`: away from the edges every square
/// has 8 moves, so only the border bands are computed.
#[inline(always)]
fn fill_row(row: &mut [u8], (x0, y): (u32, u32), (w, h): (u32, u32)) {
    let len = row.len() as u32;
    let (lo, hi) = if y >= 2 && y + 2 < h {
        // The squares from x = 2 to w - 3, in the row's own indices.
        let lo = 2u32.saturating_sub(x0).min(len);
        (lo, w.saturating_sub(2).saturating_sub(x0).clamp(lo, len))
    } else {
        (len, len)
    };
    let Some((head, rest)) = row.split_at_mut_checked(lo as usize) else {
        return;
    };
    let Some((inner, tail)) = rest.split_at_mut_checked((hi - lo) as usize) else {
        return;
    };
    for (c, x) in head.iter_mut().zip(x0..) {
        *c = moves_from(w, h, x, y);
    }
    inner.fill(8);
    for (c, x) in tail.iter_mut().zip(x0 + hi..) {
        *c = moves_from(w, h, x, y);
    }
}

/// How a pass ended its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Passed {
    /// The path covers the board: `out` holds a tour.
    Complete,
    /// The rule is stuck after this many squares.
    Stuck(usize),
    /// The slice ran out after this many squares: the next run goes on.
    Spent(usize),
}

/// One pass of Warnsdorff's rule from `job.start` into `job.out`, resumable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pass {
    /// Rotates the fixed tie order (0..8).
    rotation: u8,
    /// Breaks ties toward the square farthest from the centre first.
    roth: bool,
    /// Squares whose degree is filled: all of them before the path starts.
    filled: usize,
    /// Squares on the path; the last is at `(x, y)`, index `at`.
    visited: usize,
    x: u32,
    y: u32,
    at: usize,
}

impl Pass {
    /// A pass in tie order `rotation` (0..8), with Roth's tie-break if `roth`.
    pub(crate) const fn new(rotation: u8, roth: bool) -> Pass {
        Pass {
            rotation,
            roth,
            filled: 0,
            visited: 0,
            x: 0,
            y: 0,
            at: 0,
        }
    }

    /// Goes on for at most what is left of `job.meter`'s slice.
    pub(crate) fn run(&mut self, job: &mut Job<'_>) -> Passed {
        let (board, start) = (job.board, job.start);
        let n = board.squares_usize();
        if self.filled < n {
            self.filled = fill_some(job, self.filled);
            if self.filled < n {
                return Passed::Spent(0);
            }
        }
        if self.visited == 0 {
            // The start is the first square placed.
            if job.take(1) == 0 {
                return Passed::Spent(0);
            }
            let (w, _) = dims(board);
            (self.x, self.y) = (u32::from(start.x), u32::from(start.y));
            self.at = index(w, self.x, self.y);
            match job.out.first_mut() {
                Some(slot) => *slot = start,
                None => return Passed::Stuck(0),
            }
            if let Some(c) = job.scratch.get_mut(self.at) {
                *c = VISITED;
            }
            self.visited = 1;
        }
        self.walk(job, n)
    }

    /// Places squares until the board is covered, the rule is stuck or the
    /// slice is spent; the position in locals, written back at the end.
    #[inline(always)]
    fn walk(&mut self, job: &mut Job<'_>, n: usize) -> Passed {
        let (out, scratch) = (&mut *job.out, &mut *job.scratch);
        let (w, h) = dims(job.board);
        let roth = self.roth;
        // Each move as (dx, dy) wrapped into u32 (so one compare tests both edges) and
        // as an index offset; the rotation is applied once a run, not per step.
        let mut moves = [(0u32, 0u32, 0isize); 8];
        for (k, m) in moves.iter_mut().enumerate() {
            let d = (k + usize::from(self.rotation)) & 7;
            let (dx, dy) = MOVES.get(d).copied().unwrap_or((0, 0));
            *m = (dx as u32, dy as u32, dy as isize * w as isize + dx as isize);
        }
        let (mut x, mut y, mut at) = (self.x, self.y, self.at);
        let first = self.visited;
        let mut visited = first;
        // The slots this run may fill: one a unit, never past the board.
        let units = (n.saturating_sub(visited) as u64).min(job.meter.left()) as usize;
        let mut slots = out
            .get_mut(visited..visited.saturating_add(units))
            .unwrap_or_default()
            .iter_mut();
        let passed = loop {
            if visited >= n {
                break Passed::Complete;
            }
            let Some(slot) = slots.next() else {
                break Passed::Spent(visited);
            };
            // One pass: every unvisited neighbour loses a degree, and the least wins.
            let mut best: Option<(u32, u32, usize)> = None;
            let mut best_deg = u8::MAX;
            // The best square's distance from the centre, computed only once a tie needs it.
            let mut best_dist: Option<u64> = None;
            for &(dx, dy, off) in &moves {
                let (nx, ny) = (x.wrapping_add(dx), y.wrapping_add(dy));
                if nx >= w || ny >= h {
                    continue;
                }
                let ni = at.wrapping_add_signed(off);
                let Some(c) = scratch.get_mut(ni) else {
                    continue;
                };
                if *c & VISITED != 0 {
                    continue;
                }
                *c = c.saturating_sub(1);
                let deg = *c;
                if deg < best_deg {
                    best_deg = deg;
                    best = Some((nx, ny, ni));
                    best_dist = None;
                } else if roth && deg == best_deg {
                    let held = match (best_dist, best) {
                        (Some(v), _) => v,
                        (None, Some((bx, by, _))) => centre_distance(w, h, bx, by),
                        (None, None) => 0,
                    };
                    let dist = centre_distance(w, h, nx, ny);
                    if dist > held {
                        best_dist = Some(dist);
                        best = Some((nx, ny, ni));
                    } else {
                        best_dist = Some(held);
                    }
                }
            }
            let Some((nx, ny, ni)) = best else {
                break Passed::Stuck(visited);
            };
            (x, y, at) = (nx, ny, ni);
            *slot = square(x, y);
            visited += 1;
            if let Some(c) = scratch.get_mut(at) {
                *c = VISITED;
            }
        };
        job.meter.spend((visited - first) as u64);
        (self.x, self.y, self.at, self.visited) = (x, y, at, visited);
        passed
    }
}
