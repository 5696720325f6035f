//! What feeds the record hunt's lift better: fresh shuffles or the climb.
//! Plays DEALS deals of SEED one way (`fresh`: shuffles; `climb`: chunks of
//! `CHUNK_DEALS`, each a shuffle then swaps of two different cards of the
//! chunk's longest deal so far, as `Hunt::climb` plays them) and lifts
//! every finished game of FROM cards or more (default 1,600) as the hunt
//! does (the tree of its state `LIFT_ROUNDS` rounds in). Prints the games
//! lifted, the longest game and lift, and how many lifts passed 3,000 to
//! 4,500 cards; then, for each threshold T from FROM up, the share of the
//! time the lifts would take and the lifts past 3,000 to 3,900 cards a
//! processor second, with a deal costing 0.385 µs (`hunt --fresh`'s rate,
//! 2.6 M deals a processor second, BENCHMARKS.md) and a state of a lift
//! 0.215 µs (the `lift_gains` example).
//! `cargo run --release -p plateau-tests --example fresh_vs_climb -- fresh 20000000 1 [FROM]`

use plateau::Budget;
use plateau::camicia::hunt::{CHUNK_DEALS, shuffle};
use plateau::camicia::{PackedDeal, Status};
use plateau::rng::SplitMix64;
use plateau::search::Outcome;

/// Seconds a fresh deal costs (`hunt --fresh`, many games at once).
const DEAL: f64 = 0.385e-6;
/// Seconds a state of a lift's walk costs.
const STATE: f64 = 0.215e-6;

fn finished(deal: &PackedDeal) -> Option<u64> {
    match deal.simulate(Budget::new(1_000_000)) {
        Outcome::Done(e) if e.status == Status::Finished => Some(e.cards),
        _ => None,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: fresh_vs_climb fresh|climb DEALS SEED [FROM]";
    let mode = args.get(1).map(String::as_str).expect(usage);
    assert!(mode == "fresh" || mode == "climb", "{usage}");
    let deals: u64 = args.get(2).and_then(|s| s.parse().ok()).expect(usage);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).expect(usage);
    let from: u64 = args.get(4).map_or(1600, |s| s.parse().expect(usage));
    // (game's cards, lifted cards, states walked) of every lift.
    let mut lifts: Vec<(u64, u64, usize)> = Vec::new();
    let mut best = 0;
    let mut seen = |cards: u64, deal: &PackedDeal| {
        best = best.max(cards);
        if cards >= from {
            let (l, s, _) = plateau_tests::camicia_lift(&deal.to_deal(), cards);
            lifts.push((cards, l, s));
        }
    };
    let mut rng = SplitMix64::new(seed);
    let mut played = 0;
    while played < deals {
        if mode == "fresh" {
            let d = shuffle(&mut rng);
            if let Some(cards) = finished(&d) {
                seen(cards, &d);
            }
            played += 1;
            continue;
        }
        let first = shuffle(&mut rng);
        let (mut longest, mut candidate) = (None::<(PackedDeal, u64)>, first);
        for _ in 0..CHUNK_DEALS {
            if let Some(cards) = finished(&candidate) {
                seen(cards, &candidate);
                if longest.is_none_or(|(_, k)| cards >= k) {
                    longest = Some((candidate, cards));
                }
            }
            candidate = longest.map_or(first, |(d, _)| d);
            for _ in 0..16 {
                let (i, j) = rng.below_two(52, 52);
                if candidate.alike(i, j) == Ok(false) {
                    let _ = candidate.swap(i, j);
                    break;
                }
            }
        }
        played += CHUNK_DEALS;
    }
    let past = |m: u64| lifts.iter().filter(|r| r.1 > m).count();
    println!(
        "{mode}, seed {seed}: {played} deals, {} games of {from} cards or more lifted \
         ({:.1} per million deals), longest game {best}, longest lift {}, \
         lifts past 3,000 / 3,500 / 4,000 / 4,500 cards: {} / {} / {} / {}",
        lifts.len(),
        lifts.len() as f64 * 1e6 / played as f64,
        lifts.iter().map(|r| r.1).max().unwrap_or(0),
        past(3000),
        past(3500),
        past(4000),
        past(4500),
    );
    for t in (from..=2600).step_by(100) {
        let sel: Vec<_> = lifts.iter().filter(|r| r.0 >= t).collect();
        let states: usize = sel.iter().map(|r| r.2).sum();
        let time = played as f64 * DEAL + states as f64 * STATE;
        let rate = |m: u64| sel.iter().filter(|r| r.1 > m).count() as f64 / time;
        println!(
            "from {t}: {} lifts, {:.0} % of the time; lifts a processor second past \
             3,000 {:.3}, 3,300 {:.3}, 3,600 {:.4}, 3,900 {:.4}",
            sel.len(),
            100.0 * states as f64 * STATE / time,
            rate(3000),
            rate(3300),
            rate(3600),
            rate(3900)
        );
    }
}
