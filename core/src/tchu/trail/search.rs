//! The exact search: the longest trail is the heaviest connected set of routes with
//! at most two odd stations, found as the cheapest set of routes to drop.
//!
//! Each node of the search is a set `alive` of routes still owned by the candidate
//! trail, a set `kept` of routes it must keep, the stations `ends` it may end at
//! (at most two, odd in the trail) and the stations `even` it must not end at.
//! A node whose routes fall apart is split into its connected pieces (a trail lies
//! in one). A connected node with at most two odd stations is a trail (Euler), and
//! no subset beats it. An odd station left with one choice takes it at once,
//! without a bound.
//!
//! Otherwise the node is bounded by the cheapest set of routes whose removal
//! mends the parity alone, connected or not (a minimum T-join, from a
//! minimum-cost perfect matching: [`Network::drop_join`]), where the matching
//! holds its stations to mend, and by the cheap sum of shares (`bound.rs`)
//! where it does not or does not prune (the T-join prunes whatever the sum
//! of shares would: those shares are a feasible dual of its matching). What
//! that drop leaves is a set of trails: if it is one piece, it is the node's
//! longest trail and the node is settled; else its best piece is a trail
//! found, and the node branches on the routes `cut` between the piece with
//! the fewest such routes and the rest: either the trail crosses none of them
//! (the node splits), or it keeps each in turn, the earlier ones dropped.
//! Each child either loses routes or keeps one more, so the depth stays
//! within one level per route.
//!
//! A pair of stations to mend that no droppable routes join costs the most a
//! matching holds (which keeps the bound valid), so the cheapest pairing takes
//! one only when every pairing must. Where it does, the matching gives no drop,
//! and the node branches as before the matching came: on one odd station `v`
//! outside `ends`, either the trail ends at `v`, or it drops one of `v`'s
//! droppable routes (the first in a fixed order; the earlier ones are then
//! kept), which is complete.
//!
//! Before that, each part of the network hanging by a bridge (smallest first) is
//! searched twice, with the same machinery and the same step count: the longest
//! trail that crosses the bridge into it (keeping the bridge, ending at its far
//! station), then any longer trail inside it; then the part folds into one dead
//! end as long as the first. On random pieces of the map this divides the work of
//! the hardest networks by about seven.

use super::graph::{Network, bits};
use super::layout::{Layout, Stack};
use super::matching::Pairing;
use super::set::BitSet;
use crate::Budget;
use crate::bits::get;
use crate::search::Meter;

/// A search node, see the module docs.
#[derive(Clone, Copy)]
struct Node<T, U> {
    alive: T,
    kept: T,
    ends: U,
    even: U,
}

/// What bounding a node gave.
enum Settled<T, U> {
    /// Bounded (and pushed if it must be branched on); `false` if the stack overflowed.
    Done(bool),
    /// Its only child, to bound in its place.
    Forced(Node<T, U>),
}

/// What a frame of the explicit stack still has to hand out.
#[derive(Clone, Copy)]
enum Children {
    /// Connected pieces of the frame's `set` not searched yet.
    Pieces,
    /// Branches on the routes `set` cut between a piece of what a cheapest
    /// parity drop leaves and the rest: the trail keeps each in turn, lightest
    /// first (the earlier ones dropped), then crosses none of them: every trail
    /// crosses the cut at a first route, or not at all.
    Cut,
    /// Branches on the odd station `station`: first dropping each of its
    /// routes in turn, then ending there (if `end`).
    Station { end: bool },
}

/// The frame's `next` once every child was handed out (above any [`key`]).
const ALL_OUT: u32 = u32::MAX;

/// A frame of the explicit stack: a node and the children it still has to hand
/// out. Flat, so that it takes three route sets, a station set and 8 bytes:
/// 64 bytes with `u128` route sets and `u64` station sets, 40 with `u64` ones.
#[derive(Clone, Copy)]
pub struct Frame<T, U> {
    alive: T,
    kept: T,
    /// `Pieces`: the routes not handed out yet; `Cut`: the cut.
    set: T,
    even: U,
    /// `Cut`, `Station`: the [`key`] of the next route to hand out (the routes
    /// are handed out in the order of their keys); [`ALL_OUT`] when done.
    next: u32,
    /// The node's named ends (at most two), [`NO_END`] where none.
    ends: [u8; 2],
    /// `Station`: the station.
    station: u8,
    children: Children,
}

/// No named end, in a frame's `ends` (local stations are below 255).
const NO_END: u8 = u8::MAX;

/// Returns the order key of a route of `weight` (below 3,072) at position
/// `route` (below 512) in a branch, `first` set for the routes handed out
/// before the others: ordered as `(first, weight, route)`, below [`ALL_OUT`].
const fn key(first: bool, weight: u16, route: usize) -> u32 {
    ((!first as u32) << 30) | ((weight as u32) << 10) | (route as u32 & 0x3FF)
}

impl<T: BitSet, U: BitSet> Frame<T, U> {
    /// The frame of `node` that hands out `children`, from the `set`.
    fn new(node: Node<T, U>, children: Children, set: T, station: usize) -> Self {
        let mut ends = [NO_END; 2];
        for (slot, s) in ends.iter_mut().zip(bits(node.ends)) {
            *slot = s as u8;
        }
        Frame {
            alive: node.alive,
            kept: node.kept,
            set,
            even: node.even,
            next: 0,
            ends,
            station: station as u8,
            children,
        }
    }

    /// The frame's node.
    fn node(&self) -> Node<T, U> {
        // (A set of 256 stations holds bit 255: `NO_END` is no bit.)
        let end = |s: u8| {
            if s == NO_END {
                U::EMPTY
            } else {
                U::bit(usize::from(s))
            }
        };
        let [a, b] = self.ends;
        Node {
            alive: self.alive,
            kept: self.kept,
            ends: end(a) | end(b),
            even: self.even,
        }
    }
}

/// The state of one search, resumable: the best trail's routes and length so far,
/// and the explicit stack of the nodes still to branch on, in the memory of the
/// layout `L`.
pub struct BranchAndBound<L: Layout> {
    /// The best set of real routes found so far (one trail).
    best: L::Routes,
    /// Its length.
    pub(super) best_length: u32,
    /// The nodes visited, in all slices, and the slice's end.
    pub(super) meter: Meter,
    /// At most one frame per route and 4 more: each level drops a route, names
    /// an end, or splits a network into smaller pieces.
    stack: L::Stack<Frame<L::Routes, L::Stations>>,
    phase: Phase<L::Routes>,
    finished: bool,
    proven: bool,
    /// The matching behind the parity bound ([`Network::drop_join`]).
    matching: L::Matching,
}

/// Where a search stands: first it folds the network's hanging parts one by one
/// (see [`Network::hanging_part`]), each with two small searches, then it searches
/// what is left.
#[derive(Clone, Copy)]
enum Phase<T> {
    /// Nothing searched yet: look for a hanging part to fold.
    Fold,
    /// Searching the longest trail that crosses the bridge `bridge` into `part`
    /// (its own best so far in `best`): the global best waits in `kept`.
    Entering {
        bridge: u16,
        part: T,
        kept: T,
        kept_length: u32,
    },
    /// Searching a longer trail inside `part`, before folding it: the trail that
    /// enters it over `bridge` is `entering`, `length` long.
    Inside {
        bridge: u16,
        part: T,
        entering: T,
        length: u32,
    },
    /// Searching the folded network.
    Main,
}

impl<L: Layout> BranchAndBound<L> {
    /// No search yet, for a `static` workspace.
    pub(super) const EMPTY: Self = BranchAndBound {
        best: L::Routes::EMPTY,
        best_length: 0,
        meter: Meter::new(),
        stack: <L::Stack<Frame<L::Routes, L::Stations>> as Stack<_>>::EMPTY,
        phase: Phase::Fold,
        finished: false,
        proven: false,
        matching: L::Matching::EMPTY,
    };

    /// Starts a new search of `net` in place.
    pub(super) fn reset<const R: usize, const S: usize>(
        &mut self,
        net: &Network<L::Routes, L::Stations, R, S>,
    ) {
        // Start from the longest single route: a trail even if the budget is tiny.
        let mut best = L::Routes::EMPTY;
        let mut best_length = 0;
        for r in bits(net.all) {
            let w = u32::from(net.weight(r));
            if w > best_length {
                best = L::Routes::bit(r);
                best_length = w;
            }
        }
        self.best = net.routes_of(best);
        self.best_length = best_length;
        self.meter = Meter::new();
        self.matching.forget();
        self.stack.clear();
        self.phase = Phase::Fold;
        self.finished = false;
        self.proven = false;
    }

    /// Returns whether the search ended with the best trail proven longest.
    pub(super) const fn proven(&self) -> bool {
        self.proven
    }

    /// Returns the best set of real routes found so far (one trail).
    pub(super) fn best(&self) -> L::Routes {
        match self.phase {
            // The entering search keeps its own best: the global one waits.
            Phase::Entering {
                kept, kept_length, ..
            } if kept_length >= self.best_length => kept,
            _ => self.best,
        }
    }

    /// Visits up to `budget` more nodes and returns whether the search is over.
    pub(super) fn run<const R: usize, const S: usize>(
        &mut self,
        net: &mut Network<L::Routes, L::Stations, R, S>,
        budget: Budget,
    ) -> bool {
        if self.finished {
            return true;
        }
        self.meter.open(budget);
        // Each round ends a search and starts the next: at most three per
        // hanging part (each has a route) and two more.
        for _ in 0..4 * R + 4 {
            if !self.drive(net) {
                return self.finished;
            }
            if let Phase::Main = self.phase {
                self.finished = true;
                self.proven = true;
                return true;
            }
            // A new search starts with a visit: it needs budget.
            if self.meter.left() == 0 {
                return false;
            }
            let root = match self.phase {
                Phase::Fold => self.fold_next(net),
                _ => self.finish_phase(net),
            };
            if let Some(root) = root
                && !self.visit(net, root)
            {
                // Unreachable by the depth bound: end unproven rather than loop.
                self.finished = true;
                return true;
            }
        }
        self.finished = true;
        true
    }

    /// Starts the next search: the entering search of the smallest hanging part,
    /// or the main one when none is left. Returns its root.
    fn fold_next<const R: usize, const S: usize>(
        &mut self,
        net: &mut Network<L::Routes, L::Stations, R, S>,
    ) -> Option<Node<L::Routes, L::Stations>> {
        self.stack.clear();
        if let Some((bridge, from, part)) = net.hanging_part() {
            self.phase = Phase::Entering {
                bridge: bridge as u16,
                part,
                kept: self.best,
                kept_length: self.best_length,
            };
            self.best = L::Routes::EMPTY;
            self.best_length = 0;
            // The trail keeps the bridge and ends at `from`, its only route here.
            return Some(Node {
                alive: part | L::Routes::bit(bridge),
                kept: L::Routes::bit(bridge),
                ends: L::Stations::bit(from),
                even: L::Stations::EMPTY,
            });
        }
        net.reduce();
        self.phase = Phase::Main;
        Some(Node {
            alive: net.all,
            kept: L::Routes::EMPTY,
            ends: L::Stations::EMPTY,
            even: L::Stations::EMPTY,
        })
    }

    /// Ends the entering or inside search (its stack is empty) and returns the
    /// root of the next search, if it starts at once.
    fn finish_phase<const R: usize, const S: usize>(
        &mut self,
        net: &mut Network<L::Routes, L::Stations, R, S>,
    ) -> Option<Node<L::Routes, L::Stations>> {
        match self.phase {
            Phase::Fold | Phase::Main => None,
            Phase::Entering {
                bridge,
                part,
                kept,
                kept_length,
                ..
            } => {
                let (entering, length) = (self.best, self.best_length);
                // The entering trail is a trail of the whole network too.
                if kept_length >= length {
                    self.best = kept;
                    self.best_length = kept_length;
                }
                self.phase = Phase::Inside {
                    bridge,
                    part,
                    entering,
                    length,
                };
                Some(Node {
                    alive: part,
                    kept: L::Routes::EMPTY,
                    ends: L::Stations::EMPTY,
                    even: L::Stations::EMPTY,
                })
            }
            Phase::Inside {
                bridge,
                part,
                entering,
                length,
            } => {
                net.fold(usize::from(bridge), part, entering, length);
                self.phase = Phase::Fold;
                None
            }
        }
    }

    /// Runs the current search until its stack is empty (`true`) or the
    /// slice is spent (`false`, and also if the stack overflowed: then the
    /// search is over, unproven).
    fn drive<const R: usize, const S: usize>(
        &mut self,
        net: &Network<L::Routes, L::Stations, R, S>,
    ) -> bool {
        while let Some(frame) = self.stack.top_mut() {
            if self.meter.left() == 0 {
                return false;
            }
            let Some(child) = next_child(net, frame) else {
                self.stack.pop();
                continue;
            };
            if !self.visit(net, child) {
                // Unreachable by the depth bound: end unproven rather than loop.
                self.finished = true;
                return false;
            }
        }
        true
    }

    /// Bounds a node: records it if it is a trail, pushes a frame if it must be
    /// branched on. Returns `false` only if the stack overflowed (never, by depth).
    fn visit<const R: usize, const S: usize>(
        &mut self,
        net: &Network<L::Routes, L::Stations, R, S>,
        node: Node<L::Routes, L::Stations>,
    ) -> bool {
        // (Within the slice: every visit is made with budget left.)
        self.meter.spend(1);
        let mut node = node;
        // Forced moves are made at once, without a bound or a frame each: at most
        // one per route and two ends.
        for _ in 0..R + 4 {
            match self.settle(net, node) {
                Settled::Done(pushed) => return pushed,
                Settled::Forced(child) => node = child,
            }
        }
        true
    }

    /// Pushes the frame of `node` that hands out `children` from `set`;
    /// `false` if the stack is full (never, by depth).
    fn push(
        &mut self,
        node: Node<L::Routes, L::Stations>,
        children: Children,
        set: L::Routes,
        station: usize,
    ) -> bool {
        self.stack.push(Frame::new(node, children, set, station))
    }

    /// Bounds a node, or returns its only child when one of its odd stations
    /// leaves a single choice (drop its one droppable route, or end there).
    fn settle<const R: usize, const S: usize>(
        &mut self,
        net: &Network<L::Routes, L::Stations, R, S>,
        node: Node<L::Routes, L::Stations>,
    ) -> Settled<L::Routes, L::Stations> {
        let none = L::Routes::EMPTY;
        let length = net.length(node.alive);
        if length <= self.best_length {
            return Settled::Done(true);
        }
        let piece = net.piece(node.alive);
        if piece != node.alive {
            return Settled::Done(self.push(node, Children::Pieces, node.alive, 0));
        }
        let odd = net.odd(node.alive);
        if odd.count() <= 2 {
            // Connected with 0 or 2 odd stations: one trail, and no subset is longer.
            self.best = net.routes_of(node.alive);
            self.best_length = length;
            return Settled::Done(true);
        }
        let may_end = node.ends.count() < 2;
        for s in bits(odd & !node.ends) {
            let left = net.crossing(s) & node.alive & !node.kept;
            let end = may_end && !node.even.has(s);
            match (left.count(), end) {
                // Nothing can make `s` even, and the trail cannot end there.
                (0, false) => return Settled::Done(true),
                (0, true) => {
                    let ends = node.ends | L::Stations::bit(s);
                    return Settled::Forced(Node { ends, ..node });
                }
                (1, false) => {
                    let alive = node.alive & !left;
                    return Settled::Forced(Node { alive, ..node });
                }
                _ => {}
            }
        }
        let target = length.saturating_sub(self.best_length);
        // The T-join first, where the matching holds the node: it prunes
        // whatever the sum of shares would (the shares are a feasible dual of
        // its matching), which then only orders the branches on a station.
        let join = net.drop_join::<_, L::Row>(
            &mut self.matching,
            node.alive,
            node.kept,
            node.ends,
            target,
        );
        if let Some(join) = join {
            if length.saturating_sub(join.bound) <= self.best_length {
                return Settled::Done(true);
            }
            if let Some(dropped) = join.links {
                let left = node.alive & !dropped;
                if self.keep_pieces(net, node, left, length.saturating_sub(join.bound)) {
                    return Settled::Done(true);
                }
                if length.saturating_sub(join.bound) <= self.best_length {
                    return Settled::Done(true);
                }
                let cut = net.cut_off(node.alive, left);
                if cut != none {
                    return Settled::Done(self.push(node, Children::Cut, cut, 0));
                }
            }
        }
        let Some((bound, share)) = net.drop_bound(node.alive, node.kept, node.ends, target) else {
            return Settled::Done(true);
        };
        if length.saturating_sub(bound) <= self.best_length {
            return Settled::Done(true);
        }
        // Branch on the odd station with the fewest choices, then the smallest share
        // (the cheapest to mend), then the lightest route (measured: fewest nodes).
        let mut choice: Option<((u32, u32, u16), usize, bool)> = None;
        for s in bits(odd & !node.ends) {
            let left = net.crossing(s) & node.alive & !node.kept;
            let end = may_end && !node.even.has(s);
            let lightest = bits(left).map(|r| net.weight(r)).min().unwrap_or(0);
            let y = get(&share, s, 0);
            let key = (left.count() + u32::from(end), y, lightest);
            if choice.as_ref().is_none_or(|(k, ..)| key < *k) {
                choice = Some((key, s, end));
            }
        }
        let Some(((count, _, _), station, end)) = choice else {
            return Settled::Done(true);
        };
        if count == 0 {
            return Settled::Done(true);
        }
        Settled::Done(self.push(node, Children::Station { end }, none, station))
    }

    /// Records the best trail among the pieces of `left` (what a cheapest parity
    /// drop leaves of a node: each piece has at most two odd stations) that keep
    /// the node's kept routes. Returns whether `left` is one piece `ideal` long:
    /// then no trail of the node is longer, and the node is settled.
    fn keep_pieces<const R: usize, const S: usize>(
        &mut self,
        net: &Network<L::Routes, L::Stations, R, S>,
        node: Node<L::Routes, L::Stations>,
        left: L::Routes,
        ideal: u32,
    ) -> bool {
        let mut rest = left;
        // A piece has a route: at most `R` of them.
        for _ in 0..R {
            let piece = net.piece(rest);
            if piece == L::Routes::EMPTY {
                break;
            }
            rest &= !piece;
            if piece & node.kept != node.kept || net.odd(piece).count() > 2 {
                continue;
            }
            let length = net.length(piece);
            if length > self.best_length {
                self.best = net.routes_of(piece);
                self.best_length = length;
            }
            if piece == left && length >= ideal {
                return true;
            }
        }
        false
    }
}

/// Hands out the next child of a frame, or `None` when all were.
fn next_child<T: BitSet, U: BitSet, const R: usize, const S: usize>(
    net: &Network<T, U, R, S>,
    frame: &mut Frame<T, U>,
) -> Option<Node<T, U>> {
    let node = frame.node();
    match &mut frame.children {
        Children::Pieces => {
            let left = &mut frame.set;
            let piece = net.piece(*left);
            if piece == T::EMPTY {
                return None;
            }
            *left &= !piece;
            // The trail's named ends and every route it keeps must lie on its piece.
            if net.touched(piece) & node.ends != node.ends || node.kept & !piece != T::EMPTY {
                return Some(Node {
                    alive: T::EMPTY,
                    ..node
                });
            }
            Some(Node {
                alive: piece,
                ..node
            })
        }
        Children::Cut => {
            let cut = frame.set;
            loop {
                // The lightest route not handed out yet (measured: fewest
                // nodes), and those handed out before it.
                let mut pick: Option<(u32, usize)> = None;
                let mut done = T::EMPTY;
                for r in bits(cut) {
                    let k = key(true, net.weight(r), r);
                    if k < frame.next {
                        done |= T::bit(r);
                    } else if pick.is_none_or(|(p, _)| k < p) {
                        pick = Some((k, r));
                    }
                }
                let Some((k, r)) = pick else {
                    if frame.next == ALL_OUT {
                        return None;
                    }
                    frame.next = ALL_OUT;
                    return Some(Node {
                        alive: node.alive & !cut,
                        ..node
                    });
                };
                frame.next = k.saturating_add(1);
                if bits(done).any(|q| net.twins(q, r)) {
                    continue;
                }
                return Some(Node {
                    alive: node.alive & !done,
                    kept: node.kept | T::bit(r),
                    ..node
                });
            }
        }
        Children::Station { end } => {
            let s = usize::from(frame.station);
            // Drop first the routes towards another odd station, the light ones
            // first; end the trail at `s` last.
            let odd = net.odd(node.alive) & !node.ends;
            let all = net.crossing(s) & node.alive & !node.kept;
            loop {
                let mut pick: Option<(u32, usize)> = None;
                let mut done = T::EMPTY;
                for r in bits(all) {
                    let other = net.far_end(r, s);
                    let k = key(odd.has(other), net.weight(r), r);
                    if k < frame.next {
                        done |= T::bit(r);
                    } else if pick.is_none_or(|(p, _)| k < p) {
                        pick = Some((k, r));
                    }
                }
                let Some((k, r)) = pick else {
                    frame.next = ALL_OUT;
                    if *end {
                        *end = false;
                        return Some(Node {
                            ends: node.ends | U::bit(s),
                            ..node
                        });
                    }
                    return None;
                };
                frame.next = k.saturating_add(1);
                // A twin of a route already dropped in an earlier branch (same two
                // stations, same length) would only repeat it with the two swapped.
                if bits(done).any(|q| net.twins(q, r)) {
                    continue;
                }
                return Some(Node {
                    alive: node.alive & !T::bit(r),
                    kept: node.kept | done,
                    ends: node.ends,
                    even: node.even | U::bit(s),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frames' sizes, as documented on [`Frame`].
    #[test]
    fn frames() {
        assert_eq!(core::mem::size_of::<Frame<u128, u64>>(), 64);
        assert_eq!(core::mem::size_of::<Frame<u64, u64>>(), 40);
    }
}
