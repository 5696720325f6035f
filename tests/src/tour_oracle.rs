//! Checks of the core's "no tour" answers, shared by the tour tests and the
//! tour fuzz target: each reason is recomputed here from what it says about
//! the board and the square (SPEC §3 written out, not the core's theory), and
//! "none from this square" is accepted only where the exhaustive search of
//! [`tour_reference`](crate::tour_reference) confirms it.

use plateau::tour::{NoTour, Square, TourKind};

use crate::tour_reference;

/// The most squares of a board on which a "none from this square" is
/// accepted: the reference search settles such boards from any square (the
/// core gives that answer only on 3×4, 3×7 and 3×8 and their turns).
pub const REFERENCE_SQUARES: u32 = 30;

/// Whether a `w`×`h` board has an open tour (SPEC §3).
pub fn open_exists(w: u16, h: u16) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5
}

/// Whether a `w`×`h` board has a closed tour (Schwenk).
#[allow(clippy::nonminimal_bool)] // written as Schwenk states it
pub fn closed_exists(w: u16, h: u16) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    !(m % 2 == 1 && n % 2 == 1) && ![1, 2, 4].contains(&m) && !(m == 3 && [4, 6, 8].contains(&n))
}

/// Whether `s` is on one of the two inner lines along the long side of a
/// 4×n board (rows 1 and 2 of a board 4 high, columns 1 and 2 of a board 4 wide).
pub fn on_inner_line_of_4xn(w: u16, h: u16, s: Square) -> bool {
    (h == 4 && w != 4 && (s.y == 1 || s.y == 2)) || (w == 4 && h != 4 && (s.x == 1 || s.x == 2))
}

/// Whether the reason of a "none" holds for this board, square and kind.
pub fn reason_holds(w: u16, h: u16, s: Square, kind: TourKind, why: NoTour) -> bool {
    let odd = (u32::from(w) * u32::from(h)) % 2 == 1;
    match why {
        NoTour::NoOpenTour => kind == TourKind::Open && !open_exists(w, h),
        NoTour::NoClosedTour => kind == TourKind::Closed && !closed_exists(w, h) && !odd,
        NoTour::OddClosed => kind == TourKind::Closed && odd,
        // (0, 0) is on the majority colour of an odd board.
        NoTour::MinorityColour => kind == TourKind::Open && odd && (s.x + s.y) % 2 == 1,
        NoTour::InnerLineOf4xN => kind == TourKind::Open && on_inner_line_of_4xn(w, h, s),
        NoTour::NoneFromSquare => kind == TourKind::Open && open_exists(w, h),
    }
}

/// Checks any "none": its reason holds, and "none from this square" only where
/// the reference's exhaustive search confirms that no tour starts there.
pub fn none_holds(w: u16, h: u16, s: Square, kind: TourKind, why: NoTour) -> bool {
    reason_holds(w, h, s, kind, why)
        && (why != NoTour::NoneFromSquare
            || (u32::from(w) * u32::from(h) <= REFERENCE_SQUARES
                && tour_reference::find_tour(w, h, (s.x, s.y), kind == TourKind::Closed).is_none()))
}
