//! A deal of at most 64 cards folded into three words: the fast path of a
//! search over deals.

use core::fmt;

use crate::bits::{low64, low128, top64};

use super::engine::{self, Quick, QuickTable};
use super::{CARDS_PER_WORD, CamiciaError, DECK_SIZE, Deal, GameOutcome, Player, Rank};
use crate::Budget;

/// Holds a deal of at most 64 cards with every number card folded to one.
///
/// One bit per card says whether it is a payment card (A's cards, then B's),
/// and the payment cards' penalties follow in order, two bits each, so
/// swapping two cards or starting a simulation is a few word operations: the
/// step a search makes millions of times.
///
/// ```
/// use plateau::{Budget, camicia::{Ending, PackedDeal, Rank, Status}};
/// use plateau::search::Outcome;
/// let (a, b) = ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---");
/// let row: Vec<Rank> = a.chars().chain(b.chars()).filter_map(Rank::from_compact).collect();
/// let mut deal = PackedDeal::from_row(&row, a.len())?;
/// assert_eq!(deal.to_string(), format!("{a}/{b}"));
/// let record = Ending { status: Status::Finished, cards: 8344, tricks: 1164 };
/// assert_eq!(deal.simulate(Budget::new(100_000)), Outcome::Done(record));
/// deal.swap(0, 3)?; // any local change shortens Nessler's record
/// assert!(matches!(deal.simulate(Budget::new(100_000)), Outcome::Done(e) if e.cards < 8344));
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PackedDeal {
    /// Bit `i` is set when card `i` is a payment card.
    pay: u64,
    /// Penalty minus one of each payment card, two bits each, in card order.
    codes: u128,
    len_a: u8,
    len_b: u8,
}

impl PackedDeal {
    /// The deal of no cards.
    pub(crate) const EMPTY: PackedDeal = PackedDeal {
        pay: 0,
        codes: 0,
        len_a: 0,
        len_b: 0,
    };

    /// Cards a packed deal can hold in all.
    pub const CAPACITY: usize = CARDS_PER_WORD;

    /// Makes a packed deal from the cards of A then B (`len_a` of them are A's).
    ///
    /// Fails with [`CamiciaError::TooManyCards`] past 64 cards, or with
    /// [`CamiciaError::NoSuchCard`] if `len_a` is larger than the row.
    pub fn from_row(row: &[Rank], len_a: usize) -> Result<Self, CamiciaError> {
        if row.len() > Self::CAPACITY {
            return Err(CamiciaError::TooManyCards {
                cards: row.len(),
                capacity: Self::CAPACITY,
            });
        }
        if len_a > row.len() {
            return Err(CamiciaError::NoSuchCard {
                position: len_a,
                cards: row.len(),
            });
        }
        let (mut pay, mut codes, mut payers) = (0u64, 0u128, 0u32);
        for (i, rank) in row.iter().enumerate() {
            // No branch on the card: a number card sets no bit and adds a
            // zero code. At most 64 cards: i < 64 and payers <= 64.
            let p = rank.penalty();
            let payer = p > 0;
            pay |= u64::from(payer) << (i & 63);
            codes |= u128::from(p.saturating_sub(1)) << (payers.wrapping_mul(2) & 127);
            payers = payers.wrapping_add(u32::from(payer));
        }
        PackedDeal::from_bits(pay, codes, len_a, row.len().saturating_sub(len_a))
    }

    /// Makes a packed deal from its bits: card `i` (A's `len_a` cards, then
    /// B's `len_b`) is a payment card when bit `i` of `pay` is set, and the
    /// `k`-th payment card's penalty is one more than the `k`-th two-bit field
    /// of `codes`. The quick way for a search to deal at random.
    ///
    /// Fails with [`CamiciaError::TooManyCards`] past [`Self::CAPACITY`] cards,
    /// with [`CamiciaError::NoSuchCard`] if `pay` has a bit past the last card,
    /// or with [`CamiciaError::NoSuchPaymentCard`] if `codes` has a bit past
    /// the last payment card's field.
    ///
    /// ```
    /// use plateau::camicia::PackedDeal;
    /// // J 2 3 / 4 J 5: payment cards at 0 and 4, both jacks (code 0).
    /// let deal = PackedDeal::from_bits(0b1_0001, 0, 3, 3)?;
    /// assert_eq!(deal.to_string(), "J--/-J-");
    /// assert!(PackedDeal::from_bits(1 << 6, 0, 3, 3).is_err());
    /// assert!(PackedDeal::from_bits(1, 0b100, 3, 3).is_err());
    /// # Ok::<(), plateau::camicia::CamiciaError>(())
    /// ```
    pub fn from_bits(
        pay: u64,
        codes: u128,
        len_a: usize,
        len_b: usize,
    ) -> Result<Self, CamiciaError> {
        let total = len_a.saturating_add(len_b);
        if total > Self::CAPACITY {
            return Err(CamiciaError::TooManyCards {
                cards: total,
                capacity: Self::CAPACITY,
            });
        }
        // total <= 64 and at most 64 payment cards: the widths fit.
        let payers = pay.count_ones();
        let stray = pay & !low64(total as u32);
        if stray != 0 {
            return Err(CamiciaError::NoSuchCard {
                position: top64(stray) as usize,
                cards: total,
            });
        }
        let stray = codes & !low128(2 * payers);
        if stray != 0 {
            // The highest stray bit is in the field of bit / 2 (bits < 128).
            let top = 127 - stray.leading_zeros();
            return Err(CamiciaError::NoSuchPaymentCard {
                field: (top / 2) as usize,
                payment_cards: payers as usize,
            });
        }
        Ok(PackedDeal {
            pay,
            codes,
            len_a: len_a as u8,
            len_b: len_b as u8,
        })
    }

    /// Packs a deal of at most [`Self::CAPACITY`] cards
    /// ([`CamiciaError::TooManyCards`] otherwise).
    pub fn from_deal<const W: usize>(deal: &Deal<W>) -> Result<Self, CamiciaError> {
        let mut row = [Rank::Number; CARDS_PER_WORD];
        let too_many = CamiciaError::TooManyCards {
            cards: deal.total(),
            capacity: Self::CAPACITY,
        };
        if deal.total() > Self::CAPACITY {
            return Err(too_many);
        }
        let cards = deal.hand(Player::A).chain(deal.hand(Player::B));
        for (slot, rank) in row.iter_mut().zip(cards) {
            *slot = rank;
        }
        let row = row.get(..deal.total()).ok_or(too_many)?;
        PackedDeal::from_row(row, deal.len(Player::A))
    }

    /// Returns the deal with its number cards as [`Rank::Number`].
    #[must_use]
    pub fn to_deal(&self) -> Deal {
        let mut row = [Rank::Number; CARDS_PER_WORD];
        for (i, slot) in row.iter_mut().enumerate().take(self.total()) {
            *slot = Rank::from_penalty(self.penalty_at(i));
        }
        let Some((a, b)) = row.split_at_checked(usize::from(self.len_a)) else {
            return Deal::EMPTY;
        };
        let b = b.get(..usize::from(self.len_b)).unwrap_or_default();
        // At most 64 cards: always fits a `Deal`.
        Deal::from_hands(a, b).unwrap_or(Deal::EMPTY)
    }

    /// Returns how many cards `player` holds.
    #[must_use]
    pub const fn len(&self, player: Player) -> usize {
        match player {
            Player::A => self.len_a as usize,
            Player::B => self.len_b as usize,
        }
    }

    /// Returns how many cards the deal holds in all.
    #[must_use]
    pub const fn total(&self) -> usize {
        self.len_a as usize + self.len_b as usize
    }

    /// Returns how many payment cards lie before card `i` (`i` up to 64).
    const fn payers_before(&self, i: usize) -> u32 {
        (self.pay & low64(i as u32)).count_ones()
    }

    /// Returns the code (penalty minus one) of the `r`-th payment card.
    const fn code(&self, r: u32) -> u8 {
        match self.codes.checked_shr(2 * r) {
            Some(c) => (c & 3) as u8,
            None => 0,
        }
    }

    /// Removes the `r`-th payment card's code, moving the later ones down.
    const fn remove_code(&mut self, r: u32) {
        let high = match self.codes.checked_shr(2 * r + 2) {
            Some(h) => h << (2 * r),
            None => 0,
        };
        self.codes = self.codes & low128(2 * r) | high;
    }

    /// Inserts `code` as the `r`-th payment card's, moving the later ones up.
    const fn insert_code(&mut self, r: u32, code: u8) {
        let low = low128(2 * r);
        let placed = match (code as u128).checked_shl(2 * r) {
            Some(c) => c,
            None => 0,
        };
        self.codes = self.codes & low | placed | (self.codes & !low) << 2;
    }

    const fn penalty_at(&self, i: usize) -> u8 {
        if i >= 64 || (self.pay >> i) & 1 == 0 {
            return 0;
        }
        self.code(self.payers_before(i)) + 1
    }

    /// Returns card `i` (A's cards, then B's), number cards as [`Rank::Number`].
    ///
    /// Fails with [`CamiciaError::NoSuchCard`] past the last card.
    pub fn rank(&self, i: usize) -> Result<Rank, CamiciaError> {
        self.check(i)?;
        Ok(Rank::from_penalty(self.penalty_at(i)))
    }

    /// Returns whether cards `i` and `j` are alike to the game: both number
    /// cards, or payment cards of one rank (swapping them changes nothing).
    ///
    /// Cheaper than comparing their [`rank`](Self::rank)s: most pairs differ in
    /// kind or are both number cards, which one bit each tells.
    pub fn alike(&self, i: usize, j: usize) -> Result<bool, CamiciaError> {
        self.check(i)?;
        self.check(j)?;
        // i, j < 64.
        let (pay_i, pay_j) = ((self.pay >> i) & 1, (self.pay >> j) & 1);
        if pay_i != pay_j {
            return Ok(false);
        }
        Ok(pay_i == 0 || self.code(self.payers_before(i)) == self.code(self.payers_before(j)))
    }

    /// Swaps cards `i` and `j` (A's cards, then B's).
    ///
    /// Fails with [`CamiciaError::NoSuchCard`] (and changes nothing) if
    /// either is past the last card.
    pub fn swap(&mut self, i: usize, j: usize) -> Result<(), CamiciaError> {
        self.check(i)?;
        self.check(j)?;
        let (i, j) = if i <= j { (i, j) } else { (j, i) };
        // i <= j < 64.
        let (pay_i, pay_j) = ((self.pay >> i) & 1 == 1, (self.pay >> j) & 1 == 1);
        match (pay_i, pay_j) {
            (false, false) => {}
            (true, true) => {
                let (ri, rj) = (self.payers_before(i), self.payers_before(j));
                let d = u128::from(self.code(ri) ^ self.code(rj));
                self.codes ^= d << (2 * ri) | d << (2 * rj);
            }
            (true, false) | (false, true) => {
                // One payment card moves between positions i and j.
                let from = if pay_i { i } else { j };
                let r = self.payers_before(from);
                let code = self.code(r);
                self.remove_code(r);
                self.pay ^= 1 << i | 1 << j;
                let to = if pay_i { j } else { i };
                self.insert_code(self.payers_before(to), code);
            }
        }
        Ok(())
    }

    /// Plays the game for at most `budget` rounds (see [`Deal::simulate`]).
    #[inline]
    pub fn simulate(&self, budget: Budget) -> GameOutcome {
        match self.quick() {
            Some((a, b)) => engine::simulate(QuickTable::start(a, b), budget.get()),
            None => self.simulate_planes(budget),
        }
    }

    /// Plays a deal too large for the quick hands on the bit planes, out of
    /// line: the hunt's deals never come here, and the chip's stack would
    /// otherwise hold both engines' frames at once.
    #[inline(never)]
    #[cold]
    fn simulate_planes(&self, budget: Budget) -> GameOutcome {
        self.to_deal().simulate(budget)
    }

    /// Returns `Ok` if card `i` is in the deal, else [`CamiciaError::NoSuchCard`].
    #[inline(always)]
    const fn check(&self, i: usize) -> Result<(), CamiciaError> {
        if i >= self.total() {
            return Err(CamiciaError::NoSuchCard {
                position: i,
                cards: self.total(),
            });
        }
        Ok(())
    }

    /// Plays the games of many deals, 32 at a time, for at most `budget`
    /// rounds each, and calls `report(i, deal, outcome)` as the game of the
    /// `i`-th deal ends: the outcome of [`PackedDeal::simulate`], found without
    /// a branch on the cards (one game alone waits on a mispredicted branch
    /// about once a round; many independent games keep the processor busy).
    /// The reports come in the order the games end, not the input's; the
    /// deals are taken from `deals` as lanes free up, so `deals` may depend
    /// on what `report` saw (a search that climbs); `i` wraps after
    /// `usize::MAX` deals. The 32 games in play live on the stack.
    ///
    /// ```
    /// use plateau::{Budget, camicia::{PackedDeal, Status}};
    /// let deals: [PackedDeal; 2] = [
    ///     "J--K-/---Q".parse()?,
    ///     "J--/-J-".parse()?, // J 2 3 / 4 J 5: a loop
    /// ];
    /// let mut outcomes = [None; 2];
    /// PackedDeal::simulate_many(deals, Budget::new(1000), |i, deal, outcome| {
    ///     assert_eq!(outcome, deal.simulate(Budget::new(1000)));
    ///     outcomes[i] = outcome.done().map(|end| end.status);
    /// });
    /// assert_eq!(outcomes, [Some(Status::Finished), Some(Status::Loop)]);
    /// # Ok::<(), plateau::camicia::CamiciaError>(())
    /// ```
    pub fn simulate_many<I, F>(deals: I, budget: Budget, report: F)
    where
        I: IntoIterator<Item = PackedDeal>,
        F: FnMut(usize, PackedDeal, GameOutcome),
    {
        engine::simulate_many(deals, budget.get(), report);
    }

    /// Returns the quick hands of A and B (with their sentinels) if the deal
    /// has at most [`engine::QUICK_CARDS`] cards and [`engine::QUICK_PAYERS`]
    /// payment cards, else `None`.
    #[inline]
    pub(crate) fn quick(&self) -> Option<(Quick, Quick)> {
        let (len_a, len_b) = (u32::from(self.len_a), u32::from(self.len_b));
        let payers = self.pay.count_ones();
        if len_a + len_b > engine::QUICK_CARDS || payers > engine::QUICK_PAYERS {
            return None;
        }
        // Every shift below is under 64.
        let pay_a = self.pay & low64(len_a);
        let k_a = pay_a.count_ones();
        let k_b = payers.saturating_sub(k_a); // k_a counts some of the payers
        let codes = self.codes as u64;
        Some((
            Quick {
                pay: pay_a | 1 << (len_a & 63),
                penalties: codes & low64(2 * k_a) | 1 << ((2 * k_a) & 63),
            },
            Quick {
                pay: self.pay >> (len_a & 63) | 1 << (len_b & 63),
                penalties: codes >> ((2 * k_a) & 63) | 1 << ((2 * k_b) & 63),
            },
        ))
    }
}

impl PackedDeal {
    /// Returns byte `n` of the compact notation (what `Display` writes), or
    /// `None` past its end: the slash comes before card `len_a` (after the
    /// last card when B's hand is empty).
    const fn text_byte(&self, n: usize) -> Option<u8> {
        let len_a = self.len_a as usize;
        let card = if n < len_a {
            n
        } else if n == len_a {
            return Some(b'/');
        } else if n <= self.total() {
            n.saturating_sub(1) // n > len_a: never saturates
        } else {
            return None;
        };
        Some(Rank::from_penalty(self.penalty_at(card)).compact() as u8)
    }

    /// Orders two deals as their texts, byte by byte, without writing them.
    pub(crate) fn cmp_text(&self, other: &PackedDeal) -> core::cmp::Ordering {
        // At most 65 bytes each: the loop ends at the shorter text's end.
        for n in 0..=CARDS_PER_WORD + 1 {
            match (self.text_byte(n), other.text_byte(n)) {
                (Some(x), Some(y)) if x == y => {}
                (x, y) => return x.cmp(&y),
            }
        }
        core::cmp::Ordering::Equal
    }

    /// Makes a 52-card deal, 26 cards each, from bits whose layout the caller
    /// has built right (`pay` within 52 bits, `codes` within its payment
    /// cards' fields): [`Self::from_bits`] without the checks.
    pub(crate) const fn dealt(pay: u64, codes: u128) -> PackedDeal {
        PackedDeal {
            pay,
            codes,
            len_a: (DECK_SIZE / 2) as u8,
            len_b: (DECK_SIZE / 2) as u8,
        }
    }
}

impl fmt::Display for PackedDeal {
    /// Writes the deal in the compact notation: `---AJ--Q/-K--`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for i in 0..self.total() {
            if i == usize::from(self.len_a) {
                f.write_char('/')?;
            }
            f.write_char(Rank::from_penalty(self.penalty_at(i)).compact())?;
        }
        if self.len_b == 0 {
            f.write_char('/')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_what_display_writes() {
        for (pay, codes, a, b) in [
            (0b1_0001, 0, 3, 3),
            (0, 0, 0, 0),
            (1, 3, 1, 0),
            (0b10, 2, 0, 2),
        ] {
            let deal = PackedDeal::from_bits(pay, codes, a, b).unwrap();
            let text: std::vec::Vec<u8> = (0..70).map_while(|n| deal.text_byte(n)).collect();
            assert_eq!(text, deal.to_string().into_bytes());
            let other = PackedDeal::from_bits(1, 0, 2, 1).unwrap();
            assert_eq!(
                deal.cmp_text(&other),
                deal.to_string().cmp(&other.to_string())
            );
            assert_eq!(deal.cmp_text(&deal), core::cmp::Ordering::Equal);
        }
    }
}
