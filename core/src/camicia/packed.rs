//! A deal of at most 64 cards folded into three words: the fast path of a
//! search over deals.

use core::fmt;

use super::engine::{self, Hand, Table, Wide};
use super::{CARDS_PER_WORD, CamiciaError, Deal, Outcome, Player, Rank};

/// A deal of at most 64 cards with every number card folded to one.
///
/// The penalties (0 for number cards, 1..=4 for J, Q, K, A) of A's cards then
/// B's lie in three bit planes, so swapping two cards or starting a simulation
/// costs a few instructions: the step a search makes millions of times.
///
/// ```
/// use plateau::camicia::{PackedDeal, Rank, Status};
/// let (a, b) = ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---");
/// let row: Vec<Rank> = a.chars().chain(b.chars()).filter_map(Rank::from_compact).collect();
/// let mut deal = PackedDeal::from_row(&row, a.len())?;
/// assert_eq!(deal.to_string(), format!("{a}/{b}"));
/// let record = deal.simulate(100_000);
/// assert_eq!((record.status, record.cards, record.tricks), (Status::Finished, 8344, 1164));
/// deal.swap(0, 3)?; // any local change shortens Nessler's record
/// assert!(deal.simulate(100_000).cards < 8344);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PackedDeal {
    planes: [u64; 3],
    len_a: u8,
    len_b: u8,
}

/// Returns a word with the low `n` bits set (`n` up to 64).
const fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl PackedDeal {
    /// Cards a packed deal can hold in all.
    pub const CAPACITY: usize = CARDS_PER_WORD;

    /// Makes a packed deal from the cards of A then B (`len_a` of them are A's).
    ///
    /// Fails with [`CamiciaError::TooManyCards`] past 64 cards, or with
    /// [`CamiciaError::NoSuchCard`] if `len_a` is larger than the row.
    pub fn from_row(row: &[Rank], len_a: usize) -> Result<Self, CamiciaError> {
        if row.len() > Self::CAPACITY {
            return Err(CamiciaError::TooManyCards);
        }
        if len_a > row.len() {
            return Err(CamiciaError::NoSuchCard);
        }
        let mut planes = [0u64; 3];
        for (i, rank) in row.iter().enumerate() {
            let p = rank.penalty();
            for (bit, plane) in planes.iter_mut().enumerate() {
                *plane |= u64::from((p >> bit) & 1) << i;
            }
        }
        // Both lengths are at most 64, checked above.
        Ok(PackedDeal {
            planes,
            len_a: len_a as u8,
            len_b: (row.len() - len_a) as u8,
        })
    }

    /// Packs a deal of at most 64 cards ([`CamiciaError::TooManyCards`] otherwise).
    pub fn from_deal<const W: usize>(deal: &Deal<W>) -> Result<Self, CamiciaError> {
        let mut row = [Rank::Number; CARDS_PER_WORD];
        if deal.total() > Self::CAPACITY {
            return Err(CamiciaError::TooManyCards);
        }
        let cards = deal.hand(Player::A).chain(deal.hand(Player::B));
        for (slot, rank) in row.iter_mut().zip(cards) {
            *slot = rank;
        }
        let row = row.get(..deal.total()).ok_or(CamiciaError::TooManyCards)?;
        PackedDeal::from_row(row, deal.len(Player::A))
    }

    /// Returns the deal with its number cards as [`Rank::Number`].
    #[must_use]
    pub fn to_deal(&self) -> Deal {
        let mut row = [Rank::Number; CARDS_PER_WORD];
        for (i, slot) in row.iter_mut().enumerate().take(self.total()) {
            *slot = Rank::from_penalty(self.penalty_at(i));
        }
        let (a, b) = row.split_at(usize::from(self.len_a));
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

    const fn penalty_at(&self, i: usize) -> u8 {
        if i >= 64 {
            return 0;
        }
        let [p0, p1, p2] = self.planes;
        ((p0 >> i) & 1 | ((p1 >> i) & 1) << 1 | ((p2 >> i) & 1) << 2) as u8
    }

    /// Returns card `i` (A's cards, then B's), number cards as [`Rank::Number`].
    pub fn rank(&self, i: usize) -> Result<Rank, CamiciaError> {
        if i >= self.total() {
            return Err(CamiciaError::NoSuchCard);
        }
        Ok(Rank::from_penalty(self.penalty_at(i)))
    }

    /// Swaps cards `i` and `j` (A's cards, then B's).
    pub fn swap(&mut self, i: usize, j: usize) -> Result<(), CamiciaError> {
        if i >= self.total() || j >= self.total() {
            return Err(CamiciaError::NoSuchCard);
        }
        // i, j < 64.
        for plane in &mut self.planes {
            let d = ((*plane >> i) ^ (*plane >> j)) & 1;
            *plane ^= d << i | d << j;
        }
        Ok(())
    }

    /// Plays the game for at most `budget` rounds (see [`Deal::simulate`]).
    #[must_use]
    #[inline]
    pub fn simulate(&self, budget: u64) -> Outcome {
        let len_a = usize::from(self.len_a);
        let mask_a = low_bits(len_a);
        let [p0, p1, p2] = self.planes;
        let high = |p: u64| p.checked_shr(u32::from(self.len_a)).unwrap_or(0);
        let table = Table {
            starter: Hand {
                len: len_a,
                b0: p0 & mask_a,
                b1: p1 & mask_a,
                b2: p2 & mask_a,
            },
            other: Hand {
                len: usize::from(self.len_b),
                b0: high(p0),
                b1: high(p1),
                b2: high(p2),
            },
            a_starts: true,
        };
        if self.total() < CARDS_PER_WORD {
            engine::simulate_narrow(table, budget)
        } else {
            // 64 cards: a shift by 64 needs the careful lanes.
            let wide = |h: Hand<u64>| Hand {
                len: h.len,
                b0: Wide([h.b0]),
                b1: Wide([h.b1]),
                b2: Wide([h.b2]),
            };
            engine::simulate::<Table<Wide<1>>>(
                Table {
                    starter: wide(table.starter),
                    other: wide(table.other),
                    a_starts: true,
                },
                budget,
            )
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
