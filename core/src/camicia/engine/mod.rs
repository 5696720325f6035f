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
pub(crate) use quick::{QUICK_CARDS, QUICK_PAYERS, Quick, QuickTable};

use super::{Ending, GameOutcome, Played, Status};
use crate::search::{Meter, Outcome};

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

/// The tricks of a game of `rounds` rounds and `cards` cards.
///
/// Every round is a trick but a first round without a card: a later round's
/// starter won the last trick and holds its cards, and a starter without a
/// card ends the game at once (the other player holds every card). So the
/// tricks are the rounds, unless no card was played at all; the hot loop
/// counts neither.
const fn tricks(cards: u64, rounds: u64) -> u64 {
    if cards == 0 { 0 } else { rounds }
}

/// How a game ends, `cards` cards and `rounds` rounds in.
const fn ended(status: Status, cards: u64, rounds: u64) -> GameOutcome {
    Outcome::Done(Ending {
        status,
        cards,
        tricks: tricks(cards, rounds),
    })
}

/// Rounds compared with the deal before the first save of Brent's method:
/// most games end sooner, so their only save is the deal itself.
const FIRST_WINDOW: u64 = 64;

/// Plays a game of penalty planes on the quick hands when they fit, else on the planes.
#[inline(always)]
pub(crate) fn simulate_narrow(start: Table<u64>, budget: u64) -> GameOutcome {
    match QuickTable::new(&start.starter, &start.other) {
        Some(quick) => simulate(quick, budget),
        None => simulate(start, budget),
    }
}

/// Plays the game from `start` for at most `budget` rounds, in one call:
/// [`Brent::run`]'s answer, its state in locals (most games end within a few
/// hundred rounds and never repeat: the state a value of its own would copy
/// in and out is a few percent of a short game).
#[inline(always)]
pub(crate) fn simulate<T: Round>(start: T, budget: u64) -> GameOutcome {
    let end = budget.min(Brent::<T>::CAP);
    let mut game = Play::new(start);
    match game.play(end) {
        Stop::Finished => game.ended(),
        Stop::Spent => game.exhausted(game.rounds),
        // Rare: the replays find where the repeat starts.
        Stop::Repeat => Brent::repeated(start, game, budget, end),
    }
}

/// A game in play, looking for a repeat with Brent's method, resumable.
///
/// Brent's method on the hands (see [`Round`]): a saved state is compared
/// with every later round start; it is replaced by the current state after
/// windows of doubling length (rounds 64, 192, 448, ...), so a cycle is seen
/// within about twice the rounds before its first repeat. The distance at
/// the first match is the cycle length λ of the hands (hands before the
/// cycle never recur). The first repeat of the hands then comes from two
/// replays λ rounds apart: they meet at the first round whose hands recur.
/// The whole state (hands and who starts) has the same first recurring
/// round, and recurs after λ rounds, or 2λ when the names come back swapped
/// after λ.
///
/// The state is the deal, the two states of Brent's method and, once a
/// repeat is seen, the two replays: constant memory. Every round played by
/// the game or by the leading replay is one unit of the budget (the
/// trailing replay's are free, as they always were).
#[derive(Clone, Copy)]
pub(crate) struct Brent<T> {
    start: T,
    game: Play<T>,
    meter: Meter,
    phase: Phase<T>,
}

/// The game played round after round, and Brent's saved state.
#[derive(Clone, Copy)]
struct Play<T> {
    hare: T,
    saved: T,
    /// Cards and rounds the game has played.
    cards: u64,
    rounds: u64,
    /// The round whose state is saved.
    saved_at: u64,
    /// The round after which the state is saved next, and the window after it.
    next_save: u64,
    window: u64,
}

/// Where Brent's method stands.
#[derive(Clone, Copy)]
enum Phase<T> {
    /// The game is played round after round, watched for a repeat.
    Play,
    /// A repeat of the hands, λ rounds apart, was seen: the leading replay
    /// goes λ rounds ahead.
    Lead { lambda: u64, lead: Replay<T> },
    /// Both replays in step until they meet, at the first recurring round.
    Meet {
        lambda: u64,
        lead: Replay<T>,
        trail: Replay<T>,
    },
    /// The names came back swapped: λ more rounds of the leading replay.
    Turn { lead: Replay<T>, until: u64 },
    /// Over: every later run answers the same.
    Over(GameOutcome),
}

/// What ended a stretch of play.
enum Stop {
    /// The slice's rounds are spent.
    Spent,
    /// The game finished.
    Finished,
    /// The hands repeat.
    Repeat,
}

impl<T: Round> Play<T> {
    /// The game at its deal.
    #[inline(always)]
    const fn new(start: T) -> Self {
        Play {
            hare: start,
            saved: start,
            cards: 0,
            rounds: 0,
            saved_at: 0,
            next_save: FIRST_WINDOW,
            window: FIRST_WINDOW,
        }
    }

    /// Plays until round `end`, a finish or a repeat of the hands; in play,
    /// the rounds played are the rounds of the budget spent. The state is
    /// in locals for the loop, whose only test a round besides the game's
    /// own is one countdown for the next save and the slice's end together.
    #[inline(always)]
    fn play(&mut self, end: u64) -> Stop {
        let Play {
            mut hare,
            mut saved,
            mut cards,
            mut rounds,
            mut saved_at,
            mut next_save,
            mut window,
        } = *self;
        let stop = 'play: loop {
            let mark = if next_save < end { next_save } else { end };
            if rounds >= mark {
                if rounds < next_save {
                    break Stop::Spent;
                }
                saved = hare;
                saved_at = rounds;
                window = window.saturating_mul(2);
                next_save = rounds.saturating_add(window);
                continue;
            }
            let mut left = mark - rounds;
            loop {
                // 1 <= left <= mark - rounds: no overflow.
                left -= 1;
                let (played, _, finished) = hare.play_round();
                // At most MOST_CARDS a round, and at most `Brent::CAP` rounds.
                cards += played as u64;
                if finished {
                    rounds = mark - left;
                    break 'play Stop::Finished;
                }
                if hare.same(&saved) {
                    rounds = mark - left;
                    break 'play Stop::Repeat;
                }
                if left == 0 {
                    break;
                }
            }
            rounds = mark;
        };
        *self = Play {
            hare,
            saved,
            cards,
            rounds,
            saved_at,
            next_save,
            window,
        };
        stop
    }

    /// The game's end, once it finished.
    const fn ended(&self) -> GameOutcome {
        ended(Status::Finished, self.cards, self.rounds)
    }

    /// What the game played (up to the repeat, if one was seen), having
    /// spent `spent` rounds of the budget.
    const fn exhausted(&self, spent: u64) -> GameOutcome {
        Outcome::Exhausted {
            best: Played {
                cards: self.cards,
                tricks: tricks(self.cards, self.rounds),
            },
            spent,
        }
    }
}

impl<T: Round> Brent<T> {
    /// The most rounds of the budget, in all runs together, so that the
    /// cards played add up without overflow and without a check a round:
    /// `u64::MAX / MOST_CARDS` (2^58 rounds for 64 cards), more than any
    /// game is played for. (A `Deal<0>`
    /// holds no cards: its wide table is never played, but must compile.)
    const CAP: u64 = u64::MAX / if T::MOST_CARDS > 0 { T::MOST_CARDS } else { 1 };

    /// Starts the game at `start`, nothing played.
    #[inline(always)]
    pub(crate) const fn new(start: T) -> Self {
        Brent {
            start,
            game: Play::new(start),
            meter: Meter::new(),
            phase: Phase::Play,
        }
    }

    /// Finishes the game from `start`, played to a repeat of its hands in
    /// one call of `budget` rounds: the replays, until round `end`. The
    /// `Brent` lives in this function's frame alone, so that the callers'
    /// hot frames do not reserve its room (the chip's stack). Its parts come
    /// by value: by reference, the hot loop would keep them in memory.
    #[inline(never)]
    #[cold]
    fn repeated(start: T, game: Play<T>, budget: u64, end: u64) -> GameOutcome {
        let mut meter = Meter::new();
        meter.open(crate::Budget::new(budget));
        meter.spend(game.rounds);
        Brent {
            start,
            game,
            meter,
            phase: Phase::Lead {
                lambda: game.rounds - game.saved_at,
                lead: Replay::new(start),
            },
        }
        .replay(end)
    }

    /// Rounds of the budget spent, in all runs.
    pub(crate) const fn spent(&self) -> u64 {
        self.meter.spent()
    }

    /// Where the game stands: its end, or what it played so far.
    pub(crate) fn outcome(&self) -> GameOutcome {
        match self.phase {
            Phase::Over(over) => over,
            _ => self.game.exhausted(self.meter.spent()),
        }
    }

    /// Plays at most `budget` rounds more and says where the game stands.
    ///
    /// In all runs together the budget counts as at most [`Brent::CAP`]
    /// rounds (years of play), so that the cards played add up without
    /// overflow and without a check a round.
    pub(crate) fn run(&mut self, budget: u64) -> GameOutcome {
        self.meter.open(crate::Budget::new(budget));
        // The round (of the budget, in all runs) at which this run stops.
        let end = self
            .meter
            .spent()
            .saturating_add(self.meter.left())
            .min(Self::CAP);
        if let Phase::Play = self.phase {
            let before = self.game.rounds;
            let stop = self.game.play(end);
            self.meter.spend(self.game.rounds - before);
            match stop {
                Stop::Spent => return self.outcome(),
                Stop::Finished => {
                    let over = self.game.ended();
                    self.phase = Phase::Over(over);
                    return over;
                }
                Stop::Repeat => {
                    self.phase = Phase::Lead {
                        lambda: self.game.rounds - self.game.saved_at,
                        lead: Replay::new(self.start),
                    };
                }
            }
        }
        self.replay(end)
    }

    /// Runs the replays that find where the repeat starts (rare), until
    /// round `end` of the budget. The replays move in place: a phase is
    /// written only when the next one starts (no copies of the replays on
    /// the chip's stack). Out of line: one copy for both callers.
    #[inline(never)]
    fn replay(&mut self, end: u64) -> GameOutcome {
        let Brent {
            start,
            game,
            meter,
            phase,
        } = self;
        // One round of the leading replay, if the slice has one left.
        let mut charge = || meter.spent() < end && meter.step();
        loop {
            let next = match phase {
                Phase::Play => break,
                Phase::Over(over) => return *over,
                Phase::Lead { lambda, lead } => {
                    while lead.rounds < *lambda {
                        if !charge() {
                            break;
                        }
                        lead.step();
                    }
                    if lead.rounds < *lambda {
                        break;
                    }
                    Phase::Meet {
                        lambda: *lambda,
                        lead: *lead,
                        trail: Replay::new(*start),
                    }
                }
                Phase::Meet {
                    lambda,
                    lead,
                    trail,
                } => {
                    let mut met = lead.table.same(&trail.table);
                    while !met && charge() {
                        lead.step();
                        trail.step();
                        met = lead.table.same(&trail.table);
                    }
                    if !met {
                        break;
                    }
                    // The trail stands at the first round whose hands recur,
                    // the lead λ rounds on. If the names are swapped there,
                    // they are back after λ more rounds (the same rounds
                    // again, swapped again): the state, names included,
                    // first repeats there.
                    if lead.turned == trail.turned {
                        Phase::Over(ended(Status::Loop, lead.cards, lead.rounds))
                    } else {
                        Phase::Turn {
                            lead: *lead,
                            until: lead.rounds.saturating_add(*lambda),
                        }
                    }
                }
                Phase::Turn { lead, until } => {
                    while lead.rounds < *until {
                        if !charge() {
                            break;
                        }
                        lead.step();
                    }
                    if lead.rounds < *until {
                        break;
                    }
                    Phase::Over(ended(Status::Loop, lead.cards, lead.rounds))
                }
            };
            *phase = next;
        }
        game.exhausted(meter.spent())
    }
}

/// A replay of a game from its deal, for the rare search of a loop's start.
#[derive(Clone, Copy)]
struct Replay<T> {
    table: T,
    cards: u64,
    rounds: u64,
    /// Whether the starter is no longer the deal's.
    turned: bool,
}

impl<T: Round> Replay<T> {
    const fn new(table: T) -> Self {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Brent::CAP` is the most rounds whose cards, `MOST_CARDS` a round at
    /// most, still fit a `u64`: one more would not.
    #[test]
    fn the_cap_is_the_most_rounds_whose_cards_fit() {
        fn fits<T: Round>() {
            let (cap, most) = (Brent::<T>::CAP, T::MOST_CARDS);
            assert!(cap.checked_mul(most).is_some(), "{cap} rounds of {most}");
            assert!(
                (cap + 1).checked_mul(most).is_none(),
                "{cap} rounds of {most}"
            );
        }
        fits::<QuickTable>();
        fits::<Table<u64>>();
        fits::<Table<Wide<2>>>();
    }

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

    fn ending(status: Status, cards: u64, tricks: u64) -> GameOutcome {
        Outcome::Done(Ending {
            status,
            cards,
            tricks,
        })
    }

    /// The game of `start` in runs of `slice` rounds: its outcome and spent.
    fn sliced<T: Round>(start: T, slice: u64) -> (GameOutcome, u64) {
        let mut game = Brent::new(start);
        loop {
            let o = game.run(slice);
            if !o.is_exhausted() {
                return (o, game.spent());
            }
        }
    }

    #[test]
    fn every_engine_agrees_on_the_spec_loop() {
        // J 2 3 / 4 J 5: a loop of two rounds after one, found after 68
        // rounds of the budget (64 played, then the replays).
        let (plain, quick) = both(&[1, 0, 0], &[0, 1, 0]);
        let loop_8_3 = ending(Status::Loop, 8, 3);
        assert_eq!(simulate(plain, 100), loop_8_3);
        assert_eq!(simulate(quick, 100), loop_8_3);
        for slice in 1..70 {
            assert_eq!(sliced(plain, slice), (loop_8_3, 68), "slice {slice}");
            assert_eq!(sliced(quick, slice), (loop_8_3, 68), "slice {slice}");
        }
        // Three rounds find the repeat; the replay needs more.
        assert!(simulate(quick, 3).is_exhausted());
        assert_eq!(
            simulate(quick, 0),
            Outcome::Exhausted {
                best: Played {
                    cards: 0,
                    tricks: 0
                },
                spent: 0
            }
        );
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
        let loop_6_2 = ending(Status::Loop, 6, 2);
        assert_eq!(simulate(plain, 100), loop_6_2);
        assert_eq!(simulate(quick, 100), loop_6_2);
        for slice in 1..5 {
            assert_eq!(sliced(quick, slice), (loop_6_2, 3), "slice {slice}");
        }
    }
}
