//! Camicia (two-player Beggar-my-neighbour): deals, exact simulation, and loop
//! detection in constant memory.
//!
//! Player A plays first; both players alternately put their top card on the pile.
//! A payment card (J, Q, K, A) makes the opponent pay 1, 2, 3 or 4 cards; a payer
//! who turns up a payment card stops paying and the other player now owes. When
//! a debt is paid in full, the player who laid the last payment card takes the
//! pile under their hand and starts the next round. A player who must play and
//! has no card loses the pile to the other. A game ends when, after a trick, one
//! player holds every card ([`Status::Finished`]), or it is a [`Status::Loop`]
//! when a round starts in a state seen before (number cards all counted as one).
//!
//! A [`Simulation`] plays a game on bit planes, a whole run of number cards at
//! a time, and finds loops with Brent's cycle detection: it keeps two game
//! states, never a list of past ones, so it runs on a chip. It is a
//! [`Search`](crate::search::Search) whose budget is in rounds: it plays in
//! slices and goes on where it stopped, and answers a [`GameOutcome`]
//! (`Done` with the [`Ending`], or `Exhausted` with what was [`Played`]).
//! [`Deal::simulate`] is the same in one call. [`Trace`] replays a game card
//! by card for display, up to where a simulation says it stands. The deal
//! notation (`A/B` compact, `A | B` spaced) is read by `str::parse` and
//! written by `Display`. [`PackedDeal`] is the fast path of a search over
//! deals of at most 64 cards (a swap of two cards is a few bit operations);
//! [`hunt`] is that search, for the longest games and for loops.
//!
//! ```
//! use plateau::{Budget, camicia::{Deal, Rank, Status}};
//! use plateau::search::Outcome;
//! use Rank::*;
//! let deal: Deal = Deal::from_hands(
//!     &[Two, Ace, Seven, Eight, Queen, Ten],
//!     &[Three, Four, Five, Six, King, Nine, Jack],
//! )?;
//! let Outcome::Done(end) = deal.simulate(Budget::new(1_000)) else { return Err("no end".into()) };
//! assert_eq!((end.status, end.cards, end.tricks), (Status::Finished, 13, 1));
//!
//! let looping: Deal = Deal::from_hands(&[Jack, Two, Three], &[Four, Jack, Five])?;
//! let Outcome::Done(end) = looping.simulate(Budget::new(1_000)) else { return Err("no end".into()) };
//! assert_eq!((end.status, end.cards, end.tricks), (Status::Loop, 8, 3));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use core::convert::Infallible;
use core::fmt;

use crate::search::Outcome;

pub mod backward;
mod cycle;
mod deal;
mod engine;
pub mod hunt;
mod notation;
mod packed;
mod simulation;
mod trace;

pub use cycle::Cycle;
pub use deal::Deal;
pub use packed::PackedDeal;
pub use simulation::Simulation;
pub use trace::{Event, Game, Trace};

/// Cards in the standard deck.
pub const DECK_SIZE: usize = 52;

/// The first 52-card deal found whose game never ends (Casella et al. 2024),
/// in compact notation: it enters a cycle of 62 tricks after 4, having played
/// 474 cards in 66 tricks before it repeats a state.
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::{CASELLA_2024, Deal, Status};
/// let deal: Deal = CASELLA_2024.parse()?;
/// let end = deal.simulate(Budget::UNLIMITED);
/// assert_eq!(end.done().map(|e| e.status), Some(Status::Loop));
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
pub const CASELLA_2024: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";
/// Cards a bit-plane word holds; a [`Deal<W>`] holds `64 * W` cards.
pub const CARDS_PER_WORD: usize = 64;

/// Names a card's rank; only the four payment ranks change the play.
///
/// ```
/// use plateau::camicia::Rank;
/// assert_eq!((Rank::King.penalty(), Rank::Seven.penalty()), (3, 0));
/// assert_eq!(Rank::from_symbol("q"), Some(Rank::Queen));
/// assert_eq!((Rank::Ten.symbol(), Rank::Ten.compact()), ("10", '-'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Rank {
    /// A number card whose value does not matter (`-` in the compact notation).
    #[default]
    Number,
    /// 2.
    Two,
    /// 3.
    Three,
    /// 4.
    Four,
    /// 5.
    Five,
    /// 6.
    Six,
    /// 7.
    Seven,
    /// 8.
    Eight,
    /// 9.
    Nine,
    /// 10.
    Ten,
    /// Jack: the opponent pays 1 card.
    Jack,
    /// Queen: the opponent pays 2 cards.
    Queen,
    /// King: the opponent pays 3 cards.
    King,
    /// Ace: the opponent pays 4 cards.
    Ace,
}

impl Rank {
    /// Every rank, the unspecified number card first.
    pub const ALL: [Rank; 14] = [
        Rank::Number,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Returns how many cards the opponent must pay: 0 for a number card.
    #[must_use]
    pub const fn penalty(self) -> u8 {
        match self {
            Rank::Jack => 1,
            Rank::Queen => 2,
            Rank::King => 3,
            Rank::Ace => 4,
            _ => 0,
        }
    }

    /// Returns the payment rank of a penalty 1..=4, or an unspecified number card.
    #[must_use]
    pub const fn from_penalty(penalty: u8) -> Rank {
        match penalty {
            1 => Rank::Jack,
            2 => Rank::Queen,
            3 => Rank::King,
            4 => Rank::Ace,
            _ => Rank::Number,
        }
    }

    /// Returns whether this is a number card (2 to 10, or unspecified).
    #[must_use]
    pub const fn is_number(self) -> bool {
        self.penalty() == 0
    }

    /// Returns the rank's symbol in the spaced notation: `2`..`10`, `J`, `Q`, `K`, `A`, `-`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Rank::Number => "-",
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    /// Returns the rank of a spaced-notation symbol (letters in either case), or `None`.
    #[must_use]
    pub fn from_symbol(symbol: &str) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|r| r.symbol().eq_ignore_ascii_case(symbol))
    }

    /// Returns the rank's letter in the compact notation: `-` for every number card.
    #[must_use]
    pub const fn compact(self) -> char {
        match self {
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
            _ => '-',
        }
    }

    /// Returns the rank of a compact-notation letter (`-`, `2`..`9`, `T`, `J`, `Q`,
    /// `K`, `A`, letters in either case), or `None`.
    #[must_use]
    pub const fn from_compact(letter: char) -> Option<Rank> {
        Some(match letter.to_ascii_uppercase() {
            '-' => Rank::Number,
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            'A' => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// Names one of the two players: A plays first.
///
/// ```
/// use plateau::camicia::Player;
/// assert_eq!(Player::A.other(), Player::B);
/// assert_eq!(Player::B.to_string(), "B");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Player {
    /// The player who plays first.
    A,
    /// The other player.
    B,
}

impl Player {
    /// Returns the other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// How a game ends, in the game's own words: it finishes, or it loops.
///
/// ```
/// use plateau::{Budget, camicia::{Deal, Rank::*, Status}};
/// use plateau::search::Outcome;
/// let deal: Deal = Deal::from_hands(&[Jack, Two, Three], &[Four, Jack, Five])?;
/// let Outcome::Done(end) = deal.simulate(Budget::new(100)) else { return Err("no end".into()) };
/// assert_eq!(end.status, Status::Loop);
/// assert!(deal.simulate(Budget::new(3)).is_exhausted());
/// assert_eq!(Status::Loop.to_string(), "loop");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Status {
    /// One player holds every card after a trick.
    Finished,
    /// A round started in the state of an earlier round: the game never ends.
    Loop,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Finished => "finished",
            Status::Loop => "loop",
        })
    }
}

/// Holds how a game ends and what was played: for a loop, the cards and
/// tricks before the repeated round starts.
///
/// ```
/// use plateau::{Budget, camicia::{Deal, Ending, Rank::*, Status}};
/// use plateau::search::Outcome;
/// let deal: Deal = Deal::from_hands(&[Two, Ace], &[Three, Four, Five, Six, Seven])?;
/// let end = Ending { status: Status::Finished, cards: 7, tricks: 1 };
/// assert_eq!(deal.simulate(Budget::new(1_000)), Outcome::Done(end));
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Ending {
    /// How the game ends.
    pub status: Status,
    /// Cards put on the pile.
    pub cards: u64,
    /// Takes of a non-empty pile.
    pub tricks: u64,
}

/// Holds what a game played before its budget ran out: the best so far of
/// an exhausted simulation (up to the repeat, if one was seen and its start
/// not found yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Played {
    /// Cards put on the pile.
    pub cards: u64,
    /// Takes of a non-empty pile.
    pub tricks: u64,
}

/// What a simulation answers: `Done` with how the game ends, or `Exhausted`
/// with what it played and the rounds of the budget it spent (every game
/// ends or loops, so there is no `NoSolution`).
///
/// ```
/// use plateau::{Budget, camicia::{Deal, Played, Rank::*}};
/// use plateau::search::Outcome;
/// let deal: Deal = Deal::from_hands(&[Two, Ace], &[Three, Four, Five, Six, Seven])?;
/// let cut = Outcome::Exhausted { best: Played { cards: 0, tricks: 0 }, spent: 0 };
/// assert_eq!(deal.simulate(Budget::new(0)), cut);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
pub type GameOutcome = Outcome<Ending, Infallible, Played>;

impl Outcome<Ending, Infallible, Played> {
    /// Returns the cards put on the pile: to the end, to the start of the
    /// repeated round, or within the budget.
    ///
    /// ```
    /// use plateau::{Budget, camicia::Deal};
    /// let deal: Deal = "J--/-J-".parse()?;
    /// assert_eq!((deal.simulate(Budget::UNLIMITED).cards(), deal.simulate(Budget::new(1)).cards()), (8, 2));
    /// # Ok::<(), plateau::camicia::CamiciaError>(())
    /// ```
    #[must_use]
    pub const fn cards(&self) -> u64 {
        match self {
            Outcome::Done(Ending { cards, .. })
            | Outcome::Exhausted {
                best: Played { cards, .. },
                ..
            } => *cards,
            Outcome::NoSolution(never) => match *never {},
        }
    }

    /// Returns the tricks, counted as [`cards`](Self::cards) are.
    #[must_use]
    pub const fn tricks(&self) -> u64 {
        match self {
            Outcome::Done(Ending { tricks, .. })
            | Outcome::Exhausted {
                best: Played { tricks, .. },
                ..
            } => *tricks,
            Outcome::NoSolution(never) => match *never {},
        }
    }
}

/// Tells why a deal, a card position or a hunt's shard was refused.
///
/// ```
/// use plateau::camicia::{CamiciaError, Deal, Rank};
/// let err = Deal::<1>::from_hands(&[Rank::Two; 40], &[Rank::Three; 40]).unwrap_err();
/// assert_eq!(err, CamiciaError::TooManyCards { cards: 80, capacity: Deal::<1>::CAPACITY });
/// assert_eq!(err.to_string(), "the hands hold 80 cards, more than the deal's capacity of 64");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum CamiciaError {
    /// The two hands hold more cards than the deal's capacity
    /// ([`Deal::CAPACITY`], [`PackedDeal::CAPACITY`]).
    TooManyCards {
        /// Cards the hands hold (saturated at `usize::MAX`).
        cards: usize,
        /// Cards the deal can hold.
        capacity: usize,
    },
    /// A card position is past the end of the deal.
    NoSuchCard {
        /// The position asked for (A's cards first, then B's).
        position: usize,
        /// Cards the deal holds.
        cards: usize,
    },
    /// [`PackedDeal::from_bits`] was given a penalty code past the last payment card.
    NoSuchPaymentCard {
        /// The two-bit field of the code, from 0.
        field: usize,
        /// Payment cards the deal holds.
        payment_cards: usize,
    },
    /// A hunt's shard `k` of `n` is not one of shards 1 to `n` (`n` at least 1).
    NoSuchShard {
        /// The shard asked for.
        k: u64,
        /// Shards in all.
        n: u64,
    },
    /// A deal's text has no `/` (or `|`) between A's hand and B's.
    NoSeparator,
    /// A word of a spaced hand, or a letter of a compact one, is not a card.
    NotACard {
        /// Whose hand.
        player: Player,
        /// Its place in the hand, from 1.
        card: usize,
        /// Its first byte in the deal's text.
        at: usize,
        /// Its length in bytes.
        len: usize,
    },
}

impl fmt::Display for CamiciaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooManyCards { cards, capacity } => write!(
                f,
                "the hands hold {cards} cards, more than the deal's capacity of {capacity}"
            ),
            Self::NoSuchCard { position, cards } => write!(
                f,
                "no card at position {position} of a deal of {cards} cards"
            ),
            Self::NoSuchPaymentCard {
                field,
                payment_cards,
            } => write!(
                f,
                "a penalty code in field {field}, past the deal's {payment_cards} payment cards"
            ),
            Self::NoSuchShard { k, n } => {
                write!(f, "no shard {k}/{n}: a hunt's shards count from one to {n}")
            }
            Self::NoSeparator => {
                f.write_str("missing '/' between A's and B's hands (compact A/B, or spaced A | B)")
            }
            Self::NotACard {
                player, card, at, ..
            } => write!(
                f,
                "{player}'s card {card} (byte {at} of the deal) is not a card ({}-{}, J, Q, K, A, or - for any number card)",
                Rank::Two.symbol(),
                Rank::Ten.symbol()
            ),
        }
    }
}

impl core::error::Error for CamiciaError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    #[test]
    fn ranks_in_both_notations() {
        for r in Rank::ALL {
            assert_eq!(Rank::from_symbol(r.symbol()), Some(r));
            assert_eq!(
                Rank::from_compact(r.compact()).map(Rank::penalty),
                Some(r.penalty())
            );
            assert_eq!(Rank::from_penalty(r.penalty()).penalty(), r.penalty());
        }
        assert_eq!(Rank::from_symbol("q"), Some(Rank::Queen));
        assert_eq!(Rank::from_symbol("1"), None);
        assert_eq!(Rank::from_compact('T'), Some(Rank::Ten));
        assert_eq!(Rank::from_compact('X'), None);
        assert_eq!(Rank::from_compact('1'), None);
    }

    #[test]
    fn an_empty_hand_ends_at_once() {
        let deal: Deal = Deal::from_hands(&[], &[Rank::Ace]).unwrap();
        let o = deal.simulate(Budget::new(10)).done().copied().unwrap();
        assert_eq!((o.status, o.cards, o.tricks), (Status::Finished, 0, 0));
        let deal: Deal = Deal::from_hands(&[Rank::Ace], &[]).unwrap();
        let o = deal.simulate(Budget::new(10)).done().copied().unwrap();
        assert_eq!((o.status, o.cards, o.tricks), (Status::Finished, 1, 1));
        assert_eq!(deal.to_string(), "A |");
    }

    #[test]
    fn a_deal_of_no_cards_compiles_and_ends_at_once() {
        use crate::search::Search;
        // `Deal<0>` has no room: only the empty deal, whose game ends at once.
        assert!(Deal::<0>::from_hands(&[Rank::Ace], &[]).is_err());
        let deal = Deal::<0>::from_hands(&[], &[]).unwrap();
        let o = deal.simulate(Budget::new(10)).done().copied().unwrap();
        assert_eq!((o.status, o.cards, o.tricks), (Status::Finished, 0, 0));
        let mut s = Simulation::new(&deal);
        assert_eq!(
            s.run(Budget::new(10)).ok(),
            Some(deal.simulate(Budget::new(10)))
        );
    }
}
