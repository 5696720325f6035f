//! The memory of a search, sized by the caller: [`TrailWorkspace`] and its
//! aliases, and [`TrailMemory`], what a [`TrailSearch`](super::TrailSearch)
//! runs on.

use core::fmt;

use super::graph::Network;
use super::layout::{Capacity, Layout};
use super::search::BranchAndBound;
use super::{MAX_ROUTES, MAX_STATIONS};
use crate::tchu::{INITIAL_CARS, map};

/// A workspace for one player's network on the Swiss map: 40 routes (a
/// player has 40 cars, a route takes one at least) over the map's 51
/// stations, with a matching of 10 stations to mend. 3,680 bytes on a 64-bit
/// host, 3,632 on a 32-bit chip.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::Search;
/// use plateau::tchu::{map, trail::{PlayerWorkspace, TrailError, TrailSearch}};
/// let mut workspace = PlayerWorkspace::new(); // or in a `static`
/// let mut search = TrailSearch::new_in(&map::ROUTES[..40], &mut workspace)?;
/// let Ok(outcome) = search.run(Budget::UNLIMITED);
/// assert!(outcome.is_done());
/// // The whole map does not fit: an error, never a wrong answer.
/// let e = TrailSearch::new_in(&map::ROUTES, &mut workspace).err();
/// assert_eq!(e, Some(TrailError::TooManyRoutes { routes: 88, capacity: 40 }));
/// # Ok::<(), TrailError>(())
/// ```
pub type PlayerWorkspace = TrailWorkspace<{ INITIAL_CARS as usize }, { map::STATIONS.len() }, 10>;

/// A workspace for the whole Swiss map: its 88 routes and 51 stations, with a
/// matching of every station, so that its search takes the default
/// workspace's steps on any network of the map. 22,384 bytes on a 64-bit host.
pub type MapWorkspace =
    TrailWorkspace<{ map::ROUTES.len() }, { map::STATIONS.len() }, { map::STATIONS.len() }>;

/// A workspace for the whole Swiss map that fits a chip of 16 KiB of RAM: 88
/// routes and 51 stations, without a matching (its search takes more steps to
/// the same longest trail). 7,584 bytes on a 64-bit host, 7,552 on a 32-bit
/// chip.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search};
/// use plateau::tchu::{map, trail::{CompactMapWorkspace, TrailSearch}};
/// let mut workspace = CompactMapWorkspace::new(); // or in a `static`
/// let mut search = TrailSearch::new_in(&map::ROUTES, &mut workspace)?;
/// let Ok(Outcome::Done(trail)) = search.run(Budget::UNLIMITED) else {
///     return Err("not done".into());
/// };
/// assert_eq!(trail.length(), 159);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub type CompactMapWorkspace = TrailWorkspace<{ map::ROUTES.len() }, { map::STATIONS.len() }, 0>;

/// A host's workspace for networks of up to 256 routes over 128 stations,
/// with a matching of 128 stations to mend: for networks the default
/// workspace cannot hold. 123,568 bytes on a 64-bit host: on the heap.
///
/// ```
/// use plateau::tchu::trail::{LargeWorkspace, TrailSearch};
/// let workspace = Box::new(LargeWorkspace::new());
/// assert_eq!((LargeWorkspace::ROUTES, LargeWorkspace::STATIONS), (256, 128));
/// let search = TrailSearch::new_in(&[], workspace)?;
/// assert!(search.best().is_empty());
/// # Ok::<(), plateau::tchu::trail::TrailError>(())
/// ```
pub type LargeWorkspace = TrailWorkspace<256, 128, 128>;

/// A host's workspace for networks of up to 512 routes over 255 stations
/// (the most: local station numbers are bytes, and 255 is "none"), with a
/// matching of 128 stations to mend (a node with more is bounded by the sum
/// of shares alone). 224,288 bytes on a 64-bit host: on the heap.
pub type HugeWorkspace = TrailWorkspace<512, 255, 128>;

/// Holds the working memory of one longest-trail search, for
/// [`TrailSearch::new_in`](super::TrailSearch::new_in), so that it need not
/// live on the stack: a network of up to `ROUTES` routes over up to `STATIONS`
/// stations, and the T-join bound's matching of up to `MATCHED` stations to
/// mend (0: none).
///
/// Pick it by its aliases: [`PlayerWorkspace`] (a player's network, 3.6 KiB),
/// [`CompactMapWorkspace`] (the whole map on a 16 KiB chip, 7.4 KiB),
/// [`MapWorkspace`] (the whole map, 21.9 KiB), the default `TrailWorkspace`
/// (128 routes, 64 stations and a matching of them all, 32.4 KiB;
/// [`TrailSearch::new`](super::TrailSearch::new) and
/// [`Trail::longest_unbounded`](super::Trail::longest_unbounded) use it), and
/// a host's [`LargeWorkspace`] (256 routes, 128 stations, 121 KiB) and
/// [`HugeWorkspace`] (512 routes, 255 stations, 219 KiB). Every capacity up to
/// 128 routes, 64 stations and 64 matched stations has a layout, and those of
/// the two host aliases (a capacity without one does not compile). What each
/// part takes:
///
/// | part | bytes |
/// |---|---|
/// | the network | 6 a route, a route set a station, and 14 route sets |
/// | the search's frames, `ROUTES + 4` of them (its depth bound) | 3 route sets, a station set and 8 bytes a frame |
/// | the matching of `V = MATCHED + 2` vertices (the free ends too) | about `4.75 V² + 29 V` |
///
/// where a route set (and a station set) is 8 bytes up to 64 members, 16 up
/// to 128, and 8 a 64 members above. The figures above are for a 64-bit host;
/// a 32-bit chip's are a few bytes smaller.
///
/// The longest trail's length never depends on the workspace. Its capacity of
/// routes and stations changes nothing else either; its matching changes the
/// steps: a node with more stations to mend than the matching holds is bounded
/// by the cheap sum of shares alone and branched on an odd station, so a
/// smaller matching (or none) takes more steps to a longest trail (possibly
/// another one as long). A network over the capacity is a
/// [`TrailError`](super::TrailError) that names it, never a wrong answer.
///
/// On a chip, keep one in a `static` built by the `const` [`TrailWorkspace::new`]
/// (zero-filled: it goes to `.bss`), e.g. in a
/// `critical_section::Mutex<RefCell<PlayerWorkspace>>`. It remembers nothing
/// between searches. (The default's parameters apply where the type is named:
/// `let w: TrailWorkspace = TrailWorkspace::new();`, as for any type with
/// defaults.)
///
/// ```
/// use std::sync::Mutex; // a `critical_section::Mutex<RefCell<_>>` on a chip
/// use plateau::Budget;
/// use plateau::search::Search;
/// use plateau::tchu::{map, trail::{PlayerWorkspace, TrailSearch, TrailWorkspace}};
/// static WORKSPACE: Mutex<PlayerWorkspace> = Mutex::new(TrailWorkspace::new());
/// let mut workspace = WORKSPACE.lock().map_err(|_| "poisoned")?;
/// let mut search = TrailSearch::new_in(&map::ROUTES[..40], &mut *workspace)?;
/// let Ok(outcome) = search.run(Budget::UNLIMITED);
/// assert!(outcome.is_done());
/// assert_eq!((PlayerWorkspace::ROUTES, PlayerWorkspace::STATIONS), (40, 51));
/// let mut any: TrailWorkspace = TrailWorkspace::new(); // the default
/// assert!(TrailSearch::new_in(&map::ROUTES, &mut any).is_ok());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct TrailWorkspace<
    const ROUTES: usize = MAX_ROUTES,
    const STATIONS: usize = MAX_STATIONS,
    const MATCHED: usize = MAX_STATIONS,
> where
    Capacity<ROUTES, STATIONS, MATCHED>: Layout,
{
    net: Network<
        <Capacity<ROUTES, STATIONS, MATCHED> as Layout>::Routes,
        <Capacity<ROUTES, STATIONS, MATCHED> as Layout>::Stations,
        ROUTES,
        STATIONS,
    >,
    search: BranchAndBound<Capacity<ROUTES, STATIONS, MATCHED>>,
}

impl<const R: usize, const S: usize, const M: usize> TrailWorkspace<R, S, M>
where
    Capacity<R, S, M>: Layout,
{
    /// Most routes of a network it holds.
    pub const ROUTES: usize = R;
    /// Most stations a network it holds may touch.
    pub const STATIONS: usize = S;
    /// Most stations to mend its matching pairs (0: it has none).
    pub const MATCHED: usize = M;

    /// Returns an empty workspace (`const`: it can initialise a `static`).
    #[must_use]
    pub const fn new() -> Self {
        TrailWorkspace {
            net: Network::EMPTY,
            search: BranchAndBound::EMPTY,
        }
    }
}

impl<const R: usize, const S: usize, const M: usize> Default for TrailWorkspace<R, S, M>
where
    Capacity<R, S, M>: Layout,
{
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "defmt")]
impl<const R: usize, const S: usize, const M: usize> defmt::Format for TrailWorkspace<R, S, M>
where
    Capacity<R, S, M>: Layout,
{
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "TrailWorkspace<{}, {}, {}> {{ spent: {} }}",
            R,
            S,
            M,
            self.search.meter.spent()
        );
    }
}

impl<const R: usize, const S: usize, const M: usize> fmt::Debug for TrailWorkspace<R, S, M>
where
    Capacity<R, S, M>: Layout,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrailWorkspace")
            .field("routes", &R)
            .field("stations", &S)
            .field("matched", &M)
            .field("spent", &self.search.meter.spent())
            .finish_non_exhaustive()
    }
}

/// The memory a [`TrailSearch`](super::TrailSearch) runs on: a
/// [`TrailWorkspace`] of any capacity, owned, or lent through a `&mut` (or any
/// `DerefMut` to one: a `Box`, a lock's guard).
///
/// Sealed: these are the forms. Code generic over the capacity is generic
/// over the workspace: `fn f<W: TrailMemory>(routes: &[Route], workspace: W)`.
pub trait TrailMemory: sealed::Memory {}

impl<W: sealed::Memory> TrailMemory for W {}

pub(super) mod sealed {
    // The trait is public only as the sealed supertrait of `TrailMemory`:
    // nothing outside the crate can name it.
    #![allow(private_interfaces)]

    use core::ops::DerefMut;

    use super::super::graph::bits;
    use super::super::{Trail, TrailError, euler};
    use super::{Capacity, Layout, TrailWorkspace};
    use crate::Budget;
    use crate::tchu::Route;

    /// What a search does with its workspace.
    pub trait Memory {
        /// Loads the network `routes` and starts a new search of it.
        fn start(&mut self, routes: &[Route<'_>]) -> Result<(), TrailError>;
        /// Visits up to `budget` more search steps.
        fn run(&mut self, budget: Budget);
        /// Returns the steps visited since the search started.
        fn steps(&self) -> u64;
        /// Returns whether the best trail is proven a longest one.
        fn proven(&self) -> bool;
        /// Returns the longest trail of `routes` found so far.
        fn best<'a>(&self, routes: &'a [Route<'a>]) -> Trail<'a>;
    }

    impl<const R: usize, const S: usize, const M: usize> Memory for TrailWorkspace<R, S, M>
    where
        Capacity<R, S, M>: Layout,
    {
        fn start(&mut self, routes: &[Route<'_>]) -> Result<(), TrailError> {
            let loaded = self.net.load(routes);
            // Even on an error: no stale search of an earlier network stays behind.
            self.search.reset(&self.net);
            loaded
        }

        fn run(&mut self, budget: Budget) {
            self.search.run(&mut self.net, budget);
        }

        fn steps(&self) -> u64 {
            self.search.meter.spent()
        }

        fn proven(&self) -> bool {
            self.search.proven()
        }

        fn best<'a>(&self, routes: &'a [Route<'a>]) -> Trail<'a> {
            Trail::from_positions(routes, euler::positions(bits(self.search.best())))
        }
    }

    /// A workspace lent: `&mut TrailWorkspace<..>`, or any other pointer to
    /// one (a `Box` on a host, a guard of a `static` on a chip).
    impl<D> Memory for D
    where
        D: DerefMut,
        D::Target: Memory,
    {
        fn start(&mut self, routes: &[Route<'_>]) -> Result<(), TrailError> {
            (**self).start(routes)
        }
        fn run(&mut self, budget: Budget) {
            (**self).run(budget);
        }
        fn steps(&self) -> u64 {
            (**self).steps()
        }
        fn proven(&self) -> bool {
            (**self).proven()
        }
        fn best<'a>(&self, routes: &'a [Route<'a>]) -> Trail<'a> {
            (**self).best(routes)
        }
    }
}
