//! The simulation engine: hands as bit planes of penalties, one payment card per
//! step, and Brent's cycle detection over round-start states.
//!
//! A card is its penalty (0 for every number card, 1..=4 for J, Q, K, A), kept
//! as three bit planes (bit `i` of each plane is card `i` of the hand, top card
//! in bit 0). Number cards are all alike to the game, so the folded state is the
//! whole state: a run of number cards is played with one shift, and two
//! round-start states compare as a handful of words.

use core::ops::BitOr;

use super::{Outcome, Status};

/// A bit sequence: bit `i` is card `i`; the planes of a hand.
pub(crate) trait Lane: Copy + Eq + BitOr<Output = Self> {
    /// No bit set.
    const ZERO: Self;
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

/// The state at the start of a round: the starter's hand first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Table<L> {
    pub(crate) starter: Hand<L>,
    pub(crate) other: Hand<L>,
    pub(crate) a_starts: bool,
}

/// A round-start state that can play its round.
pub(crate) trait Round: Copy {
    /// Returns whether two round-start states are the same.
    fn same(&self, o: &Self) -> bool;
    /// Plays one round to its trick; returns the cards played, whether the
    /// pile was a trick, and whether the game is finished.
    fn play_round(&mut self) -> (usize, bool, bool);
}

impl<L: Lane> Round for Table<L> {
    /// Lengths first: cheap, and they usually differ.
    #[inline(always)]
    fn same(&self, o: &Self) -> bool {
        self.starter.len == o.starter.len
            && self.a_starts == o.a_starts
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
        let mut x_is_a = self.a_starts;
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
            x_is_a = !x_is_a;
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
                pile_len += owed;
                break true;
            }
            y.drop_top(e);
            pile_len += e;
            core::mem::swap(&mut x, &mut y);
            x_is_a = !x_is_a;
        };
        pile.len = pile_len;
        if !winner_is_x {
            core::mem::swap(&mut x, &mut y);
            x_is_a = !x_is_a;
        }
        x.take(&pile);
        let finished = y.len == 0;
        self.starter = x;
        self.other = y;
        self.a_starts = x_is_a;
        (pile_len, pile_len > 0, finished)
    }
}

/// Game figures so far.
#[derive(Clone, Copy)]
struct Counts {
    cards: u64,
    tricks: u64,
}

impl Counts {
    const ZERO: Counts = Counts {
        cards: 0,
        tricks: 0,
    };

    #[inline(always)]
    fn add(&mut self, (cards, trick, _): (usize, bool, bool)) {
        self.cards = self.cards.saturating_add(cards as u64);
        self.tricks = self.tricks.saturating_add(u64::from(trick));
    }

    const fn outcome(self, status: Status) -> Outcome {
        Outcome {
            status,
            cards: self.cards,
            tricks: self.tricks,
        }
    }
}

/// Plays one round, out of line: for the rare replays of a loop.
#[inline(never)]
fn replay_round<T: Round>(table: &mut T) -> (usize, bool, bool) {
    table.play_round()
}

/// Rounds compared with the deal before the first save of Brent's method:
/// most games end sooner, so their only save is the deal itself.
const FIRST_WINDOW: u64 = 64;

/// Plays a game of penalty planes on the quick hands when they fit, else on the planes.
#[inline(always)]
pub(crate) fn simulate_narrow(start: Table<u64>, budget: u64) -> Outcome {
    match QuickTable::new(&start.starter, &start.other) {
        Some(quick) => simulate(quick, budget),
        None => simulate(start, budget),
    }
}

/// Plays the game from `start` for at most `budget` rounds in all.
///
/// Brent's method: a saved state is compared with every later round start; it
/// is replaced by the current state after windows of doubling length, so a
/// cycle is seen within about twice the rounds before its first repeat. The
/// distance at the first match is the cycle length λ (a state before the
/// cycle never recurs). The first repeat then comes from two replays λ rounds
/// apart: they meet at the first round whose state recurs, and the leading
/// replay stands at its repeat.
#[inline(always)]
pub(crate) fn simulate<T: Round>(start: T, budget: u64) -> Outcome {
    let mut hare = start;
    let mut counts = Counts::ZERO;
    let mut saved = start;
    let mut power: u64 = FIRST_WINDOW;
    let mut lambda: u64 = 1;
    let mut used: u64 = 0;
    loop {
        if used >= budget {
            return counts.outcome(Status::Exhausted);
        }
        used += 1;
        let step = hare.play_round();
        counts.add(step);
        if step.2 {
            return counts.outcome(Status::Finished);
        }
        if hare.same(&saved) {
            break;
        }
        if lambda == power {
            saved = hare;
            power = power.saturating_mul(2);
            lambda = 0;
        }
        lambda += 1;
    }
    // A loop of λ rounds (rare): find where it starts, with the round played
    // out of line to keep the code small.
    let exhausted = counts.outcome(Status::Exhausted);
    let mut lead = start;
    let mut lead_counts = Counts::ZERO;
    for _ in 0..lambda {
        if used >= budget {
            return exhausted;
        }
        used += 1;
        lead_counts.add(replay_round(&mut lead));
    }
    let mut trail = start;
    while !lead.same(&trail) {
        if used >= budget {
            return exhausted;
        }
        used += 1;
        lead_counts.add(replay_round(&mut lead));
        replay_round(&mut trail);
    }
    lead_counts.outcome(Status::Loop)
}

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

    fn planes(penalties: &[u8]) -> Hand<u64> {
        let mut h = Hand::EMPTY;
        for &p in penalties {
            h.push_bottom(p);
        }
        h
    }

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

    #[test]
    fn quick_hands_need_room_for_the_sentinels() {
        let many = planes(&[1; 31]);
        assert!(QuickTable::new(&many, &planes(&[0; 32])).is_some());
        assert!(QuickTable::new(&many, &planes(&[2])).is_none());
        assert!(QuickTable::new(&planes(&[0; 40]), &planes(&[0; 24])).is_none());
    }

    #[test]
    fn every_engine_agrees_on_the_spec_loop() {
        // J 2 3 / 4 J 5: a loop of two rounds after one.
        let (a, b) = (planes(&[1, 0, 0]), planes(&[0, 1, 0]));
        let plain = Table {
            starter: a,
            other: b,
            a_starts: true,
        };
        let quick = QuickTable::new(&a, &b).unwrap();
        let loop_8_3 = Outcome {
            status: Status::Loop,
            cards: 8,
            tricks: 3,
        };
        assert_eq!(simulate(plain, 100), loop_8_3);
        assert_eq!(simulate(quick, 100), loop_8_3);
        // Three rounds find the repeat; the replay needs more.
        assert_eq!(simulate(quick, 3).status, Status::Exhausted);
        assert_eq!(simulate(quick, 0).status, Status::Exhausted);
    }
}
