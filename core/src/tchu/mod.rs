//! tCHu, the Swiss Ticket to Ride: colors, cards, stations, routes, tickets,
//! the cards that claim a route, and the real map ([`map`]).
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

use core::fmt;

mod claim;
pub mod map;
mod ticket;
pub mod trail;

pub use claim::{Claim, ClaimError, Claims, MAX_CLAIMS};
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
/// Shortest route.
pub const MIN_ROUTE_LENGTH: u8 = 1;
/// Longest route.
pub const MAX_ROUTE_LENGTH: u8 = 6;

/// A color of cars and routes, in the game's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Color {
    /// Black.
    Black,
    /// Violet.
    Violet,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Orange.
    Orange,
    /// Red.
    Red,
    /// White.
    White,
}

impl Color {
    /// The 8 colors in order.
    pub const ALL: [Color; 8] = [
        Color::Black,
        Color::Violet,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Orange,
        Color::Red,
        Color::White,
    ];

    /// Returns the name in capitals, as the game writes it (`BLACK`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "BLACK",
            Color::Violet => "VIOLET",
            Color::Blue => "BLUE",
            Color::Green => "GREEN",
            Color::Yellow => "YELLOW",
            Color::Orange => "ORANGE",
            Color::Red => "RED",
            Color::White => "WHITE",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A card: a car card of one color, or a locomotive (last in the order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Card {
    /// Black car.
    Black,
    /// Violet car.
    Violet,
    /// Blue car.
    Blue,
    /// Green car.
    Green,
    /// Yellow car.
    Yellow,
    /// Orange car.
    Orange,
    /// Red car.
    Red,
    /// White car.
    White,
    /// Locomotive: any color on a tunnel.
    Locomotive,
}

impl Card {
    /// The 9 cards in order: the cars in color order, then the locomotive.
    pub const ALL: [Card; 9] = [
        Card::Black,
        Card::Violet,
        Card::Blue,
        Card::Green,
        Card::Yellow,
        Card::Orange,
        Card::Red,
        Card::White,
        Card::Locomotive,
    ];

    /// Returns the car card of `color`.
    #[must_use]
    pub const fn of(color: Color) -> Card {
        match color {
            Color::Black => Card::Black,
            Color::Violet => Card::Violet,
            Color::Blue => Card::Blue,
            Color::Green => Card::Green,
            Color::Yellow => Card::Yellow,
            Color::Orange => Card::Orange,
            Color::Red => Card::Red,
            Color::White => Card::White,
        }
    }

    /// Returns the car's color, or `None` for the locomotive.
    #[must_use]
    pub const fn color(self) -> Option<Color> {
        match self {
            Card::Black => Some(Color::Black),
            Card::Violet => Some(Color::Violet),
            Card::Blue => Some(Color::Blue),
            Card::Green => Some(Color::Green),
            Card::Yellow => Some(Color::Yellow),
            Card::Orange => Some(Color::Orange),
            Card::Red => Some(Color::Red),
            Card::White => Some(Color::White),
            Card::Locomotive => None,
        }
    }

    /// Returns the name in capitals (`RED`, `LOCOMOTIVE`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self.color() {
            Some(c) => c.name(),
            None => "LOCOMOTIVE",
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a route runs overground or through a tunnel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Level {
    /// An ordinary route.
    Overground,
    /// A tunnel: locomotives may pay, and 3 drawn cards may ask for more.
    Underground,
}

/// A station. Stations are equal when their ids are: five are named "Allemagne".
#[derive(Clone, Copy)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Station {
    id: u8,
    code: &'static str,
    name: &'static str,
}

impl Station {
    /// Makes a station from its id (unique on a map), short code and name.
    #[must_use]
    pub const fn new(id: u8, code: &'static str, name: &'static str) -> Station {
        Station { id, code, name }
    }

    /// Returns the id.
    #[must_use]
    pub const fn id(self) -> u8 {
        self.id
    }

    /// Returns the short code (`BER`, `DE1`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.code
    }

    /// Returns the name (`Berne`, `Allemagne`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.name
    }
}

impl PartialEq for Station {
    fn eq(&self, other: &Station) -> bool {
        self.id == other.id
    }
}

impl Eq for Station {}

impl PartialOrd for Station {
    fn partial_cmp(&self, other: &Station) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Station {
    fn cmp(&self, other: &Station) -> core::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}

impl core::hash::Hash for Station {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Shows a name in quotes without escaping it: `str`'s own `Debug` escapes
/// through code that keeps panic paths the optimizer cannot remove (the
/// firmware's panic probe would not link), and the map's names need no escape.
struct Quoted(&'static str);

impl fmt::Debug for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        f.write_str(self.0)?;
        f.write_str("\"")
    }
}

impl fmt::Debug for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Station")
            .field("id", &self.id)
            .field("code", &Quoted(self.code))
            .field("name", &Quoted(self.name))
            .finish()
    }
}

impl fmt::Debug for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Route")
            .field("id", &Quoted(self.id))
            .field("station1", &self.station1)
            .field("station2", &self.station2)
            .field("length", &self.length)
            .field("level", &self.level)
            .field("color", &self.color)
            .finish()
    }
}

/// Why a route could not be made or asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RouteError {
    /// Both ends are the same station.
    SameStation,
    /// The length is outside 1..=6.
    Length,
    /// The station is not an end of the route.
    NotOnRoute,
}

impl fmt::Display for RouteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::SameStation => "a route must join two different stations",
            Self::Length => "a route's length must be between 1 and 6",
            Self::NotOnRoute => "the station is not an end of the route",
        })
    }
}

impl core::error::Error for RouteError {}

/// A route between two stations: its length, level and color (`None`: neutral).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Route {
    id: &'static str,
    station1: Station,
    station2: Station,
    length: u8,
    level: Level,
    color: Option<Color>,
}

impl Route {
    /// Makes a route, refusing equal stations or a length outside 1..=6.
    pub const fn new(
        id: &'static str,
        station1: Station,
        station2: Station,
        length: u8,
        level: Level,
        color: Option<Color>,
    ) -> Result<Route, RouteError> {
        if station1.id == station2.id {
            return Err(RouteError::SameStation);
        }
        if length < MIN_ROUTE_LENGTH || length > MAX_ROUTE_LENGTH {
            return Err(RouteError::Length);
        }
        Ok(Route::unchecked(
            id, station1, station2, length, level, color,
        ))
    }

    /// Makes a route without the checks of [`Route::new`]: for the map's
    /// tables, which `map` checks with `new` at compile time.
    pub(crate) const fn unchecked(
        id: &'static str,
        station1: Station,
        station2: Station,
        length: u8,
        level: Level,
        color: Option<Color>,
    ) -> Route {
        Route {
            id,
            station1,
            station2,
            length,
            level,
            color,
        }
    }

    /// Returns the id (`BER_LUC_1`; doubles end in `_1` and `_2`).
    #[must_use]
    pub const fn id(&self) -> &'static str {
        self.id
    }

    /// Returns the first station.
    #[must_use]
    pub const fn station1(&self) -> Station {
        self.station1
    }

    /// Returns the second station.
    #[must_use]
    pub const fn station2(&self) -> Station {
        self.station2
    }

    /// Returns both stations, first then second.
    #[must_use]
    pub const fn stations(&self) -> [Station; 2] {
        [self.station1, self.station2]
    }

    /// Returns the station at the other end from `station`.
    pub fn station_opposite(&self, station: Station) -> Result<Station, RouteError> {
        if station == self.station1 {
            Ok(self.station2)
        } else if station == self.station2 {
            Ok(self.station1)
        } else {
            Err(RouteError::NotOnRoute)
        }
    }

    /// Returns the length, 1..=6.
    #[must_use]
    pub const fn length(&self) -> u8 {
        self.length
    }

    /// Returns the level.
    #[must_use]
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Returns the color, `None` for a neutral (gray) route.
    #[must_use]
    pub const fn color(&self) -> Option<Color> {
        self.color
    }

    /// Returns the points for claiming the route: 1, 2, 4, 7, 10, 15 for lengths 1..=6.
    #[must_use]
    pub const fn claim_points(&self) -> u32 {
        match self.length {
            1 => 1,
            2 => 2,
            3 => 4,
            4 => 7,
            5 => 10,
            _ => 15,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Station = Station::new(0, "DE1", "Allemagne");
    const B: Station = Station::new(1, "DE2", "Allemagne");

    #[test]
    fn debug_looks_derived() {
        assert_eq!(
            std::format!("{A:?}"),
            r#"Station { id: 0, code: "DE1", name: "Allemagne" }"#
        );
        let r = Route::new("A_B_1", A, B, 3, Level::Overground, Some(Color::Blue)).unwrap();
        assert_eq!(
            std::format!("{r:?}"),
            r#"Route { id: "A_B_1", station1: Station { id: 0, code: "DE1", name: "Allemagne" }, station2: Station { id: 1, code: "DE2", name: "Allemagne" }, length: 3, level: Overground, color: Some(Blue) }"#
        );
        assert!(std::format!("{A:#?}").contains("\n    code: \"DE1\",\n"));
    }

    #[test]
    fn stations_compare_by_id() {
        assert_ne!(A, B);
        assert_eq!(A, Station::new(0, "X", "Y"));
    }

    #[test]
    fn routes_validate() {
        assert_eq!(
            Route::new("A", A, A, 2, Level::Overground, None),
            Err(RouteError::SameStation)
        );
        assert_eq!(
            Route::new("A", A, B, 0, Level::Overground, None),
            Err(RouteError::Length)
        );
        assert_eq!(
            Route::new("A", A, B, 7, Level::Overground, None),
            Err(RouteError::Length)
        );
        let r = Route::new("A", A, B, 6, Level::Underground, Some(Color::Red)).unwrap();
        assert_eq!(r.station_opposite(A), Ok(B));
        assert_eq!(
            r.station_opposite(Station::new(9, "C", "C")),
            Err(RouteError::NotOnRoute)
        );
        assert_eq!(r.claim_points(), 15);
    }

    #[test]
    fn card_order() {
        assert!(Card::White < Card::Locomotive);
        for (c, color) in Card::ALL.iter().zip(Color::ALL) {
            assert_eq!(*c, Card::of(color));
        }
        assert_eq!(TOTAL_CARDS, 110);
    }
}
