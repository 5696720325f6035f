//! Finding and counting tours: theory first, then the fast path, then the fallbacks.

use super::check::check_tour_with;
use super::search::{Aim, End, Order, Searched};
use super::{
    Board, NoTour, Square, TourCount, TourKind, TourOutcome, construct, geometry, search, strip,
    warnsdorff,
};
use crate::Budget;

/// The knight moves a request may try, and those it has tried.
pub(crate) struct Meter {
    /// Moves tried so far; never above `budget`.
    pub spent: u64,
    /// Moves the running search may try in all (a restart may lower it for a while).
    pub budget: u64,
}

impl Meter {
    /// Starts a request with nothing spent.
    pub(crate) fn new(budget: Budget) -> Meter {
        Meter {
            spent: 0,
            budget: budget.get(),
        }
    }

    /// Returns the moves left.
    pub(crate) fn room(&self) -> u64 {
        self.budget.saturating_sub(self.spent)
    }
}

/// One search's context: the board, where the path starts, its memory and the budget.
///
/// The blocks and windows of the constructions are searched as jobs of their own
/// (a small board, a local buffer) that spend from the request's meter.
pub(crate) struct Job<'a> {
    /// The board searched.
    pub board: Board,
    /// The first square of the path.
    pub start: Square,
    /// The path: one square per square of `board`.
    pub out: &'a mut [Square],
    /// One byte per square of `board` (degrees, marks or cycle links).
    pub scratch: &'a mut [u8],
    /// The request's budget and what it spent.
    pub meter: &'a mut Meter,
}

impl Job<'_> {
    /// Returns what an exhausted request answers after reaching `visited` squares.
    fn exhausted(&self, visited: u64) -> TourOutcome {
        TourOutcome::Exhausted {
            visited,
            spent: self.meter.spent,
        }
    }
}

/// Finds a knight's tour of `job.board` from `job.start` into `job.out`.
///
/// `job.out` and `job.scratch` hold exactly one square and one byte per square.
pub(crate) fn find(job: &mut Job<'_>, kind: TourKind) -> TourOutcome {
    let (board, start) = (job.board, job.start);
    if let Some(why) = board.no_tour_by_theory(start, kind) {
        return TourOutcome::NoSolution(why);
    }
    let n = board.squares_usize();
    let mut deepest = 0u64;
    if kind == TourKind::Open {
        // The fast path, then other tie orders: each costs at most one move per square.
        let orders = (0..8).map(|r| (r, true)).chain((0..8).map(|r| (r, false)));
        for (rotation, roth) in orders {
            if job.meter.room() < n as u64 {
                return job.exhausted(deepest);
            }
            let visited = warnsdorff::run(job, rotation, roth);
            job.meter.spent += visited as u64;
            deepest = deepest.max(visited as u64);
            if visited == n {
                return TourOutcome::Found;
            }
            if board.has_closed_tour() {
                break;
            }
        }
    }
    if board.has_closed_tour() {
        if job.meter.room() < n as u64 {
            return job.exhausted(deepest);
        }
        match construct::closed_cycle(job) {
            Ok(()) => {
                if construct::walk(job) && check_tour_with(board, job.out, kind, job.scratch) {
                    return TourOutcome::Found;
                }
            }
            Err(construct::Stop::OutOfSteps) => return job.exhausted(deepest),
            Err(construct::Stop::NoJoin) => {}
        }
        if kind == TourKind::Closed {
            return closed_by_search(job);
        }
    }
    // Thin odd strips: grow the tour from a small window around the start.
    if kind == TourKind::Open && strip::applies(board) {
        match strip::open_strip(job) {
            // The grown path is checked (the scratch is free again) before it is trusted.
            Ok(true) if check_tour_with(board, job.out, kind, job.scratch) => {
                return TourOutcome::Found;
            }
            Err(construct::Stop::OutOfSteps) => return job.exhausted(deepest),
            Ok(_) | Err(construct::Stop::NoJoin) => {}
        }
    }
    // Short searches in other tie orders first: a depth-first search that went
    // wrong early can spend ages in one subtree that a restart skips.
    let slice = 2_000u64.saturating_add(200u64.saturating_mul(n as u64));
    let budget = job.meter.budget;
    for k in 1..16u8 {
        let order = Order {
            nearest: k % 2 == 1,
            rotation: k / 2,
        };
        job.meter.budget = budget.min(job.meter.spent.saturating_add(slice));
        let searched = search::search(job, &Aim::tour(End::Anywhere, order));
        job.meter.budget = budget;
        match searched {
            Searched::Done { count: 0 } => return TourOutcome::NoSolution(NoTour::NoneFromSquare),
            Searched::Done { .. } => return TourOutcome::Found,
            Searched::OutOfSteps { deepest: d } => deepest = deepest.max(d as u64),
        }
        if job.meter.spent >= budget {
            return job.exhausted(deepest);
        }
    }
    // Then one search to the end: it finds a tour or proves there is none.
    match search::search(job, &Aim::tour(End::Anywhere, Order::ROTH)) {
        Searched::Done { count: 0 } => TourOutcome::NoSolution(NoTour::NoneFromSquare),
        Searched::Done { .. } => TourOutcome::Found,
        Searched::OutOfSteps { deepest: d } => job.exhausted(deepest.max(d as u64)),
    }
}

/// Searches a closed tour directly: a path from the start ending a move from it.
fn closed_by_search(job: &mut Job<'_>) -> TourOutcome {
    let (w, h) = geometry::dims(job.board);
    let (sx, sy) = (u32::from(job.start.x), u32::from(job.start.y));
    let mut deepest = 0u64;
    for d in 0..8 {
        let Some((ex, ey)) = geometry::step(w, h, sx, sy, d) else {
            continue;
        };
        match search::search(job, &Aim::tour(End::At(ex, ey), Order::ROTH)) {
            Searched::Done { count: 0 } => {}
            Searched::Done { .. } => return TourOutcome::Found,
            Searched::OutOfSteps { deepest: d } => return job.exhausted(deepest.max(d as u64)),
        }
        deepest = deepest.max(1);
    }
    // Schwenk promises a tour, so an exhausted search means a bug; say "exhausted", never "none".
    job.exhausted(deepest)
}

/// Counts the directed tours of `kind` from `job.start`, exhaustively.
pub(crate) fn count(job: &mut Job<'_>, kind: TourKind) -> TourCount {
    if job.board.no_tour_by_theory(job.start, kind).is_some() {
        return TourCount::Exactly(0);
    }
    let mut total = 0u64;
    let (w, h) = geometry::dims(job.board);
    let (sx, sy) = (u32::from(job.start.x), u32::from(job.start.y));
    // An open tour ends anywhere; a directed closed tour from the start is a
    // path ending on one of its moves (each end made when its search starts).
    let ends = match kind {
        TourKind::Open => 1,
        TourKind::Closed => geometry::MOVES.len(),
    };
    for d in 0..ends {
        let end = match kind {
            TourKind::Open => End::Anywhere,
            TourKind::Closed => match geometry::step(w, h, sx, sy, d) {
                Some((x, y)) => End::At(x, y),
                None => continue,
            },
        };
        match search::search(job, &Aim::count(end)) {
            Searched::Done { count } => total = total.saturating_add(count),
            Searched::OutOfSteps { .. } => {
                return TourCount::Exhausted {
                    at_least: total,
                    spent: job.meter.spent,
                };
            }
        }
    }
    TourCount::Exactly(total)
}
