//! Knight moves on an m×n board: the eight directions, bounds, indices.

use super::{Board, Square};

/// The eight knight moves; direction `d` and `(d + 4) % 8` are opposite.
pub(crate) const MOVES: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Returns the square one knight move `d` away from `(x, y)`, if on the board.
#[inline(always)]
pub(crate) fn step(w: u32, h: u32, x: u32, y: u32, d: usize) -> Option<(u32, u32)> {
    let (dx, dy) = *MOVES.get(d)?;
    // Coordinates are at most 65,535, so the sums fit an i64 without care.
    let nx = i64::from(x) + i64::from(dx);
    let ny = i64::from(y) + i64::from(dy);
    if nx < 0 || ny < 0 || nx >= i64::from(w) || ny >= i64::from(h) {
        return None;
    }
    Some((nx as u32, ny as u32))
}

/// Returns the direction of the knight move from `a` to `b`, if they are a move apart.
#[inline]
pub(crate) fn direction(a: (u32, u32), b: (u32, u32)) -> Option<usize> {
    let dx = i64::from(b.0) - i64::from(a.0);
    let dy = i64::from(b.1) - i64::from(a.1);
    MOVES
        .iter()
        .position(|&(mx, my)| i64::from(mx) == dx && i64::from(my) == dy)
}

/// Returns whether two squares are a knight's move apart.
#[inline]
pub(crate) fn is_knight_move(a: Square, b: Square) -> bool {
    let dx = (i32::from(a.x) - i32::from(b.x)).unsigned_abs();
    let dy = (i32::from(a.y) - i32::from(b.y)).unsigned_abs();
    (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
}

/// Returns the index of `(x, y)` in row-major order (the caller checked it is on the board).
#[inline(always)]
pub(crate) fn index(w: u32, x: u32, y: u32) -> usize {
    // `width * height` fits a usize (checked when the buffers were accepted).
    (y as usize)
        .wrapping_mul(w as usize)
        .wrapping_add(x as usize)
}

/// Returns the number of moves from `(x, y)` that stay on the board.
#[inline]
pub(crate) fn moves_from(w: u32, h: u32, x: u32, y: u32) -> u8 {
    let mut n = 0;
    for d in 0..8 {
        if step(w, h, x, y, d).is_some() {
            n += 1u8; // at most 8
        }
    }
    n
}

/// Returns four times the squared distance from the board's centre (Roth's tie-break key).
#[inline]
pub(crate) fn centre_distance(w: u32, h: u32, x: u32, y: u32) -> u64 {
    // Sides are at most 65,535: every term fits without care.
    let dx = (2 * i64::from(x) - (i64::from(w) - 1)).unsigned_abs();
    let dy = (2 * i64::from(y) - (i64::from(h) - 1)).unsigned_abs();
    dx.wrapping_mul(dx).wrapping_add(dy.wrapping_mul(dy))
}

/// Returns a square of the board from coordinates known to be on it.
#[inline(always)]
pub(crate) fn square(x: u32, y: u32) -> Square {
    // On-board coordinates are below 65,536.
    Square {
        x: x as u16,
        y: y as u16,
    }
}

/// Returns the board's width and height as `u32`.
#[inline(always)]
pub(crate) fn dims(board: Board) -> (u32, u32) {
    (u32::from(board.width()), u32::from(board.height()))
}
