//! Stations and the routes between them: their ends, length, level and color.

use core::fmt;

use super::Color;

/// Shortest route.
pub const MIN_ROUTE_LENGTH: u8 = 1;
/// Longest route.
pub const MAX_ROUTE_LENGTH: u8 = 6;

/// Tells whether a route runs overground or through a tunnel.
///
/// ```
/// use plateau::tchu::{Level, map};
/// assert_eq!(map::route("COI_DAV_1").map(|r| r.level()), Some(Level::Underground));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Level {
    /// An ordinary route.
    Overground,
    /// A tunnel: locomotives may pay, and 3 drawn cards may ask for more.
    Underground,
}

/// A station: an id (unique on a map), a short code and a name, borrowed for `'a`
/// (`'static` on the compiled-in map). Stations are equal when their ids are:
/// five are named "Allemagne".
///
/// ```
/// use plateau::tchu::Station;
/// let text = String::from("BER Berne"); // owned by the caller, not leaked
/// let (code, name) = text.split_once(' ').ok_or("no space")?;
/// let ber = Station::new(3, code, name);
/// assert_eq!((ber.code(), ber.name()), ("BER", "Berne"));
/// assert_eq!(ber, Station::new(3, "X", "Y")); // the same id
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Station<'a> {
    id: u8,
    code: &'a str,
    name: &'a str,
}

impl<'a> Station<'a> {
    /// Makes a station from its id (unique on a map), short code and name.
    #[must_use]
    pub const fn new(id: u8, code: &'a str, name: &'a str) -> Station<'a> {
        Station { id, code, name }
    }

    /// Returns the id.
    #[must_use]
    pub const fn id(self) -> u8 {
        self.id
    }

    /// Returns the short code (`BER`, `DE1`).
    #[must_use]
    pub const fn code(self) -> &'a str {
        self.code
    }

    /// Returns the name (`Berne`, `Allemagne`).
    #[must_use]
    pub const fn name(self) -> &'a str {
        self.name
    }
}

impl PartialEq for Station<'_> {
    fn eq(&self, other: &Station<'_>) -> bool {
        self.id == other.id
    }
}

impl Eq for Station<'_> {}

impl PartialOrd for Station<'_> {
    fn partial_cmp(&self, other: &Station<'_>) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Station<'_> {
    fn cmp(&self, other: &Station<'_>) -> core::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}

impl core::hash::Hash for Station<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl fmt::Display for Station<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Shows a name in quotes without escaping it: `str`'s own `Debug` escapes
/// through code that keeps panic paths the optimizer cannot remove (the
/// firmware's panic probe would not link), and the map's names need no escape.
struct Quoted<'a>(&'a str);

impl fmt::Debug for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        f.write_str(self.0)?;
        f.write_str("\"")
    }
}

impl fmt::Debug for Station<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Station")
            .field("id", &self.id)
            .field("code", &Quoted(self.code))
            .field("name", &Quoted(self.name))
            .finish()
    }
}

impl fmt::Debug for Route<'_> {
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

/// Tells why a route could not be made or asked.
///
/// ```
/// use plateau::tchu::{Level, Route, RouteError, Station};
/// let (a, b) = (Station::new(0, "A", "A"), Station::new(1, "B", "B"));
/// let e = Route::new("A_B_1", a, b, 7, Level::Overground, None);
/// assert_eq!(e, Err(RouteError::Length { length: 7 }));
/// assert_eq!(
///     e.map(|_| ()).unwrap_err().to_string(),
///     "a route's length must be between 1 and 6"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum RouteError {
    /// Both ends are the same station.
    SameStation {
        /// The id of that station.
        station: u8,
    },
    /// The length is outside [`MIN_ROUTE_LENGTH`]..=[`MAX_ROUTE_LENGTH`].
    Length {
        /// The length asked for.
        length: u8,
    },
    /// The station is not an end of the route.
    NotOnRoute {
        /// The id of the station asked about.
        station: u8,
    },
}

impl fmt::Display for RouteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SameStation { .. } => f.write_str("a route must join two different stations"),
            Self::Length { .. } => write!(
                f,
                "a route's length must be between {MIN_ROUTE_LENGTH} and {MAX_ROUTE_LENGTH}"
            ),
            Self::NotOnRoute { .. } => f.write_str("the station is not an end of the route"),
        }
    }
}

impl core::error::Error for RouteError {}

/// A route between two stations: its id, length, level and color (`None`:
/// neutral), borrowing its id and stations for `'a` (`'static` on the map).
///
/// ```
/// use plateau::tchu::{Color, Level, Route, Station};
/// let (coi, dav) = (Station::new(6, "COI", "Coire"), Station::new(7, "DAV", "Davos"));
/// let r = Route::new("COI_DAV_1", coi, dav, 2, Level::Underground, Some(Color::Violet))?;
/// assert_eq!(r.station_opposite(coi), Ok(dav));
/// assert_eq!((r.length(), r.claim_points()), (2, 2));
/// # Ok::<(), plateau::tchu::RouteError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Route<'a> {
    id: &'a str,
    station1: Station<'a>,
    station2: Station<'a>,
    length: u8,
    level: Level,
    color: Option<Color>,
}

impl<'a> Route<'a> {
    /// Makes a route, refusing equal stations or a length outside
    /// [`MIN_ROUTE_LENGTH`]..=[`MAX_ROUTE_LENGTH`].
    pub const fn new(
        id: &'a str,
        station1: Station<'a>,
        station2: Station<'a>,
        length: u8,
        level: Level,
        color: Option<Color>,
    ) -> Result<Route<'a>, RouteError> {
        if station1.id == station2.id {
            return Err(RouteError::SameStation {
                station: station1.id,
            });
        }
        if length < MIN_ROUTE_LENGTH || length > MAX_ROUTE_LENGTH {
            return Err(RouteError::Length { length });
        }
        Ok(Route::unchecked(
            id, station1, station2, length, level, color,
        ))
    }

    /// Makes a route without the checks of [`Route::new`]: for the map's
    /// tables, which `map` checks with `new` at compile time.
    pub(crate) const fn unchecked(
        id: &'a str,
        station1: Station<'a>,
        station2: Station<'a>,
        length: u8,
        level: Level,
        color: Option<Color>,
    ) -> Route<'a> {
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
    pub const fn id(&self) -> &'a str {
        self.id
    }

    /// Returns the first station.
    #[must_use]
    pub const fn station1(&self) -> Station<'a> {
        self.station1
    }

    /// Returns the second station.
    #[must_use]
    pub const fn station2(&self) -> Station<'a> {
        self.station2
    }

    /// Returns both stations, first then second.
    #[must_use]
    pub const fn stations(&self) -> [Station<'a>; 2] {
        [self.station1, self.station2]
    }

    /// Returns the station at the other end from `station`.
    pub fn station_opposite(&self, station: Station<'_>) -> Result<Station<'a>, RouteError> {
        if station == self.station1 {
            Ok(self.station2)
        } else if station == self.station2 {
            Ok(self.station1)
        } else {
            Err(RouteError::NotOnRoute {
                station: station.id,
            })
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

    const A: Station<'static> = Station::new(0, "DE1", "Allemagne");
    const B: Station<'static> = Station::new(1, "DE2", "Allemagne");

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
            Err(RouteError::SameStation { station: 0 })
        );
        assert_eq!(
            Route::new("A", A, B, 0, Level::Overground, None),
            Err(RouteError::Length { length: 0 })
        );
        assert_eq!(
            Route::new("A", A, B, 7, Level::Overground, None),
            Err(RouteError::Length { length: 7 })
        );
        let r = Route::new("A", A, B, 6, Level::Underground, Some(Color::Red)).unwrap();
        assert_eq!(r.station_opposite(A), Ok(B));
        assert_eq!(
            r.station_opposite(Station::new(9, "C", "C")),
            Err(RouteError::NotOnRoute { station: 9 })
        );
        assert_eq!(r.claim_points(), 15);
    }
}
