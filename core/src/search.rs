//! The grammar every search of the core shares: a [`Budget`] of work, one
//! [`Meter`] that counts it, one [`Outcome`] shape, one [`Count`] and one
//! [`Search`] trait.
//!
//! A search is a value you drive, as smoltcp's interface is: [`Search::run`]
//! does at most its budget of work more and returns where the search stands;
//! while the outcome is [`Outcome::Exhausted`], calling `run` again goes on
//! where it stopped. Any way of cutting the work into slices gives the same
//! final answer as one call with the summed budget, so a firmware main loop can
//! feed a watchdog between slices, and the CLI can check the clock and Ctrl-C.
//!
//! ```
//! use plateau::Budget;
//! use plateau::search::{Outcome, Search};
//! use plateau::tchu::{map, trail::TrailSearch};
//!
//! let mut search = TrailSearch::new(&map::ROUTES)?;
//! let mut slices = 0;
//! let trail = loop {
//!     slices += 1; // other work between slices: a watchdog, a display
//!     match search.run(Budget::new(500)) {
//!         Ok(Outcome::Done(trail)) => break trail,
//!         Ok(Outcome::Exhausted { .. }) => {}
//!     }
//! };
//! assert_eq!(trail.length(), 159);
//! assert_eq!(search.spent().div_ceil(500), slices);
//! # Ok::<(), plateau::tchu::trail::TrailError>(())
//! ```

use core::convert::Infallible;
use core::fmt;

/// How much work a search may do before it stops and reports what it has,
/// counted in the capability's own unit: trail steps, Camicia rounds, grid
/// nodes, tour moves, hunt deals.
///
/// A search that spends its budget returns [`Outcome::Exhausted`] with the best
/// it found and what it spent; running out is never an error.
/// [`Budget::UNLIMITED`] is too large to be spent.
///
/// ```
/// use plateau::Budget;
/// let b = Budget::new(1_000);
/// assert_eq!(b.get(), 1_000);
/// assert!(!b.is_unlimited());
/// assert!(Budget::UNLIMITED.is_unlimited());
/// assert_eq!(Budget::from(7), Budget::new(7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Budget(u64);

impl Budget {
    /// The budget that never runs out (`u64::MAX` units).
    pub const UNLIMITED: Budget = Budget(u64::MAX);

    /// Returns a budget of `units` in the search's unit.
    #[must_use]
    pub const fn new(units: u64) -> Budget {
        Budget(units)
    }

    /// Returns the number of units.
    #[must_use]
    pub const fn get(self) -> u64 {
        self.0
    }

    /// Returns whether this is [`Budget::UNLIMITED`].
    #[must_use]
    pub const fn is_unlimited(self) -> bool {
        self.0 == u64::MAX
    }
}

impl From<u64> for Budget {
    fn from(units: u64) -> Budget {
        Budget(units)
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_unlimited() {
            f.write_str("unlimited")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// Counts the work of a search across all its slices: what it has `spent`
/// since it started, and where the slice being run ends.
///
/// Every engine of the core keeps one. [`Meter::open`] starts a slice of a
/// budget; [`Meter::step`] takes one unit, or says the slice is spent. A hot
/// loop may read [`Meter::left`] once, count down in a register, and hand
/// back what it used with [`Meter::spend`].
///
/// ```
/// use plateau::{Budget, search::Meter};
/// let mut meter = Meter::new();
/// meter.open(Budget::new(2));
/// assert!(meter.step() && meter.step() && !meter.step());
/// meter.open(Budget::new(10)); // the next slice: 10 more
/// assert_eq!((meter.spent(), meter.left()), (2, 10));
/// meter.spend(4);
/// assert_eq!((meter.spent(), meter.left()), (6, 6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Meter {
    spent: u64,
    end: u64,
}

impl Meter {
    /// Returns a meter with nothing spent and no slice open.
    #[must_use]
    pub const fn new() -> Meter {
        Meter { spent: 0, end: 0 }
    }

    /// Opens a slice: at most `budget` units more (all that is left of
    /// `u64::MAX` units in all, for [`Budget::UNLIMITED`]).
    pub const fn open(&mut self, budget: Budget) {
        self.end = self.spent.saturating_add(budget.get());
    }

    /// Takes one unit of the slice; returns `false` (taking nothing) if it is spent.
    #[inline(always)]
    pub const fn step(&mut self) -> bool {
        if self.spent < self.end {
            self.spent += 1;
            true
        } else {
            false
        }
    }

    /// Returns the units left in the slice.
    #[must_use]
    #[inline(always)]
    pub const fn left(&self) -> u64 {
        self.end.saturating_sub(self.spent)
    }

    /// Records `units` used (at most [`Meter::left`]; more counts as all of it).
    #[inline(always)]
    pub const fn spend(&mut self, units: u64) {
        let units = if units < self.left() {
            units
        } else {
            self.left()
        };
        self.spent += units;
    }

    /// Returns the units spent since the search started, in all its slices.
    #[must_use]
    #[inline(always)]
    pub const fn spent(&self) -> u64 {
        self.spent
    }
}

/// Says where a search stands after a slice: done, no solution (and why), or
/// exhausted with the best so far.
///
/// `D` is what a finished search answers (a trail, the solutions, how a game
/// ends), `N` why there is none (`Infallible` where every input has an
/// answer), `B` the best found before the budget ran out. The capabilities'
/// own words live in those types: [`tour::NoTour`](crate::tour::NoTour) says
/// why a board has no tour.
///
/// ```
/// use plateau::search::{Count, Outcome};
/// let cut: Outcome<u64, (), Count> = Outcome::Exhausted { best: Count::at_least(3), spent: 10 };
/// assert!(cut.is_exhausted() && !cut.is_done());
/// assert_eq!(cut.spent(), Some(10));
/// assert_eq!(cut.best(), Some(&Count::at_least(3)));
/// let done: Outcome<u64, (), Count> = Outcome::Done(7);
/// assert_eq!(done.done(), Some(&7));
/// ```
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Outcome<D, N = Infallible, B = D> {
    /// The search is over and this is its answer; it stays over, spending nothing more.
    Done(D),
    /// The search is over: there is no solution, for this reason.
    NoSolution(N),
    /// The budget ran out first: the best so far (never presented as final)
    /// and the units spent since the search started, in all its slices.
    /// Calling `run` again goes on.
    Exhausted {
        /// The best found so far.
        best: B,
        /// Units spent in all slices.
        spent: u64,
    },
}

impl<D, N, B> Outcome<D, N, B> {
    /// Returns whether the search answered.
    #[must_use]
    pub const fn is_done(&self) -> bool {
        matches!(self, Outcome::Done(_))
    }

    /// Returns whether the search is over without a solution.
    #[must_use]
    pub const fn is_no_solution(&self) -> bool {
        matches!(self, Outcome::NoSolution(_))
    }

    /// Returns whether the budget ran out first (the search can go on).
    #[must_use]
    pub const fn is_exhausted(&self) -> bool {
        matches!(self, Outcome::Exhausted { .. })
    }

    /// Returns the answer, if the search is done.
    #[must_use]
    pub const fn done(&self) -> Option<&D> {
        match self {
            Outcome::Done(d) => Some(d),
            _ => None,
        }
    }

    /// Returns the best so far, if the budget ran out.
    #[must_use]
    pub const fn best(&self) -> Option<&B> {
        match self {
            Outcome::Exhausted { best, .. } => Some(best),
            _ => None,
        }
    }

    /// Returns the units spent, if the budget ran out.
    #[must_use]
    pub const fn spent(&self) -> Option<u64> {
        match self {
            Outcome::Exhausted { spent, .. } => Some(*spent),
            _ => None,
        }
    }

    /// Returns the same outcome with the answer and the best so far passed
    /// through `done` and `best`.
    pub fn map<E, C>(
        self,
        done: impl FnOnce(D) -> E,
        best: impl FnOnce(B) -> C,
    ) -> Outcome<E, N, C> {
        match self {
            Outcome::Done(d) => Outcome::Done(done(d)),
            Outcome::NoSolution(n) => Outcome::NoSolution(n),
            Outcome::Exhausted { best: b, spent } => Outcome::Exhausted {
                best: best(b),
                spent,
            },
        }
    }
}

impl<T> Outcome<T, Infallible, T> {
    /// Returns the answer if the search is done, else the best so far: for
    /// searches whose answer and best are of one kind (a trail, a count).
    ///
    /// ```
    /// use plateau::search::{Count, Outcome};
    /// let cut: Outcome<Count> = Outcome::Exhausted { best: Count::at_least(3), spent: 10 };
    /// assert_eq!(cut.so_far(), &Count::at_least(3));
    /// ```
    #[must_use]
    pub const fn so_far(&self) -> &T {
        match self {
            Outcome::Done(t) | Outcome::Exhausted { best: t, .. } => t,
            Outcome::NoSolution(never) => match *never {},
        }
    }
}

/// Holds a number of things counted (solutions, layouts, tours): exact, or
/// cut short and so only a lower bound.
///
/// A count a budget cut short is never presented as exact: its text reads
/// `at least N`.
///
/// ```
/// use plateau::search::Count;
/// let all = Count::exactly(90);
/// let cut = Count::at_least(12);
/// assert_eq!((all.at_least, all.exact), (90, true));
/// assert_eq!((cut.at_least, cut.exact), (12, false));
/// assert_eq!((all.to_string(), cut.to_string()), ("90".into(), "at least 12".into()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Count {
    /// How many were counted: the count itself when `exact`, else a lower bound.
    pub at_least: u64,
    /// Whether every one was counted.
    pub exact: bool,
}

impl Count {
    /// Returns the exact count `n`.
    #[must_use]
    pub const fn exactly(n: u64) -> Count {
        Count {
            at_least: n,
            exact: true,
        }
    }

    /// Returns a count cut short at `n`: there are at least `n`.
    #[must_use]
    pub const fn at_least(n: u64) -> Count {
        Count {
            at_least: n,
            exact: false,
        }
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            write!(f, "{}", self.at_least)
        } else {
            write!(f, "at least {}", self.at_least)
        }
    }
}

/// A search that runs in slices: every entry type of the core implements it.
///
/// `run` does at most `budget` units of work more and says where the search
/// stands. After [`Outcome::Done`] or [`Outcome::NoSolution`] it stays there
/// and spends nothing more; after [`Outcome::Exhausted`] the next call goes
/// on where this one stopped. An `Err` is the memory the caller gave running
/// short (a breadth-first queue, say), never the budget; searches whose
/// memory is checked when they are made have `Error = Infallible`, so
/// `let Ok(outcome) = search.run(budget);` needs no other arm.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search, SearchOutcome};
///
/// /// Drives any search to its end in slices of `slice` units.
/// fn to_the_end<S: Search>(search: &mut S, slice: u64) -> Result<SearchOutcome<S>, S::Error> {
///     loop {
///         match search.run(Budget::new(slice))? {
///             Outcome::Exhausted { .. } => {} // feed the watchdog here
///             over => return Ok(over),
///         }
///     }
/// }
/// let mut search = plateau::tchu::trail::TrailSearch::new(&plateau::tchu::map::ROUTES)?;
/// let Ok(Outcome::Done(trail)) = to_the_end(&mut search, 100) else { return Err("no trail".into()) };
/// assert_eq!(trail.length(), 159);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub trait Search {
    /// What the search answers when it is over.
    type Done;
    /// Why there is no solution (`Infallible` if there always is one).
    type NoSolution;
    /// The best found so far, when the budget runs out.
    type Best;
    /// Why the search cannot go on: lent memory too short (`Infallible` if it
    /// was checked when the search was made).
    type Error;

    /// Works at most `budget` units more and returns where the search stands.
    fn run(&mut self, budget: Budget) -> Result<SearchOutcome<Self>, Self::Error>;

    /// Returns the units spent since the search started, in all its slices.
    fn spent(&self) -> u64;
}

/// The outcome of the search `S`: `Outcome<S::Done, S::NoSolution, S::Best>`.
pub type SearchOutcome<S> =
    Outcome<<S as Search>::Done, <S as Search>::NoSolution, <S as Search>::Best>;
