//! The longest-trail bonus: two players' networks searched in turn, in one
//! workspace, as one search ([`BonusSearch`]).

use core::convert::Infallible;
use core::fmt;

use super::{Trail, TrailError, TrailMemory, TrailSearch, TrailWorkspace};
use crate::Budget;
use crate::search::{Outcome, Search};
use crate::tchu::{LONGEST_TRAIL_BONUS_POINTS, Route};

/// Decides the longest-trail bonus of two players' networks, A's and B's:
/// 10 points to the one with the longer longest trail, 10 to both on a tie.
///
/// A [`Search`] in search steps: A's network is searched first, then B's
/// with the steps left, in one workspace (lent or owned, as
/// [`TrailSearch`]'s). It is [`Outcome::Done`] with the points `[A, B]` once
/// both longest trails are proven; [`Outcome::Exhausted`] holds the lengths
/// of the longest trails found so far `[A, B]` (each a lower bound).
/// [`BonusSearch::decided`] gives the points as soon as the trails found
/// settle them (A's proven shorter than a trail already found in B's),
/// and [`BonusSearch::trails`] each player's search as far as it went.
///
/// ```
/// use plateau::Budget;
/// use plateau::search::{Outcome, Search};
/// use plateau::tchu::{map, trail::{BonusSearch, PlayerWorkspace}};
/// let (a, b) = (&map::ROUTES[..40], &map::ROUTES[40..80]);
/// let mut search = BonusSearch::new_in(a, b, PlayerWorkspace::new())?;
/// let points = loop {
///     match search.run(Budget::new(100)) {
///         Ok(Outcome::Done(points)) => break points,
///         Ok(_) => continue, // Exhausted { best: lengths so far, spent }
///     }
/// };
/// let [trail_a, trail_b] = search.trails();
/// assert!(trail_a.is_done() && trail_b.is_done());
/// assert_eq!(points[0] > 0, trail_a.so_far().length() >= trail_b.so_far().length());
/// # Ok::<(), plateau::tchu::trail::TrailError>(())
/// ```
pub struct BonusSearch<'a, W: TrailMemory = TrailWorkspace> {
    /// B's network (A's is the search's until A's trail is proven).
    b: &'a [Route<'a>],
    /// The search of A's network, then of B's.
    search: TrailSearch<'a, W>,
    /// Where B's search stands before it runs (loading the network finds a
    /// first trail), shown while A's search runs.
    b_start: Outcome<Trail<'a>>,
    /// A's longest trail and the steps it took, once proven.
    a_done: Option<(Trail<'a>, u64)>,
}

impl<'a> BonusSearch<'a> {
    /// Prepares the bonus of the networks `a` and `b` in a default workspace of
    /// its own (on the stack), checking both networks.
    pub fn new(a: &'a [Route<'a>], b: &'a [Route<'a>]) -> Result<BonusSearch<'a>, TrailError> {
        BonusSearch::new_in(a, b, <TrailWorkspace>::new())
    }
}

impl<'a, W: TrailMemory> BonusSearch<'a, W> {
    /// Prepares the bonus of the networks `a` and `b` in `workspace`, lent or
    /// owned, checking both networks against its capacity.
    pub fn new_in(
        a: &'a [Route<'a>],
        b: &'a [Route<'a>],
        workspace: W,
    ) -> Result<Self, TrailError> {
        // B's network is loaded first: its errors are found now, and where
        // its search starts is kept for the answers given while A's runs.
        let mut search = TrailSearch::new_in(b, workspace)?;
        let b_start = search.outcome();
        search.restart(a)?;
        Ok(BonusSearch {
            b,
            search,
            b_start,
            a_done: None,
        })
    }

    /// Returns A's and B's searches as they stand: each longest trail found so
    /// far, done when proven, with the steps it took. B's search has not
    /// started (0 steps) while A's runs.
    pub fn trails(&self) -> [Outcome<Trail<'a>>; 2] {
        match self.a_done {
            None => [self.search.outcome(), self.b_start],
            Some((a, _)) => [Outcome::Done(a), self.search.outcome()],
        }
    }

    /// Returns the search steps spent on A's network and on B's.
    #[must_use]
    pub fn spent_each(&self) -> [u64; 2] {
        match self.a_done {
            None => [self.search.spent(), 0],
            Some((_, a)) => [a, self.search.spent()],
        }
    }

    /// Returns the points `[A, B]` if the trails found so far decide them:
    /// both proven, or A's proven shorter than a trail found in B's network
    /// (B's search runs only once A's trail is proven).
    #[must_use]
    pub fn decided(&self) -> Option<[u32; 2]> {
        let [a, b] = self.trails();
        let (la, lb) = (a.so_far().length(), b.so_far().length());
        let decided = a.is_done() && (b.is_done() || lb > la);
        decided.then(|| bonus_points(la, lb))
    }

    /// Returns where the search stands, without searching.
    pub fn outcome(&self) -> Outcome<[u32; 2], Infallible, [u32; 2]> {
        let [a, b] = self.trails();
        let (la, lb) = (a.so_far().length(), b.so_far().length());
        if a.is_done() && b.is_done() {
            Outcome::Done(bonus_points(la, lb))
        } else {
            Outcome::Exhausted {
                best: [la, lb],
                spent: self.spent(),
            }
        }
    }
}

impl<W: TrailMemory> Search for BonusSearch<'_, W> {
    type Done = [u32; 2];
    type NoSolution = Infallible;
    type Best = [u32; 2];
    type Error = Infallible;

    /// Visits at most `budget` more search steps: A's network's until its
    /// longest trail is proven, then B's.
    fn run(
        &mut self,
        budget: Budget,
    ) -> Result<Outcome<[u32; 2], Infallible, [u32; 2]>, Infallible> {
        if self.a_done.is_none() {
            let before = self.search.spent();
            let Ok(outcome) = self.search.run(budget);
            let Outcome::Done(a) = outcome else {
                return Ok(self.outcome());
            };
            let spent = self.search.spent();
            self.a_done = Some((a, spent));
            // B's network was loaded once in `new_in`: it loads again.
            if self.search.restart(self.b).is_ok() {
                let left = budget.get().saturating_sub(spent.saturating_sub(before));
                let Ok(_) = self.search.run(Budget::new(left));
            }
        } else {
            let Ok(_) = self.search.run(budget);
        }
        Ok(self.outcome())
    }

    /// Returns the search steps visited since the search started, A's and B's.
    fn spent(&self) -> u64 {
        let [a, b] = self.spent_each();
        a.saturating_add(b)
    }
}

impl<W: TrailMemory> fmt::Debug for BonusSearch<'_, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BonusSearch")
            .field("spent", &self.spent())
            .field("a_done", &self.a_done.is_some())
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "defmt")]
impl<W: TrailMemory> defmt::Format for BonusSearch<'_, W> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(
            f,
            "BonusSearch {{ spent: {}, a_done: {} }}",
            self.spent(),
            self.a_done.is_some()
        );
    }
}

/// Returns the longest-trail bonus points of two players' networks `a` and `b`:
/// 10 to the one with the longer longest trail, 10 to both on a tie.
///
/// It searches without a budget: [`longest_trail_bonus`] takes one.
pub fn longest_trail_bonus_unbounded(
    a: &[Route<'_>],
    b: &[Route<'_>],
) -> Result<[u32; 2], TrailError> {
    let la = Trail::longest_unbounded(a)?.length();
    let lb = Trail::longest_unbounded(b)?.length();
    Ok(bonus_points(la, lb))
}

/// Decides the longest-trail bonus of two players' networks `a` and `b` within
/// `budget` search steps in all: a [`BonusSearch`] in a default workspace on
/// the stack, run once.
///
/// [`Outcome::Done`] holds the points `[A, B]` when the trails found within the
/// budget decide them ([`BonusSearch::decided`]); else
/// [`Outcome::Exhausted`] holds the lengths found so far and the steps
/// spent. Running out of steps is never an error; errors are the networks'
/// ([`TrailError`]).
///
/// ```
/// use plateau::Budget;
/// use plateau::search::Outcome;
/// use plateau::tchu::{map, trail::longest_trail_bonus};
/// let (a, b) = (&map::ROUTES[..40], &map::ROUTES[40..]);
/// let bonus = longest_trail_bonus(a, b, Budget::UNLIMITED)?;
/// assert!(matches!(bonus, Outcome::Done(_)));
/// let bonus = longest_trail_bonus(a, b, Budget::new(3))?;
/// assert!(matches!(bonus, Outcome::Exhausted { spent: 3, .. }));
/// # Ok::<(), plateau::tchu::trail::TrailError>(())
/// ```
pub fn longest_trail_bonus(
    a: &[Route<'_>],
    b: &[Route<'_>],
    budget: Budget,
) -> Result<Outcome<[u32; 2], Infallible, [u32; 2]>, TrailError> {
    let mut search = BonusSearch::new(a, b)?;
    let Ok(outcome) = search.run(budget);
    Ok(match search.decided() {
        Some(points) => Outcome::Done(points),
        None => outcome,
    })
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
