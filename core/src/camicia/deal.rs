//! A deal: the two hands, top card first, of any size up to a capacity.

use core::fmt;

use super::engine::{self, Hand, Lane, Table, Wide};
use super::{CARDS_PER_WORD, CamiciaError, GameOutcome, Player, Rank};
use crate::Budget;

/// Holds the two hands at the start of a game, with room for `64 * W` cards in all.
///
/// `Deal` (W = 1) holds up to 64 cards, enough for the 52-card deck; a larger
/// `W` serves larger games (`Deal<6>` holds 384). The simulation's memory is a
/// few copies of the state, fixed by `W`.
///
/// ```
/// use plateau::{Budget, camicia::{Deal, Ending, Rank::*, Status}};
/// use plateau::search::Outcome;
/// let deal: Deal = Deal::from_hands(&[Two, Ace, Seven, Eight, Queen, Ten], &[Three, Four, Five, Six, King, Nine, Jack])?;
/// let outcome = deal.simulate(Budget::new(1_000));
/// assert_eq!(outcome, Outcome::Done(Ending { status: Status::Finished, cards: 13, tricks: 1 }));
/// assert!(deal.simulate(Budget::new(0)).is_exhausted()); // no rounds allowed
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Deal<const W: usize = 1> {
    /// A's cards then B's, 64 to a block.
    cards: [[Rank; CARDS_PER_WORD]; W],
    len_a: usize,
    len_b: usize,
}

impl<const W: usize> Deal<W> {
    /// Cards the deal can hold in all.
    pub const CAPACITY: usize = CARDS_PER_WORD * W;

    /// The deal with two empty hands.
    pub const EMPTY: Self = Deal {
        cards: [[Rank::Number; CARDS_PER_WORD]; W],
        len_a: 0,
        len_b: 0,
    };

    /// Makes a deal from A's and B's hands, top card first.
    ///
    /// Fails with [`CamiciaError::TooManyCards`] if they hold more than
    /// [`Self::CAPACITY`] cards. An empty hand is allowed.
    pub fn from_hands(a: &[Rank], b: &[Rank]) -> Result<Self, CamiciaError> {
        let total = a.len().saturating_add(b.len());
        if total > Self::CAPACITY {
            return Err(CamiciaError::TooManyCards {
                cards: total,
                capacity: Self::CAPACITY,
            });
        }
        Ok(Self::filled(a.iter().copied(), b.iter().copied()))
    }

    /// Makes the deal of `a`'s cards then `b`'s, each cut at what the deal
    /// holds (the callers give at most [`Self::CAPACITY`] in all).
    pub(super) fn filled(a: impl Iterator<Item = Rank>, b: impl Iterator<Item = Rank>) -> Self {
        let mut deal = Self::EMPTY;
        for rank in a {
            let Some(slot) = deal.slot(deal.len_a) else {
                break;
            };
            *slot = rank;
            deal.len_a = deal.len_a.wrapping_add(1);
        }
        for rank in b {
            let Some(slot) = deal.slot(deal.total()) else {
                break;
            };
            *slot = rank;
            deal.len_b = deal.len_b.wrapping_add(1);
        }
        deal
    }

    /// Makes the deal of `len_a` cards for A and `len_b` for B that `write`
    /// puts in its row (A's cards, then B's); `None` past the capacity.
    pub(super) fn written(
        len_a: usize,
        len_b: usize,
        write: impl FnOnce(&mut [Rank]),
    ) -> Option<Self> {
        let mut deal = Self::EMPTY;
        write(
            deal.cards
                .as_flattened_mut()
                .get_mut(..len_a.checked_add(len_b)?)?,
        );
        deal.len_a = len_a;
        deal.len_b = len_b;
        Some(deal)
    }

    /// Returns the cards, A's then B's, as one row.
    pub(super) fn row(&self) -> &[Rank] {
        self.cards
            .as_flattened()
            .get(..self.total())
            .unwrap_or_default()
    }

    /// Card slot `i` (A's cards, then B's), if the deal has room for it.
    fn slot(&mut self, i: usize) -> Option<&mut Rank> {
        self.cards
            .get_mut(i / CARDS_PER_WORD)?
            .get_mut(i % CARDS_PER_WORD)
    }

    /// Returns how many cards `player` holds.
    #[must_use]
    pub const fn len(&self, player: Player) -> usize {
        match player {
            Player::A => self.len_a,
            Player::B => self.len_b,
        }
    }

    /// Returns how many cards the deal holds in all.
    #[must_use]
    pub const fn total(&self) -> usize {
        // Both lengths are at most CAPACITY, checked on creation: never saturates.
        self.len_a.saturating_add(self.len_b)
    }

    /// Returns `player`'s hand, top card first.
    pub fn hand(&self, player: Player) -> impl Iterator<Item = Rank> + '_ {
        let (skip, take) = match player {
            Player::A => (0, self.len_a),
            Player::B => (self.len_a, self.len_b),
        };
        self.cards
            .iter()
            .flat_map(|block| block.iter().copied())
            .skip(skip)
            .take(take)
    }

    /// Returns the `i`-th card of the deal (A's cards, then B's).
    ///
    /// Fails with [`CamiciaError::NoSuchCard`] past the last card.
    pub fn card(&self, i: usize) -> Result<Rank, CamiciaError> {
        let missing = CamiciaError::NoSuchCard {
            position: i,
            cards: self.total(),
        };
        if i >= self.total() {
            return Err(missing);
        }
        self.cards
            .get(i / CARDS_PER_WORD)
            .and_then(|block| block.get(i % CARDS_PER_WORD))
            .copied()
            .ok_or(missing)
    }

    fn folded_hand<L: Lane>(&self, player: Player) -> Hand<L> {
        let mut hand = Hand::EMPTY;
        for rank in self.hand(player) {
            hand.push_bottom(rank.penalty());
        }
        hand
    }

    pub(super) fn table<L: Lane>(&self) -> Table<L> {
        Table {
            starter: self.folded_hand(Player::A),
            other: self.folded_hand(Player::B),
        }
    }

    /// Plays the game for at most `budget` rounds, in one call, and says how
    /// it ends ([`Budget::UNLIMITED`] to play until it ends or loops): the
    /// same answer as a [`Simulation`](super::Simulation) of the deal run
    /// with the same budget, in one run or many.
    ///
    /// A round runs from a start (the deal, or a trick) to the next trick, so
    /// it plays at most [`Self::total`] cards. Loops are found in constant memory
    /// (Brent's method plus a replay, a few times the rounds before the
    /// repeat); `Outcome::Exhausted` means the budget ran out first.
    /// A budget larger than `u64::MAX / (64·W)` rounds (over 2^55 for any `W`
    /// up to 6; years of play) counts as that many, so that the cards played
    /// add up without overflow and without a check a round.
    pub fn simulate(&self, budget: Budget) -> GameOutcome {
        let budget = budget.get();
        if self.total() < CARDS_PER_WORD {
            engine::simulate_narrow(self.table(), budget)
        } else {
            engine::simulate::<Table<Wide<W>>>(self.table(), budget)
        }
    }
}

impl<const W: usize> fmt::Display for Deal<W> {
    /// Writes the deal in the spaced notation: `2 A 7 | 3 K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for r in self.hand(Player::A) {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            f.write_str(r.symbol())?;
        }
        f.write_str(" |")?;
        for r in self.hand(Player::B) {
            f.write_str(" ")?;
            f.write_str(r.symbol())?;
        }
        Ok(())
    }
}
