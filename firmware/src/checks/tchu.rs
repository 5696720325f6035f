//! tCHu base types: routes of the real map and their claim points, cards,
//! stations; longest trails, in one call, in slices from a cooperative loop, and
//! as an async task, in a player's workspace; the whole map's longest trail in
//! the compact map workspace.

use plateau::Budget;
use plateau::search::{Outcome as SearchOutcome, Search};
use plateau::tchu::trail::{CompactMapWorkspace, PlayerWorkspace, Trail, TrailSearch};
use plateau::tchu::{Card, Color, Level, Route, RouteError, Station, TOTAL_CARDS, map};

use crate::cooperative::{self, Sliced};
use crate::expected::tchu::{
    CLAIM_POINTS, REAL_ROUTES, SLICED_TRAIL, TOTAL_CARDS as EXPECTED_TOTAL_CARDS, TRAILS, WHOLE_MAP,
};
use crate::harness::{AtStep, Mismatch, Outcome, accepted, displays, equal, holds};
use crate::lent::Lent;

/// One real route of each length: built, its ends and its claim points.
pub fn claim_points() -> Outcome {
    for (i, (id, (id1, code1), (id2, code2), length, tunnel, color, points)) in
        REAL_ROUTES.iter().enumerate()
    {
        let s1 = Station::new(*id1, code1, "");
        let s2 = Station::new(*id2, code2, "");
        let level = if *tunnel {
            Level::Underground
        } else {
            Level::Overground
        };
        let color = color.and_then(|c| Color::ALL.get(c).copied());
        let route = accepted("Route::new", Route::new(id, s1, s2, *length, level, color)).at(i)?;
        equal("claim points", route.claim_points(), *points).at(i)?;
        equal("opposite of station 1", route.station_opposite(s1), Ok(s2)).at(i)?;
        equal("opposite of station 2", route.station_opposite(s2), Ok(s1)).at(i)?;
    }
    // Every length, whatever the stations: 1, 2, 4, 7, 10, 15.
    let (a, b) = (Station::new(0, "A", ""), Station::new(1, "B", ""));
    for (length, points) in (1..).zip(CLAIM_POINTS) {
        let route = accepted(
            "Route::new",
            Route::new("A_B_1", a, b, length, Level::Overground, None),
        )
        .at(usize::from(length))?;
        equal("claim points by length", route.claim_points(), points).at(usize::from(length))?;
    }
    let other = Station::new(2, "C", "");
    let route = accepted(
        "Route::new",
        Route::new("A_B_1", a, b, 1, Level::Overground, None),
    )?;
    equal(
        "opposite of a stranger",
        route.station_opposite(other),
        Err(RouteError::NotOnRoute { station: 2 }),
    )?;
    equal(
        "length 0",
        Route::new("A_B_1", a, b, 0, Level::Overground, None),
        Err(RouteError::Length { length: 0 }),
    )?;
    equal(
        "length 7",
        Route::new("A_B_1", a, b, 7, Level::Overground, None),
        Err(RouteError::Length { length: 7 }),
    )?;
    equal(
        "same station",
        Route::new("A_A_1", a, a, 2, Level::Overground, None),
        Err(RouteError::SameStation { station: 0 }),
    )
}

/// Card order and counts; stations equal by id only (five are "Allemagne").
pub fn cards_and_stations() -> Outcome {
    equal("cards in the deck", TOTAL_CARDS, EXPECTED_TOTAL_CARDS)?;
    for (i, (card, color)) in Card::ALL.iter().zip(Color::ALL).enumerate() {
        equal("Card::of", Card::of(color), *card).at(i)?;
        equal("Card::color", card.color(), Some(color)).at(i)?;
    }
    equal("locomotive color", Card::Locomotive.color(), None)?;
    holds(
        "locomotive last",
        Card::ALL.iter().all(|c| *c <= Card::Locomotive),
    )?;
    let de1 = Station::new(34, "DE1", "Allemagne");
    let de2 = Station::new(35, "DE2", "Allemagne");
    holds("same name, other id", de1 != de2)?;
    holds("same id, other name", de1 == Station::new(34, "X", "Y"))
}

/// The real map's size, possible claims of real routes in the game's order, and
/// SPEC §2's additional tunnel cards.
pub fn claims_and_map() -> Outcome {
    use plateau::bag::SortedBag;

    use crate::expected::tchu::{ADDITIONAL_EXAMPLE, CLAIMS, MAP_SIZE};

    let tunnels = map::ROUTES
        .iter()
        .filter(|r| r.level() == Level::Underground)
        .count();
    let neutral = map::ROUTES.iter().filter(|r| r.color().is_none()).count();
    let length: u32 = map::ROUTES.iter().map(|r| u32::from(r.length())).sum();
    let size = (
        map::STATIONS.len(),
        map::ROUTES.len(),
        tunnels,
        neutral,
        length,
        map::tickets().len(),
    );
    equal("map size", size, MAP_SIZE)?;
    for (i, (id, expected)) in CLAIMS.iter().enumerate() {
        let route = accepted("map::route", map::route(id).ok_or(*id)).at(i)?;
        let claims = route.possible_claim_cards();
        equal("claim count", claims.len(), expected.len()).at(i)?;
        for (claim, text) in claims.iter().zip(expected.iter()) {
            displays("claim", claim, text).at(i)?;
        }
    }
    let (a, b) = (Station::new(0, "A", ""), Station::new(1, "B", ""));
    let red = accepted(
        "Route::new",
        Route::new("A_B_1", a, b, 2, Level::Underground, Some(Color::Red)),
    )?;
    let drawn: SortedBag<Card, 3> = accepted(
        "drawn",
        SortedBag::from_elements([Card::Red, Card::Black, Card::Locomotive]),
    )?;
    let cars: SortedBag<Card, 2> = accepted("claim", SortedBag::of_n(2, Card::Red))?;
    let locos: SortedBag<Card, 2> = accepted("claim", SortedBag::of_n(2, Card::Locomotive))?;
    let got = (
        accepted("2 red", red.additional_claim_cards_count(&cars, &drawn))?,
        accepted(
            "2 locomotives",
            red.additional_claim_cards_count(&locos, &drawn),
        )?,
    );
    equal("additional cards", got, ADDITIONAL_EXAMPLE)
}

/// The search's working memory for a player's network (40 routes at most),
/// lent from here: built by the `const` constructor in place, never on the
/// stack, and lent to one search at a time for as long as it lives
/// (`lent.rs`).
static TRAIL_WORKSPACE: Lent<PlayerWorkspace> = Lent::new(PlayerWorkspace::new());

/// The working memory of the whole map's search, the compact layout that fits
/// a 16 KiB chip beside the player's.
static MAP_WORKSPACE: Lent<CompactMapWorkspace> = Lent::new(CompactMapWorkspace::new());

/// The networks the checks search, looked up by id at compile time: in flash,
/// where 40 routes of the map would take 2 KiB of RAM.
static SPEC_NETWORK: [Route<'static>; 6] = network(TRAILS[0].0);
static FORTY_ROUTES: [Route<'static>; 40] = network(TRAILS[1].0);
static SLICED_NETWORK: [Route<'static>; 39] = network(SLICED_TRAIL.0);

/// Steps a slice of the sliced trail searches visits.
const TRAIL_SLICE: Budget = Budget::new(10);

/// Longest trails of the spec's example and of a real 40-route network, searched
/// in the static workspace and walked: each route joins the station before it.
pub fn longest_trails() -> Outcome {
    let networks: [&[Route<'static>]; 2] = [&SPEC_NETWORK, &FORTY_ROUTES];
    for (i, (routes, (_, expected))) in networks.into_iter().zip(TRAILS.iter()).enumerate() {
        let outcome = search_trail(routes, Budget::UNLIMITED, false)
            .at(i)?
            .outcome;
        let t = outcome.so_far();
        holds("found, not exhausted", outcome.is_done()).at(i)?;
        equal("longest trail", t.length(), *expected).at(i)?;
        holds(
            "the trail walks",
            walks(t) == t.length() && t.route_count() > 0,
        )
        .at(i)?;
    }
    let empty = search_trail(&[], Budget::UNLIMITED, false)?.outcome;
    let t = empty.so_far();
    equal("empty network", (t.length(), t.station1()), (0, None))
}

/// The longest trail of the 40-route network, searched in one call and in
/// slices of [`TRAIL_SLICE`] steps from a cooperative loop: the same trail and
/// steps spent.
pub fn sliced_trail() -> Outcome {
    trail_in_slices(false)
}

/// The same search as [`sliced_trail`], as an async task that yields between
/// slices, on a minimal executor (`cooperative::drive_as_task`).
pub fn trail_as_task() -> Outcome {
    trail_in_slices(true)
}

/// The sliced trail checks: from a loop, or `as_task`.
#[inline(never)]
fn trail_in_slices(as_task: bool) -> Outcome {
    let (_, length) = SLICED_TRAIL;
    let found = cooperative::sliced(TRAIL_SLICE, |budget| {
        search_trail(&SLICED_NETWORK, budget, as_task)
    })?;
    holds("done", found.is_done())?;
    equal("longest trail", found.so_far().length(), length)
}

/// The whole map's longest trail (all 88 routes, from flash), searched in the
/// compact map workspace to its end in one call: its length, that it walks,
/// and the steps it took (the host's search in the same layout takes as many).
#[inline(never)]
pub fn whole_map() -> Outcome {
    let (length, steps) = WHOLE_MAP;
    let mut workspace = accepted("workspace free", MAP_WORKSPACE.borrow().ok_or(()))?;
    let mut search = accepted(
        "TrailSearch::new_in",
        TrailSearch::new_in(&map::ROUTES, &mut *workspace),
    )?;
    let Ok(outcome) = search.run(Budget::UNLIMITED);
    let t = outcome.so_far();
    holds("found, not exhausted", outcome.is_done())?;
    equal("longest trail", t.length(), length)?;
    holds("the trail walks", walks(t) == t.length())?;
    equal("steps", search.spent(), steps)
}

/// Returns the routes of the map named `ids` (`N` of them), at compile time:
/// an unknown id or a wrong count fails the build.
const fn network<const N: usize>(ids: &[&str]) -> [Route<'static>; N] {
    assert!(ids.len() == N, "as many routes as ids");
    let mut routes = [map::ROUTES[0]; N];
    let mut i = 0;
    while i < N {
        routes[i] = map_route(ids[i]);
        i += 1;
    }
    routes
}

/// Returns the route of the map named `id` (`map::route`, at compile time).
const fn map_route(id: &str) -> Route<'static> {
    let mut i = 0;
    while i < map::ROUTES.len() {
        if same(map::ROUTES[i].id(), id) {
            return map::ROUTES[i];
        }
        i += 1;
    }
    panic!("a route id of the checks is not on the map")
}

/// Returns whether `a` and `b` are the same text (`==`, at compile time).
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Searches `routes` afresh in the lent workspace, to its end, in slices of
/// `budget` (one slice if it is unlimited), from a loop or `as_task`.
#[inline(never)]
fn search_trail<'a>(
    routes: &'a [Route<'a>],
    budget: Budget,
    as_task: bool,
) -> Result<Sliced<SearchOutcome<Trail<'a>>>, Mismatch> {
    let mut workspace = accepted("workspace free", TRAIL_WORKSPACE.borrow().ok_or(()))?;
    let mut search = accepted(
        "TrailSearch::new_in",
        TrailSearch::new_in(routes, &mut *workspace),
    )?;
    let Ok(sliced) = if as_task {
        cooperative::drive_as_task(&mut search, budget)
    } else {
        cooperative::drive(&mut search, budget)
    };
    Ok(sliced)
}

/// Returns the trail's length if consecutive routes share the station between
/// them, 0 otherwise.
fn walks(trail: &Trail<'_>) -> u32 {
    let mut at = trail.station1();
    let mut length = 0;
    for route in trail.routes() {
        match at.map(|s| route.station_opposite(s)) {
            Some(Ok(next)) => {
                at = Some(next);
                length += u32::from(route.length());
            }
            _ => return 0,
        }
    }
    if at == trail.station2() { length } else { 0 }
}
