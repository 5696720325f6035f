//! The lower bound on the routes a trail must still drop.
//!
//! The dropped routes join the stations whose parity must change in
//! pairs by route-disjoint paths (a T-join), so they weigh at least the sum of any
//! shares y with y(s) + y(t) <= dist(s, t), less the two largest shares for the up
//! to two ends not chosen yet. Each share starts at half the distance to the
//! nearest other such station (one multi-source shortest-path pass; the nearest
//! other source is found on the routes between two Voronoi regions); a station at
//! the tip of a dead-end chain owns the whole chain; one round of dual ascent then
//! raises the shares when that is not enough to prune.

use super::graph::{Network, bits, bits64};
use super::layout::RouteSet;
use super::matching::{MAX_COST, Pairing, put};
use crate::bits::bit64;

/// Far beyond any distance: 128 routes of length 6 weigh 768.
const FAR: u16 = u16::MAX;

impl<T: RouteSet, const R: usize, const S: usize> Network<T, R, S> {
    /// Returns a lower bound on the length of routes still to drop from a connected
    /// `alive` for its parity, with each station's doubled share of it, or `None`
    /// when no trail with these constraints is left.
    /// Stops raising the bound once it reaches `target` (enough to prune).
    pub(super) fn drop_bound(
        &self,
        alive: T,
        kept: T,
        ends: u64,
        target: u32,
    ) -> Option<(u32, [u32; S])> {
        // Loops never mend a parity: the bound is on the other links.
        let alive = alive & !self.loops;
        // Stations whose parity must change: odd ones not allowed to stay odd,
        // and named ends that are even now.
        let sources = self.odd(alive) ^ ends;
        if sources == 0 {
            return Some((0, [0; S]));
        }
        let droppable = alive & !kept;
        let mut dist = [FAR; S];
        let mut origin = [0u8; S];
        let mut nearest = [FAR; S];
        // A source at the tip of a dead-end chain (stations with two routes) reaches
        // every other source through the whole chain: it owns those routes alone,
        // and sits at the chain's base for the distances.
        let mut chain = [0u16; S];
        for t in bits64(sources) {
            let (base, length) = self.dead_end(t, alive, droppable, sources);
            if let Some(c) = chain.get_mut(t) {
                *c = length;
            }
            if get16(&dist, base) == 0 {
                // Two sources at one place: each is the other's nearest.
                let other = usize::from(origin.get(base).copied().unwrap_or(0));
                for n in [other, t] {
                    if let Some(n) = nearest.get_mut(n) {
                        *n = 0;
                    }
                }
            } else if let (Some(d), Some(o)) = (dist.get_mut(base), origin.get_mut(base)) {
                *d = 0;
                *o = t as u8;
            }
        }
        // Label-correcting passes: lengths are small and networks shallow.
        let mut changed = true;
        while changed {
            changed = false;
            for r in bits(droppable) {
                let [a, b] = self.ends(r);
                let w = self.weight(r);
                let (da, db) = (get16(&dist, a), get16(&dist, b));
                for (from, to, dfrom, dto) in [(a, b, da, db), (b, a, db, da)] {
                    if dfrom != FAR && dfrom.saturating_add(w) < dto {
                        let o = origin.get(from).copied().unwrap_or(0);
                        if let (Some(d), Some(t)) = (dist.get_mut(to), origin.get_mut(to)) {
                            *d = dfrom.saturating_add(w);
                            *t = o;
                        }
                        changed = true;
                    }
                }
            }
        }
        // Nearest other source of each source, through a route between two regions.
        for r in bits(droppable) {
            let [a, b] = self.ends(r);
            let (oa, ob) = (
                origin.get(a).copied().unwrap_or(0),
                origin.get(b).copied().unwrap_or(0),
            );
            let (da, db) = (get16(&dist, a), get16(&dist, b));
            if oa == ob || da == FAR || db == FAR {
                continue;
            }
            let via = da.saturating_add(self.weight(r)).saturating_add(db);
            for o in [oa, ob] {
                if let Some(n) = nearest.get_mut(usize::from(o)) {
                    *n = (*n).min(via);
                }
            }
        }
        // Each source's share y, doubled: its chain twice plus the distance to its
        // nearest other source. Any shares with y(t) + y(u) <= dist(t, u) bound the
        // pairing's weight by their sum. Up to `free` sources may be spared: chosen
        // as ends later, or paired with an end that is even now.
        let free = 2usize.saturating_sub(ends.count_ones() as usize);
        let mut share = [0u32; S];
        for t in bits64(sources) {
            let n = get16(&nearest, t);
            if let Some(y) = share.get_mut(t) {
                *y = if n == FAR {
                    u32::MAX
                } else {
                    u32::from(n).saturating_add(2 * u32::from(get16(&chain, t)))
                };
            }
        }
        let mut bound = spared_sum(&share, sources, free)?;
        // Not enough to prune: raise each share as far as the others allow, once
        // (more rounds raised nothing on the benchmarks). The distance between two
        // sources is at least both chains plus the larger of their nearest
        // distances: cheap, and it keeps the shares valid.
        if bound < target {
            for t in bits64(sources) {
                let (ct, nt) = (u32::from(get16(&chain, t)), get16(&nearest, t));
                let mut room = u32::MAX;
                for u in bits64(sources & !bit64(t)) {
                    let (cu, nu) = (u32::from(get16(&chain, u)), get16(&nearest, u));
                    let apart = 2 * (ct + cu + u32::from(nt.max(nu)));
                    let y = share.get(u).copied().unwrap_or(u32::MAX);
                    room = room.min(apart.saturating_sub(y));
                }
                if let Some(y) = share.get_mut(t)
                    && room != u32::MAX
                    && room > *y
                {
                    *y = room;
                }
            }
            bound = bound.max(spared_sum(&share, sources, free)?);
        }
        Some((bound, share))
    }

    /// Follows the dead-end chain from the source `t` with one droppable route: returns
    /// the station where it meets the rest (three routes or more, or another source)
    /// and the chain's length; `(t, 0)` if `t` is not such a tip.
    fn dead_end(&self, t: usize, alive: T, droppable: T, sources: u64) -> (usize, u16) {
        let first = self.at(t) & alive;
        if first.count() != 1 || first & droppable == T::EMPTY {
            return (t, 0);
        }
        let mut route = first.lowest();
        let mut at = t;
        let mut length: u16 = 0;
        // A chain has a route: at most `R`.
        for _ in 0..R {
            length = length.saturating_add(self.weight(route));
            let [a, b] = self.ends(route);
            let next = if a == at { b } else { a };
            let out = self.at(next) & alive & !T::bit(route);
            let degree = out.count() + 1;
            if degree == 1 {
                // The network is a bare path: no chain to speak of.
                return (t, 0);
            }
            if degree >= 3 || sources & bit64(next) != 0 || out & droppable == T::EMPTY {
                return (next, length);
            }
            at = next;
            route = out.lowest();
        }
        (t, 0)
    }
}

/// Returns half the sum of the doubled shares but the `free` largest, rounded up;
/// `None` if a share not spared is infinite (a source that cannot be paired).
fn spared_sum(share: &[u32], sources: u64, free: usize) -> Option<u32> {
    let mut largest = [0u32; 2];
    let mut sum: u32 = 0;
    for t in bits64(sources) {
        let mut y = share.get(t).copied().unwrap_or(u32::MAX);
        for l in largest.iter_mut().take(free) {
            if y > *l {
                core::mem::swap(&mut y, l);
            }
        }
        if y == u32::MAX {
            return None;
        }
        sum = sum.saturating_add(y);
    }
    Some(sum.div_ceil(2))
}

fn get16(a: &[u16], i: usize) -> u16 {
    a.get(i).copied().unwrap_or(FAR)
}

/// The cheapest routes to drop for the parity alone, from a [`Network::drop_join`].
pub(super) struct Join<T> {
    /// Their length: a lower bound on the routes any trail of the node drops.
    pub(super) bound: u32,
    /// The links of one such cheapest set (a T-join); `None` if a station to
    /// mend cannot reach the one it is paired with (the bound still holds).
    pub(super) links: Option<T>,
}

/// The largest cost a matching holds (the length of every route of a full
/// network): a longer shortest path cannot be, only an unreachable station.
const CAP: u16 = MAX_COST;

impl<T: RouteSet, const R: usize, const S: usize> Network<T, R, S> {
    /// Returns the cheapest set of droppable links whose removal gives `alive` the
    /// parity a trail needs (every station even but up to two ends, the named
    /// `ends` among them): a minimum T-join, through shortest paths between the
    /// stations to mend and a minimum-cost perfect matching of them, where up to
    /// two stations may be spared (paired with a free end at no cost).
    /// `None` when the matching cannot hold the stations (more than its
    /// vertices with the free ends; a layout without one holds none), the
    /// bound above then stands alone.
    pub(super) fn drop_join<P: Pairing>(
        &self,
        matching: &mut P,
        alive: T,
        kept: T,
        ends: u64,
    ) -> Option<Join<T>> {
        if P::VERTICES == 0 {
            return None;
        }
        let alive = alive & !self.loops;
        let sources = self.odd(alive) ^ ends;
        let free = 2usize.saturating_sub(ends.count_ones() as usize);
        let count = sources.count_ones() as usize;
        let vertices = count.wrapping_add(free);
        if vertices > P::VERTICES || !matching.start(vertices) {
            return None;
        }
        let droppable = alive & !kept;
        let mut station_of = [0u8; S];
        for (i, t) in (0..S).zip(bits64(sources)) {
            put(&mut station_of, i, t as u8);
        }
        let mut capped = false;
        for (i, t) in (0..S).zip(bits64(sources)) {
            // The distances to the sources after `t` (the earlier ones are set).
            let through_t = u64::MAX
                .checked_shr(63u32.wrapping_sub(t as u32))
                .unwrap_or(0);
            let later = sources & !through_t;
            if later == 0 {
                break;
            }
            let (dist, _) = self.shortest(droppable, t, later);
            for (j, u) in (0..S).zip(bits64(sources)).skip(i.wrapping_add(1)) {
                let d = get16(&dist, u);
                capped |= d > CAP;
                matching.set_cost(i, j, d.min(CAP));
            }
        }
        let bound = matching.solve()?;
        let mut links = T::EMPTY;
        for (i, t) in (0..S).zip(bits64(sources)) {
            let j = matching.mate_of(i);
            if j <= i || j >= count {
                continue;
            }
            let mut at = usize::from(station_of.get(j).copied().unwrap_or(0));
            let (dist, via) = self.shortest(droppable, t, bit64(at));
            if get16(&dist, at) > CAP {
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

    /// Shortest distances from `from` over the links `set` (Dijkstra on at most
    /// `S` stations), and the link each station is reached by; exact for the
    /// stations `until` at least (it stops once they are settled).
    fn shortest(&self, set: T, from: usize, until: u64) -> ([u16; S], [u8; S]) {
        let mut dist = [FAR; S];
        let mut via = [0u8; S];
        put(&mut dist, from, 0);
        let mut open = bit64(from);
        let mut done = 0u64;
        for _ in 0..S {
            let Some(s) = bits64(open).min_by_key(|&s| get16(&dist, s)) else {
                break;
            };
            open &= !bit64(s);
            done |= bit64(s);
            if done & until == until {
                break;
            }
            let ds = get16(&dist, s);
            for r in bits(self.at(s) & set) {
                let [a, b] = self.ends(r);
                let t = if a == s { b } else { a };
                let d = ds.saturating_add(self.weight(r));
                if done & bit64(t) == 0 && d < get16(&dist, t) {
                    put(&mut dist, t, d);
                    put(&mut via, t, r as u8);
                    open |= bit64(t);
                }
            }
        }
        (dist, via)
    }
}
