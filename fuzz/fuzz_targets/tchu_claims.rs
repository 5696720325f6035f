//! Claims on the real map: every possible claim is accepted by its route, has the
//! route's length, and asks 0 to 3 additional cards on a tunnel; a hand that
//! `can_claim` really holds one of the possible claims.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau::bag::SortedBag;
use plateau::tchu::{Card, Level, map};

fuzz_target!(|data: (u8, u8, Vec<u8>, [u8; 3], u8)| {
    let (route, cars, hand, drawn, n_drawn) = data;
    let Some(route) = map::ROUTES.get(usize::from(route) % map::ROUTES.len()) else {
        return;
    };
    let card = |x: u8| Card::ALL[usize::from(x) % 9];
    let Ok(hand) = SortedBag::<Card, 9>::from_elements(hand.iter().take(64).map(|&x| card(x)))
    else {
        return;
    };
    let n = usize::from(n_drawn % 5);
    let drawn_bag =
        SortedBag::<Card, 9>::from_elements(drawn.iter().cycle().take(n).map(|&x| card(x)))
            .unwrap_or_default();
    let claims = route.possible_claim_cards();
    for c in &claims {
        assert_eq!(c.len(), usize::from(route.length()));
        assert!(route.is_possible_claim(c));
        let extra = route.additional_claim_cards_count(c, &drawn_bag);
        match (route.level(), n) {
            (Level::Underground, 3) => assert!(extra.is_ok_and(|x| x <= 3)),
            _ => assert!(extra.is_err()),
        }
    }
    let payable = route.payable_claims(cars, &hand);
    assert_eq!(route.can_claim(cars, &hand), !payable.is_empty());
    for c in &payable {
        assert!(hand.contains_all(c) && cars >= route.length());
    }
    assert_eq!(
        payable.len(),
        claims
            .iter()
            .filter(|c| cars >= route.length() && hand.contains_all(*c))
            .count()
    );
});
