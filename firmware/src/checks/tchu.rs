//! tCHu base types: routes of the real map and their claim points, cards, stations.

use core::cell::RefCell;

use critical_section::Mutex;
use plateau::Budget;
use plateau::search::Search;
use plateau::tchu::trail::{Trail, TrailSearch, TrailWorkspace};
use plateau::tchu::{Card, Color, Level, Route, RouteError, Station, TOTAL_CARDS};

use crate::expected::tchu::{
    CLAIM_POINTS, REAL_ROUTES, TOTAL_CARDS as EXPECTED_TOTAL_CARDS, TRAILS,
};
use crate::harness::{AtStep, Outcome, accepted, displays, equal, holds};

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
    use plateau::tchu::map;

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

/// The search's working memory, lent from here: built by the `const` constructor
/// in place, never on the stack (12.5 KiB would break the stack budget).
static TRAIL_WORKSPACE: Mutex<RefCell<TrailWorkspace>> =
    Mutex::new(RefCell::new(TrailWorkspace::new()));

/// Longest trails of the spec's example and of a real 40-route network, searched
/// in the static workspace and walked: each route joins the station before it.
pub fn longest_trails() -> Outcome {
    for (i, (ids, expected)) in TRAILS.iter().enumerate() {
        let mut routes: heapless::Vec<Route, 40> = heapless::Vec::new();
        for id in ids.iter() {
            let route = accepted("map::route", plateau::tchu::map::route(id).ok_or(*id)).at(i)?;
            holds("40 routes at most", routes.push(*route).is_ok()).at(i)?;
        }
        let found = critical_section::with(|cs| {
            let mut workspace = TRAIL_WORKSPACE.borrow_ref_mut(cs);
            TrailSearch::new_in(&routes, &mut *workspace).map(|mut search| {
                let Ok(outcome) = search.run(Budget::UNLIMITED);
                let t = outcome.so_far();
                (outcome.is_done(), t.length(), walks(t), t.route_count())
            })
        });
        let (found, length, walked, count) = accepted("TrailSearch::new_in", found).at(i)?;
        holds("found, not exhausted", found).at(i)?;
        equal("longest trail", length, *expected).at(i)?;
        holds("the trail walks", walked == length && count > 0).at(i)?;
    }
    let empty = critical_section::with(|cs| {
        let mut workspace = TRAIL_WORKSPACE.borrow_ref_mut(cs);
        TrailSearch::new_in(&[], &mut *workspace).map(|mut search| {
            let Ok(outcome) = search.run(Budget::UNLIMITED);
            let t = *outcome.so_far();
            (t.length(), t.station1())
        })
    });
    equal("empty network", empty, Ok((0, None)))
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
