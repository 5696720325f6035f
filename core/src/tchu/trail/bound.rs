//! The cheap lower bound on the routes a trail must still drop: a sum of
//! shares, one per station whose parity must change.
//!
//! The dropped routes join the stations whose parity must change in
//! pairs by route-disjoint paths (a T-join), so they weigh at least the sum of any
//! shares y with y(s) + y(t) <= dist(s, t), less the two largest shares for the up
//! to two ends not chosen yet. Each share starts at half the distance to the
//! nearest other such station (one multi-source shortest-path pass; the nearest
//! other source is found on the routes between two Voronoi regions); a station at
//! the tip of a dead-end chain owns the whole chain; one round of dual ascent then
//! raises the shares when that is not enough to prune.
//!
//! The search asks for this bound at every node it cannot settle otherwise, and
//! for the tighter minimum T-join (`tjoin.rs`) only when this one does not prune.

use super::graph::{FAR, Network, bits, bits64};
use super::layout::RouteSet;
use crate::bits::{bit64, get};

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
            if get(&dist, base, FAR) == 0 {
                // Two sources at one place: each is the other's nearest.
                let other = usize::from(get(&origin, base, 0));
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
                let (da, db) = (get(&dist, a, FAR), get(&dist, b, FAR));
                for (from, to, dfrom, dto) in [(a, b, da, db), (b, a, db, da)] {
                    if dfrom != FAR && dfrom.saturating_add(w) < dto {
                        let o = get(&origin, from, 0);
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
            let (oa, ob) = (get(&origin, a, 0), get(&origin, b, 0));
            let (da, db) = (get(&dist, a, FAR), get(&dist, b, FAR));
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
            let n = get(&nearest, t, FAR);
            if let Some(y) = share.get_mut(t) {
                *y = if n == FAR {
                    u32::MAX
                } else {
                    u32::from(n).saturating_add(2 * u32::from(get(&chain, t, FAR)))
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
                let (ct, nt) = (u32::from(get(&chain, t, FAR)), get(&nearest, t, FAR));
                let mut room = u32::MAX;
                for u in bits64(sources & !bit64(t)) {
                    let (cu, nu) = (u32::from(get(&chain, u, FAR)), get(&nearest, u, FAR));
                    let apart = 2 * (ct + cu + u32::from(nt.max(nu)));
                    let y = get(&share, u, u32::MAX);
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
        let mut y = get(share, t, u32::MAX);
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
