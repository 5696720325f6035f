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
//! The distances come from [`Network::shortest`] (a Dijkstra per station of T,
//! stopped once the later ones are settled), the pairing from the matching of
//! `matching.rs`. The bound is tighter than the sum of shares of `bound.rs`,
//! and dearer: the search asks for it only when that one does not prune.
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
    pub(super) fn drop_join<P: Pairing>(
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
        let mut capped = false;
        for (i, t) in (0..S).zip(bits(sources)) {
            // The distances to the sources after `t` (the earlier ones are set).
            let later = sources & !U::up_to(t);
            if later == U::EMPTY {
                break;
            }
            let (dist, _) = self.shortest(droppable, t, later);
            for (j, u) in (0..S).zip(bits(sources)).skip(i.wrapping_add(1)) {
                // A pair out of reach costs the most: the bound stays valid,
                // and the matching pairs it only if every pairing needs one.
                matching.set_cost(i, j, get(&dist, u, FAR).min(CAP));
            }
        }
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
                let [a, b] = self.ends(r);
                at = if a == at { b } else { a };
            }
        }
        Some(Join {
            bound,
            links: (!capped).then_some(links),
        })
    }
}
