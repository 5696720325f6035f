//! Open tours on 3 × n and 5 × n boards with n odd: grown from a small base,
//! resumable.
//!
//! These boards have no closed tour, and Warnsdorff's rule often sticks on them.
//! A base window of `k × b` squares (b small, `b ≡ n mod 4`) around the start
//! gets an open tour from the start by exhaustive search; then `k × 4` blocks are
//! added on both sides, each an open path `r..s` of its squares put in place of
//! a path edge `p-q` of the two lines next to it, with `p-r` and `q-s` knight
//! moves. The path lives in `scratch` as two directions per square; an end of the
//! path repeats its one neighbour (see [`cycle`](super::cycle)).

use super::backtrack::{Aim, End, Order, Searched};
use super::cycle::{neighbours, relink, write_path};
use super::geometry::{dims, square, step};
use super::job::Job;
use super::piece::{Built, Odometer, Piece};
use super::{Board, Square};

/// Returns whether `board` is a strip this module grows: 3 or 5 across, odd length.
pub(crate) fn applies(board: Board) -> bool {
    let (w, h) = dims(board);
    let (k, long) = (w.min(h), w.max(h));
    (k == 3 || k == 5) && long % 2 == 1 && long >= 7
}

/// Where the growth stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Searching the window of `b` lines from line `a` (`None`: no window left).
    Base(Option<(u32, u32)>),
    /// Splicing blocks: right of the path while `right` (the next block's
    /// first line) is on the board, then left of `left` down to line 0.
    Grow { right: u32, left: u32 },
}

/// An open tour of a thin odd strip, grown from a window around the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Strip {
    stage: Stage,
    /// The splice being tried for the next block.
    at: Odometer,
}

/// The strip in its own coordinates: `i` along it, `j` across it.
#[derive(Clone, Copy)]
struct Lines {
    /// Squares across (3 or 5) and lines along.
    k: u32,
    long: u32,
    /// The strip runs along the files.
    along_x: bool,
    /// The start, as (line, square across).
    start: (u32, u32),
}

impl Lines {
    fn new(board: Board, start: Square) -> Lines {
        let (w, h) = dims(board);
        let (k, long) = (w.min(h), w.max(h));
        let along_x = h == k;
        let s = (u32::from(start.x), u32::from(start.y));
        Lines {
            k,
            long,
            along_x,
            start: if along_x { s } else { (s.1, s.0) },
        }
    }

    fn global(self, i: u32, j: u32) -> (u32, u32) {
        if self.along_x { (i, j) } else { (j, i) }
    }

    fn local(self, (x, y): (u32, u32)) -> (u32, u32) {
        if self.along_x { (x, y) } else { (y, x) }
    }

    /// Returns the window tried after `(b, a)` (the first with `None`): `b`
    /// lines (`b ≡ long mod 4`, the fewest first) from line `a` (a multiple
    /// of 4), holding the start.
    fn window(self, after: Option<(u32, u32)>) -> Option<(u32, u32)> {
        let least = if self.k == 3 { 7 } else { 5 };
        let si = self.start.0;
        let (mut b, mut next_a) = match after {
            Some((b, a)) => (b, Some(a.saturating_add(4))),
            None => (least, None),
        };
        while b <= least + 6 {
            if b % 4 == self.long % 4 && b <= self.long {
                let first = si.saturating_sub(b.saturating_sub(1)).div_ceil(4);
                let a = next_a.unwrap_or(first.saturating_mul(4));
                if a <= si && a.saturating_add(b) <= self.long {
                    return Some((b, a));
                }
            }
            (b, next_a) = (b.saturating_add(1), None);
        }
        None
    }
}

impl Strip {
    /// Nothing built yet, the first window chosen.
    pub(crate) fn new(board: Board, start: Square) -> Strip {
        Strip {
            stage: Stage::Base(Lines::new(board, start).window(None)),
            at: Odometer::ZERO,
        }
    }

    /// Goes on searching windows, then splicing blocks until the strip is covered.
    pub(crate) fn run(&mut self, piece: &mut Piece, job: &mut Job<'_>) -> Built {
        let lines = Lines::new(job.board, job.start);
        loop {
            let (from, edge) = match self.stage {
                Stage::Base(None) => return Built::Failed,
                Stage::Base(Some((b, a))) => match lay_base(piece, job, lines, (b, a)) {
                    Some(Built::Done) => {
                        self.stage = Stage::Grow {
                            right: a + b,
                            left: a,
                        };
                        continue;
                    }
                    None => {
                        self.stage = Stage::Base(lines.window(Some((b, a))));
                        continue;
                    }
                    Some(other) => return other,
                },
                Stage::Grow { right, .. } if right < lines.long => (right, right - 2),
                Stage::Grow { left, .. } if left >= 4 => (left - 4, left),
                Stage::Grow { .. } => return Built::Done,
            };
            match self.splice(piece, job, lines, from, edge) {
                Built::Done => {}
                other => return other,
            }
            self.at = Odometer::ZERO;
            if let Stage::Grow { right, left } = &mut self.stage {
                if *right < lines.long {
                    *right = right.saturating_add(4);
                } else {
                    *left = left.saturating_sub(4);
                }
            }
        }
    }

    /// Puts the block of lines `from..from+4` into the path, next to the lines `edge..edge+2`.
    fn splice(
        &mut self,
        piece: &mut Piece,
        job: &mut Job<'_>,
        lines: Lines,
        from: u32,
        edge: u32,
    ) -> Built {
        let (w, _) = dims(job.board);
        let Ok(block) = Board::new(4, lines.k as u16) else {
            return Built::Failed;
        };
        loop {
            let Some((p, q, r, s)) = self.seek(job, lines, from, edge) else {
                return Built::Failed;
            };
            let (rl, sl) = (lines.local(r), lines.local(s));
            let aim = Aim::tour(End::At(sl.0 - from, sl.1), Order::ROTH);
            let shape = (block, square(rl.0 - from, rl.1), aim);
            let to_board = |x: u32, y: u32| lines.global(from.saturating_add(x), y);
            match piece.place(job, shape, to_board, Some((p, q))) {
                Some(Built::Done) => {}
                Some(other) => return other,
                None => {
                    piece.done();
                    if !self.at.skip(4, radix(lines)) {
                        return Built::Failed;
                    }
                    continue;
                }
            }
            relink(w, p, q, r, job.scratch);
            relink(w, q, p, s, job.scratch);
            return Built::Done;
        }
    }

    /// Returns the splice the odometer is on, moving it to the first one
    /// that can be tried: `p-q` an edge of the path (not at its ends) in the
    /// lines `edge..edge+2`, `r` and `s` distinct squares of the block.
    #[allow(clippy::type_complexity)]
    fn seek(
        &mut self,
        job: &Job<'_>,
        lines: Lines,
        from: u32,
        edge: u32,
    ) -> Option<((u32, u32), (u32, u32), (u32, u32), (u32, u32))> {
        let (w, h) = dims(job.board);
        let scratch = &*job.scratch;
        let radix = radix(lines);
        let inside = |v: (u32, u32)| (from..from.saturating_add(4)).contains(&lines.local(v).0);
        loop {
            let [pi, pj, qk, dr, ds] = self.at.0;
            let p = lines.global(edge + u32::from(pi), u32::from(pj));
            let [p0, p1] = neighbours(w, h, p.0, p.1, scratch);
            if p0 == p1 {
                // An end of the path: keep it an end.
                self.at.skip(1, radix).then_some(())?;
                continue;
            }
            let q = [p0, p1]
                .get(usize::from(qk))
                .copied()
                .flatten()
                .filter(|&q| {
                    let [q0, q1] = neighbours(w, h, q.0, q.1, scratch);
                    let ql = lines.local(q).0;
                    q0 != q1 && ql >= edge && ql < edge + 2
                });
            let Some(q) = q else {
                self.at.skip(2, radix).then_some(())?;
                continue;
            };
            let Some(r) = step(w, h, p.0, p.1, usize::from(dr)).filter(|&v| inside(v)) else {
                self.at.skip(3, radix).then_some(())?;
                continue;
            };
            let Some(s) = step(w, h, q.0, q.1, usize::from(ds)).filter(|&v| inside(v) && v != r)
            else {
                self.at.skip(4, radix).then_some(())?;
                continue;
            };
            return Some((p, q, r, s));
        }
    }
}

/// The candidates' digits: `p`'s line (of two) and its square across, `q`
/// (`p`'s first or second path neighbour), then the moves to `r` and `s`.
fn radix(lines: Lines) -> [u8; 5] {
    [2, lines.k as u8, 2, 8, 8]
}

/// Searches an open tour of the window of `b` lines from line `a` from the
/// start (at most 5 × 13 squares: the block scratch holds it), and writes it
/// as a path (a unit a square); `None` if the window has no tour from the start.
fn lay_base(
    piece: &mut Piece,
    job: &mut Job<'_>,
    lines: Lines,
    (b, a): (u32, u32),
) -> Option<Built> {
    let (w, _) = dims(job.board);
    let Ok(window) = Board::new(b as u16, lines.k as u16) else {
        return Some(Built::Failed);
    };
    let (si, sj) = lines.start;
    let aim = Aim::tour(End::Anywhere, Order::ROTH);
    match piece.search(job, window, square(si - a, sj), aim) {
        Searched::Spent => return Some(Built::Spent),
        Searched::Done { count: 1 } => {}
        Searched::Done { .. } | Searched::Cut => {
            piece.done();
            return None;
        }
    }
    let len = window.squares_usize();
    if !piece.toll.pay(job.meter, len as u64) {
        return Some(Built::Spent);
    }
    piece.done();
    let (out, scratch) = (&*job.out, &mut *job.scratch);
    let at = |t: usize| {
        out.get(t)
            .map(|v| lines.global(a.saturating_add(u32::from(v.x)), u32::from(v.y)))
    };
    Some(if write_path(w, len, at, None, None, scratch) {
        Built::Done
    } else {
        Built::Failed
    })
}
