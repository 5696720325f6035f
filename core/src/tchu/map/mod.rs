//! The real map of tCHu: 51 stations, 88 routes and 46 tickets.
//!
//! The tables live in `data.rs`, generated from `fixtures/tchu/*.tsv` by the test
//! `tchu_map` (`PLATEAU_REGENERATE=1 cargo test -p plateau-tests --test tchu_map`),
//! which also fails whenever the checked-in tables and the TSV files disagree.
//!
//! ```
//! use plateau::tchu::{Color, Level, map};
//! let r = map::route("COI_DAV_1").ok_or("no such route")?;
//! assert_eq!(r.level(), Level::Underground);
//! assert_eq!(r.color(), Some(Color::Violet));
//! assert_eq!(map::station("DAV"), Some(r.station2()));
//! assert_eq!(map::ROUTES.len(), 88);
//! # Ok::<(), &str>(())
//! ```

use super::{Route, RouteError, Station, Ticket};

#[rustfmt::skip]
mod data;

pub use data::*;

/// Returns the route with this id (`BER_LUC_1`), if the map has one.
#[must_use]
pub fn route(id: &str) -> Option<&'static Route> {
    // The generator keeps ROUTES sorted by id (the test checks it).
    let i = ROUTES.binary_search_by(|r| r.id().cmp(id)).ok()?;
    ROUTES.get(i)
}

/// Returns the station with this code (`BER`, `DE1`), if the map has one.
#[must_use]
pub fn station(code: &str) -> Option<Station> {
    STATIONS.iter().copied().find(|s| s.code() == code)
}

/// Returns the tickets, in the game's order (also [`TICKETS`]).
#[must_use]
pub fn tickets() -> &'static [Ticket] {
    &TICKETS
}

/// Unwraps a route of the tables at compile time: every use is in a `static`
/// initializer, so an invalid route fails the build and no panic reaches the binary.
#[allow(clippy::panic)]
const fn checked(route: Result<Route, RouteError>) -> Route {
    match route {
        Ok(r) => r,
        Err(_) => panic!("invalid route in the map tables"),
    }
}
