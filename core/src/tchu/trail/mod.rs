//! The longest trail of a network of routes, for the 10-point bonus.
//!
//! A trail walks routes one after another, each at most once; stations may repeat
//! and its length is the sum of its routes' lengths. The search is exact on every
//! network (double and parallel routes, cycles, several pieces). It first shrinks
//! the network without changing its longest trail (`reduce.rs`): the two routes
//! of a station that has no other are joined into one (a longest trail takes both
//! or neither), only the two longest dead ends of a station stay (a trail ends on
//! each one it takes), and a part hanging by a bridge folds into one dead end once
//! two small searches found the longest trail inside it and the longest that
//! enters it (a trail crosses a bridge at most once). Then it searches for the
//! cheapest routes to drop so that what is left is connected with at most two odd
//! stations (Euler), with a branch-and-bound (`search.rs`) whose bound is the
//! cheapest drop that mends the parity alone, connected or not: a minimum T-join,
//! from a minimum-cost perfect matching of the odd stations (`tjoin.rs`,
//! `matching.rs`); a cheaper sum of shares (`bound.rs`) bounds the nodes the
//! matching cannot hold, and orders the branches on a station. When what that
//! drop leaves is connected, it is the longest trail; when not, the search
//! branches on the routes between its pieces. No recursion, a fixed stack.
//!
//! One entry type, [`TrailSearch`], runs the search in slices: it is a
//! [`Search`] whose [`run`](Search::run) takes a [`Budget`] of search steps
//! (nodes visited) and returns an [`Outcome`]: [`Outcome::Done`] with the trail
//! once it is proven a longest one, else [`Outcome::Exhausted`] with the
//! longest trail found so far and the steps spent; call `run` again to go on.
//!
//! Its memory is a [`TrailWorkspace`] whose capacity is in its type, picked by
//! the caller, owned ([`TrailSearch::new`], the default one) or lent
//! ([`TrailSearch::new_in`]; on a small machine from a `static`, as the
//! firmware's checks do: their measured stack is in `firmware/FIGURES.md`):
//!
//! | workspace | routes | stations | matched stations | bytes (64-bit host) |
//! |---|---|---|---|---|
//! | [`PlayerWorkspace`]: a player's network | 40 | 51 | 10 | 3,680 |
//! | [`CompactMapWorkspace`]: the whole map on a 16 KiB chip | 88 | 51 | none | 7,584 |
//! | [`MapWorkspace`]: the whole map | 88 | 51 | 51 | 22,384 |
//! | `TrailWorkspace`, the default | [`MAX_ROUTES`] = 128 | [`MAX_STATIONS`] = 64 | 64 | 33,216 |
//! | [`LargeWorkspace`]: a host's larger networks | 256 | 128 | 128 | 123,568 |
//! | [`HugeWorkspace`]: the largest | 512 | 255 | 128 | 224,288 |
//!
//! A network over the capacity is a [`TrailError`] naming it, never a wrong
//! answer. The answer never depends on the workspace; with a smaller matching
//! the search takes more steps to it. [`Trail::longest_unbounded`] searches to
//! the end in one call, in a default workspace on the stack.
//!
//! The bonus is a search too ([`BonusSearch`]: A's network, then B's, in one
//! workspace); [`longest_trail_bonus`] runs it within one budget.
//!
//! ```
//! use plateau::Budget;
//! use plateau::search::{Outcome, Search};
//! use plateau::tchu::{Level, Route, Station, trail::{Trail, TrailSearch}};
//! let (ber, luc, fri) = (
//!     Station::new(3, "BER", "Berne"),
//!     Station::new(16, "LUC", "Lucerne"),
//!     Station::new(9, "FRI", "Fribourg"),
//! );
//! let routes = [
//!     Route::new("BER_LUC_1", ber, luc, 4, Level::Overground, None)?,
//!     Route::new("BER_FRI_1", ber, fri, 1, Level::Overground, None)?,
//! ];
//! let mut search = TrailSearch::new(&routes)?;
//! let Ok(Outcome::Done(trail)) = search.run(Budget::new(1_000)) else {
//!     return Err("not proven within the budget".into());
//! };
//! assert_eq!(trail.length(), 5);
//! assert_eq!(trail.to_string(), "Lucerne - Berne - Fribourg (5)");
//! let empty = Trail::longest_unbounded(&[])?;
//! assert_eq!(empty.station1(), None);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use core::convert::Infallible;

use super::{Route, Station};
use crate::Budget;
use crate::search::{Outcome, Search};
use euler::Positions;
use set::BitSet;

mod bonus;
mod bound;
mod euler;
mod graph;
mod layout;
mod matching;
mod reduce;
mod search;
mod set;
mod tjoin;
mod workspace;

pub use bonus::{BonusSearch, longest_trail_bonus, longest_trail_bonus_unbounded};
pub use workspace::{
    CompactMapWorkspace, HugeWorkspace, LargeWorkspace, MapWorkspace, PlayerWorkspace, TrailMemory,
    TrailWorkspace,
};

/// Most routes in a network of the default [`TrailWorkspace`] (a route set
/// is a `u128`); [`HugeWorkspace`] holds 512.
pub const MAX_ROUTES: usize = 128;
/// Most stations in a network of the default [`TrailWorkspace`] (a station
/// set is a `u64`); [`HugeWorkspace`] holds 255.
pub const MAX_STATIONS: usize = 64;

/// Tells why a network's longest trail could not be searched.
///
/// ```
/// use plateau::tchu::{map, trail::{PlayerWorkspace, Trail, TrailError, TrailSearch}};
/// let twice = [map::ROUTES[0], map::ROUTES[1], map::ROUTES[0]];
/// let e = Trail::longest_unbounded(&twice);
/// assert_eq!(e, Err(TrailError::RepeatedRoute { route: 2 }));
/// let e = TrailSearch::new_in(&map::ROUTES, PlayerWorkspace::new()).err();
/// let capacity = PlayerWorkspace::ROUTES;
/// assert_eq!(e, Some(TrailError::TooManyRoutes { routes: 88, capacity }));
/// assert_eq!(
///     e.map(|e| e.to_string()),
///     Some(format!("a network can hold at most {capacity} routes"))
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum TrailError {
    /// The network has more routes than the workspace holds.
    TooManyRoutes {
        /// How many it has.
        routes: usize,
        /// How many the workspace holds ([`TrailWorkspace::ROUTES`]).
        capacity: usize,
    },
    /// The network touches more stations than the workspace holds.
    TooManyStations {
        /// How many different stations it touches.
        stations: usize,
        /// How many the workspace holds ([`TrailWorkspace::STATIONS`]).
        capacity: usize,
    },
    /// Two routes of the network have the same id.
    RepeatedRoute {
        /// The position of the second one in the network.
        route: usize,
    },
}

impl fmt::Display for TrailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyRoutes { capacity, .. } => {
                write!(f, "a network can hold at most {capacity} routes")
            }
            Self::TooManyStations { capacity, .. } => {
                write!(f, "a network can touch at most {capacity} stations")
            }
            Self::RepeatedRoute { .. } => f.write_str("a route appears twice in the network"),
        }
    }
}

impl core::error::Error for TrailError {}

/// Holds a trail: routes of a network in walking order, each at most once.
///
/// It borrows the network it was found in and keeps the set of the routes'
/// positions there (up to 512, in 64 bytes), not their order: [`routes`](Trail::routes)
/// and [`stations`](Trail::stations) walk them out on each call (Fleury's
/// algorithm: from the first odd station the network names, never over a
/// bridge of the routes left while another route is free; `O(routes²)` set
/// operations at worst).
///
/// ```
/// use plateau::tchu::{map, trail::Trail};
/// let ids = ["NEU_YVE_1", "NEU_SOL_1", "BER_NEU_1", "BER_SOL_1", "BER_LUC_1", "BER_FRI_1"];
/// let mut routes = Vec::new(); // a heapless Vec or an array on a chip
/// for id in ids {
///     routes.push(*map::route(id).ok_or("no such route")?);
/// }
/// let trail = Trail::longest_unbounded(&routes).map_err(|_| "too big")?;
/// assert_eq!(trail.length(), 13); // all but Neuchâtel - Yverdon, Berne twice
/// assert_eq!(trail.route_count(), 5);
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Trail<'a> {
    network: &'a [Route<'a>],
    /// Its routes' positions in `network` (walked in order when read: see
    /// `euler.rs`).
    routes: Positions,
    count: u16,
    start: Option<Station<'a>>,
    length: u16,
}

impl Trail<'static> {
    /// The empty trail: no routes, no stations, length 0.
    pub const EMPTY: Trail<'static> = Trail {
        network: &[],
        routes: Positions::EMPTY,
        count: 0,
        start: None,
        length: 0,
    };
}

impl<'a> Trail<'a> {
    /// Returns a longest trail of the network `routes` (the empty trail if it has
    /// none), searching without a budget, in a default [`TrailWorkspace`] on
    /// the stack (32.4 KiB: on a chip, lend a smaller one from a `static` to
    /// [`TrailSearch::new_in`]; past its capacity, lend a [`LargeWorkspace`]
    /// or a [`HugeWorkspace`] in a `Box`).
    ///
    /// Exact on every network within the capacities. Its worst case is
    /// exponential and this form never stops early: [`TrailSearch::run`] takes a
    /// budget.
    pub fn longest_unbounded(routes: &'a [Route<'a>]) -> Result<Trail<'a>, TrailError> {
        let mut workspace: TrailWorkspace = TrailWorkspace::new();
        let mut search = TrailSearch::new_in(routes, &mut workspace)?;
        let Ok(_) = search.run(Budget::UNLIMITED);
        Ok(search.best())
    }

    /// The trail of the routes at `positions` of `network` (connected, at
    /// most two odd stations).
    fn from_positions(network: &'a [Route<'a>], positions: Positions) -> Trail<'a> {
        let length = graph::bits(positions)
            .filter_map(|i| network.get(i))
            .map(|r| u16::from(r.length()))
            .fold(0u16, u16::saturating_add);
        Trail {
            network,
            routes: positions,
            count: u16::try_from(positions.count()).unwrap_or(u16::MAX),
            start: euler::start(network, positions),
            length,
        }
    }

    /// Returns the length: the sum of the routes' lengths.
    #[must_use]
    pub const fn length(&self) -> u32 {
        self.length as u32
    }

    /// Returns the number of routes.
    #[must_use]
    pub const fn route_count(&self) -> usize {
        self.count as usize
    }

    /// Returns whether the trail takes the route at position `route` of its
    /// network.
    #[must_use]
    pub fn contains(&self, route: usize) -> bool {
        self.routes.has(route)
    }

    /// Returns whether the trail has no routes.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Returns the routes in walking order (walked out on each call: see
    /// [`Trail`]).
    pub fn routes(&self) -> impl Iterator<Item = &'a Route<'a>> + '_ {
        self.steps().map(|(route, _)| route)
    }

    /// Returns the routes in walking order, each with the station it leads
    /// to (one walk for both: see [`Trail`]).
    pub fn steps(&self) -> impl Iterator<Item = (&'a Route<'a>, Station<'a>)> + '_ {
        euler::Walk::new(self.network, self.routes, self.start)
    }

    /// Returns the stations in walking order: one more than the routes, none if empty.
    pub fn stations(&self) -> impl Iterator<Item = Station<'a>> + '_ {
        self.start
            .into_iter()
            .chain(self.steps().map(|(_, station)| station))
    }

    /// Returns the first station, `None` for the empty trail.
    #[must_use]
    pub fn station1(&self) -> Option<Station<'a>> {
        self.start
    }

    /// Returns the last station, `None` for the empty trail.
    #[must_use]
    pub fn station2(&self) -> Option<Station<'a>> {
        self.stations().last()
    }
}

/// Searches a longest trail of a network in slices: each [`run`](Search::run)
/// visits at most its [`Budget`] of search steps more and says where the search
/// stands ([`Outcome::Done`] with a longest trail, or [`Outcome::Exhausted`]
/// with the longest so far), so a main loop or a progress bar can call it again
/// and again. Even with a budget of 0 the trail is a real one (at least the
/// longest route). Once done, it stays done and spends nothing more.
///
/// Its memory is a [`TrailWorkspace`] of the capacity the caller picks, owned
/// (`TrailSearch<'a>`, from [`TrailSearch::new`], the default workspace; or
/// `TrailSearch<'a, PlayerWorkspace>` from [`TrailSearch::new_in`]) or lent
/// (`TrailSearch<'a, &mut PlayerWorkspace>`, from [`TrailSearch::new_in`],
/// e.g. from a `static` on a chip): see [`TrailMemory`].
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search};
/// use plateau::tchu::{map, trail::TrailSearch};
/// let mut search = TrailSearch::new(&map::ROUTES)?;
/// let trail = loop {
///     match search.run(Budget::new(100)) {
///         Ok(Outcome::Done(trail)) => break trail,
///         Ok(Outcome::Exhausted { best, .. }) => assert!(best.length() <= 159), // other work between slices
///     }
/// };
/// assert_eq!(trail.length(), 159);
/// assert!(search.spent() >= 1);
/// # Ok::<(), plateau::tchu::trail::TrailError>(())
/// ```
pub struct TrailSearch<'a, W: TrailMemory = TrailWorkspace> {
    routes: &'a [Route<'a>],
    workspace: W,
}

impl<'a> TrailSearch<'a> {
    /// Prepares a search of the network `routes` in a default workspace of its
    /// own (32.4 KiB), checking the capacities.
    pub fn new(routes: &'a [Route<'a>]) -> Result<TrailSearch<'a>, TrailError> {
        TrailSearch::new_in(routes, <TrailWorkspace>::new())
    }
}

impl<'a, W: TrailMemory> TrailSearch<'a, W> {
    /// Prepares a search of the network `routes` in `workspace`, lent (a
    /// `&mut TrailWorkspace<..>`) or owned, checking its capacities.
    ///
    /// ```
    /// use plateau::Budget;
    /// use plateau::search::{Outcome, Search};
    /// use plateau::tchu::{map, trail::{MapWorkspace, TrailSearch}};
    /// let mut workspace = MapWorkspace::new(); // or in a `static`
    /// let mut search = TrailSearch::new_in(&map::ROUTES, &mut workspace)?;
    /// let Ok(Outcome::Done(trail)) = search.run(Budget::UNLIMITED) else { return Err("not done".into()) };
    /// assert_eq!(trail.length(), 159);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn new_in(routes: &'a [Route<'a>], mut workspace: W) -> Result<Self, TrailError> {
        workspace.start(routes)?;
        Ok(TrailSearch { routes, workspace })
    }

    /// Returns where the search stands, without searching.
    pub fn outcome(&self) -> Outcome<Trail<'a>> {
        let best = self.best();
        if self.is_done() {
            Outcome::Done(best)
        } else {
            Outcome::Exhausted {
                best,
                spent: self.workspace.steps(),
            }
        }
    }

    /// Returns whether the search is over: its trail is a longest one.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.workspace.proven()
    }

    /// Returns the longest trail found so far (walked out on each call).
    #[must_use]
    pub fn best(&self) -> Trail<'a> {
        self.workspace.best(self.routes)
    }

    /// Starts a new search of the network `routes` in the same workspace.
    fn restart(&mut self, routes: &'a [Route<'a>]) -> Result<(), TrailError> {
        self.routes = routes;
        self.workspace.start(routes)
    }
}

impl<'a, W: TrailMemory> Search for TrailSearch<'a, W> {
    type Done = Trail<'a>;
    type NoSolution = Infallible;
    type Best = Trail<'a>;
    type Error = Infallible;

    /// Visits at most `budget` more search steps (nodes), then returns
    /// [`Outcome::Done`] if the search is over, else [`Outcome::Exhausted`]
    /// with the longest trail found so far.
    fn run(&mut self, budget: Budget) -> Result<Outcome<Trail<'a>>, Infallible> {
        self.workspace.run(budget);
        Ok(self.outcome())
    }

    /// Returns the search steps visited since the search started.
    fn spent(&self) -> u64 {
        self.workspace.steps()
    }
}

#[cfg(feature = "defmt")]
impl<W: TrailMemory> defmt::Format for TrailSearch<'_, W> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "TrailSearch {{ spent: {}, done: {} }}",
            self.spent(),
            self.is_done()
        );
    }
}

impl<W: TrailMemory> fmt::Debug for TrailSearch<'_, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrailSearch")
            .field("spent", &self.spent())
            .field("done", &self.is_done())
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Trail<'_> {
    /// Writes `Lucerne - Berne - Fribourg (5)`; the empty trail is `(0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for s in self.stations() {
            if !first {
                f.write_str(" - ")?;
            }
            first = false;
            f.write_str(s.name())?;
        }
        if self.start.is_some() {
            f.write_str(" ")?;
        }
        write!(f, "({})", self.length)
    }
}

#[cfg(test)]
mod tests;
