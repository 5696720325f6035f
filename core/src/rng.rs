//! The workspace's one random generator: SplitMix64, small, fast and
//! deterministic for a seed (the hunt, the benches, the tests and the set
//! generators all draw from it).

/// SplitMix64 (Steele, Lea and Flood 2014): a 64-bit state stepped by a constant,
/// then mixed. Not cryptographic; every sequence is fixed by its seed.
///
/// ```
/// use plateau::rng::SplitMix64;
/// let mut a = SplitMix64::new(1);
/// let mut b = SplitMix64::new(1);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(52) < 52);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Returns a generator whose sequence is fixed by `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// Returns the next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Returns a number below `n`, from the top 32 bits of the next draw
    /// (multiply-shift; `n` above 2^32 is treated as 2^32, and 0 gives 0).
    pub fn below(&mut self, n: usize) -> usize {
        scale(self.next_u64() >> 32, n)
    }

    /// Returns two numbers, below `n` and below `m`, from one draw: the
    /// top and the bottom 32 bits, each by multiply-shift as [`below`](Self::below).
    ///
    /// ```
    /// use plateau::rng::SplitMix64;
    /// let (a, b) = SplitMix64::new(3).below_two(52, 16);
    /// assert!(a < 52 && b < 16);
    /// ```
    pub fn below_two(&mut self, n: usize, m: usize) -> (usize, usize) {
        let x = self.next_u64();
        (scale(x >> 32, n), scale(x & 0xFFFF_FFFF, m))
    }
}

/// Maps 32 random bits `x` to a number below `n` by multiply-shift (`n`
/// above 2^32 is treated as 2^32, and 0 gives 0).
#[inline(always)]
fn scale(x: u64, n: usize) -> usize {
    let n = (n as u64).min(1 << 32);
    // (x < 2^32) * (n <= 2^32) < 2^64: no overflow; the result is < n.
    ((x * n) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_first_outputs() {
        // The reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_below() {
        let mut r = SplitMix64::new(9);
        for n in [1usize, 2, 3, 52, 1 << 20] {
            for _ in 0..1000 {
                assert!(r.below(n) < n);
            }
        }
        assert_eq!(r.below(0), 0);
    }
}
