//! `plateau tchu`: the routes of the Swiss map, their claims and tunnel cards.

pub(crate) mod trail;

use clap::Subcommand;
use plateau::bag::{BagError, MAX_COUNT, SortedBag};
use plateau::tchu::{Card, ClaimError, Level, Route, map};
use serde_json::json;

use crate::error::{CliError, CliResult, bad};
use crate::Io;
use crate::output::write_json;

/// A hand or a set of cards typed on the command line (one entry per card kind).
pub type Cards = SortedBag<Card, 9>;

/// tCHu (Ticket to Ride Switzerland) on the real map.
#[derive(Subcommand, Debug)]
pub enum TchuCommand {
    /// List the 88 routes: id, stations, length, level and color.
    #[command(after_help = "Example: plateau tchu routes --json")]
    Routes,
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
        /// The player's cars left.
        #[arg(long, default_value_t = plateau::tchu::INITIAL_CARS)]
        cars: u8,
    },
    /// Print the longest trail of a network: map route ids, --all, or --network FILE.
    #[command(
        after_help = "Example: plateau tchu longest NEU_YVE_1 NEU_SOL_1 BER_NEU_1 BER_SOL_1 BER_LUC_1 BER_FRI_1   (length 13)"
    )]
    Longest(crate::cmd::tchu::trail::LongestArgs),
    /// Print both players' longest trails and who gets the 10-point bonus.
    #[command(after_help = "Example: plateau tchu bonus --a BER_LUC_1,BER_FRI_1 --b BRI_LOC_1")]
    Bonus(crate::cmd::tchu::trail::BonusArgs),
}

/// Runs a `plateau tchu` command.
pub fn run(cmd: TchuCommand, json: bool, io: &mut Io<'_>) -> CliResult {
    match cmd {
        TchuCommand::Routes => {
            for r in &map::ROUTES {
                print_route(r, json, io)?;
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
                print_claims(r, several, json, io)?;
            }
        }
        TchuCommand::Additional {
            route,
            claim,
            drawn,
        } => {
            let r = find_route(&route)?;
            let claim_cards = parse_cards("--claim", &claim)?;
            let drawn_cards = parse_cards("--drawn", &drawn)?;
            let n = r
                .additional_claim_cards_count(&claim_cards, &drawn_cards)
                .map_err(|e| match e {
                    ClaimError::NotTunnel => CliError::new(format!(
                        "route {} is overground: {e}",
                        r.id()
                    )),
                    ClaimError::DrawnCount { .. } => bad(
                        "--drawn",
                        &drawn,
                        format!("{e}, not {}", drawn_cards.len()),
                    ),
                    ClaimError::NotPossibleClaim => bad(
                        "--claim",
                        &claim,
                        format!("{claim_cards} is not a possible claim of {} (see 'plateau tchu claims {}')", r.id(), r.id()),
                    ),
                    _ => CliError::new(e.to_string()),
                })?;
            if json {
                write_json(io.out, &json!({ "additional": n }))?;
            } else {
                writeln!(io.out, "{n}")?;
            }
        }
        TchuCommand::Longest(args) => crate::cmd::tchu::trail::run_longest(args, json, io)?,
        TchuCommand::Bonus(args) => crate::cmd::tchu::trail::run_bonus(args, json, io)?,
        TchuCommand::Payable { route, hand, cars } => {
            let r = find_route(&route)?;
            let hand_cards = parse_cards("--hand", &hand)?;
            let claims = r.payable_claims(cars, &hand_cards);
            if json {
                let texts: Vec<String> = claims.iter().map(ToString::to_string).collect();
                write_json(
                    io.out,
                    &json!({ "route": r.id(), "can_claim": !claims.is_empty(), "claims": texts }),
                )?;
            } else if claims.is_empty() {
                writeln!(
                    io.out,
                    "none: {hand_cards} and {cars} cars cannot claim {}",
                    r.id()
                )?;
            } else {
                for c in &claims {
                    writeln!(io.out, "{c}")?;
                }
            }
        }
    }
    Ok(())
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Overground => "OVERGROUND",
        Level::Underground => "UNDERGROUND",
    }
}

fn print_route(r: &Route, json: bool, io: &mut Io<'_>) -> CliResult {
    let [a, b] = r.stations();
    let color = r.color().map_or("NEUTRAL", |c| c.name());
    if json {
        write_json(
            io.out,
            &json!({
                "id": r.id(),
                "station1": { "code": a.code(), "id": a.id(), "name": a.name() },
                "station2": { "code": b.code(), "id": b.id(), "name": b.name() },
                "length": r.length(),
                "level": level_name(r.level()),
                "color": r.color().map(|c| c.name()),
            }),
        )
    } else {
        let stations = format!("{} {} - {} {}", a.code(), a.name(), b.code(), b.name());
        writeln!(
            io.out,
            "{:<10} {stations:<36} {} {:<11} {color}",
            r.id(),
            r.length(),
            level_name(r.level())
        )?;
        Ok(())
    }
}

fn print_claims(r: &Route, several: bool, json: bool, io: &mut Io<'_>) -> CliResult {
    let claims = r.possible_claim_cards();
    if json {
        // Written by hand to keep the keys in the documented order (route first).
        let texts: Vec<String> = claims.iter().map(ToString::to_string).collect();
        writeln!(
            io.out,
            "{{\"route\":{},\"claims\":{}}}",
            json!(r.id()),
            json!(texts)
        )?;
        return Ok(());
    }
    if several {
        let plural = if claims.len() == 1 { "" } else { "s" };
        writeln!(io.out, "{} ({} claim{plural})", r.id(), claims.len())?;
    }
    let indent = if several { "  " } else { "" };
    for c in &claims {
        writeln!(io.out, "{indent}{c}")?;
    }
    Ok(())
}

/// Finds a route by id, ignoring case; the error names the closest id.
pub fn find_route(id: &str) -> CliResult<&'static Route<'static>> {
    let upper = id.to_ascii_uppercase();
    if let Some(r) = map::route(&upper) {
        return Ok(r);
    }
    let ids = map::ROUTES.iter().map(|r| r.id());
    // A route written from the other end (BER_BAL_1 for BAL_BER_1) is the likeliest slip.
    let swapped = match upper.split('_').collect::<Vec<_>>().as_slice() {
        [a, b, n] => map::route(&format!("{b}_{a}_{n}")).map(|r| r.id()),
        _ => None,
    };
    let hint = swapped
        .or_else(|| closest(&upper, ids, 3))
        .map_or_else(String::new, |s| format!(" (did you mean {s}?)"));
    Err(bad("route", id, format!("no such route on the map{hint}")))
}

/// Parses comma-separated card names (case-insensitive) into a bag.
pub fn parse_cards(what: &str, text: &str) -> CliResult<Cards> {
    let mut cards = Vec::new();
    for (i, name) in text.split(',').enumerate() {
        let name = name.trim();
        let upper = name.to_ascii_uppercase();
        let card = Card::ALL
            .iter()
            .copied()
            .find(|c| c.name() == upper)
            .ok_or_else(|| {
                let why = if name.is_empty() {
                    format!("card {} is empty", i + 1)
                } else {
                    let hint = closest(&upper, Card::ALL.iter().map(|c| c.name()), 3)
                        .map_or_else(String::new, |s| format!(" (did you mean {s}?)"));
                    format!(
                        "unknown card '{}'{hint}; cards are {}",
                        crate::error::shorten(name),
                        Card::ALL.map(|c| c.name().to_ascii_lowercase()).join(", ")
                    )
                };
                bad(what, text, why)
            })?;
        cards.push(card);
    }
    Cards::from_elements(cards).map_err(|e| match e {
        BagError::TooMany => bad(
            what,
            text,
            format!("more than {MAX_COUNT} cards of one kind"),
        ),
        _ => bad(what, text, e),
    })
}

/// Returns the candidate nearest to `text` in edit distance, if within `max` edits.
fn closest<'a>(
    text: &str,
    candidates: impl Iterator<Item = &'a str>,
    max: usize,
) -> Option<&'a str> {
    // Ids and names are short: a long text is nowhere near any, and would be slow.
    if text.chars().count() > 40 {
        return None;
    }
    candidates
        .map(|c| (edit_distance(text, c), c))
        .filter(|&(d, _)| d <= max)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over characters (insert, delete, substitute).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(0);
            let left = row.get(j).copied().unwrap_or(0);
            let best = (diagonal + usize::from(ca != *cb))
                .min(above + 1)
                .min(left + 1);
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = best;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(
            closest("REDD", Card::ALL.iter().map(|c| c.name()), 3),
            Some("RED")
        );
    }
}
