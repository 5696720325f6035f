//! The record hunt: a search of 52-card deals for the longest games and for
//! loops, deterministic for a seed, without allocation.
//!
//! The work is a sequence of chunks. Chunk `g` starts from a fresh shuffle and
//! climbs: each step swaps two different cards of the best deal so far and
//! plays the new deal; the longest finished game (or the latest of equal
//! length) is the best. The climb plays one game at a time
//! ([`PackedDeal::simulate`]): its deals differ from the best by a swap, so
//! their games run alike for long stretches, which the processor's branch
//! predictor learns. [`Hunt::fresh`] plays fresh shuffles only instead (the
//! rate on random deals), 32 at a time ([`PackedDeal::simulate_many`]):
//! random games give the predictor nothing to learn, and 32 independent games
//! keep the processor busy through its misses. Chunk `g`'s random numbers
//! come from `(seed, g)` only ([`SplitMix64`]), [`Shard`] K of N takes the chunks
//! `g = K-1, K-1+N, ...`, and a [`Tally`] keeps its best lists in a fixed
//! order, so a hunt's answer depends on the seed, the shard and the number of
//! deals, never on how the chunks are spread over threads or machines.
//!
//! Two budgets: a game's, in rounds ([`Hunt::new`], as for
//! [`PackedDeal::simulate`]), and the hunt's, in deals ([`Hunt::run`]).
//!
//! ```
//! use plateau::Budget;
//! use plateau::camicia::hunt::{Found, Hunt, Shard, Tally};
//! let hunt = Hunt::new(7, Budget::new(100_000));
//! let mut tally = Tally::new([Found::EMPTY; 3], [Found::EMPTY; 3], [Found::EMPTY; 3]);
//! hunt.run(Shard::WHOLE, Budget::new(1_000), &mut tally);
//! assert_eq!(tally.deals, 1_000);
//! assert_eq!(tally.finished + tally.loops + tally.exhausted, 1_000);
//! let best = tally.by_cards.as_slice();
//! assert!(best.len() == 3 && best[0].outcome.cards >= best[1].outcome.cards);
//! ```

use core::cmp::Ordering;
use core::fmt;
use core::hint::select_unpredictable;

use super::{CamiciaError, DECK_SIZE, Outcome, PackedDeal, Status};
use crate::Budget;
use crate::rng::SplitMix64;

/// Deals played per chunk: one fresh shuffle, then swaps.
pub const CHUNK_DEALS: u64 = 1 << 14;
/// Payment cards of the deck: four each of J, Q, K, A.
pub const PAYMENT_CARDS: usize = 16;
/// Tries to find a swap of two different cards before giving up on a step.
const SWAP_TRIES: usize = 16;
/// Mixes a chunk's number into the seed of its random numbers.
const CHUNK_MIX: u64 = 0xD6E8_FEB8_6659_FD93;

/// Returns a fresh shuffle of the deck, dealt 26/26, with number cards folded.
///
/// The places of the 16 payment cards are a uniform choice of 16 of the 52
/// places (Floyd's sampling: for each place `j` from 36 to 51, a place
/// `t <= j` is drawn and taken, or `j` if `t` already is), and their
/// penalties come in a uniform order (a Fisher–Yates shuffle of the 16
/// two-bit codes in one word): 31 random draws from four 64-bit outputs,
/// all in registers. The draws from one output are chained 128-bit
/// multiplications, together exactly one multiply-shift draw below the
/// product of their ranges (under 2^39), so every outcome of a group is
/// within a factor 1 ± 2^-25 of uniform.
///
/// ```
/// use plateau::{camicia::{hunt::shuffle, Player}, rng::SplitMix64};
/// let deal = shuffle(&mut SplitMix64::new(1));
/// assert_eq!((deal.len(Player::A), deal.len(Player::B)), (26, 26));
/// assert_eq!(deal.to_string().chars().filter(|&c| c != '-' && c != '/').count(), 16);
/// ```
#[must_use]
#[inline]
pub fn shuffle(rng: &mut SplitMix64) -> PackedDeal {
    let (pay, codes) = shuffle_bits(rng);
    // Places below 52 and 16 codes of two bits: what `from_bits` accepts.
    PackedDeal::dealt(pay, u128::from(codes))
}

/// The first place Floyd's sampling fills (36: 16 of 52 places).
const FLOYD_FROM: usize = DECK_SIZE - PAYMENT_CARDS;

/// The shuffle's words: the payment cards' places, and their codes (two
/// bits each, in place order). Two words come back in registers, where a
/// `PackedDeal` would come back through memory, which the next game's start
/// would wait to read.
///
/// The draws come in four groups, one 64-bit output each, drawn first (a
/// group waits only on its own multiplications): Floyd's ranges 37..=43 and
/// 44..=50; 51, 52 and Fisher–Yates's 16..=10; Fisher–Yates's 9..=2. Each
/// group's product of ranges is below 2^39 (see [`draw`]).
#[inline(never)]
fn shuffle_bits(rng: &mut SplitMix64) -> (u64, u64) {
    let mut groups = [0u64; 4];
    for g in &mut groups {
        *g = rng.next_u64();
    }
    let [mut a, mut b, mut c, mut d] = groups;
    // Floyd: each step takes one more place; its draw does not wait for
    // the places taken, only the choice between `t` and `j` does.
    let mut pay = 0u64;
    for j in FLOYD_FROM..FLOYD_FROM + 7 {
        pay = take_place(pay, j, draw(&mut a, j + 1));
    }
    for j in FLOYD_FROM + 7..FLOYD_FROM + 14 {
        pay = take_place(pay, j, draw(&mut b, j + 1));
    }
    for j in FLOYD_FROM + 14..DECK_SIZE {
        pay = take_place(pay, j, draw(&mut c, j + 1));
    }
    // Penalty codes (penalty minus one), four of each, two bits each:
    // field k holds k / 4. Fisher–Yates from the top field down.
    let mut codes: u64 = 0xFFAA_5500;
    for k in (9..PAYMENT_CARDS).rev() {
        codes = swap_fields(codes, k, draw(&mut c, k + 1));
    }
    for k in (1..9).rev() {
        codes = swap_fields(codes, k, draw(&mut d, k + 1));
    }
    (pay, codes)
}

/// Returns a number below `n` (at most 64) from the random word `x`: the
/// high word of the 128-bit product `x · n`, whose low word is left in `x`
/// for the next draw. Draws taken this way from one uniform 64-bit word are
/// together exactly one multiply-shift draw below the product `P` of their
/// ranges, read in mixed radix: each outcome of the group comes from
/// `⌊2^64 / P⌋` or `⌈2^64 / P⌉` words, within a factor `1 ± P / 2^64` of
/// uniform (below `1 ± 2^-25` for the shuffle's groups; 32-bit
/// multiply-shift draws, [`SplitMix64::below`], have `1 ± n / 2^32` each).
#[inline(always)]
fn draw(x: &mut u64, n: usize) -> usize {
    let p = u128::from(*x) * (n as u128);
    *x = p as u64;
    // n <= 64: the high word is below n.
    (p >> 64) as usize
}

/// Floyd's step for place `j`: takes place `t <= j` (`j < 52`), or `j`
/// if `t` is already taken.
#[inline(always)]
fn take_place(pay: u64, j: usize, t: usize) -> u64 {
    let taken = (pay >> (t & 63)) & 1 == 1;
    pay | 1 << (select_unpredictable(taken, j, t) & 63)
}

/// Swaps the two-bit fields `k` and `r` of `codes` (`r <= k < 16`: the
/// fields lie below bit 32).
#[inline(always)]
fn swap_fields(codes: u64, k: usize, r: usize) -> u64 {
    let (a, b) = ((2 * k) & 63, (2 * r) & 63);
    let d = ((codes >> a) ^ (codes >> b)) & 3;
    codes ^ (d << a | d << b)
}

/// Holds a deal with its game: an entry of a best list.
///
/// ```
/// use plateau::{Budget, camicia::{PackedDeal, hunt::Found}};
/// let deal = PackedDeal::from_bits(0b1_0001, 0, 3, 3)?;
/// let found = Found { deal, outcome: deal.simulate(Budget::new(100)) };
/// assert_eq!((found.outcome.cards, found.outcome.tricks), (8, 3));
/// assert_eq!(Found::EMPTY.deal.total(), 0);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Found {
    /// The deal.
    pub deal: PackedDeal,
    /// Its game.
    pub outcome: Outcome,
}

impl Found {
    /// The empty entry that fills a best list's storage.
    pub const EMPTY: Found = Found {
        deal: PackedDeal::EMPTY,
        outcome: Outcome {
            status: Status::Exhausted,
            cards: 0,
            tricks: 0,
            rounds: 0,
        },
    };
}

/// Says what a best list ranks by first; ties go to the other count, then
/// to the deal's text (`PackedDeal`'s compact notation) in byte order.
///
/// ```
/// use plateau::camicia::hunt::{Best, Found, Order};
/// let best = Best::new(Order::TricksFirst, [Found::EMPTY; 4]);
/// assert_eq!(best.order(), Order::TricksFirst);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Order {
    /// More cards first, then more tricks.
    CardsFirst,
    /// More tricks first, then more cards.
    TricksFirst,
}

impl Order {
    const fn key(self, o: &Outcome) -> (u64, u64) {
        match self {
            Order::CardsFirst => (o.cards, o.tricks),
            Order::TricksFirst => (o.tricks, o.cards),
        }
    }

    /// Returns whether `x` ranks before `y`.
    fn before(self, x: &Found, y: &Found) -> bool {
        match self.key(&y.outcome).cmp(&self.key(&x.outcome)) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => x.deal.cmp_text(&y.deal) == Ordering::Less,
        }
    }
}

/// Keeps the best deals seen, best first, in storage the caller owns (an
/// array) or lends (a slice, a `Vec`): as many as it has room for.
///
/// A deal already listed is not listed again.
///
/// ```
/// use plateau::{Budget, camicia::{PackedDeal, hunt::{Best, Found, Order}}};
/// let mut best = Best::new(Order::CardsFirst, [Found::EMPTY; 2]);
/// for bits in [0b1, 0b10, 0b100, 0b1] {
///     let deal = PackedDeal::from_bits(bits, 0, 2, 2)?;
///     best.insert(Found { deal, outcome: deal.simulate(Budget::new(100)) });
/// }
/// assert_eq!(best.len(), 2);
/// assert!(best.as_slice()[0].outcome.cards >= best.as_slice()[1].outcome.cards);
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Best<S> {
    order: Order,
    slots: S,
    len: usize,
}

impl<S: AsRef<[Found]> + AsMut<[Found]>> Best<S> {
    /// Returns an empty list ranked by `order`, holding at most `slots.len()` deals.
    pub fn new(order: Order, slots: S) -> Self {
        Best {
            order,
            slots,
            len: 0,
        }
    }

    /// Returns what the list ranks by first.
    pub const fn order(&self) -> Order {
        self.order
    }

    /// Returns the deals kept, best first.
    pub fn as_slice(&self) -> &[Found] {
        self.slots.as_ref().get(..self.len).unwrap_or_default()
    }

    /// Returns how many deals are kept.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Returns whether no deal is kept.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Returns the most deals the list keeps.
    pub fn capacity(&self) -> usize {
        self.slots.as_ref().len()
    }

    /// Returns whether a game of `outcome` might enter the list: there is
    /// room, or it ranks at least with the last one kept.
    #[inline]
    pub fn might_keep(&self, outcome: &Outcome) -> bool {
        let kept = self.as_slice();
        kept.len() < self.capacity()
            || kept
                .last()
                .is_some_and(|w| self.order.key(outcome) >= self.order.key(&w.outcome))
    }

    /// Puts `found` in its place; returns whether it was kept (it ranks
    /// among the best and was not listed yet).
    pub fn insert(&mut self, found: Found) -> bool {
        let order = self.order;
        let len = self.len;
        let slots = self.slots.as_mut();
        let Some(kept) = slots.get(..len) else {
            return false;
        };
        if kept.iter().any(|f| f.deal == found.deal) {
            return false;
        }
        let at = kept
            .iter()
            .position(|f| order.before(&found, f))
            .unwrap_or(len);
        // Room for one more, or the last one drops out.
        let end = len.saturating_add(1).min(slots.len());
        // Empty when the list is full and `found` ranks after every deal kept.
        let Some(moved) = slots.get_mut(at..end).filter(|m| !m.is_empty()) else {
            return false;
        };
        let mut carry = found;
        for slot in moved {
            carry = core::mem::replace(slot, carry);
        }
        self.len = end;
        true
    }
}

/// Counts the games of a hunt and keeps its best lists: the longest finished
/// games by cards and by tricks, and loops by cards.
///
/// The three lists' storage is the caller's (see [`Best`]); the counts are
/// public so that tallies read back from elsewhere can be added up.
///
/// ```
/// use plateau::{Budget, camicia::{PackedDeal, hunt::{Found, Tally}}};
/// let mut tally = Tally::new([Found::EMPTY; 5], [Found::EMPTY; 5], [Found::EMPTY; 5]);
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
    /// Chunks played (see [`Hunt::chunk`]).
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

impl<S: AsRef<[Found]> + AsMut<[Found]>> Tally<S> {
    /// Returns an empty tally whose lists keep as many deals as their storage holds.
    pub fn new(by_cards: S, by_tricks: S, loop_deals: S) -> Self {
        Tally {
            deals: 0,
            chunks: 0,
            finished: 0,
            loops: 0,
            exhausted: 0,
            cards_of_finished: 0,
            by_cards: Best::new(Order::CardsFirst, by_cards),
            by_tricks: Best::new(Order::TricksFirst, by_tricks),
            loop_deals: Best::new(Order::CardsFirst, loop_deals),
        }
    }

    /// Counts the game of `deal` and lists it where it ranks.
    #[inline]
    pub fn add(&mut self, deal: &PackedDeal, outcome: Outcome) {
        self.deals = self.deals.saturating_add(1);
        let found = || Found {
            deal: *deal,
            outcome,
        };
        match outcome.status {
            Status::Finished => {
                self.finished = self.finished.saturating_add(1);
                self.cards_of_finished = self.cards_of_finished.saturating_add(outcome.cards);
                if self.by_cards.might_keep(&outcome) {
                    self.by_cards.insert(found());
                }
                if self.by_tricks.might_keep(&outcome) {
                    self.by_tricks.insert(found());
                }
            }
            Status::Loop => {
                self.loops = self.loops.saturating_add(1);
                self.loop_deals.insert(found());
            }
            Status::Exhausted => self.exhausted = self.exhausted.saturating_add(1),
        }
    }

    /// Adds another tally's counts and lists (the result does not depend on
    /// the order tallies are added in).
    pub fn absorb<T: AsRef<[Found]> + AsMut<[Found]>>(&mut self, other: &Tally<T>) {
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

/// Names a machine's part of a larger hunt: shard `k` of `n` plays the
/// chunks `k-1`, `k-1+n`, `k-1+2n`, ...
///
/// ```
/// use plateau::camicia::hunt::Shard;
/// let shard = Shard::new(2, 3)?;
/// assert_eq!((shard.k(), shard.n()), (2, 3));
/// assert_eq!([shard.chunk(0), shard.chunk(1)], [1, 4]);
/// assert!(Shard::new(4, 3).is_err());
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Shard {
    k: u64,
    n: u64,
}

impl Shard {
    /// The whole hunt: shard 1 of 1.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Returns shard `k` of `n`; fails with [`CamiciaError::NoSuchShard`]
    /// unless `1 <= k <= n`.
    pub const fn new(k: u64, n: u64) -> Result<Shard, CamiciaError> {
        if k == 0 || k > n {
            return Err(CamiciaError::NoSuchShard { k, n });
        }
        Ok(Shard { k, n })
    }

    /// Returns which shard this is, from 1.
    #[must_use]
    pub const fn k(self) -> u64 {
        self.k
    }

    /// Returns how many shards there are.
    #[must_use]
    pub const fn n(self) -> u64 {
        self.n
    }

    /// Returns the number of the shard's `index`-th chunk in the whole hunt.
    #[must_use]
    pub const fn chunk(self, index: u64) -> u64 {
        index
            .saturating_mul(self.n)
            .saturating_add(self.k.saturating_sub(1))
    }
}

/// Runs the record hunt: the entry type of the search, holding its seed,
/// whether it climbs, and each game's budget in rounds.
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::hunt::{Found, Hunt, Shard, Tally};
/// let hunt = Hunt::new(1, Budget::new(100_000)).fresh();
/// let mut a = Tally::new([Found::EMPTY; 2], [Found::EMPTY; 2], [Found::EMPTY; 2]);
/// hunt.run(Shard::WHOLE, Budget::new(500), &mut a);
/// let mut b = Tally::new([Found::EMPTY; 2], [Found::EMPTY; 2], [Found::EMPTY; 2]);
/// hunt.run(Shard::WHOLE, Budget::new(500), &mut b);
/// assert_eq!(a, b); // deterministic for a seed
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Hunt {
    seed: u64,
    fresh: bool,
    rounds: Budget,
}

impl Hunt {
    /// Returns a climbing hunt from `seed` whose games may last `rounds` rounds
    /// each before they count as exhausted.
    #[must_use]
    pub const fn new(seed: u64, rounds: Budget) -> Hunt {
        Hunt {
            seed,
            fresh: false,
            rounds,
        }
    }

    /// Returns the hunt playing fresh shuffles only, without climbing.
    #[must_use]
    pub const fn fresh(self) -> Hunt {
        Hunt {
            fresh: true,
            ..self
        }
    }

    /// Returns the budget, in deals, of the `index`-th chunk of a shard's
    /// hunt of `deals` deals in all, or `None` past its last chunk: chunks of
    /// [`CHUNK_DEALS`] and a shorter last one ([`Budget::UNLIMITED`] has no
    /// last chunk).
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
    /// deals (a whole chunk is [`CHUNK_DEALS`]): a climb from a fresh
    /// shuffle, or fresh shuffles only. Its random numbers come from
    /// `(seed, g)` alone.
    pub fn chunk<S: AsRef<[Found]> + AsMut<[Found]>>(
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
        if !self.fresh {
            let first = shuffle(&mut rng);
            self.climb(first, deals, &mut rng, tally);
            return;
        }
        let candidates = (0..deals).map(|_| shuffle(&mut rng));
        let report = |_, deal: PackedDeal, o: Outcome| tally.add(&deal, o);
        // On a chip (`target_os = "none"`), through `dyn` closures (one call
        // each per deal, beside a game's hundreds of cards): every caller in
        // this form shares one copy of the 32-lane engine, which keeps the
        // firmware image, which also checks the engine on its own, within its
        // flash budget. On a host the compiler inlines them into a copy of the
        // engine of their own (4 % fewer instructions per deal).
        #[cfg(target_os = "none")]
        {
            let (mut candidates, mut report) = (candidates, report);
            let mut next = || candidates.next();
            PackedDeal::simulate_many(
                core::iter::from_fn(&mut next as &mut dyn FnMut() -> Option<PackedDeal>),
                self.rounds,
                &mut report as &mut dyn FnMut(usize, PackedDeal, Outcome),
            );
        }
        #[cfg(not(target_os = "none"))]
        PackedDeal::simulate_many(candidates, self.rounds, report);
    }

    /// Plays the climb of a chunk of `deals` deals from `first`: each next
    /// candidate swaps two different cards of the best deal so far (`first`
    /// until a game has finished), once its game is known.
    fn climb<S: AsRef<[Found]> + AsMut<[Found]>>(
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
            tally.add(&candidate, o);
            if o.status == Status::Finished && best.is_none_or(|(_, cards)| o.cards >= cards) {
                best = Some((candidate, o.cards));
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

    /// Plays `shard`'s part of a hunt of `deals` deals (the hunt's budget, in
    /// deals) into `tally`, chunk after chunk: the same answer as the chunks
    /// spread over threads. [`Budget::UNLIMITED`] never returns.
    pub fn run<S: AsRef<[Found]> + AsMut<[Found]>>(
        &self,
        shard: Shard,
        deals: Budget,
        tally: &mut Tally<S>,
    ) {
        let mut index = 0;
        while let Some(len) = Hunt::chunk_deals(deals, index) {
            self.chunk(shard.chunk(index), len, tally);
            let Some(next) = index.checked_add(1) else {
                return;
            };
            index = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_are_valid_deals() {
        let mut rng = SplitMix64::new(5);
        for _ in 0..1000 {
            let deal = shuffle(&mut rng);
            let row: std::vec::Vec<_> = (0..DECK_SIZE).map(|i| deal.rank(i).unwrap()).collect();
            assert_eq!(PackedDeal::from_row(&row, DECK_SIZE / 2), Ok(deal));
            assert_eq!(row.iter().filter(|r| !r.is_number()).count(), PAYMENT_CARDS);
        }
    }

    #[test]
    fn a_groups_draws_are_one_draw_below_their_product() {
        // The shuffle's groups of ranges, in the order `shuffle_bits` draws.
        let groups: [&[usize]; 4] = [
            &[37, 38, 39, 40, 41, 42, 43],
            &[44, 45, 46, 47, 48, 49, 50],
            &[51, 52, 16, 15, 14, 13, 12, 11, 10],
            &[9, 8, 7, 6, 5, 4, 3, 2],
        ];
        let mut rng = SplitMix64::new(11);
        for ranges in groups {
            let product: u128 = ranges.iter().map(|&n| n as u128).product();
            assert!(product < 1 << 39, "{ranges:?}");
            for _ in 0..10_000 {
                let word = rng.next_u64();
                // The chain of draws...
                let mut x = word;
                let drawn: std::vec::Vec<usize> = ranges.iter().map(|&n| draw(&mut x, n)).collect();
                // ...is the multiply-shift draw below the product, read in
                // mixed radix (the last range the lowest digit).
                let mut whole = (u128::from(word) * product) >> 64;
                let mut digits = std::vec![0; ranges.len()];
                for (d, &n) in digits.iter_mut().zip(ranges).rev() {
                    *d = (whole % n as u128) as usize;
                    whole /= n as u128;
                }
                assert_eq!(drawn, digits, "{word:#x}");
            }
        }
    }

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

    #[test]
    fn best_lists_are_ordered_and_distinct() {
        let hunt = Hunt::new(3, Budget::new(100_000));
        let mut tally = Tally::new([Found::EMPTY; 6], [Found::EMPTY; 6], [Found::EMPTY; 6]);
        hunt.run(Shard::WHOLE, Budget::new(3000), &mut tally);
        for best in [&tally.by_cards, &tally.by_tricks] {
            let list = best.as_slice();
            assert_eq!(list.len(), 6);
            for w in list.windows(2) {
                assert!(best.order().before(&w[0], &w[1]));
            }
        }
    }
}
