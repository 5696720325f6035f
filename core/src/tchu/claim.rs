//! Claiming a route: the cards that may pay for it, and a tunnel's additional cards.

use core::fmt;

use heapless::Vec;

use super::{ADDITIONAL_TUNNEL_CARDS, Card, Color, Level, Route};
use crate::bag::SortedBag;

/// The cards paid for a route: at most one car color plus locomotives.
pub type Claim = SortedBag<Card, 2>;

/// The most claims a route can offer: a neutral tunnel of length 6 has 8 × 6 + 1.
pub const MAX_CLAIMS: usize = 49;

/// The claims a route offers, in the game's order.
pub type Claims = Vec<Claim, MAX_CLAIMS>;

/// Tells why the additional cards of a tunnel could not be counted.
///
/// ```
/// use plateau::{bag::SortedBag, tchu::{Card, ClaimError, map}};
/// let tunnel = map::route("COI_DAV_1").ok_or("no such route")?; // violet, length 2
/// let claim: SortedBag<Card, 2> = SortedBag::of_n(2, Card::Violet).map_err(|_| "full")?;
/// let drawn: SortedBag<Card, 2> = SortedBag::of_n(2, Card::Red).map_err(|_| "full")?;
/// let e = tunnel.additional_claim_cards_count(&claim, &drawn);
/// assert_eq!(e, Err(ClaimError::DrawnCount { drawn: 2 }));
/// assert_eq!(e.unwrap_err().to_string(), "exactly 3 cards must be drawn");
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ClaimError {
    /// The route is overground: only tunnels ask for additional cards.
    NotTunnel,
    /// Not exactly [`ADDITIONAL_TUNNEL_CARDS`] cards were drawn.
    DrawnCount {
        /// How many were.
        drawn: usize,
    },
    /// The claim is not one of the route's possible claims.
    NotPossibleClaim,
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotTunnel => f.write_str("only a tunnel asks for additional cards"),
            Self::DrawnCount { .. } => {
                write!(f, "exactly {ADDITIONAL_TUNNEL_CARDS} cards must be drawn")
            }
            Self::NotPossibleClaim => {
                f.write_str("the cards are not a possible claim of the route")
            }
        }
    }
}

impl core::error::Error for ClaimError {}

/// Returns `{cars×car, locomotives×LOCOMOTIVE}`; both counts are at most 6.
fn claim_of(car: Card, cars: u8, locomotives: u8) -> Claim {
    // Two distinct cards, counts <= 6: a `Claim` always has room, so the
    // fallbacks below are never taken.
    let cars = Claim::of_n(u16::from(cars), car).unwrap_or_default();
    let locomotives = Claim::of_n(u16::from(locomotives), Card::Locomotive).unwrap_or_default();
    cars.union(&locomotives).unwrap_or(cars)
}

impl Route<'_> {
    /// Returns the car colors that may pay: the route's, or all 8 for a neutral one.
    fn payable_colors(&self) -> &'static [Color] {
        match self.color() {
            Some(c) => match c {
                Color::Black => &[Color::Black],
                Color::Violet => &[Color::Violet],
                Color::Blue => &[Color::Blue],
                Color::Green => &[Color::Green],
                Color::Yellow => &[Color::Yellow],
                Color::Orange => &[Color::Orange],
                Color::Red => &[Color::Red],
                Color::White => &[Color::White],
            },
            None => &Color::ALL,
        }
    }

    /// Returns every set of cards that may pay for the route, by increasing number
    /// of locomotives, then by color order.
    ///
    /// Overground: `length` cards of one payable color (1 or 8 claims). A tunnel
    /// adds locomotives in place of cars, up to all of them (`length + 1` claims
    /// for a colored tunnel, `8 × length + 1` for a neutral one).
    ///
    /// ```
    /// use plateau::tchu::map;
    /// let tunnel = map::route("AT1_STG_1").ok_or("no such route")?; // neutral, length 4
    /// let claims = tunnel.possible_claim_cards();
    /// assert_eq!(claims.len(), 8 * 4 + 1);
    /// assert_eq!(claims.first().map(|c| c.to_string()).as_deref(), Some("{4×BLACK}"));
    /// assert_eq!(claims.last().map(|c| c.to_string()).as_deref(), Some("{4×LOCOMOTIVE}"));
    /// # Ok::<(), &str>(())
    /// ```
    #[must_use]
    pub fn possible_claim_cards(&self) -> Claims {
        let mut claims = Claims::new();
        let max_locomotives = match self.level() {
            Level::Overground => 0,
            Level::Underground => self.length(),
        };
        for locomotives in 0..=max_locomotives {
            let cars = self.length().saturating_sub(locomotives);
            if cars == 0 {
                let _ = claims.push(claim_of(Card::Locomotive, 0, locomotives));
                continue;
            }
            for &color in self.payable_colors() {
                // At most 8 × 6 + 1 = MAX_CLAIMS pushes: never full.
                let _ = claims.push(claim_of(Card::of(color), cars, locomotives));
            }
        }
        claims
    }

    /// Returns whether `claim` is one of [`possible_claim_cards`](Self::possible_claim_cards).
    #[must_use]
    pub fn is_possible_claim<const M: usize>(&self, claim: &SortedBag<Card, M>) -> bool {
        if claim.len() != usize::from(self.length()) {
            return false;
        }
        let locomotives = claim.count_of(&Card::Locomotive);
        if locomotives > 0 && self.level() == Level::Overground {
            return false;
        }
        let mut cars = claim.distinct().filter_map(Card::color);
        match (cars.next(), cars.next()) {
            (None, _) => true,
            (Some(_), Some(_)) => false,
            (Some(c), None) => self.payable_colors().contains(&c),
        }
    }

    /// Returns how many more cards claiming this tunnel with `claim` costs after
    /// `drawn` (exactly 3 cards) came off the deck: the drawn locomotives and cards
    /// of the claim's car color; only the locomotives for an all-locomotive claim.
    pub fn additional_claim_cards_count<const M: usize, const D: usize>(
        &self,
        claim: &SortedBag<Card, M>,
        drawn: &SortedBag<Card, D>,
    ) -> Result<usize, ClaimError> {
        if self.level() != Level::Underground {
            return Err(ClaimError::NotTunnel);
        }
        if drawn.len() != ADDITIONAL_TUNNEL_CARDS {
            return Err(ClaimError::DrawnCount { drawn: drawn.len() });
        }
        if !self.is_possible_claim(claim) {
            return Err(ClaimError::NotPossibleClaim);
        }
        let car = claim.distinct().find(|c| c.color().is_some());
        // A fold rather than `count()`: at most D cards, so the sum never
        // saturates, and no overflow check is left to prove.
        Ok(drawn.iter().fold(0usize, |n, d| {
            n.saturating_add(usize::from(d == Card::Locomotive || Some(d) == car))
        }))
    }

    /// Returns whether a player with `cars` cars and `hand` can claim the route:
    /// enough cars, and one of the possible claims is in the hand.
    #[must_use]
    pub fn can_claim<const M: usize>(&self, cars: u8, hand: &SortedBag<Card, M>) -> bool {
        cars >= self.length()
            && self
                .possible_claim_cards()
                .iter()
                .any(|c| hand.contains_all(c))
    }

    /// Returns the possible claims `hand` can pay for, in the game's order (none if
    /// `cars` is less than the length).
    #[must_use]
    pub fn payable_claims<const M: usize>(&self, cars: u8, hand: &SortedBag<Card, M>) -> Claims {
        let mut claims = self.possible_claim_cards();
        if cars < self.length() {
            claims.clear();
        }
        claims.retain(|c| hand.contains_all(c));
        claims
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Station, map};
    use super::*;

    fn bag(cards: &[Card]) -> SortedBag<Card, 9> {
        SortedBag::from_elements(cards.iter().copied()).unwrap()
    }

    #[test]
    fn coi_dav_claims() {
        let r = map::route("COI_DAV_1").unwrap();
        let texts: std::vec::Vec<_> = r
            .possible_claim_cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            texts,
            ["{2×VIOLET}", "{VIOLET, LOCOMOTIVE}", "{2×LOCOMOTIVE}"]
        );
    }

    #[test]
    fn neutral_tunnel_of_six_has_the_most_claims() {
        let a = Station::new(0, "A", "A");
        let b = Station::new(1, "B", "B");
        let r = Route::new("A_B_1", a, b, 6, Level::Underground, None).unwrap();
        let claims = r.possible_claim_cards();
        assert_eq!(claims.len(), MAX_CLAIMS);
        assert_eq!(claims.last().unwrap().to_string(), "{6×LOCOMOTIVE}");
        assert!(claims.iter().all(|c| r.is_possible_claim(c)));
    }

    #[test]
    fn spec_example() {
        let a = Station::new(0, "A", "A");
        let b = Station::new(1, "B", "B");
        let r = Route::new("A_B_1", a, b, 2, Level::Underground, Some(Color::Red)).unwrap();
        let drawn = bag(&[Card::Red, Card::Black, Card::Locomotive]);
        assert_eq!(
            r.additional_claim_cards_count(&bag(&[Card::Red; 2]), &drawn),
            Ok(2)
        );
        let locos = bag(&[Card::Locomotive; 2]);
        assert_eq!(r.additional_claim_cards_count(&locos, &drawn), Ok(1));
        let two = bag(&[Card::Red, Card::Black]);
        assert_eq!(
            r.additional_claim_cards_count(&locos, &two),
            Err(ClaimError::DrawnCount { drawn: 2 })
        );
        let blue = bag(&[Card::Blue; 2]);
        assert_eq!(
            r.additional_claim_cards_count(&blue, &drawn),
            Err(ClaimError::NotPossibleClaim)
        );
        let hand = bag(&[Card::Red, Card::Locomotive, Card::Blue]);
        assert!(r.can_claim(2, &hand));
        assert!(!r.can_claim(1, &hand));
        assert_eq!(r.payable_claims(2, &hand).len(), 1);
    }

    #[test]
    fn error_messages() {
        let all = [
            (
                ClaimError::NotTunnel,
                "only a tunnel asks for additional cards",
            ),
            (
                ClaimError::DrawnCount { drawn: 4 },
                "exactly 3 cards must be drawn",
            ),
            (
                ClaimError::NotPossibleClaim,
                "the cards are not a possible claim of the route",
            ),
        ];
        for (e, text) in all {
            assert_eq!(std::format!("{e}"), text);
        }
    }

    #[test]
    fn overground_routes_take_no_locomotives() {
        let a = Station::new(0, "A", "A");
        let b = Station::new(1, "B", "B");
        let blue = Route::new("A_B_1", a, b, 3, Level::Overground, Some(Color::Blue)).unwrap();
        let claims = blue.possible_claim_cards();
        assert_eq!(claims.len(), 1);
        assert_eq!(claims[0].to_string(), "{3×BLUE}");
        assert!(blue.is_possible_claim(&bag(&[Card::Blue; 3])));
        assert!(!blue.is_possible_claim(&bag(&[Card::Blue, Card::Blue, Card::Locomotive])));
        assert!(!blue.is_possible_claim(&bag(&[Card::Locomotive; 3])));
        assert!(!blue.is_possible_claim(&bag(&[Card::Red; 3])));
        let drawn = bag(&[Card::Blue, Card::Black, Card::Locomotive]);
        assert_eq!(
            blue.additional_claim_cards_count(&bag(&[Card::Blue; 3]), &drawn),
            Err(ClaimError::NotTunnel)
        );
        let neutral = Route::new("A_B_2", a, b, 1, Level::Overground, None).unwrap();
        let texts: std::vec::Vec<_> = neutral
            .possible_claim_cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(texts, Color::ALL.map(|c| std::format!("{{{c}}}")));
        assert!(!neutral.is_possible_claim(&bag(&[Card::Locomotive])));
        assert!(neutral.is_possible_claim(&bag(&[Card::White])));
    }

    #[test]
    fn payable_claims_need_enough_cars() {
        let r = map::route("COI_DAV_1").unwrap();
        let hand = bag(&[Card::Violet, Card::Violet, Card::Locomotive]);
        let texts = |cars| {
            r.payable_claims(cars, &hand)
                .iter()
                .map(|c| c.to_string())
                .collect::<std::vec::Vec<_>>()
        };
        assert_eq!(texts(2), ["{2×VIOLET}", "{VIOLET, LOCOMOTIVE}"]);
        assert_eq!(texts(40), texts(2));
        assert!(texts(1).is_empty());
        assert!(r.can_claim(2, &hand));
        assert!(!r.can_claim(1, &hand));
        assert!(!r.can_claim(2, &bag(&[Card::Violet, Card::Red])));
    }
}
