//! The construction behind `plateau camicia loops`: deals whose games never
//! end, found from the cycles of the ones known.
//!
//! Two moves, both checked by the core's exact simulation:
//!
//! - **Backward play** (the core's [`plateau::camicia::backward`]). A
//!   round-start state's predecessors are the states one round earlier that
//!   lead to it. A state has few predecessors and many have none, so the
//!   states from which a cycle is reached (its *tree*) are few: Casella et
//!   al.'s cycle has 2,670, 30 of them with 26 cards a hand.
//! - **Perturbation.** A state of the trees of the cycles started from,
//!   changed by one or two small edits (swap two cards, move one, swap two
//!   blocks of cards, move the cut between the hands), sometimes loops into
//!   another cycle, whose tree is then searched for the deals that reach it.
//!   With no cycle to start from (a deck other than the standard 52, see
//!   `deck.rs`, without `--from`), a trial plays a shuffle of the deck.
//! - **The engine's belt.** The perturbations stay near the cycles started
//!   from: Casella et al.'s, perturbed, loops only into four cycles of its
//!   own family. Its turn runs on an engine: one hand is down to two cards
//!   (`J-`) every few rounds while the other, a belt of 50, leads. Every
//!   [`BELT_EVERY`]-th trial is a *belt trial*: each of its
//!   [`BELT_CHAINS`] annealings takes such a state of a cycle started from,
//!   changes the belt by 10 to 40 swaps, and anneals the belt's order ([`BELT_STEPS`] steps: swaps, a card moved, two adjacent
//!   blocks exchanged, swaps that copy a later belt), scored by how many
//!   places a later belt leading against the same two cards differs from the
//!   first; a belt that comes back to itself loops. About one annealing in
//!   150 loops, into cycles far from the one started from (of 28 to 156
//!   tricks a turn, some with balanced deals in their trees). A belt trial
//!   that loops then perturbs [`EXPLORE`] times the tree of the cycle it
//!   found, as the other trials perturb the trees of the cycles started
//!   from: one balanced cycle found this way leads to its family's others.
//!
//! Trial `n` draws its state and its edits from the seed and `n` alone, and
//! perturbs only the trees of the cycles started from and, in a belt trial,
//! of the cycle that trial found (not those found by other trials), so
//! trials do not depend on each other: shard K of N makes trials `K-1,
//! K-1+N, ...`, and the shards of a search find, together, what the search
//! finds in one piece (each cycle first found by the same trial; a belt
//! trial may find several, in the order it finds them).
//!
//! A state is a [`Deal`] whose A starts the round: the game is the same for
//! both players, so a state and its names swapped are one. This lives in the
//! CLI and not in the core: the trees and the known states are lists that
//! grow with the search (hundreds of thousands of states), more than a chip's
//! memory.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use plateau::Budget;
use plateau::camicia::backward;
use plateau::camicia::{Cycle, Deal, Ending, PackedDeal, Player, Rank, Status};
use plateau::rng::SplitMix64;

use super::deck::Deck;

/// The most states kept from one cycle's tree: more is not searched.
const TREE_LIMIT: usize = 200_000;
/// The most states kept to perturb, over all trees.
const POOL_LIMIT: usize = 2_000_000;
/// Rounds a perturbed game may last before it counts as not looping (the
/// cycles found so far are entered within a few hundred rounds).
const TRIAL_ROUNDS: u64 = 20_000;
/// Every this many trials, one is a belt trial (see the module docs): a
/// trial that perturbs takes about 2 microseconds, a belt trial about a
/// second, so a search spends most of its time on belts. A prime: the
/// belt trials fall to every shard of a search in turn (with 32,768, every
/// one fell to the last shard of a power of two).
const BELT_EVERY: u64 = 32_749;
/// Annealing steps of a belt trial.
const BELT_STEPS: u32 = 100_000;
/// Rounds a belt's game is played for, to score it.
const BELT_ROUNDS: u32 = 600;
/// Cards played before a later belt is compared with the first (nearer
/// ones reward belts that repeat over a few rounds and never loop).
const BELT_GAP: u64 = 100;
/// Perturbations of the tree of the cycle a belt trial loops into.
const EXPLORE: u32 = 200_000;
/// Annealings of a belt trial, played side by side by the threads.
const BELT_CHAINS: u64 = 4;
/// A row of cards on the stack: threads play trials side by side, and an
/// allocation a trial made them wait for the allocator's lock.
type Row = [Rank; Deal::<1>::CAPACITY];

/// The compact text `A/B` of a state (see [`PackedDeal`]'s notation).
pub(crate) fn text(state: &Deal) -> String {
    let hand = |p| -> String { state.hand(p).map(Rank::compact).collect() };
    format!("{}/{}", hand(Player::A), hand(Player::B))
}

/// The states from which `start` is reached (itself included), in the order
/// of a depth-first walk (the same order every time), at most [`TREE_LIMIT`].
///
/// The core's [`Ancestors`](plateau::camicia::backward::Ancestors) walks a
/// tree in constant memory, but a cycle's states reach each other round and
/// round: this walk keeps the states seen.
pub(crate) fn tree(start: &Deal) -> Vec<Deal> {
    let mut seen: HashSet<Deal> = HashSet::new();
    let mut order = Vec::new();
    let mut stack = vec![*start];
    seen.insert(*start);
    while let Some(state) = stack.pop() {
        order.push(state);
        if order.len() >= TREE_LIMIT {
            break;
        }
        for step in backward::predecessors(&state) {
            if seen.insert(step.state) {
                stack.push(step.state);
            }
        }
    }
    order
}

/// Plays the deal that starts in `state` with the core's exact simulation:
/// its ending and its cycle, if it loops within `rounds`.
pub(crate) fn looping(state: &Deal, rounds: u64) -> Option<(Ending, Cycle)> {
    let outcome = match PackedDeal::from_deal(state) {
        Ok(packed) => packed.simulate(Budget::new(rounds)),
        Err(_) => state.simulate(Budget::new(rounds)),
    };
    let end = *outcome.done()?;
    if end.status != Status::Loop {
        return None;
    }
    Some((end, Cycle::find(state, &end)?))
}

/// A cycle found: its core description, and the deals found that reach it.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) cycle: Cycle,
    /// The deals of the wanted split in its tree, each checked (see
    /// [`Construction::add`]), in the tree's order.
    pub(crate) deals: Vec<(Deal, Ending, Cycle)>,
    /// States of its tree (at most [`TREE_LIMIT`]).
    pub(crate) tree: usize,
    /// The trial that found it; `None` for a cycle started from.
    pub(crate) trial: Option<u64>,
}

/// A state of a cycle started from in which one hand holds two cards and
/// the other, the belt, leads: what a belt trial anneals.
#[derive(Clone, Copy)]
struct Engine {
    /// The belt's cards, then the two of the short hand.
    cards: Row,
    belt: usize,
}

/// What a trial found: a deal and the cycle it loops into, by trial number.
type Loop = (u64, Deal, Cycle);

/// The construction's state: the cycles found, their trees' states to
/// perturb, and the trials made.
pub(crate) struct Construction {
    /// The deck: its trials play deals of it, and a balanced deal holds
    /// half of it a hand.
    deck: Deck,
    /// The deck's cards, in order: what a shuffle starts from.
    cards: Vec<Rank>,
    /// Only balanced deals are kept (else any split).
    balanced: bool,
    /// The seed of the trials' random streams.
    stream: u64,
    /// Cycles by id, in the order found.
    ids: HashMap<u64, usize>,
    pub(crate) cycles: Vec<Found>,
    /// States to perturb: the trees of the cycles started from.
    pool: Vec<Deal>,
    /// The engines of the cycles started from, for belt trials.
    engines: Vec<Engine>,
    /// Trials made (by this shard).
    pub(crate) trials: u64,
    /// Trials whose perturbed deal looped (into a new cycle or a known one).
    pub(crate) loops: u64,
}

impl Construction {
    /// An empty construction of `deck` whose trials draw from `stream`.
    pub(crate) fn new(stream: u64, deck: Deck, balanced: bool) -> Self {
        Construction {
            deck,
            cards: deck.cards(),
            balanced,
            stream,
            ids: HashMap::new(),
            cycles: Vec::new(),
            pool: Vec::new(),
            engines: Vec::new(),
            trials: 0,
            loops: 0,
        }
    }

    /// Adds the cycle that the deal starting in `state` loops into, if it is
    /// new: searches its tree, and checks each deal of the wanted split there
    /// with the exact simulation (it loops, into this cycle). A cycle
    /// started from (`trial` `None`) puts its tree among the states to
    /// perturb; one found by a trial does not. Returns its index if new.
    pub(crate) fn add(&mut self, state: &Deal, trial: Option<u64>) -> Option<usize> {
        let (_, cycle) = looping(state, TRIAL_ROUNDS)?;
        if self.ids.contains_key(&cycle.id()) {
            return None;
        }
        let start = cycle.canonical();
        let states = tree(&start);
        let mut deals = Vec::new();
        for s in &states {
            // Any split: both hands of a tree's state hold a card, as both
            // players play in the round that follows it (see `predecessors`).
            if self.balanced && !self.deck.balanced(s) {
                continue;
            }
            // The check: the exact game, without a round cap (it loops).
            if let Some((end, c)) = looping(s, u64::MAX)
                && c.id() == cycle.id()
            {
                deals.push((*s, end, c));
            }
        }
        if trial.is_none() {
            let room = POOL_LIMIT.saturating_sub(self.pool.len());
            self.pool.extend(states.iter().take(room).copied());
            self.engines.extend(engines(&start));
        }
        self.ids.insert(cycle.id(), self.cycles.len());
        self.cycles.push(Found {
            cycle,
            deals,
            tree: states.len(),
            trial,
        });
        Some(self.cycles.len() - 1)
    }

    /// Makes the trials numbered `numbers` (increasing; of the whole
    /// search: see the module docs) on `threads` threads: those that perturb
    /// ([`probe`](Self::probe)) side by side, then each belt trial in turn,
    /// its chains side by side ([`belt`](Self::belt)); then, in trial order,
    /// each loop into a new cycle adds it. So the construction is the same
    /// whatever the threads. When `stop` says so during a belt trial, the
    /// trials from that one on are not made (nor counted): a search that
    /// resumes makes them.
    pub(crate) fn trials(&mut self, numbers: &[u64], threads: usize, stop: &AskStop<'_>) {
        let this = &*self;
        let cheap: Vec<u64> = numbers
            .iter()
            .copied()
            .filter(|&n| !this.is_belt(n))
            .collect();
        let mut looped = parallel(&cheap, threads, |n, looped| this.probe(n, looped));
        let mut made = numbers.len();
        for (i, &n) in numbers
            .iter()
            .enumerate()
            .filter(|(_, n)| this.is_belt(**n))
        {
            match this.belt(n, threads, stop) {
                Some(found) => looped.extend(found),
                None => {
                    made = i;
                    break;
                }
            }
        }
        // The loops of the trials made.
        let made_numbers = &numbers[..made];
        looped.retain(|l| made_numbers.binary_search(&l.0).is_ok());
        // Stable: a belt trial's loops keep the order it found them in.
        looped.sort_by_key(|l| l.0);
        self.trials += made as u64;
        let mut last = None;
        for (n, deal, cycle) in looped {
            // A trial's loops come together: it counts once.
            if last != Some(n) {
                self.loops += 1;
                last = Some(n);
            }
            if !self.ids.contains_key(&cycle.id()) {
                self.add(&deal, Some(n));
            }
        }
    }

    /// Whether trial `n` is a belt trial: every [`BELT_EVERY`]-th, when a
    /// cycle started from has an engine.
    fn is_belt(&self, n: u64) -> bool {
        n % BELT_EVERY == BELT_EVERY - 1 && !self.engines.is_empty()
    }

    /// Belt trial `n`: [`BELT_CHAINS`] annealings of engines drawn from the
    /// seed, `n` and the chain, on `threads` threads; each that loops, and
    /// the perturbations of its cycle's tree ([`explore`]), give the trial's
    /// loops, in the chains' order. `None` if `stop` cut it short.
    fn belt(&self, n: u64, threads: usize, stop: &AskStop<'_>) -> Option<Vec<Loop>> {
        let chains: Vec<u64> = (0..BELT_CHAINS).collect();
        let cut = std::sync::atomic::AtomicBool::new(false);
        let found = parallel(&chains, threads, |chain, looped| {
            let mut rng = SplitMix64::new(
                self.stream
                    ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    ^ (chain + 1).wrapping_mul(0xc2b2_ae3d_27d4_eb4f),
            );
            let engine = &self.engines[rng.below(self.engines.len())];
            let whole = match anneal(engine, &mut rng, stop) {
                Ok(Some((deal, cycle))) => {
                    looped.push((n, deal, cycle));
                    explore(n, &cycle, &mut rng, looped, stop)
                }
                Ok(None) => true,
                Err(()) => false,
            };
            if !whole {
                cut.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        (!cut.into_inner()).then_some(found)
    }

    /// What trial `n` plays, if not a belt trial: a state of the pool
    /// perturbed (with no cycle to start from, a shuffle of the deck); if
    /// it loops (within [`TRIAL_ROUNDS`]), the deal and its cycle go to
    /// `looped`. It depends on `n` and the cycles started from alone.
    fn probe(&self, n: u64, looped: &mut Vec<Loop>) {
        let mut rng = SplitMix64::new(self.stream ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let played = if self.pool.is_empty() {
            self.shuffle(&mut rng)
        } else {
            perturb(&self.pool[rng.below(self.pool.len())], &mut rng)
        };
        if let Some(deal) = played
            && let Some((_, cycle)) = looping(&deal, TRIAL_ROUNDS)
        {
            looped.push((n, deal, cycle));
        }
    }

    /// A shuffle of the deck, cut in half (any split: at random, both hands
    /// dealt); `None` for a deck too small to deal.
    fn shuffle(&self, rng: &mut SplitMix64) -> Option<Deal> {
        // On the stack, as `perturb`'s cards.
        let mut row: Row = [Rank::Number; Deal::<1>::CAPACITY];
        let cards = row.get_mut(..self.cards.len())?;
        cards.copy_from_slice(&self.cards);
        for i in (1..cards.len()).rev() {
            cards.swap(i, rng.below(i + 1));
        }
        let n = cards.len();
        let cut = if self.balanced {
            n / 2
        } else {
            1 + rng.below(n.checked_sub(1)?)
        };
        let (a, b) = cards.split_at(cut);
        Deal::from_hands(a, b).ok()
    }
}

/// Whether to stop: a search's deadline or Ctrl-C, asked at every step of
/// a belt trial (a second or so of work; a step takes microseconds, the
/// question tens of nanoseconds).
pub(crate) type AskStop<'a> = dyn Fn() -> bool + Sync + 'a;

/// `play` applied to each of `numbers` on `threads` threads, in
/// consecutive parts (this thread playing the first): what it pushes, in
/// the order of `numbers`.
fn parallel<F>(numbers: &[u64], threads: usize, play: F) -> Vec<Loop>
where
    F: Fn(u64, &mut Vec<Loop>) + Sync,
{
    let part = numbers.len().div_ceil(threads).max(1);
    let play = |part: &[u64]| {
        let mut looped = Vec::new();
        for &n in part {
            play(n, &mut looped);
        }
        looped
    };
    std::thread::scope(|s| {
        let mut parts = numbers.chunks(part);
        let first = parts.next().unwrap_or_default();
        let workers: Vec<_> = parts.map(|part| s.spawn(move || play(part))).collect();
        let mut looped = play(first);
        for w in workers {
            looped.extend(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        looped
    })
}

/// The engines of the cycle whose turn starts in `start`: its states in
/// which B, who does not lead, holds two cards.
fn engines(start: &Deal) -> Vec<Engine> {
    let mut found = Vec::new();
    let mut s = *start;
    loop {
        if s.len(Player::B) == 2 {
            let belt = s.len(Player::A);
            let mut cards: Row = [Rank::Number; Deal::<1>::CAPACITY];
            for (slot, card) in cards
                .iter_mut()
                .zip(s.hand(Player::A).chain(s.hand(Player::B)))
            {
                *slot = card;
            }
            found.push(Engine { cards, belt });
        }
        match backward::next_round(&s) {
            Some(next) if next.state != *start => s = next.state,
            _ => return found,
        }
    }
}

/// A belt's score: how many places the later belt nearest to it (leading
/// against the same two cards, at least [`BELT_GAP`] cards later, within
/// [`BELT_ROUNDS`] rounds) differs in, that belt written to `near` (the belt
/// itself if none comes), and whether the game loops (a state with a hand of
/// two cards or fewer comes twice). `seen` keeps those states.
fn score(e: &Engine, near: &mut Row, seen: &mut Vec<Deal>) -> (usize, bool) {
    let (cards, belt) = (&e.cards[..e.belt + 2], e.belt);
    near[..belt].copy_from_slice(&cards[..belt]);
    let Ok(mut s) = Deal::from_hands(&cards[..belt], &cards[belt..]) else {
        return (belt, false);
    };
    seen.clear();
    let (mut played, mut best) = (0, belt + 1);
    for _ in 0..BELT_ROUNDS {
        let Some(next) = backward::next_round(&s) else {
            break;
        };
        s = next.state;
        played += next.cards;
        if s.len(Player::A).min(s.len(Player::B)) <= 2 {
            if seen.contains(&s) {
                return (0, true);
            }
            seen.push(s);
        }
        if played >= BELT_GAP
            && s.len(Player::A) == belt
            && s.hand(Player::B).eq(cards[belt..].iter().copied())
        {
            let differ = s
                .hand(Player::A)
                .zip(&cards[..belt])
                .filter(|(x, y)| x != *y)
                .count();
            if differ < best {
                best = differ;
                for (slot, card) in near.iter_mut().zip(s.hand(Player::A)) {
                    *slot = card;
                }
            }
        }
    }
    (best, false)
}

/// One move of the belt (the first `n` cards): half the time, if it can,
/// a swap that puts a card where `near` has it; else a swap, a card moved,
/// or two adjacent blocks exchanged.
fn step(belt: &mut [Rank], near: &[Rank], rng: &mut SplitMix64) {
    let n = belt.len();
    if rng.below(2) == 0 {
        let differ = |i: &usize| belt[*i] != near[*i];
        let count = (0..n).filter(differ).count();
        if let Some(i) = (0..n).filter(differ).nth(rng.below(count.max(1))) {
            let want = near[i];
            let from = |j: &usize| belt[*j] == want && belt[*j] != near[*j];
            let count = (0..n).filter(from).count();
            if let Some(j) = (0..n).filter(from).nth(rng.below(count.max(1))) {
                belt.swap(i, j);
                return;
            }
        }
    }
    edit(belt, rng.below(3), rng);
}

/// One edit of `cards` of the given kind: 0 swaps two cards, 1 moves one,
/// any other exchanges two adjacent blocks.
fn edit(cards: &mut [Rank], kind: usize, rng: &mut SplitMix64) {
    let n = cards.len();
    match kind {
        0 => {
            let (i, j) = (rng.below(n), rng.below(n));
            cards.swap(i, j);
        }
        1 => {
            // The card at `from` taken out and put back at `to`.
            let (from, to) = (rng.below(n), rng.below(n));
            match from.cmp(&to) {
                Ordering::Less => cards[from..=to].rotate_left(1),
                Ordering::Greater => cards[to..=from].rotate_right(1),
                Ordering::Equal => {}
            }
        }
        _ => {
            let mut at = [rng.below(n + 1), rng.below(n + 1), rng.below(n + 1)];
            at.sort_unstable();
            let [i, j, k] = at;
            cards[i..k].rotate_left(j - i);
        }
    }
}

/// A belt trial's annealing (see the module docs): the engine's belt
/// changed by 10 to 40 swaps, then moved step by step, a step kept if its
/// score is no worse or, with a chance that falls with the temperature, if
/// it is; the deal and its cycle if a belt loops, `Err` if `stop` cut it
/// short.
fn anneal(
    engine: &Engine,
    rng: &mut SplitMix64,
    stop: &AskStop<'_>,
) -> Result<Option<(Deal, Cycle)>, ()> {
    let mut e = *engine;
    let belt = e.belt;
    for _ in 0..10 + rng.below(31) {
        let (i, j) = (rng.below(belt), rng.below(belt));
        e.cards.swap(i, j);
    }
    let (mut near, mut next_near) = (
        [Rank::Number; Deal::<1>::CAPACITY],
        [Rank::Number; Deal::<1>::CAPACITY],
    );
    let mut seen = Vec::new();
    let (mut off, mut looped) = score(&e, &mut near, &mut seen);
    for k in 0..BELT_STEPS {
        if looped {
            break;
        }
        if stop() {
            return Err(());
        }
        let heat = 2.0 * (1.0 - f64::from(k) / f64::from(BELT_STEPS)) + 0.05;
        let mut next = e;
        step(&mut next.cards[..belt], &near[..belt], rng);
        let (next_off, next_looped) = score(&next, &mut next_near, &mut seen);
        // A uniform draw in [0, 1): the top 53 bits.
        let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let worse = next_off.saturating_sub(off) as f64;
        if next_looped || draw < (-worse / heat).exp() {
            (e, off, looped) = (next, next_off, next_looped);
            std::mem::swap(&mut near, &mut next_near);
        }
    }
    if !looped {
        return Ok(None);
    }
    let found = Deal::from_hands(&e.cards[..belt], &e.cards[belt..belt + 2])
        .ok()
        .and_then(|deal| Some((deal, looping(&deal, TRIAL_ROUNDS)?.1)));
    Ok(found)
}

/// Perturbs the tree of `cycle` [`EXPLORE`] times, as the pool is; each
/// deal that loops into a cycle not yet met in this trial goes to `looped`.
/// `false` if `stop` cut it short.
fn explore(
    n: u64,
    cycle: &Cycle,
    rng: &mut SplitMix64,
    looped: &mut Vec<Loop>,
    stop: &AskStop<'_>,
) -> bool {
    let states = tree(&cycle.canonical());
    let mut met = vec![cycle.id()];
    for _ in 0..EXPLORE {
        if stop() {
            return false;
        }
        let Some(deal) = perturb(&states[rng.below(states.len())], rng) else {
            continue;
        };
        if let Some((_, c)) = looping(&deal, TRIAL_ROUNDS)
            && !met.contains(&c.id())
        {
            met.push(c.id());
            looped.push((n, deal, c));
        }
    }
    true
}

/// One or two small edits of `state` (see the module docs); `None` if they
/// leave a hand empty.
fn perturb(state: &Deal, rng: &mut SplitMix64) -> Option<Deal> {
    // On the stack (see [`Row`]).
    let mut row: Row = [Rank::Number; Deal::<1>::CAPACITY];
    let mut n = 0;
    for (slot, card) in row
        .iter_mut()
        .zip(state.hand(Player::A).chain(state.hand(Player::B)))
    {
        *slot = card;
        n += 1;
    }
    let cards = &mut row[..n];
    if n < 3 {
        return None;
    }
    let mut cut = state.len(Player::A);
    for _ in 0..1 + rng.below(2) {
        match rng.below(4) {
            3 => cut = (cut + rng.below(5)).saturating_sub(2).clamp(1, n - 1),
            kind => edit(cards, kind, rng),
        }
    }
    let (a, b) = cards.split_at(cut);
    Deal::from_hands(a, b).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    use plateau::camicia::CASELLA_2024 as CASELLA;

    fn state(text: &str) -> Deal {
        text.parse::<Deal>().expect("a deal")
    }

    #[test]
    fn every_predecessor_plays_one_round_into_the_state() {
        // Forward play of one round by the core's Game, from each predecessor
        // of the first states of the published cycle's tree (the published
        // deal itself has none: it starts the game).
        let (end, cycle) = looping(&state(CASELLA), u64::MAX).expect("a loop");
        assert_eq!(end.status, Status::Loop);
        let start = cycle.canonical();
        let mut checked = 0;
        for s in tree(&start).iter().take(300) {
            for p in backward::predecessors(s).map(|step| step.state) {
                let mut game = plateau::camicia::Game::new(&p);
                game.step();
                while !game.at_round_start() {
                    game.step();
                }
                let lead = game.to_play();
                let hand = |who| game.hand(who).collect::<Vec<Rank>>();
                let after = Deal::from_hands(&hand(lead), &hand(lead.other())).expect("fits");
                assert_eq!(&after, s, "from {}", text(&p));
                checked += 1;
            }
        }
        assert!(checked >= 299, "{checked} predecessors");
    }

    #[test]
    fn the_published_cycle_has_30_balanced_deals() {
        let mut c = Construction::new(1, Deck::STANDARD, true);
        let i = c.add(&state(CASELLA), None).expect("a loop");
        let found = &c.cycles[i];
        assert_eq!((found.cycle.tricks, found.tree), (62, 2670));
        assert_eq!(found.deals.len(), 30);
        assert!(found.deals.iter().any(|(s, _, _)| text(s) == CASELLA));
        // Known already: not added twice.
        assert_eq!(c.add(&state(CASELLA), None), None);
        // Any split: every state of the tree is a deal that reaches it.
        let mut any = Construction::new(1, Deck::STANDARD, false);
        let i = any.add(&state(CASELLA), None).expect("a loop");
        assert_eq!(any.cycles[i].deals.len(), 2670);
        assert!(
            any.cycles[i]
                .deals
                .iter()
                .all(|(s, _, _)| s.len(Player::A) > 0 && s.len(Player::B) > 0)
        );
    }

    #[test]
    fn with_no_cycle_to_start_from_the_trials_shuffle_the_deck() {
        // A small deck where about one shuffle in three thousand loops.
        let deck = super::super::deck::parse("numbers=8,J=2,Q=2,K=2,A=2").expect("a deck");
        let numbers: Vec<u64> = (0..40_000).collect();
        let mut c = Construction::new(3, deck, true);
        c.trials(&numbers, 1, &|| false);
        assert!(c.cycles.len() >= 3, "{} cycles", c.cycles.len());
        for found in &c.cycles {
            assert!(found.trial.is_some());
            assert!(!found.deals.is_empty(), "a balanced shuffle found it");
            for (deal, end, cycle) in &found.deals {
                assert!(deck.balanced(deal), "{}", text(deal));
                assert_eq!((end.status, cycle.id()), (Status::Loop, found.cycle.id()));
            }
        }
        // Any split: the cut too is drawn, and both hands are dealt.
        let mut any = Construction::new(3, deck, false);
        any.trials(&numbers, 2, &|| false);
        assert!(any.cycles.len() >= 3, "{} cycles", any.cycles.len());
        let cuts: HashSet<usize> = any
            .cycles
            .iter()
            .flat_map(|f| f.deals.iter().map(|(d, _, _)| d.len(Player::A)))
            .collect();
        assert!(
            cuts.len() > 3 && !cuts.contains(&0) && !cuts.contains(&16),
            "{cuts:?}"
        );
    }

    /// The published cycle's canonical state.
    fn casella() -> Deal {
        let (_, cycle) = looping(&state(CASELLA), u64::MAX).expect("a loop");
        cycle.canonical()
    }

    #[test]
    fn the_published_cycle_runs_on_twelve_belts_against_a_jack() {
        // Casella et al.'s turn: 12 round starts at which B holds `J-` and
        // A, a belt of 50, leads (docs/notes/camicia.md); each is a state of
        // the cycle, so its game, played by the simulation, loops into it.
        let (_, cycle) = looping(&state(CASELLA), u64::MAX).expect("a loop");
        let found = engines(&cycle.canonical());
        assert_eq!(found.len(), 12);
        for e in &found {
            assert_eq!(e.belt, 50);
            assert_eq!(e.cards[50..52], [Rank::Jack, Rank::Number]);
            let deal = Deal::from_hands(&e.cards[..50], &e.cards[50..52]).expect("a deal");
            let (_, c) = looping(&deal, u64::MAX).expect("it loops");
            assert_eq!(c.id(), cycle.id());
            // A belt of the cycle comes back to itself: a loop.
            let mut near = [Rank::Number; Deal::<1>::CAPACITY];
            assert_eq!(score(e, &mut near, &mut Vec::new()), (0, true));
        }
    }

    #[test]
    fn a_belt_is_scored_by_the_nearest_later_belt() {
        let e = engines(&casella())[0];
        // Every 37th swap of two different cards of the belt.
        let swaps: Vec<(usize, usize)> = (0..50)
            .flat_map(|i| (i + 1..50).map(move |j| (i, j)))
            .filter(|&(i, j)| e.cards[i] != e.cards[j])
            .step_by(37)
            .collect();
        let (mut looped_once, mut none_came, mut nearest) = (0, 0, 0);
        for &(i, j) in &swaps {
            let mut x = e;
            x.cards.swap(i, j);
            let mut near = [Rank::Number; Deal::<1>::CAPACITY];
            let mut seen = Vec::new();
            let (off, looped) = score(&x, &mut near, &mut seen);
            // Only the states with a hand of two cards or fewer are kept
            // to find a repeat: few, so a list serves.
            assert!(
                seen.iter()
                    .all(|s| s.len(Player::A).min(s.len(Player::B)) <= 2),
                "{}",
                seen.len()
            );
            let deal = Deal::from_hands(&x.cards[..50], &x.cards[50..52]).expect("a deal");
            if looped {
                assert!(looping(&deal, u64::MAX).is_some(), "{}", text(&deal));
                looped_once += 1;
                continue;
            }
            // The nearest belt is the belt's cards in another order, `off`
            // places from it, or (none came) the belt itself.
            let mut a = x.cards[..50].to_vec();
            let mut b = near[..50].to_vec();
            let differ = a.iter().zip(&b).filter(|(p, q)| p != q).count();
            if off > 50 {
                assert_eq!((off, differ), (51, 0));
                none_came += 1;
            } else {
                assert_eq!(off, differ);
                assert!(off > 0);
                nearest += 1;
            }
            a.sort_unstable_by_key(|r| r.penalty());
            b.sort_unstable_by_key(|r| r.penalty());
            assert_eq!(a, b);
        }
        assert!(
            swaps.len() >= 10 && nearest >= 3,
            "{looped_once} {none_came} {nearest}"
        );
    }

    /// The first belt trial, of seed 46: it loops.
    const GOLDEN: u64 = 32_748;

    /// A construction of seed 46 from the published cycle, as `loops` starts.
    fn seed_46() -> Construction {
        let mut c = Construction::new(super::super::loops::stream(46), Deck::STANDARD, true);
        c.add(&state(CASELLA), None);
        c
    }

    #[test]
    fn a_belt_trial_stops_when_asked() {
        let c = seed_46();
        let began = std::time::Instant::now();
        let soon = || began.elapsed() > std::time::Duration::from_millis(30);
        assert!(c.belt(GOLDEN, 2, &soon).is_none());
        assert!(began.elapsed().as_secs_f64() < 0.5, "{:?}", began.elapsed());
    }

    #[test]
    fn a_belt_trial_finds_cycles_the_simulation_confirms_on_any_threads() {
        let c = seed_46();
        let one = c.belt(GOLDEN, 1, &|| false).expect("not stopped");
        let two = c.belt(GOLDEN, 2, &|| false).expect("not stopped");
        let ids = |l: &[Loop]| l.iter().map(|(_, _, c)| c.id()).collect::<Vec<u64>>();
        assert_eq!(ids(&one), ids(&two));
        // Pinned, as the trials of a seed are (tests/tests/cli_camicia_loops.rs):
        // one annealing loops into a 41-trick cycle, and its tree,
        // perturbed, into more.
        assert_eq!(one.len(), 56);
        assert_eq!(one[0].2.id(), 0x5a8e_1bf5_d767);
        assert_eq!(one[0].2.tricks, 41);
        for (n, deal, cycle) in &one {
            assert_eq!(*n, GOLDEN);
            let (_, c) = looping(deal, u64::MAX).expect("it loops");
            assert_eq!(c.id(), cycle.id(), "{}", text(deal));
            assert_ne!(c.id(), casella_id());
        }
        // A trial's cycles are distinct.
        let mut distinct = ids(&one);
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), one.len());
    }

    fn casella_id() -> u64 {
        looping(&state(CASELLA), u64::MAX).expect("a loop").1.id()
    }

    #[test]
    fn a_belt_trial_cut_short_is_not_made() {
        let numbers: Vec<u64> = (GOLDEN - 300..GOLDEN + 300).collect();
        let fresh = seed_46;
        // Stopped at once: the trials before the belt trial are made.
        let mut cut = fresh();
        let asked = std::sync::atomic::AtomicU32::new(0);
        cut.trials(&numbers, 2, &|| {
            asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            true
        });
        assert_eq!(cut.trials, 300);
        assert!(asked.into_inner() >= 1);
        let mut before = fresh();
        before.trials(&numbers[..300], 2, &|| false);
        assert!(before.loops > 0);
        assert_eq!(
            (cut.loops, cut.cycles.len()),
            (before.loops, before.cycles.len())
        );
        // Not stopped: all of them, the belt trial's loops among them.
        let mut whole = fresh();
        whole.trials(&numbers, 2, &|| false);
        assert_eq!(whole.trials, 600);
        let after = whole
            .cycles
            .iter()
            .filter(|f| f.trial == Some(GOLDEN))
            .count();
        assert!(after >= 2, "{after}");
        assert!(whole.loops > before.loops + 1);
    }

    #[test]
    fn text_is_the_compact_notation() {
        assert_eq!(text(&state(CASELLA)), CASELLA);
        let deal = PackedDeal::from_deal(&state("-J-/Q")).expect("fits");
        assert_eq!(text(&state("-J-/Q")), deal.to_string());
    }
}
