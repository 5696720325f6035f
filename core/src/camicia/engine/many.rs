//! Many games at once, without a branch on the cards: the speed of a search.
//!
//! One game alone waits on about one mispredicted branch a round ("is the
//! debt paid?", a coin toss). Here [`LANES`] games take turns
//! in two passes that do not branch on the cards:
//!
//! 1. every game plays one exchange (its creditor lays a payment card, its
//!    debtor pays up to the penalty), and the games whose round ended are
//!    marked, one bit each, without a branch;
//! 2. each marked game hands the pile to its winner and plays the next
//!    round's free play.
//!
//! The games are independent, so the processor overlaps them; the only
//! branches left are the loops and the rare end of a game.
//!
//! Loop detection: a game still going after [`ROUND_CAP`] rounds (or the
//! budget, if smaller) is played again from its deal by the one-game engine,
//! which detects loops in constant memory (Brent) and gives the exact
//! outcome. A game that ends sooner has no repeat (a repeat never ends), so
//! both give the same outcome for every deal; random deals end well before
//! the cap.

use core::hint::select_unpredictable;

use super::Quick;
use crate::Budget;
use crate::bits::top64;
use crate::camicia::{Ending, GameOutcome, PackedDeal, Status};
use crate::search::Outcome;

/// A bit for each lane: a machine word.
type Ended = usize;

/// Games played at once, all on the stack, one bit each of an [`Ended`]
/// word: 64 on 64-bit targets (hosts, where more games in flight are faster:
/// BENCHMARKS.md, docs/notes/camicia.md), 32 on 32-bit ones, where the stack
/// is a small chip's RAM.
pub const LANES: usize = Ended::BITS as usize;

/// Rounds a game plays here before the one-game engine takes it over.
pub const ROUND_CAP: u64 = 1024;

/// A game between two rounds' exchanges.
#[derive(Clone, Copy)]
struct Game {
    /// The creditor: the next to lay a payment card (its top card). After
    /// an exchange that ended the round, the loser (see [`Game::exchange`]).
    p: Quick,
    /// The debtor; after an exchange that ended the round, the winner.
    q: Quick,
    /// The pile without sentinels: bit `i` set when the pile's `i`-th card
    /// is a payment card; their penalty codes in order, two bits each.
    pile: Quick,
    /// Cards on the pile: the next card's place, and the pile's sentinel's.
    laid: u64,
    /// `1 << 2·payment cards on the pile`: the next code's place, and the
    /// sentinel of the pile's codes.
    slot: u64,
    /// Cards of the rounds before this one.
    cards: u64,
    /// Rounds before this one.
    rounds: u64,
    /// The deal's place in the input, and the deal.
    index: usize,
    deal: PackedDeal,
}

/// An empty lane (its creditor has no card, which no game in play has).
const IDLE: Game = Game {
    p: Quick {
        pay: 1,
        penalties: 1,
    },
    q: Quick {
        pay: 1,
        penalties: 1,
    },
    pile: Quick {
        pay: 0,
        penalties: 0,
    },
    laid: 0,
    slot: 1,
    cards: 0,
    rounds: 0,
    index: 0,
    deal: PackedDeal::EMPTY,
};

/// A round after its free play: the creditor, the debtor and the cards played.
struct Opened {
    p: Quick,
    q: Quick,
    cards: u64,
}

/// Plays the free play of a round that `x` starts against `y`: number cards
/// alternately until one player turns up a payment card (the creditor) or
/// runs out (an empty creditor: the game is over).
#[inline(always)]
fn free_play(x: Quick, y: Quick) -> Opened {
    let ex = u64::from(x.pay.trailing_zeros());
    let ey = u64::from(y.pay.trailing_zeros());
    // x turns up its payment card first when its run is not longer; else
    // y does, after one more of x's cards.
    let x_first = ex <= ey;
    let n = ex.min(ey);
    let x_laid = n + u64::from(!x_first);
    let y_laid = n;
    let xs = Quick {
        pay: x.pay >> (x_laid & 63),
        penalties: x.penalties,
    };
    let ys = Quick {
        pay: y.pay >> (y_laid & 63),
        penalties: y.penalties,
    };
    Opened {
        p: Quick {
            pay: select_unpredictable(x_first, xs.pay, ys.pay),
            penalties: select_unpredictable(x_first, xs.penalties, ys.penalties),
        },
        q: Quick {
            pay: select_unpredictable(x_first, ys.pay, xs.pay),
            penalties: select_unpredictable(x_first, ys.penalties, xs.penalties),
        },
        cards: x_laid + y_laid,
    }
}

impl Game {
    /// Starts in this lane a game of quick hands `a` (who starts) and `b`;
    /// `Err` with the outcome if it ends in its first free play (the lane
    /// is then left as it was).
    #[inline(always)]
    fn start(
        &mut self,
        a: Quick,
        b: Quick,
        index: usize,
        deal: PackedDeal,
    ) -> Result<(), GameOutcome> {
        let o = free_play(a, b);
        if o.p.is_empty() {
            // One round (a trick unless no card was played).
            return Err(finished(o.cards, u64::from(o.cards != 0)));
        }
        self.cards = 0;
        self.rounds = 0;
        self.index = index;
        self.deal = deal;
        self.open(&o);
        Ok(())
    }

    /// Sets the round that `o` opened in play: its creditor and debtor, and
    /// a pile of its free play's number cards.
    #[inline(always)]
    fn open(&mut self, o: &Opened) {
        self.p = o.p;
        self.q = o.q;
        self.pile = Quick {
            pay: 0,
            penalties: 0,
        };
        self.laid = o.cards;
        self.slot = 1;
    }

    /// Plays one exchange: the creditor lays its top card (a payment card),
    /// the debtor pays up to its penalty, and the two change places: `p`
    /// is the debtor now, `q` the creditor. Returns whether the round ended
    /// (the debt paid, or the debtor out of cards): then `q` won it, and
    /// [`next_round`](Self::next_round) reads it there. Otherwise the debtor
    /// turned up a payment card and is, in `p`, the creditor now. (A swap
    /// whatever the end: no select on it, which the next exchange would wait
    /// for.)
    #[inline(always)]
    fn exchange(&mut self) -> bool {
        let code = self.p.penalties & 3;
        let p = Quick {
            pay: self.p.pay >> 1,
            penalties: self.p.penalties >> 2,
        };
        // At most 52 cards in a round: the place is below 64.
        self.pile.pay |= 1 << (self.laid & 63);
        // At most 26 payment cards: the code's place is below bit 52.
        self.pile.penalties |= code.wrapping_mul(self.slot);
        self.slot <<= 2;
        // The debtor's number cards on top (at most its length, < 64).
        let run = u64::from(self.q.pay.trailing_zeros());
        let paid = run.min(code + 1);
        let q = Quick {
            pay: self.q.pay >> (paid & 63),
            penalties: self.q.penalties,
        };
        self.laid += paid + 1;
        // The round goes on when the debtor paid its whole run, short of
        // the debt, and turned up a payment card (so has a card left):
        // `code - run >= 0` and `q.pay - 2 >= 0`, both within ±2^62. So the
        // round ended when their OR is negative.
        let ended = ((q.pay.wrapping_sub(2) | code.wrapping_sub(run)) as i64) < 0;
        self.p = q;
        self.q = p;
        ended
    }

    /// Ends the round that `q` won (see [`exchange`](Self::exchange)): `Err`
    /// with the outcome if the game is over, or if it reached `cap` rounds
    /// (the one-game engine's outcome); else hands `q` the pile and plays
    /// the next round's free play.
    #[inline(always)]
    fn next_round(&mut self, cap: u64, budget: u64) -> Result<(), GameOutcome> {
        self.rounds += 1;
        let cards = self.laid;
        if self.p.is_empty() {
            // No round past the cap, which is at most the budget.
            return Err(finished(self.cards + cards, self.rounds));
        }
        self.cards += cards;
        // The winner takes the pile (with its sentinels) under its hand.
        let mut winner = self.q;
        let pile = Quick {
            pay: self.pile.pay | 1 << (self.laid & 63),
            penalties: self.pile.penalties | self.slot,
        };
        winner.append(pile, top64(winner.pay));
        let o = free_play(winner, self.p);
        if o.p.is_empty() && self.rounds < budget {
            // The loser runs out in the next round's free play.
            return Err(finished(self.cards + o.cards, self.rounds + 1));
        }
        if o.p.is_empty() || self.rounds >= cap {
            return Err(self.deal.simulate(Budget::new(budget)));
        }
        self.open(&o);
        Ok(())
    }
}

/// The outcome of a game that finished after `cards` cards and `tricks` tricks.
#[inline(always)]
const fn finished(cards: u64, tricks: u64) -> GameOutcome {
    Outcome::Done(Ending {
        status: Status::Finished,
        cards,
        tricks,
    })
}

/// Plays every deal of `deals` for at most `budget` rounds, [`LANES`] at a
/// time; calls `report(i, deal, outcome)` for the `i`-th deal as its game
/// ends (not in input order). The outcomes are those of
/// [`PackedDeal::simulate`].
#[inline]
pub(crate) fn simulate_many<I, F>(deals: I, budget: u64, mut report: F)
where
    I: IntoIterator<Item = PackedDeal>,
    F: FnMut(usize, PackedDeal, GameOutcome),
{
    let cap = budget.min(ROUND_CAP);
    let mut input = deals.into_iter();
    // The next deal's place in the input (wrapping after usize::MAX deals,
    // where `enumerate` would panic with overflow checks on).
    let mut count = 0usize;
    // Takes deals until one needs a lane and starts it there (`true`); the
    // others are reported at once. `false`: out of deals, the lane untouched.
    let mut next = |report: &mut F, lane: &mut Game| -> bool {
        for deal in input.by_ref() {
            let index = count;
            count = count.wrapping_add(1);
            let started = match deal.quick() {
                Some((a, b)) if budget > 0 => lane.start(a, b, index, deal),
                _ => Err(deal.simulate(Budget::new(budget))),
            };
            match started {
                Ok(()) => return true,
                Err(outcome) => report(index, deal, outcome),
            }
        }
        false
    };
    let mut games = [IDLE; LANES];
    let mut live = 0usize;
    for lane in games.iter_mut() {
        if !next(&mut report, lane) {
            break;
        }
        live += 1;
    }
    while live > 0 {
        // Pass 1: one exchange each; the lanes whose round ended, as bits,
        // gathered by doubling (two operations a lane: lane `i` of `live`
        // at bit `live - 1 - i`), then reversed once (lane `i` at bit `i`).
        let mut ended: Ended = 0;
        let playing = games.get_mut(..live).unwrap_or_default();
        for game in playing.iter_mut() {
            ended = ended << 1 | Ended::from(game.exchange());
        }
        // 1 <= live <= LANES = Ended::BITS: the shift is below the width.
        let mut ended = ended.reverse_bits() >> ((LANES - live) % LANES);
        // Pass 2: the ended rounds; a finished game's lane takes the next deal.
        let mut emptied = false;
        while ended != 0 {
            let i = ended.trailing_zeros() as usize;
            ended &= ended - 1;
            let Some(game) = games.get_mut(i) else {
                continue;
            };
            if let Err(outcome) = game.next_round(cap, budget) {
                report(game.index, game.deal, outcome);
                if !next(&mut report, game) {
                    *game = IDLE;
                    emptied = true;
                }
            }
        }
        if emptied {
            // Out of deals: move the games still going to the front.
            let mut k = 0;
            while k < live {
                let idle = games.get(k).is_some_and(|g| g.p.is_empty());
                if idle {
                    live -= 1;
                    let last = games.get(live).copied().unwrap_or(IDLE);
                    if let Some(g) = games.get_mut(k) {
                        *g = last;
                    }
                } else {
                    k += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Budget;
    use crate::camicia::{GameOutcome, PackedDeal, Rank, Status};
    use crate::search::Outcome;

    /// 0 finished, 1 loop, 2 exhausted.
    fn kind(o: &GameOutcome) -> usize {
        match o {
            Outcome::Done(end) if end.status == Status::Finished => 0,
            Outcome::Done(_) => 1,
            _ => 2,
        }
    }

    /// Random deals of every size up to 64 cards (some too large for the
    /// quick hands), many payment cards or few, and budgets from 0 up.
    fn deals(seed: u64, count: usize) -> impl Iterator<Item = (PackedDeal, u64)> {
        let mut s = seed;
        let mut next = move || {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            s >> 33
        };
        (0..count).map(move |_| {
            // Small deals loop more often.
            let total = (next() % if next() % 2 == 0 { 65 } else { 12 }) as usize;
            let numbers = 1 + next() % 9;
            let mut row = [Rank::Number; 64];
            for r in row.iter_mut().take(total) {
                let v = next() % (numbers + 4);
                if v >= numbers {
                    *r = Rank::from_penalty((v - numbers + 1) as u8);
                }
            }
            let len_a = (next() as usize) % (total + 1);
            let budget = match next() % 4 {
                0 => next() % 40,
                1 => 1500 + next() % 100,
                _ => 1 << 20,
            };
            (PackedDeal::from_row(&row[..total], len_a).unwrap(), budget)
        })
    }

    /// Returns a deal in the compact notation `A/B`.
    fn compact(text: &str) -> PackedDeal {
        let mut row = [Rank::Number; 64];
        let (mut n, mut len_a) = (0, 0);
        for c in text.chars() {
            match Rank::from_compact(c) {
                Some(r) => {
                    row[n] = r;
                    n += 1;
                }
                None => len_a = n,
            }
        }
        PackedDeal::from_row(&row[..n], len_a).unwrap()
    }

    #[test]
    fn many_games_at_once_end_as_each_alone() {
        const N: usize = 3000;
        let mut input = [PackedDeal::EMPTY; N];
        // Games past the round cap: Nessler's record (1,164 tricks), the
        // Casella loop, the loops of SPEC §4, and small loops found among
        // random deals (about one in a thousand loops).
        let known = [
            "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---",
            crate::camicia::CASELLA_2024,
            "J--/-J-",
            "--J-/J-",
        ];
        for (slot, text) in input.iter_mut().zip(known) {
            *slot = compact(text);
        }
        // With the three known loops, 40 loops.
        let mut random = deals(1, usize::MAX);
        for (k, slot) in input.iter_mut().skip(known.len()).enumerate() {
            *slot = random.next().unwrap().0;
            while k < 37 && kind(&slot.simulate(Budget::new(1 << 20))) != 1 {
                *slot = random.next().unwrap().0;
            }
        }
        // Budgets below, at and past the round cap.
        for budget in [0, 1, 5, 37, 1023, 1024, 1025, 1 << 20] {
            let mut seen = [false; N];
            let mut statuses = [0usize; 3];
            super::simulate_many(input, budget, |i, deal, outcome| {
                assert_eq!(deal, input[i]);
                assert_eq!(
                    outcome,
                    deal.simulate(Budget::new(budget)),
                    "{deal} budget {budget}"
                );
                assert!(!seen[i]);
                seen[i] = true;
                statuses[kind(&outcome)] += 1;
            });
            assert!(seen.iter().all(|&s| s));
            if budget == 1 << 20 {
                assert!(statuses[1] >= 40);
            }
        }
    }

    #[test]
    fn every_budget_and_a_few_deals() {
        for (deal, budget) in deals(7, 400) {
            for b in [0, 1, 2, 3, budget, 1 << 20] {
                let mut n = 0;
                super::simulate_many([deal, deal, deal], b, |_, d, o| {
                    assert_eq!(o, d.simulate(Budget::new(b)), "{d} budget {b}");
                    n += 1;
                });
                assert_eq!(n, 3);
            }
        }
        let mut n = 0;
        super::simulate_many([], 10, |_, _, _| n += 1);
        assert_eq!(n, 0);
    }
}
