//! The real map of tCHu: 51 stations, 88 routes and 46 tickets.
//!
//! The tables live in `data.rs`, generated from `fixtures/tchu/*.tsv` by the test
//! `tchu_map` (`PLATEAU_REGENERATE=1 cargo test -p plateau-tests --test integration tchu_map`),
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

use super::{Route, Station, Ticket};

#[rustfmt::skip]
mod data;

pub use data::*;

/// Returns the route with this id (`BER_LUC_1`), if the map has one.
#[must_use]
pub fn route(id: &str) -> Option<&'static Route<'static>> {
    // The generator keeps ROUTES sorted by id (the test checks it).
    let i = ROUTES.binary_search_by(|r| r.id().cmp(id)).ok()?;
    ROUTES.get(i)
}

/// Returns the station with this code (`BER`, `DE1`), if the map has one.
#[must_use]
pub fn station(code: &str) -> Option<Station<'static>> {
    STATIONS.iter().copied().find(|s| s.code() == code)
}

/// Returns the tickets, in the game's order (also [`TICKETS`]).
#[must_use]
pub fn tickets() -> &'static [Ticket<'static>] {
    &TICKETS
}

/// Returns how many routes of `routes` [`Route::new`] would refuse.
// Used only by the `const _` below, which Rust 1.88 (the MSRV) does not count
// as a use: without the `allow` it warns there.
#[allow(dead_code)]
const fn refused(mut routes: &[Route<'_>]) -> usize {
    let mut count = 0;
    while let [r, rest @ ..] = routes {
        let again = Route::new(
            r.id(),
            r.station1(),
            r.station2(),
            r.length(),
            r.level(),
            r.color(),
        );
        if again.is_err() {
            count += 1;
        }
        routes = rest;
    }
    count
}

// The tables' routes are made unchecked; an invalid one fails the build here
// (an array of the wrong length), so no check and no panic reach the binary.
const _: [(); 0] = [(); refused(&ROUTES)];
