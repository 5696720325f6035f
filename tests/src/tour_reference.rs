//! Knight's tours by plain exhaustive search, written apart from the core: no
//! `plateau::tour` type, no theory, no heuristic, only the knight's moves of
//! [`KNIGHT_MOVES`](crate::KNIGHT_MOVES) and a depth-first walk over every path
//! that never visits a square twice. It is the oracle for the core's "none"
//! answers on small boards: when it finds no tour from a square, there is none.
//!
//! Squares are `(x, y)` pairs, `0 <= x < w`, `0 <= y < h`; boards have at most
//! [`MAX_SQUARES`] squares (the visited set is one `u64`). The walk is
//! exponential: keep it to boards of about 30 squares.

use crate::KNIGHT_MOVES;

/// The most squares a board of the reference may have.
pub const MAX_SQUARES: usize = 64;

/// A board's knight graph: for each square (numbered `y * w + x`) the squares
/// a knight's move away.
struct Graph {
    w: usize,
    next: Vec<Vec<usize>>,
}

impl Graph {
    fn new(w: u16, h: u16) -> Graph {
        let (w, h) = (usize::from(w), usize::from(h));
        assert!(
            w >= 1 && h >= 1 && w * h <= MAX_SQUARES,
            "{w}x{h}: the reference takes boards of 1 to {MAX_SQUARES} squares"
        );
        let next = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as i32, (i / w) as i32);
                KNIGHT_MOVES
                    .iter()
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(nx, ny)| nx >= 0 && ny >= 0 && nx < w as i32 && ny < h as i32)
                    .map(|(nx, ny)| ny as usize * w + nx as usize)
                    .collect()
            })
            .collect();
        Graph { w, next }
    }

    fn index(&self, (x, y): (u16, u16)) -> usize {
        usize::from(y) * self.w + usize::from(x)
    }

    fn square(&self, i: usize) -> (u16, u16) {
        ((i % self.w) as u16, (i / self.w) as u16)
    }

    /// Walks every path from `path`'s last square over unvisited squares;
    /// calls `tour` on each path that covers the board (and, when `closed`,
    /// ends a knight's move from its first square). Stops as soon as `tour`
    /// returns false; returns false then.
    fn walk(
        &self,
        path: &mut Vec<usize>,
        visited: u64,
        closed: bool,
        tour: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        let here = path[path.len() - 1];
        if path.len() == self.next.len() {
            if closed && !self.next[here].contains(&path[0]) {
                return true;
            }
            return tour(path);
        }
        for &to in &self.next[here] {
            if visited & (1 << to) == 0 {
                path.push(to);
                let go_on = self.walk(path, visited | 1 << to, closed, tour);
                path.pop();
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
}

/// Returns a knight's tour of the `w`×`h` board that starts on `start` (and
/// is closed when `closed`), or `None` when no path from `start` makes one.
pub fn find_tour(w: u16, h: u16, start: (u16, u16), closed: bool) -> Option<Vec<(u16, u16)>> {
    let g = Graph::new(w, h);
    let first = g.index(start);
    let mut found = None;
    g.walk(&mut vec![first], 1 << first, closed, &mut |path| {
        found = Some(path.iter().map(|&i| g.square(i)).collect());
        false
    });
    found
}

/// Counts the directed knight's tours of the `w`×`h` board that start on
/// `start` (closed ones only when `closed`), up to `limit`.
pub fn count_tours(w: u16, h: u16, start: (u16, u16), closed: bool, limit: u64) -> u64 {
    let g = Graph::new(w, h);
    let first = g.index(start);
    let mut count = 0;
    g.walk(&mut vec![first], 1 << first, closed, &mut |_| {
        count += 1;
        count < limit
    });
    count
}

/// Checks a tour of the `w`×`h` board: every square exactly once, each step
/// a knight's move, and when `closed` the last square a knight's move from the
/// first (so a one-square board has no closed tour).
pub fn is_tour(w: u16, h: u16, squares: &[(u16, u16)], closed: bool) -> bool {
    let (w, h) = (usize::from(w), usize::from(h));
    let mut seen = vec![false; w * h];
    for &(x, y) in squares {
        let (x, y) = (usize::from(x), usize::from(y));
        if x >= w || y >= h || std::mem::replace(&mut seen[y * w + x], true) {
            return false;
        }
    }
    let knight = |a: (u16, u16), b: (u16, u16)| {
        let dx = (i32::from(a.0) - i32::from(b.0)).abs();
        let dy = (i32::from(a.1) - i32::from(b.1)).abs();
        (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
    };
    squares.len() == w * h
        && squares.windows(2).all(|p| knight(p[0], p[1]))
        && (!closed || knight(squares[0], squares[squares.len() - 1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_spec_section_3() {
        // 5x5: 304 directed open tours from a corner, 64 from the centre.
        assert_eq!(count_tours(5, 5, (0, 0), false, u64::MAX), 304);
        assert_eq!(count_tours(5, 5, (2, 2), false, u64::MAX), 64);
        // 3x4: 16 directed open tours in all, no closed one.
        let all: u64 = (0..4)
            .flat_map(|y| (0..3).map(move |x| (x, y)))
            .map(|s| count_tours(3, 4, s, false, u64::MAX))
            .sum();
        assert_eq!(all, 16);
        assert_eq!(count_tours(3, 4, (0, 0), true, u64::MAX), 0);
    }

    #[test]
    fn found_tours_are_tours_and_broken_ones_are_not() {
        let t = find_tour(3, 4, (0, 0), false).expect("3x4 has a tour from a corner");
        assert!(is_tour(3, 4, &t, false) && t[0] == (0, 0));
        assert!(!is_tour(3, 4, &t, true), "3x4 has no closed tour");
        let mut swapped = t.clone();
        swapped.swap(4, 5);
        let mut twice = t.clone();
        twice[5] = twice[3];
        for broken in [&swapped[..], &twice[..], &t[..11]] {
            assert!(!is_tour(3, 4, broken, false));
        }
        assert!(find_tour(3, 3, (0, 0), false).is_none());
        // 1x1: the one square is an open tour; no knight's move closes it.
        assert_eq!(find_tour(1, 1, (0, 0), false), Some(vec![(0, 0)]));
        assert_eq!(find_tour(1, 1, (0, 0), true), None);
    }
}
