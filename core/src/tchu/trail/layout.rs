//! What a [`TrailWorkspace`](super::TrailWorkspace) holds at each capacity: the
//! word of a route set, the stack of search frames and the matching.
//!
//! Stable Rust cannot compute an array length from a const parameter (no
//! `ROUTES + 4`, no "the word for `ROUTES` bits"), so every capacity the trail
//! supports has its own small impl, written out by the macros below: a route
//! set is a `u64` up to 64 routes and a `u128` up to 128, the stack holds
//! `ROUTES + 4` frames, and the matching pairs up to `MATCHED` stations to mend
//! (`MATCHED + 2` vertices with the two free ends; none at 0). Station sets are
//! `u64` at every capacity (up to 64 stations). [`Capacity`] joins the three
//! into one [`Layout`], which the workspace names in its bound.
//!
//! The module is private: the traits and markers are `pub` only so that the
//! public workspace can name them in its bound (a sealed layout; hidden from
//! the docs, which name the capacities), and a capacity past the limits is a
//! compile-time error, "the trait bound is not satisfied".

// The traits are public only as the sealed bound of `TrailWorkspace`: nothing
// outside the crate can name them, so their crate-private types never leak.
#![allow(private_interfaces, private_bounds)]

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::matching::{Matching, NoMatching, Pairing};

/// A set of routes (or links), bit `i` for the route at position `i`: the
/// operations the search needs, the same for `u64` and `u128`.
#[doc(hidden)]
pub trait RouteSet:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No route.
    const EMPTY: Self;
    /// Returns the set of route `i` alone, the empty set past the width.
    fn bit(i: usize) -> Self;
    /// Returns how many routes the set holds.
    fn count(self) -> u32;
    /// Returns the lowest route of the set (the width if it is empty).
    fn lowest(self) -> usize;
    /// Returns the set without its lowest route.
    fn without_lowest(self) -> Self;
}

macro_rules! route_set {
    ($t:ty, $bit:path) => {
        impl RouteSet for $t {
            const EMPTY: Self = 0;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                $bit(i)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

route_set!(u64, crate::bits::bit64);
route_set!(u128, crate::bits::bit128);

/// A fixed-capacity stack: the search's frames, and the Euler walk's.
#[doc(hidden)]
pub trait Stack<F> {
    /// The empty stack (zero-filled, for a `static` in `.bss`).
    const EMPTY: Self;
    /// Pushes `frame`; `false` if the stack is full.
    fn push(&mut self, frame: F) -> bool;
    /// Removes the top frame.
    fn pop(&mut self) -> Option<F>;
    /// Returns the top frame.
    fn top(&self) -> Option<&F>;
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
    fn top(&self) -> Option<&F> {
        self.last()
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
/// [`Capacity`] of at most 128 routes, 64 stations and 64 matched stations).
#[doc(hidden)]
pub trait Layout {
    /// A set of routes: `u64` up to 64 routes, `u128` above.
    type Routes: RouteSet;
    /// A stack of `ROUTES + 4` frames: the search's depth bound.
    type Stack<F: Copy>: Stack<F>;
    /// The matching behind the parity bound, or none.
    type Matching: Pairing;
}

impl<const R: usize, const S: usize, const M: usize> Layout for Capacity<R, S, M>
where
    Routes<R>: RouteLayout,
    Stations<S>: StationLayout,
    Matched<M>: MatchingLayout,
{
    type Routes = <Routes<R> as RouteLayout>::Set;
    type Stack<F: Copy> = <Routes<R> as RouteLayout>::Stack<F>;
    type Matching = <Matched<M> as MatchingLayout>::Matching;
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
    type Set: RouteSet;
    /// A stack of that many routes and 4 more frames.
    type Stack<F: Copy>: Stack<F>;
}

/// A station capacity (station sets are `u64`: at most 64).
#[doc(hidden)]
pub trait StationLayout {}

/// The matching of a capacity of stations to mend.
#[doc(hidden)]
pub trait MatchingLayout {
    /// The matching: `N` stations and the two free ends, or none for 0.
    type Matching: Pairing;
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

macro_rules! stations {
    ($($n:literal)*) => {$(
        impl StationLayout for Stations<$n> {}
    )*};
}

stations!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
    34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    64
);

macro_rules! matched {
    ($($n:literal)*) => {$(
        // `V = N + 2` vertices (the stations and the two free ends), `V + V / 2
        // + 1` numbers (0, the vertices, at most `V / 2` blossoms at once), and
        // the blossoms' `V / 2 + 1` cycles.
        impl MatchingLayout for Matched<$n> {
            type Matching = Matching<{ $n + 2 }, { $n + $n / 2 + 4 }, { $n / 2 + 2 }>;
        }
    )*};
}

impl MatchingLayout for Matched<0> {
    type Matching = NoMatching;
}

matched!(
    1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
    34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    64
);
