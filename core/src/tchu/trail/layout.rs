//! What a [`TrailWorkspace`](super::TrailWorkspace) holds at each capacity: the
//! word of a route set, the stack of search frames and the matching.
//!
//! Stable Rust cannot compute an array length from a const parameter (no
//! `ROUTES + 4`, no "the word for `ROUTES` bits"), so every capacity the trail
//! supports has its own small impl, written out by the macros below: every
//! capacity up to 128 routes, 64 stations and 64 matched stations, and the
//! host's larger ones, 256 and 512 routes, 128 and 255 stations, 128 matched
//! stations. A route set (and a station set) is a `u64` up to 64 members, a
//! `u128` up to 128, and a [`Wide`] of 4 or 8 words above; the stack holds
//! `ROUTES + 4` frames, and the matching pairs up to `MATCHED` stations to
//! mend (`MATCHED + 2` vertices with the two free ends; none at 0).
//! [`Capacity`] joins the three into one [`Layout`], which the workspace names
//! in its bound.
//!
//! The module is private: the traits and markers are `pub` only so that the
//! public workspace can name them in its bound (a sealed layout; hidden from
//! the docs, which name the capacities), and a capacity past the limits is a
//! compile-time error, "the trait bound is not satisfied".

// The traits are public only as the sealed bound of `TrailWorkspace`: nothing
// outside the crate can name them, so their crate-private types never leak.
#![allow(private_interfaces, private_bounds)]

use super::matching::{Matching, NoMatching, Pairing};
use super::set::{BitSet, Wide};
use super::tjoin::Row;

/// A fixed-capacity stack: the search's frames.
#[doc(hidden)]
pub trait Stack<F> {
    /// The empty stack (zero-filled, for a `static` in `.bss`).
    const EMPTY: Self;
    /// Pushes `frame`; `false` if the stack is full.
    fn push(&mut self, frame: F) -> bool;
    /// Removes the top frame.
    fn pop(&mut self) -> Option<F>;
    /// Returns the top frame, to change it.
    fn top_mut(&mut self) -> Option<&mut F>;
    /// Empties the stack.
    fn clear(&mut self);
}

impl<F, const N: usize> Stack<F> for heapless::Vec<F, N> {
    const EMPTY: Self = heapless::Vec::new();
    #[inline(always)]
    fn push(&mut self, frame: F) -> bool {
        heapless::Vec::push(self, frame).is_ok()
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<F> {
        heapless::Vec::pop(self)
    }
    #[inline(always)]
    fn top_mut(&mut self) -> Option<&mut F> {
        self.last_mut()
    }
    #[inline(always)]
    fn clear(&mut self) {
        heapless::Vec::clear(self);
    }
}

/// The memory of a workspace that holds `ROUTES` routes, `STATIONS` stations
/// and a matching of `MATCHED` stations: see [`Layout`].
#[doc(hidden)]
pub struct Capacity<const ROUTES: usize, const STATIONS: usize, const MATCHED: usize>;

/// What a workspace of one capacity is made of (sealed: implemented for every
/// [`Capacity`] of at most 128 routes, 64 stations and 64 matched stations,
/// and for 256 or 512 routes, 128 or 255 stations and 128 matched stations).
#[doc(hidden)]
pub trait Layout {
    /// A set of routes: `u64` up to 64 routes, `u128` up to 128, [`Wide`] above.
    type Routes: BitSet;
    /// A set of stations: `u64` up to 64 stations, `u128` up to 128, [`Wide`] above.
    type Stations: BitSet;
    /// A stack of `ROUTES + 4` frames: the search's depth bound.
    type Stack<F: Copy>: Stack<F>;
    /// The matching behind the parity bound, or none.
    type Matching: Pairing;
    /// A station's distances from the sources one sweep measures from (the
    /// matching's costs, see `tjoin.rs`).
    type Row: Row;
}

impl<const R: usize, const S: usize, const M: usize> Layout for Capacity<R, S, M>
where
    Routes<R>: RouteLayout,
    Stations<S>: StationLayout,
    Matched<M>: MatchingLayout,
{
    type Routes = <Routes<R> as RouteLayout>::Set;
    type Stations = <Stations<S> as StationLayout>::Set;
    type Stack<F: Copy> = <Routes<R> as RouteLayout>::Stack<F>;
    type Matching = <Matched<M> as MatchingLayout>::Matching;
    type Row = <Matched<M> as MatchingLayout>::Row;
}

/// `N` routes.
#[doc(hidden)]
pub struct Routes<const N: usize>;
/// `N` stations.
#[doc(hidden)]
pub struct Stations<const N: usize>;
/// A matching of `N` stations to mend.
#[doc(hidden)]
pub struct Matched<const N: usize>;

/// The route set and the stack of a route capacity.
#[doc(hidden)]
pub trait RouteLayout {
    /// A set of that many routes.
    type Set: BitSet;
    /// A stack of that many routes and 4 more frames.
    type Stack<F: Copy>: Stack<F>;
}

/// The station set of a station capacity.
#[doc(hidden)]
pub trait StationLayout {
    /// A set of that many stations.
    type Set: BitSet;
}

/// The matching of a capacity of stations to mend.
#[doc(hidden)]
pub trait MatchingLayout {
    /// The matching: `N` stations and the two free ends, or none for 0.
    type Matching: Pairing;
    /// A station's distances from the sources a sweep measures from at
    /// once: 32 from a matching of 64 stations on (the host's workspaces,
    /// 64 bytes a station on the stack), else 4 (a chip's: 8 bytes a
    /// station, less than a Dijkstra's), none without a matching.
    type Row: Row;
}

macro_rules! routes {
    ($set:ty: $($n:literal)*) => {$(
        impl RouteLayout for Routes<$n> {
            type Set = $set;
            type Stack<F: Copy> = heapless::Vec<F, { $n + 4 }>;
        }
    )*};
}

routes!(u64:
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
    34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    64
);
routes!(u128:
    65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94
    95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118
    119 120 121 122 123 124 125 126 127 128
);
routes!(Wide<4>: 256);
routes!(Wide<8>: 512);

macro_rules! stations {
    ($set:ty: $($n:literal)*) => {$(
        impl StationLayout for Stations<$n> {
            type Set = $set;
        }
    )*};
}

// Local station numbers are `u8`, and 255 is a frame's "no end": at most 255.
stations!(u128: 128);
stations!(Wide<4>: 255);
stations!(u64:
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
    34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    64
);

macro_rules! matched {
    ($set:ty: $($n:literal)*) => {$(
        // `V = N + 2` vertices (the stations and the two free ends), `V + V / 2
        // + 1` numbers (0, the vertices, at most `V / 2` blossoms at once: at
        // most 255, they are bytes), the blossoms' `V / 2 + 1` cycles, and a set
        // of that many numbers.
        impl MatchingLayout for Matched<$n> {
            type Matching = Matching<{ $n + 2 }, { $n + $n / 2 + 4 }, { $n / 2 + 2 }, $set>;
            type Row = [i16; { if $n >= 64 { 32 } else { 4 } }];
        }
    )*};
}

impl MatchingLayout for Matched<0> {
    type Matching = NoMatching;
    type Row = [i16; 0];
}

matched!(Wide<4>: 128);
matched!(u128:
    1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
    34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    64
);
