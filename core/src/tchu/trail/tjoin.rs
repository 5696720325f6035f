//! The tight lower bound on the routes a trail must still drop: the cheapest
//! set of routes whose removal mends the parity alone, connected or not (a
//! minimum T-join).
//!
//! A trail has every station even but its two ends. The stations whose parity
//! must change (odd ones that may not end the trail, and named ends that are
//! even now) are the set T; a set of dropped routes mends them exactly when each
//! station of T meets an odd number of them and every other station an even
//! number: a T-join. The cheapest T-join is the union of shortest paths between
//! the stations of T paired up by a minimum-cost perfect matching on their
//! distances (Edmonds and Johnson, "Matching, Euler tours and the Chinese
//! postman", 1973). Up to two stations of T may be spared, as the ends of the
//! trail not named yet: the matching gets one vertex for each such free end,
//! at cost 0 to every station.
//!
//! The distances come from sweeps over the links that carry the distances
//! from up to 32 stations of T at once (4 in a chip's small workspaces), one
//! lane each ([`Row`]); the pairing from the matching of `matching.rs`; the
//! paths of the matched pairs from a Dijkstra each ([`Network::shortest`]). The bound is tighter than the
//! sum of shares of `bound.rs` (whose shares are a feasible dual of the
//! matching) and dearer; the search asks for it first wherever the matching
//! holds the node: where the sum of shares prunes, the T-join does too.
//! Its paths are one cheapest drop, which the search tries as a trail at once.

use super::graph::{FAR, Network, bits};
use super::matching::{MAX_COST, Pairing};
use super::set::BitSet;
use crate::bits::{get, put};

/// The cheapest routes to drop for the parity alone, from a [`Network::drop_join`].
pub(super) struct Join<T> {
    /// Their length: a lower bound on the routes any trail of the node drops.
    pub(super) bound: u32,
    /// The links of one such cheapest set (a T-join); `None` if a station to
    /// mend cannot reach the one it is paired with, or if the solve stopped
    /// once its bound reached `enough` (the bound holds either way).
    pub(super) links: Option<T>,
}

/// The largest cost a matching holds (the length of every route of a full
/// network): a longer shortest path cannot be, only an unreachable station.
const CAP: u16 = MAX_COST;

impl<T: BitSet, U: BitSet, const R: usize, const S: usize> Network<T, U, R, S> {
    /// Returns the cheapest set of droppable links whose removal gives `alive` the
    /// parity a trail needs (every station even but up to two ends, the named
    /// `ends` among them): a minimum T-join, through shortest paths between the
    /// stations to mend and a minimum-cost perfect matching of them, where up to
    /// two stations may be spared (paired with a free end at no cost).
    /// `None` when the matching cannot hold the stations (more than its
    /// vertices with the free ends; a layout without one holds none): the sum
    /// of shares ([`Network::drop_bound`]) then stands alone. The matching
    /// stops as soon as its duals prove a bound of `enough` (what prunes the
    /// node): then the bound is that proof and there are no links.
    pub(super) fn drop_join<P: Pairing, W: Row>(
        &self,
        matching: &mut P,
        alive: T,
        kept: T,
        ends: U,
        enough: u32,
    ) -> Option<Join<T>> {
        if P::VERTICES == 0 {
            return None;
        }
        let alive = alive & !self.loops;
        let sources = self.odd(alive) ^ ends;
        let free = 2usize.saturating_sub(ends.count() as usize);
        let count = sources.count() as usize;
        let vertices = count.wrapping_add(free);
        if vertices > P::VERTICES || !matching.start(vertices) {
            return None;
        }
        let droppable = alive & !kept;
        let mut station_of = [0u8; S];
        for (i, t) in (0..S).zip(bits(sources)) {
            put(&mut station_of, i, t as u8);
            matching.name(i, t);
        }
        self.set_costs::<P, W>(matching, droppable, &station_of, count);
        let solved = matching.solve(enough)?;
        if !solved.matched {
            // Bound enough to prune: no matching, no drop to read.
            return Some(Join {
                bound: solved.bound,
                links: None,
            });
        }
        let bound = solved.bound;
        let mut links = T::EMPTY;
        let mut capped = false;
        for (i, t) in (0..S).zip(bits(sources)) {
            let j = matching.mate_of(i);
            if j <= i || j >= count {
                continue;
            }
            let mut at = usize::from(get(&station_of, j, 0));
            let (dist, via) = self.shortest(droppable, t, U::bit(at));
            if get(&dist, at, FAR) > CAP {
                capped = true;
            }
            for _ in 0..S {
                if at == t {
                    break;
                }
                let Some(&r) = via.get(at) else { break };
                let r = usize::from(r);
                links ^= T::bit(r);
                at = self.far_end(r, at);
            }
        }
        Some(Join {
            bound,
            links: (!capped).then_some(links),
        })
    }

    /// Sets the cost of every pair of the `count` sources (the matching's
    /// vertices, at the stations `station_of`): their distance over
    /// `droppable`, by sweeps of [`Row::LANES`] sources each.
    fn set_costs<P: Pairing, W: Row>(
        &self,
        matching: &mut P,
        droppable: T,
        station_of: &[u8; S],
        count: usize,
    ) {
        for first in (0..count).step_by(W::LANES.max(1)) {
            self.sweep::<P, W>(matching, droppable, station_of, first, count);
        }
    }

    /// Sets the costs from the sources `first..` (up to [`Row::LANES`] of
    /// them) to every later source: their distances over `droppable`, by
    /// [`Network::rounds`] with one lane a source (the lanes' sums and minima
    /// a few vector instructions).
    fn sweep<P: Pairing, W: Row>(
        &self,
        matching: &mut P,
        droppable: T,
        station_of: &[u8; S],
        first: usize,
        count: usize,
    ) {
        let mut dist = [W::FAR; S];
        let mut start = U::EMPTY;
        for (lane, i) in (first..count).take(W::LANES).enumerate() {
            let t = usize::from(get(station_of, i, 0));
            if let Some(row) = dist.get_mut(t) {
                put(row.lanes_mut(), lane, 0);
                start |= U::bit(t);
            }
        }
        self.rounds(droppable, start, |s, t, w| {
            let Some(&from) = dist.get(s) else {
                return false;
            };
            let Some(to) = dist.get_mut(t) else {
                return false;
            };
            // A link is at most 3,072 long: an `i16`.
            let w = i16::try_from(w).unwrap_or(FAR_LANE);
            let mut fell = 0;
            for (d, &f) in to.lanes_mut().iter_mut().zip(from.lanes()) {
                let n = f.saturating_add(w).min(*d);
                fell |= n ^ *d;
                *d = n;
            }
            fell != 0
        });
        for (lane, i) in (first..count).take(W::LANES).enumerate() {
            for j in i.wrapping_add(1)..count {
                let u = usize::from(get(station_of, j, 0));
                let d = dist
                    .get(u)
                    .map_or(FAR_LANE, |row| get(row.lanes(), lane, FAR_LANE));
                // Out of reach (`i16::MAX`) costs the most, as before.
                matching.set_cost(i, j, u16::try_from(d).unwrap_or(CAP).min(CAP));
            }
        }
    }
}

/// Out of reach, in a sweep's lane.
const FAR_LANE: i16 = i16::MAX;

/// A station's distances from up to [`Row::LANES`] sources, one lane each
/// ([`FAR_LANE`] out of reach): an array of `i16`, so that the lanes' sums
/// saturate and their minima vectorize on every target.
#[doc(hidden)]
pub trait Row: Copy {
    /// How many sources.
    const LANES: usize;
    /// Every source out of reach.
    const FAR: Self;
    /// The lanes.
    fn lanes(&self) -> &[i16];
    /// The lanes, to change.
    fn lanes_mut(&mut self) -> &mut [i16];
}

impl<const N: usize> Row for [i16; N] {
    const LANES: usize = N;
    const FAR: Self = [FAR_LANE; N];
    fn lanes(&self) -> &[i16] {
        self
    }
    fn lanes_mut(&mut self) -> &mut [i16] {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::Network;
    use super::super::matching::{Pairing, Solved};
    use super::{CAP, Row};
    use crate::rng::SplitMix64;
    use crate::tchu::{Level, Route, Station};

    /// Records the costs it is given, and solves nothing.
    struct Costs([[u16; 32]; 32]);

    impl Pairing for Costs {
        const EMPTY: Self = Costs([[u16::MAX; 32]; 32]);
        const VERTICES: usize = 32;
        fn start(&mut self, _: usize) -> bool {
            true
        }
        fn set_cost(&mut self, a: usize, b: usize, cost: u16) {
            self.0[a][b] = cost;
            self.0[b][a] = cost;
        }
        fn name(&mut self, _: usize, _: usize) {}
        fn forget(&mut self) {}
        fn solve(&mut self, _: u32) -> Option<Solved> {
            None
        }
        fn mate_of(&self, _: usize) -> usize {
            0
        }
    }

    /// The sweeps' costs, a few lanes at a time or all at once, are the
    /// distances of a Dijkstra from each source, on random networks (some in
    /// several pieces: out of reach costs the most) and random droppable
    /// routes.
    fn sweeps_measure_what_a_dijkstra_does<W: Row>() {
        let mut rng = SplitMix64::new(43);
        for _ in 0..300 {
            let stations = 2 + rng.below(22) as u8;
            let count = 1 + rng.below(40);
            let routes: Vec<Route<'static>> = (0..count)
                .filter_map(|i| {
                    let a = rng.below(usize::from(stations)) as u8;
                    let b = (a + 1 + rng.below(usize::from(stations) - 1) as u8) % stations;
                    let s = |x: u8| Station::new(x, "X", "X");
                    let id: &'static str = Box::leak(format!("R{i}").into_boxed_str());
                    let length = 1 + rng.below(6) as u8;
                    Route::new(id, s(a), s(b), length, Level::Overground, None).ok()
                })
                .collect();
            let mut net = Network::<u64, u64, 64, 32>::EMPTY;
            assert!(net.load(&routes).is_ok());
            let droppable = net.all & rng.next_u64() | rng.next_u64() & rng.next_u64();
            let sources = rng.next_u64() & ((1u64 << net.stations) - 1);
            let order: Vec<usize> = (0..net.stations)
                .filter(|&s| sources >> s & 1 == 1)
                .collect();
            let mut station_of = [0u8; 32];
            for (i, &t) in order.iter().enumerate() {
                station_of[i] = t as u8;
            }
            let mut costs = Costs::EMPTY;
            net.set_costs::<Costs, W>(&mut costs, droppable, &station_of, order.len());
            for (i, &t) in order.iter().enumerate() {
                let (dist, _) = net.shortest(droppable, t, u64::MAX);
                for (j, &u) in order.iter().enumerate().skip(i + 1) {
                    assert_eq!(costs.0[i][j], dist[u].min(CAP), "{t} to {u}");
                }
            }
        }
    }

    #[test]
    fn sweeps_measure_what_a_dijkstra_does_with_any_lanes() {
        sweeps_measure_what_a_dijkstra_does::<[i16; 1]>();
        sweeps_measure_what_a_dijkstra_does::<[i16; 3]>();
        sweeps_measure_what_a_dijkstra_does::<[i16; 32]>();
    }
}
