//! A machine's part of a larger hunt.

use crate::camicia::CamiciaError;

/// Names a machine's part of a larger hunt: shard `k` of `n` plays the
/// chunks `k-1`, `k-1+n`, `k-1+2n`, ...
///
/// ```
/// use plateau::camicia::hunt::Shard;
/// let shard = Shard::new(2, 3)?;
/// assert_eq!((shard.k(), shard.n()), (2, 3));
/// assert_eq!([shard.chunk(0), shard.chunk(1)], [1, 4]);
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
}
