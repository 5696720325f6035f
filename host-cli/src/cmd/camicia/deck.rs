//! The deck a `loops` search plays with (`--deck`): how many cards of each
//! kind it holds. The rules only tell number cards from the four penalty
//! ranks, so a deck is five counts: number cards, then J, Q, K and A.

use std::fmt;

use plateau::camicia::{Deal, Player, Rank};

/// The kinds of card, in the order of a deck's counts and its text.
const KINDS: [(Rank, &str); 5] = [
    (Rank::Number, "numbers"),
    (Rank::Jack, "J"),
    (Rank::Queen, "Q"),
    (Rank::King, "K"),
    (Rank::Ace, "A"),
];

/// The most cards a deal of the construction holds.
const MOST: usize = Deal::<1>::CAPACITY;

/// A deck: the cards of each kind (number cards, J, Q, K, A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deck([usize; 5]);

impl Deck {
    /// The 52 cards: 36 number cards, 4 of each penalty rank.
    pub(crate) const STANDARD: Deck = Deck([36, 4, 4, 4, 4]);
    /// The Italian 40: 28 number cards, 4 each of J, Q and K.
    pub(crate) const ITALIAN: Deck = Deck([28, 4, 4, 4, 0]);

    /// The deck of the cards of `deal`.
    pub(crate) fn of(deal: &Deal) -> Deck {
        let mut counts = [0; 5];
        for card in deal.hand(Player::A).chain(deal.hand(Player::B)) {
            counts[kind(card)] += 1;
        }
        Deck(counts)
    }

    /// Its cards in all.
    pub(crate) fn total(self) -> usize {
        self.0.iter().sum()
    }

    /// Its cards, number cards first, then each penalty rank in turn.
    pub(crate) fn cards(self) -> Vec<Rank> {
        KINDS
            .iter()
            .zip(self.0)
            .flat_map(|(&(rank, _), n)| std::iter::repeat_n(rank, n))
            .collect()
    }

    /// Whether `deal` is a deal of this deck split evenly: half of it a hand.
    pub(crate) fn balanced(self, deal: &Deal) -> bool {
        deal.len(Player::A) == deal.len(Player::B) && Deck::of(deal) == self
    }
}

/// The kind of `card`: its place in a deck's counts.
fn kind(card: Rank) -> usize {
    KINDS.iter().position(|&(r, _)| r == card).unwrap_or(0)
}

impl fmt::Display for Deck {
    /// `standard`, `italian`, or the counts: `numbers=8,J=2,Q=2,K=2,A=2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Deck::STANDARD => f.write_str("standard"),
            Deck::ITALIAN => f.write_str("italian"),
            Deck(counts) => {
                let parts: Vec<String> = KINDS
                    .iter()
                    .zip(counts)
                    .map(|(&(_, name), n)| format!("{name}={n}"))
                    .collect();
                f.write_str(&parts.join(","))
            }
        }
    }
}

/// Parses `--deck`: `standard` (or `52`), `italian` (or `40`), or counts
/// `numbers=N,J=N,Q=N,K=N,A=N` (a kind left out has none), 2 to 64 cards.
pub(crate) fn parse(text: &str) -> Result<Deck, String> {
    let deck = match text.trim() {
        "standard" | "52" => return Ok(Deck::STANDARD),
        "italian" | "40" => return Ok(Deck::ITALIAN),
        counts => {
            let mut deck = [None; 5];
            for part in counts.split(',') {
                let (name, n) = part.split_once('=').ok_or_else(|| {
                    format!(
                        "'{}': expected KIND=COUNT (numbers, J, Q, K, A)",
                        part.trim()
                    )
                })?;
                let at = KINDS
                    .iter()
                    .position(|&(_, k)| k == name.trim())
                    .ok_or_else(|| {
                        format!(
                            "'{}': not a kind of card (numbers, J, Q, K, A)",
                            name.trim()
                        )
                    })?;
                let n: usize = n
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&n| n <= MOST)
                    .ok_or_else(|| format!("'{}': a count is 0 to {MOST}", part.trim()))?;
                if deck[at].replace(n).is_some() {
                    return Err(format!("'{}' is given twice", name.trim()));
                }
            }
            Deck(deck.map(|n| n.unwrap_or(0)))
        }
    };
    if !(2..=MOST).contains(&deck.total()) {
        return Err(format!(
            "{} cards: a deck holds 2 to {MOST} (standard, italian, or counts like numbers=8,J=2,Q=2,K=2,A=2)",
            deck.total()
        ));
    }
    Ok(deck)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_by_name_and_by_counts() {
        assert_eq!(parse("standard"), Ok(Deck::STANDARD));
        assert_eq!(parse("52"), Ok(Deck::STANDARD));
        assert_eq!(parse("italian"), Ok(Deck::ITALIAN));
        assert_eq!(parse("40"), Ok(Deck::ITALIAN));
        assert_eq!(parse("numbers=36,J=4,Q=4,K=4,A=4"), Ok(Deck::STANDARD));
        assert_eq!(parse(" J=2, numbers=8 "), Ok(Deck([8, 2, 0, 0, 0])));
        assert_eq!(Deck::STANDARD.total(), 52);
        assert_eq!(Deck::ITALIAN.total(), 40);
        for (text, why) in [
            ("numbers=8,X=2", "not a kind"),
            ("numbers=8,J", "expected KIND=COUNT"),
            ("numbers=8,J=-1", "a count is 0 to 64"),
            ("numbers=65", "a count is 0 to 64"),
            ("numbers=60,J=5", "65 cards"),
            ("J=1", "1 cards"),
            ("J=2,J=3", "given twice"),
        ] {
            let error = parse(text).unwrap_err();
            assert!(error.contains(why), "{text}: {error}");
        }
    }

    #[test]
    fn a_deck_is_written_as_it_is_read() {
        for deck in [
            Deck::STANDARD,
            Deck::ITALIAN,
            Deck([8, 2, 2, 2, 2]),
            Deck([3, 0, 0, 1, 0]),
        ] {
            assert_eq!(parse(&deck.to_string()), Ok(deck));
        }
        assert_eq!(
            Deck([8, 2, 2, 2, 2]).to_string(),
            "numbers=8,J=2,Q=2,K=2,A=2"
        );
    }

    #[test]
    fn the_deck_of_a_deal_and_its_balance() {
        let deal: Deal = plateau::camicia::CASELLA_2024.parse().unwrap();
        assert_eq!(Deck::of(&deal), Deck::STANDARD);
        assert!(Deck::STANDARD.balanced(&deal));
        assert!(!Deck::ITALIAN.balanced(&deal));
        let cards = Deck([2, 1, 0, 0, 1]).cards();
        assert_eq!(cards, [Rank::Number, Rank::Number, Rank::Jack, Rank::Ace]);
        let uneven = Deal::from_hands(&cards[..1], &cards[1..]).unwrap();
        assert!(!Deck([2, 1, 0, 0, 1]).balanced(&uneven));
        let even = Deal::from_hands(&cards[..2], &cards[2..]).unwrap();
        assert!(Deck([2, 1, 0, 0, 1]).balanced(&even));
    }
}
