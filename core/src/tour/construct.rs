//! Closed tours on any board that has one, in linear time: divide and conquer.
//!
//! The board is cut into blocks small enough to search (6, 8 or 10 squares along
//! an even side and 5 to 11 along the other; 3 × 10..18 on boards 3 high). Each
//! block gets a closed tour by [`search`](super::search); blocks of the same size
//! share it (copied, not searched again). Neighbouring cycles are then joined:
//! take an edge `a-b` of one cycle and `c-d` of the other such that `a-c` and
//! `b-d` are knight moves; swapping the two edges for those two merges the
//! cycles into one. Joining each block to the one on its left (the first block
//! of a band to the one above) leaves a single cycle through every square.
//!
//! `scratch` holds the cycle: each square's byte is its two neighbours as move
//! directions (bits 0-2 and 3-5). [`walk`] then writes the tour from any start.

use super::find::Job;
use super::geometry::{MOVES, dims, direction, index, square, step};
use super::search::{Aim, End, Order, Searched, search};
use super::{Board, Square};

/// Largest block, in squares (10 × 11; 3 × 18 is smaller).
const BLOCK_SQUARES: usize = 110;

/// How one side of the board is cut: equal pieces, the last one longer.
#[derive(Clone, Copy)]
struct Cut {
    piece: u32,
    count: u32,
    total: u32,
}

impl Cut {
    fn new(total: u32, piece: u32) -> Cut {
        Cut {
            piece,
            count: (total / piece).max(1),
            total,
        }
    }

    /// Returns the first line and the length of piece `i`.
    fn span(self, i: u32) -> (u32, u32) {
        let from = i * self.piece;
        let len = if i + 1 >= self.count {
            self.total - from
        } else {
            self.piece
        };
        (from, len)
    }
}

/// Why the construction stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The step budget ran out while searching a block.
    OutOfSteps,
    /// Two cycles could not be joined (never seen on any board tried).
    NoJoin,
}

/// Finds one path of `job.board` from `job.start` to `end` (Roth's order, no
/// counting) into `job.out`: `Ok(true)` when found, `Ok(false)` when none exists.
// Inlined, as `path_to` is: a frame of its own would sit on the deepest stack.
#[inline(always)]
pub(crate) fn find_path(job: &mut Job<'_>, end: End) -> Result<bool, Stop> {
    path_to(job, &Aim::tour(end, Order::ROTH))
}

/// Finds one path as [`find_path`] does, for an aim known in advance (a constant, not a temporary).
#[inline(always)]
fn path_to(job: &mut Job<'_>, aim: &Aim) -> Result<bool, Stop> {
    match search(job, aim) {
        Searched::Done { count: 1 } => Ok(true),
        Searched::Done { .. } => Ok(false),
        Searched::OutOfSteps { .. } => Err(Stop::OutOfSteps),
    }
}

/// Builds a closed tour of `job.board` in `job.scratch` (two directions per square).
///
/// The board must have a closed tour (Schwenk). `job.out` is used as work space.
pub(crate) fn closed_cycle(job: &mut Job<'_>) -> Result<(), Stop> {
    let (w, h) = dims(job.board);
    if w.min(h) == 3 {
        return three_high(job);
    }
    let (rows, cols) = (Cut::new(h, 6), Cut::new(w, 6));
    // With an even height, bands are even (6, 8, 10) and blocks 5..11 wide; with
    // an odd height the width is even and the roles swap. Either way every block
    // has an even side of at least 6 and the other at least 5: it has a closed tour.
    let mut laid: [(u32, u32, u32, u32); 4] = [(0, 0, 0, 0); 4];
    let mut laid_len = 0usize;
    for r in 0..rows.count {
        let (y0, bh) = rows.span(r);
        for c in 0..cols.count {
            let (x0, bw) = cols.span(c);
            let copy = laid
                .iter()
                .take(laid_len)
                .find(|l| l.0 == bw && l.1 == bh)
                .copied();
            match copy {
                Some((_, _, fx, fy)) => copy_block(w, (fx, fy), (x0, y0), bw, bh, job.scratch),
                None => {
                    lay_block(job, (x0, y0), (bw, bh))?;
                    if let Some(slot) = laid.get_mut(laid_len) {
                        *slot = (bw, bh, x0, y0);
                        laid_len += 1;
                    }
                }
            }
        }
    }
    for r in 0..rows.count {
        let (y0, bh) = rows.span(r);
        for c in 0..cols.count {
            let (x0, bw) = cols.span(c);
            let block = (x0, y0, bw, bh);
            let other = if c > 0 {
                let (px, pw) = cols.span(c - 1);
                (px, y0, pw, bh)
            } else if r > 0 {
                let (py, ph) = rows.span(r - 1);
                (x0, py, bw, ph)
            } else {
                continue;
            };
            // If no pair of edges joins the cycles, a mirror image of the block's
            // tour offers other edges along the shared side.
            let mut joined = false;
            for flip in [0, 1, 2, 1] {
                if flip > 0 {
                    mirror(w, block, flip == 2, job.scratch);
                }
                if join(w, h, block, other, job.scratch).is_ok() {
                    joined = true;
                    break;
                }
            }
            if !joined {
                return Err(Stop::NoJoin);
            }
        }
    }
    Ok(())
}

/// Builds a closed tour of a 3 × n board (n even, at least 10).
///
/// Two cycles on 3-high strips can never be joined by swapping two edges (no
/// pair of 3 × 10 tours allows it), so the strip grows instead: a 3 × 10 or
/// 3 × 12 tour, then 3 × 4 blocks one by one. Each block is an open path `r..s`
/// of its 12 squares put in place of an edge `p-q` of the last two lines, with
/// `p-r` and `q-s` knight moves.
fn three_high(job: &mut Job<'_>) -> Result<(), Stop> {
    let (w, h) = dims(job.board);
    let long = w.max(h);
    let base = if long % 4 == 2 { 10 } else { 12 };
    // Local coordinates: `i` along the strip, `j` across it.
    let global = |i: u32, j: u32| if h == 3 { (i, j) } else { (j, i) };
    let local = |(x, y): (u32, u32)| if h == 3 { (x, y) } else { (y, x) };
    let (bw, bh) = global(base, 3);
    lay_block(job, (0, 0), (bw, bh))?;
    let gadget = Board::new(4, 3).map_err(|_| Stop::NoJoin)?;
    let mut n = base;
    while n < long {
        let mut done = false;
        'edges: for pi in n - 2..n {
            for pj in 0..3 {
                let p = global(pi, pj);
                for q in neighbours(w, h, p.0, p.1, job.scratch)
                    .into_iter()
                    .flatten()
                {
                    if local(q).0 + 2 < n {
                        continue;
                    }
                    for dr in 0..MOVES.len() {
                        let Some(r) = step(w, h, p.0, p.1, dr) else {
                            continue;
                        };
                        for ds in 0..MOVES.len() {
                            let Some(sq) = step(w, h, q.0, q.1, ds) else {
                                continue;
                            };
                            let (rl, sl) = (local(r), local(sq));
                            if rl.0 < n || sl.0 < n || rl == sl {
                                continue;
                            }
                            let mut path = [Square::default(); 12];
                            let mut work = [0u8; 12];
                            let mut gap = Job {
                                board: gadget,
                                start: square(rl.0 - n, rl.1),
                                out: &mut path,
                                scratch: &mut work,
                                meter: &mut *job.meter,
                            };
                            if !find_path(&mut gap, End::At(sl.0 - n, sl.1))? {
                                continue;
                            }
                            let at = |k: usize| {
                                path.get(k)
                                    .map(|v| global(n + u32::from(v.x), u32::from(v.y)))
                            };
                            for k in 0..12 {
                                let here = at(k).ok_or(Stop::NoJoin)?;
                                let prev = if k == 0 { Some(p) } else { at(k - 1) };
                                let next = if k == 11 { Some(q) } else { at(k + 1) };
                                let (Some(prev), Some(next)) = (prev, next) else {
                                    return Err(Stop::NoJoin);
                                };
                                let a = direction(here, prev).ok_or(Stop::NoJoin)?;
                                let b = direction(here, next).ok_or(Stop::NoJoin)?;
                                if let Some(c) = job.scratch.get_mut(index(w, here.0, here.1)) {
                                    *c = pack(a, b);
                                }
                            }
                            relink(w, p, q, r, job.scratch);
                            relink(w, q, p, sq, job.scratch);
                            done = true;
                            break 'edges;
                        }
                    }
                }
            }
        }
        if !done {
            return Err(Stop::NoJoin);
        }
        n += 4;
    }
    Ok(())
}

/// Searches a closed tour of one `bw × bh` block and writes it at `(x0, y0)`.
///
/// The search runs in the front of `job.out`; the cycle goes into `job.scratch`.
fn lay_block(job: &mut Job<'_>, (x0, y0): (u32, u32), (bw, bh): (u32, u32)) -> Result<(), Stop> {
    let (w, _) = dims(job.board);
    let block = Board::new(bw as u16, bh as u16).map_err(|_| Stop::NoJoin)?;
    let mut work = [0u8; BLOCK_SQUARES];
    let bn = block.squares_usize();
    let path = job.out.get_mut(..bn).ok_or(Stop::NoJoin)?;
    let mut one = Job {
        board: block,
        start: Square { x: 0, y: 0 },
        out: &mut *path,
        scratch: &mut work,
        meter: &mut *job.meter,
    };
    // The corner's two moves are both on any closed tour: end on one of them.
    const NEXT_TO_CORNER: Aim = Aim::tour(End::At(2, 1), Order::ROTH);
    if !path_to(&mut one, &NEXT_TO_CORNER)? {
        return Err(Stop::NoJoin);
    }
    for k in 0..bn {
        let here = path.get(k).copied().ok_or(Stop::NoJoin)?;
        let prev = path
            .get(if k == 0 { bn - 1 } else { k - 1 })
            .copied()
            .ok_or(Stop::NoJoin)?;
        let next = path.get((k + 1) % bn).copied().ok_or(Stop::NoJoin)?;
        let at = |s: Square| (u32::from(s.x), u32::from(s.y));
        let to_prev = direction(at(here), at(prev)).ok_or(Stop::NoJoin)?;
        let to_next = direction(at(here), at(next)).ok_or(Stop::NoJoin)?;
        let i = index(w, x0 + u32::from(here.x), y0 + u32::from(here.y));
        if let Some(c) = job.scratch.get_mut(i) {
            *c = pack(to_prev, to_next);
        }
    }
    Ok(())
}

/// Copies a block's cycle (its directions) from one place on the board to another.
fn copy_block(w: u32, from: (u32, u32), to: (u32, u32), bw: u32, bh: u32, scratch: &mut [u8]) {
    for dy in 0..bh {
        let src = index(w, from.0, from.1 + dy);
        let dst = index(w, to.0, to.1 + dy);
        let len = bw as usize;
        // Byte by byte with `get`: `copy_within` keeps a bounds assertion the
        // optimizer cannot remove (see the panic probe). Backwards when the
        // destination overlaps the source from above, like `memmove`.
        let mut copy = |k: usize| {
            let byte = src.checked_add(k).and_then(|i| scratch.get(i).copied());
            if let (Some(byte), Some(slot)) =
                (byte, dst.checked_add(k).and_then(|i| scratch.get_mut(i)))
            {
                *slot = byte;
            }
        };
        if dst > src {
            (0..len).rev().for_each(&mut copy);
        } else {
            (0..len).for_each(&mut copy);
        }
    }
}

/// Mirrors a block's cycle left-right, or (`vertical`) top-bottom.
fn mirror(w: u32, (x0, y0, bw, bh): (u32, u32, u32, u32), vertical: bool, scratch: &mut [u8]) {
    let map = |code: u8| -> u8 {
        let flip = |d: u8| -> u8 {
            let (dx, dy) = MOVES.get(usize::from(d)).copied().unwrap_or((0, 0));
            let m = if vertical { (dx, -dy) } else { (-dx, dy) };
            MOVES.iter().position(|&v| v == m).unwrap_or(0) as u8
        };
        flip(code & 7) | (flip((code >> 3) & 7) << 3)
    };
    let (outer, inner) = if vertical { (bh, bw) } else { (bw, bh) };
    for a in 0..outer.div_ceil(2) {
        let b = outer - 1 - a;
        for t in 0..inner {
            let (pa, pb) = if vertical {
                (index(w, x0 + t, y0 + a), index(w, x0 + t, y0 + b))
            } else {
                (index(w, x0 + a, y0 + t), index(w, x0 + b, y0 + t))
            };
            let (Some(&ca), Some(&cb)) = (scratch.get(pa), scratch.get(pb)) else {
                continue;
            };
            if let Some(c) = scratch.get_mut(pa) {
                *c = map(cb);
            }
            if let Some(c) = scratch.get_mut(pb) {
                *c = map(ca);
            }
        }
    }
}

/// Packs a square's two cycle neighbours.
#[inline(always)]
pub(crate) fn pack(a: usize, b: usize) -> u8 {
    (a as u8 & 7) | ((b as u8 & 7) << 3)
}

/// Returns the two neighbours of `(x, y)` on the cycle.
#[inline(always)]
pub(crate) fn neighbours(
    w: u32,
    h: u32,
    x: u32,
    y: u32,
    scratch: &[u8],
) -> [Option<(u32, u32)>; 2] {
    let code = scratch.get(index(w, x, y)).copied().unwrap_or(0);
    [
        step(w, h, x, y, usize::from(code & 7)),
        step(w, h, x, y, usize::from((code >> 3) & 7)),
    ]
}

/// Replaces `(x, y)`'s cycle neighbour `old` by `new`.
pub(crate) fn relink(
    w: u32,
    (x, y): (u32, u32),
    old: (u32, u32),
    new: (u32, u32),
    scratch: &mut [u8],
) {
    let (Some(od), Some(nd)) = (direction((x, y), old), direction((x, y), new)) else {
        return;
    };
    if let Some(c) = scratch.get_mut(index(w, x, y)) {
        if usize::from(*c & 7) == od {
            *c = (*c & !7) | nd as u8;
        } else {
            *c = (*c & !(7 << 3)) | ((nd as u8) << 3);
        }
    }
}

/// Joins the fresh cycle of `block` to the cycle through its neighbour `other`.
fn join(
    w: u32,
    h: u32,
    block: (u32, u32, u32, u32),
    other: (u32, u32, u32, u32),
    scratch: &mut [u8],
) -> Result<(), Stop> {
    let inside = |r: (u32, u32, u32, u32), (x, y): (u32, u32)| {
        x >= r.0 && y >= r.1 && x < r.0 + r.2 && y < r.1 + r.3
    };
    let (bx, by, bw, bh) = block;
    // Only squares within two lines of the shared edge can reach across it.
    let (xs, ys) = if other.0 < bx {
        ((bx, bx + 2.min(bw)), (by, by + bh))
    } else {
        ((bx, bx + bw), (by, by + 2.min(bh)))
    };
    for y in ys.0..ys.1 {
        for x in xs.0..xs.1 {
            let a = (x, y);
            for b in neighbours(w, h, x, y, scratch).into_iter().flatten() {
                for d in 0..MOVES.len() {
                    let Some(c) = step(w, h, x, y, d) else {
                        continue;
                    };
                    if !inside(other, c) {
                        continue;
                    }
                    for dd in neighbours(w, h, c.0, c.1, scratch).into_iter().flatten() {
                        if inside(block, dd) || direction(b, dd).is_none() {
                            continue;
                        }
                        relink(w, a, b, c, scratch);
                        relink(w, b, a, dd, scratch);
                        relink(w, c, dd, a, scratch);
                        relink(w, dd, c, b, scratch);
                        return Ok(());
                    }
                }
            }
        }
    }
    Err(Stop::NoJoin)
}

/// Writes the cycle in `job.scratch` into `job.out` as a tour from `job.start`.
///
/// Returns false if the cycle does not pass through every square exactly once.
pub(crate) fn walk(job: &mut Job<'_>) -> bool {
    let (board, start) = (job.board, job.start);
    let (out, scratch) = (&mut *job.out, &*job.scratch);
    let (w, h) = dims(board);
    let n = board.squares_usize();
    let s = (u32::from(start.x), u32::from(start.y));
    let mut prev = s;
    let mut cur = s;
    for k in 0..n {
        match out.get_mut(k) {
            Some(slot) => *slot = square(cur.0, cur.1),
            None => return false,
        }
        let [Some(n0), Some(n1)] = neighbours(w, h, cur.0, cur.1, scratch) else {
            return false;
        };
        let next = if k == 0 || n0 != prev { n0 } else { n1 };
        if next == s {
            // Back at the start: the cycle is Hamiltonian iff every square was seen.
            return k + 1 == n;
        }
        prev = cur;
        cur = next;
    }
    false
}
