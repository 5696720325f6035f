//! Backward play: the rounds that lead to a round-start state, and the tree
//! of every state whose game passes through it.
//!
//! A round-start state is written as a [`Deal`] whose A leads the round:
//! every round starts as a game does, with an empty pile, so the state is
//! the deal of the rest of the game (the player who leads named A; swapping
//! the names changes no count). A round ends when a debt is paid: the last
//! card of the pile is the creditor's payment card's last payment, and the
//! creditor, who leads the next round, puts the pile under their hand. So the
//! round before a state `S` took the last `m` cards of S's A hand, for some
//! `m`; read in order, with either player leading, they must make a round
//! that ends exactly at its last card with A taking it. Each such `(m,
//! leader)` gives one state before `S` ([`predecessors`]), and every state
//! that reaches `S` in one round is one of them.
//!
//! [`Ancestors`] walks the whole tree of states that reach a state, depth
//! first, in the memory it is given: it keeps the last nodes of its path
//! (one, by default), and goes back to a parent beyond them by playing one
//! round forward ([`next_round`]), and on to the parent's next predecessor
//! after the child. A state whose hands hold the same number of cards is a
//! deal of its own: the tree of the last round of a long game holds every
//! deal whose game ends in the same way, which is what the record hunt
//! searches ([`super::hunt`]).
//!
//! ```
//! use plateau::Budget;
//! use plateau::camicia::{Deal, Rank::*};
//! use plateau::camicia::backward::{next_round, predecessors};
//! // A leads 2, B plays J, A pays one card (3): B takes 2 J 3 and leads.
//! let deal: Deal = Deal::from_hands(&[Two, Three, Four], &[Jack, Five])?;
//! let after = next_round(&deal).expect("the game goes on");
//! assert_eq!(after.state.to_string(), "5 2 J 3 | 4");
//! assert_eq!(after.cards, 3);
//! // The deal is one of the states before it.
//! assert!(predecessors(&after.state).any(|p| p.state == deal && p.cards == 3));
//! # Ok::<(), plateau::camicia::CamiciaError>(())
//! ```

use super::{CARDS_PER_WORD, Deal, Player, Rank};

/// A state one round before or after another, with that round's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Step<const W: usize = 1> {
    /// The state, A leading.
    pub state: Deal<W>,
    /// Cards played in the round between the two states.
    pub cards: u64,
    /// Whether the players swap names between the states: the round was led
    /// by the later state's B (before), or taken by the earlier state's B
    /// (after).
    pub swapped: bool,
}

/// Plays one round of `state` (A leading): the state after it, or `None` if
/// the game ends in it (a player runs out).
///
/// ```
/// use plateau::camicia::{Deal, Rank::*};
/// use plateau::camicia::backward::next_round;
/// let deal: Deal = Deal::from_hands(&[Jack], &[Two])?;
/// assert!(next_round(&deal).is_none()); // B pays its last card: A holds all
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[must_use]
pub fn next_round<const W: usize>(state: &Deal<W>) -> Option<Step<W>> {
    let (len_a, total) = (state.len(Player::A), state.total());
    // The next card of each hand, and the cards each played, in order.
    let mut next = [0, len_a];
    let mut mask = [0u64; W];
    let mut turn = Player::A;
    let (mut owed, mut creditor) = (0u8, Player::A);
    for k in 0..total {
        let (at, end) = match turn {
            Player::A => (0, len_a),
            Player::B => (1, total),
        };
        let i = *next.get(at)?;
        if i >= end {
            // The player to play has no card: the other takes the pile and
            // holds every card.
            return None;
        }
        if let Some(n) = next.get_mut(at) {
            *n = i.wrapping_add(1);
        }
        if turn == Player::A {
            let block = mask.get_mut(k / CARDS_PER_WORD)?;
            *block |= 1 << (k % CARDS_PER_WORD);
        }
        let penalty = state.card(i).ok()?.penalty();
        if penalty > 0 {
            (owed, creditor, turn) = (penalty, turn, turn.other());
        } else if owed == 0 {
            turn = turn.other();
        } else {
            owed = owed.saturating_sub(1);
            if owed == 0 {
                // The taker holds every card when the other has none left.
                let left = match creditor {
                    Player::A => total.saturating_sub(*next.get(1)?),
                    Player::B => len_a.saturating_sub(*next.first()?),
                };
                return if left > 0 {
                    taken(state, next, &mask, k.wrapping_add(1), creditor)
                } else {
                    None
                };
            }
        }
    }
    None
}

/// The state after a round whose `pile` cards (A's marked in `mask`) went
/// to `taker`, the hands' next cards at `next`.
fn taken<const W: usize>(
    state: &Deal<W>,
    next: [usize; 2],
    mask: &Mask<W>,
    pile: usize,
    taker: Player,
) -> Option<Step<W>> {
    let (len_a, row) = (state.len(Player::A), state.row());
    let [a, b] = next;
    let (rest_a, rest_b) = (row.get(a..len_a)?, row.get(b..)?);
    // The cards each played, in order.
    let (mut by_a, mut by_b) = (row.get(..a)?.iter(), row.get(len_a..b)?.iter());
    let (rest_taker, rest_other) = match taker {
        Player::A => (rest_a, rest_b),
        Player::B => (rest_b, rest_a),
    };
    let state = Deal::written(
        rest_taker.len().checked_add(pile)?,
        rest_other.len(),
        |out| {
            let mut out = out.iter_mut();
            put(&mut out, rest_taker.iter());
            for k in 0..pile {
                let card = if marked(mask, k) {
                    by_a.next()
                } else {
                    by_b.next()
                };
                put(&mut out, card);
            }
            put(&mut out, rest_other.iter());
        },
    )?;
    Some(Step {
        state,
        cards: pile as u64,
        swapped: taker == Player::B,
    })
}

/// Writes `cards` into the next slots of `out`.
fn put<'c>(out: &mut core::slice::IterMut<'_, Rank>, cards: impl IntoIterator<Item = &'c Rank>) {
    // Not `out.zip(cards)`: a zip takes a slot before it finds the cards
    // ended, and that slot would stay unwritten.
    for card in cards {
        if let Some(slot) = out.next() {
            *slot = *card;
        }
    }
}

/// Whether bit `k` of the mask is set: the pile's `k`-th card was A's.
fn marked<const W: usize>(mask: &Mask<W>, k: usize) -> bool {
    mask.get(k / CARDS_PER_WORD)
        .is_some_and(|m| m >> (k % CARDS_PER_WORD) & 1 == 1)
}

/// Returns the states that reach `state` (A leading) in one round, each
/// once, by the size of the round's pile and then with A's round first.
#[must_use]
pub fn predecessors<const W: usize>(state: &Deal<W>) -> Predecessors<W> {
    let len_a = state.len(Player::A);
    let mut p = Predecessors::unread(state);
    if smallest_pile(state) <= len_a {
        p.grow();
    } else {
        p.pile = len_a.saturating_add(1);
    }
    p
}

/// The iterator of [`predecessors`]; allocation-free.
///
/// Which readings of the last `pile` cards of A's hand make a round that
/// ends at the hand's last card with A taking it does not depend on the
/// cards above them: a reading goes on from each card in one of ten states
/// (who plays, and what is owed: the creditor is the other player), so the
/// iterator keeps, for the pile's first card, the states from which the
/// reading ends well (`ends`, a bit each), and grows the pile a card at a
/// time, one step each. A predecessor is read card by card only once it is
/// known to be one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Predecessors<const W: usize = 1> {
    state: Deal<W>,
    /// The pile size tried (past A's hand: none left).
    pile: usize,
    /// Whether the next try has the round led by B.
    swapped: bool,
    /// Bit `q` set when reading the pile from its first card, in reading
    /// state `q` ([`reading`]), ends with A taking it at its last card.
    ends: u16,
}

/// The reading state of a round: bit 0 set when B is to play, the rest
/// what is owed (0 to 4; the creditor is the other player).
const fn reading(b_to_play: bool, owed: u8) -> u16 {
    (b_to_play as u16) | ((owed as u16) << 1)
}

/// Reading states: two players, owing 0 to 4.
const READINGS: u16 = 10;

impl<const W: usize> Predecessors<W> {
    /// The predecessors of `state` before any card of A's hand is read as a
    /// pile: [`grow`](Self::grow) reads them.
    const fn unread(state: &Deal<W>) -> Self {
        Predecessors {
            state: *state,
            pile: 0,
            swapped: false,
            ends: 0,
        }
    }

    /// The predecessors after the one whose round had `cards` cards and was
    /// `swapped`: where a walk of the tree goes on after a child.
    fn after(state: &Deal<W>, cards: u64, swapped: bool) -> Self {
        let pile = usize::try_from(cards).unwrap_or(usize::MAX);
        let mut p = Predecessors::unread(state);
        while p.pile < pile && p.pile <= state.len(Player::A) {
            p.grow();
        }
        if swapped {
            p.grow();
        } else {
            p.swapped = true;
        }
        p
    }

    /// Takes one more card into the pile (the one above it in A's hand) and
    /// works out `ends` for the pile's new first card.
    fn grow(&mut self) {
        let len_a = self.state.len(Player::A);
        self.pile = self.pile.saturating_add(1);
        self.swapped = false;
        let Some(first) = len_a.checked_sub(self.pile) else {
            self.ends = 0;
            return;
        };
        let last = self.pile == 1;
        let penalty = self.state.card(first).map_or(0, Rank::penalty);
        // What reading on from the card below gives (none below the hand's
        // last card: `ends` starts empty).
        let next = self.ends;
        let mut ends = 0u16;
        for q in 0..READINGS {
            let (b, owed) = (q & 1 == 1, (q >> 1) as u8);
            let good = if penalty > 0 {
                // The other player owes the card's penalty.
                next >> reading(!b, penalty) & 1 == 1
            } else if owed == 0 {
                next >> reading(!b, 0) & 1 == 1
            } else if owed == 1 {
                // The debt is paid: the creditor (the other player) takes
                // the pile; it must be the pile's last card, and A.
                last && b
            } else {
                next >> reading(b, owed.saturating_sub(1)) & 1 == 1
            };
            ends |= u16::from(good) << q;
        }
        self.ends = ends;
    }
}

/// The smallest pile a round before `state` can have left under A's hand:
/// A's last payment card and the cards after it, if they are exactly its
/// penalty's number cards; past A's hand (no predecessor) otherwise.
fn smallest_pile<const W: usize>(state: &Deal<W>) -> usize {
    let len = state.len(Player::A);
    let none = len.saturating_add(1);
    let mut numbers = 0usize;
    for i in (0..len).rev() {
        let Ok(rank) = state.card(i) else {
            return none;
        };
        let penalty = usize::from(rank.penalty());
        if penalty > 0 {
            return if penalty == numbers {
                numbers.saturating_add(1)
            } else {
                none
            };
        }
        numbers = numbers.saturating_add(1);
        if numbers > 4 {
            return none;
        }
    }
    none
}

/// Which cards of a pile each player played: bit `k` of block `k / 64` set
/// when the pile's `k`-th card was A's (the taker's).
type Mask<const W: usize> = [u64; W];

/// Reads the last `pile` cards of A's hand as a round led by B (`swapped`)
/// or by A, one that the readings (`ends`) say ends at its last card with A
/// taking it: which of its cards A played. (It does not check the round
/// again: the readings are the one test.)
fn decode<const W: usize>(state: &Deal<W>, pile: usize, swapped: bool) -> Option<Mask<W>> {
    let start = state.len(Player::A).checked_sub(pile)?;
    let mut mask = [0u64; W];
    let mut turn = if swapped { Player::B } else { Player::A };
    let mut owed = 0u8;
    for k in 0..pile {
        let rank = state.card(start.checked_add(k)?).ok()?;
        if turn == Player::A {
            let block = mask.get_mut(k / CARDS_PER_WORD)?;
            *block |= 1 << (k % CARDS_PER_WORD);
        }
        let penalty = rank.penalty();
        if penalty > 0 {
            (owed, turn) = (penalty, turn.other());
        } else if owed == 0 {
            turn = turn.other();
        } else {
            // A payment: the payer plays on.
            owed = owed.saturating_sub(1);
        }
    }
    Some(mask)
}

/// The state before `state` by the round of its last `pile` cards, the
/// cards of A's marked in `mask`.
fn before<const W: usize>(
    state: &Deal<W>,
    pile: usize,
    swapped: bool,
    mask: &Mask<W>,
) -> Option<Deal<W>> {
    let (len_a, row) = (state.len(Player::A), state.row());
    let start = len_a.checked_sub(pile)?;
    let (rest_a, cards, rest_b) = (row.get(..start)?, row.get(start..len_a)?, row.get(len_a..)?);
    let by_a = (0..pile).filter(|&k| marked(mask, k)).count();
    let hand = |out: &mut core::slice::IterMut<'_, Rank>, a: bool| {
        let played = cards
            .iter()
            .enumerate()
            .filter(|&(k, _)| marked(mask, k) == a);
        put(out, played.map(|(_, card)| card));
        put(out, if a { rest_a } else { rest_b });
    };
    let (len_a, len_b) = (
        by_a.checked_add(start)?,
        pile.saturating_sub(by_a).checked_add(rest_b.len())?,
    );
    if swapped {
        Deal::written(len_b, len_a, |out| {
            let mut out = out.iter_mut();
            hand(&mut out, false);
            hand(&mut out, true);
        })
    } else {
        Deal::written(len_a, len_b, |out| {
            let mut out = out.iter_mut();
            hand(&mut out, true);
            hand(&mut out, false);
        })
    }
}

impl<const W: usize> Iterator for Predecessors<W> {
    type Item = Step<W>;

    fn next(&mut self) -> Option<Step<W>> {
        let len_a = self.state.len(Player::A);
        while (1..=len_a).contains(&self.pile) {
            let (pile, swapped) = (self.pile, self.swapped);
            let ends = self.ends >> reading(swapped, 0) & 1 == 1;
            if swapped {
                self.grow();
            } else {
                self.swapped = true;
            }
            if ends
                && let Some(mask) = decode(&self.state, pile, swapped)
                && let Some(state) = before(&self.state, pile, swapped, &mask)
            {
                return Some(Step {
                    state,
                    cards: pile as u64,
                    swapped,
                });
            }
        }
        None
    }
}

/// A state of the tree walked by [`Ancestors`]: how many rounds (each a
/// trick) and cards before the root it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Ancestor<const W: usize = 1> {
    /// The state, A leading.
    pub state: Deal<W>,
    /// Tricks (rounds) from it to the root.
    pub tricks: u64,
    /// Cards played from it to the root.
    pub cards: u64,
}

/// A node of the path an [`Ancestors`] walk keeps: the predecessors of its
/// state still to walk, and its cards to the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Frame<const W: usize = 1> {
    rest: Predecessors<W>,
    cards: u64,
}

impl<const W: usize> Frame<W> {
    /// A frame before a walk writes it.
    pub const EMPTY: Self = Frame {
        rest: Predecessors::unread(&Deal::EMPTY),
        cards: 0,
    };
}

/// Walks every state that reaches a root state, the root first, depth first,
/// up to a number of rounds back: an allocation-free iterator.
///
/// It keeps the last nodes of its path in the frames it is given (one with
/// [`Self::new`]: a value of constant size) and goes back up to a node
/// beyond them by playing a round forward ([`next_round`]) and reading the
/// parent's predecessors again up to the child: the same walk, and the more
/// frames the less of it is done twice (a frame for each level of the
/// deepest path does none).
///
/// The tree is finite unless the root lies on a cycle (a looping game's
/// rounds), and can be large: bound the walk by its rounds ([`Self::new`]) and
/// by the states taken from it.
///
/// ```
/// use plateau::camicia::{Deal, Rank::*};
/// use plateau::camicia::backward::{Ancestors, Frame, next_round};
/// let deal: Deal = Deal::from_hands(&[Two, Three, Four], &[Jack, Five])?;
/// let root = next_round(&deal).expect("the game goes on").state;
/// let tree: Vec<_> = Ancestors::new(&root, 10).collect();
/// assert_eq!((tree[0].state, tree[0].tricks), (root, 0));
/// assert!(tree.iter().any(|a| a.state == deal && a.tricks == 1 && a.cards == 3));
/// // The same walk, keeping 8 nodes of its path (here lent).
/// let mut frames = [Frame::EMPTY; 8];
/// assert!(Ancestors::new_in(&root, 10, &mut frames[..]).eq(tree));
/// # Ok::<(), plateau::camicia::CamiciaError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Ancestors<const W: usize = 1, S = [Frame<W>; 1]> {
    /// The path's last frames: depth `d`'s in `frames[d % frames.len()]`,
    /// for the depths `path.low..=path.depth`.
    frames: S,
    /// The root, until the walk begins.
    root: Option<Deal<W>>,
    path: Path,
    ended: bool,
}

/// Where an [`Ancestors`] walk is: the depth of its node, the least depth
/// whose frame it keeps, the deepest it may go, and the rounds it has
/// played forward to go back up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Path {
    depth: u64,
    low: u64,
    limit: u64,
    replayed: u64,
}

impl<const W: usize> Ancestors<W> {
    /// Walks the states that reach `root`, at most `rounds` rounds before
    /// it, keeping one node of its path.
    #[must_use]
    pub const fn new(root: &Deal<W>, rounds: u64) -> Self {
        Self::new_in(root, rounds, [Frame::EMPTY; 1])
    }
}

impl<const W: usize, S: AsMut<[Frame<W>]>> Ancestors<W, S> {
    /// Walks the states that reach `root`, at most `rounds` rounds before
    /// it, keeping the last nodes of its path in `frames` (owned or lent;
    /// with none, the walk is the root alone).
    #[must_use]
    pub const fn new_in(root: &Deal<W>, rounds: u64, frames: S) -> Self {
        Ancestors {
            frames,
            root: Some(*root),
            path: Path {
                depth: 0,
                low: 0,
                limit: rounds,
                replayed: 0,
            },
            ended: false,
        }
    }

    /// The rounds the walk has played forward so far to go back up to a
    /// node whose frame it no longer kept: none once its frames outnumber
    /// the tree's depth, one a node walked (but the root) with one frame.
    #[must_use]
    pub const fn replayed(&self) -> u64 {
        self.path.replayed
    }

    /// The frame of the path's node at `depth`.
    fn frame(&mut self, depth: u64) -> Option<&mut Frame<W>> {
        let frames = self.frames.as_mut();
        let at = depth.checked_rem(u64::try_from(frames.len()).ok()?)?;
        frames.get_mut(usize::try_from(at).ok()?)
    }

    /// The next state, or `None` once the tree is walked.
    fn step(&mut self) -> Option<Ancestor<W>> {
        if let Some(root) = self.root.take() {
            if let Some(frame) = self.frame(0) {
                *frame = Frame {
                    rest: predecessors(&root),
                    cards: 0,
                };
            }
            return Some(Ancestor {
                state: root,
                tricks: 0,
                cards: 0,
            });
        }
        loop {
            let Path {
                depth, low, limit, ..
            } = self.path;
            let frame = self.frame(depth)?;
            let cards = frame.cards;
            if depth < limit
                && let Some(step) = frame.rest.next()
            {
                let (tricks, cards) = (depth.saturating_add(1), cards.saturating_add(step.cards));
                *self.frame(tricks)? = Frame {
                    rest: predecessors(&step.state),
                    cards,
                };
                self.path.depth = tricks;
                // The frame written was the one `kept` levels up.
                let kept = u64::try_from(self.frames.as_mut().len()).ok()?;
                if tricks.saturating_sub(low) >= kept {
                    self.path.low = tricks.saturating_add(1).saturating_sub(kept);
                }
                return Some(Ancestor {
                    state: step.state,
                    tricks,
                    cards,
                });
            }
            // Its predecessors are all walked: back to its parent.
            let parent = depth.checked_sub(1)?;
            if parent < low {
                // Not kept: played forward, and read again up to the child.
                let up = next_round(&self.frame(depth)?.rest.state)?;
                *self.frame(parent)? = Frame {
                    rest: Predecessors::after(&up.state, up.cards, up.swapped),
                    cards: cards.saturating_sub(up.cards),
                };
                self.path.low = parent;
                self.path.replayed = self.path.replayed.saturating_add(1);
            }
            self.path.depth = parent;
        }
    }
}

impl<const W: usize, S: AsMut<[Frame<W>]>> Iterator for Ancestors<W, S> {
    type Item = Ancestor<W>;

    fn next(&mut self) -> Option<Ancestor<W>> {
        if self.ended {
            return None;
        }
        let next = self.step();
        self.ended = next.is_none();
        next
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::Budget;
    use crate::camicia::hunt::shuffle;
    use crate::camicia::{PackedDeal, Status};
    use crate::rng::SplitMix64;
    use crate::search::Outcome;

    /// One round played by [`Game`](crate::camicia::Game), card by card:
    /// the oracle of [`next_round`].
    fn by_game(state: &Deal) -> Option<Step> {
        use crate::camicia::{Event, Game};
        let mut game = Game::new(state);
        loop {
            if let Event::Take { player, .. } = game.step()? {
                if game.is_finished() {
                    return None;
                }
                let a: Vec<Rank> = game.hand(player).collect();
                let b: Vec<Rank> = game.hand(player.other()).collect();
                return Some(Step {
                    state: Deal::from_hands(&a, &b).unwrap(),
                    cards: game.cards(),
                    swapped: player == Player::B,
                });
            }
        }
    }

    /// Every state of a small deck, and the states of random games: one
    /// round as [`Game`](crate::camicia::Game) plays it.
    #[test]
    fn next_round_plays_as_the_game_does() {
        let mut states = small_states();
        let mut rng = SplitMix64::new(2);
        for _ in 0..100 {
            states.extend(rounds(&shuffle(&mut rng).to_deal()));
        }
        let mut ended = 0;
        for s in &states {
            let want = by_game(s);
            ended += usize::from(want.is_none());
            assert_eq!(next_round(s), want, "after {s}");
        }
        assert!(ended > 100 && states.len() - ended > 1000, "{ended}");
    }

    /// Every state of 6 cards of any ranks, both hands dealt.
    fn small_states() -> Vec<Deal> {
        let ranks = [Rank::Number, Rank::Jack, Rank::Queen, Rank::King, Rank::Ace];
        let mut all = Vec::new();
        for code in 0..5u32.pow(6) {
            let row: Vec<Rank> = (0..6)
                .map(|i| ranks[(code / 5u32.pow(i) % 5) as usize])
                .collect();
            for split in 1..6 {
                all.push(Deal::from_hands(&row[..split], &row[split..]).unwrap());
            }
        }
        all
    }

    /// Every state of every round of a game: the deal, then after each round.
    fn rounds(deal: &Deal) -> Vec<Deal> {
        let mut out = std::vec![*deal];
        let mut s = *deal;
        while let Some(n) = next_round(&s) {
            out.push(n.state);
            s = n.state;
            if out.len() > 3000 {
                break;
            }
        }
        out
    }

    /// Every predecessor plays forward to the state, and a game's states
    /// are each found among the predecessors of the next.
    #[test]
    fn predecessors_play_forward_to_the_state_and_find_the_game() {
        let mut rng = SplitMix64::new(9);
        let mut found = 0;
        for _ in 0..200 {
            let deal = shuffle(&mut rng).to_deal();
            let states = rounds(&deal);
            for pair in states.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let mut hit = false;
                for p in predecessors(&b) {
                    let n = next_round(&p.state).expect("a predecessor's round goes on");
                    assert_eq!(n.state, b);
                    assert_eq!(n.cards, p.cards);
                    assert_eq!(n.swapped, p.swapped);
                    hit |= p.state == a;
                    found += 1;
                }
                assert!(hit, "{a} is before {b}");
            }
        }
        assert!(found > 1000);
    }

    /// On a small deck, exhaustively: for every state of a few cards, the
    /// predecessors found are exactly the states whose round leads to it.
    #[test]
    fn predecessors_are_exactly_the_states_before() {
        use std::collections::BTreeMap;
        let all = small_states();
        let mut truth: BTreeMap<std::string::String, Vec<std::string::String>> = BTreeMap::new();
        for s in &all {
            if let Some(n) = by_game(s) {
                truth
                    .entry(n.state.to_string())
                    .or_default()
                    .push(s.to_string());
            }
        }
        let mut edges = 0;
        for s in &all {
            let mut got: Vec<_> = predecessors(s).map(|p| p.state.to_string()).collect();
            let mut want = truth.get(&s.to_string()).cloned().unwrap_or_default();
            got.sort();
            want.sort();
            assert_eq!(got, want, "before {s}");
            edges += got.len();
        }
        assert!(edges > 100, "{edges}");
    }

    /// The walk visits each state of the tree once, as a plain recursive
    /// walk does, and says its rounds and cards to the root truly.
    #[test]
    fn ancestors_walk_the_tree_as_a_recursion_does() {
        // A bound on the states kept: a wrong predecessor can make a tree
        // without end, and the test then fails instead of filling memory.
        const MOST: usize = 1_000_000;
        fn recurse(s: &Deal, rounds: u64, cards: u64, limit: u64, out: &mut Vec<Ancestor>) {
            out.push(Ancestor {
                state: *s,
                tricks: rounds,
                cards,
            });
            if rounds == limit || out.len() >= MOST {
                return;
            }
            for p in predecessors(s) {
                recurse(&p.state, rounds + 1, cards + p.cards, limit, out);
            }
        }
        let mut rng = SplitMix64::new(4);
        let mut big = 0;
        for _ in 0..30 {
            let deal = shuffle(&mut rng).to_deal();
            let states = rounds(&deal);
            let root = states[states.len() - 1];
            for limit in [3, 40] {
                let mut want = Vec::new();
                recurse(&root, 0, 0, limit, &mut want);
                let got: Vec<_> = Ancestors::new(&root, limit).take(MOST + 1).collect();
                assert!(got.len() < MOST, "a tree without end");
                assert_eq!(got, want);
                big = big.max(got.len());
                // Keeping more of the path is the same walk, played forward
                // less: with one frame, once a node but the root; with more
                // frames than levels, never.
                let deepest = want.iter().map(|a| a.tricks).max().unwrap_or(0) as usize;
                for kept in [1, 2, 3, 7, 64, deepest + 1] {
                    let mut frames = std::vec![Frame::EMPTY; kept];
                    let mut walk = Ancestors::new_in(&root, limit, frames.as_mut_slice());
                    assert!(walk.by_ref().eq(want.iter().copied()), "{kept} frames");
                    let replayed = walk.replayed();
                    match kept {
                        1 => assert_eq!(replayed, want.len() as u64 - 1),
                        k if k > deepest => assert_eq!(replayed, 0),
                        _ => assert!(replayed < want.len() as u64, "{kept}: {replayed}"),
                    }
                }
                let none: Vec<_> = Ancestors::new_in(&root, limit, [Frame::EMPTY; 0]).collect();
                assert_eq!(none, want[..1]);
            }
        }
        assert!(big > 100, "{big}");
    }

    /// A balanced state of the tree is a deal whose game is its cards to
    /// the root plus the root's: checked by the simulation.
    #[test]
    fn balanced_ancestors_play_as_long_as_the_walk_says() {
        let mut rng = SplitMix64::new(12);
        let mut checked = 0;
        for _ in 0..20 {
            let deal = shuffle(&mut rng).to_deal();
            let Outcome::Done(end) = deal.simulate(Budget::new(100_000)) else {
                continue;
            };
            if end.status != Status::Finished {
                continue;
            }
            let states = rounds(&deal);
            let root = states[states.len() - 1];
            let before = states.len() as u64 - 1;
            let cards_before = end.cards - {
                // The root's own game: its last round.
                let Outcome::Done(tail) = root.simulate(Budget::new(10)) else {
                    unreachable!()
                };
                tail.cards
            };
            for a in Ancestors::new(&root, 2000)
                .take(1_000_000)
                .filter(|a| a.state.len(Player::A) == 26 && a.state.len(Player::B) == 26)
            {
                let packed = PackedDeal::from_deal(&a.state).unwrap();
                let Outcome::Done(e) = packed.simulate(Budget::new(100_000)) else {
                    panic!("exhausted");
                };
                assert_eq!(e.status, Status::Finished);
                assert_eq!(e.cards, end.cards - cards_before + a.cards);
                assert_eq!(e.tricks, end.tricks - before + a.tricks);
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked}");
    }
}
