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
//!
//! Trial `n` draws its state and its edits from the seed and `n` alone, and
//! perturbs only the trees of the cycles started from (not those found on
//! the way: measured, they find the same cycles), so trials do not depend on
//! each other: shard K of N makes trials `K-1, K-1+N, ...`, and the shards of
//! a search find, together, what the search finds in one piece (each cycle
//! first found by the same trial).
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

    /// Makes the trials numbered `numbers` (of the whole search: see the
    /// module docs) on `threads` threads: each perturbs a state of the pool
    /// and plays it ([`probe`](Self::probe)), side by side; then, in trial
    /// order, each that looped into a new cycle adds it. So the construction
    /// is the same whatever the threads.
    pub(crate) fn trials(&mut self, numbers: &[u64], threads: usize) {
        let this = &*self;
        let play = |part: &[u64]| -> Vec<(u64, Deal, Cycle)> {
            part.iter()
                .filter_map(|&n| this.probe(n).map(|(deal, cycle)| (n, deal, cycle)))
                .collect()
        };
        // Consecutive parts, this thread playing the first (one thread: no
        // other): the loops come back in trial order.
        let part = numbers.len().div_ceil(threads).max(1);
        let looped = std::thread::scope(|s| {
            let mut parts = numbers.chunks(part);
            let first = parts.next().unwrap_or_default();
            let workers: Vec<_> = parts.map(|part| s.spawn(move || play(part))).collect();
            let mut looped = play(first);
            for w in workers {
                looped.extend(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            looped
        });
        self.trials += numbers.len() as u64;
        for (n, deal, cycle) in looped {
            self.loops += 1;
            if !self.ids.contains_key(&cycle.id()) {
                self.add(&deal, Some(n));
            }
        }
    }

    /// What trial `n` plays: a state of the pool perturbed (with no cycle
    /// to start from, a shuffle of the deck), and the cycle it loops into
    /// (within [`TRIAL_ROUNDS`]), if it does. It depends on `n` and the
    /// cycles started from alone.
    fn probe(&self, n: u64) -> Option<(Deal, Cycle)> {
        let mut rng = SplitMix64::new(self.stream ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let played = if self.pool.is_empty() {
            self.shuffle(&mut rng)?
        } else {
            perturb(&self.pool[rng.below(self.pool.len())], &mut rng)?
        };
        let (_, cycle) = looping(&played, TRIAL_ROUNDS)?;
        Some((played, cycle))
    }

    /// A shuffle of the deck, cut in half (any split: at random, both hands
    /// dealt); `None` for a deck too small to deal.
    fn shuffle(&self, rng: &mut SplitMix64) -> Option<Deal> {
        // On the stack, as `perturb`'s cards.
        let mut row = [Rank::Number; Deal::<1>::CAPACITY];
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

/// One or two small edits of `state` (see the module docs); `None` if they
/// leave a hand empty.
fn perturb(state: &Deal, rng: &mut SplitMix64) -> Option<Deal> {
    // On the stack: threads play trials side by side, and an allocation a
    // trial made them wait for the allocator's lock.
    let mut row = [Rank::Number; Deal::<1>::CAPACITY];
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
            2 => {
                let mut at = [rng.below(n + 1), rng.below(n + 1), rng.below(n + 1)];
                at.sort_unstable();
                let [i, j, k] = at;
                cards[i..k].rotate_left(j - i);
            }
            _ => cut = (cut + rng.below(5)).saturating_sub(2).clamp(1, n - 1),
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
        c.trials(&numbers, 1);
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
        any.trials(&numbers, 2);
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

    #[test]
    fn text_is_the_compact_notation() {
        assert_eq!(text(&state(CASELLA)), CASELLA);
        let deal = PackedDeal::from_deal(&state("-J-/Q")).expect("fits");
        assert_eq!(text(&state("-J-/Q")), deal.to_string());
    }
}
