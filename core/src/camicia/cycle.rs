//! The cycle of a game that never ends: how long a turn of it is, where the
//! game enters it, and a form and an id that do not depend on either.

use core::cmp::Ordering;

use super::{Deal, Ending, Game, Player, Rank, Status};

/// Holds the cycle a looping game repeats: the round-start states from the
/// first that recurs up to its repeat.
///
/// A cycle is the same object whichever deal reaches it, at whichever of its
/// rounds the game enters it, and with the players' names swapped: its
/// canonical form ([`Cycle::canonical`]) is the least of its round-start
/// states, each written as the deal whose A is the player who starts that
/// round (compared as compact text, `-` < `/` < `A` < `J` < `K` < `Q`; every
/// number card is `-`). [`Cycle::id`] is a hash of that text.
///
/// ```
/// use plateau::Budget;
/// use plateau::camicia::{Cycle, Deal};
/// // Casella et al. 2024: 474 cards and 66 tricks before the repeat.
/// let deal: Deal = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA".parse()?;
/// let outcome = deal.simulate(Budget::UNLIMITED);
/// let cycle = Cycle::find(&deal, outcome.done().ok_or("exhausted")?).ok_or("not a loop")?;
/// assert_eq!((cycle.entry, cycle.tricks), (4, 62)); // entered after 4 tricks
/// // The canonical deal is itself in the cycle: entered at once, same id.
/// let canonical = cycle.canonical();
/// let outcome = canonical.simulate(Budget::UNLIMITED);
/// let again = Cycle::find(&canonical, outcome.done().ok_or("exhausted")?);
/// assert_eq!(again.map(|c| (c.entry, c.id())), Some((0, cycle.id())));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Cycle<const W: usize = 1> {
    /// Tricks played before the game enters the cycle.
    pub entry: u64,
    /// Tricks in one turn of the cycle (with the names: a cycle whose second
    /// half replays the first with the names swapped counts both halves).
    pub tricks: u64,
    /// Cards played in one turn of the cycle.
    pub cards: u64,
    /// The least round-start state, its starter as A.
    canonical: Deal<W>,
}

impl<const W: usize> Cycle<W> {
    /// Finds the cycle of `deal`, whose game ends as `end` says (what
    /// [`Deal::simulate`] answers): `None` unless `end` is a loop of this deal.
    ///
    /// Replays the game to the repeated round, then one turn of the cycle:
    /// about twice the cards of `end`, never more, in the memory of three
    /// games (no list of states).
    #[must_use]
    pub fn find(deal: &Deal<W>, end: &Ending) -> Option<Self> {
        if end.status != Status::Loop {
            return None;
        }
        // Every step plays a card or takes the pile: the replay to the
        // repeated round and one turn each take at most cards + tricks steps.
        let limit = end.cards.saturating_add(end.tricks).saturating_mul(2);
        let mut steps = 0u64;
        let mut game = Game::new(deal);
        while !(game.at_round_start() && game.tricks() == end.tricks) {
            game.step()?;
            steps = steps.wrapping_add(1);
            if steps > limit {
                return None;
            }
        }
        let start = game;
        let mut least = game;
        loop {
            game.step()?;
            steps = steps.wrapping_add(1);
            if steps > limit {
                return None;
            }
            if !game.at_round_start() {
                continue;
            }
            if game.to_play() == start.to_play()
                && same(game.hand(Player::A), start.hand(Player::A))
                && same(game.hand(Player::B), start.hand(Player::B))
            {
                break;
            }
            if order(&game, &least) == Ordering::Less {
                least = game;
            }
        }
        let tricks = game.tricks().wrapping_sub(start.tricks());
        let lead = least.to_play();
        Some(Cycle {
            entry: end.tricks.saturating_sub(tricks),
            tricks,
            cards: game.cards().wrapping_sub(start.cards()),
            canonical: Deal::filled(
                least.hand(lead).map(plain),
                least.hand(lead.other()).map(plain),
            ),
        })
    }

    /// Returns the canonical form: the least round-start state of the cycle
    /// as a deal (its starter as A, number cards as [`Rank::Number`]). Its own
    /// game is in the cycle from the start.
    #[must_use]
    pub const fn canonical(&self) -> Deal<W> {
        self.canonical
    }

    /// Returns the cycle's id: the FNV-1a hash (64 bits) of the canonical
    /// form's compact text (`A/B`), cut to its top 48 bits; write it as 12
    /// hex digits (`{:012x}`).
    #[must_use]
    pub fn id(&self) -> u64 {
        let step =
            |hash: u64, byte: u8| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        let card = |i: usize| self.canonical.card(i).map_or(b'-', key);
        let split = self.canonical.len(Player::A);
        let a = (0..split).fold(0xcbf2_9ce4_8422_2325, |h, i| step(h, card(i)));
        let hash = (split..self.canonical.total()).fold(step(a, b'/'), |h, i| step(h, card(i)));
        hash >> 16
    }
}

/// A card as the cycle sees it: every number card alike.
const fn plain(rank: Rank) -> Rank {
    if rank.is_number() { Rank::Number } else { rank }
}

/// A card's byte in the compact text.
fn key(rank: Rank) -> u8 {
    u8::try_from(rank.compact()).unwrap_or(b'-')
}

/// Whether two hands hold the same cards, number cards alike.
fn same(a: impl Iterator<Item = Rank>, b: impl Iterator<Item = Rank>) -> bool {
    a.map(key).eq(b.map(key))
}

/// A round-start state as compact text, its starter's hand first.
fn text<const W: usize>(game: &Game<W>) -> impl Iterator<Item = u8> + '_ {
    let lead = game.to_play();
    let first = game.hand(lead).map(key);
    let second = game.hand(lead.other()).map(key);
    first.chain(core::iter::once(b'/')).chain(second)
}

/// Orders two round-start states by their compact text.
fn order<const W: usize>(x: &Game<W>, y: &Game<W>) -> Ordering {
    text(x).cmp(text(y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    fn cycle(text: &str) -> Option<Cycle> {
        let deal: Deal = text.parse().ok()?;
        Cycle::find(&deal, deal.simulate(Budget::UNLIMITED).done()?)
    }

    #[test]
    fn the_published_loops() {
        // Ids as docs/camicia.md defines them; tests/tests/cli_camicia_loops.rs
        // hashes the canonical text apart from the core.
        let spec = cycle("J--/-J-").map(|c| (c.entry, c.tricks, c.cards, c.id()));
        assert_eq!(spec, Some((1, 2, 6, 0xd640_62ae_581c)));
        // 2 3 J 6 / K 5 J 7 is in its cycle from the deal: the whole game is
        // the turn, the longest replay the cap allows.
        let whole = cycle("--J-/K-J-").map(|c| (c.entry, c.tricks, c.cards, c.id()));
        assert_eq!(whole, Some((0, 4, 16, 0xc677_633d_7d8a)));
        let published = cycle(crate::camicia::CASELLA_2024);
        let published = published.map(|c| (c.entry, c.tricks, c.cards, c.id()));
        assert_eq!(published, Some((4, 62, 440, 0x0795_961b_5504)));
    }
}
