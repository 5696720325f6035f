//! Camicia: the published cases, the records, and the fast simulator against a
//! slow obviously-right one on random deals of many sizes, loops included.

use plateau::Budget;
use plateau::camicia::{
    Cycle, Deal, Ending, Event, Game, GameOutcome, PackedDeal, Player, Rank, Simulation, Status,
    Trace,
};
use plateau::search::{Outcome, Search};
use plateau_tests::run_in_slices;
use plateau_tests::{camicia_reference as reference, fixture, run_cli};
use proptest::prelude::*;

const NESSLER_2022: &str = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---";
use plateau::camicia::CASELLA_2024;

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

/// How the game ends, its cards and tricks; a game that ran out of rounds
/// is a failure here (every caller gives budgets no game of its runs out of).
fn figures(o: GameOutcome) -> (Status, u64, u64) {
    match o {
        Outcome::Done(end) => (end.status, end.cards, end.tricks),
        other => panic!("ran out of rounds: {other:?}"),
    }
}

/// A published case: (description, A, B, status, cards, tricks).
type Case = (String, Vec<Rank>, Vec<Rank>, Status, u64, u64);

/// The 28 published cases.
fn published() -> Vec<Case> {
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
                figures(packed.simulate(Budget::new(1 << 20))),
                expected,
                "{name} (packed)"
            );
            figures(deal.simulate(Budget::new(1 << 20)))
        } else {
            assert!(
                Deal::<1>::from_hands(&a, &b).is_err(),
                "{name}: over capacity"
            );
            figures(
                Deal::<6>::from_hands(&a, &b)
                    .expect("fits")
                    .simulate(Budget::new(1 << 20)),
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
    assert_eq!(
        figures(deal.simulate(Budget::new(100))),
        (Status::Finished, 13, 1)
    );
    let deal: Deal = Deal::from_hands(&[Jack, Two, Three], &[Four, Jack, Five]).expect("fits");
    assert_eq!(
        figures(deal.simulate(Budget::new(100))),
        (Status::Loop, 8, 3)
    );
    for (text, expected) in [
        (NESSLER_2022, (Status::Finished, 8344, 1164)),
        (CASELLA_2024, (Status::Loop, 474, 66)),
    ] {
        let (a, b) = compact(text);
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        assert_eq!(
            figures(deal.simulate(Budget::new(1 << 20))),
            expected,
            "{text}"
        );
        assert_eq!(
            figures(
                Deal::<3>::from_hands(&a, &b)
                    .expect("fits")
                    .simulate(Budget::new(1 << 20))
            ),
            expected
        );
        assert_eq!(reference(&penalties(&a), &penalties(&b)), expected);
        let packed = PackedDeal::from_deal(&deal).expect("fits");
        assert_eq!(packed.to_string(), text);
        assert_eq!(figures(packed.simulate(Budget::new(1 << 20))), expected);
    }
}

/// A row of `fixtures/camicia/records.tsv`: cards, tricks, deal, who found
/// it, when, how.
struct Record {
    cards: u64,
    tricks: u64,
    deal: String,
    /// Who found it and when: "Kleber 1999".
    name: String,
    how: String,
}

fn records() -> Vec<Record> {
    let text = std::fs::read_to_string(fixture("camicia/records.tsv")).expect("records.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "{l}");
            Record {
                cards: f[0].parse().expect("cards"),
                tricks: f[1].parse().expect("tricks"),
                deal: f[2].to_string(),
                name: format!("{} {}", f[3], f[4]),
                how: f[5].to_string(),
            }
        })
        .collect()
}

/// Every record is a full 52-card deck dealt 26/26 whose game finishes with
/// the listed cards and tricks, by the slow reference and by the engine;
/// the published ladder climbs to Nessler's 8,344.
#[test]
fn the_records_fixture_replays() {
    let rows = records();
    let mut published = Vec::new();
    for r in &rows {
        let (a, b) = compact(&r.deal);
        assert_eq!((a.len(), b.len()), (26, 26), "{}", r.deal);
        for rank in [Rank::Jack, Rank::Queen, Rank::King, Rank::Ace] {
            let n = a.iter().chain(&b).filter(|&&x| x == rank).count();
            assert_eq!(n, 4, "{} has {n} of {rank}", r.deal);
        }
        let want = (Status::Finished, r.cards, r.tricks);
        assert_eq!(
            reference(&penalties(&a), &penalties(&b)),
            want,
            "{}",
            r.deal
        );
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        assert_eq!(
            figures(deal.simulate(Budget::new(1 << 20))),
            want,
            "{}",
            r.deal
        );
        if r.how == "published" {
            published.push(r.cards);
        } else {
            assert!(r.cards > 4000 || r.how.starts_with("lift of"), "{}", r.deal);
        }
    }
    assert!(published.windows(2).all(|w| w[0] < w[1]), "{published:?}");
    assert_eq!(published.len(), 9);
    assert_eq!(published.last(), Some(&8344));
}

/// Each `lift of` row is what the hunt's lift finds from that published
/// deal: the longest balanced state of the tree of the state
/// `LIFT_ROUNDS` rounds into its game has the row's cards, and the row's
/// deal is one of the tree's balanced states.
#[test]
fn lifts_of_the_published_deals_are_the_listed_ones() {
    use plateau::camicia::backward::{Ancestors, next_round};
    use plateau::camicia::hunt::{LIFT_ROUNDS, LIFT_STATES};
    let rows = records();
    let mut lifts = 0;
    for r in rows.iter().filter(|r| r.how.starts_with("lift of ")) {
        let source = rows
            .iter()
            .find(|p| p.how == "published" && r.how == format!("lift of {}", p.name))
            .map(|p| (p.deal.clone(), p.cards))
            .expect("the lifted deal's source is listed");
        let (a, b) = compact(&source.0);
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        let (mut root, mut cards) = (deal, 0);
        for _ in 0..LIFT_ROUNDS {
            let next = next_round(&root).expect("the game goes on");
            root = next.state;
            cards += next.cards;
        }
        let rest = source.1 - cards;
        let (ra, rb) = compact(&r.deal);
        let listed: Deal = Deal::from_hands(&ra, &rb).expect("fits");
        let (mut longest, mut seen) = (0, false);
        for n in Ancestors::new(&root, u64::MAX).take(LIFT_STATES) {
            if n.state.len(Player::A) == n.state.len(Player::B) {
                longest = longest.max(rest + n.cards);
                seen |= n.state == listed;
            }
        }
        assert_eq!(longest, r.cards, "{}", r.how);
        assert!(seen, "{} is in the tree of {}", r.deal, r.how);
        lifts += 1;
    }
    assert!(lifts >= 3);
}

/// Ranks by weight: mostly number cards, as in a deck, or many payment cards.
fn rank_strategy() -> impl Strategy<Value = Rank> {
    prop_oneof![
        9 => Just(Rank::Number),
        1 => Just(Rank::Jack),
        1 => Just(Rank::Queen),
        1 => Just(Rank::King),
        1 => Just(Rank::Ace),
    ]
}

fn dense_rank_strategy() -> impl Strategy<Value = Rank> {
    prop::sample::select(vec![
        Rank::Two,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ])
}

/// Checks every simulator on one deal against the reference.
fn check_all(a: &[Rank], b: &[Rank]) -> Result<(Status, u64, u64), TestCaseError> {
    let expected = reference(&penalties(a), &penalties(b));
    let budget = 1 << 22;
    let wide: Deal<8> = Deal::from_hands(a, b).expect("fits 512");
    prop_assert_eq!(
        figures(wide.simulate(Budget::new(budget))),
        expected,
        "Deal<8>"
    );
    // The same game as a value driven in slices of 7 rounds.
    let (sliced, _) = run_in_slices(&mut Simulation::new(&wide), 7);
    prop_assert_eq!(figures(sliced), expected, "Simulation<8> in slices");
    if a.len() + b.len() <= 64 {
        let deal: Deal = Deal::from_hands(a, b).expect("fits 64");
        prop_assert_eq!(
            figures(deal.simulate(Budget::new(budget))),
            expected,
            "Deal"
        );
        let packed = PackedDeal::from_deal(&deal).expect("fits 64");
        prop_assert_eq!(
            figures(packed.simulate(Budget::new(budget))),
            expected,
            "PackedDeal"
        );
    }
    Ok(expected)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_equals_reference_on_deck_like_deals(
        a in prop::collection::vec(rank_strategy(), 0..40),
        b in prop::collection::vec(rank_strategy(), 0..40),
    ) {
        check_all(&a, &b)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Batches of deals of every size up to 64 cards, played many at a time,
    /// against the reference (and each deal's report once).
    #[test]
    fn many_at_once_equal_the_reference(
        deals in prop::collection::vec(
            (prop::collection::vec(rank_strategy(), 0..=64), 0usize..=64),
            0..100,
        ),
    ) {
        let packed: Vec<PackedDeal> = deals
            .iter()
            .map(|(row, split)| PackedDeal::from_row(row, (*split).min(row.len())).expect("fits"))
            .collect();
        let mut got = vec![None; packed.len()];
        PackedDeal::simulate_many(packed.iter().copied(), Budget::new(1 << 22), |i, deal, o| {
            got[i] = Some((deal, figures(o)));
        });
        for ((row, split), (deal, g)) in deals.iter().zip(packed.iter().zip(got)) {
            let (a, b) = row.split_at((*split).min(row.len()));
            prop_assert_eq!(g, Some((*deal, reference(&penalties(a), &penalties(b)))));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn fast_equals_reference_with_many_payment_cards(
        a in prop::collection::vec(dense_rank_strategy(), 0..45),
        b in prop::collection::vec(dense_rank_strategy(), 0..45),
    ) {
        check_all(&a, &b)?;
    }

    #[test]
    fn fast_equals_reference_on_large_deals(
        a in prop::collection::vec(rank_strategy(), 30..120),
        b in prop::collection::vec(rank_strategy(), 30..120),
    ) {
        check_all(&a, &b)?;
    }

    #[test]
    fn a_small_budget_is_exhausted_or_the_full_answer(
        a in prop::collection::vec(rank_strategy(), 0..20),
        b in prop::collection::vec(rank_strategy(), 0..20),
        budget in 0u64..40,
    ) {
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        let full = deal.simulate(Budget::new(1 << 20));
        let small = deal.simulate(Budget::new(budget));
        prop_assert!(small == full || small.is_exhausted(), "{small:?} vs {full:?}");
    }

    /// A game cut into runs of any size answers as one call with their sum,
    /// and spends the same rounds; every run but the last is exhausted.
    #[test]
    fn a_game_in_slices_is_the_game_in_one_call(
        a in prop::collection::vec(rank_strategy(), 0..30),
        b in prop::collection::vec(rank_strategy(), 0..30),
        slice in 1u64..50,
    ) {
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        let mut one = Simulation::new(&deal);
        let Ok(whole) = one.run(Budget::UNLIMITED);
        prop_assert_eq!(whole, deal.simulate(Budget::UNLIMITED));
        let mut sliced = Simulation::new(&deal);
        let (got, _) = run_in_slices(&mut sliced, slice);
        prop_assert_eq!(got, whole);
        prop_assert_eq!(sliced.spent(), one.spent());
        prop_assert_eq!(sliced.outcome(), whole);
        // A run cut at any budget answers as one call with that budget.
        let cut = slice * 3;
        let mut first = Simulation::new(&deal);
        let _ = first.run(Budget::new(slice));
        let Ok(at_cut) = first.run(Budget::new(cut - slice));
        prop_assert_eq!(at_cut, deal.simulate(Budget::new(cut)));
    }

    #[test]
    fn the_trace_conserves_cards_and_agrees_with_simulate(
        a in prop::collection::vec(rank_strategy(), 0..30),
        b in prop::collection::vec(rank_strategy(), 0..30),
    ) {
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        let total = a.len() + b.len();
        let mut trace = Trace::new(&deal, deal.simulate(Budget::new(1 << 20)));
        let (status, cards, played_tricks) = figures(trace.outcome());
        let (mut plays, mut tricks) = (0u64, 0u64);
        while let Some(event) = trace.next() {
            match event {
                Event::Play { .. } => plays += 1,
                Event::Take { cards, .. } => tricks += u64::from(cards > 0),
            }
            let g = trace.game();
            let held = g.hand(Player::A).count() + g.hand(Player::B).count() + g.pile().count();
            prop_assert_eq!(held, total, "cards conserved");
        }
        prop_assert_eq!((plays, tricks), (cards, played_tricks));
        let g = trace.game();
        if status == Status::Finished {
            prop_assert!(g.is_finished());
            let (na, nb) = (g.hand(Player::A).count(), g.hand(Player::B).count());
            prop_assert!(na == total || nb == total, "one player holds all: {na} / {nb}");
        } else {
            prop_assert!(!g.is_finished());
        }
    }
}

/// A seeded sweep of small deals: loops must show up, and agree with the reference.
#[test]
fn small_deals_include_loops_and_agree() {
    let mut rng = plateau::rng::SplitMix64::new(0x2024);
    let mut next = move || rng.next_u64();
    // Loops need few, low payment cards (like J 2 3 / 4 J 5).
    let ranks = [
        Rank::Number,
        Rank::Number,
        Rank::Number,
        Rank::Number,
        Rank::Jack,
        Rank::Jack,
        Rank::Queen,
        Rank::Ace,
    ];
    let mut loops = 0;
    let mut packed = Vec::new();
    for _ in 0..60_000 {
        let (la, lb) = ((next() % 9) as usize, (next() % 9) as usize);
        let mut hand = |n: usize| -> Vec<Rank> {
            (0..n)
                .map(|_| ranks[(next() % ranks.len() as u64) as usize])
                .collect()
        };
        let (a, b) = (hand(la), hand(lb));
        let expected = reference(&penalties(&a), &penalties(&b));
        let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
        assert_eq!(
            figures(deal.simulate(Budget::new(1 << 20))),
            expected,
            "{deal}"
        );
        loops += usize::from(expected.0 == Status::Loop);
        packed.push((PackedDeal::from_deal(&deal).expect("fits"), expected));
    }
    assert!(loops > 50, "only {loops} loops among small deals");
    // All of them many at a time: every deal reported once, as alone.
    let mut seen = vec![false; packed.len()];
    PackedDeal::simulate_many(
        packed.iter().map(|p| p.0),
        Budget::new(1 << 20),
        |i, deal, o| {
            assert_eq!((deal, figures(o)), packed[i], "{deal}");
            assert!(!std::mem::replace(&mut seen[i], true));
        },
    );
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn the_trace_of_the_loop_stops_at_the_repeated_round() {
    use Rank::*;
    let deal: Deal = Deal::from_hands(&[Jack, Two, Three], &[Four, Jack, Five]).expect("fits");
    let events: Vec<Event> = Trace::new(&deal, deal.simulate(Budget::new(100))).collect();
    assert_eq!(events.len(), 8 + 3);
    let mut game = Game::new(&deal);
    for e in &events {
        assert_eq!(game.step().as_ref(), Some(e));
    }
    let hands: Vec<Vec<Rank>> = [Player::A, Player::B]
        .map(|p| game.hand(p).collect())
        .to_vec();
    assert_eq!(hands, [vec![Four, Five, Jack, Two], vec![Jack, Three]]);
}

#[test]
fn capacity_and_errors() {
    let many = vec![Rank::Number; 65];
    assert!(Deal::<1>::from_hands(&many, &[]).is_err());
    assert!(Deal::<2>::from_hands(&many, &many[..63]).is_ok());
    assert!(PackedDeal::from_row(&many, 0).is_err());
    let deal: Deal = Deal::from_hands(&[], &[]).expect("empty");
    assert_eq!(
        figures(deal.simulate(Budget::new(10))),
        (Status::Finished, 0, 0)
    );
    let (a, b) = compact(CASELLA_2024);
    let deal: Deal = Deal::from_hands(&a, &b).expect("fits");
    assert!(deal.simulate(Budget::new(0)).is_exhausted());
    assert!(deal.simulate(Budget::new(66)).is_exhausted());
}

#[test]
fn batch_of_the_published_cases_gives_the_expected_json() {
    std::env::set_current_dir(plateau_tests::workspace_root()).expect("root");
    let run = run_cli(
        &[
            "camicia",
            "--batch",
            "fixtures/camicia/published.txt",
            "--json",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let cases = published();
    assert_eq!(lines.len(), cases.len());
    for (line, (name, _, _, status, cards, tricks)) in lines.iter().zip(cases) {
        // Each answer echoes its line number and deal (issue #18).
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let status = status.to_string();
        assert_eq!(
            (
                v["status"].as_str(),
                v["cards"].as_u64(),
                v["tricks"].as_u64()
            ),
            (Some(status.as_str()), Some(cards), Some(tricks)),
            "{name}"
        );
        assert!(
            v["line"].is_u64() && v["deal"].is_string(),
            "{name}: {line}"
        );
    }
}

/// The summary's fields that measure time (and so differ from run to run).
const TIMING: [&str; 6] = [
    "seconds",
    "thread_seconds",
    "cpu_seconds",
    "deals_per_second",
    "deals_per_second_per_thread",
    "deals_per_cpu_second",
];

/// Runs a hunt and returns its whole JSON output, one value a line, with the
/// summary's timing fields and its thread count (checked) masked.
fn hunt_output(args: &[&str], threads: usize) -> Vec<serde_json::Value> {
    let t = threads.to_string();
    let run = run_cli(&[args, &["--threads", &t]].concat(), b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    // The end line hashes the lines above, timings included.
    let end = lines.pop().expect("an end line");
    assert_eq!(end["event"], "end", "{end}");
    let summary = lines
        .iter_mut()
        .find(|v| v["kind"] == "summary")
        .and_then(serde_json::Value::as_object_mut)
        .expect("a summary");
    for key in TIMING {
        let value = summary.get_mut(key).expect("a timing field");
        assert!(value.is_number(), "{key}: {value}");
        *value = serde_json::Value::Null;
    }
    assert_eq!(summary.remove("threads"), Some(threads.into()));
    lines
}

/// Runs a hunt of at least ten chunks on 1, 2 and 5 threads: the whole
/// output is the same, summary counts included (timing masked), and each deal
/// listed is a full deck dealt 26/26 that plays as reported.
fn hunt_on_threads(base: &[&str]) {
    let one = hunt_output(base, 1);
    for threads in [2, 5] {
        assert_eq!(
            hunt_output(base, threads),
            one,
            "the output depends on the threads ({threads})"
        );
    }
    let summary = &one[0];
    assert_eq!(summary["kind"], "summary");
    assert!(
        summary["chunks"].as_u64().expect("chunks") >= 10,
        "{summary}"
    );
    let deals = summary["deals"].as_u64().expect("deals");
    let counts = ["finished", "loops", "exhausted"].map(|k| summary[k].as_u64().expect(k));
    assert_eq!(counts.iter().sum::<u64>(), deals, "{summary}");
    assert!(one.len() > 1, "the hunt lists deals");
    for v in &one[1..] {
        let (a, b) = compact(v["deal"].as_str().expect("deal"));
        assert_eq!((a.len(), b.len()), (26, 26));
        let mut count = [0; 5];
        for r in a.iter().chain(&b) {
            count[usize::from(r.penalty())] += 1;
        }
        assert_eq!(count, [36, 4, 4, 4, 4]);
        let o = Deal::<1>::from_hands(&a, &b)
            .expect("fits")
            .simulate(Budget::new(1 << 20));
        let (_, cards, tricks) = figures(o);
        assert_eq!(
            (cards, tricks),
            (v["cards"].as_u64().unwrap(), v["tricks"].as_u64().unwrap())
        );
    }
}

#[test]
fn a_fresh_hunt_plays_full_decks_and_does_not_depend_on_the_threads() {
    hunt_on_threads(&[
        "camicia", "hunt", "--fresh", "--deals", "170000", "--seed", "5", "--json",
    ]);
}

#[test]
fn the_hunt_is_deterministic_and_merges() {
    hunt_on_threads(&[
        "camicia", "hunt", "--deals", "170000", "--seed", "9", "--json",
    ]);
    // Two shards of one hunt of 20,000 deals, merged, give the best of both.
    let dir = std::env::temp_dir().join(format!("plateau-camicia-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut files = Vec::new();
    let mut best = 0u64;
    for shard in ["1/2", "2/2"] {
        let run = run_cli(
            &[
                "camicia",
                "hunt",
                "--deals",
                "20000",
                "--seed",
                "9",
                "--threads",
                "2",
                "--shard",
                shard,
                "--json",
            ],
            b"",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let first = run
            .stdout
            .lines()
            .find(|l| l.contains("by-cards"))
            .expect("a best deal");
        let v: serde_json::Value = serde_json::from_str(first).expect("json");
        best = best.max(v["cards"].as_u64().expect("cards"));
        let path = dir.join(format!("shard{}.json", files.len() + 1));
        std::fs::write(&path, &run.stdout).expect("write");
        files.push(path.display().to_string());
    }
    let merged = run_cli(&["camicia", "merge", &files[0], &files[1], "--json"], b"");
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let summary: serde_json::Value =
        serde_json::from_str(merged.stdout.lines().next().expect("summary")).expect("json");
    assert_eq!(summary["deals"].as_u64(), Some(20000));
    let top = merged
        .stdout
        .lines()
        .find(|l| l.contains("by-cards"))
        .expect("best");
    let v: serde_json::Value = serde_json::from_str(top).expect("json");
    assert_eq!(v["cards"].as_u64(), Some(best));
    // A tampered figure is refused.
    let tampered = std::fs::read_to_string(&files[0]).expect("read").replacen(
        r#""cards":"#,
        r#""cards":1"#,
        2,
    );
    let bad = dir.join("tampered.json");
    std::fs::write(&bad, tampered).expect("write");
    let run = run_cli(&["camicia", "merge", &bad.display().to_string()], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_packed_swap_is_a_swap_of_the_row(
        row in prop::collection::vec(dense_rank_strategy(), 1..=64),
        split in 0usize..=64,
        swaps in prop::collection::vec((0usize..64, 0usize..64), 1..8),
    ) {
        let len_a = split.min(row.len());
        let mut folded: Vec<Rank> = row.iter().map(|r| Rank::from_penalty(r.penalty())).collect();
        let mut packed = PackedDeal::from_row(&row, len_a).expect("fits");
        for (i, j) in swaps {
            let (i, j) = (i % row.len(), j % row.len());
            prop_assert_eq!(packed.alike(i, j), Ok(folded[i] == folded[j]));
            folded.swap(i, j);
            packed.swap(i, j).expect("in range");
            prop_assert_eq!(packed, PackedDeal::from_row(&folded, len_a).expect("fits"));
        }
        let ranks: Vec<Rank> = (0..row.len()).map(|i| packed.rank(i).expect("in range")).collect();
        prop_assert_eq!(&ranks, &folded);
        let (a, b) = folded.split_at(len_a);
        prop_assert_eq!(figures(packed.simulate(Budget::new(1 << 20))), reference(&penalties(a), &penalties(b)));
        prop_assert!(packed.swap(0, row.len()).is_err());
        prop_assert!(packed.alike(row.len(), 0).is_err());
    }
}

proptest! {
    /// The notation read by the core is the one its `Display` writes: a
    /// deal's spaced text, and a packed deal's compact one, read back as the
    /// deal; and the compact text of the same cards reads as the same deal.
    #[test]
    fn the_deal_notation_reads_back_what_it_writes(
        a in prop::collection::vec(rank_strategy(), 0..60),
        b in prop::collection::vec(rank_strategy(), 0..60),
    ) {
        let deal: Deal<2> = Deal::from_hands(&a, &b).expect("fits 128");
        prop_assert_eq!(deal.to_string().parse::<Deal<2>>(), Ok(deal));
        let compact = |h: &[Rank]| h.iter().map(|r| r.compact()).collect::<String>();
        let from_compact: Deal<2> = format!("{}/{}", compact(&a), compact(&b)).parse().expect("compact");
        let folded = |h: &[Rank]| h.iter().map(|r| if r.is_number() { Rank::Number } else { *r }).collect::<Vec<_>>();
        prop_assert_eq!(from_compact, Deal::from_hands(&folded(&a), &folded(&b)).expect("fits"));
        if let Ok(packed) = PackedDeal::from_deal(&deal) {
            prop_assert_eq!(packed.to_string().parse::<PackedDeal>(), Ok(packed));
        }
    }
}

/// Checks `Cycle::find` on a deal against the plain reference: the entry, the
/// turn's tricks and cards, and the canonical form; and that every round of
/// the cycle, as a deal started by whoever starts it, and the
/// canonical deal itself reach a cycle of the same id.
fn check_cycle(a: &[Rank], b: &[Rank]) -> Option<Cycle> {
    let expected = plateau_tests::camicia_reference_cycle(&penalties(a), &penalties(b));
    let deal: Deal = Deal::from_hands(a, b).expect("fits");
    let end = deal.simulate(Budget::UNLIMITED);
    let cycle = end.done().and_then(|end| Cycle::find(&deal, end));
    let got = cycle.map(|c| {
        let canonical = c.canonical();
        let text = format!(
            "{}/{}",
            canonical
                .hand(Player::A)
                .map(Rank::compact)
                .collect::<String>(),
            canonical
                .hand(Player::B)
                .map(Rank::compact)
                .collect::<String>()
        );
        (c.entry, c.tricks, c.cards, text)
    });
    assert_eq!(got, expected, "{deal}");
    let cycle = cycle?;
    let id_of = |d: &Deal| {
        let end = d.simulate(Budget::UNLIMITED);
        end.done()
            .and_then(|end| Cycle::find(d, end))
            .map(|c| c.id())
    };
    // Each round of the turn, as the deal whose A starts it (B when B
    // starts: the names swapped), is in the same cycle.
    let mut game = Game::new(&deal);
    let mut starts = 0;
    while game.tricks() < cycle.entry + cycle.tricks {
        if game.at_round_start() && game.tricks() >= cycle.entry {
            let lead = game.to_play();
            let first: Vec<Rank> = game.hand(lead).collect();
            let second: Vec<Rank> = game.hand(lead.other()).collect();
            let round = Deal::from_hands(&first, &second).expect("fits");
            assert_eq!(id_of(&round), Some(cycle.id()), "{deal}: from {round}");
            starts += 1;
        }
        game.step();
    }
    assert_eq!(starts, cycle.tricks, "{deal}");
    assert_eq!(
        id_of(&cycle.canonical()),
        Some(cycle.id()),
        "{deal}: its canonical deal"
    );
    Some(cycle)
}

#[test]
fn cycles_agree_with_the_reference() {
    // The spec's loop: J 2 3 / 4 J 5.
    let (a, b) = compact("J--/-J-");
    let spec = check_cycle(&a, &b).expect("a loop");
    assert_eq!((spec.entry, spec.tricks), (1, 2));
    // The published deal enters its 62-trick cycle after 4 tricks.
    let (a, b) = compact("---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA");
    let published = check_cycle(&a, &b).expect("a loop");
    assert_eq!((published.entry, published.tricks), (4, 62));
    // Not a loop, or not this deal's loop: no cycle.
    let deal: Deal = "J--/-J-".parse().expect("a deal");
    let other = Ending {
        status: Status::Loop,
        cards: 2,
        tricks: 1,
    };
    assert_eq!(Cycle::find(&deal, &other), None);
    let (a, b) = compact("---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---");
    assert!(check_cycle(&a, &b).is_none());
    // A seeded sweep of small deals, where loops are common.
    let mut rng = plateau::rng::SplitMix64::new(0x32);
    let ranks = [
        Rank::Number,
        Rank::Number,
        Rank::Number,
        Rank::Jack,
        Rank::Jack,
        Rank::Queen,
    ];
    let mut ids = std::collections::HashSet::new();
    let mut loops = 0;
    for _ in 0..60_000 {
        let (la, lb) = (1 + rng.below(10), 1 + rng.below(10));
        let a: Vec<Rank> = (0..la).map(|_| ranks[rng.below(ranks.len())]).collect();
        let b: Vec<Rank> = (0..lb).map(|_| ranks[rng.below(ranks.len())]).collect();
        if let Some(c) = check_cycle(&a, &b) {
            loops += 1;
            ids.insert(c.id());
        }
    }
    assert!(
        loops > 100 && ids.len() > 40,
        "{loops} loops, {} cycles",
        ids.len()
    );
}
