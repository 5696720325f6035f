//! `plateau camicia loops` (issue #32): every deal it prints is a 52-card
//! deal that loops under the plain reference simulator of the tests crate, into
//! the cycle printed with it (entry, turn and canonical form computed by the
//! reference, the id hashed here); the summary counts what was printed; a seed
//! and a step budget give the same output on any number of threads; a
//! checkpoint resumes to the uninterrupted search's answer; and the catalog
//! `fixtures/camicia/cycles.tsv` replays the same way, as do the cycles of
//! `fixtures/camicia/cycles-near-casella.tsv`.

use std::collections::{HashMap, HashSet};

use plateau::camicia::Status;
use plateau_tests::{Run, camicia_reference, camicia_reference_cycle, fixture, run_cli};
use serde_json::Value;

use plateau::camicia::CASELLA_2024 as CASELLA;

/// The JSON lines of an output, without its seal (its last line, the end
/// record: `host-cli/tests/loops_record.rs` checks it).
fn json_lines(r: &Run) -> Vec<Value> {
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let seal = lines.pop().expect("a seal");
    assert_eq!(seal["event"], "end", "{seal}");
    lines
}

/// The hands of a compact deal as penalties.
fn hands(deal: &str) -> (Vec<u8>, Vec<u8>) {
    let (a, b) = deal.split_once('/').expect("A/B");
    let p = |h: &str| -> Vec<u8> {
        h.chars()
            .map(|c| match c {
                '-' => 0,
                'J' => 1,
                'Q' => 2,
                'K' => 3,
                'A' => 4,
                other => panic!("{other} in {deal}"),
            })
            .collect()
    };
    (p(a), p(b))
}

/// FNV-1a (64 bits) of the text, top 48 bits, 12 hex digits: the cycle id
/// as docs/camicia.md defines it, computed apart from the core.
fn id_of(canonical: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in canonical.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    format!("{:012x}", h >> 16)
}

/// The standard deck: number cards, then J, Q, K, A.
const STANDARD: [usize; 5] = [36, 4, 4, 4, 4];

/// A deck as `--deck` writes it: `standard`, `italian`, or
/// `numbers=N,J=N,Q=N,K=N,A=N` (read here on its own, not by the CLI).
fn deck_counts(deck: &str) -> [usize; 5] {
    match deck {
        "standard" => STANDARD,
        "italian" => [28, 4, 4, 4, 0],
        counts => {
            let mut out = [0; 5];
            for part in counts.split(',') {
                let (kind, n) = part.split_once('=').expect("KIND=N");
                let at = ["numbers", "J", "Q", "K", "A"]
                    .iter()
                    .position(|&k| k == kind)
                    .expect("a kind");
                out[at] = n.parse().expect("a count");
            }
            out
        }
    }
}

/// Checks one looping deal against the reference: a deal of `deck` (number
/// cards, J, Q, K, A), the loop's cards and tricks, its cycle (entry, turn,
/// canonical form, id). Returns the canonical form.
fn check_deal(deal: &str, deck: [usize; 5], cards: u64, tricks: u64, cycle: &Value) -> String {
    let (a, b) = hands(deal);
    let mut counts = [0; 5];
    for &p in a.iter().chain(&b) {
        counts[usize::from(p)] += 1;
    }
    assert_eq!(counts, deck, "{deal}: a deal of the deck");
    assert_eq!(
        camicia_reference(&a, &b),
        (Status::Loop, cards, tricks),
        "{deal}"
    );
    let (entry, turn, turn_cards, canonical) =
        camicia_reference_cycle(&a, &b).expect("the reference loops too");
    assert_eq!(cycle["entry"], entry, "{deal}");
    assert_eq!(cycle["tricks"], turn, "{deal}");
    assert_eq!(cycle["cards"], turn_cards, "{deal}");
    assert_eq!(cycle["id"], id_of(&canonical).as_str(), "{deal}");
    canonical
}

/// Checks a `loops --json` output; returns its cycles' canonical forms and
/// deals (by cycle id).
fn check_output(
    lines: &[Value],
    deck: [usize; 5],
    balanced: bool,
) -> HashMap<String, (String, Vec<String>)> {
    let (summary, records) = lines.split_last().expect("lines");
    assert_eq!(summary["kind"], "summary");
    let mut cycles: HashMap<String, (String, Vec<String>)> = HashMap::new();
    let mut current: Option<String> = None;
    for r in records {
        assert_eq!(r["status"], "loop", "{r}");
        match r["kind"].as_str() {
            Some("cycle") => {
                let id = r["id"].as_str().expect("id").to_string();
                let canonical = r["canonical"].as_str().expect("canonical").to_string();
                assert_eq!(id_of(&canonical), id, "the id of {canonical}");
                assert!(cycles.insert(id.clone(), (canonical, Vec::new())).is_none());
                current = Some(id);
            }
            Some("deal") => {
                let deal = r["deal"].as_str().expect("deal");
                let id = r["cycle"]["id"].as_str().expect("cycle id");
                assert_eq!(
                    current.as_deref(),
                    Some(id),
                    "a deal after its cycle: {deal}"
                );
                let canonical = check_deal(
                    deal,
                    deck,
                    r["cards"].as_u64().expect("cards"),
                    r["tricks"].as_u64().expect("tricks"),
                    &r["cycle"],
                );
                let (want, deals) = cycles.get_mut(id).expect("cycle line first");
                assert_eq!(&canonical, want, "{deal}");
                if balanced {
                    let (a, b) = hands(deal);
                    let half = deck.iter().sum::<usize>() / 2;
                    assert_eq!((a.len(), b.len()), (half, half), "{deal}");
                }
                deals.push(deal.to_string());
            }
            _ => panic!("unexpected line {r}"),
        }
    }
    let deals: usize = cycles.values().map(|c| c.1.len()).sum();
    let with: usize = cycles.values().filter(|c| !c.1.is_empty()).count();
    assert_eq!(summary["cycles"], cycles.len());
    assert_eq!(summary["cycles_with_deals"], with);
    assert_eq!(summary["deals"], deals);
    let distinct: HashSet<&String> = cycles.values().flat_map(|c| &c.1).collect();
    assert_eq!(distinct.len(), deals, "no deal twice");
    cycles
}

/// The output without its timings, its threads and its seal (which hashes
/// them).
fn untimed(r: &Run) -> String {
    json_lines(r)
        .into_iter()
        .map(|mut v| {
            if let Some(m) = v.as_object_mut() {
                m.remove("seconds");
                m.remove("trials_per_second");
                m.remove("threads");
            }
            v.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_deal_printed_loops_under_the_reference_into_its_cycle() {
    let args = [
        "camicia",
        "loops",
        "--max-steps",
        "200000",
        "--seed",
        "5",
        "--json",
    ];
    let r = run_cli(&args, b"");
    let lines = json_lines(&r);
    let cycles = check_output(&lines, STANDARD, true);
    // Casella et al.'s cycle and its 30 balanced deals come first.
    let published = cycles.values().find(|c| c.1.iter().any(|d| d == CASELLA));
    assert_eq!(published.map(|c| c.1.len()), Some(30));
    // The same seed and budget, on any number of threads (the run above has
    // the default, the processors): the same output.
    for threads in ["1", "3"] {
        let mut again = args.to_vec();
        again.extend(["--threads", threads]);
        assert_eq!(
            untimed(&run_cli(&again, b"")),
            untimed(&r),
            "--threads {threads}"
        );
    }
    // The trials of a seed are pinned, as a snapshot pins an output: seed 5's
    // first 200,000 trials (6 of them belt trials, none of which loops) loop
    // 27,082 times and reach three cycles. A change
    // to the trials (how a state is drawn and perturbed) changes these
    // numbers, and must be deliberate (and CHANGELOG'd).
    let summary = lines.last().expect("a summary");
    // The rate is the trials over the seconds (to their rounding).
    let (trials, seconds) = (summary["trials"].as_f64(), summary["seconds"].as_f64());
    let rate = summary["trials_per_second"].as_f64().expect("a rate");
    let (trials, seconds) = (trials.expect("trials"), seconds.expect("seconds"));
    assert!(
        (rate * seconds - trials).abs() <= rate * 0.0006 + 1.0,
        "{summary}"
    );
    assert_eq!(summary["looped"], 27082, "{summary}");
    // All the trials asked for were made: found, not stopped.
    assert_eq!(summary["status"], "found", "{summary}");
    assert!(summary.get("stopped_by").is_none(), "{summary}");
    assert_eq!(summary["cycles"], 3, "{summary}");
    assert_eq!(summary["deals"], 86, "{summary}");
}

/// Other decks (`--deck`): a small one, where shuffles find cycles (no
/// cycle to start from), balanced and of any split, and the Italian 40:
/// every deal printed is of the deck, balanced where asked, and loops under
/// the reference into the cycle it names (its turn and id recomputed).
#[test]
fn loops_of_other_decks_are_checked_by_the_reference() {
    let small = "numbers=8,J=2,Q=2,K=2,A=2";
    // Pinned, as the standard deck's trials are (a change to how a shuffle
    // is drawn and cut changes them): the loops, cycles and deals of seed 2.
    for (split, balanced, pinned) in [
        ("balanced", true, [33, 27, 2340]),
        ("any", false, [19, 18, 13560]),
    ] {
        let args = [
            "camicia",
            "loops",
            "--deck",
            small,
            "--split",
            split,
            "--max-steps",
            "100000",
            "--seed",
            "2",
            "--json",
        ];
        let lines = json_lines(&run_cli(&args, b""));
        let cycles = check_output(&lines, [8, 2, 2, 2, 2], balanced);
        let summary = lines.last().expect("a summary");
        assert_eq!(summary["deck"], small, "{summary}");
        assert!(cycles.len() >= 10, "{split}: {} cycles", cycles.len());
        let counts = ["looped", "cycles", "deals"].map(|k| summary[k].as_u64().expect(k));
        assert_eq!(counts, pinned, "{split}: {summary}");
        // Of several lengths: a turn's tricks from the canonical deals.
        let turns: HashSet<_> = cycles
            .values()
            .map(|(canonical, _)| {
                let (a, b) = hands(canonical);
                camicia_reference_cycle(&a, &b).expect("it loops").1
            })
            .collect();
        assert!(turns.len() >= 2, "{split}: {turns:?}");
    }
    // The Italian 40 and a deck of no number card: whatever is printed is
    // checked the same way (shuffles of 40 cards seldom loop).
    for (deck, counts) in [
        ("italian", [28, 4, 4, 4, 0]),
        ("J=4,Q=4,K=4,A=4", [0, 4, 4, 4, 4]),
    ] {
        let args = [
            "camicia",
            "loops",
            "--deck",
            deck,
            "--max-steps",
            "20000",
            "--json",
        ];
        let lines = json_lines(&run_cli(&args, b""));
        check_output(&lines, counts, true);
        assert_eq!(lines.last().expect("a summary")["trials"], 20000);
    }
    // A deck of an odd number of cards has no balanced deal; its any split
    // runs.
    let odd = [
        "camicia",
        "loops",
        "--deck",
        "numbers=7,J=2",
        "--max-steps",
        "10",
    ];
    let r = run_cli(&odd, b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("9 cards, which do not split in half"),
        "{}",
        r.stderr
    );
    let r = run_cli(&[&odd[..], &["--split", "any"]].concat(), b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// The union of shards' outputs, as one search prints it: the cycles in
/// the order found (those started from first, then by the trial that found
/// each), each once with its deals; the summary's counts added.
fn union(shards: &[Vec<Value>]) -> Vec<Value> {
    let mut cycles: Vec<(Option<u64>, Value, Vec<Value>)> = Vec::new();
    let (mut trials, mut looped) = (0, 0);
    for lines in shards {
        let (summary, records) = lines.split_last().expect("a summary");
        trials += summary["trials"].as_u64().expect("trials");
        looped += summary["looped"].as_u64().expect("looped");
        for r in records {
            if r["kind"] == "cycle" {
                let trial = r["trial"].as_u64();
                let known = cycles.iter_mut().find(|c| c.1["id"] == r["id"]);
                match known {
                    Some(c) if trial < c.0 || c.0.is_none() && trial.is_none() => c.0 = trial,
                    Some(_) => {}
                    None => cycles.push((trial, r.clone(), Vec::new())),
                }
            } else if let Some(c) = cycles.iter_mut().find(|c| c.1["id"] == r["cycle"]["id"])
                && !c.2.contains(r)
            {
                c.2.push(r.clone());
            }
        }
    }
    // Those started from (no trial) first, in their order; then by trial.
    cycles.sort_by_key(|c| c.0.map_or((0, 0), |t| (1, t)));
    let mut out = Vec::new();
    for (trial, mut line, deals) in cycles.clone() {
        if let Some(t) = trial {
            line["trial"] = t.into();
        }
        out.push(line);
        out.extend(deals);
    }
    let mut summary = shards[0].last().expect("a summary").clone();
    summary["trials"] = trials.into();
    summary["looped"] = looped.into();
    summary["cycles"] = cycles.len().into();
    summary["cycles_with_deals"] = cycles.iter().filter(|c| !c.2.is_empty()).count().into();
    summary["deals"] = cycles.iter().map(|c| c.2.len()).sum::<usize>().into();
    // The first found of those with the most tricks, then cards.
    let key = |c: &Value| (c["tricks"].as_u64(), c["cards"].as_u64());
    let longest = cycles.iter().map(|c| &c.1).rev().max_by_key(|c| key(c));
    summary["longest"] = longest.map_or(
        Value::Null,
        |c| serde_json::json!({"id": c["id"], "tricks": c["tricks"], "cards": c["cards"]}),
    );
    out.push(summary);
    out
}

/// The shards of `--max-steps N` partition the search of N trials (issue
/// #40): their union is the unsharded output, cycle by cycle and deal by
/// deal, with the same counts, for 2 to 5 shards and N no multiple of them.
#[test]
fn shards_partition_the_search() {
    let run = |shard: &str| {
        let args = [
            "camicia",
            "loops",
            "--max-steps",
            "120001",
            "--seed",
            "5",
            "--json",
            "--shard",
            shard,
        ];
        let mut lines = json_lines(&run_cli(&args, b""));
        for v in &mut lines {
            if let Some(m) = v.as_object_mut() {
                for key in ["seconds", "trials_per_second", "shard"] {
                    m.remove(key);
                }
            }
        }
        lines
    };
    let whole = run("1/1");
    assert!(whole.len() > 60, "new cycles found: {}", whole.len());
    for n in 2..=5 {
        let shards: Vec<Vec<Value>> = (1..=n).map(|k| run(&format!("{k}/{n}"))).collect();
        let merged = union(&shards);
        assert!(
            merged == whole,
            "{n} shards: {} lines, {}; unsharded: {} lines, {}",
            merged.len(),
            merged.last().expect("a summary"),
            whole.len(),
            whole.last().expect("a summary")
        );
    }
}

#[test]
fn any_split_reports_every_looping_deal_of_the_trees() {
    let r = run_cli(
        &[
            "camicia",
            "loops",
            "--max-steps",
            "0",
            "--split",
            "any",
            "--json",
        ],
        b"",
    );
    let cycles = check_output(&json_lines(&r), STANDARD, false);
    assert_eq!(cycles.len(), 1);
    // 2,670 states reach the cycle; every one with two non-empty hands is a deal.
    let deals = cycles.values().next().map_or(0, |c| c.1.len());
    assert!(deals > 30 && deals <= 2670, "{deals}");
}

#[test]
fn a_checkpoint_resumes_to_the_uninterrupted_answer() {
    let dir = std::env::temp_dir().join(format!("plateau-loops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("ckpt.json");
    let path = file.to_str().expect("utf-8");
    let _ = std::fs::remove_file(&file);
    let base = [
        "camicia",
        "loops",
        "--seed",
        "5",
        "--json",
        "--checkpoint",
        path,
    ];
    let first = run_cli(&[&base[..], &["--max-steps", "40000"]].concat(), b"");
    assert_eq!(first.code, 0, "{}", first.stderr);
    let resumed = run_cli(&[&base[..], &["--max-steps", "80000"]].concat(), b"");
    let whole = run_cli(
        &[
            "camicia",
            "loops",
            "--seed",
            "5",
            "--json",
            "--max-steps",
            "80000",
        ],
        b"",
    );
    assert_eq!(untimed(&resumed), untimed(&whole));
    // Another search's checkpoint is refused, and left as it is.
    let saved = std::fs::read(&file).expect("saved");
    let other = run_cli(
        &[
            "camicia",
            "loops",
            "--seed",
            "6",
            "--checkpoint",
            path,
            "--max-steps",
            "1",
        ],
        b"",
    );
    assert_eq!(other.code, 2);
    assert!(
        other.stderr.contains("--seed 5 there, 6 here"),
        "{}",
        other.stderr
    );
    assert_eq!(std::fs::read(&file).expect("kept"), saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn from_takes_only_looping_deals() {
    let r = run_cli(
        &["camicia", "loops", "--from", "2/3", "--max-steps", "1"],
        b"",
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--from 2/3: not a deal"), "{}", r.stderr);
    // The spec's small loop is not a deal of the standard deck, but starts a
    // search of its own deck (alone: Casella et al.'s is of the 52).
    let r = run_cli(
        &["camicia", "loops", "--from", "J--/-J-", "--max-steps", "0"],
        b"",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(
            "--from J--/-J-: a deal of the numbers=4,J=2,Q=0,K=0,A=0 deck, not of the standard deck"
        ),
        "{}",
        r.stderr
    );
    let small = [
        "camicia",
        "loops",
        "--deck",
        "numbers=4,J=2",
        "--from",
        "J--/-J-",
        "--max-steps",
        "0",
        "--json",
    ];
    let lines = json_lines(&run_cli(&small, b""));
    let summary = lines.last().expect("summary");
    assert_eq!(summary["cycles"], 1, "{summary}");
    assert_eq!(summary["from"][0], "J--/-J-", "{summary}");
}

/// `fixtures/camicia/cycles.tsv`: each row a deal, its loop and its cycle;
/// every row replays under the reference, and the catalog holds the cycles it
/// says.
#[test]
fn the_catalog_replays() {
    let text = std::fs::read_to_string(fixture("camicia/cycles.tsv")).expect("catalog");
    let mut cycles: HashMap<String, (String, usize)> = HashMap::new();
    let mut deals = HashSet::new();
    let mut decks = HashSet::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let [
            deck,
            id,
            turn,
            turn_cards,
            canonical,
            deal,
            cards,
            tricks,
            entry,
        ] = f[..]
        else {
            panic!("9 fields: {line}");
        };
        let num = |s: &str| s.parse::<u64>().expect("a number");
        let cycle = serde_json::json!({
            "id": id, "tricks": num(turn), "cards": num(turn_cards), "entry": num(entry)
        });
        let got = check_deal(deal, deck_counts(deck), num(cards), num(tricks), &cycle);
        assert_eq!(got, canonical, "{deal}");
        let (a, b) = hands(deal);
        assert_eq!(a.len(), b.len(), "{deal}: balanced");
        decks.insert(deck.to_string());
        assert!(deals.insert(deal.to_string()), "{deal} twice");
        cycles
            .entry(id.to_string())
            .or_insert((canonical.to_string(), 0))
            .1 += 1;
        // The core and the CLI agree: the deal's answer names the same cycle.
        let r = run_cli(&["camicia", deal, "--json"], b"");
        let v: Value = serde_json::from_str(r.stdout.trim()).expect("json");
        assert_eq!(v["cycle"], cycle, "{deal}");
    }
    // The published cycle is in it with its 30 deals, and another deck.
    assert!(deals.contains(CASELLA));
    assert!(decks.len() >= 2, "{decks:?}");
    let claimed = text
        .lines()
        .find_map(|l| l.strip_prefix("# distinct cycles: "))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .expect("a '# distinct cycles: N' line");
    assert_eq!(cycles.len(), claimed);
}

/// `fixtures/camicia/cycles-near-casella.tsv`: the cycles the
/// `cycle_neighbours` example's walk knows, any split of the 52 cards. Each
/// canonical deal replays under the reference into its own cycle from its
/// first round (turn, cards, canonical form, id), the cycles are distinct, and
/// the tree figures agree with a walk by the core's backward play.
#[test]
fn the_cycles_near_casellas_replay() {
    use plateau::camicia::{Deal, Player, backward};
    let text =
        std::fs::read_to_string(fixture("camicia/cycles-near-casella.tsv")).expect("catalog");
    let mut ids = HashSet::new();
    let mut parents = HashSet::new();
    let mut lengths = std::collections::BTreeSet::new();
    let mut balanced_cycles = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let [id, turn, turn_cards, tree, off, balanced, from, canonical] = f[..] else {
            panic!("8 fields: {line}");
        };
        let num = |s: &str| s.parse::<usize>().expect("a number");
        let (a, b) = hands(canonical);
        let mut counts = [0; 5];
        for &p in a.iter().chain(&b) {
            counts[usize::from(p)] += 1;
        }
        assert_eq!(counts, STANDARD, "{canonical}: a deal of the 52 cards");
        let (entry, tricks, cards, again) =
            camicia_reference_cycle(&a, &b).expect("the reference loops");
        assert_eq!(
            (entry, tricks, cards),
            (0, num(turn) as u64, num(turn_cards) as u64),
            "{line}"
        );
        assert_eq!(again, canonical, "{line}: canonical");
        assert_eq!(id_of(canonical), id, "{line}");
        assert!(ids.insert(id.to_string()), "{id} twice");
        assert_ne!(id, from, "{line}");
        parents.insert(from.to_string());
        lengths.insert(tricks);
        // The tree, walked again: its states, the least distance of A's hand
        // from 26 cards, and the balanced deals among them.
        let start: Deal = canonical.parse().expect("a deal");
        let mut seen = HashSet::from([start]);
        let mut stack = vec![start];
        let (mut least, mut even) = (26, 0);
        while let Some(s) = stack.pop() {
            least = least.min(s.len(Player::A).abs_diff(26));
            even += usize::from(s.len(Player::A) == 26);
            stack.extend(
                backward::predecessors(&s)
                    .map(|p| p.state)
                    .filter(|p| seen.insert(*p)),
            );
        }
        assert_eq!(
            (seen.len(), least, even),
            (num(tree), num(off), num(balanced)),
            "{line}"
        );
        balanced_cycles += usize::from(even > 0);
    }
    // Each was found from a cycle of the table, the first from the
    // published deal, which is in it; as many as the header says.
    parents.remove("published");
    assert!(parents.is_subset(&ids), "{parents:?}");
    assert!(ids.contains("0795961b5504"));
    let claimed = text
        .lines()
        .find_map(|l| l.split_once("` (")?.1.split_once(" cycles,"))
        .and_then(|(n, _)| n.parse::<usize>().ok())
        .expect("a '(N cycles, …)' header");
    assert_eq!(ids.len(), claimed);
    // What docs/camicia.md says of them: 29 to 64 tricks a turn, balanced
    // deals in the trees of four only.
    assert_eq!(
        (lengths.first(), lengths.last()),
        (Some(&29), Some(&64)),
        "{lengths:?}"
    );
    assert_eq!(balanced_cycles, 4);
}
