//! The hunt's tally: counts of games and the three best lists.

use core::fmt;

use super::best::{Best, Entry, Order};
use crate::camicia::{Ending, GameOutcome, PackedDeal, Status};
use crate::search::Outcome;

/// Counts the games of a hunt and keeps its best lists: the longest finished
/// games by cards and by tricks, and loops by cards.
///
/// The three lists' storage is the caller's (see [`Best`]); the counts are
/// public so that tallies read back from elsewhere can be added up.
///
/// ```
/// use plateau::{Budget, camicia::{PackedDeal, hunt::{Entry, Tally}}};
/// let mut tally = Tally::new_in([Entry::EMPTY; 5], [Entry::EMPTY; 5], [Entry::EMPTY; 5]);
/// let deal = PackedDeal::from_bits(0b1_0001, 0, 3, 3)?; // a loop
/// tally.add(&deal, deal.simulate(Budget::new(100)));
/// assert_eq!((tally.deals, tally.loops, tally.loop_deals.len()), (1, 1, 1));
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tally<S> {
    /// Deals played.
    pub deals: u64,
    /// Chunks played (see [`Hunt::chunk`](super::Hunt::chunk)).
    pub chunks: u64,
    /// Games that finished.
    pub finished: u64,
    /// Games that loop.
    pub loops: u64,
    /// Games that ran out of rounds.
    pub exhausted: u64,
    /// Cards of all finished games.
    pub cards_of_finished: u64,
    /// The longest finished games by cards.
    pub by_cards: Best<S>,
    /// The longest finished games by tricks.
    pub by_tricks: Best<S>,
    /// The loops with the most cards before the repeat.
    pub loop_deals: Best<S>,
}

// By hand: the derived form of a struct of more than five fields asserts
// that its name and value lists have one length (a panic path to the linker).
impl<S: fmt::Debug> fmt::Debug for Tally<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tally")
            .field("deals", &self.deals)
            .field("chunks", &self.chunks)
            .field("finished", &self.finished)
            .field("loops", &self.loops)
            .field("exhausted", &self.exhausted)
            .field("cards_of_finished", &self.cards_of_finished)
            .field("by_cards", &self.by_cards)
            .field("by_tricks", &self.by_tricks)
            .field("loop_deals", &self.loop_deals)
            .finish()
    }
}

impl<S: AsRef<[Entry]> + AsMut<[Entry]>> Tally<S> {
    /// Returns an empty tally whose lists keep as many deals as their storage holds.
    pub fn new_in(by_cards: S, by_tricks: S, loop_deals: S) -> Self {
        Tally {
            deals: 0,
            chunks: 0,
            finished: 0,
            loops: 0,
            exhausted: 0,
            cards_of_finished: 0,
            by_cards: Best::new_in(Order::CardsFirst, by_cards),
            by_tricks: Best::new_in(Order::TricksFirst, by_tricks),
            loop_deals: Best::new_in(Order::CardsFirst, loop_deals),
        }
    }

    /// Counts the game of `deal` and lists it where it ranks.
    #[inline]
    pub fn add(&mut self, deal: &PackedDeal, outcome: GameOutcome) {
        self.deals = self.deals.saturating_add(1);
        let ending = match outcome {
            Outcome::Done(ending) => ending,
            Outcome::Exhausted { .. } => {
                self.exhausted = self.exhausted.saturating_add(1);
                return;
            }
            Outcome::NoSolution(never) => match never {},
        };
        match ending.status {
            Status::Finished => {
                self.finished = self.finished.saturating_add(1);
                self.cards_of_finished = self.cards_of_finished.saturating_add(ending.cards);
            }
            Status::Loop => self.loops = self.loops.saturating_add(1),
        }
        self.list(deal, ending);
    }

    /// Offers a game to the best lists only, without counting it among the
    /// deals played: how the hunt's lift ([`super::Hunt`]) hands in the
    /// deals it finds beside the ones it plays.
    pub fn list(&mut self, deal: &PackedDeal, ending: Ending) {
        let found = || Entry {
            deal: *deal,
            ending,
        };
        match ending.status {
            Status::Finished => {
                if self.by_cards.might_keep(&ending) {
                    self.by_cards.insert(found());
                }
                if self.by_tricks.might_keep(&ending) {
                    self.by_tricks.insert(found());
                }
            }
            Status::Loop => {
                self.loop_deals.insert(found());
            }
        }
    }

    /// Whether a finished game of `ending` would enter a best list.
    #[must_use]
    pub fn might_keep(&self, ending: &Ending) -> bool {
        self.by_cards.might_keep(ending) || self.by_tricks.might_keep(ending)
    }

    /// Adds another tally's counts and lists (the result does not depend on
    /// the order tallies are added in).
    pub fn absorb<T: AsRef<[Entry]> + AsMut<[Entry]>>(&mut self, other: &Tally<T>) {
        self.deals = self.deals.saturating_add(other.deals);
        self.chunks = self.chunks.saturating_add(other.chunks);
        self.finished = self.finished.saturating_add(other.finished);
        self.loops = self.loops.saturating_add(other.loops);
        self.exhausted = self.exhausted.saturating_add(other.exhausted);
        self.cards_of_finished = self
            .cards_of_finished
            .saturating_add(other.cards_of_finished);
        for &f in other.by_cards.as_slice() {
            self.by_cards.insert(f);
        }
        for &f in other.by_tricks.as_slice() {
            self.by_tricks.insert(f);
        }
        for &f in other.loop_deals.as_slice() {
            self.loop_deals.insert(f);
        }
    }
}
