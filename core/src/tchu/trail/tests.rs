use super::*;
use crate::search::{Outcome, Search};
use crate::tchu::map::{self, ROUTES};
use crate::tchu::{Level, RouteError};

/// What a test returns: `?` instead of a panicking unwrap.
type TestResult = Result<(), Box<dyn std::error::Error>>;

fn r(id: &'static str) -> Result<Route<'static>, Box<dyn std::error::Error>> {
    map::route(id)
        .copied()
        .ok_or_else(|| std::format!("no route {id} on the map").into())
}

/// Checks that the trail walks: consecutive routes share a station, none twice.
fn check(trail: &Trail<'_>) {
    let routes: Vec<&Route> = trail.routes().collect();
    let stations: Vec<Station> = trail.stations().collect();
    if routes.is_empty() {
        assert!(stations.is_empty());
        return;
    }
    assert_eq!(stations.len(), routes.len() + 1);
    assert_eq!(routes.len(), trail.route_count());
    for (i, route) in routes.iter().enumerate() {
        assert_eq!(route.station_opposite(stations[i]), Ok(stations[i + 1]));
        assert!(!routes[..i].iter().any(|o| o.id() == route.id()));
    }
    let sum: u32 = routes.iter().map(|r| u32::from(r.length())).sum();
    assert_eq!(sum, trail.length());
    assert_eq!(trail.station1(), stations.first().copied());
    assert_eq!(trail.station2(), stations.last().copied());
}

#[test]
fn spec_example_is_13() -> TestResult {
    let net = [
        r("NEU_YVE_1")?,
        r("NEU_SOL_1")?,
        r("BER_NEU_1")?,
        r("BER_SOL_1")?,
        r("BER_LUC_1")?,
        r("BER_FRI_1")?,
    ];
    let t = Trail::longest_unbounded(&net)?;
    check(&t);
    assert_eq!(t.length(), 13);
    let text = t.to_string();
    assert!(text.ends_with("(13)"), "{text}");
    Ok(())
}

#[test]
fn empty_network() -> TestResult {
    let t = Trail::longest_unbounded(&[])?;
    assert_eq!(t.length(), 0);
    assert_eq!(t.station1(), None);
    assert_eq!(t.station2(), None);
    assert_eq!(t.stations().count(), 0);
    assert_eq!(t.to_string(), "(0)");
    assert_eq!(Trail::EMPTY, Trail::EMPTY);
    Ok(())
}

#[test]
fn one_route_and_a_double() -> TestResult {
    let net = [r("BER_FRI_1")?];
    let t = Trail::longest_unbounded(&net)?;
    check(&t);
    assert_eq!(t.length(), 1);
    let net = [r("BER_FRI_1")?, r("BER_FRI_2")?];
    let t = Trail::longest_unbounded(&net)?;
    check(&t);
    assert_eq!(t.length(), 2);
    assert_eq!(t.station1(), t.station2());
    Ok(())
}

#[test]
fn errors() -> TestResult {
    let net = [r("BER_FRI_1")?, r("BER_FRI_1")?];
    assert_eq!(
        Trail::longest_unbounded(&net),
        Err(TrailError::RepeatedRoute { route: 1 })
    );
    let star = (1..=65u8)
        .map(|i| route(usize::from(i), 0, i, 1))
        .collect::<Result<Vec<Route<'_>>, _>>()?;
    assert_eq!(
        Trail::longest_unbounded(&star),
        Err(TrailError::TooManyStations {
            stations: 66,
            capacity: 64
        })
    );
    let many = [r("BER_FRI_1")?; 129];
    assert_eq!(
        Trail::longest_unbounded(&many),
        Err(TrailError::TooManyRoutes {
            routes: 129,
            capacity: 128
        })
    );
    assert_eq!(
        TrailError::TooManyStations {
            stations: 66,
            capacity: 64
        }
        .to_string(),
        "a network can touch at most 64 stations"
    );
    Ok(())
}

#[test]
fn whole_map() -> TestResult {
    let Ok(s) = TrailSearch::new(&ROUTES)?.run(Budget::UNLIMITED);
    let t = *s.so_far();
    check(&t);
    assert!(s.is_done());
    let singles: Vec<Route> = ROUTES
        .iter()
        .copied()
        .filter(|r| !r.id().ends_with("_2"))
        .collect();
    assert_eq!(singles.len(), 76);
    let t = Trail::longest_unbounded(&singles)?;
    check(&t);
    Ok(())
}

#[test]
fn budget() -> TestResult {
    let Ok(s) = TrailSearch::new(&ROUTES)?.run(Budget::new(0));
    assert!(matches!(s, Outcome::Exhausted { spent: 0, .. }));
    check(s.so_far());
    assert_eq!(s.so_far().length(), 6);
    Ok(())
}

#[test]
fn bonus() -> TestResult {
    let a = [r("BER_LUC_1")?];
    let b = [r("BER_FRI_1")?, r("BER_NEU_1")?];
    assert_eq!(longest_trail_bonus_unbounded(&a, &b), Ok([10, 0]));
    assert_eq!(longest_trail_bonus_unbounded(&b, &a), Ok([0, 10]));
    assert_eq!(longest_trail_bonus_unbounded(&[], &[]), Ok([10, 10]));
    Ok(())
}

#[test]
fn a_budgeted_bonus_is_the_bonus_or_exhausted_never_wrong() -> TestResult {
    let (a, b) = (&ROUTES[..30], &ROUTES[30..70]);
    let exact = longest_trail_bonus_unbounded(a, b)?;
    let lengths = [
        Trail::longest_unbounded(a)?.length(),
        Trail::longest_unbounded(b)?.length(),
    ];
    assert_eq!(
        longest_trail_bonus(a, b, Budget::UNLIMITED)?,
        Outcome::Done(exact)
    );
    let mut exhausted = 0;
    for budget in (0..400).step_by(7) {
        match longest_trail_bonus(a, b, Budget::new(budget))? {
            Outcome::Done(points) => assert_eq!(points, exact, "{budget}"),
            Outcome::NoSolution(never) => match never {},
            Outcome::Exhausted {
                best: found,
                spent: steps,
            } => {
                exhausted += 1;
                assert!(steps <= budget, "{budget}: {steps}");
                assert!(
                    found[0] <= lengths[0] && found[1] <= lengths[1],
                    "{found:?}"
                );
            }
        }
    }
    assert!(exhausted > 0);
    Ok(())
}

#[test]
fn a_lent_workspace_gives_the_same_trails_and_keeps_nothing() -> TestResult {
    let mut workspace: TrailWorkspace = TrailWorkspace::new();
    let singles: std::vec::Vec<Route<'_>> = map::ROUTES
        .iter()
        .copied()
        .filter(|r| !r.id().ends_with("_2"))
        .collect();
    for routes in [&map::ROUTES[..], &singles[..], &map::ROUTES[..10], &[]] {
        let lent = lent_unbounded(routes, &mut workspace);
        assert_eq!(lent, Trail::longest_unbounded(routes));
    }
    let too_many = [map::ROUTES[0]; MAX_ROUTES + 1];
    assert_eq!(
        lent_unbounded(&too_many, &mut workspace),
        Err(TrailError::TooManyRoutes {
            routes: 129,
            capacity: 128
        })
    );
    let grown = grown()?;
    let budget = TrailSearch::new_in(&grown, &mut workspace)
        .map(|mut s| (s.run(Budget::new(5)).is_ok_and(|o| o.is_done()), s.spent()));
    assert_eq!(budget, Ok((false, 5)));
    assert_eq!(
        lent_unbounded(&map::ROUTES[..10], &mut workspace),
        Trail::longest_unbounded(&map::ROUTES[..10])
    );
    Ok(())
}

/// The longest trail of `routes`, searched in the lent `workspace`.
fn lent_unbounded<'a, W: TrailMemory>(
    routes: &'a [Route<'a>],
    workspace: W,
) -> Result<Trail<'a>, TrailError> {
    let mut search = TrailSearch::new_in(routes, workspace)?;
    let Ok(outcome) = search.run(Budget::UNLIMITED);
    Ok(*outcome.so_far())
}

#[test]
fn slices_add_up_to_the_whole_search() -> TestResult {
    let grown = grown()?;
    let Ok(whole) = TrailSearch::new(&grown)?.run(Budget::UNLIMITED);
    assert_eq!(whole.so_far().length(), 92);
    let mut search = TrailSearch::new(&grown)?;
    let mut slices = 0;
    while let Ok(Outcome::Exhausted { spent, .. }) = search.run(Budget::new(2)) {
        assert_eq!(spent, search.spent());
        slices += 1;
        assert!(slices < 10_000);
    }
    assert_eq!(search.outcome(), whole);
    assert_eq!(search.run(Budget::new(2)), Ok(whole));
    assert!(slices > 1, "{slices} slices");
    Ok(())
}

/// A network grown by a hill climb to be hard for the search (57 routes over
/// 40 stations, longest trail 92; `fixtures/tchu/trail-grown-1.tsv`, renumbered).
#[rustfmt::skip]
const GROWN: [(u8, u8, u8); 57] = [(0, 1, 3), (2, 3, 2), (4, 5, 3), (6, 3, 1), (3, 7, 3), (8, 9, 1), (10, 11, 1), (12, 13, 3), (14, 15, 2), (16, 17, 3), (18, 11, 2), (19, 20, 1), (2, 21, 3), (0, 2, 1), (22, 23, 2), (19, 24, 3), (24, 25, 4), (7, 1, 2), (9, 20, 1), (26, 27, 4), (28, 4, 3), (29, 2, 1), (16, 29, 3), (18, 10, 4), (30, 31, 4), (32, 18, 2), (31, 4, 4), (33, 34, 3), (32, 35, 2), (5, 12, 3), (5, 15, 2), (29, 14, 2), (34, 27, 1), (0, 16, 2), (9, 25, 1), (36, 19, 2), (26, 33, 1), (31, 36, 2), (37, 10, 3), (26, 35, 2), (33, 35, 1), (27, 37, 2), (21, 17, 1), (37, 34, 2), (11, 7, 1), (38, 25, 4), (13, 30, 2), (32, 36, 2), (20, 8, 1), (15, 39, 1), (8, 24, 2), (20, 24, 1), (39, 20, 1), (17, 21, 2), (32, 23, 2), (38, 24, 2), (5, 12, 4)];

/// The routes of [`GROWN`].
fn grown() -> Result<Vec<Route<'static>>, RouteError> {
    GROWN
        .iter()
        .enumerate()
        .map(|(i, &(a, b, w))| route(i, a, b, w))
        .collect()
}

/// Builds the route `R{i}` between the stations `a` and `b` (ids) of length `length`.
fn route(i: usize, a: u8, b: u8, length: u8) -> Result<Route<'static>, RouteError> {
    let id: &'static str = Box::leak(std::format!("R{i}").into_boxed_str());
    let s = |x: u8| Station::new(x, "X", "X");
    Route::new(id, s(a), s(b), length, Level::Overground, None)
}

#[test]
fn full_capacity_reductions_keep_every_route() -> TestResult {
    // 64 stations in a ring, every route doubled: 128 routes, all even, one
    // closed trail through all of them. The reduction joins the whole ring.
    let ring = (0..128)
        .map(|i| route(i, (i % 64) as u8, ((i + 1) % 64) as u8, (i % 6 + 1) as u8))
        .collect::<Result<Vec<Route<'_>>, _>>()?;
    let t = Trail::longest_unbounded(&ring)?;
    check(&t);
    assert_eq!(t.route_count(), 128);
    assert_eq!(t.station1(), t.station2());
    // A bridge between two rings: the second ring hangs by it and folds; the
    // longest trail takes both rings and the bridge.
    let mut two = (0..60)
        .map(|i| route(i, (i % 30) as u8, ((i + 1) % 30) as u8, 1))
        .chain((0..60).map(|i| route(100 + i, (30 + i % 30) as u8, (30 + (i + 1) % 30) as u8, 1)))
        .collect::<Result<Vec<Route<'_>>, _>>()?;
    two.push(route(999, 0, 30, 5)?);
    let t = Trail::longest_unbounded(&two)?;
    check(&t);
    assert_eq!(t.length(), 125);
    // Many dead ends at one station: only the two longest are worth taking.
    let star = (1..=9)
        .map(|i| route(i, 0, i as u8, (i % 6 + 1) as u8))
        .collect::<Result<Vec<Route<'_>>, _>>()?;
    let t = Trail::longest_unbounded(&star)?;
    check(&t);
    assert_eq!(t.length(), 6 + 5);
    Ok(())
}

/// A player's workspace fits in 4 KiB, and each alias takes what its docs say
/// (on a 64-bit host: a 32-bit chip's are a few bytes smaller).
#[test]
fn workspace_sizes() {
    use core::mem::size_of;
    let sizes = [
        size_of::<PlayerWorkspace>(),
        size_of::<CompactMapWorkspace>(),
        size_of::<MapWorkspace>(),
        size_of::<TrailWorkspace>(),
        size_of::<LargeWorkspace>(),
        size_of::<HugeWorkspace>(),
    ];
    assert!(size_of::<PlayerWorkspace>() <= 4096);
    assert!(size_of::<CompactMapWorkspace>() <= 8 * 1024);
    #[cfg(target_pointer_width = "64")]
    assert_eq!(sizes, [3680, 7584, 22384, 33216, 123_568, 224_288]);
}

/// Every alias finds the whole map's (or its first 40 routes') longest trail,
/// and a workspace lent again keeps nothing of the last search.
#[test]
fn every_alias_finds_the_longest() -> TestResult {
    let forty = &ROUTES[..40];
    let expected = Trail::longest_unbounded(forty)?.length();
    let mut player = PlayerWorkspace::new();
    let mut compact = CompactMapWorkspace::new();
    let mut map = std::boxed::Box::new(MapWorkspace::new());
    for _ in 0..2 {
        assert_eq!(lent_unbounded(forty, &mut player)?.length(), expected);
        assert_eq!(lent_unbounded(forty, &mut compact)?.length(), expected);
        assert_eq!(lent_unbounded(forty, &mut *map)?.length(), expected);
        assert_eq!(lent_unbounded(&ROUTES, &mut compact)?.length(), 159);
        assert_eq!(lent_unbounded(&ROUTES, &mut *map)?.length(), 159);
        assert_eq!(
            lent_unbounded(&ROUTES, &mut player),
            Err(TrailError::TooManyRoutes {
                routes: 88,
                capacity: PlayerWorkspace::ROUTES
            })
        );
    }
    Ok(())
}

#[test]
fn the_bonus_search_is_the_same_in_any_slices() -> TestResult {
    let pairs: [(&[Route<'static>], &[Route<'static>]); 4] = [
        (&ROUTES[..30], &ROUTES[30..70]),
        (&ROUTES[50..88], &ROUTES[..12]),
        (&ROUTES[..2], &ROUTES[2..3]),
        (&[], &ROUTES[10..20]),
    ];
    for (a, b) in pairs {
        let lengths = [
            Trail::longest_unbounded(a)?.length(),
            Trail::longest_unbounded(b)?.length(),
        ];
        let exact = longest_trail_bonus_unbounded(a, b)?;
        let mut spent = None;
        for slice in [1, 3, 17, 1_000, u64::MAX] {
            let mut search = BonusSearch::new_in(a, b, PlayerWorkspace::new())?;
            let points = loop {
                let Ok(outcome) = search.run(Budget::new(slice));
                match outcome {
                    Outcome::Done(points) => break points,
                    Outcome::Exhausted { best, spent } => {
                        assert!(best[0] <= lengths[0] && best[1] <= lengths[1]);
                        assert_eq!(spent, search.spent());
                    }
                    Outcome::NoSolution(never) => match never {},
                }
            };
            assert_eq!(points, exact, "slices of {slice}");
            assert_eq!(search.decided(), Some(exact));
            let [ta, tb] = search.trails();
            assert!(ta.is_done() && tb.is_done());
            assert_eq!([ta.so_far().length(), tb.so_far().length()], lengths);
            assert_eq!(*spent.get_or_insert(search.spent()), search.spent());
            // Over: it stays over and spends nothing more.
            assert_eq!(search.run(Budget::new(5)), Ok(Outcome::Done(exact)));
            assert_eq!(Some(search.spent()), spent);
        }
    }
    Ok(())
}

#[test]
fn the_bonus_is_decided_once_a_proven_trail_is_shorter_than_one_found() -> TestResult {
    // A's one route is proven at once; B's first trail is already longer.
    let a = [r("BER_LUC_1")?];
    let b = &ROUTES[30..70];
    let mut search = BonusSearch::new(&a, b)?;
    assert_eq!(search.decided(), None, "A is not searched yet");
    let [ta, tb] = search.trails();
    assert!(!ta.is_done() && tb.spent() == Some(0));
    let mut budget = 0;
    while search.trails()[0].is_exhausted() {
        budget += 1;
        let _ = search.run(Budget::new(1));
    }
    assert!(search.outcome().is_exhausted(), "B is not proven yet");
    assert_eq!(search.decided(), Some([0, 10]));
    assert_eq!(
        longest_trail_bonus(&a, b, Budget::new(budget))?,
        Outcome::Done([0, 10])
    );
    // The other way round: B's search has not started while A's runs, so A's
    // longer first trail decides nothing.
    let mut search = BonusSearch::new(b, &a)?;
    let _ = search.run(Budget::new(0));
    assert_eq!(search.decided(), None, "B is not searched yet");
    Ok(())
}

#[test]
fn a_bonus_network_over_the_capacity_is_an_error() -> TestResult {
    let big = &ROUTES[..41];
    let small = &ROUTES[41..45];
    for (a, b) in [(big, small), (small, big)] {
        assert!(matches!(
            BonusSearch::new_in(a, b, PlayerWorkspace::new()),
            Err(TrailError::TooManyRoutes { routes: 41, .. })
        ));
    }
    Ok(())
}

/// A random connected network of `routes` routes over at most `stations`
/// station ids, every station even: cycles laid one on another, each from a
/// station already used. Its longest trail is all of it (Euler).
fn even_network(seed: u64, routes: usize, stations: u8) -> Result<Vec<Route<'static>>, RouteError> {
    let mut rng = crate::rng::SplitMix64::new(seed);
    let mut net = Vec::new();
    let mut used = vec![0u8];
    while net.len() < routes {
        let len = (3 + rng.next_u64() % 6) as usize;
        let len = len.min(routes - net.len()).max(2);
        let first = used[(rng.next_u64() % used.len() as u64) as usize];
        let mut at = first;
        for k in 0..len {
            let next = if k + 1 == len {
                first
            } else {
                (rng.next_u64() % u64::from(stations)) as u8
            };
            let next = if next == at {
                at.wrapping_add(1) % stations
            } else {
                next
            };
            let next = if k + 1 == len { first } else { next };
            if next == at {
                break;
            }
            net.push(route(net.len(), at, next, (1 + rng.next_u64() % 6) as u8)?);
            used.push(next);
            at = next;
        }
        // A cycle cut short (the last step would be a loop) leaves two odd
        // stations: close it with one more route.
        if at != first {
            net.push(route(net.len(), at, first, 1)?);
        }
    }
    Ok(net)
}

/// The host's large workspaces take networks the default cannot hold, and
/// find their longest trail: on networks with every station even, all of it
/// (Euler's theorem, not the search, says so); on pieces side by side, the
/// longest piece's (each piece found in the default workspace).
#[test]
fn the_large_workspaces_find_what_theory_and_the_pieces_say() -> TestResult {
    for (seed, routes, stations, huge) in [
        (1, 200, 100, false),
        (2, 250, 128, false),
        (3, 400, 200, true),
        (4, 500, 255, true),
    ] {
        let net = even_network(seed, routes, stations)?;
        assert!(net.len() > 128);
        let total: u32 = net.iter().map(|r| u32::from(r.length())).sum();
        let trail = if huge {
            lent_unbounded(&net, std::boxed::Box::new(HugeWorkspace::new()))?
        } else {
            lent_unbounded(&net, std::boxed::Box::new(LargeWorkspace::new()))?
        };
        check(&trail);
        assert_eq!(trail.length(), total, "seed {seed}");
        assert_eq!(
            TrailSearch::new(&net).err(),
            Some(TrailError::TooManyRoutes {
                routes: net.len(),
                capacity: MAX_ROUTES
            })
        );
    }
    // Four copies of a grown network (57 routes, 40 stations) on their own stations.
    let grown = grown()?;
    let alone = Trail::longest_unbounded(&grown)?.length();
    let mut four = Vec::new();
    for copy in 0..4u8 {
        for r in &grown {
            let [a, b] = r.stations().map(|s| s.id() + 60 * copy);
            four.push(route(four.len(), a, b, r.length())?);
        }
    }
    let trail = lent_unbounded(&four, std::boxed::Box::new(HugeWorkspace::new()))?;
    check(&trail);
    assert_eq!(trail.length(), alone);
    Ok(())
}

/// A trail is walked by Fleury's rule: from the first odd station (or the
/// first route's first station), the first route left at each station unless
/// it is a bridge of the routes left and another is not.
#[test]
fn the_walk_takes_the_first_route_that_is_not_a_bridge() -> TestResult {
    // Two triangles at station 0: every station even, the walk starts at 0 and
    // takes each station's first route (none is a bridge until it is the last).
    let bowtie = [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)];
    // A triangle with a tail from 0 to 1: 0 and 1 odd, the walk starts at 0,
    // whose first route (the tail) is a bridge: it goes round first.
    let lollipop = [(0, 1), (0, 2), (2, 3), (3, 0)];
    for (ends, stations, routes) in [
        (
            &bowtie[..],
            &[0u8, 1, 2, 0, 3, 4, 0][..],
            &["R0", "R1", "R2", "R3", "R4", "R5"][..],
        ),
        (&lollipop[..], &[0, 2, 3, 0, 1], &["R1", "R2", "R3", "R0"]),
    ] {
        let network = ends
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| route(i, a, b, 1))
            .collect::<Result<Vec<_>, _>>()?;
        let trail = Trail::longest_unbounded(&network)?;
        check(&trail);
        let walked: Vec<u8> = trail.stations().map(|s| s.id()).collect();
        let ids: Vec<&str> = trail.routes().map(|r| r.id()).collect();
        assert_eq!((&walked[..], &ids[..]), (stations, routes));
    }
    Ok(())
}
