//! tCHu claims: the core's allocation-free claims against a brute-force baseline
//! (filtering every multiset of `length` cards, on the heap), in the same run.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use plateau::bag::SortedBag;
use plateau::tchu::{Card, Level, Route, map};

/// Baseline: every multiset of `k` cards, filtered by SPEC §2's rule, then sorted.
fn brute_force_claims(r: &Route) -> Vec<Vec<Card>> {
    let k = usize::from(r.length());
    let mut hands = vec![];
    let mut stack = vec![(Vec::new(), 0usize)];
    while let Some((hand, from)) = stack.pop() {
        if hand.len() == k {
            hands.push(hand);
            continue;
        }
        for (i, &c) in Card::ALL.iter().enumerate().skip(from) {
            let mut h: Vec<Card> = hand.clone();
            h.push(c);
            stack.push((h, i));
        }
    }
    let locos = |h: &Vec<Card>| h.iter().filter(|&&c| c == Card::Locomotive).count();
    let mut claims: Vec<Vec<Card>> = hands
        .into_iter()
        .filter(|h| {
            let mut colors: Vec<_> = h.iter().filter_map(|c| c.color()).collect();
            colors.dedup();
            colors.len() <= 1
                && (r.level() == Level::Underground || locos(h) == 0)
                && r.color()
                    .is_none_or(|c| colors.first().is_none_or(|d| *d == c))
        })
        .collect();
    claims.sort_by_key(|h| (locos(h), h.iter().find_map(|c| c.color())));
    claims
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("tchu");
    g.measurement_time(Duration::from_secs(3)).sample_size(15);
    g.bench_function("possible_claim_cards, 88 routes", |b| {
        b.iter(|| {
            map::ROUTES
                .iter()
                .map(|r| black_box(r).possible_claim_cards().len())
                .sum::<usize>()
        })
    });
    g.bench_function("baseline brute force claims, 88 routes", |b| {
        b.iter(|| {
            map::ROUTES
                .iter()
                .map(|r| brute_force_claims(black_box(r)).len())
                .sum::<usize>()
        })
    });
    let drawn: SortedBag<Card, 3> =
        SortedBag::from_elements([Card::Red, Card::Black, Card::Locomotive]).unwrap_or_default();
    let tunnels: Vec<(&Route, Vec<_>)> = map::ROUTES
        .iter()
        .filter(|r| r.level() == Level::Underground)
        .map(|r| (r, r.possible_claim_cards().to_vec()))
        .collect();
    g.bench_function("additional_claim_cards_count, every tunnel claim", |b| {
        b.iter(|| {
            let mut total = 0;
            for (r, claims) in &tunnels {
                for claim in claims {
                    total += r
                        .additional_claim_cards_count(black_box(claim), &drawn)
                        .unwrap_or(0);
                }
            }
            total
        })
    });
    let hand: SortedBag<Card, 9> = SortedBag::from_elements(
        [Card::Red; 5]
            .into_iter()
            .chain([Card::Blue; 4])
            .chain([Card::Locomotive; 3])
            .chain([Card::White; 4]),
    )
    .unwrap_or_default();
    g.bench_function("subsets of 4 of a 16-card hand", |b| {
        b.iter(|| black_box(&hand).subsets(4).count())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
