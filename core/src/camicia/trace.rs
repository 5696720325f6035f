//! A game played card by card, with the real ranks, for display.

use super::{CARDS_PER_WORD, Deal, Ending, GameOutcome, Played, Player, Rank, Status};
use crate::search::Outcome;

/// A queue of cards in a fixed ring of `64 * W` slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Ring<const W: usize> {
    cards: [[Rank; CARDS_PER_WORD]; W],
    head: usize,
    len: usize,
}

impl<const W: usize> Ring<W> {
    const CAPACITY: usize = CARDS_PER_WORD * W;
    const EMPTY: Self = Ring {
        cards: [[Rank::Number; CARDS_PER_WORD]; W],
        head: 0,
        len: 0,
    };

    fn slot(&mut self, i: usize) -> Option<&mut Rank> {
        let at = self.head.checked_add(i)? % Self::CAPACITY.max(1);
        self.cards
            .get_mut(at / CARDS_PER_WORD)?
            .get_mut(at % CARDS_PER_WORD)
    }

    /// Puts a card at the bottom; a full ring (impossible in a game) drops it.
    fn push_back(&mut self, rank: Rank) {
        if self.len < Self::CAPACITY
            && let Some(slot) = self.slot(self.len)
        {
            *slot = rank;
            self.len += 1;
        }
    }

    fn pop_front(&mut self) -> Option<Rank> {
        if self.len == 0 {
            return None;
        }
        let rank = *self.slot(0)?;
        // head < CAPACITY: never wraps.
        self.head = self.head.wrapping_add(1) % Self::CAPACITY.max(1);
        self.len -= 1;
        Some(rank)
    }

    fn iter(&self) -> impl Iterator<Item = Rank> + '_ {
        (0..self.len).filter_map(move |i| {
            let at = self.head.checked_add(i)? % Self::CAPACITY.max(1);
            self.cards
                .get(at / CARDS_PER_WORD)?
                .get(at % CARDS_PER_WORD)
                .copied()
        })
    }
}

/// Records one step of a game: a card played, or the pile taken.
///
/// ```
/// use plateau::camicia::{Deal, Event, Game, Player, Rank::*};
/// let deal: Deal = Deal::from_hands(&[Jack], &[Two])?;
/// let mut game = Game::new(&deal);
/// assert_eq!(game.step(), Some(Event::Play { player: Player::A, card: Jack }));
/// assert_eq!(game.step(), Some(Event::Play { player: Player::B, card: Two }));
/// assert_eq!(game.step(), Some(Event::Take { player: Player::A, cards: 2 }));
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Event {
    /// `player` puts `card` on the pile.
    Play {
        /// Who plays.
        player: Player,
        /// The card played.
        card: Rank,
    },
    /// `player` takes the pile of `cards` cards (a trick when it is not empty).
    Take {
        /// Who takes the pile.
        player: Player,
        /// How many cards the pile held.
        cards: usize,
    },
}

/// Plays a game card by card, with the real ranks (`64 * W` cards at most).
///
/// It does not look for loops: [`Trace`] stops a looping game where
/// [`Deal::simulate`] found the repeat.
///
/// ```
/// use plateau::camicia::{Deal, Game, Player, Rank::*};
/// let deal: Deal = Deal::from_hands(&[Two, Three], &[Four])?;
/// let mut game = Game::new(&deal);
/// while game.step().is_some() {}
/// assert!(game.is_finished());
/// assert_eq!((game.cards(), game.tricks()), (3, 1)); // B runs out: A takes 2 4 3
/// assert_eq!(game.hand(Player::A).count(), 3);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Game<const W: usize = 1> {
    a: Ring<W>,
    b: Ring<W>,
    pile: Ring<W>,
    to_play: Player,
    /// The player who laid the last payment card, while a debt is being paid.
    creditor: Player,
    owed: u8,
    debt_paid: bool,
    finished: bool,
    round: u64,
    cards: u64,
    tricks: u64,
}

impl<const W: usize> Game<W> {
    /// Starts the game of `deal`: round 1, A to play.
    #[must_use]
    pub fn new(deal: &Deal<W>) -> Self {
        let mut game = Game {
            a: Ring::EMPTY,
            b: Ring::EMPTY,
            pile: Ring::EMPTY,
            to_play: Player::A,
            creditor: Player::A,
            owed: 0,
            debt_paid: false,
            finished: false,
            round: 1,
            cards: 0,
            tricks: 0,
        };
        for rank in deal.hand(Player::A) {
            game.a.push_back(rank);
        }
        for rank in deal.hand(Player::B) {
            game.b.push_back(rank);
        }
        game
    }

    fn ring(&mut self, player: Player) -> &mut Ring<W> {
        match player {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        }
    }

    /// Returns `player`'s hand, top card first.
    pub fn hand(&self, player: Player) -> impl Iterator<Item = Rank> + '_ {
        match player {
            Player::A => self.a.iter(),
            Player::B => self.b.iter(),
        }
    }

    /// Returns the pile, first card played first.
    pub fn pile(&self) -> impl Iterator<Item = Rank> + '_ {
        self.pile.iter()
    }

    /// Returns how many cards the player to play still owes (0 in free play).
    #[must_use]
    pub const fn owed(&self) -> u8 {
        self.owed
    }

    /// Returns who plays (or takes the pile) next.
    #[must_use]
    pub const fn to_play(&self) -> Player {
        if self.debt_paid {
            self.creditor
        } else {
            self.to_play
        }
    }

    /// Returns the current round, from 1; a round ends with a take of the pile.
    #[must_use]
    pub const fn round(&self) -> u64 {
        self.round
    }

    /// Returns the cards played so far.
    #[must_use]
    pub const fn cards(&self) -> u64 {
        self.cards
    }

    /// Returns the tricks so far.
    #[must_use]
    pub const fn tricks(&self) -> u64 {
        self.tricks
    }

    /// Returns whether a player holds every card after a trick.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        self.finished
    }

    /// Returns whether a round is about to start (no card on the pile yet).
    #[must_use]
    pub const fn at_round_start(&self) -> bool {
        self.pile.len == 0 && !self.finished
    }

    /// `taker` takes the pile; the round ends.
    fn take(&mut self, taker: Player) -> Event {
        let taken = self.pile.len;
        while let Some(rank) = self.pile.pop_front() {
            self.ring(taker).push_back(rank);
        }
        self.pile = Ring::EMPTY;
        if taken > 0 {
            self.tricks = self.tricks.saturating_add(1);
        }
        self.finished = self.ring(taker.other()).len == 0;
        self.round = self.round.saturating_add(1);
        self.to_play = taker;
        self.owed = 0;
        self.debt_paid = false;
        Event::Take {
            player: taker,
            cards: taken,
        }
    }

    /// Plays one step: a card, or a take of the pile. `None` once finished.
    pub fn step(&mut self) -> Option<Event> {
        if self.finished {
            return None;
        }
        if self.debt_paid {
            return Some(self.take(self.creditor));
        }
        let player = self.to_play;
        let Some(card) = self.ring(player).pop_front() else {
            // A player who must play and has no card: the other takes the pile.
            return Some(self.take(player.other()));
        };
        self.pile.push_back(card);
        self.cards = self.cards.saturating_add(1);
        let penalty = card.penalty();
        if penalty > 0 {
            self.owed = penalty;
            self.creditor = player;
            self.to_play = player.other();
        } else if self.owed > 0 {
            self.owed -= 1;
            self.debt_paid = self.owed == 0;
        } else {
            self.to_play = player.other();
        }
        Some(Event::Play { player, card })
    }
}

/// Replays a game as its events, to its end, to the start of the repeated
/// round, or to where a simulation that ran out of budget stopped.
///
/// A trace follows a [`Simulation`](super::Simulation)'s answer (or
/// [`Deal::simulate`]'s): simulate first, in slices if need be, then replay
/// event by event up to where the outcome says the game stands. Each `next`
/// plays one card or one take.
///
/// ```
/// use plateau::{Budget, camicia::{Deal, Event, Player, Rank::*, Trace}};
/// let deal: Deal = Deal::from_hands(&[Two], &[Three])?;
/// let events: Vec<Event> = Trace::new(&deal, deal.simulate(Budget::new(100))).collect();
/// assert_eq!(events, [
///     Event::Play { player: Player::A, card: Two },
///     Event::Play { player: Player::B, card: Three },
///     Event::Take { player: Player::B, cards: 2 },
/// ]);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Trace<const W: usize = 1> {
    game: Game<W>,
    outcome: GameOutcome,
}

impl<const W: usize> Trace<W> {
    /// Replays the game of `deal` up to where `outcome` (the answer of a
    /// simulation of this deal) says it stands: to its end when it
    /// finished, else to the round start after its cards and tricks.
    #[must_use]
    pub fn new(deal: &Deal<W>, outcome: GameOutcome) -> Self {
        Trace {
            game: Game::new(deal),
            outcome,
        }
    }

    /// Returns how the game stands where the trace stops.
    pub const fn outcome(&self) -> GameOutcome {
        self.outcome
    }

    /// Returns the game as it stands after the last event.
    #[must_use]
    pub const fn game(&self) -> &Game<W> {
        &self.game
    }
}

impl<const W: usize> Iterator for Trace<W> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        let (cards, tricks) = match self.outcome {
            Outcome::Done(Ending {
                status: Status::Finished,
                ..
            }) => return self.game.step(),
            Outcome::Done(Ending { cards, tricks, .. })
            | Outcome::Exhausted {
                best: Played { cards, tricks },
                ..
            } => (cards, tricks),
            Outcome::NoSolution(never) => match never {},
        };
        let stop_here =
            self.game.at_round_start() && self.game.cards == cards && self.game.tricks == tricks;
        if stop_here {
            return None;
        }
        self.game.step()
    }
}
