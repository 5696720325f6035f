//! Camicia: the published cases, the records, and the fast simulator against a
//! slow obviously-right one on random deals of many sizes, loops included.

use std::collections::{HashSet, VecDeque};

use plateau::camicia::{Deal, Event, Game, Outcome, PackedDeal, Player, Rank, Status, Trace};
use plateau_tests::{fixture, run_cli};
use proptest::prelude::*;

const NESSLER_2022: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
const CASELLA_2024: &str = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA";

/// The rules of SPEC §4 written plainly: card by card, every round-start state
/// kept in a set. Returns (status, cards, tricks).
fn reference(a: &[u8], b: &[u8]) -> (Status, u64, u64) {
    let mut hands = [
        a.iter().copied().collect::<VecDeque<u8>>(),
        b.iter().copied().collect::<VecDeque<u8>>(),
    ];
    let total = a.len() + b.len();
    let (mut cards, mut tricks) = (0u64, 0u64);
    let mut seen: HashSet<(Vec<u8>, Vec<u8>, usize)> = HashSet::new();
    let mut starter = 0usize;
    loop {
        let state = (
            hands[0].iter().copied().collect(),
            hands[1].iter().copied().collect(),
            starter,
        );
        if !seen.insert(state) {
            return (Status::Loop, cards, tricks);
        }
        // One round.
        let mut pile: Vec<u8> = Vec::new();
        let mut turn = starter;
        let mut owed = 0u8;
        let mut creditor = starter;
        let taker = loop {
            let Some(card) = hands[turn].pop_front() else {
                break 1 - turn;
            };
            pile.push(card);
            cards += 1;
            if card > 0 {
                owed = card;
                creditor = turn;
                turn = 1 - turn;
            } else if owed > 0 {
                owed -= 1;
                if owed == 0 {
                    break creditor;
                }
            } else {
                turn = 1 - turn;
            }
        };
        if !pile.is_empty() {
            tricks += 1;
        }
        hands[taker].extend(pile);
        if hands[taker].len() == total {
            return (Status::Finished, cards, tricks);
        }
        starter = taker;
    }
}

fn penalties(ranks: &[Rank]) -> Vec<u8> {
    ranks.iter().map(|r| r.penalty()).collect()
}

fn compact_hand(text: &str) -> Vec<Rank> {
    text.chars()
        .map(|c| Rank::from_compact(c).expect("compact card"))
        .collect()
}

fn compact(deal: &str) -> (Vec<Rank>, Vec<Rank>) {
    let (a, b) = deal.split_once('/').expect("a '/'");
    (compact_hand(a), compact_hand(b))
}

fn figures(o: Outcome) -> (Status, u64, u64) {
    (o.status, o.cards, o.tricks)
}

/// The 28 published cases: (description, A, B, status, cards, tricks).
fn published() -> Vec<(String, Vec<Rank>, Vec<Rank>, Status, u64, u64)> {
    let text = std::fs::read_to_string(fixture("camicia/canonical-data.json")).expect("data");
    let data: serde_json::Value = serde_json::from_str(&text).expect("json");
    let hand = |v: &serde_json::Value| -> Vec<Rank> {
        v.as_array()
            .expect("hand")
            .iter()
            .map(|c| Rank::from_symbol(c.as_str().expect("card")).expect("rank"))
            .collect()
    };
    data["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            let status = match c["expected"]["status"].as_str() {
                Some("finished") => Status::Finished,
                Some("loop") => Status::Loop,
                s => panic!("status {s:?}"),
            };
            (
                c["description"].as_str().expect("description").to_string(),
                hand(&c["input"]["playerA"]),
                hand(&c["input"]["playerB"]),
                status,
                c["expected"]["cards"].as_u64().expect("cards"),
                c["expected"]["tricks"].as_u64().expect("tricks"),
            )
        })
        .collect()
}

#[test]
fn the_28_published_cases() {
    let cases = published();
    assert_eq!(cases.len(), 28);
    for (name, a, b, status, cards, tricks) in cases {
        let expected = (status, cards, tricks);
        let got = if a.len() + b.len() <= 64 {
            let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
            let packed = PackedDeal::from_deal(&deal).expect("fits");
            assert_eq!(
                figures(packed.simulate(1 << 20)),
                expected,
                "{name} (packed)"
            );
            figures(deal.simulate(1 << 20))
        } else {
            assert!(
                Deal::<1>::from_hands(&a, &b).is_err(),
                "{name}: over capacity"
            );
            figures(
                Deal::<6>::from_hands(&a, &b)
                    .expect("fits")
                    .simulate(1 << 20),
            )
        };
        assert_eq!(got, expected, "{name}");
        assert_eq!(
            reference(&penalties(&a), &penalties(&b)),
            expected,
            "{name} (reference)"
        );
    }
}

#[test]
fn the_records_of_the_spec() {
    use Rank::*;
    let deal: Deal = Deal::from_hands(
        &[Two, Ace, Seven, Eight, Queen, Ten],
        &[Three, Four, Five, Six, King, Nine, Jack],
    )
    .expect("fits");
    assert_eq!(figures(deal.simulate(100)), (Status::Finished, 13, 1));
    let deal: Deal = Deal::from_hands(&[Jack, Two, Three], &[Four, Jack, Five]).expect("fits");
    assert_eq!(figures(deal.simulate(100)), (Status::Loop, 8, 3));
    for (text, expected) in [
        (NESSLER_2022, (Status::Finished, 8344, 1164)),
        (CASELLA_2024, (Status::Loop, 474, 66)),
    ] {
        let (a, b) = compact(text);
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        assert_eq!(figures(deal.simulate(1 << 20)), expected, "{text}");
        assert_eq!(
            figures(
                Deal::<3>::from_hands(&a, &b)
                    .expect("fits")
                    .simulate(1 << 20)
            ),
            expected
        );
        assert_eq!(reference(&penalties(&a), &penalties(&b)), expected);
        let packed = PackedDeal::from_deal(&deal).expect("fits");
        assert_eq!(packed.to_string(), text);
        assert_eq!(figures(packed.simulate(1 << 20)), expected);
    }
}
