//! Finding and counting tours: theory first, then the fast path, then the fallbacks.

use super::check::check_tour_with;
use super::search::{End, Order, Searched};
use super::{
    Board, NoTour, Square, TourCount, TourError, TourKind, TourOutcome, construct, geometry,
    search, strip, warnsdorff,
};

/// Checks the request and returns the number of squares as a `usize`.
fn validate(
    board: Board,
    start: Square,
    out: &[Square],
    scratch: &[u8],
) -> Result<usize, TourError> {
    if !board.contains(start) {
        return Err(TourError::StartOffBoard);
    }
    let n = usize::try_from(board.squares()).map_err(|_| TourError::TooManySquares)?;
    if out.len() < n {
        return Err(TourError::OutTooSmall);
    }
    if scratch.len() < n {
        return Err(TourError::ScratchTooSmall);
    }
    Ok(n)
}

/// Finds a knight's tour of `board` from `start` into `out[..width * height]`.
///
/// `scratch` needs [`scratch_len`](super::scratch_len) bytes (one per square). `budget` bounds the
/// moves tried in all; a tour of n squares needs at least n. Errors say what was
/// wrong with the request; "no tour" and "out of budget" are outcomes.
///
/// ```
/// use plateau::tour::{Board, Square, TourKind, TourOutcome, find_tour, scratch_len};
/// let board = Board::new(10, 3)?;
/// let mut out = vec![Square::new(0, 0); 30]; // a `static` array on a chip
/// let mut scratch = vec![0; scratch_len(board) as usize];
/// let outcome = find_tour(board, Square::new(0, 0), TourKind::Closed, &mut out, &mut scratch, 1 << 20)?;
/// assert_eq!(outcome, TourOutcome::Found);
/// let spent = find_tour(board, Square::new(0, 0), TourKind::Open, &mut out, &mut scratch, 0)?;
/// assert!(matches!(spent, TourOutcome::Exhausted { .. })); // a budget of 0 moves
/// # Ok::<(), plateau::tour::TourError>(())
/// ```
pub fn find_tour(
    board: Board,
    start: Square,
    kind: TourKind,
    out: &mut [Square],
    scratch: &mut [u8],
    budget: u64,
) -> Result<TourOutcome, TourError> {
    let n = validate(board, start, out, scratch)?;
    if let Some(why) = board.no_tour_by_theory(start, kind) {
        return Ok(TourOutcome::None(why));
    }
    let (out, scratch) = (
        out.get_mut(..n).ok_or(TourError::OutTooSmall)?,
        scratch.get_mut(..n).ok_or(TourError::ScratchTooSmall)?,
    );
    let mut steps = 0u64;
    let mut deepest = 0u64;
    if kind == TourKind::Open {
        // The fast path, then other tie orders: each costs at most one move per square.
        let orders = (0..8).map(|r| (r, true)).chain((0..8).map(|r| (r, false)));
        for (rotation, roth) in orders {
            let room = budget.saturating_sub(steps);
            if room < n as u64 {
                return Ok(TourOutcome::Exhausted { visited: deepest });
            }
            let visited = warnsdorff::run(board, start, rotation, roth, out, scratch);
            steps += visited as u64;
            deepest = deepest.max(visited as u64);
            if visited == n {
                return Ok(TourOutcome::Found);
            }
            if board.has_closed_tour() {
                break;
            }
        }
    }
    if board.has_closed_tour() {
        if budget.saturating_sub(steps) < n as u64 {
            return Ok(TourOutcome::Exhausted { visited: deepest });
        }
        match construct::closed_cycle(board, out, scratch, &mut steps, budget) {
            Ok(()) => {
                if construct::walk(board, start, out, scratch)
                    && check_tour_with(board, out, kind, scratch)
                {
                    return Ok(TourOutcome::Found);
                }
            }
            Err(construct::Stop::OutOfSteps) => {
                return Ok(TourOutcome::Exhausted { visited: deepest });
            }
            Err(construct::Stop::NoJoin) => {}
        }
        if kind == TourKind::Closed {
            return closed_by_search(board, start, out, scratch, &mut steps, budget);
        }
    }
    // Thin odd strips: grow the tour from a small window around the start.
    if kind == TourKind::Open && strip::applies(board) {
        match strip::open_strip(board, start, out, scratch, &mut steps, budget) {
            // The grown path is checked (the scratch is free again) before it is trusted.
            Ok(true) if check_tour_with(board, out, kind, scratch) => {
                return Ok(TourOutcome::Found);
            }
            Err(construct::Stop::OutOfSteps) => {
                return Ok(TourOutcome::Exhausted { visited: deepest });
            }
            Ok(_) | Err(construct::Stop::NoJoin) => {}
        }
    }
    // Short searches in other tie orders first: a depth-first search that went
    // wrong early can spend ages in one subtree that a restart skips.
    let slice = 2_000u64.saturating_add(200u64.saturating_mul(n as u64));
    for k in 1..16u8 {
        let order = Order {
            nearest: k % 2 == 1,
            rotation: k / 2,
        };
        let cap = budget.min(steps.saturating_add(slice));
        match search::search(
            board,
            start,
            End::Anywhere,
            order,
            false,
            out,
            scratch,
            &mut steps,
            cap,
        ) {
            Searched::Done { count: 0 } => return Ok(TourOutcome::None(NoTour::NoneFromSquare)),
            Searched::Done { .. } => return Ok(TourOutcome::Found),
            Searched::OutOfSteps { deepest: d } => deepest = deepest.max(d as u64),
        }
        if steps >= budget {
            return Ok(TourOutcome::Exhausted { visited: deepest });
        }
    }
    // Then one search to the end: it finds a tour or proves there is none.
    match search::search(
        board,
        start,
        End::Anywhere,
        Order::ROTH,
        false,
        out,
        scratch,
        &mut steps,
        budget,
    ) {
        Searched::Done { count: 0 } => Ok(TourOutcome::None(NoTour::NoneFromSquare)),
        Searched::Done { .. } => Ok(TourOutcome::Found),
        Searched::OutOfSteps { deepest: d } => Ok(TourOutcome::Exhausted {
            visited: deepest.max(d as u64),
        }),
    }
}

/// Searches a closed tour directly: a path from `start` ending a move from it.
fn closed_by_search(
    board: Board,
    start: Square,
    out: &mut [Square],
    scratch: &mut [u8],
    steps: &mut u64,
    budget: u64,
) -> Result<TourOutcome, TourError> {
    let (w, h) = geometry::dims(board);
    let (sx, sy) = (u32::from(start.x), u32::from(start.y));
    let mut deepest = 0u64;
    for d in 0..8 {
        let Some((ex, ey)) = geometry::step(w, h, sx, sy, d) else {
            continue;
        };
        match search::search(
            board,
            start,
            End::At(ex, ey),
            Order::ROTH,
            false,
            out,
            scratch,
            steps,
            budget,
        ) {
            Searched::Done { count: 0 } => {}
            Searched::Done { .. } => return Ok(TourOutcome::Found),
            Searched::OutOfSteps { deepest: d } => {
                return Ok(TourOutcome::Exhausted {
                    visited: deepest.max(d as u64),
                });
            }
        }
        deepest = deepest.max(1);
    }
    // Schwenk promises a tour, so an exhausted search means a bug; say "exhausted", never "none".
    Ok(TourOutcome::Exhausted { visited: deepest })
}

/// Counts the directed tours of `kind` that start on `start`, exhaustively.
///
/// A closed tour counts once per direction. `out` (the path) and `scratch` are
/// as for [`find_tour`]; `budget` bounds the moves tried.
pub fn count_tours(
    board: Board,
    start: Square,
    kind: TourKind,
    out: &mut [Square],
    scratch: &mut [u8],
    budget: u64,
) -> Result<TourCount, TourError> {
    validate(board, start, out, scratch)?;
    if board.no_tour_by_theory(start, kind).is_some() {
        return Ok(TourCount::Exactly(0));
    }
    let mut steps = 0u64;
    let mut total = 0u64;
    let (w, h) = geometry::dims(board);
    let (sx, sy) = (u32::from(start.x), u32::from(start.y));
    let ends: [Option<End>; 8] = match kind {
        TourKind::Open => [
            Some(End::Anywhere),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
        ],
        // A directed closed tour from `start` is a path ending on one of its moves.
        TourKind::Closed => {
            core::array::from_fn(|d| geometry::step(w, h, sx, sy, d).map(|(x, y)| End::At(x, y)))
        }
    };
    for end in ends.into_iter().flatten() {
        match search::search(
            board,
            start,
            end,
            Order::ROTH,
            true,
            out,
            scratch,
            &mut steps,
            budget,
        ) {
            Searched::Done { count } => total = total.saturating_add(count),
            Searched::OutOfSteps { .. } => return Ok(TourCount::Exhausted { at_least: total }),
        }
    }
    Ok(TourCount::Exactly(total))
}
