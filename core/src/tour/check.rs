//! The tour checker: every square once, knight moves, and the closing move.

use super::geometry::is_knight_move;
use super::{Board, Square, TourKind};
use crate::bits;

/// Most squares of a board [`check_tour`] checks (a bit each on the stack).
pub const MAX_CHECKED_SQUARES: u64 = 4096;

/// Returns whether `squares` is a tour of `board` of that kind.
///
/// Every square exactly once, consecutive squares a knight's move apart, and for
/// a closed tour the last a knight's move from the first. `seen` needs one byte
/// per square. Returns false if it is too small.
#[must_use]
pub fn check_tour_with(board: Board, squares: &[Square], kind: TourKind, seen: &mut [u8]) -> bool {
    let Ok(n) = usize::try_from(board.squares()) else {
        return false;
    };
    let Some(seen) = seen.get_mut(..n) else {
        return false;
    };
    if squares.len() != n {
        return false;
    }
    seen.fill(0);
    let w = usize::from(board.width);
    for s in squares {
        if !board.contains(*s) {
            return false;
        }
        match seen.get_mut(usize::from(s.y) * w + usize::from(s.x)) {
            Some(c) if *c == 0 => *c = 1,
            _ => return false,
        }
    }
    linked(squares, kind)
}

/// Returns whether `squares` is a tour of a board of up to [`MAX_CHECKED_SQUARES`] squares.
///
/// Uses a bit of stack per square (512 bytes); see [`check_tour_with`] for larger boards.
#[must_use]
pub fn check_tour(board: Board, squares: &[Square], kind: TourKind) -> bool {
    let mut seen = [0u32; (MAX_CHECKED_SQUARES / 32) as usize];
    let n = board.squares();
    if n > MAX_CHECKED_SQUARES || squares.len() as u64 != n {
        return false;
    }
    let w = u32::from(board.width);
    for s in squares {
        if !board.contains(*s) {
            return false;
        }
        // At most 65,535 × 65,535 + 65,535 = 2^32 - 1: never wraps.
        let i = u32::from(s.y).wrapping_mul(w).wrapping_add(u32::from(s.x));
        let bit = bits::bit32((i % 32) as usize);
        match seen.get_mut((i / 32) as usize) {
            Some(word) if *word & bit == 0 => *word |= bit,
            _ => return false,
        }
    }
    linked(squares, kind)
}

/// Returns whether consecutive squares (and, when closed, the last and first) are a move apart.
fn linked(squares: &[Square], kind: TourKind) -> bool {
    let moves = squares.windows(2).all(|p| match p {
        [a, b] => is_knight_move(*a, *b),
        _ => false,
    });
    moves
        && match (kind, squares.first(), squares.last()) {
            (TourKind::Open, ..) => true,
            (TourKind::Closed, Some(a), Some(b)) => is_knight_move(*a, *b),
            _ => false,
        }
}
