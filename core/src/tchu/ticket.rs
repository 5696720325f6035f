//! Tickets: one trip between two cities, or a set of trips to or between countries.

use core::fmt;

use super::Station;

/// Holds one way to fulfil a ticket: connect `from` and `to` for `points`.
///
/// ```
/// use plateau::tchu::{Trip, map};
/// let trip = Trip::new(map::BER, map::LUC, 4);
/// assert_eq!((trip.from().name(), trip.to().name(), trip.points()), ("Berne", "Lucerne", 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Trip<'a> {
    from: Station<'a>,
    to: Station<'a>,
    points: u8,
}

impl<'a> Trip<'a> {
    /// Makes a trip worth `points` from `from` to `to`.
    #[must_use]
    pub const fn new(from: Station<'a>, to: Station<'a>, points: u8) -> Trip<'a> {
        Trip { from, to, points }
    }

    /// Returns the departure.
    #[must_use]
    pub const fn from(&self) -> Station<'a> {
        self.from
    }

    /// Returns the arrival.
    #[must_use]
    pub const fn to(&self) -> Station<'a> {
        self.to
    }

    /// Returns the points the trip is worth.
    #[must_use]
    pub const fn points(&self) -> u8 {
        self.points
    }
}

/// Holds a ticket: a non-empty set of trips sharing their departure name (a city or a country).
///
/// A city-to-city ticket has one trip; a ticket to a country has one trip per
/// (departure station, border station) pair, each worth that country's points.
///
/// ```
/// use plateau::tchu::{Ticket, Trip, map};
/// let trips = [Trip::new(map::BER, map::LUC, 4)];
/// let ticket = Ticket::new(&trips);
/// assert_eq!(ticket.to_string(), "Berne - Lucerne (4)");
/// assert_eq!(ticket.points(|_, _| false), -4); // not connected
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Ticket<'a> {
    trips: &'a [Trip<'a>],
}

impl<'a> Ticket<'a> {
    /// Makes a ticket from its trips (the map's tickets are built this way).
    #[must_use]
    pub const fn new(trips: &'a [Trip<'a>]) -> Ticket<'a> {
        Ticket { trips }
    }

    /// Returns the trips.
    #[must_use]
    pub const fn trips(&self) -> &'a [Trip<'a>] {
        self.trips
    }

    /// Returns the points: the best connected trip's, or minus the cheapest trip's if
    /// none is connected (`connected` tells whether two stations are joined).
    #[must_use]
    pub fn points(&self, mut connected: impl FnMut(Station<'a>, Station<'a>) -> bool) -> i32 {
        let best = self
            .trips
            .iter()
            .filter(|t| connected(t.from, t.to))
            .map(|t| t.points)
            .max();
        match best {
            Some(p) => i32::from(p),
            None => -self
                .trips
                .iter()
                .map(|t| i32::from(t.points))
                .min()
                .unwrap_or(0),
        }
    }
}

/// `Berne - Zürich (6)` for one trip; `Berne - {Allemagne (6), Autriche (11), ...}`
/// for a country ticket: each arrival name once, in the trips' order.
impl fmt::Display for Ticket<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(first) = self.trips.first() else {
            return f.write_str("{}");
        };
        if let [only] = self.trips {
            return write!(f, "{} - {} ({})", only.from, only.to, only.points);
        }
        write!(f, "{} - {{", first.from)?;
        let mut sep = "";
        for (i, t) in self.trips.iter().enumerate() {
            let seen = self
                .trips
                .iter()
                .take(i)
                .any(|u| u.to.name() == t.to.name());
            if !seen {
                write!(f, "{sep}{} ({})", t.to, t.points)?;
                sep = ", ";
            }
        }
        f.write_str("}")
    }
}
