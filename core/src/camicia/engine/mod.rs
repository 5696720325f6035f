//! The simulation engine: one round at a time from a round-start state, and
//! Brent's cycle detection over round-start states.
//!
//! A card is its penalty (0 for every number card, 1..=4 for J, Q, K, A).
//! Number cards are all alike to the game, so the folded state is the whole
//! state: a run of number cards is played with one shift, and two round-start
//! states compare as a handful of words. [`quick`] holds games of at most 52
//! cards (26 payment cards) in two words per hand, and plays a round with a
//! short chain of dependent steps from one round's start to the next;
//! [`planes`] holds any size in three bit planes per hand.
//!
//! The hot loop does one countdown comparison a round for Brent's saves and
//! the budget together, counts no tricks (every round but an empty first one
//! is a trick) and adds the cards without a saturation check (the budget is
//! capped so that they cannot overflow).

mod many;
mod planes;
mod quick;

pub(crate) use many::simulate_many;
pub(crate) use planes::{Hand, Lane, Table, Wide};
pub(crate) use quick::{QUICK_CARDS, QUICK_PAYERS, Quick, QuickTable, top};

use super::{Outcome, Status};

/// A round-start state that can play its round.
///
/// The state holds the starter's hand and the other's, not their names: the
/// game is the same for both players, so a repeat of the hands alone starts
/// the same rounds, with the names swapped or not. Loop detection compares
/// the hands, which costs the hot loop nothing for the names, and the rare
/// replay of a loop follows the names from whether each round's starter
/// kept the lead (see [`simulate`]).
pub(crate) trait Round: Copy {
    /// The most cards a round can play (at least 1).
    const MOST_CARDS: u64;
    /// Returns whether two round-start states hold the same hands.
    fn same(&self, o: &Self) -> bool;
    /// Plays one round to its trick; returns the cards played, whether the
    /// starter won the trick (and so starts again), and whether the game is
    /// finished.
    fn play_round(&mut self) -> (usize, bool, bool);
}

/// Returns the outcome of a game of `rounds` rounds and `cards` cards, having
/// spent `spent` rounds of the budget.
///
/// Every round is a trick but a first round without a card: a later round's
/// starter won the last trick and holds its cards, and a starter without a
/// card ends the game at once (the other player holds every card). So the
/// tricks are the rounds, unless no card was played at all; the hot loop
/// counts neither.
const fn outcome(status: Status, cards: u64, rounds: u64, spent: u64) -> Outcome {
    Outcome {
        status,
        cards,
        tricks: if cards == 0 { 0 } else { rounds },
        rounds: spent,
    }
}

/// Rounds compared with the deal before the first save of Brent's method:
/// most games end sooner, so their only save is the deal itself.
const FIRST_WINDOW: u64 = 64;

/// Plays a game of penalty planes on the quick hands when they fit, else on the planes.
#[inline(always)]
pub(crate) fn simulate_narrow(start: Table<u64>, budget: u64) -> Outcome {
    match QuickTable::new(&start.starter, &start.other) {
        Some(quick) => simulate(quick, budget),
        None => simulate(start, budget),
    }
}

/// Plays the game from `start` for at most `budget` rounds in all.
///
/// Brent's method on the hands (see [`Round`]): a saved state is compared
/// with every later round start; it is replaced by the current state after
/// windows of doubling length, so a cycle is seen within about twice the
/// rounds before its first repeat. The distance at the first match is the
/// cycle length λ of the hands (hands before the cycle never recur). The
/// first repeat of the hands then comes from two replays λ rounds apart:
/// they meet at the first round whose hands recur. The whole state (hands
/// and who starts) has the same first recurring round, and recurs after λ
/// rounds, or 2λ when the names come back swapped after λ.
#[inline(always)]
pub(crate) fn simulate<T: Round>(start: T, budget: u64) -> Outcome {
    if budget == 0 {
        return outcome(Status::Exhausted, 0, 0, 0);
    }
    // So that the cards of every round allowed add up without overflow: at
    // least 2^57 rounds, more than any game is played for.
    let budget = budget.min(u64::MAX / T::MOST_CARDS.max(1));
    let mut hare = start;
    let mut cards: u64 = 0;
    let mut saved = start;
    let mut saved_at: u64 = 0;
    let mut window: u64 = FIRST_WINDOW;
    // The round after which the state is saved next, or the budget is spent,
    // and the rounds left until then: one countdown a round for both.
    let mut mark = window.min(budget);
    let mut left = mark;
    loop {
        // 1 <= left <= mark <= budget: no overflow.
        left -= 1;
        let (played, _, finished) = hare.play_round();
        // At most MOST_CARDS a round, and at most `budget` rounds.
        cards += played as u64;
        if finished {
            return outcome(Status::Finished, cards, mark - left, mark - left);
        }
        if hare.same(&saved) {
            break;
        }
        if left == 0 {
            if mark >= budget {
                return outcome(Status::Exhausted, cards, mark, mark);
            }
            saved = hare;
            saved_at = mark;
            window = window.saturating_mul(2);
            let next = mark.saturating_add(window).min(budget);
            left = next - mark;
            mark = next;
        }
    }
    let mut used = mark - left;
    let lambda = used - saved_at;
    // The hands repeat every λ rounds (rare): find where they start to.
    let exhausted = outcome(Status::Exhausted, cards, used, budget);
    let mut lead = Replay::new(start);
    if !lead.advance(lambda, &mut used, budget) {
        return exhausted;
    }
    let mut trail = Replay::new(start);
    while !lead.table.same(&trail.table) {
        if !lead.advance(1, &mut used, budget) {
            return exhausted;
        }
        trail.step();
    }
    // The trail stands at the first round whose hands recur, the lead λ
    // rounds on. If the names are swapped there, they are back after λ more
    // rounds (the same rounds again, swapped again): the state, names
    // included, first repeats there.
    if lead.turned != trail.turned && !lead.advance(lambda, &mut used, budget) {
        return exhausted;
    }
    outcome(Status::Loop, lead.cards, lead.rounds, used)
}

/// A replay of a game from its deal, for the rare search of a loop's start.
struct Replay<T> {
    table: T,
    cards: u64,
    rounds: u64,
    /// Whether the starter is no longer the deal's.
    turned: bool,
}

impl<T: Round> Replay<T> {
    fn new(table: T) -> Self {
        Replay {
            table,
            cards: 0,
            rounds: 0,
            turned: false,
        }
    }

    /// Plays one round, out of line: replays are rare, and the hot loop
    /// keeps its code small.
    #[inline(never)]
    fn step(&mut self) {
        let (played, kept, _) = self.table.play_round();
        self.cards = self.cards.saturating_add(played as u64);
        self.rounds = self.rounds.saturating_add(1);
        self.turned ^= !kept;
    }

    /// Plays `rounds` rounds, each counted in `used`; returns `false` if the
    /// budget runs out first.
    fn advance(&mut self, rounds: u64, used: &mut u64, budget: u64) -> bool {
        for _ in 0..rounds {
            if *used >= budget {
                return false;
            }
            *used += 1;
            self.step();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn planes(penalties: &[u8]) -> Hand<u64> {
        let mut h = Hand::EMPTY;
        for &p in penalties {
            h.push_bottom(p);
        }
        h
    }

    /// The same deal on both engines: penalty planes and quick hands.
    fn both(a: &[u8], b: &[u8]) -> (Table<u64>, QuickTable) {
        let (a, b) = (planes(a), planes(b));
        let quick = QuickTable::new(&a, &b).unwrap();
        (
            Table {
                starter: a,
                other: b,
            },
            quick,
        )
    }

    #[test]
    fn every_engine_agrees_on_the_spec_loop() {
        // J 2 3 / 4 J 5: a loop of two rounds after one.
        let (plain, quick) = both(&[1, 0, 0], &[0, 1, 0]);
        let loop_8_3 = Outcome {
            status: Status::Loop,
            cards: 8,
            tricks: 3,
            rounds: 68,
        };
        assert_eq!(simulate(plain, 100), loop_8_3);
        assert_eq!(simulate(quick, 100), loop_8_3);
        // Three rounds find the repeat; the replay needs more.
        assert_eq!(simulate(quick, 3).status, Status::Exhausted);
        assert_eq!(simulate(quick, 0).status, Status::Exhausted);
    }

    #[test]
    fn hands_that_recur_with_the_names_swapped_are_not_yet_a_loop() {
        // 2 2 J 2 / J 2: after one round B starts with A's first hand and A
        // holds B's; the whole state first recurs after two rounds (the
        // reference simulator's figures: 6 cards, 2 tricks).
        let (plain, quick) = both(&[0, 0, 1, 0], &[1, 0]);
        let mut step = plain;
        assert_eq!(step.play_round(), (3, false, false));
        assert!(step.same(&plain));
        let loop_6_2 = Outcome {
            status: Status::Loop,
            cards: 6,
            tricks: 2,
            rounds: 3,
        };
        assert_eq!(simulate(plain, 100), loop_6_2);
        assert_eq!(simulate(quick, 100), loop_6_2);
    }
}
