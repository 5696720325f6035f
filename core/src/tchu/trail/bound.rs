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
//! The search asks for this bound where the tighter minimum T-join (`tjoin.rs`)
//! does not answer (a node with more stations to mend than the matching holds,
//! or a workspace without one) or does not prune, its shares ordering the
//! branches on a station. Where the T-join answers, it prunes whatever this
//! bound would: the shares are a feasible dual of its matching.

use super::graph::{FAR, Network, bits};
use super::set::BitSet;
use crate::bits::{get, put};

/// The sources' regions on the droppable routes (each station goes to the
/// source nearest to it, a Voronoi diagram), and what the shares are made of.
struct Regions<const S: usize> {
    /// Each station's distance to the source of its region ([`FAR`] if no
    /// source reaches it); a source at the tip of a dead-end chain counts from
    /// the chain's base.
    dist: [u16; S],
    /// The source whose region holds each station.
    origin: [u8; S],
    /// Each source's distance to its nearest other source, outside its chain
    /// ([`FAR`] if it reaches none).
    nearest: [u16; S],
    /// The length of the dead-end chain each source is the tip of (0 if none).
    chain: [u16; S],
}

impl<T: BitSet, U: BitSet, const R: usize, const S: usize> Network<T, U, R, S> {
    /// Returns a lower bound on the length of routes still to drop from a connected
    /// `alive` for its parity, with each station's doubled share of it, or `None`
    /// when no trail with these constraints is left.
    /// Stops raising the bound once it reaches `target` (enough to prune).
    pub(super) fn drop_bound(
        &self,
        alive: T,
        kept: T,
        ends: U,
        target: u32,
    ) -> Option<(u32, [u32; S])> {
        // Loops never mend a parity: the bound is on the other links.
        let alive = alive & !self.loops;
        // Stations whose parity must change: odd ones not allowed to stay odd,
        // and named ends that are even now.
        let sources = self.odd(alive) ^ ends;
        if sources == U::EMPTY {
            return Some((0, [0; S]));
        }
        let droppable = alive & !kept;
        let mut regions = self.seed_regions(alive, droppable, sources);
        self.grow_regions(&mut regions, droppable);
        self.meet_regions(&mut regions, droppable);
        // Any shares with y(t) + y(u) <= dist(t, u) bound the pairing's weight by
        // their sum. Up to `free` sources may be spared: chosen as ends later, or
        // paired with an end that is even now.
        let free = 2usize.saturating_sub(ends.count() as usize);
        let mut share = regions.shares(sources);
        let mut bound = spared_sum(&share, sources, free)?;
        // Not enough to prune: raise the shares, once (more rounds raised
        // nothing on the benchmarks).
        if bound < target {
            regions.raise(&mut share, sources);
            bound = bound.max(spared_sum(&share, sources, free)?);
        }
        Some((bound, share))
    }

    /// Starts each source's region at the source, or at the base of the
    /// dead-end chain it is the tip of; two sources at one place are each
    /// other's nearest, at 0.
    fn seed_regions(&self, alive: T, droppable: T, sources: U) -> Regions<S> {
        let mut regions = Regions {
            dist: [FAR; S],
            origin: [0; S],
            nearest: [FAR; S],
            chain: [0; S],
        };
        // A source at the tip of a dead-end chain (stations with two routes) reaches
        // every other source through the whole chain: it owns those routes alone,
        // and sits at the chain's base for the distances.
        for t in bits(sources) {
            let (base, length) = self.dead_end(t, alive, droppable, sources);
            put(&mut regions.chain, t, length);
            if get(&regions.dist, base, FAR) == 0 {
                // Two sources at one place: each is the other's nearest.
                let other = usize::from(get(&regions.origin, base, 0));
                for n in [other, t] {
                    put(&mut regions.nearest, n, 0);
                }
            } else if let (Some(d), Some(o)) =
                (regions.dist.get_mut(base), regions.origin.get_mut(base))
            {
                *d = 0;
                *o = t as u8;
            }
        }
        regions
    }

    /// Grows the regions over the droppable routes until every station reached
    /// has its distance to the nearest source (a multi-source shortest-path
    /// pass, by [`Network::rounds`]: lengths are small and networks shallow). A station at equal distance
    /// from two sources may go to either: the nearest distances read from the
    /// regions are the same (see [`Network::meet_regions`]).
    fn grow_regions(&self, regions: &mut Regions<S>, droppable: T) {
        let Regions { dist, origin, .. } = regions;
        let mut start = U::EMPTY;
        for (s, &d) in dist.iter().enumerate() {
            if d == 0 {
                start |= U::bit(s);
            }
        }
        self.rounds(droppable, start, |s, t, w| {
            let d = get(dist, s, FAR).saturating_add(w);
            let fell = d < get(dist, t, FAR);
            if fell {
                let o = get(origin, s, 0);
                put(dist, t, d);
                put(origin, t, o);
            }
            fell
        });
    }

    /// Sets each source's distance to its nearest other source: the shortest way
    /// through a droppable route between its region and another. Exact however
    /// ties put stations in regions: each way found is a walk from the source
    /// to another, and a shortest path from the source `s` to another leaves
    /// `s`'s region by some route `(a, b)`, where `d(a)` is `a`'s distance from
    /// `s` and `d(b)` at most `b`'s from the path's other end.
    fn meet_regions(&self, regions: &mut Regions<S>, droppable: T) {
        let Regions {
            dist,
            origin,
            nearest,
            ..
        } = regions;
        for r in bits(droppable) {
            let [a, b] = self.ends(r);
            let (oa, ob) = (get(origin, a, 0), get(origin, b, 0));
            let (da, db) = (get(dist, a, FAR), get(dist, b, FAR));
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
    }

    /// Follows the dead-end chain from the source `t` with one droppable route: returns
    /// the station where it meets the rest (three routes or more, or another source)
    /// and the chain's length; `(t, 0)` if `t` is not such a tip.
    fn dead_end(&self, t: usize, alive: T, droppable: T, sources: U) -> (usize, u16) {
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
            let next = self.far_end(route, at);
            let out = self.at(next) & alive & !T::bit(route);
            let degree = out.count() + 1;
            if degree == 1 {
                // The network is a bare path: no chain to speak of.
                return (t, 0);
            }
            if degree >= 3 || sources.has(next) || (out & droppable).is_empty() {
                return (next, length);
            }
            at = next;
            route = out.lowest();
        }
        (t, 0)
    }
}

impl<const S: usize> Regions<S> {
    /// Returns each source's share y, doubled: its chain twice plus the distance
    /// to its nearest other source (`u32::MAX` if it reaches none).
    fn shares<U: BitSet>(&self, sources: U) -> [u32; S] {
        let mut share = [0u32; S];
        for t in bits(sources) {
            let n = get(&self.nearest, t, FAR);
            let y = if n == FAR {
                u32::MAX
            } else {
                u32::from(n).saturating_add(2 * u32::from(get(&self.chain, t, FAR)))
            };
            put(&mut share, t, y);
        }
        share
    }

    /// Raises each share, in turn, as far as the others allow (one round of
    /// dual ascent). The distance between two sources is at least both chains
    /// plus the larger of their nearest distances: cheap, and it keeps the
    /// shares valid.
    fn raise<U: BitSet>(&self, share: &mut [u32; S], sources: U) {
        for t in bits(sources) {
            let (ct, nt) = (
                u32::from(get(&self.chain, t, FAR)),
                get(&self.nearest, t, FAR),
            );
            let mut room = u32::MAX;
            for u in bits(sources & !U::bit(t)) {
                let (cu, nu) = (
                    u32::from(get(&self.chain, u, FAR)),
                    get(&self.nearest, u, FAR),
                );
                let apart = 2 * (ct + cu + u32::from(nt.max(nu)));
                let y = get(share, u, u32::MAX);
                room = room.min(apart.saturating_sub(y));
            }
            if let Some(y) = share.get_mut(t)
                && room != u32::MAX
                && room > *y
            {
                *y = room;
            }
        }
    }
}

/// Returns half the sum of the doubled shares but the `free` largest, rounded up;
/// `None` if a share not spared is infinite (a source that cannot be paired).
fn spared_sum<U: BitSet>(share: &[u32], sources: U, free: usize) -> Option<u32> {
    let mut largest = [0u32; 2];
    let mut sum: u32 = 0;
    for t in bits(sources) {
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
