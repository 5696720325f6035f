//! The construction behind `plateau camicia loops`: deals whose games never
//! end, found from the cycles of the ones known.
//!
//! Two moves, both checked by the core's exact simulation:
//!
//! - **Backward play.** A round-start state's predecessors are the states one
//!   round earlier that lead to it. The player who starts a round took the
//!   last pile: it is the last `k` cards of their hand, for some `k`; dealt
//!   back to whoever played each card (the rules fix who played which once
//!   the round's starter is chosen) and put back on top of the hands, they
//!   give a predecessor if the round they replay is a whole round that the
//!   taker wins. A state has few predecessors and many have none, so the
//!   states from which a cycle is reached (its *tree*) are few: Casella et
//!   al.'s cycle has 2,670, 30 of them with 26 cards a hand.
//! - **Perturbation.** A state of the trees of the cycles started from,
//!   changed by one or two small edits (swap two cards, move one, swap two
//!   blocks of cards, move the cut between the hands), sometimes loops into
//!   another cycle, whose tree is then searched for the deals that reach it.
//!
//! Trial `n` draws its state and its edits from the seed and `n` alone, and
//! perturbs only the trees of the cycles started from (not those found on
//! the way: measured, they find the same cycles), so trials do not depend on
//! each other: shard K of N makes trials `K-1, K-1+N, ...`, and the shards of
//! a search find, together, what the search finds in one piece (each cycle
//! first found by the same trial).
//!
//! Everything here holds cards as penalties (0 for any number card, 1 to 4
//! for J, Q, K, A) and states as the starter's hand then the other's: the game
//! is the same for both players, so a state and its names swapped are one.
//! This lives in the CLI and not in the core: the trees and the known states
//! are lists that grow with the search (hundreds of thousands of states), more
//! than a chip's memory.

use std::collections::{HashMap, HashSet};

use plateau::Budget;
use plateau::camicia::{Cycle, Deal, Ending, PackedDeal, Rank, Status};
use plateau::rng::SplitMix64;

/// Cards of a full deck, and of each hand in a balanced deal.
pub(crate) const DECK: usize = 52;
/// The most states kept from one cycle's tree: more is not searched.
const TREE_LIMIT: usize = 200_000;
/// The most states kept to perturb, over all trees.
const POOL_LIMIT: usize = 2_000_000;
/// Rounds a perturbed game may last before it counts as not looping (the
/// cycles found so far are entered within a few hundred rounds).
const TRIAL_ROUNDS: u64 = 20_000;

/// A round-start state: the starter's hand, then the other's, top card first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct State {
    pub(crate) lead: Vec<u8>,
    pub(crate) other: Vec<u8>,
}

impl State {
    /// The state of a deal (A starts).
    pub(crate) fn of_deal<const W: usize>(deal: &Deal<W>) -> Self {
        let hand = |p| deal.hand(p).map(Rank::penalty).collect();
        State {
            lead: hand(plateau::camicia::Player::A),
            other: hand(plateau::camicia::Player::B),
        }
    }

    /// The deal that starts in this state: the starter is A.
    pub(crate) fn deal(&self) -> Option<Deal> {
        let ranks = |h: &[u8]| -> Vec<Rank> { h.iter().map(|&p| Rank::from_penalty(p)).collect() };
        Deal::from_hands(&ranks(&self.lead), &ranks(&self.other)).ok()
    }

    /// The compact text `A/B` of the deal.
    pub(crate) fn text(&self) -> String {
        let hand =
            |h: &[u8]| -> String { h.iter().map(|&p| Rank::from_penalty(p).compact()).collect() };
        format!("{}/{}", hand(&self.lead), hand(&self.other))
    }

    /// Whether each hand holds half the deck.
    pub(crate) fn balanced(&self) -> bool {
        self.lead.len() == DECK / 2 && self.other.len() == DECK / 2
    }
}

/// Pushes the predecessors of `state` to `out`: every state one round before
/// it whose round ends in it (see the module docs).
pub(crate) fn predecessors(state: &State, out: &mut Vec<State>) {
    let taker = &state.lead;
    for k in 2..=taker.len() {
        let (kept, pile) = taker.split_at(taker.len() - k);
        for taker_started in [true, false] {
            // Replays the pile's round: 0 is the taker, 1 the other.
            let mut turn = usize::from(!taker_started);
            let (mut owed, mut creditor) = (0u8, 2usize);
            let mut played: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
            let mut whole = false;
            for (i, &card) in pile.iter().enumerate() {
                played[turn].push(card);
                if card > 0 {
                    (owed, creditor, turn) = (card, turn, 1 - turn);
                } else if owed == 0 {
                    turn = 1 - turn;
                } else {
                    owed -= 1;
                    if owed == 0 {
                        whole = i + 1 == k && creditor == 0;
                        break;
                    }
                }
            }
            if !whole {
                continue;
            }
            let [mut t, mut o] = played;
            t.extend_from_slice(kept);
            o.extend_from_slice(&state.other);
            out.push(if taker_started {
                State { lead: t, other: o }
            } else {
                State { lead: o, other: t }
            });
        }
    }
}

/// The states from which `start` is reached (itself included), in the order
/// of a depth-first walk (the same order every time), at most [`TREE_LIMIT`].
pub(crate) fn tree(start: &State) -> Vec<State> {
    let mut seen: HashSet<State> = HashSet::new();
    let mut order = Vec::new();
    let mut stack = vec![start.clone()];
    seen.insert(start.clone());
    let mut next = Vec::new();
    while let Some(state) = stack.pop() {
        order.push(state.clone());
        if order.len() >= TREE_LIMIT {
            break;
        }
        next.clear();
        predecessors(&state, &mut next);
        for p in next.drain(..) {
            if seen.insert(p.clone()) {
                stack.push(p);
            }
        }
    }
    order
}

/// Plays the deal that starts in `state` with the core's exact simulation:
/// its ending and its cycle, if it loops within `rounds`.
pub(crate) fn looping(state: &State, rounds: u64) -> Option<(Ending, Cycle)> {
    let deal = state.deal()?;
    let outcome = match PackedDeal::from_deal(&deal) {
        Ok(packed) => packed.simulate(Budget::new(rounds)),
        Err(_) => deal.simulate(Budget::new(rounds)),
    };
    let end = *outcome.done()?;
    if end.status != Status::Loop {
        return None;
    }
    Some((end, Cycle::find(&deal, &end)?))
}

/// A cycle found: its core description, and the deals found that reach it.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) cycle: Cycle,
    /// The deals of the wanted split in its tree, each checked (see
    /// [`Construction::add`]), in the tree's order.
    pub(crate) deals: Vec<(State, Ending, Cycle)>,
    /// States of its tree (at most [`TREE_LIMIT`]).
    pub(crate) tree: usize,
    /// The trial that found it; `None` for a cycle started from.
    pub(crate) trial: Option<u64>,
}

/// The construction's state: the cycles found, their trees' states to
/// perturb, and the trials made.
pub(crate) struct Construction {
    /// Only deals with 26 cards a hand are kept (else any split).
    balanced: bool,
    /// The seed of the trials' random streams.
    stream: u64,
    /// Cycles by id, in the order found.
    ids: HashMap<u64, usize>,
    pub(crate) cycles: Vec<Found>,
    /// States to perturb: the trees of the cycles started from.
    pool: Vec<State>,
    /// Trials made (by this shard).
    pub(crate) trials: u64,
    /// Trials whose perturbed deal looped (into a new cycle or a known one).
    pub(crate) loops: u64,
}

impl Construction {
    /// An empty construction whose trials draw from `stream`.
    pub(crate) fn new(stream: u64, balanced: bool) -> Self {
        Construction {
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
    pub(crate) fn add(&mut self, state: &State, trial: Option<u64>) -> Option<usize> {
        let (_, cycle) = looping(state, TRIAL_ROUNDS)?;
        if self.ids.contains_key(&cycle.id()) {
            return None;
        }
        let start = State::of_deal(&cycle.canonical());
        let states = tree(&start);
        let mut deals = Vec::new();
        for s in &states {
            // Any split: both hands of a tree's state hold a card, as both
            // players play in the round that follows it (see `predecessors`).
            if self.balanced && !s.balanced() {
                continue;
            }
            // The check: the exact game, without a round cap (it loops).
            if let Some((end, c)) = looping(s, u64::MAX)
                && c.id() == cycle.id()
            {
                deals.push((s.clone(), end, c));
            }
        }
        if trial.is_none() {
            let room = POOL_LIMIT.saturating_sub(self.pool.len());
            self.pool.extend(states.iter().take(room).cloned());
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

    /// Makes trial number `n` (of the whole search: see the module docs):
    /// perturbs a state of the pool, plays it, and adds its cycle if it
    /// loops into a new one. Returns the new cycle's index.
    pub(crate) fn trial(&mut self, n: u64) -> Option<usize> {
        self.trials += 1;
        if self.pool.is_empty() {
            return None;
        }
        let mut rng = SplitMix64::new(self.stream ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let state = &self.pool[rng.below(self.pool.len())];
        let perturbed = perturb(state, &mut rng)?;
        let (_, cycle) = looping(&perturbed, TRIAL_ROUNDS)?;
        self.loops += 1;
        if self.ids.contains_key(&cycle.id()) {
            return None;
        }
        self.add(&perturbed, Some(n))
    }
}

/// One or two small edits of `state` (see the module docs); `None` if they
/// leave a hand empty.
fn perturb(state: &State, rng: &mut SplitMix64) -> Option<State> {
    let mut cards: Vec<u8> = state.lead.iter().chain(&state.other).copied().collect();
    let n = cards.len();
    if n < 3 {
        return None;
    }
    let mut cut = state.lead.len();
    for _ in 0..1 + rng.below(2) {
        match rng.below(4) {
            0 => {
                let (i, j) = (rng.below(n), rng.below(n));
                cards.swap(i, j);
            }
            1 => {
                let card = cards.remove(rng.below(n));
                cards.insert(rng.below(n), card);
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
    let other = cards.split_off(cut);
    Some(State { lead: cards, other })
}

#[cfg(test)]
mod tests {
    use super::*;

    use plateau::camicia::CASELLA_2024 as CASELLA;

    fn state(text: &str) -> State {
        State::of_deal(&text.parse::<Deal>().expect("a deal"))
    }

    #[test]
    fn every_predecessor_plays_one_round_into_the_state() {
        // Forward play of one round by the core's Game, from each predecessor.
        let start = state(CASELLA);
        let mut preds = Vec::new();
        for s in tree(&start).iter().take(300) {
            preds.clear();
            predecessors(s, &mut preds);
            for p in &preds {
                let deal = p.deal().expect("fits");
                let mut game = plateau::camicia::Game::new(&deal);
                game.step();
                while !game.at_round_start() {
                    game.step();
                }
                let lead = game.to_play();
                let after = State {
                    lead: game.hand(lead).map(Rank::penalty).collect(),
                    other: game.hand(lead.other()).map(Rank::penalty).collect(),
                };
                assert_eq!(&after, s, "from {}", p.text());
            }
        }
    }

    #[test]
    fn the_published_cycle_has_30_balanced_deals() {
        let mut c = Construction::new(1, true);
        let i = c.add(&state(CASELLA), None).expect("a loop");
        let found = &c.cycles[i];
        assert_eq!((found.cycle.tricks, found.tree), (62, 2670));
        assert_eq!(found.deals.len(), 30);
        assert!(found.deals.iter().any(|(s, _, _)| s.text() == CASELLA));
        // Known already: not added twice.
        assert_eq!(c.add(&state(CASELLA), None), None);
        // Any split: every state of the tree is a deal that reaches it.
        let mut any = Construction::new(1, false);
        let i = any.add(&state(CASELLA), None).expect("a loop");
        assert_eq!(any.cycles[i].deals.len(), 2670);
        assert!(
            any.cycles[i]
                .deals
                .iter()
                .all(|(s, _, _)| !s.lead.is_empty() && !s.other.is_empty())
        );
    }

    #[test]
    fn balanced_is_26_cards_a_hand() {
        let hands = |a: usize, b: usize| State {
            lead: vec![0; a],
            other: vec![0; b],
        };
        assert!(hands(26, 26).balanced());
        assert!(!hands(26, 4).balanced());
        assert!(!hands(4, 26).balanced());
        assert!(!hands(25, 27).balanced());
        assert!(!hands(3, 3).balanced());
    }
}
