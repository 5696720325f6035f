//! A network's routes as a multigraph on local station numbers, shrunk without
//! changing its longest trail (joined two-route stations, extra dead ends set
//! aside, hanging parts folded into dead ends), and the lower bound on the routes
//! a trail must still drop.
//!
//! The bound: the dropped routes join the stations whose parity must change in
//! pairs by route-disjoint paths (a T-join), so they weigh at least the sum of any
//! shares y with y(s) + y(t) <= dist(s, t), less the two largest shares for the up
//! to two ends not chosen yet. Each share starts at half the distance to the
//! nearest other such station (one multi-source shortest-path pass; the nearest
//! other source is found on the routes between two Voronoi regions); a station at
//! the tip of a dead-end chain owns the whole chain; one round of dual ascent then
//! raises the shares when that is not enough to prune.

use super::{MAX_ROUTES, MAX_STATIONS, TrailError};
use crate::tchu::Route;

/// Far beyond any distance: 128 routes of length 6 weigh 768.
const FAR: u16 = u16::MAX;

/// Defines an iterator over the indices of the set bits of a set word.
macro_rules! set_bits {
    ($(#[$doc:meta])* $name:ident, $t:ty) => {
        $(#[$doc])*
        pub(super) fn $name(mut set: $t) -> impl Iterator<Item = usize> {
            core::iter::from_fn(move || {
                if set == 0 {
                    return None;
                }
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                Some(i)
            })
        }
    };
}

set_bits!(
    /// Iterates over the indices of the set bits of a route set.
    bits128,
    u128
);
set_bits!(
    /// Iterates over the indices of the set bits of a station set.
    bits64,
    u64
);

pub(super) const fn bit128(i: usize) -> u128 {
    if i < 128 { 1 << i } else { 0 }
}

pub(super) const fn bit64(i: usize) -> u64 {
    if i < 64 { 1 << i } else { 0 }
}

/// The routes of a network as a multigraph on local station numbers, reduced
/// before the search (see [`Network::reduce`]): the search sees "links", each a
/// path of real routes through stations nothing else touches, named by the
/// position of one of its routes.
pub(super) struct Network {
    /// Both ends of each link, as local station numbers.
    ends: [[u8; 2]; MAX_ROUTES],
    /// The length of each link: the sum of its routes' lengths.
    weight: [u16; MAX_ROUTES],
    /// The links whose length has bit `k` set, for each `k`: a set's length in
    /// ten popcounts (a link is at most 128 routes of 6, below 1,024).
    weight_bits: [u128; WEIGHT_BITS],
    /// Both ends of each real route, as local station numbers.
    real: [[u8; 2]; MAX_ROUTES],
    /// One more than the link holding each real route (see [`tag`]), 0 if none:
    /// a route set aside, or no route. Zero-filled, so that a `static` workspace
    /// starts in `.bss` rather than in flash.
    owner: [u8; MAX_ROUTES],
    /// The links at each local station (a loop once).
    at: [u128; MAX_STATIONS],
    /// The links that come back to their own station (a cycle through stations
    /// nothing else touches): they never change a station's parity.
    loops: u128,
    /// Every link.
    pub(super) all: u128,
    /// How many local stations there are.
    stations: usize,
}

/// No link owns the route: it was set aside by the reduction.
const NONE: u8 = 0;

/// Bits of a link's length: 128 routes of length 6 weigh 768.
const WEIGHT_BITS: usize = 10;

/// Returns the `owner` entry of the link `link` (below `MAX_ROUTES`).
const fn tag(link: usize) -> u8 {
    (link as u8).wrapping_add(1)
}

/// Returns whether the `owner` entry names a link of `set`.
fn linked(owner: u8, set: u128) -> bool {
    owner
        .checked_sub(1)
        .is_some_and(|link| set & bit128(usize::from(link)) != 0)
}

impl Network {
    /// The network without routes, for a `static` workspace.
    pub(super) const EMPTY: Network = Network {
        ends: [[0; 2]; MAX_ROUTES],
        weight: [0; MAX_ROUTES],
        weight_bits: [0; WEIGHT_BITS],
        real: [[0; 2]; MAX_ROUTES],
        owner: [NONE; MAX_ROUTES],
        at: [0; MAX_STATIONS],
        loops: 0,
        all: 0,
        stations: 0,
    };

    /// Numbers the stations of `routes` in place and checks the capacities (on an
    /// error the network is left empty).
    pub(super) fn load(&mut self, routes: &[Route]) -> Result<(), TrailError> {
        *self = Self::EMPTY;
        let loaded = self.fill(routes);
        if loaded.is_err() {
            *self = Self::EMPTY;
        } else {
            self.reduce();
        }
        loaded
    }

    fn fill(&mut self, routes: &[Route]) -> Result<(), TrailError> {
        if routes.len() > MAX_ROUTES {
            return Err(TrailError::TooManyRoutes);
        }
        // Local number of each station id (ids are any u8), 0xFF for none yet.
        let mut local = [0xFFu8; 256];
        for (i, route) in routes.iter().enumerate() {
            if routes.iter().take(i).any(|other| other.id() == route.id()) {
                return Err(TrailError::RepeatedRoute);
            }
            let mut ends = [0u8; 2];
            for (end, station) in ends.iter_mut().zip(route.stations()) {
                let slot = local
                    .get_mut(usize::from(station.id()))
                    .ok_or(TrailError::TooManyStations)?;
                if *slot == 0xFF {
                    if self.stations >= MAX_STATIONS {
                        return Err(TrailError::TooManyStations);
                    }
                    *slot = self.stations as u8;
                    self.stations += 1;
                }
                *end = *slot;
                if let Some(at) = self.at.get_mut(usize::from(*slot)) {
                    *at |= bit128(i);
                }
            }
            if let (Some(e), Some(w), Some(real), Some(owner)) = (
                self.ends.get_mut(i),
                self.weight.get_mut(i),
                self.real.get_mut(i),
                self.owner.get_mut(i),
            ) {
                *e = ends;
                *w = u16::from(route.length());
                *real = ends;
                *owner = tag(i);
            }
            self.set_weight_bits(i, u16::from(route.length()));
            self.all |= bit128(i);
        }
        Ok(())
    }

    /// Shrinks the network without changing its longest trail, until nothing
    /// more shrinks (at most one change per route):
    /// - a station with exactly two links, neither a loop, joins them into one:
    ///   a longest trail takes both or neither (with one, it ends there, and the
    ///   other one, touching nothing else there, would make it longer);
    /// - of the dead ends at a station (links to a station with no other link),
    ///   only the two longest stay: a trail ends on each dead end it takes, so it
    ///   takes at most two, and a longer one left aside could replace one taken.
    pub(super) fn reduce(&mut self) {
        for _ in 0..=MAX_ROUTES {
            let mut changed = false;
            for s in 0..self.stations {
                changed |= self.set_aside_dead_ends(s) || self.join_at(s);
            }
            if !changed {
                return;
            }
        }
    }

    /// Sets aside all but the two longest dead ends at `s`; returns whether it did.
    fn set_aside_dead_ends(&mut self, s: usize) -> bool {
        let mut dead_ends = 0u128;
        for r in bits128(self.at(s)) {
            let [a, b] = self.ends(r);
            let tip = if a == s { b } else { a };
            if tip != s && self.at(tip) == bit128(r) {
                dead_ends |= bit128(r);
            }
        }
        let longest = |set: u128| {
            bits128(set)
                .max_by_key(|&r| (self.weight(r), core::cmp::Reverse(r)))
                .map_or(0, bit128)
        };
        let first = longest(dead_ends);
        let second = longest(dead_ends & !first);
        let aside = dead_ends & !first & !second;
        for r in bits128(aside) {
            let [a, b] = self.ends(r);
            for end in [a, b] {
                if let Some(at) = self.at.get_mut(end) {
                    *at &= !bit128(r);
                }
            }
            self.all &= !bit128(r);
        }
        self.hand_over(aside, NONE);
        aside != 0
    }

    /// Joins the two links at `s` into one if `s` has exactly two, neither a loop;
    /// returns whether it did.
    fn join_at(&mut self, s: usize) -> bool {
        let here = self.at(s);
        if here.count_ones() != 2 || here & self.loops != 0 {
            return false;
        }
        let first = here.trailing_zeros() as usize;
        let second = (here & !bit128(first)).trailing_zeros() as usize;
        let far = |r: usize| {
            let [a, b] = self.ends(r);
            if a == s { b } else { a }
        };
        let (a, b) = (far(first), far(second));
        let weight = self.weight(first).saturating_add(self.weight(second));
        // The joined link keeps the name `first`; `second` is gone.
        if let (Some(e), Some(w)) = (self.ends.get_mut(first), self.weight.get_mut(first)) {
            *e = [a as u8, b as u8];
            *w = weight;
        }
        self.set_weight_bits(first, weight);
        self.hand_over(bit128(second), tag(first));
        self.all &= !bit128(second);
        if let Some(at) = self.at.get_mut(s) {
            *at = 0;
        }
        if let Some(at) = self.at.get_mut(b) {
            *at = (*at & !bit128(second)) | bit128(first);
        }
        if a == b {
            self.loops |= bit128(first);
        }
        true
    }

    /// Returns the smallest hanging part: links on one side of a bridge whose
    /// both sides have links (a dead end is left to the search), as the bridge,
    /// its station on the other side, and the part's links.
    ///
    /// A trail crosses a bridge at most once: it lies inside the part, or never
    /// touches it, or enters it over the bridge and ends there. So once the
    /// longest trail inside is known, and the longest that enters, the part and
    /// its bridge fold into one dead end as long as the latter ([`Network::fold`]).
    pub(super) fn hanging_part(&self) -> Option<(usize, usize, u128)> {
        let mut found: Option<(u32, usize, usize, u128)> = None;
        for bridge in bits128(self.all & !self.loops) {
            let [a, b] = self.ends(bridge);
            let rest = self.all & !bit128(bridge);
            if self.at(a) & rest == 0 || self.at(b) & rest == 0 {
                continue;
            }
            let (side_a, reached) = self.reach(rest, a, bit64(b));
            if reached & bit64(b) != 0 {
                continue;
            }
            let (side_b, _) = self.reach(rest, b, 0);
            let (from, part) = if side_a.count_ones() <= side_b.count_ones() {
                (b, side_a)
            } else {
                (a, side_b)
            };
            let size = part.count_ones();
            if found.is_none_or(|(smallest, ..)| size < smallest) {
                found = Some((size, bridge, from, part));
            }
        }
        found.map(|(_, bridge, from, part)| (bridge, from, part))
    }

    /// Folds the hanging part `part` beyond `bridge` into a dead end: the bridge
    /// becomes the trail `entering` (real routes, `length` long, the longest one
    /// that crosses the bridge into the part) and the part's links are gone.
    pub(super) fn fold(&mut self, bridge: usize, part: u128, entering: u128, length: u32) {
        for at in &mut self.at {
            *at &= !part;
        }
        self.all &= !part;
        self.loops &= !part;
        let length = u16::try_from(length).unwrap_or(u16::MAX);
        if let Some(w) = self.weight.get_mut(bridge) {
            *w = length;
        }
        self.set_weight_bits(bridge, length);
        self.hand_over(part, NONE);
        for r in bits128(entering) {
            if let Some(owner) = self.owner.get_mut(r) {
                *owner = tag(bridge);
            }
        }
    }

    /// Gives the real routes of the links `links` to the `owner` entry `to`
    /// (a link's [`tag`], or [`NONE`] to set them aside).
    fn hand_over(&mut self, links: u128, to: u8) {
        for owner in &mut self.owner {
            if linked(*owner, links) {
                *owner = to;
            }
        }
    }

    /// Returns the links of `set` reachable from `station`, and the stations
    /// reached; stops early once it reaches one of the stations `stop`.
    fn reach(&self, set: u128, station: usize, stop: u64) -> (u128, u64) {
        let mut seen = bit64(station);
        let mut frontier = seen;
        let mut routes = 0u128;
        while frontier != 0 && seen & stop == 0 {
            let mut next_routes = 0;
            for s in bits64(frontier) {
                next_routes |= self.at(s) & set;
            }
            let fresh = next_routes & !routes;
            routes |= next_routes;
            frontier = 0;
            for r in bits128(fresh) {
                for s in self.ends(r) {
                    if seen & bit64(s) == 0 {
                        seen |= bit64(s);
                        frontier |= bit64(s);
                    }
                }
            }
        }
        (routes, seen)
    }

    /// Returns the real routes of the links `set`.
    pub(super) fn routes_of(&self, set: u128) -> u128 {
        let mut routes = 0;
        for (r, &owner) in self.owner.iter().enumerate() {
            if linked(owner, set) {
                routes |= bit128(r);
            }
        }
        routes
    }

    /// Returns the real routes of `routes` at `station`.
    pub(super) fn real_at(&self, station: usize, routes: u128) -> u128 {
        let mut here = 0;
        for r in bits128(routes) {
            if self.real_ends(r).contains(&station) {
                here |= bit128(r);
            }
        }
        here
    }

    /// Returns both ends of the real route at position `route`.
    pub(super) fn real_ends(&self, route: usize) -> [usize; 2] {
        self.real
            .get(route)
            .map_or([0, 0], |e| [usize::from(e[0]), usize::from(e[1])])
    }

    pub(super) fn weight(&self, route: usize) -> u16 {
        self.weight.get(route).copied().unwrap_or(0)
    }

    pub(super) fn ends(&self, route: usize) -> [usize; 2] {
        self.ends
            .get(route)
            .map_or([0, 0], |e| [usize::from(e[0]), usize::from(e[1])])
    }

    pub(super) fn at(&self, station: usize) -> u128 {
        self.at.get(station).copied().unwrap_or(0)
    }

    /// Returns whether two routes join the same two stations with the same length.
    pub(super) fn twins(&self, a: usize, b: usize) -> bool {
        let ([a1, a2], [b1, b2]) = (self.ends(a), self.ends(b));
        self.weight(a) == self.weight(b) && ((a1 == b1 && a2 == b2) || (a1 == b2 && a2 == b1))
    }

    /// Returns the total length of a set of routes.
    pub(super) fn length(&self, set: u128) -> u32 {
        let mut length = 0u32;
        for (links, k) in self.weight_bits.iter().zip(0..u32::BITS) {
            // At most 128 routes of length at most 6: never wraps.
            length = length.wrapping_add((set & links).count_ones() << k);
        }
        length
    }

    /// Records the length of `link` in the bit masks of [`Network::length`].
    fn set_weight_bits(&mut self, link: usize, weight: u16) {
        for (k, links) in self.weight_bits.iter_mut().enumerate() {
            if weight >> k & 1 == 1 {
                *links |= bit128(link);
            } else {
                *links &= !bit128(link);
            }
        }
    }

    /// Returns the stations with an odd number of routes of `set`.
    pub(super) fn odd(&self, set: u128) -> u64 {
        let set = set & !self.loops;
        let mut odd = 0;
        for (s, at) in self.at.iter().take(self.stations).enumerate() {
            if (at & set).count_ones() % 2 == 1 {
                odd |= bit64(s);
            }
        }
        odd
    }

    /// Returns the links at `station` that change its parity (all but loops).
    pub(super) fn crossing(&self, station: usize) -> u128 {
        self.at(station) & !self.loops
    }

    /// Returns the stations touched by `set`.
    pub(super) fn touched(&self, set: u128) -> u64 {
        let mut touched = 0;
        for (s, at) in self.at.iter().take(self.stations).enumerate() {
            if at & set != 0 {
                touched |= bit64(s);
            }
        }
        touched
    }

    /// Returns the connected piece of `set` holding its lowest route.
    pub(super) fn piece(&self, set: u128) -> u128 {
        if set == 0 {
            return 0;
        }
        let [a, _] = self.ends(set.trailing_zeros() as usize);
        self.reach(set, a, 0).0
    }

    /// Returns a lower bound on the length of routes still to drop from a connected
    /// `alive` for its parity, with each station's doubled share of it, or `None`
    /// when no trail with these constraints is left.
    /// Stops raising the bound once it reaches `target` (enough to prune).
    pub(super) fn drop_bound(
        &self,
        alive: u128,
        kept: u128,
        ends: u64,
        target: u32,
    ) -> Option<(u32, [u32; MAX_STATIONS])> {
        // Loops never mend a parity: the bound is on the other links.
        let alive = alive & !self.loops;
        // Stations whose parity must change: odd ones not allowed to stay odd,
        // and named ends that are even now.
        let sources = self.odd(alive) ^ ends;
        if sources == 0 {
            return Some((0, [0; MAX_STATIONS]));
        }
        let droppable = alive & !kept;
        let mut dist = [FAR; MAX_STATIONS];
        let mut origin = [0u8; MAX_STATIONS];
        let mut nearest = [FAR; MAX_STATIONS];
        // A source at the tip of a dead-end chain (stations with two routes) reaches
        // every other source through the whole chain: it owns those routes alone,
        // and sits at the chain's base for the distances.
        let mut chain = [0u16; MAX_STATIONS];
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
            for r in bits128(droppable) {
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
        for r in bits128(droppable) {
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
        let mut share = [0u32; MAX_STATIONS];
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
    fn dead_end(&self, t: usize, alive: u128, droppable: u128, sources: u64) -> (usize, u16) {
        let first = self.at(t) & alive;
        if first.count_ones() != 1 || first & droppable == 0 {
            return (t, 0);
        }
        let mut route = first.trailing_zeros() as usize;
        let mut at = t;
        let mut length: u16 = 0;
        for _ in 0..MAX_ROUTES {
            length = length.saturating_add(self.weight(route));
            let [a, b] = self.ends(route);
            let next = if a == at { b } else { a };
            let out = self.at(next) & alive & !bit128(route);
            let degree = out.count_ones() + 1;
            if degree == 1 {
                // The network is a bare path: no chain to speak of.
                return (t, 0);
            }
            if degree >= 3 || sources & bit64(next) != 0 || out & droppable == 0 {
                return (next, length);
            }
            at = next;
            route = out.trailing_zeros() as usize;
        }
        (t, 0)
    }
}

/// Returns half the sum of the doubled shares but the `free` largest, rounded up;
/// `None` if a share not spared is infinite (a source that cannot be paired).
fn spared_sum(share: &[u32; MAX_STATIONS], sources: u64, free: usize) -> Option<u32> {
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

fn get16(a: &[u16; MAX_STATIONS], i: usize) -> u16 {
    a.get(i).copied().unwrap_or(FAR)
}
