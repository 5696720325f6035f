//! What the record hunt's lift gains, and what it costs: fresh shuffles
//! (`plateau::camicia::hunt::shuffle`, seed 11) whose games finish with at
//! least 1,000 cards are lifted as the hunt lifts them (the tree of the
//! game's state `LIFT_ROUNDS` rounds in), 2,000 of them; prints the cards
//! the longest balanced deal of each tree adds (quantiles and tail counts),
//! the states walked and the time a lift takes, how well cheap looks at the
//! tree foretell the gain (the states within four rounds of the lift's root,
//! the other predecessors of the game's first states, Knuth's estimate of
//! the tree's size from random paths back) beside the whole tree's size, and
//! what the swaps of two cards of Nessler's record play (the
//! climb's neighbourhood).
//! `cargo run --release -p plateau-tests --example lift_gains`

use plateau::Budget;
use plateau::camicia::backward::{next_round, predecessors};
use plateau::camicia::hunt::{LIFT_ROUNDS, shuffle};
use plateau::camicia::{Deal, PackedDeal, Status};
use plateau::rng::SplitMix64;
use plateau::search::Outcome;
use std::time::Instant;

const LIFTS: usize = 2000;
const FROM: u64 = 1000;
/// Random paths a Knuth estimate follows.
const PATHS: usize = 16;

fn finished_cards(deal: &PackedDeal) -> Option<u64> {
    match deal.simulate(Budget::new(1_000_000)) {
        Outcome::Done(e) if e.status == Status::Finished => Some(e.cards),
        _ => None,
    }
}

/// The cards the longest balanced deal of the game's tree adds, the states
/// walked, and the tree's root (the game's state `LIFT_ROUNDS` rounds in).
fn lift(deal: &Deal, cards: u64) -> (u64, usize, Deal) {
    let (longest, states, root) = plateau_tests::camicia_lift(deal, cards);
    (longest - cards, states, root)
}

/// Cheap looks at a game's tree: the states within four rounds before its
/// state `LIFT_ROUNDS` rounds in, and the predecessors of the game's first
/// `LIFT_ROUNDS` states that are not the game's own.
fn looks(deal: &Deal) -> (usize, usize) {
    let (mut root, mut side) = (*deal, 0);
    for _ in 0..LIFT_ROUNDS {
        let Some(next) = next_round(&root) else { break };
        side += predecessors(&next.state)
            .filter(|p| p.state != root)
            .count();
        root = next.state;
    }
    let (mut level, mut near) = (vec![root], 0);
    for _ in 0..4 {
        level = level
            .iter()
            .flat_map(|s| predecessors(s).map(|p| p.state))
            .collect();
        near += level.len();
    }
    (near, side)
}

/// Knuth's estimate of the size of the tree of `root` from `paths` random
/// paths back from it (each goes to a predecessor drawn at random until a
/// state has none; the estimate is the mean over the paths of the sum of
/// the products of the branchings met), and the mean states on a path.
fn probes(root: &Deal, paths: usize, rng: &mut SplitMix64) -> (f64, f64) {
    let (mut estimate, mut length) = (0.0, 0);
    for _ in 0..paths {
        let (mut state, mut product, mut sum) = (*root, 1.0, 1.0);
        loop {
            length += 1;
            let before: Vec<Deal> = predecessors(&state).map(|p| p.state).collect();
            if before.is_empty() {
                break;
            }
            product *= before.len() as f64;
            sum += product;
            state = before[rng.below(before.len())];
        }
        estimate += sum;
    }
    (estimate / paths as f64, length as f64 / paths as f64)
}

/// Pearson's correlation of two columns.
fn correlation(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    sxy / (sxx * syy).sqrt()
}

fn main() {
    let mut rng = SplitMix64::new(11);
    let (mut gains, mut states, mut seconds, mut dealt) = (Vec::new(), 0, 0.0, 0u64);
    let mut paths = SplitMix64::new(12);
    // A lift's gain, its states walked, the two looks, the game's cards, the
    // logarithms of the states walked and of Knuth's estimate.
    let mut columns: [Vec<f64>; 7] = Default::default();
    let mut path_states = 0.0;
    while gains.len() < LIFTS {
        let deal = shuffle(&mut rng);
        dealt += 1;
        let Some(cards) = finished_cards(&deal).filter(|&c| c >= FROM) else {
            continue;
        };
        let t = Instant::now();
        let (gain, walked, root) = lift(&deal.to_deal(), cards);
        seconds += t.elapsed().as_secs_f64();
        gains.push(gain);
        states += walked;
        let (near, side) = looks(&deal.to_deal());
        let (estimate, length) = probes(&root, PATHS, &mut paths);
        path_states += length;
        for (column, value) in columns.iter_mut().zip([
            gain as f64,
            walked as f64,
            near as f64,
            side as f64,
            cards as f64,
            (walked as f64).ln(),
            estimate.ln(),
        ]) {
            column.push(value);
        }
    }
    gains.sort_unstable();
    let q = |p: usize| gains[(gains.len() * p / 100).min(gains.len() - 1)];
    println!(
        "{LIFTS} games of {FROM} cards or more ({dealt} fresh shuffles), each lifted from its state {LIFT_ROUNDS} rounds in:"
    );
    println!(
        "cards added: median {}, 90th percentile {}, 99th {}, most {}",
        q(50),
        q(90),
        q(99),
        gains[gains.len() - 1]
    );
    for at_least in [1, 100, 300, 500, 700, 1000, 1500] {
        let n = gains.iter().filter(|&&g| g >= at_least).count();
        println!(
            "  {at_least:>5} or more: {n:>5} ({:.1} %)",
            100.0 * n as f64 / LIFTS as f64
        );
    }
    println!(
        "states walked: {:.0} a lift; {:.2} ms a lift, {:.0} ns a state",
        states as f64 / LIFTS as f64,
        seconds / LIFTS as f64 * 1e3,
        seconds / states as f64 * 1e9
    );
    println!(
        "the gain's correlation with the states walked {:.2}; with the states within four rounds of the root {:.2}; with the other predecessors of the game's first {LIFT_ROUNDS} states {:.2}; with the game's cards {:.2}",
        correlation(&columns[0], &columns[1]),
        correlation(&columns[0], &columns[2]),
        correlation(&columns[0], &columns[3]),
        correlation(&columns[0], &columns[4]),
    );
    println!(
        "Knuth's estimate of the tree's size from {PATHS} random paths back from the root (a path meets {:.1} states on average): its logarithm's correlation with the logarithm of the states walked {:.2}, with the gain {:.2}",
        path_states / LIFTS as f64,
        correlation(&columns[5], &columns[6]),
        correlation(&columns[0], &columns[6]),
    );
    // The climb's neighbourhood: every swap of two different cards of the record.
    let record: PackedDeal = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---"
        .parse::<Deal>()
        .ok()
        .and_then(|d| PackedDeal::from_deal(&d).ok())
        .expect("the record is a deal");
    let mut played = Vec::new();
    for i in 0..52 {
        for j in i + 1..52 {
            if record.alike(i, j) == Ok(false) {
                let mut d = record;
                d.swap(i, j).expect("in the deal");
                played.push(match d.simulate(Budget::new(1_000_000)) {
                    Outcome::Done(e) => e.cards,
                    _ => 0,
                });
            }
        }
    }
    played.sort_unstable();
    println!(
        "the {} swaps of two different cards of Nessler's 8,344-card record play: median {} cards, 90th percentile {}, most {}",
        played.len(),
        played[played.len() / 2],
        played[played.len() * 9 / 10],
        played[played.len() - 1]
    );
}
