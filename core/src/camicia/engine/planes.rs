//! Hands of any size as three bit planes of penalties (bit `i` of each plane
//! is card `i` of the hand, top card in bit 0), on one word or on `W` words.

use core::ops::BitOr;

use super::Round;

/// A bit sequence: bit `i` is card `i`; the planes of a hand.
pub(crate) trait Lane: Copy + Eq + BitOr<Output = Self> {
    /// No bit set.
    const ZERO: Self;
    /// Bits in the lane: the most cards a hand (or a pile) can hold.
    const BITS: u64;
    /// Drops the first `n` bits (shifts the rest down).
    fn shr(self, n: usize) -> Self;
    /// ORs `x` moved up by `n` bits into `self`; bits past the end are lost.
    fn or_shl(&mut self, x: Self, n: usize);
    /// Returns the index of the lowest set bit, or at least the lane's width.
    fn first_one(self) -> usize;
    /// Returns bit 0.
    fn low_bit(self) -> u8;
    /// Sets bit `n` if `on`.
    fn set_if(&mut self, n: usize, on: u8);
}

/// One word: the fast lanes of games of at most 63 cards, so that every shift
/// and bit position is below 64 and masking it with 63 changes nothing.
impl Lane for u64 {
    const ZERO: Self = 0;
    const BITS: u64 = 64;
    #[inline(always)]
    fn shr(self, n: usize) -> Self {
        self >> (n & 63)
    }
    #[inline(always)]
    fn or_shl(&mut self, x: Self, n: usize) {
        *self |= x << (n & 63);
    }
    #[inline(always)]
    fn first_one(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn low_bit(self) -> u8 {
        (self & 1) as u8
    }
    #[inline(always)]
    fn set_if(&mut self, n: usize, on: u8) {
        *self |= u64::from(on & 1) << (n & 63);
    }
}

/// `W` words of 64 bits, word 0 first: the lanes of deals larger than 64 cards.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wide<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> BitOr for Wide<W> {
    type Output = Self;
    fn bitor(mut self, rhs: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
        self
    }
}

impl<const W: usize> Lane for Wide<W> {
    const ZERO: Self = Wide([0; W]);
    const BITS: u64 = 64u64.saturating_mul(W as u64);
    fn shr(self, n: usize) -> Self {
        let (q, r) = (n / 64, n % 64);
        let mut out = [0u64; W];
        for (i, slot) in out.iter_mut().enumerate() {
            let lo = i.checked_add(q).and_then(|j| self.0.get(j)).copied();
            let hi = i.checked_add(q + 1).and_then(|j| self.0.get(j)).copied();
            let lo = lo.unwrap_or(0);
            let hi = hi.unwrap_or(0);
            // r < 64; the high word only contributes when r > 0.
            *slot = lo >> r | if r == 0 { 0 } else { hi << (64 - r) };
        }
        Wide(out)
    }
    fn or_shl(&mut self, x: Self, n: usize) {
        let (q, r) = (n / 64, n % 64);
        for (i, &word) in x.0.iter().enumerate() {
            let Some(j) = i.checked_add(q) else { break };
            if let Some(slot) = self.0.get_mut(j) {
                *slot |= word << r;
            }
            if let Some(slot) = j.checked_add(1).and_then(|k| self.0.get_mut(k))
                && r != 0
            {
                *slot |= word >> (64 - r);
            }
        }
    }
    fn first_one(self) -> usize {
        let mut base = 0usize;
        for word in self.0 {
            if word != 0 {
                return base.saturating_add(word.trailing_zeros() as usize);
            }
            base = base.saturating_add(64);
        }
        base
    }
    fn low_bit(self) -> u8 {
        self.0.first().map_or(0, |w| (w & 1) as u8)
    }
    fn set_if(&mut self, n: usize, on: u8) {
        if let Some(word) = self.0.get_mut(n / 64) {
            *word |= u64::from(on & 1) << (n % 64);
        }
    }
}

/// A hand (or the pile): the three bit planes of the penalties, and the length.
///
/// Bits at positions `len` and above are always zero.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hand<L> {
    pub(crate) len: usize,
    pub(crate) b0: L,
    pub(crate) b1: L,
    pub(crate) b2: L,
}

impl<L: Lane> Hand<L> {
    pub(crate) const EMPTY: Self = Hand {
        len: 0,
        b0: L::ZERO,
        b1: L::ZERO,
        b2: L::ZERO,
    };

    /// Returns how many number cards lie on top, at most the length.
    #[inline(always)]
    fn numbers_on_top(&self) -> usize {
        (self.b0 | self.b1 | self.b2).first_one().min(self.len)
    }

    /// Removes the top `n` cards (`n <= len`).
    #[inline(always)]
    fn drop_top(&mut self, n: usize) {
        self.b0 = self.b0.shr(n);
        self.b1 = self.b1.shr(n);
        self.b2 = self.b2.shr(n);
        self.len = self.len.saturating_sub(n);
    }

    /// Returns the top card's penalty (0 if the hand is empty).
    #[inline(always)]
    fn top_penalty(&self) -> u8 {
        self.b0.low_bit() | self.b1.low_bit() << 1 | self.b2.low_bit() << 2
    }

    /// Puts a card of penalty `p` at the bottom (cards past the lanes' width are lost).
    #[inline(always)]
    pub(crate) fn push_bottom(&mut self, p: u8) {
        self.b0.set_if(self.len, p);
        self.b1.set_if(self.len, p >> 1);
        self.b2.set_if(self.len, p >> 2);
        self.len = self.len.saturating_add(1);
    }

    /// Puts `pile` under the hand.
    #[inline(always)]
    fn take(&mut self, pile: &Self) {
        self.b0.or_shl(pile.b0, self.len);
        self.b1.or_shl(pile.b1, self.len);
        self.b2.or_shl(pile.b2, self.len);
        self.len = self.len.saturating_add(pile.len);
    }
}

/// The state at the start of a round: the starter's hand first (who the
/// starter is stays with the caller, see [`Round`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Table<L> {
    pub(crate) starter: Hand<L>,
    pub(crate) other: Hand<L>,
}

impl<L: Lane> Round for Table<L> {
    const MOST_CARDS: u64 = L::BITS;

    /// Lengths first: cheap, and they usually differ.
    #[inline(always)]
    fn same(&self, o: &Self) -> bool {
        self.starter.len == o.starter.len
            && self.starter.b0 == o.starter.b0
            && self.starter.b1 == o.starter.b1
            && self.starter.b2 == o.starter.b2
            && self.other.b0 == o.other.b0
            && self.other.b1 == o.other.b1
            && self.other.b2 == o.other.b2
    }

    #[inline(always)]
    fn play_round(&mut self) -> (usize, bool, bool) {
        let mut x = self.starter;
        let mut y = self.other;
        let mut x_starts = true;
        // Free play: both lay number cards alternately, starter first, until
        // one turns up a payment card or has no card left.
        let ex = x.numbers_on_top();
        let ey = y.numbers_on_top();
        let x_first = ex <= ey;
        let n_y = ex.min(ey);
        let n_x = n_y + usize::from(!x_first);
        x.drop_top(n_x);
        y.drop_top(n_y);
        let mut pile_len = n_x + n_y;
        let mut pile = Hand::<L>::EMPTY;
        if !x_first {
            core::mem::swap(&mut x, &mut y);
            x_starts = !x_starts;
        }
        // Now x lays a payment card or has none; y then pays.
        let winner_is_x = loop {
            if x.len == 0 {
                break false;
            }
            let p = x.top_penalty();
            x.drop_top(1);
            pile.len = pile_len;
            pile.push_bottom(p);
            pile_len = pile.len;
            let owed = usize::from(p);
            let e = y.numbers_on_top();
            if e >= owed {
                y.drop_top(owed);
                // The pile holds at most the deal's cards: never wraps.
                pile_len = pile_len.wrapping_add(owed);
                break true;
            }
            y.drop_top(e);
            pile_len = pile_len.wrapping_add(e);
            core::mem::swap(&mut x, &mut y);
            x_starts = !x_starts;
        };
        pile.len = pile_len;
        if !winner_is_x {
            core::mem::swap(&mut x, &mut y);
            x_starts = !x_starts;
        }
        x.take(&pile);
        let finished = y.len == 0;
        self.starter = x;
        self.other = y;
        (pile_len, x_starts, finished)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_lanes_shift_like_words() {
        let x = 0xDEAD_BEEF_0123_4567u64;
        for n in [0usize, 1, 5, 63] {
            let w = Wide([x, 0]).shr(n);
            assert_eq!(w.0[0], x >> n);
            let mut v = Wide([0u64; 2]);
            v.or_shl(Wide([x, 0]), n);
            assert_eq!(v.0[0], x << n);
            assert_eq!(v.0[1], if n == 0 { 0 } else { x >> (64 - n) });
            assert_eq!(v.shr(n).0, [x, 0]);
        }
        assert_eq!(Wide([0u64, 8]).first_one(), 67);
        assert_eq!(Wide([0u64; 3]).first_one(), 192);
        let mut s = Wide([0u64; 2]);
        s.set_if(70, 1);
        assert_eq!(s.0, [0, 1 << 6]);
        assert_eq!(Wide([1u64, 0]).shr(128).0, [0, 0]);
    }
}
