//! The cycles near Casella et al.'s, found by a best-first walk over cycles:
//! do they have balanced deals?
//!
//! Starting from the published cycle alone, the walk expands one cycle at a
//! time, the one whose tree comes nearest to an even split first (ties by
//! id): every state of its turn changed by two swaps of different cards, and
//! every state of its tree changed by one edit (a swap, a card moved, two
//! adjacent blocks of one hand exchanged), each with the cut where it was or
//! moved by one card. Each deal that loops into a cycle not seen yet adds it:
//! its tree is walked (`backward::predecessors`), and the states of the tree
//! within three cards of even are rebalanced (the cut moved to the middle,
//! then up to two swaps) and played; a cycle such a balanced deal loops into
//! is added too. Everything is checked by the exact
//! simulation; the walk is the same on every run (threads split the states,
//! the finds are taken in the order of their ids).
//!
//! `cargo run --release -p plateau-tests --example cycle_neighbours -- 25`
//! (the number of cycles to expand; 25 takes about ten minutes on two cores).
//! A path after the number writes every cycle known to it as a table, one
//! row a cycle with its canonical deal: `fixtures/camicia/cycles-near-casella.tsv`
//! is `-- 25 fixtures/camicia/cycles-near-casella.tsv` (`-` for no table).
//! A third argument, a file of looping deals (the last column of each line
//! not starting with `#`), starts the walk from their cycles instead of the
//! published one.

use plateau::Budget;
use plateau::camicia::{CASELLA_2024, Cycle, Deal, PackedDeal, Player, Rank, Status, backward};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Rounds a deal is played for before it is taken not to loop.
const ROUNDS: u64 = 20_000;

/// The cycle the deal of these hands loops into, if it loops.
fn looping(row: &[Rank], cut: usize) -> Option<Cycle> {
    let deal = PackedDeal::from_row(row, cut).ok()?;
    let end = *deal.simulate(Budget::new(ROUNDS)).done()?;
    if end.status != Status::Loop {
        return None;
    }
    Cycle::find(&deal.to_deal(), &end)
}

/// The states of a cycle's turn, from its canonical state.
fn turn(start: &Deal) -> Vec<Deal> {
    let mut states = vec![*start];
    let mut s = *start;
    while let Some(next) = backward::next_round(&s) {
        s = next.state;
        if s == *start {
            break;
        }
        states.push(s);
    }
    states
}

/// The states from which a state is reached (itself included).
fn tree(start: &Deal) -> Vec<Deal> {
    let mut seen = HashSet::from([*start]);
    let (mut stack, mut states) = (vec![*start], Vec::new());
    while let Some(s) = stack.pop() {
        states.push(s);
        for p in backward::predecessors(&s) {
            if seen.insert(p.state) {
                stack.push(p.state);
            }
        }
    }
    states
}

/// A state's cards in a row (A's hand, then B's) and the cut between them.
fn row(state: &Deal) -> (Vec<Rank>, usize) {
    let cards = state.hand(Player::A).chain(state.hand(Player::B)).collect();
    (cards, state.len(Player::A))
}

/// The swaps of two different cards of a row.
fn swaps(row: &[Rank]) -> Vec<(usize, usize)> {
    let n = row.len();
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter(|&(i, j)| row[i] != row[j])
        .collect()
}

/// The cut where it was and one card either way (both hands kept).
fn cuts(cut: usize, n: usize) -> [usize; 3] {
    [cut.saturating_sub(1).max(1), cut, (cut + 1).min(n - 1)]
}

type Visit<'a> = &'a mut dyn FnMut(&[Rank], usize);

/// The row as it is, then changed by each swap of two different cards, then
/// by each two such swaps; `visit` gets each row and how many swaps made it.
fn up_to_two_swaps(cards: &[Rank], visit: &mut dyn FnMut(&[Rank], usize)) {
    visit(cards, 0);
    let pairs = swaps(cards);
    for (k, &(i, j)) in pairs.iter().enumerate() {
        let mut once = cards.to_vec();
        once.swap(i, j);
        visit(&once, 1);
        for &(p, q) in &pairs[k + 1..] {
            let mut twice = once.clone();
            twice.swap(p, q);
            visit(&twice, 2);
        }
    }
}

/// Two swaps of a state's cards.
fn two_swaps(state: &Deal, visit: Visit) {
    let (cards, cut) = row(state);
    up_to_two_swaps(&cards, &mut |r, swapped| {
        if swapped == 2 {
            for c in cuts(cut, r.len()) {
                visit(r, c);
            }
        }
    });
}

/// One edit of a state: a swap, a card moved, two adjacent blocks of one
/// hand exchanged.
fn one_edit(state: &Deal, visit: Visit) {
    let (cards, cut) = row(state);
    let n = cards.len();
    for (i, j) in swaps(&cards) {
        let mut r = cards.clone();
        r.swap(i, j);
        for c in cuts(cut, n) {
            visit(&r, c);
        }
    }
    for from in 0..n {
        for to in (0..n).filter(|&to| to != from && cards[to] != cards[from]) {
            let mut r = cards.clone();
            let card = r.remove(from);
            r.insert(to, card);
            for c in cuts(cut, n) {
                visit(&r, c);
            }
        }
    }
    for (lo, hi) in [(0, cut), (cut, n)] {
        for i in lo..hi {
            for j in i + 1..hi {
                for k in j + 1..=hi {
                    let mut r = cards.clone();
                    r[i..k].rotate_left(j - i);
                    visit(&r, cut);
                }
            }
        }
    }
}

/// The cycles not in `known` that the changed states loop into, by id; two
/// threads, each half of the states.
fn expand(states: &[Deal], change: fn(&Deal, Visit), known: &HashSet<u64>) -> BTreeMap<u64, Cycle> {
    let play = |part: &[Deal]| {
        let mut found = BTreeMap::new();
        for s in part {
            change(s, &mut |cards, cut| {
                if let Some(c) = looping(cards, cut)
                    && !known.contains(&c.id())
                {
                    found.entry(c.id()).or_insert(c);
                }
            });
        }
        found
    };
    let (first, second) = states.split_at(states.len() / 2);
    let (mut found, other) = std::thread::scope(|s| {
        let worker = s.spawn(|| play(second));
        (play(first), worker.join().expect("the worker plays"))
    });
    found.extend(other);
    found
}

/// What the walk knows of a cycle.
struct Known {
    cycle: Cycle,
    /// The cycle it was found from (`None` for the published deal's).
    from: Option<u64>,
    /// States of its tree.
    tree: usize,
    /// Its tree's least distance from an even split (cards in A's hand).
    off: usize,
    /// Balanced deals in its tree.
    balanced: usize,
    /// Balanced deals that loop, of the tree's near-even states rebalanced
    /// (tried only when the tree has no balanced deal).
    rebalanced: Option<usize>,
    expanded: bool,
}

/// What the walk learns of a cycle, and the rebalanced deals of its tree
/// that loop, with the cycles they loop into.
fn know(
    cycle: Cycle,
    from: Option<u64>,
    started: &std::time::Instant,
) -> (Known, Vec<(String, Cycle)>) {
    let states = tree(&cycle.canonical());
    let off = states
        .iter()
        .map(|s| s.len(Player::A).abs_diff(26))
        .min()
        .unwrap_or(26);
    let balanced = states.iter().filter(|s| s.len(Player::A) == 26).count();
    let mut rebalanced = None;
    let mut into = Vec::new();
    if off > 0 {
        let mut looped = 0;
        for s in states.iter().filter(|s| s.len(Player::A).abs_diff(26) <= 3) {
            let (cards, _) = row(s);
            up_to_two_swaps(&cards, &mut |r, _| {
                if let Some(c) = looping(r, 26) {
                    looped += 1;
                    if !into.iter().any(|(_, k): &(String, Cycle)| k.id() == c.id()) {
                        let text = |h: &[Rank]| h.iter().map(|r| r.compact()).collect::<String>();
                        into.push((format!("{}/{}", text(&r[..26]), text(&r[26..])), c));
                    }
                }
            });
        }
        rebalanced = Some(looped);
    }
    let rebalanced_text = rebalanced.map_or(String::new(), |n| {
        format!(", {n} of its near-even states rebalanced loop")
    });
    let found_from = from.map_or("the published deal".to_string(), |f| format!("{f:012x}"));
    println!(
        "{:.0} s: cycle {:012x}: {} tricks, tree {} states, least |A - 26| {off}, {balanced} balanced deals{rebalanced_text} (from {found_from})",
        started.elapsed().as_secs_f64(),
        cycle.id(),
        cycle.tricks,
        states.len()
    );
    let known = Known {
        cycle,
        from,
        tree: states.len(),
        off,
        balanced,
        rebalanced,
        expanded: false,
    };
    (known, into)
}

/// Learns of `cycle` and of the cycles its rebalanced deals loop into
/// (each a cycle reached from a balanced deal), unless known.
fn learn(
    cycles: &mut HashMap<u64, Known>,
    cycle: Cycle,
    from: Option<u64>,
    started: &std::time::Instant,
) {
    let mut queue = vec![(cycle, from)];
    while let Some((cycle, from)) = queue.pop() {
        if cycles.contains_key(&cycle.id()) {
            continue;
        }
        let id = cycle.id();
        let (known, into) = know(cycle, from, started);
        cycles.insert(id, known);
        for (deal, c) in into {
            if !cycles.contains_key(&c.id()) {
                println!(
                    "  balanced deal {deal} loops into {:012x} ({} tricks)",
                    c.id(),
                    c.tricks
                );
                queue.push((c, Some(id)));
            }
        }
    }
}

fn main() {
    let expansions: usize = std::env::args()
        .nth(1)
        .map_or(25, |a| a.parse().expect("a number of cycles to expand"));
    let catalog = std::env::args().nth(2).filter(|p| p != "-");
    // The deals to start from: the published one, or the last column of
    // each line of a file (the third argument).
    let starts: Vec<String> = match std::env::args().nth(3) {
        Some(path) => std::fs::read_to_string(path)
            .expect("the deals to start from")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .filter_map(|l| l.split('\t').next_back().map(str::to_string))
            .collect(),
        None => vec![CASELLA_2024.to_string()],
    };
    let started = std::time::Instant::now();
    let mut cycles: HashMap<u64, Known> = HashMap::new();
    for text in &starts {
        let deal: Deal = text.parse().expect("a deal");
        let end = deal.simulate(Budget::UNLIMITED);
        let first = Cycle::find(&deal, end.done().expect("it loops")).expect("a cycle");
        learn(&mut cycles, first, None, &started);
    }
    for _ in 0..expansions {
        let Some(id) = cycles
            .iter()
            .filter(|(_, k)| !k.expanded)
            .min_by_key(|(id, k)| (k.off, **id))
            .map(|(id, _)| *id)
        else {
            break;
        };
        let Some(k) = cycles.get_mut(&id) else { break };
        k.expanded = true;
        let start = k.cycle.canonical();
        let known: HashSet<u64> = cycles.keys().copied().collect();
        let mut found = expand(&tree(&start), one_edit, &known);
        found.extend(expand(&turn(&start), two_swaps, &known));
        for (_, cycle) in found {
            learn(&mut cycles, cycle, Some(id), &started);
        }
    }
    let mut by_length: BTreeMap<u64, Vec<&Known>> = BTreeMap::new();
    for k in cycles.values() {
        by_length.entry(k.cycle.tricks).or_default().push(k);
    }
    let expanded = cycles.values().filter(|k| k.expanded).count();
    println!("{} cycles, {expanded} of them expanded:", cycles.len());
    for (tricks, ks) in by_length {
        let offs: BTreeMap<usize, usize> = ks.iter().fold(BTreeMap::new(), |mut m, k| {
            *m.entry(k.off).or_default() += 1;
            m
        });
        println!(
            "  {tricks} tricks: {} cycles (trees of {} to {} states), by least |A - 26|: {offs:?}; with balanced deals: {}; near-even states rebalanced that loop: {}",
            ks.len(),
            ks.iter().map(|k| k.tree).min().unwrap_or(0),
            ks.iter().map(|k| k.tree).max().unwrap_or(0),
            ks.iter().filter(|k| k.balanced > 0).count(),
            ks.iter().filter_map(|k| k.rebalanced).sum::<usize>(),
        );
    }
    if let Some(path) = catalog {
        write_catalog(&path, expansions, &cycles);
    }
}

/// Writes the cycles as a table, by length then id: each cycle's turn, its
/// tree and its canonical deal (a deal whose game is in the cycle from its
/// first round).
fn write_catalog(path: &str, expansions: usize, cycles: &HashMap<u64, Known>) {
    let mut rows: Vec<&Known> = cycles.values().collect();
    rows.sort_by_key(|k| (k.cycle.tricks, k.cycle.id()));
    let mut text = format!(
        "# Cycles of Camicia (Beggar-my-neighbour) near Casella et al.'s, any split of the\n\
         # 52 cards: written by `cargo run --release -p plateau-tests --example\n\
         # cycle_neighbours -- {expansions} <this file>` ({} cycles, {} expanded).\n\
         # tests/tests/cli_camicia_loops.rs replays each canonical deal with the\n\
         # tests' reference and walks each tree again.\n\
         # cycle\tturn_tricks\tturn_cards\ttree_states\tleast_off_even\tbalanced_deals\tfrom\tcanonical\n",
        rows.len(),
        rows.iter().filter(|k| k.expanded).count()
    );
    for k in rows {
        let from = k
            .from
            .map_or("published".to_string(), |f| format!("{f:012x}"));
        let deal = k.cycle.canonical();
        let hand = |p: Player| deal.hand(p).map(Rank::compact).collect::<String>();
        text.push_str(&format!(
            "{:012x}\t{}\t{}\t{}\t{}\t{}\t{from}\t{}/{}\n",
            k.cycle.id(),
            k.cycle.tricks,
            k.cycle.cards,
            k.tree,
            k.off,
            k.balanced,
            hand(Player::A),
            hand(Player::B)
        ));
    }
    std::fs::write(path, text).expect("the catalog is written");
}
