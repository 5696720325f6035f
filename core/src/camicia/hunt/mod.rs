//! The record hunt: a search of 52-card deals for the longest games and for
//! loops, deterministic for a seed, without allocation.
//!
//! The work is a sequence of chunks of deals. By default a chunk plays fresh
//! shuffles, many at a time on a host ([`PackedDeal::simulate_many`]: random
//! games give the processor's branch predictor nothing to learn, and
//! independent games keep the processor busy through its misses; one at a
//! time on a chip, for its stack), and *lifts* each
//! finished game of [`LIFT_FROM`] cards or more: it walks back from the
//! game's state [`LIFT_ROUNDS`] rounds in to every deal whose game joins it
//! there ([`backward`](super::backward)), and lists the longest. Long games
//! are rare long chains of states, and a change to a deal leaves its chain
//! within its first cards: the walk back is the one move that keeps what
//! made a game long, and lifting many games of modest length finds longer
//! ones than waiting for a long one (docs/notes/camicia.md).
//! [`Hunt::fresh`] plays the shuffles without lifting them (the rate on
//! random deals). [`Hunt::climb`] climbs instead, as the hunt did before it
//! lifted: each step swaps two different cards of the best deal so far and
//! plays the new deal, one game at a time ([`PackedDeal::simulate`]: the
//! deals differ by a swap, so their games run alike for long stretches,
//! which the predictor learns); the longest finished game (or the latest of
//! equal length) is the best. Chunk `g`'s random numbers
//! come from `(seed, g)` only ([`SplitMix64`]), [`Shard`] K of N takes the chunks
//! `g = K-1, K-1+N, ...`, and a [`Tally`] keeps its best lists in a fixed
//! order, so a hunt's answer depends on the seed, the shard and the number of
//! deals, never on how the chunks are spread over threads or machines.
//!
//! Two budgets: a game's, in rounds ([`Hunt::new`], as for
//! [`PackedDeal::simulate`]), and the hunt's, in deals: [`HuntSearch`] is the
//! hunt as a [`Search`] that plays whole chunks, run after run.
//!
//! The parts: `shuffle.rs` (the fresh deals), `best.rs` (the best lists),
//! `tally.rs` (the counts and the lists), `shard.rs` (a machine's part of a
//! hunt); the chunks and the climb are here.
//!
//! ```
//! use plateau::Budget;
//! use plateau::camicia::hunt::{Entry, Hunt, HuntSearch, Shard, Tally};
//! use plateau::search::Search;
//! let hunt = Hunt::new(7, Budget::new(100_000));
//! let tally = Tally::new_in([Entry::EMPTY; 3], [Entry::EMPTY; 3], [Entry::EMPTY; 3]);
//! let mut search = HuntSearch::new_in(hunt, Shard::WHOLE, Budget::new(1_000), tally);
//! let Ok(outcome) = search.run(Budget::UNLIMITED);
//! assert!(outcome.is_done());
//! let tally = search.tally();
//! assert_eq!(tally.deals, 1_000);
//! assert_eq!(tally.finished + tally.loops + tally.exhausted, 1_000);
//! let best = tally.by_cards.as_slice();
//! assert!(best.len() == 3 && best[0].ending.cards >= best[1].ending.cards);
//! ```

use core::convert::Infallible;
use core::fmt;

use super::backward::{Ancestors, Frame, next_round};
use super::{DECK_SIZE, Ending, GameOutcome, PackedDeal, Player, Status};
use crate::Budget;
use crate::rng::SplitMix64;
use crate::search::{Meter, Outcome, Search};

mod best;
mod shard;
mod shuffle;
mod tally;

pub use best::{Best, Entry, Order};
pub use shard::Shard;
pub use shuffle::shuffle;
pub use tally::Tally;

/// Deals played per chunk (a climb's: one fresh shuffle, then swaps).
pub const CHUNK_DEALS: u64 = 1 << 14;
/// Payment cards of the deck: four each of J, Q, K, A.
pub const PAYMENT_CARDS: usize = 16;
/// Tries to find a swap of two different cards before giving up on a step.
const SWAP_TRIES: usize = 16;
/// Mixes a chunk's number into the seed of its random numbers.
const CHUNK_MIX: u64 = 0xD6E8_FEB8_6659_FD93;
/// Finished games of at least this many cards are lifted, by default
/// ([`Hunt::lift_from`]): where fresh shuffles' lifts find the most games
/// past 3,300 to 3,900 cards a processor second (docs/notes/camicia.md).
pub const LIFT_FROM: u64 = 1_900;
/// A lift walks the tree of the state this many rounds into the game: the
/// longer deals of a game's tree branch off within its first rounds.
pub const LIFT_ROUNDS: u64 = 16;
/// The states of a game's tree a lift walks at most.
pub const LIFT_STATES: usize = 1 << 21;
/// The nodes of its path a lift's walk keeps ([`Ancestors::new_in`]): 16 on
/// 64-bit targets (a frame is about 100 bytes; more saves little, see
/// docs/notes/camicia.md), one on 32-bit ones (the chips' stack).
pub const LIFT_FRAMES: usize = if cfg!(target_pointer_width = "64") {
    16
} else {
    1
};

/// Holds what a record hunt plays: its seed, whether it climbs or plays
/// fresh shuffles, from what length it lifts games, and each game's budget
/// in rounds; plays its chunks ([`Hunt::chunk`]) into a
/// [`Tally`], for [`HuntSearch`] or for threads of their own.
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::hunt::{Entry, Hunt, Tally};
/// let hunt = Hunt::new(1, Budget::new(100_000)).fresh();
/// let mut a = Tally::new_in([Entry::EMPTY; 2], [Entry::EMPTY; 2], [Entry::EMPTY; 2]);
/// hunt.chunk(0, Budget::new(500), &mut a);
/// let mut b = Tally::new_in([Entry::EMPTY; 2], [Entry::EMPTY; 2], [Entry::EMPTY; 2]);
/// hunt.chunk(0, Budget::new(500), &mut b);
/// assert_eq!(a, b); // deterministic for a seed
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Hunt {
    seed: u64,
    /// Climb by swaps instead of playing fresh shuffles.
    climb: bool,
    rounds: Budget,
    /// Lift the finished games of at least this many cards.
    lift: Option<u64>,
}

impl Hunt {
    /// Returns the record hunt from `seed`, whose games may last `rounds`
    /// rounds each before they count as exhausted: fresh shuffles, each
    /// finished game of [`LIFT_FROM`] cards or more lifted.
    #[must_use]
    pub const fn new(seed: u64, rounds: Budget) -> Hunt {
        Hunt {
            seed,
            climb: false,
            rounds,
            lift: Some(LIFT_FROM),
        }
    }

    /// Returns the hunt playing fresh shuffles only, neither climbing nor
    /// lifting: the rate on random deals.
    #[must_use]
    pub const fn fresh(self) -> Hunt {
        Hunt {
            climb: false,
            lift: None,
            ..self
        }
    }

    /// Returns the hunt climbing by swaps of two cards of each chunk's best
    /// deal so far instead of playing fresh shuffles, lifting as before.
    #[must_use]
    pub const fn climb(self) -> Hunt {
        Hunt {
            climb: true,
            ..self
        }
    }

    /// Returns whether the hunt climbs ([`Hunt::climb`]).
    #[must_use]
    pub const fn climbs(&self) -> bool {
        self.climb
    }

    /// Returns the hunt lifting the finished games of at least `cards`
    /// cards ([`LIFT_FROM`] by default), or none (`None`).
    #[must_use]
    pub const fn lift_from(self, cards: Option<u64>) -> Hunt {
        Hunt {
            lift: cards,
            ..self
        }
    }

    /// Returns the cards from which games are lifted, if they are.
    #[must_use]
    pub const fn lifts_from(&self) -> Option<u64> {
        self.lift
    }

    /// Returns the budget, in deals, of chunk `g` of a hunt of `deals` deals
    /// in all (every shard's together), or `None` past its last chunk: chunks
    /// of [`CHUNK_DEALS`] and a shorter last one ([`Budget::UNLIMITED`] has
    /// no last chunk). A shard's `i`-th chunk is chunk
    /// [`Shard::chunk(i)`](Shard::chunk) of the hunt.
    #[must_use]
    pub const fn chunk_deals(deals: Budget, index: u64) -> Option<Budget> {
        if deals.is_unlimited() {
            return Some(Budget::new(CHUNK_DEALS));
        }
        let left = match index.checked_mul(CHUNK_DEALS) {
            Some(done) if done < deals.get() => deals.get() - done,
            _ => return None,
        };
        Some(Budget::new(if left < CHUNK_DEALS {
            left
        } else {
            CHUNK_DEALS
        }))
    }

    /// Plays chunk `g` of the hunt into `tally`, for a budget of `deals`
    /// deals (a whole chunk is [`CHUNK_DEALS`]): fresh shuffles, or a climb
    /// from a fresh shuffle, their games lifted. Its random numbers come from
    /// `(seed, g)` alone.
    pub fn chunk<S: AsRef<[Entry]> + AsMut<[Entry]>>(
        &self,
        g: u64,
        deals: Budget,
        tally: &mut Tally<S>,
    ) {
        let deals = deals.get();
        if deals == 0 {
            return;
        }
        let mut rng = SplitMix64::new(self.seed ^ g.wrapping_mul(CHUNK_MIX));
        rng.next_u64();
        tally.chunks = tally.chunks.saturating_add(1);
        if self.climb {
            let first = shuffle(&mut rng);
            self.climb_from(first, deals, &mut rng, tally);
            return;
        }
        let candidates = (0..deals).map(|_| shuffle(&mut rng));
        // On a chip (`target_os = "none"`), one game at a time: a lift walks
        // from inside the report, and the many-at-once engine's lanes (4 KiB
        // on 32-bit targets) under the walk passed the micro:bit's stack
        // budget (8,688 B of 8,192); an in-order core without a branch
        // predictor has no misses for many games to hide. The tally is the
        // same either way: its lists do not depend on the order of the games.
        #[cfg(target_os = "none")]
        for deal in candidates {
            self.offer(&deal, deal.simulate(self.rounds), tally);
        }
        #[cfg(not(target_os = "none"))]
        PackedDeal::simulate_many(candidates, self.rounds, |_, deal, o: GameOutcome| {
            self.offer(&deal, o, tally);
        });
    }

    /// Plays the climb of a chunk of `deals` deals from `first`: each next
    /// candidate swaps two different cards of the best deal so far (`first`
    /// until a game has finished), once its game is known.
    fn climb_from<S: AsRef<[Entry]> + AsMut<[Entry]>>(
        &self,
        first: PackedDeal,
        deals: u64,
        rng: &mut SplitMix64,
        tally: &mut Tally<S>,
    ) {
        let mut best: Option<(PackedDeal, u64)> = None;
        let mut candidate = first;
        for _ in 0..deals {
            let o = candidate.simulate(self.rounds);
            self.offer(&candidate, o, tally);
            if let Outcome::Done(end) = o
                && end.status == Status::Finished
                && best.is_none_or(|(_, cards)| end.cards >= cards)
            {
                best = Some((candidate, end.cards));
            }
            candidate = best.map_or(first, |(deal, _)| deal);
            for _ in 0..SWAP_TRIES {
                let (i, j) = rng.below_two(DECK_SIZE, DECK_SIZE);
                if candidate.alike(i, j) == Ok(false) {
                    let _ = candidate.swap(i, j);
                    break;
                }
            }
        }
    }

    /// Counts a deal's game into `tally`, and lifts it if it finished with
    /// [`Hunt::lifts_from`] cards or more.
    fn offer<S: AsRef<[Entry]> + AsMut<[Entry]>>(
        &self,
        deal: &PackedDeal,
        o: GameOutcome,
        tally: &mut Tally<S>,
    ) {
        tally.add(deal, o);
        if let (Some(from), Outcome::Done(end)) = (self.lift, o)
            && end.status == Status::Finished
            && end.cards >= from
        {
            lift(deal, end, self.rounds, tally);
        }
    }
}

/// Lifts a finished game: walks the tree of every state that reaches the
/// game's state [`LIFT_ROUNDS`] rounds in ([`Ancestors`], at most
/// [`LIFT_STATES`] states), and offers each balanced state (a deal of its
/// own, its hands as long as each other) whose game would enter a best list
/// to the tally's lists, as the simulation plays it. Each such deal's game
/// is its rounds to that state followed by the rest of this game. The deals
/// that branch off later than the first rounds are seldom longer, and
/// lifting a deal found again walks part of the same tree (both measured in
/// docs/notes/camicia.md): one walk, and it stays small.
fn lift<S: AsRef<[Entry]> + AsMut<[Entry]>>(
    deal: &PackedDeal,
    end: Ending,
    rounds: Budget,
    tally: &mut Tally<S>,
) {
    let (mut root, mut cards, mut tricks) = (deal.to_deal(), 0u64, 0u64);
    while tricks < LIFT_ROUNDS
        && let Some(next) = next_round(&root)
    {
        root = next.state;
        cards = cards.saturating_add(next.cards);
        tricks = tricks.saturating_add(1);
    }
    let rest = Ending {
        status: Status::Finished,
        cards: end.cards.saturating_sub(cards),
        tricks: end.tricks.saturating_sub(tricks),
    };
    let frames = [Frame::EMPTY; LIFT_FRAMES];
    for a in Ancestors::new_in(&root, u64::MAX, frames).take(LIFT_STATES) {
        if a.tricks == 0 || a.state.len(Player::A) != a.state.len(Player::B) {
            continue;
        }
        let ending = Ending {
            cards: rest.cards.saturating_add(a.cards),
            tricks: rest.tricks.saturating_add(a.tricks),
            ..rest
        };
        if !tally.might_keep(&ending) {
            continue;
        }
        let Ok(found) = PackedDeal::from_deal(&a.state) else {
            continue;
        };
        // The tally lists what the simulation says, not what the walk does.
        if let Outcome::Done(played) = found.simulate(rounds) {
            tally.list(&found, played);
        }
    }
}

/// The chunks of one shard's part of a hunt of `deals` deals in all (the
/// shards together), in the order they are played: the one sequence that
/// [`HuntSearch`] walks and that threads of your own share, each taking the
/// next index (an atomic counter on a host) and playing its chunk with
/// [`Hunt::chunk`].
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::hunt::{CHUNK_DEALS, Chunks, Shard};
/// let chunks = Chunks::new(Shard::new(2, 3)?, Budget::new(4 * CHUNK_DEALS + 7));
/// assert_eq!(chunks.get(0), Some((1, Budget::new(CHUNK_DEALS))));
/// assert_eq!(chunks.get(1), Some((4, Budget::new(7))));
/// assert_eq!(chunks.get(2), None);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Chunks {
    shard: Shard,
    deals: Budget,
}

impl Chunks {
    /// Returns the chunks of `shard`'s part of a hunt of `deals` deals in all.
    #[must_use]
    pub const fn new(shard: Shard, deals: Budget) -> Chunks {
        Chunks { shard, deals }
    }

    /// Returns the shard's `index`-th chunk (from 0): its number in the whole
    /// hunt (what [`Hunt::chunk`] plays) and its deals, or `None` past the
    /// shard's last chunk.
    #[must_use]
    pub const fn get(self, index: u64) -> Option<(u64, Budget)> {
        let number = self.shard.chunk(index);
        match Hunt::chunk_deals(self.deals, number) {
            Some(deals) => Some((number, deals)),
            None => None,
        }
    }
}

/// Runs `shard`'s part of a record hunt of `deals` deals in all (the hunt's
/// own budget, every shard's together; [`Budget::UNLIMITED`]: no end) into a
/// [`Tally`], in slices: a [`Search`] whose unit is the deal. The shard plays
/// [`Shard::share`] of the deals, and the tallies of the shards of a hunt,
/// absorbed into one, are the tally of the whole hunt played in one piece.
///
/// Each [`run`](Search::run) plays whole chunks ([`CHUNK_DEALS`] deals, the
/// last one shorter) as long as the next one fits in its budget, so that a
/// hunt cut into runs plays the same chunks and answers the same as in one
/// run: a budget below the next chunk's deals plays nothing. The answer,
/// [`Outcome::Done`] once every deal is played (never for an unlimited hunt),
/// is the deals played; the games' counts and best lists are in
/// [`HuntSearch::tally`].
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::hunt::{CHUNK_DEALS, Entry, Hunt, HuntSearch, Shard, Tally};
/// use plateau::search::{Outcome, Search};
/// let hunt = Hunt::new(1, Budget::new(100_000)).fresh();
/// let tally = Tally::new_in([Entry::EMPTY; 2], [Entry::EMPTY; 2], [Entry::EMPTY; 2]);
/// let mut search = HuntSearch::new_in(hunt, Shard::WHOLE, Budget::new(CHUNK_DEALS + 5), tally);
/// assert_eq!(search.run(Budget::new(100)), Ok(Outcome::Exhausted { best: 0, spent: 0 }));
/// assert_eq!(search.run(Budget::new(CHUNK_DEALS)), Ok(Outcome::Exhausted { best: CHUNK_DEALS, spent: CHUNK_DEALS }));
/// assert_eq!(search.run(Budget::new(5)), Ok(Outcome::Done(CHUNK_DEALS + 5)));
/// assert_eq!(search.tally().chunks, 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct HuntSearch<S> {
    hunt: Hunt,
    chunks: Chunks,
    /// The shard's next chunk, from 0.
    next: u64,
    meter: Meter,
    tally: Tally<S>,
}

// By hand: the derived form of a struct of more than five fields asserts
// that its name and value lists have one length (a panic path to the linker).
impl<S: fmt::Debug> fmt::Debug for HuntSearch<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HuntSearch")
            .field("hunt", &self.hunt)
            .field("chunks", &self.chunks)
            .field("next", &self.next)
            .field("meter", &self.meter)
            .field("tally", &self.tally)
            .finish()
    }
}

impl<S: AsRef<[Entry]> + AsMut<[Entry]>> HuntSearch<S> {
    /// Makes `shard`'s part of `hunt`, of `deals` deals in all (the shards
    /// together), counted into `tally`.
    pub const fn new_in(hunt: Hunt, shard: Shard, deals: Budget, tally: Tally<S>) -> Self {
        HuntSearch {
            hunt,
            chunks: Chunks::new(shard, deals),
            next: 0,
            meter: Meter::new(),
            tally,
        }
    }

    /// Returns the tally of the chunks played.
    pub const fn tally(&self) -> &Tally<S> {
        &self.tally
    }

    /// Returns the tally, ending the search.
    pub fn into_tally(self) -> Tally<S> {
        self.tally
    }
}

impl<S: AsRef<[Entry]> + AsMut<[Entry]>> Search for HuntSearch<S> {
    type Done = u64;
    type NoSolution = Infallible;
    type Best = u64;
    type Error = Infallible;

    /// Plays whole chunks of at most `budget` deals in all.
    fn run(&mut self, budget: Budget) -> Result<Outcome<u64>, Infallible> {
        self.meter.open(budget);
        while let Some((number, len)) = self.chunks.get(self.next) {
            if len.get() > self.meter.left() {
                return Ok(Outcome::Exhausted {
                    best: self.meter.spent(),
                    spent: self.meter.spent(),
                });
            }
            self.hunt.chunk(number, len, &mut self.tally);
            self.meter.spend(len.get());
            self.next = self.next.saturating_add(1);
        }
        Ok(Outcome::Done(self.meter.spent()))
    }

    fn spent(&self) -> u64 {
        self.meter.spent()
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_deals() {
        let d = Budget::new(2 * CHUNK_DEALS + 5);
        let whole = Some(Budget::new(CHUNK_DEALS));
        assert_eq!(Hunt::chunk_deals(d, 0), whole);
        assert_eq!(Hunt::chunk_deals(d, 2), Some(Budget::new(5)));
        assert_eq!(Hunt::chunk_deals(d, 3), None);
        assert_eq!(Hunt::chunk_deals(Budget::new(0), 0), None);
        assert_eq!(Hunt::chunk_deals(Budget::UNLIMITED, 9), whole);
    }

    /// The shards of a hunt whose last chunk is short, absorbed into one
    /// tally, are the hunt played in one piece: counts, chunks and lists.
    #[test]
    fn shards_partition_the_hunt() {
        let hunt = Hunt::new(5, Budget::new(100_000)).fresh();
        let deals = Budget::new(3 * CHUNK_DEALS + 777);
        let empty = || Tally::new_in([Entry::EMPTY; 4], [Entry::EMPTY; 4], [Entry::EMPTY; 4]);
        let mut whole = HuntSearch::new_in(hunt, Shard::WHOLE, deals, empty());
        assert_eq!(whole.run(Budget::UNLIMITED), Ok(Outcome::Done(deals.get())));
        for n in [2, 3, 5] {
            let mut union = empty();
            for k in 1..=n {
                let shard = Shard::new(k, n).unwrap();
                let mut part = HuntSearch::new_in(hunt, shard, deals, empty());
                let share = shard.share(deals).get();
                assert_eq!(part.run(Budget::UNLIMITED), Ok(Outcome::Done(share)));
                assert_eq!(part.tally().deals, share);
                union.absorb(part.tally());
            }
            assert_eq!(&union, whole.tally(), "{n} shards");
        }
    }

    /// A lift lists exactly the balanced states of the tree of the game's
    /// state `LIFT_ROUNDS` rounds in (the game's own deal among them), each
    /// as the simulation plays it, and counts no deal.
    #[test]
    fn a_lift_lists_the_balanced_states_of_the_tree_16_rounds_in() {
        use crate::camicia::Deal;
        // Seed 17's longest climbed game of its first 3,000 deals: 1,677 cards.
        let deal: Deal = "--Q---A----J--Q---K-QK-K--/-A---Q-JA-------JJ--K---A-"
            .parse()
            .unwrap();
        let packed = PackedDeal::from_deal(&deal).unwrap();
        let Outcome::Done(end) = packed.simulate(Budget::new(100_000)) else {
            panic!("exhausted")
        };
        assert_eq!(end.cards, 1677);
        let mut root = deal;
        for _ in 0..LIFT_ROUNDS {
            root = next_round(&root).unwrap().state;
        }
        let mut want: Vec<PackedDeal> = Ancestors::new(&root, u64::MAX)
            .filter(|a| a.tricks > 0 && a.state.len(Player::A) == a.state.len(Player::B))
            .map(|a| PackedDeal::from_deal(&a.state).unwrap())
            .collect();
        want.sort_by_key(|d| std::format!("{d}"));
        assert!(want.len() > 20 && want.contains(&packed), "{}", want.len());
        let room = || std::vec![Entry::EMPTY; 2 * want.len()];
        let mut tally = Tally::new_in(room(), room(), room());
        lift(&packed, end, Budget::new(100_000), &mut tally);
        assert_eq!((tally.deals, tally.finished), (0, 0));
        let mut got: Vec<PackedDeal> = tally.by_cards.as_slice().iter().map(|e| e.deal).collect();
        got.sort_by_key(|d| std::format!("{d}"));
        assert_eq!(got, want);
        for e in tally.by_cards.as_slice() {
            assert_eq!(
                e.deal.simulate(Budget::new(100_000)),
                Outcome::Done(e.ending)
            );
        }
    }

    /// The default hunt is the fresh shuffles' hunt whose games of
    /// [`LIFT_FROM`] cards or more are each lifted: seed 25's first 2,000
    /// deals hold one such game (2,004 cards), and its lift lists longer
    /// ones; a climb plays other deals.
    #[test]
    fn a_hunt_lifts_the_games_of_its_fresh_shuffles() {
        let rounds = Budget::new(1_000_000);
        let room = || std::vec![Entry::EMPTY; 64];
        let deals = Budget::new(2000);
        let mut fresh = Tally::new_in(room(), room(), room());
        Hunt::new(25, rounds).fresh().chunk(0, deals, &mut fresh);
        let long: Vec<Entry> = fresh
            .by_cards
            .as_slice()
            .iter()
            .copied()
            .filter(|e| e.ending.cards >= LIFT_FROM)
            .collect();
        assert_eq!(long.len(), 1);
        assert_eq!(long[0].ending.cards, 2004);
        let mut want = fresh.clone();
        for e in &long {
            lift(&e.deal, e.ending, rounds, &mut want);
        }
        let mut got = Tally::new_in(room(), room(), room());
        Hunt::new(25, rounds).chunk(0, deals, &mut got);
        assert_eq!(got, want);
        assert!(got.by_cards.as_slice()[0].ending.cards > 2004);
        let mut climb = Tally::new_in(room(), room(), room());
        Hunt::new(25, rounds).climb().chunk(0, deals, &mut climb);
        assert_eq!(climb.deals, 2000);
        assert_ne!(climb.cards_of_finished, fresh.cards_of_finished);
    }

    /// The hand-written `Debug` names every field, as a derived one would.
    #[test]
    fn debug_names_every_field() {
        let hunt = Hunt::new(3, Budget::new(100_000));
        let tally = Tally::new_in([Entry::EMPTY; 2], [Entry::EMPTY; 2], [Entry::EMPTY; 2]);
        let search = HuntSearch::new_in(hunt, Shard::WHOLE, Budget::new(10), tally);
        let text = std::format!("{search:?}");
        assert!(text.starts_with("HuntSearch { hunt: "), "{text}");
        for field in ["chunks: ", "next: 0", "meter: ", "tally: "] {
            assert!(text.contains(field), "{field} in {text}");
        }
    }

    #[test]
    fn best_lists_are_ordered_and_distinct() {
        let hunt = Hunt::new(3, Budget::new(100_000));
        let tally = Tally::new_in([Entry::EMPTY; 6], [Entry::EMPTY; 6], [Entry::EMPTY; 6]);
        let mut search = HuntSearch::new_in(hunt, Shard::WHOLE, Budget::new(3000), tally);
        assert_eq!(search.run(Budget::UNLIMITED), Ok(Outcome::Done(3000)));
        let tally = search.tally();
        for best in [&tally.by_cards, &tally.by_tricks] {
            let list = best.as_slice();
            assert_eq!(list.len(), 6);
            for w in list.windows(2) {
                assert!(best.order().before(&w[0], &w[1]));
            }
        }
    }
}
