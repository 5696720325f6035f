//! The firmware's expected values (`firmware/src/expected/`) are the host's:
//! each constant the chip compares with is checked here against the CLI
//! snapshot, the fixture or the SPEC rule it was taken from.

use std::fs;

use plateau::tchu::{Color, Level, Route, Station};
use plateau_tests::tour_reference::count_tours;
use plateau_tests::{fixture, workspace_root};

#[allow(dead_code)]
mod jass {
    include!("../../firmware/src/expected/jass.rs");
}

#[allow(dead_code)]
mod camicia {
    include!("../../firmware/src/expected/camicia.rs");
}

#[allow(dead_code)]
mod grid {
    include!("../../firmware/src/expected/grid.rs");
}

#[allow(dead_code)]
mod tour {
    include!("../../firmware/src/expected/tour.rs");
}

#[allow(dead_code)]
mod tchu {
    include!("../../firmware/src/expected/tchu.rs");
}

/// Returns the command and the stdout lines of a CLI snapshot of `fixtures/jass/NAME.cmd`.
fn snapshot(name: &str) -> (String, Vec<String>) {
    let path = workspace_root().join(format!(
        "tests/tests/snapshots/cli_snapshots__cli_on_fixtures@jass__{name}.cmd.snap"
    ));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let command = text
        .lines()
        .find(|l| l.starts_with("$ plateau "))
        .unwrap_or_default()
        .to_string();
    let stdout = text
        .lines()
        .skip_while(|l| *l != "--- stdout")
        .skip(1)
        .take_while(|l| *l != "--- stderr")
        .map(str::to_string)
        .collect();
    (command, stdout)
}

/// Returns (text, packed) of one JSON line of `plateau --json jass ...`.
fn json_score(line: &str) -> (String, u64) {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let packed = v["packed"].as_str().unwrap().trim_start_matches("0x");
    (
        v["text"].as_str().unwrap().to_string(),
        u64::from_str_radix(packed, 16).unwrap(),
    )
}

#[test]
fn worked_example_is_the_snapshot() {
    let (command, stdout) = snapshot("worked-example-json");
    let from_snapshot: Vec<(String, u64)> = stdout.iter().map(|l| json_score(l)).collect();
    let expected: Vec<(String, u64)> = jass::WORKED_EXAMPLE
        .iter()
        .map(|(t, p)| (t.to_string(), *p))
        .collect();
    assert_eq!(expected, from_snapshot);
    // The snapshot's events are the tricks the firmware plays: team 1 on even tricks.
    let events: Vec<String> = jass::WORKED_EXAMPLE_TRICK_POINTS
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}:{p}", if i % 2 == 0 { 1 } else { 2 }))
        .collect();
    assert!(
        command.ends_with(&format!("jass score {} next", events.join(" "))),
        "{command}"
    );
}

#[test]
fn max_match_and_invalid_values_are_the_snapshots() {
    let (_, pack_max) = snapshot("pack-max");
    let (text, bits) = json_score(&pack_max[0]);
    assert_eq!((text.as_str(), bits), jass::MAX_PACKED);
    assert_eq!(snapshot("unpack-max").1, [jass::MAX_PACKED.0]);
    let (command, match_bonus) = snapshot("match-bonus");
    assert!(command.contains("jass score 1:19 1:19 1:19 1:19 1:19 1:19 1:19 1:19 1:5 next"));
    assert_eq!(match_bonus[9..11], jass::MATCH_BONUS);
    let (command, _) = snapshot("bad-unused-bit");
    let bad = u64::from_str_radix(command.rsplit("0x").next().unwrap(), 16).unwrap();
    assert!(jass::INVALID_PACKED.contains(&bad));
    for bits in jass::INVALID_PACKED {
        assert!(
            !plateau::jass::PackedScore::from_bits(bits).is_valid(),
            "{bits:#x}"
        );
    }
}

#[test]
fn real_routes_are_the_map_fixture() {
    let stations = fs::read_to_string(fixture("tchu/stations.tsv")).unwrap();
    let routes = fs::read_to_string(fixture("tchu/routes.tsv")).unwrap();
    let station_id = |code: &str| -> u8 {
        let line = stations
            .lines()
            .find(|l| l.split('\t').next() == Some(code))
            .unwrap_or_else(|| panic!("no station {code}"));
        line.split('\t').nth(1).unwrap().parse().unwrap()
    };
    for (id, (id1, code1), (id2, code2), length, tunnel, color, points) in tchu::REAL_ROUTES {
        let line = routes
            .lines()
            .find(|l| l.split('\t').next() == Some(id))
            .unwrap_or_else(|| panic!("no route {id}"));
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f[1..4], [code1, code2, &length.to_string()], "{id}");
        assert_eq!((station_id(code1), station_id(code2)), (id1, id2), "{id}");
        assert_eq!(f[4] == "UNDERGROUND", tunnel, "{id}");
        let color = color.map(|c| Color::ALL[c]);
        assert_eq!(color.map(Color::name).unwrap_or("NEUTRAL"), f[5], "{id}");
        let level = if tunnel {
            Level::Underground
        } else {
            Level::Overground
        };
        let s1 = Station::new(id1, "", "");
        let s2 = Station::new(id2, "", "");
        let route = Route::new(id, s1, s2, length, level, color).unwrap();
        assert_eq!(route.claim_points(), points, "{id}");
        assert_eq!(tchu::CLAIM_POINTS[usize::from(length) - 1], points, "{id}");
    }
    assert_eq!(tchu::TOTAL_CARDS, plateau::tchu::TOTAL_CARDS);
}

#[test]
fn claims_and_map_size_are_the_snapshot_and_the_fixtures() {
    let path = workspace_root()
        .join("tests/tests/snapshots/cli_snapshots__cli_on_fixtures@tchu__claims-all.cmd.snap");
    let text = fs::read_to_string(&path).unwrap();
    for (id, expected) in tchu::CLAIMS {
        let listed: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with(&format!("{id} (")))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(str::trim)
            .collect();
        assert_eq!(listed, expected, "{id}");
    }
    let routes = fs::read_to_string(fixture("tchu/routes.tsv")).unwrap();
    let rows: Vec<Vec<&str>> = routes
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t"))
        .map(|l| l.split('\t').collect())
        .collect();
    let stations = fs::read_to_string(fixture("tchu/stations.tsv")).unwrap();
    let tickets = fs::read_to_string(fixture("tchu/tickets.tsv")).unwrap();
    let data_lines = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .skip(1)
            .filter(|l| !l.is_empty())
            .count()
    };
    let size = (
        data_lines(&stations),
        rows.len(),
        rows.iter().filter(|r| r[4] == "UNDERGROUND").count(),
        rows.iter().filter(|r| r[5] == "NEUTRAL").count(),
        rows.iter().map(|r| r[3].parse::<u32>().unwrap()).sum(),
        data_lines(&tickets),
    );
    assert_eq!(size, tchu::MAP_SIZE);
}

#[test]
fn additional_cards_example_is_the_host_count_and_the_spec_rule() {
    use plateau::bag::SortedBag;
    use plateau::tchu::Card;
    // SPEC §2: a tunnel asks one more card for each drawn locomotive and each
    // drawn card of the claim's car color (only the locomotives for an
    // all-locomotive claim). Counted here by that rule, independently of the core.
    let drawn = [Card::Red, Card::Black, Card::Locomotive];
    let by_rule = |claim: &[Card]| {
        let car = claim.iter().find(|c| c.color().is_some());
        drawn
            .iter()
            .filter(|&&d| d == Card::Locomotive || Some(&d) == car)
            .count()
    };
    let rule = (
        by_rule(&[Card::Red, Card::Red]),
        by_rule(&[Card::Locomotive, Card::Locomotive]),
    );
    // The core on the host, on the firmware check's red tunnel of length 2.
    let (a, b) = (Station::new(0, "A", ""), Station::new(1, "B", ""));
    let red = Route::new("A_B_1", a, b, 2, Level::Underground, Some(Color::Red)).unwrap();
    let drawn_bag: SortedBag<Card, 3> = SortedBag::from_elements(drawn).unwrap();
    let cars: SortedBag<Card, 2> = SortedBag::of_n(2, Card::Red).unwrap();
    let locos: SortedBag<Card, 2> = SortedBag::of_n(2, Card::Locomotive).unwrap();
    let host = (
        red.additional_claim_cards_count(&cars, &drawn_bag).unwrap(),
        red.additional_claim_cards_count(&locos, &drawn_bag)
            .unwrap(),
    );
    assert_eq!(host, rule);
    assert_eq!(tchu::ADDITIONAL_EXAMPLE, host);
}

#[test]
fn camicia_cases_are_the_published_ones_that_fit_52_cards() {
    let text = fs::read_to_string(fixture("camicia/canonical-data.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let hand = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    let fitting: Vec<_> = json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| {
            let (a, b) = (hand(&c["input"]["playerA"]), hand(&c["input"]["playerB"]));
            (a.len() + b.len() <= 52).then(|| {
                let e = &c["expected"];
                (
                    c["description"].as_str().unwrap().to_string(),
                    a.join(" "),
                    b.join(" "),
                    e["status"].as_str().unwrap().to_string(),
                    e["cards"].as_u64().unwrap(),
                    e["tricks"].as_u64().unwrap(),
                )
            })
        })
        .collect();
    let on_chip: Vec<_> = camicia::CASES
        .iter()
        .map(|&(d, a, b, s, c, t)| {
            (
                d.to_string(),
                a.to_string(),
                b.to_string(),
                s.to_string(),
                c,
                t,
            )
        })
        .collect();
    assert_eq!(on_chip, fitting);
    assert_eq!(camicia::CASES_THAT_FIT, 27);
}

/// The chip's short hunt is the host's: `plateau camicia hunt` with the same
/// seed, deals and round budget (on one thread and on two), and the core's
/// hunt called as the chip calls it.
#[test]
fn the_short_hunt_is_the_host_hunt() {
    use plateau::Budget;
    use plateau::camicia::hunt::{Entry, Hunt, HuntSearch, Shard, Tally};
    use plateau::search::{Outcome, Search};
    let (seed, deals, rounds) = camicia::HUNT;
    type Listed = Vec<(String, u64, u64)>;
    let expected_list = |l: &[(&str, u64, u64)]| -> Listed {
        l.iter().map(|&(d, c, t)| (d.to_string(), c, t)).collect()
    };
    for threads in ["1", "2"] {
        let args = [
            "camicia".to_string(),
            "hunt".into(),
            "--seed".into(),
            seed.to_string(),
            "--deals".into(),
            deals.to_string(),
            "--max-rounds".into(),
            rounds.to_string(),
            "--threads".into(),
            threads.into(),
            "--json".into(),
        ];
        let r = plateau_tests::run_cli(&args, b"");
        assert_eq!(r.code, 0, "{}", r.stderr);
        let lines: Vec<serde_json::Value> = r
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let s = &lines[0];
        let n = |k: &str| s[k].as_u64().unwrap();
        let counts = (
            n("deals"),
            n("chunks"),
            n("finished"),
            n("loops"),
            n("exhausted"),
            n("cards_of_finished"),
        );
        assert_eq!(counts, camicia::HUNT_COUNTS, "threads {threads}");
        let listed = |kind: &str| -> Listed {
            lines
                .iter()
                .filter(|v| v["kind"] == kind)
                .map(|v| {
                    let (c, t) = (v["cards"].as_u64().unwrap(), v["tricks"].as_u64().unwrap());
                    (v["deal"].as_str().unwrap().to_string(), c, t)
                })
                .collect()
        };
        assert_eq!(listed("by-cards"), expected_list(&camicia::HUNT_BY_CARDS));
        assert_eq!(listed("by-tricks"), expected_list(&camicia::HUNT_BY_TRICKS));
        assert_eq!(listed("loop"), Listed::new());
    }
    // The core, with the chip's storage.
    let tally = Tally::new_in([Entry::EMPTY; 5], [Entry::EMPTY; 5], [Entry::EMPTY; 5]);
    let hunt = Hunt::new(seed, Budget::new(rounds));
    let mut search = HuntSearch::new_in(hunt, Shard::WHOLE, Budget::new(deals), tally);
    assert_eq!(search.run(Budget::UNLIMITED), Ok(Outcome::Done(deals)));
    let t = search.tally();
    let counts = (t.deals, t.chunks, t.finished, t.loops, t.exhausted);
    assert_eq!((counts, t.cards_of_finished), {
        let (d, c, f, l, e, cards) = camicia::HUNT_COUNTS;
        ((d, c, f, l, e), cards)
    });
    let of = |l: &[Entry]| -> Listed {
        l.iter()
            .map(|f| (f.deal.to_string(), f.ending.cards, f.ending.tricks))
            .collect()
    };
    assert_eq!(
        of(t.by_cards.as_slice()),
        expected_list(&camicia::HUNT_BY_CARDS)
    );
    assert_eq!(
        of(t.by_tricks.as_slice()),
        expected_list(&camicia::HUNT_BY_TRICKS)
    );
    // The round budget is the CLI's default, as its help states it.
    let help = plateau_tests::run_cli(&["camicia", "hunt", "--help"], b"").stdout;
    let line = help
        .lines()
        .find(|l| l.trim_start().starts_with("--max-rounds"));
    let default = format!("[default: {rounds}]");
    assert!(line.is_some_and(|l| l.contains(&default)), "{help}");
}

#[test]
fn grid_values_are_the_spec_the_fixture_and_the_snapshot() {
    // SPEC §5: rows (2,2,1) cols (2,2,1): 5; n×n with all sums 2: 90 (n=4), 2,040 (n=5).
    let spec: Vec<(Vec<u8>, Vec<u8>, u64)> = vec![
        (vec![2, 2, 1], vec![2, 2, 1], 5),
        (vec![2; 4], vec![2; 4], 90),
        (vec![2; 5], vec![2; 5], 2040),
    ];
    let on_chip: Vec<(Vec<u8>, Vec<u8>, u64)> = grid::MARGINS
        .iter()
        .map(|(r, c, n)| (r.to_vec(), c.to_vec(), *n))
        .collect();
    assert_eq!(on_chip, spec);
    let (puzzle, solution) = grid::SUDOKU;
    let famous = fs::read_to_string(fixture("sudoku/famous.txt")).unwrap();
    assert!(
        famous.lines().any(|l| l.trim() == puzzle),
        "puzzle in famous.txt"
    );
    let snap =
        fs::read_to_string(workspace_root().join(
            "tests/tests/snapshots/cli_snapshots__cli_on_fixtures@sudoku__famous-json.cmd.snap",
        ))
        .unwrap();
    assert!(
        snap.contains(&format!("\"solution\":\"{solution}\"")),
        "solution in the snapshot"
    );
}

#[test]
fn tour_values_are_the_spec_and_the_snapshot() {
    // SPEC §3's counts (304 directed open tours of 5×5 from a corner, 16 of 3×4
    // from every start in all), computed here twice: by the core's count on the
    // host and by a plain backtracking count that shares no code with it.
    use plateau::Budget;
    use plateau::search::{Outcome, Search};
    use plateau::tour::{Board, Square, Tour, TourKind};
    let core_count = |w: u16, h: u16, x: u16, y: u16| {
        let board = Board::new(w, h).unwrap();
        let mut tour = Tour::<[Square; 64], [u8; 64]>::new(board).unwrap();
        let mut count = tour.count(Square::new(x, y), TourKind::Open).unwrap();
        match count.run(Budget::UNLIMITED) {
            Ok(Outcome::Done(n)) if n.exact => n.at_least,
            other => panic!("no budget was set: {other:?}"),
        }
    };
    let corner = (
        core_count(5, 5, 0, 0),
        count_tours(5, 5, (0, 0), false, u64::MAX),
    );
    let mut all = (0, 0);
    for y in 0..4 {
        for x in 0..3 {
            all.0 += core_count(3, 4, x, y);
            all.1 += count_tours(3, 4, (x, y), false, u64::MAX);
        }
    }
    assert_eq!(
        (corner.0, all.0),
        (corner.1, all.1),
        "the core and the backtracking count"
    );
    assert_eq!(
        (tour::OPEN_5X5_FROM_CORNER, tour::OPEN_3X4_IN_ALL),
        (corner.1, all.1)
    );
    let snap =
        fs::read_to_string(workspace_root().join(
            "tests/tests/snapshots/cli_snapshots__cli_on_fixtures@tour__4x4-none-json.cmd.snap",
        ))
        .unwrap();
    assert!(
        snap.contains(&format!("\"reason\":\"{}\"", tour::NONE_4X4)),
        "reason in the snapshot"
    );
}

#[test]
fn longest_trails_are_the_snapshot_and_the_host_search() {
    let snap = workspace_root()
        .join("tests/tests/snapshots/cli_snapshots__cli_on_fixtures@tchu__trail-spec.cmd.snap");
    let text = fs::read_to_string(&snap).unwrap();
    let cmd = fs::read_to_string(fixture("tchu/trail-spec.cmd")).unwrap();
    let (spec_ids, spec_length) = tchu::TRAILS[0];
    let listed: Vec<&str> = cmd.split_whitespace().skip(2).collect();
    assert_eq!(listed, spec_ids, "the spec example's routes");
    assert!(text.contains(&format!("({spec_length})")), "{text}");
    for (ids, expected) in tchu::TRAILS {
        let routes: Vec<Route> = ids
            .iter()
            .map(|id| *plateau::tchu::map::route(id).unwrap_or_else(|| panic!("no route {id}")))
            .collect();
        let trail = plateau::tchu::trail::Trail::longest_unbounded(&routes).unwrap();
        assert_eq!(trail.length(), expected, "{ids:?}");
        plateau_tests::tchu_trail::check_trail(&routes, &trail).unwrap();
    }
    // The 40-route network is one connected piece of the map.
    let routes = tchu::TRAILS[1].0;
    assert_eq!(routes.len(), 40);
    let mut reached = vec![routes[0]];
    loop {
        let stations: Vec<_> = reached
            .iter()
            .flat_map(|id| plateau::tchu::map::route(id).unwrap().stations())
            .collect();
        let before = reached.len();
        for id in routes {
            let r = plateau::tchu::map::route(id).unwrap();
            if !reached.contains(id) && r.stations().iter().any(|s| stations.contains(s)) {
                reached.push(id);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    assert_eq!(reached.len(), 40, "connected");
}

/// The whole map's check (`tchu/whole-map`): its length is the snapshot's
/// (`tchu longest --all`, the default workspace), and the host's search in the
/// chip's layout (`CompactMapWorkspace`) finds it in the steps the check
/// expects; the player's layout finds the other checks' lengths.
#[test]
fn the_whole_map_is_the_snapshot_and_the_compact_search() {
    use plateau::Budget;
    use plateau::search::Search;
    use plateau::tchu::trail::{CompactMapWorkspace, PlayerWorkspace, TrailSearch};

    let (length, steps) = tchu::WHOLE_MAP;
    let snap = workspace_root()
        .join("tests/tests/snapshots/cli_snapshots__cli_on_fixtures@tchu__trail-all.cmd.snap");
    let text = fs::read_to_string(&snap).unwrap();
    assert!(text.contains(&format!("({length})\n")), "{text}");
    let map = &plateau::tchu::map::ROUTES;
    let mut search = TrailSearch::new_in(map, CompactMapWorkspace::new()).unwrap();
    let Ok(outcome) = search.run(Budget::UNLIMITED);
    assert!(outcome.is_done());
    assert_eq!((outcome.so_far().length(), search.spent()), (length, steps));
    plateau_tests::tchu_trail::check_trail(map, outcome.so_far()).unwrap();
    let sliced = tchu::SLICED_TRAIL;
    for (ids, expected) in tchu::TRAILS.iter().chain([&sliced]) {
        let routes: Vec<Route> = ids
            .iter()
            .map(|id| *plateau::tchu::map::route(id).unwrap())
            .collect();
        let mut search = TrailSearch::new_in(&routes, PlayerWorkspace::new()).unwrap();
        let Ok(outcome) = search.run(Budget::UNLIMITED);
        assert!(outcome.is_done());
        assert_eq!(outcome.so_far().length(), *expected, "{ids:?}");
    }
}

/// The rows of a TSV fixture, without comments and blank lines (the header
/// first).
fn rows(name: &str) -> Vec<String> {
    fs::read_to_string(fixture(name))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The route ids of a network's rows (its header left out).
fn ids(net: &[String]) -> Vec<&str> {
    net[1..]
        .iter()
        .map(|row| row.split('\t').next().unwrap())
        .collect()
}

/// The firmware's 40-route network is `fixtures/tchu/trail-firmware-40.tsv`,
/// route for route and in order, and each of its rows is the map's row
/// (`fixtures/tchu/routes.tsv`): so the MILP that `tools/ci-milp.sh` runs on
/// that fixture (`--expect 73`) solves the very network the chip checks.
#[test]
fn the_firmware_network_is_the_milp_fixture() {
    let (net, map) = (rows("tchu/trail-firmware-40.tsv"), rows("tchu/routes.tsv"));
    assert_eq!(net[0], map[0], "the map's header");
    let ids = ids(&net);
    let (firmware, length) = tchu::TRAILS[1];
    assert_eq!(ids, firmware, "the fixture's routes are the firmware's");
    assert_eq!(length, 73);
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 40, "40 routes, none twice");
    for row in &net[1..] {
        assert_eq!(row.split('\t').count(), 6, "{row}");
        assert!(map.contains(row), "not a row of the map: {row}");
    }
}

#[test]
fn the_sliced_trail_network_is_its_milp_fixture() {
    let net = rows("tchu/trail-firmware-sliced.tsv");
    let map = rows("tchu/routes.tsv");
    assert_eq!(net[0], map[0], "the map's header");
    let ids = ids(&net);
    let (firmware, length) = tchu::SLICED_TRAIL;
    assert_eq!(ids, firmware, "the fixture's routes are the firmware's");
    assert_eq!(length, 68);
    let text = fs::read_to_string(fixture("tchu/trail-firmware-sliced.tsv")).unwrap();
    assert!(
        text.contains("\n# longest: 68\n"),
        "the MILP's length, as ci-milp.sh reads it"
    );
    for row in &net[1..] {
        assert!(map.contains(row), "not a row of the map: {row}");
    }
}
