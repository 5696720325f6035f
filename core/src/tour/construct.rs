//! Closed tours on any board that has one, in linear time: divide and conquer,
//! resumable between any two units of work.
//!
//! The board is cut into blocks small enough to search (6, 8 or 10 squares along
//! an even side and 5 to 11 along the other; 3 × 10..18 on boards 3 high). Each
//! block gets a closed tour by [`Dfs`](super::backtrack::Dfs) (in a [`Piece`]); blocks of the same size share it
//! (copied, not searched again). Neighbouring cycles are then joined (see
//! [`join`]); joining each block to the one on its left (the first block of a
//! band to the one above) leaves a single cycle through every square, in the
//! scratch (see [`cycle`](super::cycle)).
//!
//! A block's search runs in the front of the tour's memory (free until the
//! cycle is walked into it) and in the construction's own block scratch of
//! [`BLOCK_SQUARES`](super::job::BLOCK_SQUARES) bytes, so that a search the budget cuts goes on in the
//! next run. Copying, mirroring, joining and writing a block are paid for a
//! unit a square before they are done ([`Toll`](super::job::Toll)).

use super::cycle::{Rect, copy_block, join, mirror, seam};
use super::geometry::dims;
use super::job::Job;
use super::piece::{Built, Piece};
use super::strip::Strip;
use super::three::Three;
use super::{Board, Square};

/// How one side of the board is cut: equal pieces, the last one longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        let from = i.saturating_mul(self.piece);
        let len = if i.saturating_add(1) >= self.count {
            self.total.saturating_sub(from)
        } else {
            self.piece
        };
        (from, len)
    }
}

/// Joins mirror images of a block's tour in this order when its own does not
/// join: left-right, top-bottom, then left-right again (both flipped).
const FLIPS: [u8; 4] = [0, 1, 2, 1];

/// Where the cut into blocks stands: laying block `(r, c)`, or joining it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Blocks {
    r: u32,
    c: u32,
    joining: bool,
    /// The mirror image being tried (an index of [`FLIPS`]).
    flip: u8,
    /// The blocks searched so far, one per size: `(bw, bh, x0, y0)`; at most
    /// four sizes (two heights of bands, two widths of blocks).
    laid: [(u32, u32, u32, u32); 4],
    laid_len: usize,
}

impl Blocks {
    const fn new() -> Blocks {
        Blocks {
            r: 0,
            c: 0,
            joining: false,
            flip: 0,
            laid: [(0, 0, 0, 0); 4],
            laid_len: 0,
        }
    }

    /// Goes on laying the blocks, then joining them.
    ///
    /// With an even height, bands are even (6, 8, 10) and blocks 5..11 wide;
    /// with an odd height the width is even and the roles swap. Either way
    /// every block has an even side of at least 6 and the other at least 5:
    /// it has a closed tour.
    fn run(&mut self, piece: &mut Piece, job: &mut Job<'_>) -> Built {
        let (w, h) = dims(job.board);
        let (rows, cols) = (Cut::new(h, 6), Cut::new(w, 6));
        loop {
            if self.r >= rows.count {
                if self.joining {
                    return Built::Done;
                }
                (self.r, self.c, self.joining) = (0, 0, true);
            }
            let (y0, bh) = rows.span(self.r);
            let (x0, bw) = cols.span(self.c);
            let block = (x0, y0, bw, bh);
            let built = if self.joining {
                self.join(piece, job, block, rows, cols)
            } else {
                self.lay(piece, job, block)
            };
            match built {
                Built::Done => {}
                other => return other,
            }
            self.c += 1;
            if self.c >= cols.count {
                (self.r, self.c) = (self.r + 1, 0);
            }
        }
    }

    /// Lays one block: a copy of a block of its size, or its own search.
    fn lay(&mut self, piece: &mut Piece, job: &mut Job<'_>, block: Rect) -> Built {
        let (x0, y0, bw, bh) = block;
        let laid = self.laid.get(..self.laid_len).unwrap_or_default();
        if let Some(&(_, _, fx, fy)) = laid.iter().find(|l| l.0 == bw && l.1 == bh) {
            if !piece.toll.pay(job.meter, u64::from(bw * bh)) {
                return Built::Spent;
            }
            let (w, _) = dims(job.board);
            copy_block(w, (fx, fy), (x0, y0), bw, bh, job.scratch);
            return Built::Done;
        }
        let built = piece.lay(job, block);
        if built == Built::Done
            && let Some(slot) = self.laid.get_mut(self.laid_len)
        {
            *slot = (bw, bh, x0, y0);
            self.laid_len += 1;
        }
        built
    }

    /// Joins one block to the one on its left (the first of a band to the
    /// one above); each try costs a unit per square of the block's seam, and
    /// each mirror a unit per square of the block.
    fn join(
        &mut self,
        piece: &mut Piece,
        job: &mut Job<'_>,
        block: Rect,
        rows: Cut,
        cols: Cut,
    ) -> Built {
        let (x0, y0, bw, bh) = block;
        let other = if self.c > 0 {
            let (px, pw) = cols.span(self.c - 1);
            (px, y0, pw, bh)
        } else if self.r > 0 {
            let (py, ph) = rows.span(self.r - 1);
            (x0, py, bw, ph)
        } else {
            return Built::Done;
        };
        let (w, h) = dims(job.board);
        let ((xa, xb), (ya, yb)) = seam(block, other);
        let seam_squares = u64::from((xb - xa) * (yb - ya));
        while let Some(&flip) = FLIPS.get(usize::from(self.flip)) {
            let cost = seam_squares + if flip > 0 { u64::from(bw * bh) } else { 0 };
            if !piece.toll.pay(job.meter, cost) {
                return Built::Spent;
            }
            if flip > 0 {
                mirror(w, block, flip == 2, job.scratch);
            }
            if join(w, h, block, other, job.scratch) {
                self.flip = 0;
                return Built::Done;
            }
            self.flip += 1;
        }
        Built::Failed
    }
}

/// What is being built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// A closed tour cut into blocks.
    Blocks(Blocks),
    /// A closed tour of a 3 × n board, grown.
    Three(Three),
    /// An open tour of a thin odd strip, grown from a window around the start.
    Strip(Strip),
}

/// A construction in progress: the plan and the piece it works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Construction {
    plan: Plan,
    piece: Piece,
}

impl Construction {
    /// Builds a closed tour of `board`, which must have one (Schwenk).
    pub(crate) fn cycle(board: Board) -> Construction {
        let (w, h) = dims(board);
        let plan = if w.min(h) == 3 {
            Plan::Three(Three::new())
        } else {
            Plan::Blocks(Blocks::new())
        };
        Construction {
            plan,
            piece: Piece::new(),
        }
    }

    /// Builds an open tour of a thin odd strip from `start` (see [`Strip`]).
    pub(crate) fn strip(board: Board, start: Square) -> Construction {
        Construction {
            plan: Plan::Strip(Strip::new(board, start)),
            piece: Piece::new(),
        }
    }

    /// Returns whether the links built are a cycle (else an open path from the start).
    pub(crate) fn is_cycle(&self) -> bool {
        !matches!(self.plan, Plan::Strip(_))
    }

    /// Goes on for at most what is left of `job.meter`'s slice; the links
    /// go into `job.scratch`, and `job.out` is work space.
    pub(crate) fn run(&mut self, job: &mut Job<'_>) -> Built {
        let piece = &mut self.piece;
        match &mut self.plan {
            Plan::Blocks(blocks) => blocks.run(piece, job),
            Plan::Three(three) => three.run(piece, job),
            Plan::Strip(strip) => strip.run(piece, job),
        }
    }
}
