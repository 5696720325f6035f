//! Hands of small games in two words each, with sentinel bits for the lengths.

use super::Round;
use super::planes::Hand;
use crate::bits::top64;

/// The most cards of a quick game, and the most payment cards: a round lays
/// fewer than 64 cards and every shift of a hand's word stays below 64 (see
/// [`Quick::append`]). A standard deck has 52 cards, 16 of them payment cards.
pub(crate) const QUICK_CARDS: u32 = 52;
/// See [`QUICK_CARDS`]: two bits of codes each, and the sentinel, below bit 53.
pub(crate) const QUICK_PAYERS: u32 = 26;

/// A hand of a game of at most [`QUICK_CARDS`] cards with at most
/// [`QUICK_PAYERS`] payment cards, in two words. `pay` has bit `i` set when
/// card `i` is a payment card, plus a sentinel bit at the hand's length;
/// `penalties` holds the payment cards' penalties minus one, two bits each,
/// top first, plus a sentinel bit after the last. The sentinels make the
/// lengths implicit: the number cards on top of a hand (at most its length)
/// are `pay.trailing_zeros()`, and two states compare as four words.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Quick {
    pub(crate) pay: u64,
    pub(crate) penalties: u64,
}

impl Quick {
    /// Returns `self` if `keep`, else `other`, word by word (no branch to mispredict).
    #[inline(always)]
    fn select(&self, other: &Quick, keep: bool) -> Quick {
        let m = u64::from(keep).wrapping_neg();
        Quick {
            pay: self.pay & m | other.pay & !m,
            penalties: self.penalties & m | other.penalties & !m,
        }
    }

    /// Returns how many number cards lie on top, at most the length.
    #[inline(always)]
    fn numbers_on_top(&self) -> u32 {
        self.pay.trailing_zeros()
    }

    /// Returns whether the hand has no card.
    #[inline(always)]
    pub(crate) fn is_empty(&self) -> bool {
        self.pay <= 1
    }

    /// Removes `n` number cards from the top (`n <= len`, so `n < 64`).
    #[inline(always)]
    fn drop_numbers(&mut self, n: u32) {
        self.pay >>= n & 63;
    }

    /// Pays a debt of `owed` cards from the `run` number cards on top,
    /// counting them in `cards`: returns `true` if paid in full; else the
    /// whole run is laid (a payment card or nothing comes next).
    #[inline(always)]
    fn pays(&mut self, owed: u32, run: u32, cards: &mut u32) -> bool {
        // A round lays fewer than 64 cards: the counts never wrap.
        if run >= owed {
            self.drop_numbers(owed);
            *cards = cards.wrapping_add(owed);
            return true;
        }
        self.drop_numbers(run);
        *cards = cards.wrapping_add(run);
        false
    }

    /// Lays the top card, a payment card, as the pile's `cards`-th card and its
    /// `payers`-th payment card; returns the penalty.
    #[inline(always)]
    fn lay(&mut self, pile: &mut Quick, cards: u32, payers: u32) -> u32 {
        let code = self.penalties & 3;
        self.penalties >>= 2;
        self.pay >>= 1;
        pile.pay |= 1 << (cards & 63);
        pile.penalties |= code << (payers.wrapping_mul(2) & 63);
        code as u32 + 1
    }

    /// Puts the pile (`cards` cards, `payers` of them payment cards, no
    /// sentinels) under the hand of `len` cards.
    #[inline(always)]
    fn take(&mut self, pile: &Quick, cards: u32, payers: u32, len: u32) {
        self.append(
            Quick {
                pay: pile.pay | 1 << (cards & 63),
                penalties: pile.penalties | 1 << ((2 * payers) & 63),
            },
            len,
        );
    }

    /// Puts a pile that carries its sentinels under the hand of `len`
    /// cards. At most [`QUICK_CARDS`] cards and [`QUICK_PAYERS`] payment
    /// cards in all: every shift stays below 64, every word below 2^53.
    #[inline(always)]
    pub(crate) fn append(&mut self, pile: Quick, len: u32) {
        // Each sentinel's bit becomes the pile's first: add the pile less one
        // there (the hand has no bit above its sentinel, the pile at least
        // its own sentinel).
        self.pay = self
            .pay
            .wrapping_add(pile.pay.wrapping_sub(1) << (len & 63));
        // The processor's bit scan (why not a double's exponent:
        // docs/notes/camicia.md).
        let at = top64(self.penalties);
        self.penalties = self
            .penalties
            .wrapping_add(pile.penalties.wrapping_sub(1) << (at & 63));
    }
}

/// A round-start state of a [`Quick`] game: the starter's hand first (who
/// the starter is stays with the caller, see [`Round`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuickTable {
    starter: Quick,
    other: Quick,
    /// Number cards on top of the starter's hand (the trailing zeros of its
    /// `pay`), worked out during the last round: the round's first decisions
    /// need not wait for the last take. (The other hand's lead is one
    /// instruction away, from a word the last round settled early.)
    lead_starter: u32,
}

impl QuickTable {
    /// Makes the round-start state of penalty planes of hands of at most
    /// [`QUICK_CARDS`] cards with at most [`QUICK_PAYERS`] payment cards in
    /// all; `None` otherwise.
    pub(crate) fn new(a: &Hand<u64>, b: &Hand<u64>) -> Option<QuickTable> {
        let quick = |h: &Hand<u64>| -> Option<(Quick, u32)> {
            // A penalty above 4 is not a card.
            if h.b2 & (h.b0 | h.b1) != 0 || h.len > QUICK_CARDS as usize {
                return None;
            }
            let pay = h.b0 | h.b1 | h.b2;
            let mut penalties = 0u64;
            let mut rest = pay;
            let mut k = 0u32;
            while rest != 0 && k < QUICK_PAYERS {
                let i = rest.trailing_zeros();
                let p = ((h.b0 >> i) & 1) | ((h.b1 >> i) & 1) << 1 | ((h.b2 >> i) & 1) << 2;
                penalties |= (p.wrapping_sub(1) & 3) << (2 * k);
                rest &= rest - 1;
                k += 1;
            }
            if rest != 0 {
                return None;
            }
            Some((
                Quick {
                    pay: pay | 1 << h.len,
                    penalties: penalties | 1 << (2 * k),
                },
                k,
            ))
        };
        let (qa, ka) = quick(a)?;
        let (qb, kb) = quick(b)?;
        (a.len.saturating_add(b.len) <= QUICK_CARDS as usize
            && ka.saturating_add(kb) <= QUICK_PAYERS)
            .then_some(QuickTable::start(qa, qb))
    }

    /// Makes the state at the start of a game where A (holding `a`) starts.
    #[inline(always)]
    pub(crate) fn start(a: Quick, b: Quick) -> QuickTable {
        QuickTable {
            starter: a,
            other: b,
            lead_starter: a.numbers_on_top(),
        }
    }
}

impl Round for QuickTable {
    const MOST_CARDS: u64 = 64;

    #[inline(always)]
    fn same(&self, o: &Self) -> bool {
        self.starter.pay == o.starter.pay
            && self.other.pay == o.other.pay
            && self.starter.penalties == o.starter.penalties
            && self.other.penalties == o.other.penalties
    }

    /// Whether a debt is paid is a coin toss, so about one branch a round is
    /// mispredicted whatever the code does; what the code can do is keep the
    /// chain from one round's start to the next short, so that a predicted
    /// round overlaps the next and a mispredicted one resumes soon. So the
    /// round's decisions wait only for the leads and the codes: the starter's
    /// lead is carried from the last round (not recounted from its take), a
    /// payer's run comes from the leads or from its word after its own lay,
    /// and the first two exchanges, which end most rounds, are written out
    /// with their places on the pile known, with branches: a select would make
    /// the next round wait for the decision.
    #[inline(always)]
    fn play_round(&mut self) -> (usize, bool, bool) {
        let (ex, ey) = (self.lead_starter, self.other.numbers_on_top());
        // Free play: number cards alternately, starter first, until one
        // player turns up a payment card or runs out.
        let x_first = ex <= ey;
        let n_y = ex.min(ey);
        let n_x = n_y + u32::from(!x_first);
        let (x, y) = (self.starter, self.other);
        // p lays a payment card (or has none), q pays; then the other way.
        // p's word after the free play is either hand's word without its
        // lead: both shifts start before the leads are compared.
        let (mut x_led, mut y_led) = (x, y);
        x_led.drop_numbers(ex);
        y_led.drop_numbers(ey);
        let mut p = x_led.select(&y_led, x_first);
        let mut q = y.select(&x, x_first);
        q.drop_numbers(if x_first { n_y } else { n_x });
        // q's number cards on top: the difference of the leads (when p is
        // the second player, p laid one card fewer than q).
        let mut run_q = ex.abs_diff(ey) - u32::from(!x_first);
        let free_play = n_x + n_y;
        let mut cards = free_play;
        let mut payers = 0u32;
        let mut pile = Quick {
            pay: 0,
            penalties: 0,
        };
        // The winner and the loser, whether the winner is p, and the number
        // cards on top of the winner's rest.
        let (mut winner, loser, p_wins, lead_w) = 'round: {
            if p.is_empty() {
                break 'round (q, p, false, run_q);
            }
            // The first two exchanges apart: their places on the pile are
            // known, and most rounds end in them.
            let owed = p.lay(&mut pile, cards, 0);
            cards += 1;
            let run_p = p.numbers_on_top();
            // Paid, or out of cards: p wins either way.
            if q.pays(owed, run_q, &mut cards) || q.is_empty() {
                payers = 1;
                break 'round (p, q, true, run_p);
            }
            let owed = q.lay(&mut pile, cards, 1);
            cards += 1;
            payers = 2;
            run_q = q.numbers_on_top();
            if p.pays(owed, run_p, &mut cards) {
                break 'round (q, p, false, run_q);
            }
            loop {
                if p.is_empty() {
                    break 'round (q, p, false, run_q);
                }
                let owed = p.lay(&mut pile, cards, payers);
                cards += 1;
                payers += 1;
                let run_p = p.numbers_on_top();
                if q.pays(owed, run_q, &mut cards) || q.is_empty() {
                    break 'round (p, q, true, run_p);
                }
                let owed = q.lay(&mut pile, cards, payers);
                cards += 1;
                payers += 1;
                run_q = q.numbers_on_top();
                if p.pays(owed, run_p, &mut cards) {
                    break 'round (q, p, false, run_q);
                }
            }
        };
        let len = top64(winner.pay);
        // A winner without a payment card left (its `pay` is the sentinel
        // alone, a power of two) runs on into the pile, whose first payment
        // card comes after the free play's number cards. (A round won
        // without a payment card laid ends the game: the loser has no card,
        // and the leads no longer matter.) Told apart without waiting for
        // the length.
        let lead_w = if winner.pay & winner.pay.wrapping_sub(1) == 0 {
            lead_w + free_play
        } else {
            lead_w
        };
        winner.take(&pile, cards, payers, len);
        self.starter = winner;
        self.other = loser;
        self.lead_starter = lead_w;
        // p is the starter when it played first.
        (cards as usize, p_wins == x_first, loser.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camicia::engine::tests::planes;

    #[test]
    fn quick_hands_hold_a_deck_of_52_cards_with_26_payment_cards() {
        let many = planes(&[1; 26]);
        assert!(QuickTable::new(&many, &planes(&[0; 26])).is_some());
        assert!(QuickTable::new(&many, &planes(&[0; 27])).is_none());
        assert!(QuickTable::new(&many, &planes(&[2])).is_none());
        assert!(QuickTable::new(&planes(&[1; 25]), &planes(&[2, 0, 0])).is_some());
        assert!(QuickTable::new(&planes(&[1; 27]), &planes(&[0])).is_none());
        assert!(QuickTable::new(&planes(&[0; 30]), &planes(&[0; 23])).is_none());
    }

    #[test]
    fn the_top_of_a_word_below_2_to_the_53() {
        let mut seed = 7u64;
        for bit in 0..53 {
            let low = (1u64 << bit) - 1;
            for word in [1u64 << bit, (1 << bit) | low, (1 << bit) | (low & seed)] {
                assert_eq!(top64(word), bit, "{word:#x}");
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
    }

    #[test]
    fn quick_rounds_match_the_planes_and_keep_their_leads() {
        use crate::camicia::engine::{Round, Table};
        let mut seed = 12345u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            seed >> 33
        };
        for _ in 0..20_000 {
            let (la, lb) = ((next() % 20) as usize, (next() % 20) as usize);
            let mut cards = [0u8; 40];
            for c in cards.iter_mut() {
                let v = (next() % 9) as u8;
                *c = if v > 4 { 0 } else { v };
            }
            let (a, b) = (planes(&cards[..la]), planes(&cards[20..20 + lb]));
            let mut plain = Table {
                starter: a,
                other: b,
            };
            let mut quick = QuickTable::new(&a, &b).unwrap();
            for _ in 0..60 {
                let step = plain.play_round();
                assert_eq!(step, quick.play_round());
                if step.2 {
                    break;
                }
                assert_eq!(quick.lead_starter, quick.starter.pay.trailing_zeros());
            }
        }
    }
}
