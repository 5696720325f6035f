//! The exact search: the longest trail is the heaviest connected set of routes with
//! at most two odd stations, found as the cheapest set of routes to drop.
//!
//! Each node of the search is a set `alive` of routes still owned by the candidate
//! trail, a set `kept` of routes it must keep, the stations `ends` it may end at
//! (at most two, odd in the trail) and the stations `even` it must not end at.
//! A node whose routes fall apart is split into its connected pieces (a trail lies
//! in one). A connected node with at most two odd stations is a trail (Euler), and
//! no subset beats it. Otherwise one odd station `v` outside `ends` is branched on:
//! either the trail ends at `v`, or it drops one of `v`'s droppable routes (the
//! first in a fixed order; the earlier ones are then kept), which is complete.
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

/// Deepest search: every level drops a route, names an end, or splits a network
/// into smaller pieces, so the depth is at most `MAX_ROUTES + 2` plus the root.
const MAX_DEPTH: usize = MAX_ROUTES + 4;

/// Iterates over the indices of the set bits of a route set.
fn bits128(mut set: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(i)
    })
}

/// Iterates over the indices of the set bits of a station set.
fn bits64(mut set: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(i)
    })
}

const fn bit128(i: usize) -> u128 {
    if i < 128 { 1 << i } else { 0 }
}

const fn bit64(i: usize) -> u64 {
    if i < 64 { 1 << i } else { 0 }
}

/// The routes of a network as a multigraph on local station numbers.
pub(super) struct Network {
    /// Both ends of each route, as local station numbers.
    ends: [[u8; 2]; MAX_ROUTES],
    /// The length of each route.
    weight: [u8; MAX_ROUTES],
    /// The routes at each local station.
    at: [u128; MAX_STATIONS],
    /// Every route.
    all: u128,
    /// How many local stations there are.
    stations: usize,
}

impl Network {
    /// Numbers the stations of `routes` and checks the capacities.
    pub(super) fn new(routes: &[Route]) -> Result<Network, TrailError> {
        if routes.len() > MAX_ROUTES {
            return Err(TrailError::TooManyRoutes);
        }
        let mut net = Network {
            ends: [[0; 2]; MAX_ROUTES],
            weight: [0; MAX_ROUTES],
            at: [0; MAX_STATIONS],
            all: 0,
            stations: 0,
        };
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
                    if net.stations >= MAX_STATIONS {
                        return Err(TrailError::TooManyStations);
                    }
                    *slot = net.stations as u8;
                    net.stations += 1;
                }
                *end = *slot;
                if let Some(at) = net.at.get_mut(usize::from(*slot)) {
                    *at |= bit128(i);
                }
            }
            if let (Some(e), Some(w)) = (net.ends.get_mut(i), net.weight.get_mut(i)) {
                *e = ends;
                *w = route.length();
            }
            net.all |= bit128(i);
        }
        Ok(net)
    }

    fn weight(&self, route: usize) -> u16 {
        self.weight.get(route).map_or(0, |&w| u16::from(w))
    }

    pub(super) fn ends(&self, route: usize) -> [usize; 2] {
        self.ends
            .get(route)
            .map_or([0, 0], |e| [usize::from(e[0]), usize::from(e[1])])
    }

    fn at(&self, station: usize) -> u128 {
        self.at.get(station).copied().unwrap_or(0)
    }

    /// Returns the total length of a set of routes.
    pub(super) fn length(&self, set: u128) -> u32 {
        bits128(set).map(|r| u32::from(self.weight(r))).sum()
    }

    /// Returns the stations with an odd number of routes of `set`.
    fn odd(&self, set: u128) -> u64 {
        let mut odd = 0;
        for (s, at) in self.at.iter().take(self.stations).enumerate() {
            if (at & set).count_ones() % 2 == 1 {
                odd |= bit64(s);
            }
        }
        odd
    }

    /// Returns the stations touched by `set`.
    fn touched(&self, set: u128) -> u64 {
        let mut touched = 0;
        for (s, at) in self.at.iter().take(self.stations).enumerate() {
            if at & set != 0 {
                touched |= bit64(s);
            }
        }
        touched
    }

    /// Returns the connected piece of `set` holding its lowest route.
    fn piece(&self, set: u128) -> u128 {
        if set == 0 {
            return 0;
        }
        let first = set.trailing_zeros() as usize;
        let [a, b] = self.ends(first);
        let mut seen: u64 = bit64(a) | bit64(b);
        let mut frontier = seen;
        let mut routes = bit128(first);
        while frontier != 0 {
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
        routes
    }

    /// Returns a lower bound on the length of routes still to drop from a connected
    /// `alive` for its parity, with each station's doubled share of it, or `None`
    /// when no trail with these constraints is left.
    /// Stops raising the bound once it reaches `target` (enough to prune).
    fn drop_bound(
        &self,
        alive: u128,
        kept: u128,
        ends: u64,
        target: u32,
    ) -> Option<(u32, [u32; MAX_STATIONS])> {
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

/// A search node, see the module docs.
#[derive(Clone, Copy)]
struct Node {
    alive: u128,
    kept: u128,
    ends: u64,
    even: u64,
}

/// What a frame of the explicit stack still has to hand out.
#[derive(Clone, Copy)]
enum Children {
    /// Connected pieces of `node.alive` not searched yet.
    Pieces { left: u128 },
    /// Branches on the odd station `station`: first ending there (if `end`),
    /// then dropping each route of `left` in turn.
    Station {
        station: usize,
        end: bool,
        left: u128,
    },
}

#[derive(Clone, Copy)]
struct Frame {
    node: Node,
    children: Children,
}

/// The state of one search: the best trail's routes and length so far.
pub(super) struct Search<'n> {
    net: &'n Network,
    /// The best route set found so far (one trail).
    pub(super) best: u128,
    /// Its length.
    pub(super) best_length: u32,
    /// Nodes visited.
    pub(super) steps: u64,
}

impl<'n> Search<'n> {
    pub(super) fn new(net: &'n Network) -> Search<'n> {
        // Start from the longest single route: a trail even if the budget is tiny.
        let mut best = 0;
        let mut best_length = 0;
        for r in bits128(net.all) {
            let w = u32::from(net.weight(r));
            if w > best_length {
                best = bit128(r);
                best_length = w;
            }
        }
        Search {
            net,
            best,
            best_length,
            steps: 0,
        }
    }

    /// Runs until proven (returns `true`) or until `max_steps` nodes were visited.
    pub(super) fn run(&mut self, max_steps: u64) -> bool {
        let mut stack: heapless::Vec<Frame, MAX_DEPTH> = heapless::Vec::new();
        let root = Node {
            alive: self.net.all,
            kept: 0,
            ends: 0,
            even: 0,
        };
        if !self.visit(root, &mut stack) {
            return false;
        }
        while let Some(frame) = stack.last_mut() {
            if self.steps >= max_steps {
                return false;
            }
            let Some(child) = next_child(self.net, frame) else {
                stack.pop();
                continue;
            };
            if !self.visit(child, &mut stack) {
                return false;
            }
        }
        true
    }

    /// Bounds a node: records it if it is a trail, pushes a frame if it must be
    /// branched on. Returns `false` only if the stack overflowed (never, by depth).
    fn visit(&mut self, node: Node, stack: &mut heapless::Vec<Frame, MAX_DEPTH>) -> bool {
        self.steps = self.steps.saturating_add(1);
        let net = self.net;
        let length = net.length(node.alive);
        if length <= self.best_length {
            return true;
        }
        let piece = net.piece(node.alive);
        if piece != node.alive {
            let frame = Frame {
                node,
                children: Children::Pieces { left: node.alive },
            };
            return stack.push(frame).is_ok();
        }
        let odd = net.odd(node.alive);
        if odd.count_ones() <= 2 {
            // Connected with 0 or 2 odd stations: one trail, and no subset is longer.
            self.best = node.alive;
            self.best_length = length;
            return true;
        }
        let target = length.saturating_sub(self.best_length);
        let Some((bound, share)) = net.drop_bound(node.alive, node.kept, node.ends, target) else {
            return true;
        };
        if length.saturating_sub(bound) <= self.best_length {
            return true;
        }
        // Branch on the odd station with the fewest choices, then the smallest share
        // (the cheapest to mend), then the lightest route (measured: fewest nodes).
        let may_end = node.ends.count_ones() < 2;
        let mut choice: Option<((u32, u32, u16), usize, bool, u128)> = None;
        for s in bits64(odd & !node.ends) {
            let left = net.at(s) & node.alive & !node.kept;
            let end = may_end && node.even & bit64(s) == 0;
            let lightest = bits128(left).map(|r| net.weight(r)).min().unwrap_or(0);
            let y = share.get(s).copied().unwrap_or(0);
            let key = (left.count_ones() + u32::from(end), y, lightest);
            if choice.is_none_or(|(k, ..)| key < k) {
                choice = Some((key, s, end, left));
            }
        }
        let Some(((count, _, _), station, end, left)) = choice else {
            return true;
        };
        if count == 0 {
            return true;
        }
        let frame = Frame {
            node,
            children: Children::Station { station, end, left },
        };
        stack.push(frame).is_ok()
    }
}

/// Hands out the next child of a frame, or `None` when all were.
fn next_child(net: &Network, frame: &mut Frame) -> Option<Node> {
    let node = frame.node;
    match &mut frame.children {
        Children::Pieces { left } => {
            let piece = net.piece(*left);
            if piece == 0 {
                return None;
            }
            *left &= !piece;
            // The trail's named ends must lie on its piece.
            if net.touched(piece) & node.ends != node.ends {
                return Some(Node { alive: 0, ..node });
            }
            Some(Node {
                alive: piece,
                kept: node.kept & piece,
                ..node
            })
        }
        Children::Station { station, end, left } => {
            let s = *station;
            if *left == 0 {
                if *end {
                    *end = false;
                    return Some(Node {
                        ends: node.ends | bit64(s),
                        ..node
                    });
                }
                return None;
            }
            // Drop first the routes towards another odd station, the light ones first.
            let odd = net.odd(node.alive) & !node.ends;
            let mut pick: Option<(bool, u16, usize)> = None;
            for r in bits128(*left) {
                let [a, b] = net.ends(r);
                let other = if a == s { b } else { a };
                let key = (odd & bit64(other) == 0, net.weight(r), r);
                if pick.is_none_or(|p| key < p) {
                    pick = Some(key);
                }
            }
            let (_, _, r) = pick?;
            let all = net.at(s) & node.alive & !node.kept;
            let done = all & !*left;
            *left &= !bit128(r);
            Some(Node {
                alive: node.alive & !bit128(r),
                kept: node.kept | done,
                ends: node.ends,
                even: node.even | bit64(s),
            })
        }
    }
}

/// Walks the routes of `set` (connected, at most two odd stations) as one trail:
/// Hierholzer's algorithm with an explicit stack. Writes the route indices in trail
/// order to `order` and returns how many, and the local start station.
pub(super) fn euler(net: &Network, set: u128, order: &mut [u8; MAX_ROUTES]) -> (usize, usize) {
    let odd = net.odd(set);
    let start = if odd != 0 {
        odd.trailing_zeros() as usize
    } else if set != 0 {
        net.ends(set.trailing_zeros() as usize)[0]
    } else {
        return (0, 0);
    };
    // (station, route taken to reach it; 0xFF for the start)
    let mut stack: heapless::Vec<(u8, u8), { MAX_ROUTES + 1 }> = heapless::Vec::new();
    let mut unused = set;
    let mut count = 0usize;
    if stack.push((start as u8, 0xFF)).is_err() {
        return (0, start);
    }
    // Routes come off the stack from the trail's far end back to its start.
    while let Some(&(s, via)) = stack.last() {
        let s = usize::from(s);
        let out = net.at(s) & unused;
        if out != 0 {
            let r = out.trailing_zeros() as usize;
            unused &= !bit128(r);
            let [a, b] = net.ends(r);
            let next = if a == s { b } else { a };
            if stack.push((next as u8, r as u8)).is_err() {
                break;
            }
        } else {
            stack.pop();
            if via != 0xFF {
                if let Some(slot) = order.get_mut(count) {
                    *slot = via;
                }
                count += 1;
            }
        }
    }
    let count = count.min(MAX_ROUTES);
    // Reverse so the trail reads from its start.
    if let Some(walked) = order.get_mut(..count) {
        walked.reverse();
    }
    (count, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stack a search needs, as documented in the module docs.
    #[test]
    fn memory() {
        let stack = core::mem::size_of::<heapless::Vec<Frame, MAX_DEPTH>>();
        let net = core::mem::size_of::<Network>();
        std::println!(
            "frame {} stack {stack} network {net}",
            core::mem::size_of::<Frame>()
        );
        assert!(stack + net <= 16 * 1024);
    }
}
