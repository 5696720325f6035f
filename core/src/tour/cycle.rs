//! A cycle (or an open path) of knight moves held in the scratch, and how it
//! becomes the tour.
//!
//! Each square's byte is its two neighbours on the cycle as move directions
//! (bits 0-2 and 3-5); an end of an open path names its one neighbour twice.
//! The constructions build such a cycle block by block with the helpers here
//! ([`copy_block`], [`mirror`], [`join`], [`relink`]); [`Finish`] then walks it
//! into the tour from the start and checks the tour, a unit a square each.

use super::geometry::{MOVES, dims, direction, index, is_knight_move, moves_wrapped, square, step};
use super::job::Job;
use super::{Square, TourKind};

/// Marks a square of the tour as seen while [`Finish`] checks it: the links
/// use bits 0-5, and the walk clears this bit on every square it writes.
const SEEN: u8 = 0x80;

/// The `back` of the first square: no square before it.
const NO_BACK: u8 = 8;

/// A block of the board: its first file and rank, its width and height.
pub(crate) type Rect = (u32, u32, u32, u32);

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

/// Writes a path of `len` squares into the cycle, as links: square `k` of
/// the path is `at(k)`, the square before the first is `before` and the one
/// after the last `after` (`None`: an end of an open path, which names its
/// one neighbour twice). Returns `false` if two squares in a row are not a
/// knight's move apart.
pub(crate) fn write_path(
    w: u32,
    len: usize,
    at: impl Fn(usize) -> Option<(u32, u32)>,
    before: Option<(u32, u32)>,
    after: Option<(u32, u32)>,
    scratch: &mut [u8],
) -> bool {
    for k in 0..len {
        let Some(here) = at(k) else {
            return false;
        };
        let prev = match k.checked_sub(1) {
            Some(j) => at(j),
            None => before,
        };
        let next = if k + 1 == len { after } else { at(k + 1) };
        let (Some(a), Some(b)) = (prev.or(next), next.or(prev)) else {
            return false;
        };
        let (Some(a), Some(b)) = (direction(here, a), direction(here, b)) else {
            return false;
        };
        if let Some(c) = scratch.get_mut(index(w, here.0, here.1)) {
            *c = pack(a, b);
        }
    }
    true
}

/// Copies a block's cycle (its directions) from one place on the board to another.
pub(crate) fn copy_block(
    w: u32,
    from: (u32, u32),
    to: (u32, u32),
    bw: u32,
    bh: u32,
    scratch: &mut [u8],
) {
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
pub(crate) fn mirror(w: u32, (x0, y0, bw, bh): Rect, vertical: bool, scratch: &mut [u8]) {
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

/// Returns the squares of `block` within two lines of its side shared with
/// `other` (left of it, or above it): the only ones that can reach across,
/// as ranges of files and ranks.
pub(crate) fn seam(block: Rect, other: Rect) -> ((u32, u32), (u32, u32)) {
    let (bx, by, bw, bh) = block;
    let (x_end, y_end) = (bx.saturating_add(bw), by.saturating_add(bh));
    if other.0 < bx {
        ((bx, bx.saturating_add(2.min(bw))), (by, y_end))
    } else {
        ((bx, x_end), (by, by.saturating_add(2.min(bh))))
    }
}

/// Joins the fresh cycle of `block` to the cycle through its neighbour `other`;
/// `false` if no two edges can be swapped.
///
/// Take an edge `a-b` of one cycle and `c-d` of the other such that `a-c` and
/// `b-d` are knight moves: swapping the two edges for those two merges the
/// cycles into one.
pub(crate) fn join(w: u32, h: u32, block: Rect, other: Rect, scratch: &mut [u8]) -> bool {
    let inside = |r: Rect, (x, y): (u32, u32)| {
        x >= r.0 && y >= r.1 && x < r.0.saturating_add(r.2) && y < r.1.saturating_add(r.3)
    };
    let (xs, ys) = seam(block, other);
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
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// How [`Finish`] ended its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Finished {
    /// `out` holds a checked tour from the start.
    Tour,
    /// The links are not one path through every square, or the tour fails the check.
    Broken,
    /// The slice ran out: the next run goes on.
    Spent,
}

/// Where [`Finish`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// `k` squares are written; the next is `cur`, and the one before it is
    /// its neighbour in direction `back` (8 at the start: none).
    Walk { k: usize, cur: (u32, u32), back: u8 },
    /// The first `k` squares of the tour are checked.
    Check { k: usize },
}

/// Walks the links in the scratch into the tour from the start (a unit a
/// square), then checks the tour (a unit a square): every square once, each
/// a knight's move from the last, and for a closed tour the last a move
/// from the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Finish {
    /// The links form a cycle (else an open path from the start).
    cycle: bool,
    /// The tour asked for: a closed one is checked for its closing move.
    kind: TourKind,
    stage: Stage,
}

impl Finish {
    /// Walks a cycle (`cycle`) or an open path from `start` and checks a tour of `kind`.
    pub(crate) fn new(cycle: bool, kind: TourKind, start: Square) -> Finish {
        let s = (u32::from(start.x), u32::from(start.y));
        Finish {
            cycle,
            kind,
            stage: Stage::Walk {
                k: 0,
                cur: s,
                back: NO_BACK,
            },
        }
    }

    /// Goes on for at most what is left of `job.meter`'s slice.
    pub(crate) fn run(&mut self, job: &mut Job<'_>) -> Finished {
        if let Stage::Walk { k, cur, back } = self.stage {
            match self.walk(job, k, cur, back) {
                Some(true) => self.stage = Stage::Check { k: 0 },
                Some(false) => return Finished::Broken,
                None => return Finished::Spent,
            }
        }
        match self.stage {
            Stage::Check { k } => self.check(job, k),
            Stage::Walk { .. } => Finished::Spent,
        }
    }

    /// Writes squares `first..` of the tour (the next one `cur`, and the
    /// one before it in direction `back`); `Some(whether the links were one
    /// path through every square)` when done, `None` when the slice ran out.
    ///
    /// The square before is never compared: it is the one the last step
    /// came from, so a link leads back to it iff it has the direction
    /// opposite that step's.
    fn walk(&mut self, job: &mut Job<'_>, first: usize, cur: (u32, u32), back: u8) -> Option<bool> {
        let (w, h) = dims(job.board);
        let n = job.board.squares_usize();
        let moves = moves_wrapped(w);
        let start = index(w, u32::from(job.start.x), u32::from(job.start.y));
        let (out, scratch) = (&mut *job.out, &mut *job.scratch);
        let stop = n.min(first.saturating_add(job.meter.left().min(n as u64) as usize));
        let mut slots = out.get_mut(first..stop).unwrap_or_default().iter_mut();
        let ((mut x, mut y), mut back) = (cur, back);
        let mut at = index(w, x, y);
        let mut k = first;
        let cycle = self.cycle;
        let walked = loop {
            let Some(slot) = slots.next() else {
                if k >= n {
                    // Every slot is written and the start is not reached again.
                    break Some(false);
                }
                self.stage = Stage::Walk {
                    k,
                    cur: (x, y),
                    back,
                };
                break None;
            };
            *slot = square(x, y);
            k += 1;
            let Some(c) = scratch.get_mut(at) else {
                break Some(false);
            };
            *c &= !SEEN;
            let (d0, d1) = (*c & 7, (*c >> 3) & 7);
            let (Some(&m0), Some(&m1)) = (moves.get(usize::from(d0)), moves.get(usize::from(d1)))
            else {
                break Some(false);
            };
            let on =
                |(dx, dy, _): (u32, u32, isize)| x.wrapping_add(dx) < w && y.wrapping_add(dy) < h;
            let (on0, on1) = (on(m0), on(m1));
            let d = if cycle {
                if !(on0 && on1) {
                    break Some(false);
                }
                d0
            } else {
                if k == n {
                    // The far end: its one link (named twice) leads back.
                    break Some(on0 && d0 == d1 && d0 == back);
                }
                if !(on0 && on1) || (back == NO_BACK && d0 != d1) {
                    break Some(false); // the start must be an end of the path
                }
                d0
            };
            let (d, (dx, dy, off)) = if d != back { (d, m0) } else { (d1, m1) };
            (x, y, at) = (
                x.wrapping_add(dx),
                y.wrapping_add(dy),
                at.wrapping_add_signed(off),
            );
            back = (d + 4) & 7;
            if cycle && at == start {
                // Back at the start: the cycle is Hamiltonian iff every square was seen.
                break Some(k == n);
            }
        };
        job.meter.spend((k - first) as u64);
        walked
    }

    /// Checks squares `k..` of the tour, marking each seen in the scratch.
    fn check(&mut self, job: &mut Job<'_>, first: usize) -> Finished {
        let board = job.board;
        let (w, _) = dims(board);
        let (out, scratch) = (&*job.out, &mut *job.scratch);
        let n = out.len();
        let stop = n.min(first.saturating_add(job.meter.left().min(n as u64) as usize));
        let mut last = first.checked_sub(1).and_then(|j| out.get(j)).copied();
        let mut k = first;
        let mut broken = false;
        for &here in out.get(first..stop).unwrap_or_default() {
            k += 1;
            let linked = last.is_none_or(|last| is_knight_move(last, here));
            let seen = match scratch.get_mut(index(w, u32::from(here.x), u32::from(here.y))) {
                Some(c) if board.contains(here) => {
                    let seen = *c & SEEN != 0;
                    *c |= SEEN;
                    seen
                }
                _ => true,
            };
            if seen || !linked {
                broken = true;
                break;
            }
            last = Some(here);
        }
        job.meter.spend((k - first) as u64);
        if broken {
            return Finished::Broken;
        }
        if k < n {
            self.stage = Stage::Check { k };
            return Finished::Spent;
        }
        // Every square once, each a move from the last: the closing move is left.
        let closes = match (self.kind, out.first(), out.last()) {
            (TourKind::Open, ..) => true,
            (TourKind::Closed, Some(&a), Some(&b)) => is_knight_move(a, b),
            (TourKind::Closed, ..) => false,
        };
        if closes {
            Finished::Tour
        } else {
            Finished::Broken
        }
    }
}
