//! Knight's tours: the board, the checks, and `Tour` over lent slices and
//! owned arrays (0, 16 and 64 squares), with both searches it starts.

use core::fmt;

use plateau::Budget;
use plateau::search::{Outcome, Search};
use plateau::tour::{
    self, Board, NoTour, Square, Tour, TourError, TourKind, check_tour, check_tour_with,
    scratch_len,
};

use crate::{debug, hash, keep, lend, lend_mut, opaque, settle, show};

pub fn probe() {
    keep((tour::MAX_SIDE, tour::MAX_CHECKED_SQUARES));
    show(opaque(TourError::EmptyBoard {
        width: opaque(0),
        height: opaque(0),
    }));
    hash(opaque(NoTour::NoOpenTour));
    let Some(board) = settle(Board::new(opaque(5), opaque(6))) else {
        return;
    };
    let board = opaque(board);
    let start = opaque(Square::new(opaque(0), opaque(1)));
    keep((
        board.width(),
        board.height(),
        board.squares(),
        board.contains(opaque(start)),
    ));
    keep((
        board.has_open_tour(),
        board.has_closed_tour(),
        scratch_len(opaque(board)),
    ));
    debug(board);
    hash(board);
    if let Some(why) = board.no_tour_by_theory(opaque(start), opaque(TourKind::Open)) {
        let why = opaque(why);
        keep(why.reason());
        show(why);
        hash(why);
    }
    debug(start);
    hash(start);
    hash(opaque(TourKind::Closed));
    // Lent memory, cut at lengths the optimizer cannot see.
    let mut out = [Square::new(0, 0); 400];
    let mut scratch = [0u8; 400];
    probe_tour_in(board, lend_mut(&mut out), lend_mut(&mut scratch));
    let other = opaque([Square::new(0, 0); 400]);
    keep(check_tour(
        opaque(board),
        lend(&other),
        opaque(TourKind::Open),
    ));
    keep(check_tour_with(
        opaque(board),
        lend(&other),
        opaque(TourKind::Closed),
        lend_mut(&mut scratch),
    ));
    // Owned memory from 0 to 3 squares, odd sizes and larger, through the
    // `const` constructor.
    probe_owned::<0>(board);
    probe_owned::<1>(board);
    probe_owned::<2>(board);
    probe_owned::<3>(board);
    probe_owned::<5>(board);
    probe_owned::<16>(board);
    probe_owned::<25>(board);
    probe_owned::<64>(board);
}

/// `Tour::new` of `N` squares, and its instance.
fn probe_owned<const N: usize>(board: Board) {
    if let Some(owned) = settle(Tour::<[Square; N], [u8; N]>::new(opaque(board))) {
        probe_tour(board, opaque(owned));
    }
}

/// One instance of `Tour<T, S>` over the memory given.
fn probe_tour_in<T, S>(board: Board, squares: T, scratch: S)
where
    T: AsRef<[Square]> + AsMut<[Square]> + fmt::Debug,
    S: AsMut<[u8]> + fmt::Debug,
{
    if let Some(tour) = settle(Tour::new_in(opaque(board), squares, scratch)) {
        probe_tour(board, opaque(tour));
    }
}

/// Every method of a tour, and both searches it starts, run in opaque slices.
fn probe_tour<T, S>(board: Board, mut tour: Tour<T, S>)
where
    T: AsRef<[Square]> + AsMut<[Square]> + fmt::Debug,
    S: AsMut<[u8]> + fmt::Debug,
{
    let start = || opaque(Square::new(opaque(0), opaque(1)));
    if let Some(search) = settle(tour.find(start(), opaque(TourKind::Open))) {
        let mut search = opaque(search);
        loop {
            let Ok(o) = search.run(opaque(Budget::new(300)));
            debug(o);
            hash(o);
            keep(search.spent());
            if !matches!(o, Outcome::Exhausted { .. }) {
                break;
            }
        }
        let search = opaque(search);
        keep(check_tour(
            opaque(board),
            search.squares(),
            opaque(TourKind::Open),
        ));
        debug(&search);
    }
    let mut tour = opaque(tour);
    keep(tour.squares().len());
    if let Some(count) = settle(tour.count(start(), opaque(TourKind::Closed))) {
        let mut count = opaque(count);
        loop {
            let Ok(c) = count.run(opaque(Budget::new(1000)));
            debug(c);
            hash(c);
            keep((count.spent(), c.so_far().at_least));
            if !matches!(c, Outcome::Exhausted { .. }) {
                break;
            }
        }
        debug(opaque(count));
    }
    let mut tour = opaque(tour);
    keep(settle(tour.set_board(opaque(board))));
    let tour = opaque(tour);
    keep((tour.board(), tour.squares().len()));
    debug(&tour);
}
