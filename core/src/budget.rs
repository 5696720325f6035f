//! How long a search may run: one [`Budget`] type, taken by every search.

use core::fmt;

/// How much work a search may do before it stops and reports what it has, counted
/// in the capability's own unit: trail steps, Camicia rounds, grid nodes, tour
/// moves, hunt deals.
///
/// A search that spends its budget returns an `Exhausted` outcome with the best
/// it found and what it spent; running out is never an error. [`Budget::UNLIMITED`]
/// is too large to be spent.
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
