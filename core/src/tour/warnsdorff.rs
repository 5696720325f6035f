//! The fast path: Warnsdorff's rule with incremental degrees, O(1) per move.
//!
//! `scratch` holds one byte per square: the number of unvisited squares a move
//! away, or [`VISITED`]. Ties between squares of equal degree go to the square
//! farthest from the centre (Roth), then to the first in a rotated move order;
//! the rotation lets a failed attempt be retried with another order.

use super::Board;
use super::find::Job;
use super::geometry::{MOVES, centre_distance, dims, index, moves_from, square};

/// Marks a visited square in the scratch buffer.
pub(crate) const VISITED: u8 = 0x80;

/// Fills `scratch` with each square's number of moves on the board.
pub(crate) fn fill_degrees(board: Board, scratch: &mut [u8]) {
    let (w, h) = dims(board);
    let mut cells = scratch.iter_mut();
    for y in 0..h {
        // Away from the edges every square has 8 moves: only the border bands vary.
        let inner_y = y >= 2 && y + 2 < h;
        for x in 0..w {
            let deg = if inner_y && x >= 2 && x + 2 < w {
                8
            } else {
                moves_from(w, h, x, y)
            };
            if let Some(c) = cells.next() {
                *c = deg;
            }
        }
    }
}

/// Runs Warnsdorff's rule from `job.start` into `job.out`; returns the number of squares visited.
///
/// The tour is complete when the result equals the number of squares. `rotation`
/// (0..8) rotates the fixed tie order; `roth` turns the centre tie-break on.
/// Charges nothing to the meter: the caller charges the squares visited.
pub(crate) fn run(job: &mut Job<'_>, rotation: usize, roth: bool) -> usize {
    let (board, start) = (job.board, job.start);
    let (out, scratch) = (&mut *job.out, &mut *job.scratch);
    let (w, h) = dims(board);
    let n = board.squares_usize();
    fill_degrees(board, scratch);
    // Each move as (dx, dy) wrapped into u32 (so one compare tests both edges) and
    // as an index offset; the rotation is applied once, not per step.
    let mut moves = [(0u32, 0u32, 0isize); 8];
    for (k, m) in moves.iter_mut().enumerate() {
        let (dx, dy) = MOVES.get((k + rotation) & 7).copied().unwrap_or((0, 0));
        *m = (dx as u32, dy as u32, dy as isize * w as isize + dx as isize);
    }
    let (mut x, mut y) = (u32::from(start.x), u32::from(start.y));
    let mut at = index(w, x, y);
    let mut visited = 0usize;
    let mut slots = out.iter_mut();
    loop {
        match slots.next() {
            Some(slot) => *slot = square(x, y),
            None => return visited,
        }
        visited += 1;
        if let Some(c) = scratch.get_mut(at) {
            *c = VISITED;
        }
        if visited >= n {
            return visited;
        }
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
        match best {
            Some((nx, ny, ni)) => (x, y, at) = (nx, ny, ni),
            None => return visited,
        }
    }
}
