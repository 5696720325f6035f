//! Slow, obviously right longest-trail solvers and a trail checker, for the tests
//! and benchmarks of `plateau::tchu::trail`.

use plateau::rng::SplitMix64;
use plateau::tchu::trail::Trail;
use plateau::tchu::{Level, Route, Station};

/// The seed's algorithm (SPEC §2): every one-route trail in both directions, then
/// extend every trail at its end by every unused adjacent route; keep the longest.
/// Returns the length and the routes' positions in walking order.
pub fn seed_longest(routes: &[Route]) -> (u32, Vec<usize>) {
    // A trail: positions of its routes, the station it ends at, its length.
    let mut trails: Vec<(Vec<usize>, Station, u32)> = Vec::new();
    for (i, r) in routes.iter().enumerate() {
        for to in r.stations() {
            trails.push((vec![i], to, u32::from(r.length())));
        }
    }
    let mut best: (u32, Vec<usize>) = (0, Vec::new());
    while !trails.is_empty() {
        let mut next = Vec::new();
        for (used, end, length) in &trails {
            if *length > best.0 {
                best = (*length, used.clone());
            }
            for (i, r) in routes.iter().enumerate() {
                if used.contains(&i) {
                    continue;
                }
                if let Ok(to) = r.station_opposite(*end) {
                    let mut u = used.clone();
                    u.push(i);
                    next.push((u, to, length + u32::from(r.length())));
                }
            }
        }
        trails = next;
    }
    best
}

/// A second, independent solver: every subset of routes that is connected with at
/// most two odd stations is one trail (Euler); returns the heaviest one's length.
/// Exponential in the number of routes: keep it to about 20.
pub fn subset_longest(routes: &[Route]) -> u32 {
    assert!(routes.len() <= 24, "too many routes for the subset solver");
    let mut ids: Vec<u8> = routes
        .iter()
        .flat_map(|r| [r.station1().id(), r.station2().id()])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let local = |s: Station| ids.binary_search(&s.id()).unwrap_or(0);
    let ends: Vec<(usize, usize, u32)> = routes
        .iter()
        .map(|r| {
            (
                local(r.station1()),
                local(r.station2()),
                u32::from(r.length()),
            )
        })
        .collect();
    let mut best = 0;
    for set in 1u32..(1u32 << routes.len()) {
        let mut length = 0;
        let mut degree = vec![0u32; ids.len()];
        // Union-find over stations, for connectivity.
        let mut parent: Vec<usize> = (0..ids.len()).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for (i, &(a, b, w)) in ends.iter().enumerate() {
            if set >> i & 1 == 1 {
                length += w;
                degree[a] += 1;
                degree[b] += 1;
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
        if length <= best {
            continue;
        }
        if degree.iter().filter(|&&d| d % 2 == 1).count() > 2 {
            continue;
        }
        let mut roots = (0..ids.len())
            .filter(|&s| degree[s] > 0)
            .map(|s| find(&mut parent, s));
        let first = roots.next();
        if roots.all(|r| Some(r) == first) {
            best = length;
        }
    }
    best
}

/// Checks a trail against its network: consecutive routes share the station between
/// them, no route twice, every route from the network, stations and length right.
pub fn check_trail(network: &[Route], trail: &Trail<'_>) -> Result<(), String> {
    let routes: Vec<&Route> = trail.routes().collect();
    let stations: Vec<Station> = trail.stations().collect();
    if routes.is_empty() {
        return if stations.is_empty() && trail.length() == 0 && trail.station1().is_none() {
            Ok(())
        } else {
            Err("empty trail with stations or a length".into())
        };
    }
    if stations.len() != routes.len() + 1 {
        return Err(format!(
            "{} routes but {} stations",
            routes.len(),
            stations.len()
        ));
    }
    for (i, r) in routes.iter().enumerate() {
        if !network.iter().any(|n| n == *r) {
            return Err(format!("route {} is not in the network", r.id()));
        }
        if routes[..i].iter().any(|o| o.id() == r.id()) {
            return Err(format!("route {} twice", r.id()));
        }
        if r.station_opposite(stations[i]) != Ok(stations[i + 1]) {
            return Err(format!("route {} does not join step {i}", r.id()));
        }
    }
    let sum: u32 = routes.iter().map(|r| u32::from(r.length())).sum();
    if sum != trail.length() {
        return Err(format!("length {} but routes sum to {sum}", trail.length()));
    }
    if trail.station1() != stations.first().copied() || trail.station2() != stations.last().copied()
    {
        return Err("station1/station2 are not the trail's ends".into());
    }
    Ok(())
}

/// The route ids of [`network`]: `R0` to `R63`, `'static` without leaking.
#[rustfmt::skip]
const IDS: [&str; 64] = ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R17", "R18", "R19", "R20", "R21", "R22", "R23", "R24", "R25", "R26", "R27", "R28", "R29", "R30", "R31", "R32", "R33", "R34", "R35", "R36", "R37", "R38", "R39", "R40", "R41", "R42", "R43", "R44", "R45", "R46", "R47", "R48", "R49", "R50", "R51", "R52", "R53", "R54", "R55", "R56", "R57", "R58", "R59", "R60", "R61", "R62", "R63"];

/// Makes a network from at most 64 `(station, station, length)` triples: route `i`
/// is `R{i}`, station `i` gets the id `i * 37 % 256` and the name "Allemagne"
/// (names never decide anything).
pub fn network(edges: &[(u8, u8, u8)]) -> Vec<Route<'static>> {
    const CODES: [&str; 8] = ["S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7"];
    let station = |i: u8| {
        let code = CODES.get(usize::from(i)).copied().unwrap_or("SX");
        Station::new(i.wrapping_mul(37), code, "Allemagne")
    };
    edges
        .iter()
        .enumerate()
        .filter(|(_, (a, b, _))| a != b)
        .map(|(i, &(a, b, w))| {
            Route::new(
                IDS.get(i).copied().expect("at most 64 test routes"),
                station(a),
                station(b),
                w,
                Level::Overground,
                None,
            )
            .expect("valid test route")
        })
        .collect()
}

/// Returns `count` routes of `map` forming one connected network, grown from a random
/// route by adding random routes that touch it (both halves of a double may be taken).
pub fn connected_subnetwork<'a>(
    map: &[Route<'a>],
    count: usize,
    rng: &mut SplitMix64,
) -> Vec<Route<'a>> {
    let mut chosen: Vec<Route> = Vec::new();
    let mut stations: Vec<Station> = Vec::new();
    let first = map[rng.below(map.len())];
    chosen.push(first);
    stations.extend(first.stations());
    while chosen.len() < count {
        let touching: Vec<&Route> = map
            .iter()
            .filter(|r| !chosen.contains(r))
            .filter(|r| r.stations().iter().any(|s| stations.contains(s)))
            .collect();
        if touching.is_empty() {
            break;
        }
        let r = *touching[rng.below(touching.len())];
        chosen.push(r);
        for s in r.stations() {
            if !stations.contains(&s) {
                stations.push(s);
            }
        }
    }
    chosen
}

/// Returns a network a real player could own: connected, grown from a random route
/// by random touching routes while the cars last (at most `cars` in all), never
/// both halves of a double route.
pub fn player_network<'a>(map: &[Route<'a>], cars: u32, rng: &mut SplitMix64) -> Vec<Route<'a>> {
    let twin = |r: &Route| {
        r.id()
            .get(..r.id().len().saturating_sub(2))
            .map(str::to_string)
    };
    let mut chosen: Vec<Route> = Vec::new();
    let mut left = cars;
    loop {
        let fits: Vec<&Route> = map
            .iter()
            .filter(|r| u32::from(r.length()) <= left)
            .filter(|r| !chosen.iter().any(|c| twin(c) == twin(r)))
            .filter(|r| {
                chosen.is_empty()
                    || chosen
                        .iter()
                        .any(|c| c.stations().iter().any(|s| r.stations().contains(s)))
            })
            .collect();
        if fits.is_empty() {
            return chosen;
        }
        let r = *fits[rng.below(fits.len())];
        left -= u32::from(r.length());
        chosen.push(r);
    }
}

/// Reads a routes TSV (`#` comments and an `id` header skipped; the columns of
/// `routes.tsv`, only id, station1, station2 and length used) into routes: station
/// codes are numbered in order of appearance (at most 256), ids and codes leaked
/// (a test's or a bench's few kilobytes). Panics on a malformed file.
pub fn network_file(path: &std::path::Path) -> Vec<Route<'static>> {
    let text = std::fs::read_to_string(path).expect("network file");
    let mut codes: Vec<&'static str> = Vec::new();
    let mut routes = Vec::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || line.trim().is_empty() || cols[0] == "id" {
            continue;
        }
        let mut station = |code: &str| {
            let at = codes.iter().position(|c| *c == code).unwrap_or_else(|| {
                codes.push(Box::leak(code.to_owned().into_boxed_str()));
                codes.len() - 1
            });
            Station::new(
                u8::try_from(at).expect("at most 256 stations"),
                codes[at],
                codes[at],
            )
        };
        let (a, b) = (station(cols[1]), station(cols[2]));
        let id: &'static str = Box::leak(cols[0].to_owned().into_boxed_str());
        let length = cols[3].parse().expect("a length");
        routes.push(Route::new(id, a, b, length, Level::Overground, None).expect("a valid route"));
    }
    routes
}
