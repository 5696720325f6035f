//! Claims and additional tunnel cards on every route of the real map, against an
//! independent brute-force reading of SPEC §2.

use plateau::bag::SortedBag;
use plateau::tchu::{Card, ClaimError, Color, Level, Route, map};
use plateau_tests::run_cli;
use proptest::prelude::*;

/// All multisets of `k` cards, as sorted vectors (9 kinds: C(k + 8, 8) of them).
fn all_hands(k: usize) -> Vec<Vec<Card>> {
    let mut out = vec![];
    let mut stack = vec![(Vec::new(), 0usize)];
    while let Some((hand, from)) = stack.pop() {
        if hand.len() == k {
            out.push(hand);
            continue;
        }
        for i in from..9 {
            let mut h = hand.clone();
            h.push(Card::ALL[i]);
            stack.push((h, i));
        }
    }
    out.sort();
    out
}

fn locomotives(cards: &[Card]) -> usize {
    cards.iter().filter(|&&c| c == Card::Locomotive).count()
}

/// The color of the hand's car cards if they all share one (`None` for no cars).
fn car_colors(cards: &[Card]) -> Vec<Color> {
    let mut colors: Vec<Color> = cards.iter().filter_map(|c| c.color()).collect();
    colors.dedup();
    colors
}

/// SPEC §2 read literally: the multisets of `length` cards with at most one car
/// color, that color the route's (if any), locomotives only in tunnels; sorted by
/// number of locomotives, then by color order.
fn model_claims(r: &Route) -> Vec<Vec<Card>> {
    let mut claims: Vec<Vec<Card>> = all_hands(usize::from(r.length()))
        .into_iter()
        .filter(|h| {
            let colors = car_colors(h);
            colors.len() <= 1
                && (r.level() == Level::Underground || locomotives(h) == 0)
                && match (r.color(), colors.first()) {
                    (Some(c), Some(d)) => c == *d,
                    _ => true,
                }
        })
        .collect();
    claims.sort_by_key(|h| (locomotives(h), car_colors(h).first().copied()));
    claims
}

fn to_bag<const M: usize>(cards: &[Card]) -> SortedBag<Card, M> {
    SortedBag::from_elements(cards.iter().copied()).unwrap()
}

#[test]
fn possible_claims_follow_the_order_rule_on_every_route() {
    let mut total = 0;
    for r in &map::ROUTES {
        let got: Vec<Vec<Card>> = r
            .possible_claim_cards()
            .iter()
            .map(|c| c.iter().collect())
            .collect();
        let want = model_claims(r);
        assert_eq!(got, want, "{}", r.id());
        let expected_len = match (r.level(), r.color()) {
            (Level::Overground, Some(_)) => 1,
            (Level::Overground, None) => 8,
            (Level::Underground, Some(_)) => usize::from(r.length()) + 1,
            (Level::Underground, None) => 8 * usize::from(r.length()) + 1,
        };
        assert_eq!(got.len(), expected_len, "{}", r.id());
        total += got.len();
        // Exactly the possible claims pass `is_possible_claim`, among all multisets
        // of 0..=7 cards.
        for k in 0..=7 {
            for h in all_hands(k) {
                assert_eq!(
                    r.is_possible_claim(&to_bag::<9>(&h)),
                    want.contains(&h),
                    "{} {h:?}",
                    r.id()
                );
            }
        }
    }
    assert!(total > 88);
}

#[test]
fn cli_claims_all_prints_the_model() {
    let run = run_cli(&["tchu", "claims", "--all", "--json"], b"");
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 88);
    for (line, r) in lines.iter().zip(&map::ROUTES) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["route"], r.id());
        let claims: Vec<serde_json::Value> = model_claims(r).iter().map(|h| data(h)).collect();
        assert_eq!(v["claims"], serde_json::json!(claims), "{}", r.id());
    }
}

/// The SPEC's text form for a sorted card list, written independently of the bag.
fn text(cards: &[Card]) -> String {
    let mut parts: Vec<String> = vec![];
    for &c in Card::ALL.iter() {
        let n = cards.iter().filter(|&&d| d == c).count();
        match n {
            0 => {}
            1 => parts.push(c.name().to_string()),
            _ => parts.push(format!("{n}×{}", c.name())),
        }
    }
    format!("{{{}}}", parts.join(", "))
}

/// The JSON form of a sorted card list (docs/tchu.md): `{card, count}` in the
/// cards' order, written independently of the bag.
fn data(cards: &[Card]) -> serde_json::Value {
    let parts: Vec<serde_json::Value> = Card::ALL
        .iter()
        .map(|&c| (c, cards.iter().filter(|&&d| d == c).count()))
        .filter(|&(_, n)| n > 0)
        .map(|(c, n)| serde_json::json!({ "card": c.name(), "count": n }))
        .collect();
    serde_json::Value::Array(parts)
}

/// SPEC §2: drawn locomotives and drawn cards of the claim's car color count; an
/// all-locomotive claim counts only locomotives.
fn model_additional(claim: &[Card], drawn: &[Card]) -> usize {
    let color = claim.iter().find_map(|c| c.color());
    drawn
        .iter()
        .filter(|d| **d == Card::Locomotive || (color.is_some() && d.color() == color))
        .count()
}

#[test]
fn additional_cards_over_all_tunnels_claims_and_draws() {
    let draws = all_hands(3);
    assert_eq!(draws.len(), 165);
    let mut checked = 0;
    for r in map::ROUTES
        .iter()
        .filter(|r| r.level() == Level::Underground)
    {
        for claim in model_claims(r) {
            let claim_bag = to_bag::<2>(&claim);
            for drawn in &draws {
                let got = r.additional_claim_cards_count(&claim_bag, &to_bag::<3>(drawn));
                assert_eq!(
                    got,
                    Ok(model_additional(&claim, drawn)),
                    "{} {claim:?} {drawn:?}",
                    r.id()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 42 * 2 * 165);
}

#[test]
fn additional_errors() {
    let draw = to_bag::<3>(&[Card::Red, Card::Black, Card::Locomotive]);
    for r in &map::ROUTES {
        let claim = r.possible_claim_cards()[0].clone();
        for k in [0, 1, 2, 4, 5] {
            let drawn: SortedBag<Card, 9> = to_bag(&vec![Card::Locomotive; k]);
            let want = if r.level() == Level::Overground {
                ClaimError::NotTunnel
            } else {
                ClaimError::DrawnCount { drawn: k }
            };
            assert_eq!(r.additional_claim_cards_count(&claim, &drawn), Err(want));
        }
        if r.level() == Level::Overground {
            assert_eq!(
                r.additional_claim_cards_count(&claim, &draw),
                Err(ClaimError::NotTunnel)
            );
            continue;
        }
        let possible = model_claims(r);
        for k in 0..=7 {
            for h in all_hands(k).into_iter().filter(|h| !possible.contains(h)) {
                assert_eq!(
                    r.additional_claim_cards_count(&to_bag::<9>(&h), &draw),
                    Err(ClaimError::NotPossibleClaim),
                    "{} {h:?}",
                    r.id()
                );
            }
        }
    }
}

#[test]
fn spec_examples() {
    // A red tunnel of length 2: BAL has none, so build one.
    let [a, b] = map::route("COI_DAV_1").unwrap().stations();
    let r = Route::new("X", a, b, 2, Level::Underground, Some(Color::Red)).unwrap();
    let drawn = to_bag::<3>(&[Card::Red, Card::Black, Card::Locomotive]);
    assert_eq!(
        r.additional_claim_cards_count(&to_bag::<2>(&[Card::Red; 2]), &drawn),
        Ok(2)
    );
    assert_eq!(
        r.additional_claim_cards_count(&to_bag::<2>(&[Card::Locomotive; 2]), &drawn),
        Ok(1)
    );
}

fn hand_strategy() -> impl Strategy<Value = Vec<Card>> {
    prop::collection::vec(prop::sample::select(Card::ALL.to_vec()), 0..12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn can_claim_iff_enough_cars_and_a_claim_fits(
        route in prop::sample::select(map::ROUTES.to_vec()),
        hand in hand_strategy(),
        cars in 0u8..8,
    ) {
        let hand_bag = to_bag::<9>(&hand);
        let fits = |claim: &Vec<Card>| {
            Card::ALL.iter().all(|c| {
                claim.iter().filter(|&d| d == c).count() <= hand.iter().filter(|&d| d == c).count()
            })
        };
        let want: Vec<String> = if cars >= route.length() {
            model_claims(&route).iter().filter(|c| fits(c)).map(|c| text(c)).collect()
        } else {
            vec![]
        };
        let got: Vec<String> =
            route.payable_claims(cars, &hand_bag).iter().map(ToString::to_string).collect();
        prop_assert_eq!(route.can_claim(cars, &hand_bag), !want.is_empty());
        prop_assert_eq!(got, want);
    }
}
