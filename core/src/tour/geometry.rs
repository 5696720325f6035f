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
    // Wrapped: a step off the low edge of an on-board square is far past the high one.
    let nx = x.wrapping_add(dx as u32);
    let ny = y.wrapping_add(dy as u32);
    (nx < w && ny < h).then_some((nx, ny))
}

/// Returns each knight move as `(dx, dy)` wrapped into `u32` (so that one
/// compare with a side tests both edges) and as an index offset on a board
/// `w` wide.
#[inline(always)]
pub(crate) fn moves_wrapped(w: u32) -> [(u32, u32, isize); 8] {
    MOVES.map(|(dx, dy)| (dx as u32, dy as u32, dy as isize * w as isize + dx as isize))
}

/// Returns the direction of the knight move from `a` to `b`, if they are a move apart.
#[inline]
pub(crate) fn direction(a: (u32, u32), b: (u32, u32)) -> Option<usize> {
    // The offsets as wrapped differences: -1 is u32::MAX, -2 is u32::MAX - 1.
    const M1: u32 = u32::MAX;
    const M2: u32 = u32::MAX - 1;
    // In the order of `MOVES` (a test checks that they agree).
    match (b.0.wrapping_sub(a.0), b.1.wrapping_sub(a.1)) {
        (1, 2) => Some(0),
        (2, 1) => Some(1),
        (2, M1) => Some(2),
        (1, M2) => Some(3),
        (M1, M2) => Some(4),
        (M2, M1) => Some(5),
        (M2, 1) => Some(6),
        (M1, 2) => Some(7),
        _ => None,
    }
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

/// Returns the number of moves from `(x, y)` (on the board) that stay on it.
#[inline]
pub(crate) fn moves_from(w: u32, h: u32, x: u32, y: u32) -> u8 {
    // Along each side, the steps of 1 and of 2 that stay on the board (0 to
    // 2 each); a move is a step of 1 along one side and of 2 along the other.
    // `v` is below 65,536: `v + 2` never wraps.
    let ones = |v: u32, side: u32| u8::from(v >= 1) + u8::from(v.wrapping_add(1) < side);
    let twos = |v: u32, side: u32| u8::from(v >= 2) + u8::from(v.wrapping_add(2) < side);
    ones(x, w) * twos(y, h) + twos(x, w) * ones(y, h)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_directions_agree_with_the_eight_steps() {
        for (w, h) in [(1, 1), (2, 7), (3, 3), (5, 4), (8, 8), (11, 6)] {
            for y in 0..h {
                for x in 0..w {
                    let steps: Vec<_> = (0..8).filter_map(|d| step(w, h, x, y, d)).collect();
                    assert_eq!(usize::from(moves_from(w, h, x, y)), steps.len());
                    for d in 0..8 {
                        if let Some(to) = step(w, h, x, y, d) {
                            assert_eq!(direction((x, y), to), Some(d));
                        }
                    }
                    assert_eq!(direction((x, y), (x, y)), None);
                    assert_eq!(direction((x, y), (x + 2, y + 2)), None);
                }
            }
        }
    }
}
