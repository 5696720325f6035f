//! The longest trail: the fast exact search against the seed's exhaustive one and
//! an independent subset solver, on random networks and on the real map.

use plateau::Budget;
use plateau::rng::SplitMix64;
use plateau::search::{Outcome, Search};
use plateau::tchu::map::{self, ROUTES};
use plateau::tchu::trail::{
    BonusSearch, CompactMapWorkspace, HugeWorkspace, LargeWorkspace, MapWorkspace, PlayerWorkspace,
    Trail, TrailError, TrailMemory, TrailSearch, TrailWorkspace, longest_trail_bonus_unbounded,
};
use plateau::tchu::{Level, Route, Station};
use plateau_tests::tchu_trail::{
    check_trail, connected_subnetwork, network, network_file, player_network, seed_longest,
    subset_longest,
};
use proptest::prelude::*;

fn edges(max_station: u8, max_routes: usize) -> impl Strategy<Value = Vec<(u8, u8, u8)>> {
    proptest::collection::vec((0..=max_station, 0..=max_station, 1u8..=6), 0..=max_routes)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Few stations and up to 12 routes: parallel routes, cycles, several pieces.
    #[test]
    fn matches_the_seed(e in edges(6, 12)) {
        let net = network(&e);
        let fast = Trail::longest_unbounded(&net).unwrap();
        check_trail(&net, &fast).map_err(TestCaseError::fail)?;
        let (seed, seed_order) = seed_longest(&net);
        prop_assert_eq!(fast.length(), seed);
        prop_assert_eq!(subset_longest(&net), seed);
        prop_assert!(seed_order.len() <= net.len());
    }
}

/// Checks the fast trail of `net` (a valid trail) and its length against the
/// subset solver.
fn matches_subsets(net: &[Route]) -> Result<(), TestCaseError> {
    let fast = Trail::longest_unbounded(net).map_err(|e| TestCaseError::fail(e.to_string()))?;
    check_trail(net, &fast).map_err(TestCaseError::fail)?;
    prop_assert_eq!(fast.length(), subset_longest(net));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Up to 16 routes on up to 8 stations, against the subset solver only.
    #[test]
    fn matches_the_subset_solver(e in edges(7, 16)) {
        let net = network(&e);
        matches_subsets(&net)?;
    }

    /// Small dense clusters joined by bridges into a tree of clusters, with
    /// hanging parts of every shape: the search folds them before the rest.
    #[test]
    fn bridged_clusters_match_the_subset_solver(
        clusters in proptest::collection::vec((edges(3, 6), 0u8..4, 0u8..4, 0usize..8, 1u8..=6), 1..=4)
    ) {
        let mut all = Vec::new();
        for (k, (cluster, here, there, to, length)) in clusters.iter().enumerate() {
            let base = 4 * k as u8;
            all.extend(cluster.iter().map(|&(a, b, w)| (base + a, base + b, w)));
            if k > 0 {
                // A bridge to a station of an earlier cluster.
                let earlier = 4 * (to % k) as u8;
                all.push((base + here, earlier + there, *length));
            }
        }
        all.truncate(20);
        let net = network(&all);
        matches_subsets(&net)?;
    }

    /// Up to 64 stations: mostly separate pieces and paths.
    #[test]
    fn wide_networks_match_the_subset_solver(e in edges(63, 16)) {
        let net = network(&e);
        matches_subsets(&net)?;
    }

    /// Connected pieces of the real map, doubles included, against the subset solver.
    #[test]
    fn map_pieces_match_the_subset_solver(seed: u64, size in 10usize..=17) {
        let net = connected_subnetwork(&ROUTES, size, &mut SplitMix64::new(seed));
        matches_subsets(&net)?;
    }

    /// A search run in slices takes the same path as one run: same steps, same
    /// trail; its best so far is always a real trail.
    #[test]
    fn slices_resume_the_same_search(e in edges(6, 14), slice in 1u64..30) {
        let net = network(&e);
        let mut one = TrailSearch::new(&net).unwrap();
        let Ok(whole) = one.run(Budget::UNLIMITED);
        prop_assert!(whole.is_done());
        let mut search = TrailSearch::new(&net).unwrap();
        let mut rounds = 0u64;
        while let Ok(Outcome::Exhausted { best, spent }) = search.run(Budget::new(slice)) {
            rounds += 1;
            check_trail(&net, &best).map_err(TestCaseError::fail)?;
            prop_assert_eq!(spent, search.spent());
            prop_assert_eq!(best, search.best());
        }
        prop_assert!(search.outcome().is_done());
        prop_assert_eq!(search.run(Budget::new(slice)), Ok(whole));
        prop_assert_eq!(search.spent(), one.spent());
        prop_assert_eq!(search.outcome(), whole);
        prop_assert!(rounds <= one.spent());
    }

    /// The bonus search's points are the subset solver's, in any slices, and
    /// its trails are real ones of each network, of the subset solver's lengths.
    #[test]
    fn the_bonus_is_the_subset_solvers(
        ea in edges(6, 10),
        eb in edges(6, 10),
        slice in prop_oneof![Just(1u64), 2u64..30, Just(u64::MAX)],
    ) {
        let (a, b) = (network(&ea), network(&eb));
        let lengths = [subset_longest(&a), subset_longest(&b)];
        let points = |mine: u32, theirs: u32| if mine >= theirs { 10 } else { 0 };
        let expected = [points(lengths[0], lengths[1]), points(lengths[1], lengths[0])];
        let mut search = BonusSearch::new_in(&a, &b, PlayerWorkspace::new()).unwrap();
        let done = loop {
            match search.run(Budget::new(slice)) {
                Ok(Outcome::Done(points)) => break points,
                Ok(Outcome::Exhausted { best, spent }) => {
                    prop_assert!(best[0] <= lengths[0] && best[1] <= lengths[1]);
                    prop_assert_eq!(spent, search.spent());
                    if let Some(early) = search.decided() {
                        prop_assert_eq!(early, expected);
                    }
                }
            }
        };
        prop_assert_eq!(done, expected);
        let [ta, tb] = search.trails();
        check_trail(&a, ta.so_far()).map_err(TestCaseError::fail)?;
        check_trail(&b, tb.so_far()).map_err(TestCaseError::fail)?;
        prop_assert_eq!([ta.so_far().length(), tb.so_far().length()], lengths);
        let [sa, sb] = search.spent_each();
        prop_assert_eq!(sa + sb, search.spent());
    }

    /// A budget gives a real trail, never longer than the longest, and proves it
    /// once large enough.
    #[test]
    fn budgets_give_real_trails(e in edges(6, 12), budget in 0u64..40) {
        let net = network(&e);
        let exact = Trail::longest_unbounded(&net).unwrap().length();
        let Ok(s) = TrailSearch::new(&net).unwrap().run(Budget::new(budget));
        check_trail(&net, s.so_far()).map_err(TestCaseError::fail)?;
        prop_assert!(s.so_far().length() <= exact);
        match s {
            Outcome::Done(t) => prop_assert_eq!(t.length(), exact),
            Outcome::Exhausted { spent, .. } => prop_assert!(spent <= budget),
        }
        if !net.is_empty() {
            prop_assert!(s.so_far().length() > 0);
        }
    }
}

#[test]
fn connected_subnetworks_of_the_map() {
    let mut rng = SplitMix64::new(0x5EED_7C4B);
    for round in 0..600 {
        let size = 4 + round % 9; // 4..=12 routes: the seed is quick there
        let net = connected_subnetwork(&ROUTES, size, &mut rng);
        let fast = Trail::longest_unbounded(&net).unwrap();
        check_trail(&net, &fast).unwrap();
        assert_eq!(fast.length(), seed_longest(&net).0, "{net:?}");
    }
    for _ in 0..12 {
        let net = connected_subnetwork(&ROUTES, 18, &mut rng);
        let fast = Trail::longest_unbounded(&net).unwrap();
        check_trail(&net, &fast).unwrap();
        assert_eq!(fast.length(), subset_longest(&net), "{net:?}");
    }
}

#[test]
fn spec_example_and_empty() {
    let ids = [
        "NEU_YVE_1",
        "NEU_SOL_1",
        "BER_NEU_1",
        "BER_SOL_1",
        "BER_LUC_1",
        "BER_FRI_1",
    ];
    let net: Vec<Route> = ids.iter().map(|id| *map::route(id).unwrap()).collect();
    let t = Trail::longest_unbounded(&net).unwrap();
    check_trail(&net, &t).unwrap();
    assert_eq!(t.length(), 13);
    assert_eq!(seed_longest(&net).0, 13);
    let empty = Trail::longest_unbounded(&[]).unwrap();
    assert_eq!((empty.length(), empty.stations().count()), (0, 0));
    assert_eq!(empty.to_string(), "(0)");
}

/// The whole map: every longest trail is checked, and dropping a route the trail
/// does not use keeps its length, while dropping one it uses never lengthens it.
#[test]
fn whole_map_is_stable_under_dropping_routes() {
    let singles: Vec<Route> = ROUTES
        .iter()
        .copied()
        .filter(|r| !r.id().ends_with("_2"))
        .collect();
    for (net, expected) in [(ROUTES.to_vec(), 159), (singles, 139)] {
        let t = Trail::longest_unbounded(&net).unwrap();
        check_trail(&net, &t).unwrap();
        assert_eq!(t.length(), expected);
        let used: Vec<&str> = t.routes().map(Route::id).collect();
        for (i, r) in net.iter().enumerate().step_by(7) {
            let mut less = net.clone();
            less.remove(i);
            let l = Trail::longest_unbounded(&less).unwrap();
            check_trail(&less, &l).unwrap();
            if used.contains(&r.id()) {
                assert!(l.length() <= t.length());
            } else {
                assert_eq!(l.length(), t.length(), "without {}", r.id());
            }
        }
    }
}

#[test]
fn foreign_stations_with_one_name_are_different() {
    let de = |id: u8, code: &'static str| Station::new(id, code, "Allemagne");
    let bal = map::station("BAL").unwrap();
    let net = [
        Route::new("A", bal, de(34, "DE1"), 3, Level::Overground, None).unwrap(),
        Route::new(
            "B",
            de(35, "DE2"),
            de(36, "DE3"),
            5,
            Level::Overground,
            None,
        )
        .unwrap(),
    ];
    assert_eq!(Trail::longest_unbounded(&net).unwrap().length(), 5);
}

#[test]
fn capacities_are_errors() {
    let hub = Station::new(0, "H", "Hub");
    // The ids are owned here and borrowed by the routes: nothing leaks.
    let star_ids: Vec<String> = (1..=64u8).map(|i| format!("R{i}")).collect();
    let star: Vec<Route> = (1..=64u8)
        .zip(&star_ids)
        .map(|(i, id)| {
            Route::new(
                id,
                hub,
                Station::new(i, "X", "X"),
                1,
                Level::Overground,
                None,
            )
            .unwrap()
        })
        .collect();
    assert_eq!(
        Trail::longest_unbounded(&star),
        Err(TrailError::TooManyStations {
            stations: 65,
            capacity: 64
        })
    );
    assert_eq!(Trail::longest_unbounded(&star[..63]).unwrap().length(), 2);
    let pair_ids: Vec<String> = (0..129).map(|i| format!("P{i}")).collect();
    let parallel: Vec<Route> = pair_ids
        .iter()
        .map(|id| {
            Route::new(
                id,
                hub,
                Station::new(1, "A", "A"),
                1,
                Level::Overground,
                None,
            )
            .unwrap()
        })
        .collect();
    assert_eq!(
        Trail::longest_unbounded(&parallel),
        Err(TrailError::TooManyRoutes {
            routes: 129,
            capacity: 128
        })
    );
    // 128 parallel routes: one closed trail through all of them.
    assert_eq!(
        Trail::longest_unbounded(&parallel[..128]).unwrap().length(),
        128
    );
}

#[test]
fn bonus_goes_to_the_longer_or_both() {
    let r = |id: &str| *map::route(id).unwrap();
    let a = [r("BER_LUC_1"), r("BER_FRI_1")];
    let b = [r("BRI_LOC_1")];
    assert_eq!(longest_trail_bonus_unbounded(&a, &b), Ok([0, 10]));
    let c = [r("BER_LUC_1"), r("BER_SOL_1")];
    assert_eq!(longest_trail_bonus_unbounded(&b, &c), Ok([10, 10]));
}

/// Checks a `--json` trail printed by the CLI against the routes it names: each
/// route joins the stations around it, none twice, the length is their sum.
fn check_json_trail(v: &serde_json::Value, routes: &[Route]) -> u64 {
    let stations: Vec<&str> = v["stations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let ids: Vec<&str> = v["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let length = v["length"].as_u64().unwrap();
    if ids.is_empty() {
        assert!(stations.is_empty() && length == 0);
        return 0;
    }
    assert_eq!(stations.len(), ids.len() + 1);
    let mut sum = 0;
    for (i, id) in ids.iter().enumerate() {
        assert!(!ids[..i].contains(id), "{id} twice");
        let r = routes.iter().find(|r| r.id() == *id).unwrap();
        let ends = [r.station1().code(), r.station2().code()];
        let step = [stations[i], stations[i + 1]];
        assert!(
            ends == step || ends == [step[1], step[0]],
            "{id} does not join {step:?}"
        );
        sum += u64::from(r.length());
    }
    assert_eq!(sum, length);
    length
}

#[test]
fn cli_trails_are_checked() {
    std::env::set_current_dir(plateau_tests::workspace_root()).unwrap();
    let run = |args: &[&str]| {
        let r = plateau_tests::run_cli(args, b"");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        serde_json::from_str::<serde_json::Value>(r.stdout.trim()).unwrap()
    };
    let all = run(&["tchu", "longest", "--all", "--json"]);
    assert_eq!(check_json_trail(&all, &ROUTES), 159);
    let singles = run(&[
        "tchu",
        "longest",
        "--network",
        "fixtures/tchu/trail-singles.tsv",
        "--json",
    ]);
    assert_eq!(check_json_trail(&singles, &ROUTES), 139);
    // The map takes one step: with none, the answer is the longest route.
    let budget = run(&["tchu", "longest", "--all", "--json", "--max-steps", "0"]);
    assert_eq!(budget["status"], serde_json::json!("exhausted"));
    assert!(check_json_trail(&budget, &ROUTES) <= 159);
    let ids = [
        "NEU_YVE_1",
        "NEU_SOL_1",
        "BER_NEU_1",
        "BER_SOL_1",
        "BER_LUC_1",
        "BER_FRI_1",
    ];
    let mut args = vec!["tchu", "longest", "--json"];
    args.extend(ids);
    assert_eq!(check_json_trail(&run(&args), &ROUTES), 13);
    let mut rng = SplitMix64::new(0xC11);
    for _ in 0..30 {
        let net = connected_subnetwork(&ROUTES, 12, &mut rng);
        let mut args = vec!["tchu", "longest", "--json"];
        args.extend(net.iter().map(|r| r.id()));
        assert_eq!(
            check_json_trail(&run(&args), &net),
            u64::from(seed_longest(&net).0)
        );
    }
    let bonus = run(&[
        "tchu",
        "bonus",
        "--json",
        "--a",
        "BER_LUC_1,BER_FRI_1",
        "--b",
        "BRI_LOC_1",
    ]);
    assert_eq!(check_json_trail(&bonus["a"], &ROUTES), 5);
    assert_eq!(check_json_trail(&bonus["b"], &ROUTES), 6);
    assert_eq!(bonus["bonus"], serde_json::json!({ "a": 0, "b": 10 }));
}

/// A network of up to 128 routes `(station, station, length)`: route `i` is `R{i}`
/// (ids leaked: a test's few hundred bytes), station `s` has the id `s`.
fn big_network(edges: &[(u8, u8, u8)]) -> Vec<Route<'static>> {
    edges
        .iter()
        .enumerate()
        .map(|(i, &(a, b, w))| {
            let id: &'static str = Box::leak(format!("R{i}").into_boxed_str());
            let station = |s: u8| Station::new(s, "SX", "Allemagne");
            Route::new(id, station(a), station(b), w, Level::Overground, None)
                .expect("valid test route")
        })
        .collect()
}

/// A random connected network as `tools/trail-vs-milp` draws them: `routes`
/// routes over `stations` stations (a random spanning tree, then random routes,
/// at most two between a pair), lengths 1 to 6.
fn connected_edges(rng: &mut SplitMix64, stations: u8, routes: usize) -> Vec<(u8, u8, u8)> {
    let mut edges = Vec::new();
    let mut pairs = std::collections::HashMap::new();
    for s in 1..stations {
        let t = rng.below(usize::from(s)) as u8;
        *pairs.entry((t, s)).or_insert(0) += 1;
        edges.push((s, t, 1 + rng.below(6) as u8));
    }
    while edges.len() < routes {
        let (a, b) = rng.below_two(usize::from(stations), usize::from(stations));
        let (a, b) = (a as u8, b as u8);
        let n = pairs.entry((a.min(b), a.max(b))).or_insert(0);
        if a == b || *n >= 2 {
            continue;
        }
        *n += 1;
        edges.push((a, b, 1 + rng.below(6) as u8));
    }
    edges
}

/// The same edges with the routes in another order, each route's ends maybe
/// swapped, and the stations renamed by a random permutation.
fn shuffled(edges: &[(u8, u8, u8)], rng: &mut SplitMix64) -> Vec<(u8, u8, u8)> {
    let mut names: Vec<u8> = (0..=255).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.below(i + 1));
    }
    let mut out: Vec<(u8, u8, u8)> = edges
        .iter()
        .map(|&(a, b, w)| {
            let (a, b) = (names[usize::from(a)], names[usize::from(b)]);
            if rng.below(2) == 0 {
                (a, b, w)
            } else {
                (b, a, w)
            }
        })
        .collect();
    for i in (1..out.len()).rev() {
        out.swap(i, rng.below(i + 1));
    }
    out
}

/// Checks that every shuffle of `edges` has a longest trail as long as the
/// network's own, each a real trail of its network (issue 31).
fn same_under_shuffles(edges: &[(u8, u8, u8)], rng: &mut SplitMix64, shuffles: usize) {
    let net = big_network(edges);
    let length = Trail::longest_unbounded(&net).unwrap().length();
    for _ in 0..shuffles {
        let other = big_network(&shuffled(edges, rng));
        let trail = Trail::longest_unbounded(&other).unwrap();
        check_trail(&other, &trail).unwrap();
        assert_eq!(trail.length(), length, "{edges:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Random connected networks of 40 to 128 routes over 32 to 64 stations:
    /// the route order and the station names never change the length.
    #[test]
    fn any_order_and_any_names_give_the_same_length(
        seed: u64, routes in 40usize..=128, stations in 32u8..=64
    ) {
        let mut rng = SplitMix64::new(seed);
        let stations = stations.min(routes as u8 + 1);
        let edges = connected_edges(&mut rng, stations, routes);
        same_under_shuffles(&edges, &mut rng, 3);
    }
}

/// The networks grown by hill climbs to be hard for the search, and the one
/// whose 64 stations are all odd, shuffled.
#[test]
fn grown_networks_give_the_same_length_in_any_order_and_names() {
    let dir = plateau_tests::workspace_root().join("fixtures/tchu");
    let mut rng = SplitMix64::new(0x31);
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let grown = name.starts_with("trail-grown-") && name.ends_with(".tsv");
        if !grown && name != "trail-odd-64.tsv" {
            continue;
        }
        // The routes as edges on station numbers (their order of appearance).
        let net = network_file(&path);
        let mut ids: Vec<u8> = Vec::new();
        let mut number = |id: u8| match ids.iter().position(|&x| x == id) {
            Some(i) => i as u8,
            None => {
                ids.push(id);
                (ids.len() - 1) as u8
            }
        };
        let edges: Vec<(u8, u8, u8)> = net
            .iter()
            .map(|r| {
                (
                    number(r.station1().id()),
                    number(r.station2().id()),
                    r.length(),
                )
            })
            .collect();
        same_under_shuffles(&edges, &mut rng, 4);
        seen += 1;
    }
    assert!(seen >= 6, "grown networks in {}: {seen}", dir.display());
}

// The capacities: every layout gives the same longest trail, only the memory
// (and with a smaller matching, the steps) differs.

/// The longest trail of `net` searched to its end in `workspace`, checked as
/// a trail of `net`: its length and the steps it took.
fn longest_in<W: TrailMemory>(net: &[Route], workspace: W) -> Result<(u32, u64), TrailError> {
    let mut search = TrailSearch::new_in(net, workspace)?;
    let Ok(outcome) = search.run(Budget::UNLIMITED);
    assert!(outcome.is_done());
    check_trail(net, outcome.so_far()).unwrap();
    Ok((outcome.so_far().length(), search.spent()))
}

/// The same, in the default workspace.
fn longest_default(net: &[Route]) -> (u32, u64) {
    longest_in(net, Box::new(<TrailWorkspace>::new())).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Up to 16 routes on up to 8 stations, in the small layouts (a matching of
    /// 2 stations, and none) and the named ones, against the subset solver.
    #[test]
    fn every_layout_matches_the_subset_solver(e in edges(7, 16)) {
        let net = network(&e);
        let exact = subset_longest(&net);
        prop_assert_eq!(longest_in(&net, PlayerWorkspace::new()).unwrap().0, exact);
        prop_assert_eq!(longest_in(&net, CompactMapWorkspace::new()).unwrap().0, exact);
        prop_assert_eq!(longest_in(&net, Box::new(MapWorkspace::new())).unwrap().0, exact);
        prop_assert_eq!(longest_in(&net, TrailWorkspace::<16, 8, 2>::new()).unwrap().0, exact);
        prop_assert_eq!(longest_in(&net, TrailWorkspace::<17, 9, 0>::new()).unwrap().0, exact);
        prop_assert_eq!(longest_in(&net, Box::new(LargeWorkspace::new())).unwrap().0, exact);
        prop_assert_eq!(longest_in(&net, Box::new(HugeWorkspace::new())).unwrap().0, exact);
    }

    /// Random pieces of the map of up to 40 routes, and networks a player can
    /// own with 40 cars: the player's layout finds the default's length (and
    /// the subset solver's, up to 18 routes).
    #[test]
    fn the_player_layout_matches_the_default(seed: u64, size in 1usize..=40) {
        let mut rng = SplitMix64::new(seed);
        for net in [connected_subnetwork(&ROUTES, size, &mut rng), player_network(&ROUTES, 40, &mut rng)] {
            let (length, _) = longest_in(&net, PlayerWorkspace::new()).unwrap();
            prop_assert_eq!(length, longest_default(&net).0);
            if net.len() <= 18 {
                prop_assert_eq!(length, subset_longest(&net));
            }
        }
    }

    /// A player's search in slices takes the same path as in one run.
    #[test]
    fn slices_resume_the_same_search_in_a_player_workspace(seed: u64, slice in 1u64..30) {
        let net = connected_subnetwork(&ROUTES, 40, &mut SplitMix64::new(seed));
        let mut workspace = PlayerWorkspace::new();
        let (length, steps) = longest_in(&net, &mut workspace).unwrap();
        let mut search = TrailSearch::new_in(&net, &mut workspace).unwrap();
        while let Ok(Outcome::Exhausted { best, .. }) = search.run(Budget::new(slice)) {
            check_trail(&net, &best).map_err(TestCaseError::fail)?;
        }
        prop_assert_eq!((search.best().length(), search.spent()), (length, steps));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random pieces of the map of 40 to 88 routes: the compact map layout (no
    /// matching) finds the default's length, and the map's layout takes the
    /// default's very steps (its matching holds every station of the map).
    #[test]
    fn the_map_layouts_match_the_default(seed: u64, size in 40usize..=88) {
        let net = connected_subnetwork(&ROUTES, size, &mut SplitMix64::new(seed));
        let default = longest_default(&net);
        prop_assert_eq!(longest_in(&net, Box::new(MapWorkspace::new())).unwrap(), default);
        prop_assert_eq!(longest_in(&net, CompactMapWorkspace::new()).unwrap().0, default.0);
    }
}

/// The whole map in every layout that holds it, and the layouts' errors.
#[test]
fn the_whole_map_in_every_layout() {
    let default = longest_default(&ROUTES);
    assert_eq!(default, (159, 1));
    assert_eq!(
        longest_in(&ROUTES, Box::new(MapWorkspace::new())),
        Ok(default)
    );
    assert_eq!(
        longest_in(&ROUTES, CompactMapWorkspace::new()).map(|l| l.0),
        Ok(159)
    );
    let e = longest_in(&ROUTES, PlayerWorkspace::new());
    assert_eq!(
        e,
        Err(TrailError::TooManyRoutes {
            routes: 88,
            capacity: 40
        })
    );
    assert_eq!(
        e.map_err(|e| e.to_string()),
        Err("a network can hold at most 40 routes".to_owned())
    );
    // 40 routes touching more than the map's 51 stations.
    let e = longest_in(
        &network(&[(0, 1, 1), (2, 3, 1)]),
        TrailWorkspace::<40, 3, 1>::new(),
    );
    assert_eq!(
        e,
        Err(TrailError::TooManyStations {
            stations: 4,
            capacity: 3
        })
    );
    assert_eq!(
        e.map_err(|e| e.to_string()),
        Err("a network can touch at most 3 stations".to_owned())
    );
}

/// Checks every network of up to 6 routes of `nets` in the workspace of
/// capacity `R`, `S`, `M`: a named error when it does not fit, else the
/// default's length; a workspace lent again and again.
macro_rules! tiny {
    ($nets:expr, $($r:literal, $s:literal, $m:literal);* $(;)?) => {$({
        let mut workspace = TrailWorkspace::<$r, $s, $m>::new();
        assert_eq!(TrailWorkspace::<$r, $s, $m>::ROUTES, $r);
        assert_eq!(TrailWorkspace::<$r, $s, $m>::STATIONS, $s);
        assert_eq!(TrailWorkspace::<$r, $s, $m>::MATCHED, $m);
        for net in $nets {
            let stations = {
                let mut ids: Vec<u8> = net.iter().flat_map(|r| r.stations()).map(|s| s.id()).collect();
                ids.sort_unstable();
                ids.dedup();
                ids.len()
            };
            let got = longest_in(net, &mut workspace);
            if net.len() > $r {
                assert_eq!(got, Err(TrailError::TooManyRoutes { routes: net.len(), capacity: $r }));
            } else if stations > $s {
                assert_eq!(got, Err(TrailError::TooManyStations { stations, capacity: $s }));
            } else {
                assert_eq!(got.map(|l| l.0), Ok(longest_default(net).0), "{net:?}");
            }
        }
    })*};
}

/// Workspaces of 0 to 3 and 5 routes, stations and matched stations: a network
/// too large is a named error (never a panic), one that fits is searched.
#[test]
fn tiny_capacities_are_errors_or_answers() {
    let mut rng = SplitMix64::new(0x71);
    let mut nets = vec![
        Vec::new(),
        network(&[(0, 1, 2)]),
        network(&[(0, 1, 2), (1, 0, 3)]),
    ];
    for _ in 0..40 {
        let routes = (rng.next_u64() % 7) as usize;
        let edges: Vec<(u8, u8, u8)> = (0..routes)
            .map(|_| {
                let a = (rng.next_u64() % 5) as u8;
                let b = (rng.next_u64() % 5) as u8;
                (a, b, 1 + (rng.next_u64() % 6) as u8)
            })
            .collect();
        nets.push(network(&edges));
    }
    tiny!(&nets,
        0, 0, 0; 1, 1, 1; 2, 2, 2; 3, 3, 3; 5, 5, 5;
        1, 2, 0; 2, 3, 1; 3, 5, 2; 5, 3, 0; 6, 5, 3; 3, 2, 5; 7, 6, 1;
    );
}
