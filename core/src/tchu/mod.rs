//! tCHu, the Swiss Ticket to Ride: colors, cards, stations, routes, tickets,
//! the cards that claim a route, and the real map ([`map`]).
//!
//! A [`Station`] and a [`Route`] borrow their names and ids (`Station<'a>`,
//! `Route<'a>`): the compiled-in [`map`] is `'static`, and a host can build a
//! network from text it owns without leaking it.
//!
//! ```
//! use plateau::tchu::{Card, Color, Level, Route, Station};
//! let coi = Station::new(8, "COI", "Coire");
//! let dav = Station::new(10, "DAV", "Davos");
//! let r = Route::new("COI_DAV_1", coi, dav, 2, Level::Underground, Some(Color::Violet))?;
//! assert_eq!(r.claim_points(), 2);
//! assert_eq!(Card::of(Color::Violet).color(), Some(Color::Violet));
//! assert_eq!(r.possible_claim_cards().len(), 3);
//! # Ok::<(), plateau::tchu::RouteError>(())
//! ```

mod card;
mod claim;
pub mod map;
mod route;
mod ticket;
pub mod trail;

pub use card::{Card, Color};
pub use claim::{Claim, ClaimError, Claims, MAX_CLAIMS};
pub use route::{Level, MAX_ROUTE_LENGTH, MIN_ROUTE_LENGTH, Route, RouteError, Station};
pub use ticket::{Ticket, Trip};

/// Car cards of each color in the deck.
pub const CAR_CARDS_PER_COLOR: usize = 12;
/// Locomotive cards in the deck.
pub const LOCOMOTIVE_CARDS: usize = 14;
/// Cards in the deck: 8 × 12 car cards and 14 locomotives.
pub const TOTAL_CARDS: usize = 8 * CAR_CARDS_PER_COLOR + LOCOMOTIVE_CARDS;
/// Face-up cards beside the deck.
pub const FACE_UP_CARDS: usize = 5;
/// Cards each player is dealt at the start.
pub const INITIAL_CARDS: usize = 4;
/// Cars each player starts with.
pub const INITIAL_CARS: u8 = 40;
/// Cards drawn when claiming a tunnel.
pub const ADDITIONAL_TUNNEL_CARDS: usize = 3;
/// Bonus for the longest trail.
pub const LONGEST_TRAIL_BONUS_POINTS: u32 = 10;
