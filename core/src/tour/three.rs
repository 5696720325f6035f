//! Closed tours of 3 × n boards (n even, at least 10), grown, resumable.
//!
//! Two cycles on 3-high strips can never be joined by swapping two edges (no
//! pair of 3 × 10 tours allows it), so the strip grows instead: a 3 × 10 or
//! 3 × 12 tour, then 3 × 4 blocks one by one. Each block is an open path `r..s`
//! of its 12 squares (a gadget, searched) put in place of an edge `p-q` of the
//! last two lines, with `p-r` and `q-s` knight moves.

use super::Board;
use super::backtrack::{Aim, End, Order};
use super::cycle::{neighbours, relink};
use super::geometry::{dims, square, step};
use super::job::Job;
use super::piece::{Built, Odometer, Piece};

/// The candidates' digits: `p`'s line (of the last two) and its square
/// across, `q` (`p`'s first or second cycle neighbour), then the moves to
/// `r` from `p` and to `s` from `q`.
const RADIX: [u8; 5] = [2, 3, 2, 8, 8];

/// The gadget: a 4 × 3 block, in the strip's own coordinates.
const GADGET: (u16, u16) = (4, 3);

/// Where the growth of a 3 × n strip stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Three {
    /// The base block is laid.
    based: bool,
    /// Lines of the strip the cycle covers.
    n: u32,
    /// The splice being tried for the next block.
    at: Odometer,
}

/// One way to splice a block in: the edge `p-q` it replaces and its path's ends `r..s`.
struct Splice {
    p: (u32, u32),
    q: (u32, u32),
    r: (u32, u32),
    s: (u32, u32),
}

impl Three {
    /// Nothing built yet.
    pub(crate) const fn new() -> Three {
        Three {
            based: false,
            n: 0,
            at: Odometer::ZERO,
        }
    }

    /// Goes on laying the base, then splicing blocks until the strip is covered.
    pub(crate) fn run(&mut self, piece: &mut Piece, job: &mut Job<'_>) -> Built {
        let (w, h) = dims(job.board);
        let long = w.max(h);
        // Local coordinates: `i` along the strip, `j` across it.
        let global = |i: u32, j: u32| if h == 3 { (i, j) } else { (j, i) };
        let local = |(x, y): (u32, u32)| if h == 3 { (x, y) } else { (y, x) };
        if !self.based {
            let base = if long % 4 == 2 { 10 } else { 12 };
            let (bw, bh) = global(base, 3);
            match piece.lay(job, (0, 0, bw, bh)) {
                Built::Done => (self.based, self.n) = (true, base),
                other => return other,
            }
        }
        let Ok(gadget) = Board::new(GADGET.0, GADGET.1) else {
            return Built::Failed;
        };
        while self.n < long {
            let n = self.n;
            let Some(Splice { p, q, r, s }) = self.seek(job, global, local) else {
                return Built::Failed;
            };
            let (rl, sl) = (local(r), local(s));
            let aim = Aim::tour(End::At(sl.0 - n, sl.1), Order::ROTH);
            let shape = (gadget, square(rl.0 - n, rl.1), aim);
            let to_board = |x: u32, y: u32| global(n.saturating_add(x), y);
            match piece.place(job, shape, to_board, Some((p, q))) {
                Some(Built::Done) => {}
                Some(other) => return other,
                None => {
                    piece.done();
                    if !self.at.skip(RADIX.len() - 1, RADIX) {
                        return Built::Failed;
                    }
                    continue;
                }
            }
            relink(w, p, q, r, job.scratch);
            relink(w, q, p, s, job.scratch);
            self.n = self.n.saturating_add(4);
            self.at = Odometer::ZERO;
        }
        Built::Done
    }

    /// Returns the splice the odometer is on, moving it to the first one
    /// that can be tried: `q` a cycle neighbour of `p` in the last two lines
    /// (`p` in them), `r` and `s` distinct squares past the cycle.
    fn seek(
        &mut self,
        job: &Job<'_>,
        global: impl Fn(u32, u32) -> (u32, u32),
        local: impl Fn((u32, u32)) -> (u32, u32),
    ) -> Option<Splice> {
        let (w, h) = dims(job.board);
        let n = self.n;
        loop {
            let [pi, pj, qk, dr, ds] = self.at.0;
            let p = global(n - 2 + u32::from(pi), u32::from(pj));
            let q = neighbours(w, h, p.0, p.1, job.scratch)
                .get(usize::from(qk))
                .copied()
                .flatten()
                .filter(|&q| local(q).0 + 2 >= n);
            let Some(q) = q else {
                self.at.skip(2, RADIX).then_some(())?;
                continue;
            };
            let Some(r) = step(w, h, p.0, p.1, usize::from(dr)).filter(|&r| local(r).0 >= n) else {
                self.at.skip(3, RADIX).then_some(())?;
                continue;
            };
            let s = step(w, h, q.0, q.1, usize::from(ds))
                .filter(|&s| local(s).0 >= n && local(s) != local(r));
            let Some(s) = s else {
                self.at.skip(4, RADIX).then_some(())?;
                continue;
            };
            return Some(Splice { p, q, r, s });
        }
    }
}
