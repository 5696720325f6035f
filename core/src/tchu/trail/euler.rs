//! A trail's routes in walking order, walked out when asked: Fleury's
//! algorithm on the routes' own stations, in the 64 bytes of a [`Positions`]
//! (a [`Wide`] set, as the search's own sets past 128 members).
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

use super::graph::bits;
use super::set::{BitSet, Wide};
use crate::tchu::{Route, Station};

/// A set of route positions in a network, below 512 (the largest
/// workspace's): 64 bytes.
pub(super) type Positions = Wide<8>;

/// A set of station ids (any `u8`).
type Ids = Wide<4>;

/// Returns the station a walk of the routes `set` of `network` starts from:
/// the first odd station (in the order the network names its stations), or
/// the first route's first station if none is odd; `None` for no route.
pub(super) fn start<'a>(network: &'a [Route<'a>], set: Positions) -> Option<Station<'a>> {
    let mut odd = Ids::EMPTY;
    for route in bits(set).filter_map(|i| network.get(i)) {
        for station in route.stations() {
            odd ^= Ids::bit(usize::from(station.id()));
        }
    }
    let first_odd = network
        .iter()
        .flat_map(Route::stations)
        .find(|s| odd.has(usize::from(s.id())));
    first_odd.or_else(|| {
        let first = bits(set).next()?;
        network.get(first).map(|r| r.station1())
    })
}

/// Returns the ids of a route's two stations.
fn ids(route: &Route<'_>) -> [u8; 2] {
    route.stations().map(Station::id)
}

/// The routes of a trail in walking order, each with the station it leads
/// to (see the module docs).
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
        let rest = self.left & !Positions::bit(position);
        let (far, at) = (usize::from(far), usize::from(at));
        let mut reached = Ids::bit(far);
        // Each pass reaches one more station at least, or ends the loop.
        for _ in 0..=self.network.len() {
            let mut grew = false;
            for [a, b] in bits(rest).filter_map(|i| self.network.get(i)).map(ids) {
                let (a, b) = (usize::from(a), usize::from(b));
                if reached.has(a) != reached.has(b) {
                    if a == at || b == at {
                        return false;
                    }
                    // One of the two is reached, the other one now.
                    reached |= Ids::bit(if reached.has(a) { b } else { a });
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        true
    }
}

impl<'a> Iterator for Walk<'a> {
    type Item = (&'a Route<'a>, Station<'a>);

    fn next(&mut self) -> Option<(&'a Route<'a>, Station<'a>)> {
        let at = self.at?;
        let here = |&(_, r): &(usize, &Route<'_>)| ids(r).contains(&at.id());
        let mut routes = bits(self.left)
            .filter_map(|i| self.network.get(i).map(|r| (i, r)))
            .filter(here)
            .peekable();
        let first = routes.next();
        // A route is taken unless it is a bridge and another is not; the
        // only route left at a station is taken without asking.
        let pick = match first {
            Some((i, r)) if routes.peek().is_some() && self.is_bridge(r, i, at.id()) => routes
                .find(|&(j, q)| !self.is_bridge(q, j, at.id()))
                .or(first),
            other => other,
        };
        let (i, route) = pick?;
        self.left &= !Positions::bit(i);
        let next = route.station_opposite(at).ok()?;
        self.at = Some(next);
        Some((route, next))
    }
}

/// Fills `positions` with `set`'s members, for a trail.
pub(super) fn positions<I: IntoIterator<Item = usize>>(set: I) -> Positions {
    let mut positions = Positions::EMPTY;
    for i in set {
        positions |= Positions::bit(i);
    }
    positions
}
