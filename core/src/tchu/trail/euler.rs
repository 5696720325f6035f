//! A trail's routes in walking order, walked out when asked: Fleury's
//! algorithm on the routes' own stations, in the 64 bytes of a [`Positions`].
//!
//! A trail keeps the set of its routes, not their order (an order of up to 512
//! routes would take a kilobyte in every trail, on a chip too). A connected
//! set of routes with at most two odd stations is walked from an odd station
//! (or from any station if none is odd) by always taking a route that is not a
//! bridge of the routes left, unless it is the only one (M. Fleury, "Deux
//! problèmes de géométrie de situation", Journal de mathématiques
//! élémentaires, 1883). A bridge is found by what the routes left reach from
//! the route's far end: no stack, no queue, only sets of routes and of station
//! ids. A walk costs `O(routes²)` set operations at worst; a trail is walked
//! out each time its routes or stations are read.

use crate::bits::{bit64, get};
use crate::tchu::{Route, Station};

/// Words of a [`Positions`]: 512 routes, the largest workspace's.
const WORDS: usize = 8;

/// A set of route positions in a network, below 512.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(super) struct Positions([u64; WORDS]);

impl Positions {
    /// No route.
    pub(super) const EMPTY: Positions = Positions([0; WORDS]);

    /// Adds the position `i` (nothing past 512).
    pub(super) fn insert(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= bit64(i % 64);
        }
    }

    /// Removes the position `i`.
    fn remove(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w &= !bit64(i % 64);
        }
    }

    /// Returns whether the set holds the position `i`.
    pub(super) fn contains(&self, i: usize) -> bool {
        get(&self.0, i / 64, 0) & bit64(i % 64) != 0
    }

    /// Returns how many positions the set holds.
    pub(super) fn len(&self) -> usize {
        self.0
            .iter()
            .fold(0usize, |sum, w| sum.wrapping_add(w.count_ones() as usize))
    }

    /// Iterates over the positions, lowest first.
    pub(super) fn iter(self) -> impl Iterator<Item = usize> {
        // (A range, not `enumerate`: its count's `+= 1` would keep an
        // overflow check in the panic probe's overflow build.)
        (0..WORDS).zip(self.0).flat_map(|(k, mut w)| {
            core::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let i = w.trailing_zeros() as usize;
                w &= w.wrapping_sub(1);
                Some(k.wrapping_mul(64).wrapping_add(i))
            })
        })
    }
}

/// A set of station ids (any `u8`).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Ids([u64; 4]);

impl Ids {
    fn flip(&mut self, id: u8) {
        if let Some(w) = self.0.get_mut(usize::from(id / 64)) {
            *w ^= bit64(usize::from(id % 64));
        }
    }

    fn insert(&mut self, id: u8) {
        if let Some(w) = self.0.get_mut(usize::from(id / 64)) {
            *w |= bit64(usize::from(id % 64));
        }
    }

    fn contains(&self, id: u8) -> bool {
        get(&self.0, usize::from(id / 64), 0) & bit64(usize::from(id % 64)) != 0
    }
}

/// Returns the station a walk of the routes `set` of `network` starts from:
/// the first odd station (in the order the network names its stations), or
/// the first route's first station if none is odd; `None` for no route.
pub(super) fn start<'a>(network: &'a [Route<'a>], set: Positions) -> Option<Station<'a>> {
    let mut odd = Ids::default();
    for route in set.iter().filter_map(|i| network.get(i)) {
        for station in route.stations() {
            odd.flip(station.id());
        }
    }
    let first_odd = network
        .iter()
        .flat_map(Route::stations)
        .find(|s| odd.contains(s.id()));
    first_odd.or_else(|| {
        let first = set.iter().next()?;
        network.get(first).map(|r| r.station1())
    })
}

/// Returns the ids of a route's two stations.
fn ids(route: &Route<'_>) -> [u8; 2] {
    route.stations().map(Station::id)
}

/// The routes of a trail in walking order (see the module docs).
pub(super) struct Walk<'a> {
    network: &'a [Route<'a>],
    left: Positions,
    at: Option<Station<'a>>,
}

impl<'a> Walk<'a> {
    /// Walks the routes `set` of `network` (connected, at most two odd
    /// stations) from `start`.
    pub(super) fn new(
        network: &'a [Route<'a>],
        set: Positions,
        start: Option<Station<'a>>,
    ) -> Self {
        Walk {
            network,
            left: set,
            at: start,
        }
    }

    /// Returns whether the route at `route`, from station `at`, is a bridge
    /// of the routes left: what they reach from its far end without it
    /// misses `at`. (A loop is never one.)
    fn is_bridge(&self, route: &Route<'a>, position: usize, at: u8) -> bool {
        let [a, b] = ids(route);
        let far = if a == at { b } else { a };
        if far == at {
            return false;
        }
        let mut rest = self.left;
        rest.remove(position);
        let mut reached = Ids::default();
        reached.insert(far);
        // Each pass reaches one more station at least, or ends the loop.
        for _ in 0..=self.network.len() {
            let mut grew = false;
            for [a, b] in rest.iter().filter_map(|i| self.network.get(i)).map(ids) {
                if reached.contains(a) != reached.contains(b) {
                    reached.insert(a);
                    reached.insert(b);
                    grew = true;
                }
            }
            if reached.contains(at) {
                return false;
            }
            if !grew {
                break;
            }
        }
        true
    }
}

impl<'a> Iterator for Walk<'a> {
    type Item = &'a Route<'a>;

    fn next(&mut self) -> Option<&'a Route<'a>> {
        let at = self.at?;
        let here = |&(_, r): &(usize, &Route<'_>)| ids(r).contains(&at.id());
        let mut routes = self
            .left
            .iter()
            .filter_map(|i| self.network.get(i).map(|r| (i, r)))
            .filter(here);
        let first = routes.next();
        let pick = match first {
            Some((i, r)) if self.is_bridge(r, i, at.id()) => routes
                .find(|&(j, q)| !self.is_bridge(q, j, at.id()))
                .or(first),
            other => other,
        };
        let (i, route) = pick?;
        self.left.remove(i);
        self.at = route.station_opposite(at).ok();
        Some(route)
    }
}

/// Fills `positions` with `set`'s members, for a trail.
pub(super) fn positions<I: IntoIterator<Item = usize>>(set: I) -> Positions {
    let mut positions = Positions::EMPTY;
    for i in set {
        positions.insert(i);
    }
    positions
}
