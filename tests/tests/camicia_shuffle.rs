//! The hunt's fresh deals (`plateau::camicia::hunt::shuffle`), checked
//! against answers of their own: a plain reference shuffle written from the
//! documented method (the draws, Floyd's sampling, a Fisher–Yates shuffle),
//! deal for deal; and the law of a uniform deal, place by place and for
//! every pair of places (tests of the tests included: a deal turned by a
//! random number of places passes the first and not the second).

use plateau::camicia::hunt::shuffle;
use plateau::camicia::{DECK_SIZE, PackedDeal, Player};
use plateau::rng::SplitMix64;

/// The penalties of a deal, place by place (0 for a number card, 1 to 4
/// for J, Q, K, A).
fn penalties(deal: &PackedDeal) -> [u8; DECK_SIZE] {
    std::array::from_fn(|i| deal.rank(i).expect("in range").penalty())
}

/// The hunt's shuffle, checked to deal a full deck split 26/26.
fn hunt_shuffle(rng: &mut SplitMix64) -> [u8; DECK_SIZE] {
    let deal = shuffle(rng);
    assert_eq!((deal.len(Player::A), deal.total()), (26, 52));
    let p = penalties(&deal);
    let mut count = [0; 5];
    for &x in &p {
        count[usize::from(x)] += 1;
    }
    assert_eq!(count, [36, 4, 4, 4, 4]);
    p
}

/// A deliberately bad shuffle: one fixed deal turned by a random number
/// of places. Each place on its own is uniform, but the cards keep their
/// distances to each other.
fn rotated_pattern(rng: &mut SplitMix64) -> [u8; DECK_SIZE] {
    let pattern = penalties(&shuffle(&mut SplitMix64::new(2024)));
    let turn = rng.below(DECK_SIZE);
    std::array::from_fn(|i| pattern[(i + turn) % DECK_SIZE])
}

/// The per-place test: every place holds a payment card 16 times in 52,
/// and each rank 4 times in 52 (binomial counts within five standard
/// deviations of their mean). Returns the first place that is off.
fn marginals_off(
    n: usize,
    seed: u64,
    mut deal: impl FnMut(&mut SplitMix64) -> [u8; DECK_SIZE],
) -> Option<String> {
    let mut rng = SplitMix64::new(seed);
    let mut payers_at = [0usize; DECK_SIZE];
    let mut rank_at = [[0usize; 4]; DECK_SIZE];
    for _ in 0..n {
        for (i, &p) in deal(&mut rng).iter().enumerate() {
            if p > 0 {
                payers_at[i] += 1;
                rank_at[i][usize::from(p) - 1] += 1;
            }
        }
    }
    let close = |got: usize, p: f64| {
        let (mean, sd) = (n as f64 * p, (n as f64 * p * (1.0 - p)).sqrt());
        (got as f64 - mean).abs() < 5.0 * sd
    };
    for (i, (&payers, ranks)) in payers_at.iter().zip(&rank_at).enumerate() {
        if !close(payers, 16.0 / 52.0) {
            return Some(format!("place {i}: {payers} payment cards in {n}"));
        }
        for (r, &k) in ranks.iter().enumerate() {
            if !close(k, 4.0 / 52.0) {
                return Some(format!("place {i} rank {r}: {k} in {n}"));
            }
        }
    }
    None
}

/// Deals per pair of places in the joint test.
const PER_PAIR: usize = 1200;

/// The joint test: for every pair of places (i, j), i < j, the pair of
/// penalties they hold, a 5×5 table, against the exact law of a uniform
/// deal: P(a, b) = n_a (n_b − [a = b]) / (52 · 51), n = (36, 4, 4, 4, 4).
/// Each deal is looked at in one pair only (deal k in pair k mod 1326),
/// so the 1326 Pearson statistics are independent. Returns how many
/// standard deviations their sum lies above its mean.
///
/// Under a uniform shuffle each statistic (25 cells, N = PER_PAIR deals)
/// has the exact mean 24 and variance 48 + (Σ 1/p − 25² − 2·25 + 2)/N
/// (Haldane 1937), so the sum has mean 31,824 and standard deviation
/// about 257; being a sum of 1326 independent terms, it is close to
/// normal (skewness about 0.02), and exceeding 6 standard deviations has
/// a probability of about 1e-9.
fn joint_excess(seed: u64, mut deal: impl FnMut(&mut SplitMix64) -> [u8; DECK_SIZE]) -> f64 {
    let pairs: Vec<(usize, usize)> = (0..DECK_SIZE)
        .flat_map(|i| (i + 1..DECK_SIZE).map(move |j| (i, j)))
        .collect();
    let mut table = vec![[[0u32; 5]; 5]; pairs.len()];
    let mut rng = SplitMix64::new(seed);
    for _ in 0..PER_PAIR {
        for (&(i, j), t) in pairs.iter().zip(table.iter_mut()) {
            let p = deal(&mut rng);
            t[usize::from(p[i])][usize::from(p[j])] += 1;
        }
    }
    let of_each = [36.0, 4.0, 4.0, 4.0, 4.0];
    let law = |a: usize, b: usize| {
        let same = if a == b { 1.0 } else { 0.0 };
        of_each[a] * (of_each[b] - same) / (DECK_SIZE * (DECK_SIZE - 1)) as f64
    };
    let n = PER_PAIR as f64;
    let mut sum = 0.0;
    for t in &table {
        for (a, row) in t.iter().enumerate() {
            for (b, &got) in row.iter().enumerate() {
                let expected = n * law(a, b);
                sum += (f64::from(got) - expected).powi(2) / expected;
            }
        }
    }
    let k = 25.0;
    let inverse: f64 = (0..5)
        .flat_map(|a| (0..5).map(move |b| (a, b)))
        .map(|(a, b)| 1.0 / law(a, b))
        .sum();
    let variance = 2.0 * (k - 1.0) + (inverse - k * k - 2.0 * k + 2.0) / n;
    let m = pairs.len() as f64;
    (sum - m * (k - 1.0)) / (m * variance).sqrt()
}

/// The shuffle deals a full deck, uniformly: every place holds a payment
/// card 16 times in 52, and each payment card is each rank once in four.
#[test]
fn shuffles_are_full_decks_and_uniform() {
    assert_eq!(marginals_off(20_000, 77, hunt_shuffle), None);
}

/// Pairs of places hold pairs of cards as a uniform deal does, which a
/// per-place test cannot see.
#[test]
fn shuffles_are_uniform_on_pairs_of_places() {
    let z = joint_excess(78, hunt_shuffle);
    eprintln!("the hunt's shuffle: {z:.2} sd");
    assert!(z < 6.0, "the pairs' statistic is {z:.1} sd above its mean");
}

/// The tests of the tests: a turned fixed deal passes the per-place test
/// but not the one on pairs.
#[test]
fn a_turned_fixed_deal_passes_the_places_but_not_the_pairs() {
    assert_eq!(marginals_off(20_000, 77, rotated_pattern), None);
    let z = joint_excess(78, rotated_pattern);
    eprintln!("a turned fixed deal: {z:.0} sd");
    assert!(
        z > 6.0,
        "the pairs' statistic is only {z:.1} sd above its mean"
    );
}

/// The hunt's shuffle as its docs describe it, written plainly (arrays, no
/// bit tricks): four random words; Floyd's sampling of the 16 payment
/// places from 52 (place `j` from 36 to 51 draws `t <= j` and takes it, or
/// `j` if `t` is taken), then a Fisher–Yates shuffle of the 16 penalties
/// (four each of J, Q, K, A) from the top down; each draw below `n` is the
/// high word of the 128-bit product of its group's word and `n`, the low
/// word left for the next draw. The groups: places 36..=42 from the first
/// word, 43..=49 from the second, 50 and 51 and the shuffle's 15..=9 from
/// the third, 8..=1 from the fourth. The i-th payment place (from the
/// top of A's hand) gets the i-th penalty; A holds the first 26 places.
fn reference_shuffle(rng: &mut SplitMix64) -> String {
    let mut words = [0u64; 4];
    for w in &mut words {
        *w = rng.next_u64();
    }
    let draw = |word: &mut u64, n: usize| -> usize {
        let product = u128::from(*word) * n as u128;
        *word = product as u64;
        (product >> 64) as usize
    };
    let mut taken = [false; DECK_SIZE];
    for j in 36..DECK_SIZE {
        let group = match j {
            36..=42 => 0,
            43..=49 => 1,
            _ => 2,
        };
        let t = draw(&mut words[group], j + 1);
        if taken[t] {
            taken[j] = true;
        } else {
            taken[t] = true;
        }
    }
    let mut penalties: Vec<char> = "JJJJQQQQKKKKAAAA".chars().collect();
    for k in (1..16).rev() {
        let group = if k >= 9 { 2 } else { 3 };
        let r = draw(&mut words[group], k + 1);
        penalties.swap(k, r);
    }
    let mut next = penalties.into_iter();
    let cards: String = taken
        .iter()
        .map(|&t| if t { next.next().unwrap_or('?') } else { '-' })
        .collect();
    format!("{}/{}", &cards[..DECK_SIZE / 2], &cards[DECK_SIZE / 2..])
}

/// The shuffle deals exactly what its documented method deals, for ten
/// thousand seeds of four words each.
#[test]
fn shuffles_are_the_documented_method_deal_for_deal() {
    for seed in 0..10_000 {
        let (mut a, mut b) = (SplitMix64::new(seed), SplitMix64::new(seed));
        let deal = shuffle(&mut a);
        assert_eq!(deal.to_string(), reference_shuffle(&mut b), "seed {seed}");
        // The same random words used: the next draw agrees.
        assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}");
    }
}
