//! Shrinking a network without changing its longest trail: joined two-route
//! stations, extra dead ends set aside, hanging parts folded into dead ends.

use super::graph::{NONE, Network, bits, tag};
use super::set::BitSet;

impl<T: BitSet, U: BitSet, const R: usize, const S: usize> Network<T, U, R, S> {
    /// Shrinks the network without changing its longest trail, until nothing
    /// more shrinks (at most one change per route):
    /// - a station with exactly two links, neither a loop, joins them into one:
    ///   a longest trail takes both or neither (with one, it ends there, and the
    ///   other one, touching nothing else there, would make it longer);
    /// - of the dead ends at a station (links to a station with no other link),
    ///   only the two longest stay: a trail ends on each dead end it takes, so it
    ///   takes at most two, and a longer one left aside could replace one taken.
    pub(super) fn reduce(&mut self) {
        for _ in 0..=R {
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
        let mut dead_ends = T::EMPTY;
        for r in bits(self.at(s)) {
            let tip = self.far_end(r, s);
            if tip != s && self.at(tip) == T::bit(r) {
                dead_ends |= T::bit(r);
            }
        }
        let longest = |set: T| {
            bits(set)
                .max_by_key(|&r| (self.weight(r), core::cmp::Reverse(r)))
                .map_or(T::EMPTY, T::bit)
        };
        let first = longest(dead_ends);
        let second = longest(dead_ends & !first);
        let aside = dead_ends & !first & !second;
        for r in bits(aside) {
            let [a, b] = self.ends(r);
            for end in [a, b] {
                if let Some(at) = self.at.get_mut(end) {
                    *at &= !T::bit(r);
                }
            }
            self.all &= !T::bit(r);
        }
        self.hand_over(aside, NONE);
        aside != T::EMPTY
    }

    /// Joins the two links at `s` into one if `s` has exactly two, neither a loop;
    /// returns whether it did.
    fn join_at(&mut self, s: usize) -> bool {
        let here = self.at(s);
        if here.count() != 2 || here & self.loops != T::EMPTY {
            return false;
        }
        let first = here.lowest();
        let second = here.without_lowest().lowest();
        let (a, b) = (self.far_end(first, s), self.far_end(second, s));
        let weight = self.weight(first).saturating_add(self.weight(second));
        // The joined link keeps the name `first`; `second` is gone.
        if let (Some(e), Some(w)) = (self.ends.get_mut(first), self.weight.get_mut(first)) {
            *e = [a as u8, b as u8];
            *w = weight;
        }
        self.set_weight_bits(first, weight);
        self.hand_over(T::bit(second), tag(first));
        self.all &= !T::bit(second);
        if let Some(at) = self.at.get_mut(s) {
            *at = T::EMPTY;
        }
        if let Some(at) = self.at.get_mut(b) {
            *at = (*at & !T::bit(second)) | T::bit(first);
        }
        if a == b {
            self.loops |= T::bit(first);
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
    pub(super) fn hanging_part(&self) -> Option<(usize, usize, T)> {
        let mut found: Option<(u32, usize, usize, T)> = None;
        for bridge in bits(self.all & !self.loops) {
            let [a, b] = self.ends(bridge);
            let rest = self.all & !T::bit(bridge);
            if self.at(a) & rest == T::EMPTY || self.at(b) & rest == T::EMPTY {
                continue;
            }
            let (side_a, reached) = self.reach(rest, a, U::bit(b));
            if reached.has(b) {
                continue;
            }
            let (side_b, _) = self.reach(rest, b, U::EMPTY);
            let (from, part) = if side_a.count() <= side_b.count() {
                (b, side_a)
            } else {
                (a, side_b)
            };
            let size = part.count();
            if found.is_none_or(|(smallest, ..)| size < smallest) {
                found = Some((size, bridge, from, part));
            }
        }
        found.map(|(_, bridge, from, part)| (bridge, from, part))
    }

    /// Folds the hanging part `part` beyond `bridge` into a dead end: the bridge
    /// becomes the trail `entering` (real routes, `length` long, the longest one
    /// that crosses the bridge into the part) and the part's links are gone.
    pub(super) fn fold(&mut self, bridge: usize, part: T, entering: T, length: u32) {
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
        for r in bits(entering) {
            if let Some(owner) = self.owner.get_mut(r) {
                *owner = tag(bridge);
            }
        }
    }
}
