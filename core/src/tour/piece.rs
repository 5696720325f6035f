//! A piece of a construction: a block or gadget searched and written into
//! the cycle ([`Piece`]), what a run of one came to ([`Built`]), and the
//! splices' walk over their candidates ([`Odometer`]). The construction
//! (`construct.rs`) and its special boards (`strip.rs`, `three.rs`) build on
//! these; none of them is needed here.

use super::backtrack::{Aim, Dfs, End, Order, Searched};
use super::cycle::{Rect, write_path};
use super::geometry::dims;
use super::job::{BLOCK_SQUARES, Job, Toll};
use super::{Board, Square};

/// The corner's two moves are both on any closed tour: a block's search ends on one of them.
const NEXT_TO_CORNER: Aim = Aim::tour(End::At(2, 1), Order::ROTH);

/// How a construction's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Built {
    /// The links in the scratch are the cycle (or path) through every square.
    Done,
    /// The slice ran out: the next run goes on.
    Spent,
    /// The construction cannot finish: two cycles would not join (never
    /// seen on any board tried), or no window around the start has a tour.
    Failed,
}

/// What every construction works with between runs: the block scratch, the
/// search of the piece in progress and what was paid toward writing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    /// One byte per square of the block or gadget searched.
    work: [u8; BLOCK_SQUARES],
    /// The piece's search, once started.
    dfs: Option<Dfs>,
    /// Paid toward the piece's linear work.
    pub(crate) toll: Toll,
}

impl Piece {
    /// Nothing started.
    pub(crate) const fn new() -> Piece {
        Piece {
            work: [0; BLOCK_SQUARES],
            dfs: None,
            toll: Toll::NONE,
        }
    }

    /// Searches a path of `board` from `start` for `aim` (Roth's order), in
    /// the front of `job.out` and the block scratch; goes on with the search
    /// already started, if any. A board larger than either is no path.
    pub(crate) fn search(
        &mut self,
        job: &mut Job<'_>,
        board: Board,
        start: Square,
        aim: Aim,
    ) -> Searched {
        let n = board.squares_usize();
        let Piece { work, dfs, .. } = self;
        let (Some(out), Some(scratch)) = (job.out.get_mut(..n), work.get_mut(..n)) else {
            return Searched::Done { count: 0 };
        };
        let mut piece = Job {
            board,
            start,
            out,
            scratch,
            meter: &mut *job.meter,
        };
        dfs.get_or_insert(Dfs::new(aim)).run(&mut piece)
    }

    /// Ends the piece: the next search starts afresh.
    pub(crate) fn done(&mut self) {
        self.dfs = None;
    }

    /// Searches a path of `block` from `start` for `aim` and, when there is
    /// exactly one, pays a unit a square for it and writes it into the cycle:
    /// each square `(x, y)` of the block at `to_board(x, y)`, linked at its
    /// ends to `ends`, or, without, to each other (a closed tour of the
    /// block). `None`: no single path (none, several, or cut by the aim);
    /// the piece is left as it is, for the caller to end or go on with.
    pub(crate) fn place(
        &mut self,
        job: &mut Job<'_>,
        (block, start, aim): (Board, Square, Aim),
        to_board: impl Fn(u32, u32) -> (u32, u32),
        ends: Option<((u32, u32), (u32, u32))>,
    ) -> Option<Built> {
        match self.search(job, block, start, aim) {
            Searched::Spent => return Some(Built::Spent),
            Searched::Done { count: 1 } => {}
            Searched::Done { .. } | Searched::Cut => return None,
        }
        let len = block.squares_usize();
        if !self.toll.pay(job.meter, len as u64) {
            return Some(Built::Spent);
        }
        self.done();
        let (w, _) = dims(job.board);
        let (out, scratch) = (&*job.out, &mut *job.scratch);
        let at = |k: usize| out.get(k).map(|s| to_board(u32::from(s.x), u32::from(s.y)));
        let (last, first) = match ends {
            Some((p, q)) => (Some(p), Some(q)),
            None => (len.checked_sub(1).and_then(at), at(0)),
        };
        Some(if write_path(w, len, at, last, first, scratch) {
            Built::Done
        } else {
            Built::Failed
        })
    }

    /// Searches a closed tour of one `bw × bh` block and writes it into the
    /// cycle at `(x0, y0)` (a unit a square).
    pub(crate) fn lay(&mut self, job: &mut Job<'_>, (x0, y0, bw, bh): Rect) -> Built {
        let Ok(block) = Board::new(bw as u16, bh as u16) else {
            return Built::Failed;
        };
        let to_board = |x: u32, y: u32| (x0.saturating_add(x), y0.saturating_add(y));
        let shape = (block, Square::default(), NEXT_TO_CORNER);
        self.place(job, shape, to_board, None)
            .unwrap_or(Built::Failed)
    }
}

/// Walks the candidates of a splice in the order of nested loops, one digit
/// per loop (outermost first); a digit that cannot lead anywhere is skipped
/// with every combination under it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Odometer(pub(crate) [u8; 5]);

impl Odometer {
    /// The first combination.
    pub(crate) const ZERO: Odometer = Odometer([0; 5]);

    /// Moves past every combination that shares the digits up to `level`
    /// (bumps that digit, carrying, and zeroes the later ones); `false` once
    /// past the last combination, with `radix` values for each digit.
    pub(crate) fn skip(&mut self, level: usize, radix: [u8; 5]) -> bool {
        for digit in self.0.iter_mut().skip(level.saturating_add(1)) {
            *digit = 0;
        }
        let mut level = level;
        loop {
            let (Some(digit), Some(&top)) = (self.0.get_mut(level), radix.get(level)) else {
                return false;
            };
            *digit = digit.saturating_add(1);
            if *digit < top {
                return true;
            }
            *digit = 0;
            match level.checked_sub(1) {
                Some(up) => level = up,
                None => return false,
            }
        }
    }
}
