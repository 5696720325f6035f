//! `plateau tchu`: the Swiss map (routes, stations, tickets), the claims of
//! its routes, tunnel cards, and the longest trail ([`trail`]).
//!
//! The modules import one way: this one dispatches; [`trail`] runs the trail
//! searches; [`network`] reads `--network` files; [`notation`] parses cards
//! and route ids for all of them.

mod network;
mod notation;
mod trail;

use std::io::{self, Write};

use clap::Subcommand;
use plateau::tchu::{ClaimError, Level, Route, Station, Ticket, map};
use serde::Serialize;

use crate::Io;
use crate::error::{CliError, CliResult, bad};
use crate::limits::number_in;
use crate::output::{Answer, Status, emit};
use notation::{CardSet, find_route, parse_cards};

/// tCHu (Ticket to Ride Switzerland) on the real map.
#[derive(Subcommand, Debug)]
pub(crate) enum TchuCommand {
    /// List the 88 routes: id, stations, length, level and color.
    #[command(after_help = "Example: plateau tchu routes --json")]
    Routes,
    /// List the 51 stations: code, id and name.
    #[command(after_help = "Example: plateau tchu stations --json")]
    Stations,
    /// List the 46 tickets, numbered in the game's order: from, to and points.
    #[command(after_help = "Example: plateau tchu tickets --json")]
    Tickets,
    /// Print the cards that may claim a route, one set per line, in the game's order.
    #[command(after_help = "Example: plateau tchu claims COI_DAV_1   (or --all for every route)")]
    Claims {
        /// Route ids such as COI_DAV_1 (case-insensitive).
        #[arg(value_name = "ROUTE_ID")]
        routes: Vec<String>,
        /// Every route of the map, in id order.
        #[arg(long, conflicts_with = "routes")]
        all: bool,
    },
    /// Count the additional cards a tunnel claim costs after drawing 3 cards.
    #[command(
        after_help = "Example: plateau tchu additional FR1_MAR_1 --claim red,red --drawn red,black,locomotive   (prints 2)"
    )]
    Additional {
        /// A tunnel's id, such as AT2_VAD_1.
        #[arg(value_name = "ROUTE_ID")]
        route: String,
        /// The claim's cards, comma-separated (red,red,locomotive).
        #[arg(long, value_name = "CARDS")]
        claim: String,
        /// The 3 drawn cards, comma-separated.
        #[arg(long, value_name = "CARDS")]
        drawn: String,
    },
    /// Print the claims a hand can pay for (none if it cannot claim the route).
    #[command(
        after_help = "Example: plateau tchu payable BER_LUC_1 --hand black,black,black,black,locomotive"
    )]
    Payable {
        /// Route id.
        #[arg(value_name = "ROUTE_ID")]
        route: String,
        /// The player's cards, comma-separated.
        #[arg(long, value_name = "CARDS")]
        hand: String,
        /// The player's cars left (0 to 255).
        #[arg(
            long,
            default_value_t = plateau::tchu::INITIAL_CARS,
            value_parser = parse_cars,
            allow_negative_numbers = true
        )]
        cars: u8,
    },
    /// Print the longest trail of a network: map route ids, --all, or --network FILE.
    #[command(
        after_help = "Example: plateau tchu longest NEU_YVE_1,NEU_SOL_1,BER_NEU_1,BER_SOL_1,BER_LUC_1,BER_FRI_1   (length 13)"
    )]
    Longest(trail::LongestArgs),
    /// Print both players' longest trails and who gets the 10-point bonus.
    #[command(after_help = "Example: plateau tchu bonus --a BER_LUC_1,BER_FRI_1 --b BRI_LOC_1")]
    Bonus(trail::BonusArgs),
}

/// Runs a `plateau tchu` command.
pub(crate) fn run(cmd: TchuCommand, json: bool, io: &mut Io<'_>) -> CliResult {
    match cmd {
        TchuCommand::Routes => {
            for r in &map::ROUTES {
                emit(io, json, &RouteAnswer::new(r))?;
            }
        }
        TchuCommand::Stations => {
            for s in &map::STATIONS {
                emit(io, json, &StationAnswer::new(*s))?;
            }
        }
        TchuCommand::Tickets => {
            for (i, t) in map::tickets().iter().enumerate() {
                emit(io, json, &TicketAnswer::new(i + 1, t))?;
            }
        }
        TchuCommand::Claims { routes, all } => {
            if routes.is_empty() && !all {
                return Err(CliError::new(
                    "claims needs a ROUTE_ID (like COI_DAV_1) or --all (see 'plateau tchu routes')",
                ));
            }
            let chosen: Vec<&Route> = if all {
                map::ROUTES.iter().collect()
            } else {
                routes
                    .iter()
                    .map(|id| find_route(id))
                    .collect::<CliResult<_>>()?
            };
            let several = chosen.len() > 1;
            for r in chosen {
                emit(io, json, &ClaimsAnswer::new(r, several))?;
            }
        }
        TchuCommand::Additional {
            route,
            claim,
            drawn,
        } => emit(io, json, &additional(&route, &claim, &drawn)?)?,
        TchuCommand::Payable { route, hand, cars } => {
            let r = find_route(&route)?;
            let hand = parse_cards("--hand", &hand)?;
            let claims: Vec<CardSet<2>> = r
                .payable_claims(cars, &hand)
                .into_iter()
                .map(CardSet)
                .collect();
            let answer = PayableAnswer {
                status: if claims.is_empty() {
                    Status::None
                } else {
                    Status::Found
                },
                route: r.id(),
                can_claim: !claims.is_empty(),
                claims,
                hand: CardSet(hand),
                cars,
            };
            emit(io, json, &answer)?;
        }
        TchuCommand::Longest(args) => trail::run_longest(args, json, io)?,
        TchuCommand::Bonus(args) => trail::run_bonus(args, json, io)?,
    }
    Ok(())
}

/// Parses `--cars`: a whole number from 0 to 255.
fn parse_cars(text: &str) -> Result<u8, String> {
    let n = number_in(text, 0, u64::from(u8::MAX))?;
    u8::try_from(n).map_err(|e| e.to_string())
}

/// Counts the additional cards of `tchu additional`, with the errors worded
/// for its arguments.
fn additional(route: &str, claim: &str, drawn: &str) -> CliResult<AdditionalAnswer> {
    let r = find_route(route)?;
    let claim_cards = parse_cards("--claim", claim)?;
    let drawn_cards = parse_cards("--drawn", drawn)?;
    let n = r
        .additional_claim_cards_count(&claim_cards, &drawn_cards)
        .map_err(|e| match e {
            ClaimError::NotTunnel => CliError::new(format!("route {} is overground: {e}", r.id())),
            ClaimError::DrawnCount { .. } => {
                bad("--drawn", drawn, format!("{e}, not {}", drawn_cards.len()))
            }
            ClaimError::NotPossibleClaim => bad(
                "--claim",
                claim,
                format!(
                    "{claim_cards} is not a possible claim of {} (see 'plateau tchu claims {}')",
                    r.id(),
                    r.id()
                ),
            ),
            _ => CliError::new(e.to_string()),
        })?;
    Ok(AdditionalAnswer {
        status: Status::Found,
        route: r.id(),
        additional: n,
    })
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Overground => "OVERGROUND",
        Level::Underground => "UNDERGROUND",
    }
}

/// A station of the map: one line of `tchu stations`, and an end of a route.
#[derive(Serialize)]
struct StationAnswer {
    /// Always `found`.
    status: Status,
    /// The station's code: `BER`, `DE1`.
    code: &'static str,
    /// Its number, 0 to 50 (0-33 Swiss, 34-50 foreign).
    id: u8,
    /// Its name (foreign stations share their country's name).
    name: &'static str,
}

impl StationAnswer {
    fn new(s: Station<'static>) -> Self {
        StationAnswer {
            status: Status::Found,
            code: s.code(),
            id: s.id(),
            name: s.name(),
        }
    }
}

impl Answer for StationAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{:<4} {:>2} {}", self.code, self.id, self.name)
    }
}

/// The end of a route in JSON: a station without a status.
#[derive(Serialize)]
struct End {
    code: &'static str,
    id: u8,
    name: &'static str,
}

impl End {
    fn new(s: Station<'static>) -> Self {
        End {
            code: s.code(),
            id: s.id(),
            name: s.name(),
        }
    }
}

/// A route of the map: one line of `tchu routes`.
#[derive(Serialize)]
struct RouteAnswer {
    status: Status,
    id: &'static str,
    station1: End,
    station2: End,
    length: u8,
    level: &'static str,
    /// The color's name, or null for a neutral route (`NEUTRAL` in text).
    color: Option<&'static str>,
}

impl RouteAnswer {
    fn new(r: &Route<'static>) -> Self {
        let [a, b] = r.stations();
        RouteAnswer {
            status: Status::Found,
            id: r.id(),
            station1: End::new(a),
            station2: End::new(b),
            length: r.length(),
            level: level_name(r.level()),
            color: r.color().map(|c| c.name()),
        }
    }
}

impl Answer for RouteAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let (a, b) = (&self.station1, &self.station2);
        let stations = format!("{} {} - {} {}", a.code, a.name, b.code, b.name);
        writeln!(
            out,
            "{:<10} {stations:<36} {} {:<11} {}",
            self.id,
            self.length,
            self.level,
            self.color.unwrap_or("NEUTRAL")
        )
    }
}

/// One way to fulfil a ticket: stations by code.
#[derive(Serialize)]
struct TripAnswer {
    from: &'static str,
    to: &'static str,
    points: u8,
}

/// A ticket of the map: one line of `tchu tickets`.
#[derive(Serialize)]
struct TicketAnswer {
    status: Status,
    /// Its place in the game's order, from 1.
    number: usize,
    /// Its trips: one for a city-to-city ticket, one per pair of stations for
    /// a ticket to a country (the best connected one counts).
    trips: Vec<TripAnswer>,
    /// `Berne - {Allemagne (6), ...}`: the ticket as the game writes it.
    #[serde(skip)]
    text: String,
}

impl TicketAnswer {
    fn new(number: usize, t: &Ticket<'static>) -> Self {
        TicketAnswer {
            status: Status::Found,
            number,
            trips: t
                .trips()
                .iter()
                .map(|trip| TripAnswer {
                    from: trip.from().code(),
                    to: trip.to().code(),
                    points: trip.points(),
                })
                .collect(),
            text: t.to_string(),
        }
    }
}

impl Answer for TicketAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{:>2} {}", self.number, self.text)
    }
}

/// The claims of one route (`tchu claims`).
#[derive(Serialize)]
struct ClaimsAnswer {
    status: Status,
    route: &'static str,
    /// The sets of cards that may claim it, in the game's order.
    claims: Vec<CardSet<2>>,
    /// Whether several routes are listed: text then heads each with its id.
    #[serde(skip)]
    several: bool,
}

impl ClaimsAnswer {
    fn new(r: &Route<'static>, several: bool) -> Self {
        ClaimsAnswer {
            status: Status::Found,
            route: r.id(),
            claims: r.possible_claim_cards().into_iter().map(CardSet).collect(),
            several,
        }
    }
}

impl Answer for ClaimsAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.several {
            let plural = if self.claims.len() == 1 { "" } else { "s" };
            writeln!(out, "{} ({} claim{plural})", self.route, self.claims.len())?;
        }
        let indent = if self.several { "  " } else { "" };
        for c in &self.claims {
            writeln!(out, "{indent}{c}")?;
        }
        Ok(())
    }
}

/// The additional cards of a tunnel claim (`tchu additional`).
#[derive(Serialize)]
struct AdditionalAnswer {
    status: Status,
    route: &'static str,
    /// 0 to 3.
    additional: usize,
}

impl Answer for AdditionalAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.additional)
    }
}

/// The claims a hand can pay (`tchu payable`): status `none` when it can pay none.
#[derive(Serialize)]
struct PayableAnswer {
    status: Status,
    route: &'static str,
    can_claim: bool,
    claims: Vec<CardSet<2>>,
    #[serde(skip)]
    hand: CardSet<9>,
    #[serde(skip)]
    cars: u8,
}

impl Answer for PayableAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.claims.is_empty() {
            return writeln!(
                out,
                "none: {} and {} cars cannot claim {}",
                self.hand, self.cars, self.route
            );
        }
        for c in &self.claims {
            writeln!(out, "{c}")?;
        }
        Ok(())
    }
}
