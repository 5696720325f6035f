//! Can looping deals be grown a card at a time (the "adaptive insertion" of
//! issue #45)? Measures, with the core's exact simulation (a deal loops if
//! its game repeats a round-start state within 20,000 rounds):
//!
//! 1. how often a random deal, cut in half, loops, by the deck's make-up
//!    (penalty cards of each rank, number cards);
//! 2. a beam search that starts from looping 16-card deals (2 penalty cards
//!    of each rank, 8 number cards, 8 a hand) and inserts one card a step (a
//!    number card or a penalty card the 52-card deck still lacks), at every
//!    place of either hand that keeps the hands within `SLACK` cards of each
//!    other (and able to end 26/26), keeping `BEAM` of the deals that still
//!    loop, drawn at random: how far the deals grow;
//! 3. Casella et al.'s 30 balanced deals with one number card taken from (or
//!    put into) each hand, at every pair of places: how many still loop.
//!
//! `cargo run --release -p plateau-tests --example loop_growth [BEAM] [STARTS] [SLACK]`
//! (defaults 20000, 3000 and 1). What it printed is in docs/notes/camicia.md.

use std::collections::HashSet;

use plateau::Budget;
use plateau::camicia::{CASELLA_2024, Cycle, Deal, PackedDeal, Player, Rank, Status, backward};
use plateau::rng::SplitMix64;

const PENALTY: [Rank; 4] = [Rank::Jack, Rank::Queen, Rank::King, Rank::Ace];
/// Number cards, then penalty cards of each rank, in the 52-card deck.
const FULL: [usize; 5] = [36, 4, 4, 4, 4];

type Hands = (Vec<Rank>, Vec<Rank>);

/// The id of the cycle the deal `a/b` loops into, if it loops.
fn cycle(a: &[Rank], b: &[Rank]) -> Option<u64> {
    let row: Vec<Rank> = a.iter().chain(b).copied().collect();
    let deal = PackedDeal::from_row(&row, a.len()).ok()?;
    let end = *deal.simulate(Budget::new(20_000)).done()?;
    (end.status == Status::Loop)
        .then(|| Cycle::find(&deal.to_deal(), &end))
        .flatten()
        .map(|c| c.id())
}

fn kind(r: Rank) -> usize {
    PENALTY.iter().position(|&p| p == r).map_or(0, |i| i + 1)
}

fn shuffle<T>(row: &mut [T], rng: &mut SplitMix64) {
    for i in (1..row.len()).rev() {
        row.swap(i, rng.below(i + 1));
    }
}

fn deck(per_rank: usize, numbers: usize) -> Vec<Rank> {
    let mut row = vec![Rank::Number; numbers];
    for r in PENALTY {
        row.extend(std::iter::repeat_n(r, per_rank));
    }
    row
}

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .map_or(default, |s| s.parse().expect("a whole number"))
    };
    let (beam, starts, slack) = (arg(1, 20_000), arg(2, 3_000), arg(3, 1).max(1));
    let mut rng = SplitMix64::new(7);

    println!("1. random deals cut in half, 100,000 of each make-up:");
    for per_rank in 1..=4 {
        for numbers in [2, 4, 6, 8, 10, 14, 18, 28, 36] {
            let mut row = deck(per_rank, numbers);
            let (mut loops, mut ids) = (0, HashSet::new());
            for _ in 0..100_000 {
                shuffle(&mut row, &mut rng);
                let (a, b) = row.split_at(row.len() / 2);
                if let Some(id) = cycle(a, b) {
                    loops += 1;
                    ids.insert(id);
                }
            }
            if loops > 0 || per_rank == 4 {
                println!(
                    "   {per_rank} of each penalty rank, {numbers:2} numbers: {loops:2} loop, {} cycles",
                    ids.len()
                );
            }
        }
    }
    println!("   (the make-ups of 1 to 3 of each rank not listed: none loops)");

    println!("2. growth by insertion: beam {beam}, {starts} starts, hands within {slack}:");
    let mut row = deck(2, 8);
    let mut level: Vec<Hands> = Vec::new();
    while level.len() < starts {
        shuffle(&mut row, &mut rng);
        if cycle(&row[..8], &row[8..]).is_some() {
            level.push((row[..8].to_vec(), row[8..].to_vec()));
        }
    }
    while let Some((a, b)) = level.first() {
        let size = a.len() + b.len() + 1;
        if size > 52 {
            break;
        }
        let mut next: Vec<Hands> = Vec::new();
        let mut seen = HashSet::new();
        for (a, b) in &level {
            let mut have = [0; 5];
            a.iter().chain(b).for_each(|&r| have[kind(r)] += 1);
            let fits = |la: usize, lb: usize| la.abs_diff(lb) <= slack.min(52 - size);
            for (hand, other, into_a) in [(a, b, true), (b, a, false)] {
                if !fits(hand.len() + 1, other.len()) {
                    continue;
                }
                for r in [Rank::Number, Rank::Jack, Rank::Queen, Rank::King, Rank::Ace] {
                    if have[kind(r)] >= FULL[kind(r)] {
                        continue;
                    }
                    for at in 0..=hand.len() {
                        let mut grown = hand.clone();
                        grown.insert(at, r);
                        let hands = if into_a {
                            (grown, other.clone())
                        } else {
                            (other.clone(), grown)
                        };
                        if !seen.contains(&hands) && cycle(&hands.0, &hands.1).is_some() {
                            seen.insert(hands.clone());
                            next.push(hands);
                        }
                    }
                }
            }
        }
        let looping = next.len();
        shuffle(&mut next, &mut rng);
        next.truncate(beam);
        let ids: HashSet<u64> = next.iter().filter_map(|(a, b)| cycle(a, b)).collect();
        println!(
            "   {size} cards: {looping} looping deals, {} kept, {} cycles among them",
            next.len(),
            ids.len()
        );
        level = next;
    }

    println!("3. Casella et al.'s balanced deals, a number card out of or into each hand:");
    let casella: Deal = CASELLA_2024.parse().expect("the published deal");
    let canonical = Cycle::find(
        &casella,
        casella.simulate(Budget::UNLIMITED).done().expect("ends"),
    )
    .expect("loops")
    .canonical();
    let mut tree = HashSet::from([canonical]);
    let mut stack = vec![canonical];
    while let Some(state) = stack.pop() {
        for step in backward::predecessors(&state) {
            if tree.insert(step.state) {
                stack.push(step.state);
            }
        }
    }
    let balanced: Vec<Hands> = tree
        .iter()
        .filter(|d| d.len(Player::A) == 26 && d.len(Player::B) == 26)
        .map(|d| (d.hand(Player::A).collect(), d.hand(Player::B).collect()))
        .collect();
    let (mut out, mut into, mut tried_out, mut tried_into) = (0, 0, 0, 0);
    for (a, b) in &balanced {
        for i in 0..a.len() {
            for j in 0..b.len() {
                if a[i] == Rank::Number && b[j] == Rank::Number {
                    let (mut a2, mut b2) = (a.clone(), b.clone());
                    a2.remove(i);
                    b2.remove(j);
                    tried_out += 1;
                    out += usize::from(cycle(&a2, &b2).is_some());
                }
            }
        }
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                let (mut a2, mut b2) = (a.clone(), b.clone());
                a2.insert(i, Rank::Number);
                b2.insert(j, Rank::Number);
                tried_into += 1;
                into += usize::from(cycle(&a2, &b2).is_some());
            }
        }
    }
    println!(
        "   {} deals: {out} of {tried_out} with a number out of each hand loop, {into} of {tried_into} with one more in each",
        balanced.len()
    );
}
