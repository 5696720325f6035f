//! The longest trail of a network of routes, for the 10-point bonus.
//!
//! A trail walks routes one after another, each at most once; stations may repeat
//! and its length is the sum of its routes' lengths. [`Trail::longest_within`] is exact
//! on every network (double and parallel routes, cycles, several pieces). It
//! first shrinks the network without changing its
//! longest trail: the two routes of a station that has no other are joined into
//! one (a longest trail takes both or neither), only the two longest dead ends of
//! a station stay (a trail ends on each one it takes), and a part hanging by a
//! bridge folds into one dead end once two small searches found the longest
//! trail inside it and the longest that enters it (a trail crosses a bridge at
//! most once). Then it searches for the cheapest routes to drop so that what is
//! left is connected with at most two odd stations (Euler), with a
//! branch-and-bound on the odd stations, no recursion and a fixed stack.
//!
//! Capacities: up to [`MAX_ROUTES`] (128) routes and [`MAX_STATIONS`] (64)
//! stations per network, so route and station sets fit in `u128`/`u64`; more is a
//! [`TrailError`], never a wrong answer. A search works in a [`TrailWorkspace`]
//! of about 12.5 KiB: 132 frames of 80 bytes (its depth is at most one per route,
//! plus the two ends) and the network (2.1 KiB). [`Trail::longest_within`] keeps
//! it on the stack (about 13 KiB in all); on a small machine lend one from a
//! `static` with [`Trail::longest_within_in`]: the firmware's check of a 40-route
//! network does so (its measured stack: `firmware/FIGURES.md`).
//! [`TrailSearcher`] runs the same search in slices of steps, for a main loop or
//! a progress bar.
//!
//! Budgets: every search takes `max_steps`, a count of search nodes
//! ([`crate::UNLIMITED`] for no bound); when it runs out the answer is the
//! longest trail found so far, marked not proven ([`TrailSearch::is_proven`]),
//! and the bonus is [`TrailBonus::Exhausted`]. Only the forms named
//! `_unbounded` search without a budget.
//!
//! ```
//! use plateau::tchu::{Level, Route, Station, trail::Trail};
//! let (ber, luc, fri) = (
//!     Station::new(3, "BER", "Berne"),
//!     Station::new(16, "LUC", "Lucerne"),
//!     Station::new(9, "FRI", "Fribourg"),
//! );
//! let routes = [
//!     Route::new("BER_LUC_1", ber, luc, 4, Level::Overground, None)?,
//!     Route::new("BER_FRI_1", ber, fri, 1, Level::Overground, None)?,
//! ];
//! let search = Trail::longest_within(&routes, plateau::UNLIMITED).map_err(|_| "too big")?;
//! assert!(search.is_proven());
//! assert_eq!(search.trail().length(), 5);
//! assert_eq!(search.trail().to_string(), "Lucerne - Berne - Fribourg (5)");
//! let empty = Trail::longest_unbounded(&[]).map_err(|_| "too big")?;
//! assert_eq!(empty.station1(), None);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::fmt;

use super::{LONGEST_TRAIL_BONUS_POINTS, Route, Station};

mod network;
mod search;

use network::Network;
use search::Search;

/// Most routes in a network, so that a set of routes fits in a `u128`.
pub const MAX_ROUTES: usize = 128;
/// Most stations in a network, so that a set of stations fits in a `u64`.
pub const MAX_STATIONS: usize = 64;

/// Why a network's longest trail could not be searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TrailError {
    /// The network has more than [`MAX_ROUTES`] routes.
    TooManyRoutes,
    /// The network touches more than [`MAX_STATIONS`] stations.
    TooManyStations,
    /// Two routes of the network have the same id.
    RepeatedRoute,
}

impl fmt::Display for TrailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::TooManyRoutes => "a network can hold at most 128 routes",
            Self::TooManyStations => "a network can touch at most 64 stations",
            Self::RepeatedRoute => "a route appears twice in the network",
        })
    }
}

impl core::error::Error for TrailError {}

/// A trail: routes of a network in walking order, each at most once.
///
/// It borrows the network it was found in and keeps the routes' positions there.
///
/// ```
/// use plateau::tchu::{map, trail::Trail};
/// let ids = ["NEU_YVE_1", "NEU_SOL_1", "BER_NEU_1", "BER_SOL_1", "BER_LUC_1", "BER_FRI_1"];
/// let mut routes = Vec::new(); // a heapless Vec or an array on a chip
/// for id in ids {
///     routes.push(*map::route(id).ok_or("no such route")?);
/// }
/// let search = Trail::longest_within(&routes, 1_000).map_err(|_| "too big")?;
/// assert!(search.is_proven());
/// assert_eq!(search.trail().length(), 13); // all but Neuchâtel - Yverdon, Berne twice
/// assert_eq!(search.trail().route_count(), 5);
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Trail<'a> {
    network: &'a [Route],
    /// Positions in `network`, in walking order (the first `count`).
    order: [u8; MAX_ROUTES],
    count: u8,
    start: Option<Station>,
    length: u16,
}

/// The result of a search with a step budget: a trail, and whether it is proven
/// to be a longest one (`false`: the budget ran out first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TrailSearch<'a> {
    trail: Trail<'a>,
    proven: bool,
    steps: u64,
}

impl<'a> TrailSearch<'a> {
    /// Returns the trail: a longest one if proven, else the longest found so far.
    #[must_use]
    pub const fn trail(&self) -> &Trail<'a> {
        &self.trail
    }

    /// Returns whether the trail is proven to be a longest one.
    #[must_use]
    pub const fn is_proven(&self) -> bool {
        self.proven
    }

    /// Returns the number of search nodes visited.
    #[must_use]
    pub const fn steps(&self) -> u64 {
        self.steps
    }
}

impl Trail<'static> {
    /// The empty trail: no routes, no stations, length 0.
    pub const EMPTY: Trail<'static> = Trail {
        network: &[],
        order: [0; MAX_ROUTES],
        count: 0,
        start: None,
        length: 0,
    };
}

impl<'a> Trail<'a> {
    /// Returns a longest trail of the network `routes` (the empty trail if it has
    /// none), searching without a budget.
    ///
    /// Exact on every network within the capacities. Its worst case is
    /// exponential and this form never stops early: [`Trail::longest_within`]
    /// takes a budget.
    pub fn longest_unbounded(routes: &'a [Route]) -> Result<Trail<'a>, TrailError> {
        Ok(*Self::longest_within(routes, crate::UNLIMITED)?.trail())
    }

    /// Returns a longest trail of the network `routes`, searching without a budget
    /// in the lent `workspace` instead of the stack (see [`TrailWorkspace`]);
    /// [`Trail::longest_within_in`] takes a budget.
    ///
    /// ```
    /// use plateau::tchu::{map, trail::{Trail, TrailWorkspace}};
    /// let mut workspace = TrailWorkspace::new();
    /// let trail = Trail::longest_unbounded_in(&map::ROUTES, &mut workspace).map_err(|_| "too big")?;
    /// assert_eq!(trail.length(), 159);
    /// # Ok::<(), &str>(())
    /// ```
    pub fn longest_unbounded_in(
        routes: &'a [Route],
        workspace: &mut TrailWorkspace,
    ) -> Result<Trail<'a>, TrailError> {
        Ok(*Self::longest_within_in(routes, crate::UNLIMITED, workspace)?.trail())
    }

    /// [`Trail::longest_within`] in the lent `workspace`.
    pub fn longest_within_in(
        routes: &'a [Route],
        max_steps: u64,
        workspace: &mut TrailWorkspace,
    ) -> Result<TrailSearch<'a>, TrailError> {
        workspace.start(routes)?;
        workspace.search.run(&mut workspace.net, max_steps);
        Ok(workspace.best(routes))
    }

    /// Searches a longest trail visiting at most `max_steps` search nodes
    /// ([`crate::UNLIMITED`]: no bound); when the budget runs out, returns the
    /// longest trail found so far, not proven.
    ///
    /// Even with a budget of 0 the trail is a real one (at least the longest route).
    pub fn longest_within(
        routes: &'a [Route],
        max_steps: u64,
    ) -> Result<TrailSearch<'a>, TrailError> {
        let mut workspace = TrailWorkspace::new();
        Self::longest_within_in(routes, max_steps, &mut workspace)
    }

    fn from_order(
        network: &'a [Route],
        order: [u8; MAX_ROUTES],
        count: usize,
        start_local: usize,
        net: &Network,
    ) -> Trail<'a> {
        let mut trail = Trail {
            network,
            order,
            count: count.min(MAX_ROUTES) as u8,
            start: None,
            length: 0,
        };
        trail.start = order.first().and_then(|&first| {
            let route = network.get(usize::from(first)).filter(|_| count > 0)?;
            Some(if net.real_ends(usize::from(first))[0] == start_local {
                route.station1()
            } else {
                route.station2()
            })
        });
        trail.length = trail
            .routes()
            .map(|r| u16::from(r.length()))
            .fold(0u16, u16::saturating_add);
        trail
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

    /// Returns whether the trail has no routes.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Returns the routes in walking order.
    pub fn routes(&self) -> impl Iterator<Item = &'a Route> + '_ {
        let network = self.network;
        self.order
            .iter()
            .take(usize::from(self.count))
            .filter_map(move |&i| network.get(usize::from(i)))
    }

    /// Returns the stations in walking order: one more than the routes, none if empty.
    pub fn stations(&self) -> impl Iterator<Item = Station> + '_ {
        let mut at = self.start;
        let mut routes = self.routes();
        let mut started = false;
        core::iter::from_fn(move || {
            if !started {
                started = true;
                return at;
            }
            let next = routes.next()?;
            let here = at?;
            at = next.station_opposite(here).ok();
            at
        })
    }

    /// Returns the first station, `None` for the empty trail.
    #[must_use]
    pub fn station1(&self) -> Option<Station> {
        self.start
    }

    /// Returns the last station, `None` for the empty trail.
    #[must_use]
    pub fn station2(&self) -> Option<Station> {
        self.stations().last()
    }
}

/// A longest-trail search that runs in slices: call [`TrailSearcher::run`] with a
/// few thousand steps at a time from a main loop (or a progress bar), and read
/// [`TrailSearcher::best`] whenever needed. It holds the whole search state
/// (about 12.5 KiB: place it in a `static` on a small machine).
///
/// ```
/// use plateau::tchu::{map, trail::TrailSearcher};
/// let mut search = TrailSearcher::new(&map::ROUTES).map_err(|_| "too big")?;
/// while !search.run(500) {
///     // other work between slices
/// }
/// assert!(search.is_proven());
/// assert_eq!(search.best().trail().length(), 159);
/// # Ok::<(), &str>(())
/// ```
pub struct TrailSearcher<'a> {
    routes: &'a [Route],
    workspace: TrailWorkspace,
}

impl<'a> TrailSearcher<'a> {
    /// Prepares a search of the network `routes`, checking the capacities.
    pub fn new(routes: &'a [Route]) -> Result<TrailSearcher<'a>, TrailError> {
        let mut workspace = TrailWorkspace::new();
        workspace.start(routes)?;
        Ok(TrailSearcher { routes, workspace })
    }

    /// Visits up to `max_steps` more search nodes; returns whether the search is
    /// over (then [`TrailSearcher::is_proven`] tells whether it proved its best).
    pub fn run(&mut self, max_steps: u64) -> bool {
        let TrailWorkspace { net, search } = &mut self.workspace;
        search.run(net, max_steps)
    }

    /// Returns whether the best trail is proven to be a longest one.
    #[must_use]
    pub const fn is_proven(&self) -> bool {
        self.workspace.search.proven()
    }

    /// Returns the number of search nodes visited so far.
    #[must_use]
    pub const fn steps(&self) -> u64 {
        self.workspace.search.steps
    }

    /// Returns the longest trail found so far (walked out on each call).
    #[must_use]
    pub fn best(&self) -> TrailSearch<'a> {
        self.workspace.best(self.routes)
    }
}

/// The working memory of one longest-trail search (about 12.5 KiB), lent to
/// [`Trail::longest_within_in`] so that it need not live on the stack: on a chip, keep
/// one in a `static` built by the `const` [`TrailWorkspace::new`], e.g.
/// `static WORKSPACE: Mutex<RefCell<TrailWorkspace>> =
/// Mutex::new(RefCell::new(TrailWorkspace::new()));`. It remembers nothing
/// between searches.
pub struct TrailWorkspace {
    net: Network,
    search: Search,
}

impl TrailWorkspace {
    /// An empty workspace, the same as [`TrailWorkspace::new`].
    pub const EMPTY: TrailWorkspace = TrailWorkspace {
        net: Network::EMPTY,
        search: Search::EMPTY,
    };

    /// Returns an empty workspace (`const`: it can initialise a `static`).
    #[must_use]
    pub const fn new() -> TrailWorkspace {
        Self::EMPTY
    }

    /// Loads the network `routes` and starts a new search of it.
    fn start(&mut self, routes: &[Route]) -> Result<(), TrailError> {
        let loaded = self.net.load(routes);
        // Even on an error: no stale search of an earlier network stays behind.
        self.search.reset(&self.net);
        loaded
    }

    /// Returns the longest trail found so far in the network `routes` it searches.
    fn best<'a>(&self, routes: &'a [Route]) -> TrailSearch<'a> {
        let mut order = [0u8; MAX_ROUTES];
        let (count, start_local) = search::euler(&self.net, self.search.best(), &mut order);
        TrailSearch {
            trail: Trail::from_order(routes, order, count, start_local, &self.net),
            proven: self.search.proven(),
            steps: self.search.steps,
        }
    }
}

impl Default for TrailWorkspace {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for TrailWorkspace {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(f, "TrailWorkspace {{ steps: {} }}", self.search.steps);
    }
}

impl fmt::Debug for TrailWorkspace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrailWorkspace")
            .field("steps", &self.search.steps)
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for TrailSearcher<'_> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "TrailSearcher {{ steps: {}, proven: {} }}",
            self.steps(),
            self.is_proven()
        );
    }
}

impl fmt::Debug for TrailSearcher<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrailSearcher")
            .field("steps", &self.steps())
            .field("proven", &self.is_proven())
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

/// Returns the longest-trail bonus points of two players' networks `a` and `b`:
/// 10 to the one with the longer longest trail, 10 to both on a tie.
///
/// It searches without a budget: [`longest_trail_bonus_within`] takes one.
pub fn longest_trail_bonus_unbounded(a: &[Route], b: &[Route]) -> Result<[u32; 2], TrailError> {
    let la = Trail::longest_unbounded(a)?.length();
    let lb = Trail::longest_unbounded(b)?.length();
    Ok(bonus_points(la, lb))
}

/// Decides the longest-trail bonus of two players' networks `a` and `b` within
/// `max_steps` search nodes in all ([`crate::UNLIMITED`]: no bound): `a` is
/// searched first, `b` with what is left.
///
/// Running out of steps is [`TrailBonus::Exhausted`], never an error; errors are
/// the networks' ([`TrailError`]).
///
/// ```
/// use plateau::tchu::{map, trail::{TrailBonus, longest_trail_bonus_within}};
/// let (a, b) = (&map::ROUTES[..40], &map::ROUTES[40..]);
/// let bonus = longest_trail_bonus_within(a, b, plateau::UNLIMITED).map_err(|_| "too big")?;
/// assert!(matches!(bonus, TrailBonus::Awarded(_)));
/// let bonus = longest_trail_bonus_within(a, b, 3).map_err(|_| "too big")?;
/// assert!(matches!(bonus, TrailBonus::Exhausted { steps: 3, .. }));
/// # Ok::<(), &str>(())
/// ```
pub fn longest_trail_bonus_within(
    a: &[Route],
    b: &[Route],
    max_steps: u64,
) -> Result<TrailBonus, TrailError> {
    let sa = Trail::longest_within(a, max_steps)?;
    let sb = Trail::longest_within(b, max_steps.saturating_sub(sa.steps()))?;
    Ok(TrailBonus::of(&sa, &sb))
}

/// The points of A and B for the longest trails' lengths `la` and `lb`.
fn bonus_points(la: u32, lb: u32) -> [u32; 2] {
    let points = |mine: u32, theirs: u32| {
        if mine >= theirs {
            LONGEST_TRAIL_BONUS_POINTS
        } else {
            0
        }
    };
    [points(la, lb), points(lb, la)]
}

/// The longest-trail bonus of two networks A and B, or the budget ran out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TrailBonus {
    /// The bonus is decided: the points of A and B (10 to the longer longest
    /// trail, 10 each on a tie).
    Awarded([u32; 2]),
    /// The step budget ran out before the bonus was decided.
    Exhausted {
        /// The lengths of A's and B's longest trails found so far (each a lower
        /// bound of the longest).
        lengths: [u32; 2],
        /// The search nodes visited in all.
        steps: u64,
    },
}

impl TrailBonus {
    /// Decides the bonus from the searches of A's and B's networks, as far as
    /// they went: decided when both are proven, or when one is proven shorter
    /// than a trail already found in the other; exhausted otherwise.
    #[must_use]
    pub fn of(a: &TrailSearch<'_>, b: &TrailSearch<'_>) -> TrailBonus {
        let (la, lb) = (a.trail().length(), b.trail().length());
        let decided = match (a.is_proven(), b.is_proven()) {
            (true, true) => true,
            (true, false) => lb > la,
            (false, true) => la > lb,
            (false, false) => false,
        };
        if decided {
            TrailBonus::Awarded(bonus_points(la, lb))
        } else {
            TrailBonus::Exhausted {
                lengths: [la, lb],
                steps: a.steps().saturating_add(b.steps()),
            }
        }
    }
}

#[cfg(test)]
mod tests;
