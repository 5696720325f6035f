//! A machine's part of a larger hunt.

use super::CHUNK_DEALS;
use crate::Budget;
use crate::camicia::CamiciaError;

/// Names a machine's part of a larger hunt: shard `k` of `n` plays the
/// chunks `k-1`, `k-1+n`, `k-1+2n`, ... of the whole hunt, each as long as
/// it is in the whole hunt, so the `n` shards of a hunt of `d` deals play,
/// together, exactly the chunks of the hunt of `d` deals played in one piece.
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::hunt::{CHUNK_DEALS, Shard};
/// let shard = Shard::new(2, 3)?;
/// assert_eq!((shard.k(), shard.n()), (2, 3));
/// assert_eq!([shard.chunk(0), shard.chunk(1)], [1, 4]);
/// // A hunt of 4 chunks and 5 deals: shard 2 of 3 plays chunk 1 (whole)
/// // and chunk 4 (the last, 5 deals).
/// assert_eq!(shard.share(Budget::new(4 * CHUNK_DEALS + 5)), Budget::new(CHUNK_DEALS + 5));
/// assert!(Shard::new(4, 3).is_err());
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Shard {
    k: u64,
    n: u64,
}

impl Shard {
    /// The whole hunt: shard 1 of 1.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Returns shard `k` of `n`; fails with [`CamiciaError::NoSuchShard`]
    /// unless `1 <= k <= n`.
    pub const fn new(k: u64, n: u64) -> Result<Shard, CamiciaError> {
        if k == 0 || k > n {
            return Err(CamiciaError::NoSuchShard { k, n });
        }
        Ok(Shard { k, n })
    }

    /// Returns which shard this is, from 1.
    #[must_use]
    pub const fn k(self) -> u64 {
        self.k
    }

    /// Returns how many shards there are.
    #[must_use]
    pub const fn n(self) -> u64 {
        self.n
    }

    /// Returns the number of the shard's `index`-th chunk in the whole hunt.
    #[must_use]
    pub const fn chunk(self, index: u64) -> u64 {
        index
            .saturating_mul(self.n)
            .saturating_add(self.k.saturating_sub(1))
    }

    /// Returns the deals this shard plays of a hunt of `deals` deals in all
    /// (the shards together): the sum of its chunks' deals
    /// ([`Hunt::chunk_deals`](super::Hunt::chunk_deals));
    /// [`Budget::UNLIMITED`] for an endless hunt.
    #[must_use]
    pub const fn share(self, deals: Budget) -> Budget {
        if deals.is_unlimited() {
            return deals;
        }
        let d = deals.get();
        // The hunt's chunks: whole ones, then a shorter last one (if any).
        let (whole, rest) = (d / CHUNK_DEALS, d % CHUNK_DEALS);
        let first = self.k.saturating_sub(1);
        // n >= 1 (`new`); the `max` keeps a division by zero out of the code.
        let n = if self.n == 0 { 1 } else { self.n };
        // This shard's whole chunks: first, first + n, ... below `whole`.
        let mine = if whole > first {
            (whole - first - 1) / n + 1
        } else {
            0
        };
        // The short last chunk, number `whole`, if it is this shard's.
        let last = if rest > 0 && whole >= first && (whole - first).is_multiple_of(n) {
            rest
        } else {
            0
        };
        Budget::new(mine.saturating_mul(CHUNK_DEALS).saturating_add(last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camicia::hunt::Hunt;

    /// The share, as the chunks the shard plays add up (the slow way).
    fn counted(shard: Shard, deals: u64) -> u64 {
        (0..)
            .map_while(|i| Hunt::chunk_deals(Budget::new(deals), shard.chunk(i)))
            .map(Budget::get)
            .sum()
    }

    #[test]
    fn the_shares_are_the_chunks_played_and_add_up_to_the_hunt() {
        let c = CHUNK_DEALS;
        for deals in [
            0,
            1,
            5,
            c - 1,
            c,
            c + 1,
            3 * c,
            3 * c + 7,
            10 * c + 1,
            11 * c - 1,
        ] {
            for n in 1..=6 {
                let mut sum = 0;
                for k in 1..=n {
                    let shard = Shard::new(k, n).unwrap();
                    let share = shard.share(Budget::new(deals)).get();
                    assert_eq!(share, counted(shard, deals), "{k}/{n} of {deals}");
                    sum += share;
                }
                assert_eq!(sum, deals, "{n} shards of {deals}");
            }
        }
        assert!(Shard::WHOLE.share(Budget::UNLIMITED).is_unlimited());
    }
}
