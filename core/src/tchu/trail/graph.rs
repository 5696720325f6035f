//! A network's routes as a multigraph on local station numbers: loaded from the
//! routes with the capacities checked, then read by the reductions
//! (`reduce.rs`), the bounds (`bound.rs`, `tjoin.rs`) and the search; with the
//! graph's walks: what a set of links reaches, its pieces, the routes around a
//! piece, and the shortest paths from a station (Dijkstra).

use super::TrailError;
use super::set::BitSet;
use crate::bits::{bit64, get, put};
use crate::tchu::Route;

/// Iterates over the members of a set (of routes, stations), lowest first.
pub(super) fn bits<T: BitSet>(mut set: T) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || set.pop_lowest())
}

/// The routes of a network as a multigraph on local station numbers, reduced
/// before the search (see [`Network::reduce`]): the search sees "links", each a
/// path of real routes through stations nothing else touches, named by the
/// position of one of its routes. It holds up to `R` routes and `S` stations;
/// `T` is a set of `R` routes, `U` a set of `S` stations.
pub struct Network<T, U, const R: usize, const S: usize> {
    /// Both ends of each link, as local station numbers.
    pub(super) ends: [[u8; 2]; R],
    /// The length of each link: the sum of its routes' lengths.
    pub(super) weight: [u16; R],
    /// The links whose length has bit `k` set, for each `k`: a set's length in
    /// ten popcounts (a link is at most 128 routes of 6, below 1,024).
    pub(super) weight_bits: [T; WEIGHT_BITS],
    /// One more than the link holding each real route (see [`tag`]), 0 if none:
    /// a route set aside, or no route. Zero-filled, so that a `static` workspace
    /// starts in `.bss` rather than in flash.
    pub(super) owner: [u16; R],
    /// The links at each local station (a loop once).
    pub(super) at: [T; S],
    /// The links that come back to their own station (a cycle through stations
    /// nothing else touches): they never change a station's parity.
    pub(super) loops: T,
    /// Every link.
    pub(super) all: T,
    /// How many local stations there are.
    pub(super) stations: usize,
    /// The station sets' type.
    _stations: core::marker::PhantomData<U>,
}

/// No link owns the route: it was set aside by the reduction.
pub(super) const NONE: u16 = 0;

/// Far beyond any distance: 512 routes of length 6 weigh 3,072.
pub(super) const FAR: u16 = u16::MAX;

/// Bits of a link's length: 512 routes of length 6 weigh 3,072.
pub(super) const WEIGHT_BITS: usize = 12;

/// Returns the `owner` entry of the link `link` (below 512, the most routes).
pub(super) const fn tag(link: usize) -> u16 {
    (link as u16).wrapping_add(1)
}

/// Returns whether the `owner` entry names a link of `set`.
pub(super) fn linked<T: BitSet>(owner: u16, set: T) -> bool {
    owner
        .checked_sub(1)
        .is_some_and(|link| set.has(usize::from(link)))
}

impl<T: BitSet, U: BitSet, const R: usize, const S: usize> Network<T, U, R, S> {
    /// The network without routes, for a `static` workspace.
    pub(super) const EMPTY: Self = Network {
        ends: [[0; 2]; R],
        weight: [0; R],
        weight_bits: [T::EMPTY; WEIGHT_BITS],
        owner: [NONE; R],
        at: [T::EMPTY; S],
        loops: T::EMPTY,
        all: T::EMPTY,
        stations: 0,
        _stations: core::marker::PhantomData,
    };

    /// Numbers the stations of `routes` in place and checks the capacities (on an
    /// error the network is left empty).
    pub(super) fn load(&mut self, routes: &[Route<'_>]) -> Result<(), TrailError> {
        *self = Self::EMPTY;
        let loaded = self.fill(routes);
        if loaded.is_err() {
            *self = Self::EMPTY;
        } else {
            self.reduce();
        }
        loaded
    }

    fn fill(&mut self, routes: &[Route<'_>]) -> Result<(), TrailError> {
        if routes.len() > R {
            return Err(TrailError::TooManyRoutes {
                routes: routes.len(),
                capacity: R,
            });
        }
        // Local number of each station id (ids are any u8), 0xFF for none yet.
        let mut local = [0xFFu8; 256];
        for (i, route) in routes.iter().enumerate() {
            if routes.iter().take(i).any(|other| other.id() == route.id()) {
                return Err(TrailError::RepeatedRoute { route: i });
            }
            let mut ends = [0u8; 2];
            for (end, station) in ends.iter_mut().zip(route.stations()) {
                let too_many = || TrailError::TooManyStations {
                    stations: station_count(routes),
                    capacity: S,
                };
                let slot = local
                    .get_mut(usize::from(station.id()))
                    .ok_or_else(too_many)?;
                if *slot == 0xFF {
                    if self.stations >= S {
                        return Err(too_many());
                    }
                    *slot = self.stations as u8;
                    self.stations += 1;
                }
                *end = *slot;
                if let Some(at) = self.at.get_mut(usize::from(*slot)) {
                    *at |= T::bit(i);
                }
            }
            if let (Some(e), Some(w), Some(owner)) = (
                self.ends.get_mut(i),
                self.weight.get_mut(i),
                self.owner.get_mut(i),
            ) {
                *e = ends;
                *w = u16::from(route.length());
                *owner = tag(i);
            }
            self.set_weight_bits(i, u16::from(route.length()));
            self.all |= T::bit(i);
        }
        Ok(())
    }

    /// Gives the real routes of the links `links` to the `owner` entry `to`
    /// (a link's [`tag`], or [`NONE`] to set them aside).
    pub(super) fn hand_over(&mut self, links: T, to: u16) {
        for owner in &mut self.owner {
            if linked(*owner, links) {
                *owner = to;
            }
        }
    }

    /// Returns the links of `set` reachable from `station`, and the stations
    /// reached; stops early once it reaches one of the stations `stop`.
    pub(super) fn reach(&self, set: T, station: usize, stop: U) -> (T, U) {
        let mut seen = U::bit(station);
        let mut frontier = seen;
        let mut routes = T::EMPTY;
        while frontier != U::EMPTY && seen & stop == U::EMPTY {
            let mut next_routes = T::EMPTY;
            for s in bits(frontier) {
                next_routes |= self.at(s) & set;
            }
            let fresh = next_routes & !routes;
            routes |= next_routes;
            frontier = U::EMPTY;
            for r in bits(fresh) {
                for s in self.ends(r) {
                    if !seen.has(s) {
                        seen |= U::bit(s);
                        frontier |= U::bit(s);
                    }
                }
            }
        }
        (routes, seen)
    }

    /// Returns the real routes of the links `set`.
    pub(super) fn routes_of(&self, set: T) -> T {
        let mut routes = T::EMPTY;
        for (r, &owner) in self.owner.iter().enumerate() {
            if linked(owner, set) {
                routes |= T::bit(r);
            }
        }
        routes
    }

    pub(super) fn weight(&self, route: usize) -> u16 {
        get(&self.weight, route, 0)
    }

    pub(super) fn ends(&self, route: usize) -> [usize; 2] {
        self.ends
            .get(route)
            .map_or([0, 0], |e| [usize::from(e[0]), usize::from(e[1])])
    }

    /// Returns the end of `link` that is not `from` (`from` itself for a loop).
    pub(super) fn far_end(&self, link: usize, from: usize) -> usize {
        let [a, b] = self.ends(link);
        if a == from { b } else { a }
    }

    pub(super) fn at(&self, station: usize) -> T {
        get(&self.at, station, T::EMPTY)
    }

    /// Returns whether two routes join the same two stations with the same length.
    pub(super) fn twins(&self, a: usize, b: usize) -> bool {
        let ([a1, a2], [b1, b2]) = (self.ends(a), self.ends(b));
        self.weight(a) == self.weight(b) && ((a1 == b1 && a2 == b2) || (a1 == b2 && a2 == b1))
    }

    /// Returns the total length of a set of routes.
    pub(super) fn length(&self, set: T) -> u32 {
        let mut length = 0u32;
        for (&links, k) in self.weight_bits.iter().zip(0..u32::BITS) {
            // At most 512 routes of length at most 6: never wraps.
            length = length.wrapping_add((set & links).count() << k);
        }
        length
    }

    /// Records the length of `link` in the bit masks of [`Network::length`].
    pub(super) fn set_weight_bits(&mut self, link: usize, weight: u16) {
        for (links, k) in self.weight_bits.iter_mut().zip(0..u16::BITS) {
            if weight.checked_shr(k).is_some_and(|w| w & 1 == 1) {
                *links |= T::bit(link);
            } else {
                *links &= !T::bit(link);
            }
        }
    }

    /// Returns the stations with an odd number of routes of `set`.
    pub(super) fn odd(&self, set: T) -> U {
        let set = set & !self.loops;
        let mut odd = U::EMPTY;
        for (s, &at) in self.at.iter().take(self.stations).enumerate() {
            if (at & set).count() % 2 == 1 {
                odd |= U::bit(s);
            }
        }
        odd
    }

    /// Returns the links at `station` that change its parity (all but loops).
    pub(super) fn crossing(&self, station: usize) -> T {
        self.at(station) & !self.loops
    }

    /// Returns the stations touched by `set`.
    pub(super) fn touched(&self, set: T) -> U {
        let mut touched = U::EMPTY;
        for (s, &at) in self.at.iter().take(self.stations).enumerate() {
            if at & set != T::EMPTY {
                touched |= U::bit(s);
            }
        }
        touched
    }

    /// Returns the routes of `alive` between a piece of `left` (a subset of
    /// `alive` in several pieces) and the rest: around the piece with the fewest
    /// such routes, on a tie the lighter one; 0 if `left` is one piece.
    pub(super) fn cut_off(&self, alive: T, left: T) -> T {
        let mut best: Option<((u32, u32), T)> = None;
        let mut rest = left;
        // A piece has a route: at most `R` of them.
        for _ in 0..R {
            let piece = self.piece(rest);
            if piece == T::EMPTY || piece == left {
                break;
            }
            rest &= !piece;
            let inside = self.touched(piece);
            let mut cut = T::EMPTY;
            for s in bits(inside) {
                for r in bits(self.at(s) & alive) {
                    let [a, b] = self.ends(r);
                    if inside.has(a) != inside.has(b) {
                        cut |= T::bit(r);
                    }
                }
            }
            let key = (cut.count(), self.length(piece));
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, cut));
            }
        }
        best.map_or(T::EMPTY, |(_, cut)| cut)
    }

    /// Returns the connected piece of `set` holding its lowest route.
    pub(super) fn piece(&self, set: T) -> T {
        if set == T::EMPTY {
            return T::EMPTY;
        }
        let [a, _] = self.ends(set.lowest());
        self.reach(set, a, U::EMPTY).0
    }

    /// Shortest distances from `from` over the links `set` (Dijkstra on at most
    /// `S` stations), and the link each station is reached by; exact for the
    /// stations `until` at least (it stops once they are settled). Stations
    /// are settled by distance, the lower id first on a tie.
    ///
    /// The open stations wait in [`Buckets`] by distance when every link of
    /// `set` is shorter than [`BUCKETS`] (each pop a few instructions), else
    /// in a binary heap ([`Open`]).
    pub(super) fn shortest(&self, set: T, from: usize, until: U) -> ([u16; S], [u16; S]) {
        if self.lighter(set) {
            self.dijkstra(set, from, until, Buckets::<U>::new())
        } else {
            self.dijkstra(set, from, until, Open::<S>::new())
        }
    }

    /// [`Network::shortest`] with the open stations in `open`.
    fn dijkstra<F: Frontier<S>>(
        &self,
        set: T,
        from: usize,
        until: U,
        mut open: F,
    ) -> ([u16; S], [u16; S]) {
        let mut dist = [FAR; S];
        let mut via = [0u16; S];
        put(&mut dist, from, 0);
        open.lower(from, FAR, &dist);
        let mut done = U::EMPTY;
        while let Some(s) = open.pop(&dist) {
            done |= U::bit(s);
            if done & until == until {
                break;
            }
            let ds = get(&dist, s, FAR);
            for r in bits(self.at(s) & set) {
                let t = self.far_end(r, s);
                let d = ds.saturating_add(self.weight(r));
                let before = get(&dist, t, FAR);
                if !done.has(t) && d < before {
                    put(&mut dist, t, d);
                    put(&mut via, t, r as u16);
                    open.lower(t, before, &dist);
                }
            }
        }
        (dist, via)
    }

    /// Label-correcting rounds over the links `links`, from the stations
    /// `start`: in each round every station whose labels fell in the last one
    /// (at first, `start`) offers them over its links, `relax(s, t, w)`
    /// lowering station `t`'s labels from `s`'s over a link `w` long and
    /// returning whether any fell. Labels that are least lengths over paths
    /// are all reached after round `k` for paths of `k` links: at most `S`
    /// rounds. (The T-join's sweeps and the sum of shares' regions.)
    pub(super) fn rounds(
        &self,
        links: T,
        start: U,
        mut relax: impl FnMut(usize, usize, u16) -> bool,
    ) {
        let mut round = start;
        for _ in 0..S {
            let mut next = U::EMPTY;
            for s in bits(round) {
                for r in bits(self.at(s) & links) {
                    let t = self.far_end(r, s);
                    if relax(s, t, self.weight(r)) {
                        next |= U::bit(t);
                    }
                }
            }
            if next == U::EMPTY {
                break;
            }
            round = next;
        }
    }

    /// Returns whether every link of `set` is shorter than [`BUCKETS`].
    fn lighter(&self, set: T) -> bool {
        let heavy = self
            .weight_bits
            .iter()
            .skip(BUCKETS.trailing_zeros() as usize)
            .fold(T::EMPTY, |heavy, &links| heavy | links);
        (set & heavy).is_empty()
    }
}

/// How many distances [`Buckets`] tells apart, one bit of its `filled` word
/// each: above every link's length when they are used.
const BUCKETS: usize = u32::BITS as usize;

/// The open stations of a Dijkstra: it takes out the one of least (distance,
/// id) and is told of each lowered distance.
trait Frontier<const S: usize> {
    /// Takes out the open station of least (distance, id), `dist` holding
    /// the distances.
    fn pop(&mut self, dist: &[u16; S]) -> Option<usize>;
    /// Holds station `s`, whose distance fell from `before` ([`FAR`]: not
    /// held yet) to `dist[s]`.
    fn lower(&mut self, s: usize, before: u16, dist: &[u16; S]);
}

/// The open stations of a Dijkstra whose links are all shorter than
/// [`BUCKETS`], by distance (Dial's buckets): every open distance lies within
/// `BUCKETS - 1` of the last settled one, so the bucket of distance `d` is
/// `d % BUCKETS`, and the nearest open station is the lowest of the first
/// filled bucket from there. `BUCKETS` station sets and a word.
struct Buckets<U> {
    bucket: [U; BUCKETS],
    /// Bit `b` set when bucket `b` holds a station.
    filled: u32,
    /// The distance of the station taken last.
    at: u16,
}

impl<U: BitSet> Buckets<U> {
    fn new() -> Self {
        Buckets {
            bucket: [U::EMPTY; BUCKETS],
            filled: 0,
            at: 0,
        }
    }

    /// Takes station `s` out of bucket `b`.
    fn remove(&mut self, b: usize, s: usize) {
        if let Some(bucket) = self.bucket.get_mut(b) {
            *bucket &= !U::bit(s);
            if bucket.is_empty() {
                self.filled &= !(1 << b);
            }
        }
    }
}

impl<U: BitSet, const S: usize> Frontier<S> for Buckets<U> {
    fn pop(&mut self, dist: &[u16; S]) -> Option<usize> {
        if self.filled == 0 {
            return None;
        }
        // The filled buckets from `at`'s on (`rotate_right` turns by `at % 32`).
        let ahead = self
            .filled
            .rotate_right(u32::from(self.at))
            .trailing_zeros();
        let b = (usize::from(self.at) + ahead as usize) % BUCKETS;
        let s = self.bucket.get(b)?.lowest();
        self.remove(b, s);
        self.at = get(dist, s, FAR);
        Some(s)
    }

    fn lower(&mut self, s: usize, before: u16, dist: &[u16; S]) {
        if before != FAR {
            self.remove(usize::from(before) % BUCKETS, s);
        }
        let b = usize::from(get(dist, s, FAR)) % BUCKETS;
        if let Some(bucket) = self.bucket.get_mut(b) {
            *bucket |= U::bit(s);
            self.filled |= 1 << b;
        }
    }
}

/// The open stations of a Dijkstra with a link of [`BUCKETS`] or more: a
/// binary heap of station ids ordered by (distance, id), with each station's
/// place in it (`0` for none, else the place plus one), so that a lowered
/// distance moves its station up in place.
/// `3 S` bytes on the stack.
struct Open<const S: usize> {
    heap: [u8; S],
    place: [u16; S],
    len: usize,
}

impl<const S: usize> Open<S> {
    fn new() -> Self {
        Open {
            heap: [0; S],
            place: [0; S],
            len: 0,
        }
    }

    /// Whether the station at heap place `i` goes before the one at `j`.
    fn before(&self, i: usize, j: usize, dist: &[u16; S]) -> bool {
        let (a, b) = (
            usize::from(get(&self.heap, i, 0)),
            usize::from(get(&self.heap, j, 0)),
        );
        (get(dist, a, FAR), a) < (get(dist, b, FAR), b)
    }

    /// Swaps the stations at heap places `i` and `j`, and their places.
    fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (get(&self.heap, i, 0), get(&self.heap, j, 0));
        put(&mut self.heap, i, b);
        put(&mut self.heap, j, a);
        put(&mut self.place, usize::from(b), i.wrapping_add(1) as u16);
        put(&mut self.place, usize::from(a), j.wrapping_add(1) as u16);
    }
}

impl<const S: usize> Frontier<S> for Open<S> {
    fn lower(&mut self, s: usize, _: u16, dist: &[u16; S]) {
        let mut i = match usize::from(get(&self.place, s, 0)) {
            0 => {
                let i = self.len;
                if i >= S {
                    return;
                }
                put(&mut self.heap, i, s as u8);
                put(&mut self.place, s, i.wrapping_add(1) as u16);
                self.len = i.wrapping_add(1);
                i
            }
            placed => placed.wrapping_sub(1),
        };
        while i > 0 {
            let parent = i.wrapping_sub(1) / 2;
            if !self.before(i, parent, dist) {
                break;
            }
            self.swap(i, parent);
            i = parent;
        }
    }

    fn pop(&mut self, dist: &[u16; S]) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let top = usize::from(get(&self.heap, 0, 0));
        self.len = self.len.wrapping_sub(1);
        self.swap(0, self.len);
        put(&mut self.place, top, 0);
        let mut i = 0usize;
        loop {
            let (l, r) = (
                i.wrapping_mul(2).wrapping_add(1),
                i.wrapping_mul(2).wrapping_add(2),
            );
            let mut least = i;
            if l < self.len && self.before(l, least, dist) {
                least = l;
            }
            if r < self.len && self.before(r, least, dist) {
                least = r;
            }
            if least == i {
                return Some(top);
            }
            self.swap(i, least);
            i = least;
        }
    }
}

/// Returns how many different stations `routes` touch (for the error only).
fn station_count(routes: &[Route<'_>]) -> usize {
    // Station ids are `u8`: one bit each in four words.
    let mut seen = [0u64; 4];
    for station in routes.iter().flat_map(Route::stations) {
        let id = usize::from(station.id());
        if let Some(word) = seen.get_mut(id / 64) {
            *word |= bit64(id % 64);
        }
    }
    seen.iter().map(|w| w.count_ones() as usize).sum()
}

#[cfg(test)]
mod tests {
    use super::super::set::{BitSet, Wide};
    use super::{BUCKETS, Buckets, FAR, Frontier, Network, Open};
    use crate::rng::SplitMix64;
    use crate::tchu::{Level, Route, Station};

    /// A square of four routes of length 1: stations 0 and 3 (local numbers)
    /// at two routes from each other both ways round, the way by station 1
    /// settled first.
    fn square() -> [Route<'static>; 4] {
        let s = |x: u8| Station::new(x, "X", "X");
        let r = |id, a, b| Route::new(id, s(a), s(b), 1, Level::Overground, None);
        [r("R0", 0, 1), r("R1", 0, 3), r("R2", 1, 2), r("R3", 3, 2)].map(|r| r.expect("a route"))
    }

    /// The shortest paths of both ways of picking the nearest open station
    /// (buckets, a heap) are the same: a tie keeps the path found first.
    /// Every link `scale` long: 1 takes the buckets, [`BUCKETS`] the heap.
    fn ties_keep_the_first_path<U: BitSet, const S: usize>(scale: u16) {
        let mut net = Network::<u64, U, 16, S>::EMPTY;
        assert!(net.fill(&square()).is_ok());
        for r in 0..4 {
            net.weight[r] = scale;
            net.set_weight_bits(r, scale);
        }
        assert_eq!(net.lighter(net.all), scale < BUCKETS as u16);
        let (dist, via) = net.shortest(net.all, 0, U::bit(3));
        let d = |hops: u16| hops * scale;
        assert_eq!(
            (&dist[..4], &via[..4]),
            (&[0, d(1), d(1), d(2)][..], &[0, 0, 1, 2][..])
        );
        // Without R2 the other way round.
        let (dist, via) = net.shortest(net.all & !u64::bit(2), 0, U::bit(3));
        assert_eq!((dist[3], via[3]), (d(2), 3));
        // Out of reach: without R2 and R3.
        let (dist, _) = net.shortest(0b11, 0, U::bit(3));
        assert_eq!(dist[3], FAR);
    }

    #[test]
    fn a_tie_keeps_the_path_found_first() {
        for scale in [1, 31, 32, 200] {
            ties_keep_the_first_path::<u64, 8>(scale);
            ties_keep_the_first_path::<Wide<4>, 200>(scale);
        }
    }

    /// The buckets give their stations in (distance, id) order, with
    /// distances lowered while they hold them, as a Dijkstra uses them: every
    /// distance held within `BUCKETS - 1` of the last one taken.
    #[test]
    fn the_buckets_take_stations_by_distance_then_id() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let mut dist = [FAR; 64];
            let mut open = Buckets::<u64>::new();
            let mut held = std::collections::BTreeSet::new();
            let mut taken = 0u64;
            let mut at = 0u16;
            for _ in 0..300 {
                let s = rng.below(64);
                match rng.below(3) {
                    0 => {
                        let popped = open.pop(&dist);
                        assert_eq!(popped.map(|s| (dist[s], s)), held.pop_first());
                        if let Some(s) = popped {
                            at = dist[s];
                            taken |= 1 << s;
                        }
                    }
                    _ => {
                        let d = at + rng.below(BUCKETS) as u16;
                        if d < dist[s] && taken & (1 << s) == 0 {
                            held.remove(&(dist[s], s));
                            let before = dist[s];
                            dist[s] = d;
                            open.lower(s, before, &dist);
                            held.insert((d, s));
                        }
                    }
                }
            }
            while let Some(s) = open.pop(&dist) {
                assert_eq!(held.pop_first(), Some((dist[s], s)));
            }
            assert!(held.is_empty());
        }
    }

    /// The heap gives its stations in (distance, id) order, as the buckets
    /// do, with distances lowered while it holds them.
    #[test]
    fn the_heap_takes_stations_by_distance_then_id() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..200 {
            let mut dist = [FAR; 255];
            let mut open = Open::<255>::new();
            let mut held = std::collections::BTreeSet::new();
            let mut taken = Vec::new();
            for _ in 0..600 {
                let s = rng.below(255);
                match rng.below(3) {
                    0 => {
                        if let Some(s) = open.pop(&dist) {
                            taken.push((dist[s], s));
                            assert_eq!(held.pop_first(), Some((dist[s], s)));
                        } else {
                            assert!(held.is_empty());
                        }
                    }
                    _ => {
                        let d = rng.below(40) as u16;
                        if d < dist[s] && !taken.iter().any(|&(_, t)| t == s) {
                            held.remove(&(dist[s], s));
                            dist[s] = d;
                            held.insert((d, s));
                            open.lower(s, FAR, &dist);
                        }
                    }
                }
            }
            while let Some(s) = open.pop(&dist) {
                assert_eq!(held.pop_first(), Some((dist[s], s)));
            }
            assert!(held.is_empty());
        }
    }
}
