//! Depth-first search in Warnsdorff order, iterative and resumable, in the
//! caller's memory.
//!
//! The path lives in `out` (one square per depth). `scratch` holds one byte per
//! square: an unvisited square's degree (unvisited squares a move away), or
//! [`VISITED`] plus the index of the next candidate to try from that square.
//! When the search backs up to a square, every deeper square is unvisited
//! again, so the degrees and hence the candidate order are the same as when the
//! square was first reached: the order need not be stored. So the whole state
//! of a search between runs is its depth, the longest path it saw and its
//! count ([`Dfs`]); the rest is in the memory.
//!
//! A move tried costs one unit; backing up costs nothing (it undoes a move
//! already paid for), and neither does filling in the candidates, which is
//! bounded by the eight moves of a square. The degrees are filled first (see
//! [`fill_some`]), in chunks as large as the slice allows.

// Nested `if let`s read as the steps they are.
#![allow(clippy::collapsible_if)]

use super::Board;
use super::geometry::{MOVES, centre_distance, dims, index, square, step};
use super::job::Job;
use super::warnsdorff::{VISITED, fill_some};

/// How a searched path must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// Anywhere: an open tour.
    Anywhere,
    /// On this square (a move from the start, so the tour closes).
    At(u32, u32),
}

/// Where a search stands after a run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Searched {
    /// A tour is in `out` (finding, `count` 1), or the search space is spent
    /// (counting; finding with `count` 0: there is none).
    Done { count: u64 },
    /// The slice ran out: the next run goes on.
    Spent,
    /// The search's own allowance ran out ([`Dfs::cut_after`]): it is over, unfinished.
    Cut,
}

/// A tie order for the search: nearest or farthest from the centre, and a
/// rotation of the move order; restarts with other orders escape a bad subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Order {
    /// Ties go to the square nearest the centre instead of the farthest.
    pub nearest: bool,
    /// Rotates the move order that breaks the remaining ties.
    pub rotation: u8,
}

impl Order {
    /// Warnsdorff's rule with Roth's tie-break.
    pub const ROTH: Order = Order {
        nearest: false,
        rotation: 0,
    };
}

/// What a search looks for: how the path ends, the tie order, and whether it
/// counts every tour or stops at the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Aim {
    /// How the path must end.
    pub end: End,
    /// The tie order of the candidates.
    pub order: Order,
    /// Counts every tour instead of stopping at the first.
    pub counting: bool,
}

impl Aim {
    /// Looks for one tour ending as `end`, in `order`.
    pub(crate) const fn tour(end: End, order: Order) -> Aim {
        Aim {
            end,
            order,
            counting: false,
        }
    }

    /// Counts the tours ending as `end`, in Roth's order.
    pub(crate) const fn count(end: End) -> Aim {
        Aim {
            end,
            order: Order::ROTH,
            counting: true,
        }
    }
}

/// Where a [`Dfs`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The degrees of the squares before `next` are filled.
    Fill { next: usize },
    /// The path grows and shrinks in the memory.
    Walk,
    /// Over: every later run answers the same.
    Over { count: u64 },
}

/// A depth-first search from `job.start` in `job.out` and `job.scratch`,
/// resumable: each [`Dfs::run`] goes on where the last stopped.
///
/// The job given to every run must be the same (board, start, memory) and
/// its memory left as the last run left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dfs {
    aim: Aim,
    stage: Stage,
    /// Moves the search may try once its degrees are filled (`u64::MAX`: all it needs).
    allowance: u64,
    /// The meter's `spent` at which the allowance is used up (set when the walk starts).
    cut: u64,
    /// The path is `out[..=depth]`.
    depth: usize,
    /// Squares on the longest path seen.
    deepest: usize,
    /// Tours counted (or 1 once one is found).
    count: u64,
}

impl Dfs {
    /// A search for `aim`, nothing done yet.
    pub(crate) const fn new(aim: Aim) -> Dfs {
        Dfs {
            aim,
            stage: Stage::Fill { next: 0 },
            allowance: u64::MAX,
            cut: u64::MAX,
            depth: 0,
            deepest: 0,
            count: 0,
        }
    }

    /// The same search, cut ([`Searched::Cut`]) once it has tried `moves`
    /// moves: a short restart in another tie order.
    pub(crate) const fn cut_after(self, moves: u64) -> Dfs {
        Dfs {
            allowance: moves,
            ..self
        }
    }

    /// Returns the squares of the longest path the search reached (0 before it started).
    pub(crate) const fn deepest(&self) -> u64 {
        self.deepest as u64
    }

    /// Returns the tours counted so far.
    pub(crate) const fn count(&self) -> u64 {
        self.count
    }

    /// Returns the answer of a search that is over, and keeps it.
    fn over(&mut self, count: u64) -> Searched {
        self.stage = Stage::Over { count };
        self.count = count;
        Searched::Done { count }
    }

    /// Searches on for at most what is left of `job.meter`'s slice (and of
    /// the allowance).
    ///
    /// Each move tried is one unit; the degrees are filled first (see [`fill_some`]).
    pub(crate) fn run(&mut self, job: &mut Job<'_>) -> Searched {
        let (board, start) = (job.board, job.start);
        let n = board.squares_usize();
        let (sx, sy) = (u32::from(start.x), u32::from(start.y));
        match self.stage {
            Stage::Over { count } => return Searched::Done { count },
            Stage::Walk => {}
            Stage::Fill { next } => {
                if next == 0 {
                    if let End::At(ex, ey) = self.aim.end {
                        if (ex, ey) == (sx, sy) || n < 2 {
                            return self.over(0);
                        }
                    }
                }
                let filled = fill_some(job, next);
                if filled < n {
                    self.stage = Stage::Fill { next: filled };
                    return Searched::Spent;
                }
                let (w, h) = dims(board);
                visit(w, h, sx, sy, job.scratch);
                match job.out.first_mut() {
                    Some(s) => *s = start,
                    None => return self.over(0),
                }
                if n == 1 {
                    return self.over(u64::from(self.aim.end == End::Anywhere));
                }
                self.stage = Stage::Walk;
                (self.depth, self.deepest, self.count) = (0, 1, 0);
                self.cut = job.meter.spent().saturating_add(self.allowance);
            }
        }
        self.walk(job, n)
    }

    /// The search proper: its depth, longest path, count and the slice's
    /// units in locals, written back when it stops.
    #[inline(always)]
    fn walk(&mut self, job: &mut Job<'_>, n: usize) -> Searched {
        let aim = self.aim;
        let Aim { end, counting, .. } = aim;
        let board = job.board;
        let (out, scratch) = (&mut *job.out, &mut *job.scratch);
        let (w, h) = dims(board);
        let four = four_lines(board, end);
        let meter = &mut *job.meter;
        let units = meter.left().min(self.cut.saturating_sub(meter.spent()));
        let mut left = units;
        let (mut depth, mut deepest, mut count) = (self.depth, self.deepest, self.count);
        let exit = loop {
            let Some(&cur) = out.get(depth) else {
                break Exit::Over(count);
            };
            let (cx, cy) = (u32::from(cur.x), u32::from(cur.y));
            let ci = index(w, cx, cy);
            let tried = scratch.get(ci).map_or(0, |c| usize::from(c & 0x0F));
            // Squares still unvisited once the current square is on the path.
            let remaining = n - (depth + 1);
            let mut cands = candidates(w, h, cx, cy, remaining, aim, scratch);
            if let Some(long) = four {
                keep_four_line_order(&mut cands, depth + 1, long, h);
            }
            if let Some(&(nx, ny)) = cands.list.get(tried).filter(|_| tried < cands.len) {
                // Out of units before the move is made: the next run makes it.
                if left == 0 {
                    break Exit::Spent;
                }
                left -= 1;
                if let Some(c) = scratch.get_mut(ci) {
                    *c = VISITED | (tried as u8 + 1);
                }
                visit(w, h, nx, ny, scratch);
                depth += 1;
                if let Some(s) = out.get_mut(depth) {
                    *s = square(nx, ny);
                }
                deepest = deepest.max(depth + 1);
                if depth + 1 == n {
                    if !counting {
                        break Exit::Over(1);
                    }
                    count = count.saturating_add(1);
                    unvisit(w, h, nx, ny, scratch);
                    depth -= 1;
                }
            } else {
                if depth == 0 {
                    break Exit::Over(count);
                }
                unvisit(w, h, cx, cy, scratch);
                depth -= 1;
            }
        };
        meter.spend(units - left);
        (self.depth, self.deepest, self.count) = (depth, deepest, count);
        match exit {
            Exit::Over(count) => self.over(count),
            Exit::Spent if meter.spent() >= self.cut => Searched::Cut,
            Exit::Spent => Searched::Spent,
        }
    }
}

/// Why the search's loop stopped.
enum Exit {
    /// The search is over with this count.
    Over(u64),
    /// Out of units (the slice's or the allowance's).
    Spent,
}

/// Candidate moves from one square, best first.
struct Candidates {
    list: [(u32, u32); 8],
    len: usize,
}

/// Returns the long side of a board 4 wide or high, for an open search.
///
/// On a 4×n board the squares of the two long edges (the outer lines, 2n of
/// them) are a move only from inner squares (the other 2n). A path through all
/// 4n squares without two outer squares in a row has outer squares alternating
/// with inner ones and at most one inner-to-inner move; a knight changes colour
/// every move and the outer lines hold n squares of each colour, so that one
/// inner-to-inner move is exactly the middle one. Hence the square at position
/// `k` of the tour is outer iff `k < 2n` and `k` is even, or `k > 2n` and `k`
/// is odd: every open tour starts and ends on an outer line.
fn four_lines(board: Board, end: End) -> Option<u32> {
    let (w, h) = dims(board);
    if end != End::Anywhere || !board.has_open_tour() || w.min(h) != 4 {
        return None;
    }
    Some(w.max(h))
}

/// Returns whether `(x, y)` is on one of the long edges of a 4×n board.
#[inline]
fn is_outer(h: u32, x: u32, y: u32) -> bool {
    if h == 4 {
        y == 0 || y == 3
    } else {
        x == 0 || x == 3
    }
}

/// Drops the candidates that break the outer/inner order of a 4×n tour at `position`.
fn keep_four_line_order(c: &mut Candidates, position: usize, long: u32, h: u32) {
    let half = 2 * long as usize;
    let outer_here = (position < half && position.is_multiple_of(2))
        || (position > half && !position.is_multiple_of(2));
    let mut kept = 0usize;
    for i in 0..c.len {
        let Some(&(x, y)) = c.list.get(i) else { break };
        if is_outer(h, x, y) == outer_here {
            if let Some(slot) = c.list.get_mut(kept) {
                *slot = (x, y);
            }
            kept += 1;
        }
    }
    c.len = kept;
}

/// Puts a square on the path: its neighbours lose a degree.
#[inline]
fn visit(w: u32, h: u32, x: u32, y: u32, scratch: &mut [u8]) {
    if let Some(c) = scratch.get_mut(index(w, x, y)) {
        *c = VISITED;
    }
    for d in 0..MOVES.len() {
        if let Some((nx, ny)) = step(w, h, x, y, d) {
            if let Some(c) = scratch.get_mut(index(w, nx, ny)) {
                if *c & VISITED == 0 {
                    *c = c.saturating_sub(1);
                }
            }
        }
    }
}

/// Takes a square off the path: its neighbours regain a degree, and it gets its own back.
#[inline]
fn unvisit(w: u32, h: u32, x: u32, y: u32, scratch: &mut [u8]) {
    let mut own = 0u8;
    for d in 0..MOVES.len() {
        if let Some((nx, ny)) = step(w, h, x, y, d) {
            if let Some(c) = scratch.get_mut(index(w, nx, ny)) {
                if *c & VISITED == 0 {
                    *c = c.saturating_add(1);
                    own = own.saturating_add(1); // at most 8
                }
            }
        }
    }
    if let Some(c) = scratch.get_mut(index(w, x, y)) {
        *c = own;
    }
}

/// Lists the moves worth trying from `(x, y)`, in Warnsdorff-Roth order.
///
/// Returns none when the path is dead. An unvisited neighbour with no other
/// unvisited neighbour can only be the last square; one with a single other
/// unvisited neighbour must be entered now or be the last square. So with more
/// than one square left: a neighbour of degree 0 is fatal; with a required end,
/// a neighbour of degree 1 (not the end) forces the move, and two are fatal;
/// with a free end, two such neighbours leave only those two, three are fatal.
#[inline(always)]
fn candidates(
    w: u32,
    h: u32,
    x: u32,
    y: u32,
    remaining: usize,
    aim: Aim,
    scratch: &[u8],
) -> Candidates {
    let Aim { end, order, .. } = aim;
    let mut c = Candidates {
        list: [(0, 0); 8],
        len: 0,
    };
    let mut keys = [(0u8, 0u64, 0usize); 8];
    let mut forced = [(0u32, 0u32); 2];
    let mut forced_len = 0usize;
    for d in 0..MOVES.len() {
        let Some((nx, ny)) = step(w, h, x, y, d) else {
            continue;
        };
        let Some(&deg) = scratch.get(index(w, nx, ny)) else {
            continue;
        };
        if deg & VISITED != 0 {
            continue;
        }
        let is_end = matches!(end, End::At(ex, ey) if (nx, ny) == (ex, ey));
        if remaining > 1 {
            if deg == 0 {
                c.len = 0;
                return c;
            }
            if is_end {
                continue;
            }
            if deg == 1 {
                let limit = if end == End::Anywhere { 2 } else { 1 };
                if forced_len >= limit {
                    c.len = 0;
                    return c;
                }
                if let Some(f) = forced.get_mut(forced_len) {
                    *f = (nx, ny);
                }
                forced_len += 1;
            }
        }
        // Fewest onward moves first, then farthest from the centre, then move order.
        let dist = centre_distance(w, h, nx, ny);
        let key = (
            deg,
            if order.nearest { dist } else { u64::MAX - dist },
            (d + usize::from(order.rotation)) & 7,
        );
        let mut i = c.len;
        while i > 0 {
            let Some(&prev) = keys.get(i - 1) else { break };
            if prev <= key {
                break;
            }
            if let (Some(k), Some(&l)) = (keys.get_mut(i), c.list.get(i - 1)) {
                *k = prev;
                if let Some(slot) = c.list.get_mut(i) {
                    *slot = l;
                }
            }
            i -= 1;
        }
        if let (Some(k), Some(slot)) = (keys.get_mut(i), c.list.get_mut(i)) {
            *k = key;
            *slot = (nx, ny);
        }
        c.len += 1;
    }
    let must = match (end, forced_len) {
        (End::At(..), 1) => 1,
        (End::Anywhere, 2) => 2,
        _ => 0,
    };
    if must > 0 {
        // Only the forced squares remain, in the order already sorted.
        let mut kept = 0usize;
        for i in 0..c.len {
            let Some(&sq) = c.list.get(i) else { break };
            if forced.iter().take(forced_len).any(|&f| f == sq) {
                if let Some(slot) = c.list.get_mut(kept) {
                    *slot = sq;
                }
                kept += 1;
            }
        }
        c.len = kept;
    }
    c
}
