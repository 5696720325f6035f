//! Camicia deals per second: the core's packed simulator (loop detection on),
//! many games at a time (`PackedDeal::simulate_many`) and one at a time,
//! against an IMITATION of the published searcher (acinnes/bmn `playbmn`,
//! C++): its card-by-card play in 64-slot rings without loop detection,
//! rewritten here in Rust. It is not the published code nor its build (that
//! is C++ with `-O3`); it stands beside plateau in the same run so the ratio
//! is measured on one machine at one time.
//!
//! Two workloads of 26/26 deals: a chain made as the published searcher makes
//! it (a position running over the deck swapped with a random later one, a
//! deal played only when the two cards differ, so every deal is new), and
//! fresh shuffles. Then the hunt's own paths, deal making included
//! (`plateau::camicia::hunt`: `--fresh`, and the default climb), against the
//! imitation's whole step (the next deal of its chain, then its play). Lines
//! starting with `bench-report camicia ` carry the alternating processor-time
//! figures as JSON for `tools/bench-report`.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use plateau::Budget;
use plateau::camicia::hunt::{Entry, Hunt, Tally};
use plateau::camicia::{PackedDeal, Rank};
use plateau::rng::SplitMix64 as Mix;
use plateau_tests::thread_cpu_ns;

const DEALS: usize = 4096;
const BUDGET: Budget = Budget::new(1 << 20);

fn deck() -> Vec<Rank> {
    let mut d = vec![Rank::Number; 36];
    for r in [Rank::Jack, Rank::Queen, Rank::King, Rank::Ace] {
        d.extend([r; 4]);
    }
    d
}

fn shuffled(rng: &mut Mix) -> Vec<Rank> {
    let mut d = deck();
    for i in (1..d.len()).rev() {
        d.swap(i, rng.below(i + 1));
    }
    d
}

/// The imitation of the published searcher's play: byte hands in 64-slot
/// rings, card by card, no loop detection.
fn imitation_play(deal: &[u8; 52]) -> (u64, u64) {
    let mut hands = [[0u8; 64]; 2];
    let mut head = [0usize; 2];
    let mut len = [26usize; 2];
    hands[0][..26].copy_from_slice(&deal[..26]);
    hands[1][..26].copy_from_slice(&deal[26..]);
    let mut pile = [0u8; 64];
    let (mut cards, mut tricks) = (0u64, 0u64);
    let mut starter = 0usize;
    loop {
        let mut n = 0usize;
        let mut turn = starter;
        let mut owed = 0u8;
        let mut creditor = starter;
        let taker = loop {
            if len[turn] == 0 {
                break 1 - turn;
            }
            let card = hands[turn][head[turn] & 63];
            head[turn] += 1;
            len[turn] -= 1;
            pile[n & 63] = card;
            n += 1;
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
        cards += n as u64;
        tricks += 1;
        for &c in &pile[..n] {
            hands[taker][(head[taker] + len[taker]) & 63] = c;
            len[taker] += 1;
        }
        if len[1 - taker] == 0 || cards > 1 << 24 {
            return (cards, tricks);
        }
        starter = taker;
    }
}

/// Plays the deals many at a time; returns their cards.
fn many(deals: &[PackedDeal]) -> u64 {
    let mut cards = 0;
    PackedDeal::simulate_many(deals.iter().copied().map(black_box), BUDGET, |_, _, o| {
        cards += o.cards();
    });
    cards
}

/// The published searcher's next deal: position `at` (running over
/// 0..=50) swapped with a random position from `at` to 51, until a swap moves
/// two different cards (different ranks, or a number card and a payment
/// card), so the deal differs from the last. Returns how many swaps were
/// drawn.
fn next_in_chain(deal: &mut PackedDeal, at: &mut usize, rng: &mut Mix) -> usize {
    let mut draws = 0;
    loop {
        let i = *at;
        let j = i + rng.below(52 - i);
        *at = (i + 1) % 51;
        draws += 1;
        if !deal.alike(i, j).expect("in range") {
            deal.swap(i, j).expect("in range");
            return draws;
        }
    }
}

/// The same on the imitation's bytes.
fn next_in_chain_bytes(deal: &mut [u8; 52], at: &mut usize, rng: &mut Mix) {
    loop {
        let i = *at;
        let j = i + rng.below(52 - i);
        *at = (i + 1) % 51;
        if deal[i] != deal[j] {
            deal.swap(i, j);
            return;
        }
    }
}

fn chain(rng: &mut Mix) -> Vec<PackedDeal> {
    let mut deal = PackedDeal::from_row(&shuffled(rng), 26).expect("52 cards");
    let mut at = 0;
    let mut draws = 0;
    let deals: Vec<PackedDeal> = (0..DEALS)
        .map(|_| {
            let before = deal;
            draws += next_in_chain(&mut deal, &mut at, rng);
            assert_ne!(bytes(&before), bytes(&deal), "a swap changes the deal");
            deal
        })
        .collect();
    eprintln!("swap chain: {DEALS} deals, each differing from the last, from {draws} drawn swaps");
    deals
}

fn bytes(deal: &PackedDeal) -> [u8; 52] {
    let mut out = [0u8; 52];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = deal.rank(i).expect("in range").penalty();
    }
    out
}

/// Returns deals per second of processor time of `run` (which plays `deals`
/// deals) over a slice of about a tenth of a processor second.
fn slice_rate(deals: usize, sink: &mut u64, run: &mut impl FnMut() -> u64) -> Option<f64> {
    let start = thread_cpu_ns()?;
    let mut played = 0usize;
    let mut now = start;
    while now - start < 100_000_000 {
        *sink = sink.wrapping_add(run());
        played += deals;
        now = thread_cpu_ns()?;
    }
    Some(played as f64 / ((now - start) as f64 / 1e9))
}

/// Prints deals per second of processor time (not wall time) of each run, in
/// alternating slices of a tenth of a second (two seconds each in all), and
/// each one's ratio to the last (the imitation of the published searcher): on a machine shared with
/// other work, processor time is the figure that compares with a quiet core,
/// and the other work (which also clears the branch predictor's memory) hits
/// every run alike. The median slice is the figure; the best slice is the
/// nearest to a quiet machine.
fn processor_rates(name: &str, deals: usize, runs: &mut [(&str, &mut dyn FnMut() -> u64)]) {
    let mut sink = 0u64;
    let mut rates = vec![Vec::new(); runs.len()];
    for _ in 0..20 {
        for ((_, run), r) in runs.iter_mut().zip(rates.iter_mut()) {
            let Some(x) = slice_rate(deals, &mut sink, run) else {
                return;
            };
            r.push(x);
        }
    }
    let figures: Vec<(f64, f64)> = rates
        .iter_mut()
        .map(|v| {
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v.iter().copied().fold(0.0, f64::max))
        })
        .collect();
    let Some(&(base_median, base_best)) = figures.last() else {
        return;
    };
    for ((label, _), (median, best)) in runs.iter().zip(&figures) {
        eprintln!(
            "processor time, {name}, {label}: {:.3} M deals/s (median of 20 slices), ratio {:.2} to the imitation; best slice {:.3}, ratio {:.2}",
            median / 1e6,
            median / base_median,
            best / 1e6,
            best / base_best,
        );
    }
    for ((label, _), (median, best)) in runs.iter().zip(&figures) {
        let json = serde_json::json!({
            "workload": name,
            "run": label,
            "slices": 20,
            "deals_per_s_median": median,
            "deals_per_s_best": best,
            "ratio_median": median / base_median,
            "ratio_best": best / base_best,
        });
        println!("bench-report camicia {json}");
    }
    eprintln!("({sink})");
}

fn bench(c: &mut Criterion) {
    let mut rng = Mix::new(2024);
    let swapped = chain(&mut rng);
    let fresh: Vec<PackedDeal> = (0..DEALS)
        .map(|_| PackedDeal::from_row(&shuffled(&mut rng), 26).expect("52 cards"))
        .collect();
    for (name, deals) in [("swap chain", &swapped), ("fresh shuffles", &fresh)] {
        let raw: Vec<[u8; 52]> = deals.iter().map(bytes).collect();
        processor_rates(
            name,
            DEALS,
            &mut [
                ("packed, many at once (loop detection)", &mut || many(deals)),
                ("packed, one at a time (loop detection)", &mut || {
                    deals
                        .iter()
                        .map(|d| black_box(d).simulate(BUDGET).cards())
                        .sum()
                }),
                (
                    "imitation of the published searcher (no loop detection)",
                    &mut || raw.iter().map(|d| imitation_play(black_box(d)).0).sum(),
                ),
            ],
        );
    }
    // The hunt's paths, each run one chunk of DEALS deals (chunk numbers
    // running on, so every run plays new deals), against the imitation's
    // step: the next deal of its chain (a swap of two different cards), played.
    let mut tally = Tally::new_in([Entry::EMPTY; 5], [Entry::EMPTY; 5], [Entry::EMPTY; 5]);
    let mut climb_tally = tally;
    let fresh_hunt = Hunt::new(1, BUDGET).fresh();
    let climb_hunt = Hunt::new(1, BUDGET).climb();
    let (mut fresh_chunk, mut climb_chunk) = (0u64, 0u64);
    let mut deal = bytes(&swapped[0]);
    let mut chain_rng = Mix::new(7);
    let mut at = 0;
    processor_rates(
        "hunt paths",
        DEALS,
        &mut [
            ("hunt --fresh (shuffles, many at once)", &mut || {
                fresh_chunk += 1;
                fresh_hunt.chunk(fresh_chunk, Budget::new(DEALS as u64), &mut tally);
                tally.deals
            }),
            ("hunt, the climb (swaps, one at a time)", &mut || {
                climb_chunk += 1;
                climb_hunt.chunk(climb_chunk, Budget::new(DEALS as u64), &mut climb_tally);
                climb_tally.deals
            }),
            (
                "imitation of the published searcher: chain step (swap + play, no loop detection)",
                &mut || {
                    let mut sum = 0u64;
                    for _ in 0..DEALS {
                        next_in_chain_bytes(&mut deal, &mut at, &mut chain_rng);
                        sum += imitation_play(black_box(&deal)).0;
                    }
                    sum
                },
            ),
        ],
    );
    let mut g = c.benchmark_group("camicia deals");
    g.throughput(Throughput::Elements(DEALS as u64));
    for (name, deals) in [("swap chain", &swapped), ("fresh shuffles", &fresh)] {
        g.bench_with_input(
            BenchmarkId::new("packed, many at once, loop detection", name),
            deals,
            |b, deals| b.iter(|| many(deals)),
        );
        g.bench_with_input(
            BenchmarkId::new("packed, one at a time, loop detection", name),
            deals,
            |b, deals| {
                b.iter(|| {
                    deals
                        .iter()
                        .map(|d| black_box(d).simulate(BUDGET).cards())
                        .sum::<u64>()
                })
            },
        );
        let raw: Vec<[u8; 52]> = deals.iter().map(bytes).collect();
        g.bench_with_input(
            BenchmarkId::new(
                "imitation of the published searcher, no loop detection",
                name,
            ),
            &raw,
            |b, raw| {
                b.iter(|| {
                    raw.iter()
                        .map(|d| imitation_play(black_box(d)).0)
                        .sum::<u64>()
                })
            },
        );
    }
    // The published searcher's whole step: the next deal of the chain, played.
    g.bench_function("chain step: swap + simulate", |b| {
        let mut deal = swapped[0];
        let mut rng = Mix::new(7);
        let mut at = 0;
        b.iter(|| {
            let mut sum = 0u64;
            for _ in 0..DEALS {
                next_in_chain(&mut deal, &mut at, &mut rng);
                sum += deal.simulate(BUDGET).cards();
            }
            sum
        })
    });
    g.bench_function("chain step: imitation of the published searcher", |b| {
        let mut deal = bytes(&swapped[0]);
        let mut rng = Mix::new(7);
        let mut at = 0;
        b.iter(|| {
            let mut sum = 0u64;
            for _ in 0..DEALS {
                next_in_chain_bytes(&mut deal, &mut at, &mut rng);
                sum += imitation_play(black_box(&deal)).0;
            }
            sum
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
