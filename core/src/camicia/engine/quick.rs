//! Hands of small games in two words each, with sentinel bits for the lengths.

use super::Round;
use super::planes::Hand;

/// A hand of a game of at most 63 cards with at most 31 payment cards, in two
/// words. `pay` has bit `i` set when card `i` is a payment card, plus a
/// sentinel bit at the hand's length; `penalties` holds the payment cards'
/// penalties minus one, two bits each, top first, plus a sentinel bit after
/// the last. The sentinels make the lengths implicit: the number cards on top
/// of a hand (at most its length) are `pay.trailing_zeros()`, and two states
/// compare as four words.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Quick {
    pub(crate) pay: u64,
    pub(crate) penalties: u64,
}

/// Returns the position of the highest set bit of a non-zero word.
#[inline(always)]
const fn top_bit(w: u64) -> u32 {
    63 - (w | 1).leading_zeros()
}

impl Quick {
    /// Returns `self` if `keep`, else `other`, word by word (no branch to mispredict).
    #[inline(always)]
    fn select(&self, other: &Quick, keep: bool) -> Quick {
        let m = u64::from(keep).wrapping_neg();
        Quick {
            pay: self.pay & m | other.pay & !m,
            penalties: self.penalties & m | other.penalties & !m,
        }
    }

    /// Returns how many number cards lie on top, at most the length.
    #[inline(always)]
    fn numbers_on_top(&self) -> u32 {
        self.pay.trailing_zeros()
    }

    /// Returns whether the hand has no card.
    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.pay <= 1
    }

    /// Removes `n` number cards from the top (`n <= len`, so `n < 64`).
    #[inline(always)]
    fn drop_numbers(&mut self, n: u32) {
        self.pay >>= n & 63;
    }

    /// Lays the top card, a payment card, as the pile's `cards`-th card and its
    /// `payers`-th payment card; returns the penalty.
    #[inline(always)]
    fn lay(&mut self, pile: &mut Quick, cards: u32, payers: u32) -> u32 {
        let code = self.penalties & 3;
        self.penalties >>= 2;
        self.pay >>= 1;
        pile.pay |= 1 << (cards & 63);
        pile.penalties |= code << ((2 * payers) & 63);
        code as u32 + 1
    }

    /// Puts the pile (`cards` cards, `payers` of them payment cards, no
    /// sentinels) under the hand. At most 63 cards and 31 payment cards in
    /// all: every shift stays below 64.
    #[inline(always)]
    fn take(&mut self, pile: &Quick, cards: u32, payers: u32) {
        let len = top_bit(self.pay);
        let pile_pay = pile.pay | 1 << (cards & 63);
        self.pay = (self.pay ^ 1 << len) | pile_pay << (len & 63);
        let at = top_bit(self.penalties);
        let pile_pen = pile.penalties | 1 << ((2 * payers) & 63);
        self.penalties = (self.penalties ^ 1 << at) | pile_pen << (at & 63);
    }
}

/// A round-start state of a [`Quick`] game: the starter's hand first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuickTable {
    pub(crate) starter: Quick,
    pub(crate) other: Quick,
    pub(crate) a_starts: bool,
}

impl QuickTable {
    /// Makes the round-start state of penalty planes of hands of at most 63
    /// cards with at most 31 payment cards in all; `None` otherwise.
    pub(crate) fn new(a: &Hand<u64>, b: &Hand<u64>) -> Option<QuickTable> {
        let quick = |h: &Hand<u64>| -> Option<(Quick, u32)> {
            // A penalty above 4 is not a card.
            if h.b2 & (h.b0 | h.b1) != 0 || h.len >= 64 {
                return None;
            }
            let pay = h.b0 | h.b1 | h.b2;
            let mut penalties = 0u64;
            let mut rest = pay;
            let mut k = 0u32;
            while rest != 0 && k < 31 {
                let i = rest.trailing_zeros();
                let p = ((h.b0 >> i) & 1) | ((h.b1 >> i) & 1) << 1 | ((h.b2 >> i) & 1) << 2;
                penalties |= (p.wrapping_sub(1) & 3) << (2 * k);
                rest &= rest - 1;
                k += 1;
            }
            if rest != 0 {
                return None;
            }
            Some((
                Quick {
                    pay: pay | 1 << h.len,
                    penalties: penalties | 1 << (2 * k),
                },
                k,
            ))
        };
        let (qa, ka) = quick(a)?;
        let (qb, kb) = quick(b)?;
        (a.len + b.len < 64 && ka + kb <= 31).then_some(QuickTable {
            starter: qa,
            other: qb,
            a_starts: true,
        })
    }
}

impl Round for QuickTable {
    #[inline(always)]
    fn same(&self, o: &Self) -> bool {
        self.starter.pay == o.starter.pay
            && self.a_starts == o.a_starts
            && self.other.pay == o.other.pay
            && self.starter.penalties == o.starter.penalties
            && self.other.penalties == o.other.penalties
    }

    #[inline(always)]
    fn play_round(&mut self) -> (usize, bool, bool) {
        let (mut x, mut y) = (self.starter, self.other);
        // Free play: number cards alternately, starter first, until one
        // player turns up a payment card or runs out.
        let ex = x.numbers_on_top();
        let ey = y.numbers_on_top();
        let x_first = ex <= ey;
        let n_y = ex.min(ey);
        let n_x = n_y + u32::from(!x_first);
        x.drop_numbers(n_x);
        y.drop_numbers(n_y);
        let mut cards = n_x + n_y;
        let mut payers = 0u32;
        let mut pile = Quick {
            pay: 0,
            penalties: 0,
        };
        // p lays a payment card (or has none), q pays; then the other way.
        let (mut p, mut q) = (x.select(&y, x_first), y.select(&x, x_first));
        let p_is_a = self.a_starts == x_first;
        let p_wins = loop {
            if p.is_empty() {
                break false;
            }
            let owed = p.lay(&mut pile, cards, payers);
            cards += 1;
            payers += 1;
            let e = q.numbers_on_top();
            if e >= owed {
                q.drop_numbers(owed);
                cards += owed;
                break true;
            }
            q.drop_numbers(e);
            cards += e;
            if q.is_empty() {
                break true;
            }
            let owed = q.lay(&mut pile, cards, payers);
            cards += 1;
            payers += 1;
            let e = p.numbers_on_top();
            if e >= owed {
                p.drop_numbers(owed);
                cards += owed;
                break false;
            }
            p.drop_numbers(e);
            cards += e;
        };
        let mut winner = p.select(&q, p_wins);
        let loser = q.select(&p, p_wins);
        winner.take(&pile, cards, payers);
        self.starter = winner;
        self.other = loser;
        self.a_starts = p_is_a == p_wins;
        (cards as usize, cards > 0, loser.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camicia::engine::tests::planes;

    #[test]
    fn quick_hands_need_room_for_the_sentinels() {
        let many = planes(&[1; 31]);
        assert!(QuickTable::new(&many, &planes(&[0; 32])).is_some());
        assert!(QuickTable::new(&many, &planes(&[2])).is_none());
        assert!(QuickTable::new(&planes(&[0; 40]), &planes(&[0; 24])).is_none());
    }
}
