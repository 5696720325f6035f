//! The words of `plateau tchu` on a command line: card lists, route ids and
//! lists of route ids; and the JSON shape of a set of cards.

use plateau::bag::{BagError, MAX_COUNT, SortedBag};
use plateau::tchu::{Card, Route, map};
use serde::{Serialize, Serializer};

use crate::error::{CliError, CliResult, bad};

/// A hand or a set of cards typed on the command line (one entry per card kind).
pub(crate) type Cards = SortedBag<Card, 9>;

/// A set of cards as an answer shows it: `{2×VIOLET, LOCOMOTIVE}` in text (the
/// bag's own form), and in JSON a list of `{"card":"VIOLET","count":2}`, one
/// entry per kind of card in the game's order (colors, then the locomotive).
#[derive(Clone, Debug)]
pub(crate) struct CardSet<const N: usize>(pub(crate) SortedBag<Card, N>);

/// One entry of a [`CardSet`] in JSON.
#[derive(Serialize)]
struct CardCount {
    /// The card's name in capitals, as `tchu routes` writes colors.
    card: &'static str,
    /// How many of that card (1 or more).
    count: usize,
}

impl<const N: usize> Serialize for CardSet<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.entries().map(|(card, count)| CardCount {
            card: card.name(),
            count,
        }))
    }
}

impl<const N: usize> std::fmt::Display for CardSet<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Finds a map route by id, ignoring case; the error names the closest id.
pub(crate) fn find_route(id: &str) -> CliResult<&'static Route<'static>> {
    find_in(&map::ROUTES, "on the map", id)
}

/// Finds a route of `routes` by id (an exact match first, then ignoring case);
/// the error says where it was looked for (`place`: "on the map", "in FILE")
/// and names the closest id.
pub(crate) fn find_in<'r, 't>(
    routes: &'r [Route<'t>],
    place: &str,
    id: &str,
) -> CliResult<&'r Route<'t>> {
    let upper = id.to_ascii_uppercase();
    let same = |want: &str| routes.iter().find(|r| r.id().eq_ignore_ascii_case(want));
    if let Some(r) = routes
        .iter()
        .find(|r| r.id() == id)
        .or_else(|| same(&upper))
    {
        return Ok(r);
    }
    // A route written from the other end (BER_BAL_1 for BAL_BER_1) is the likeliest slip.
    let swapped = match upper.split('_').collect::<Vec<_>>().as_slice() {
        [a, b, n] => same(&format!("{b}_{a}_{n}")).map(|r| r.id()),
        _ => None,
    };
    let hint = swapped
        .or_else(|| closest(&upper, routes.iter().map(|r| r.id()), 3))
        .map_or_else(String::new, |s| format!(" (did you mean {s}?)"));
    Err(bad("route", id, format!("no such route {place}{hint}")))
}

/// Picks the routes a list of ids names in `routes` (found by [`find_in`]),
/// refusing repeats. Each id may hold several, comma-separated (clap splits
/// them already; a value with spaces around a comma is split here too);
/// empty entries are skipped, so `--a ""` is no route. `option` prefixes the
/// errors (`--a: route 'X': ...`).
pub(crate) fn pick_routes<'t>(
    routes: &[Route<'t>],
    place: &str,
    option: Option<&str>,
    ids: &[String],
) -> CliResult<Vec<Route<'t>>> {
    let mut picked: Vec<Route<'t>> = Vec::new();
    let words = ids
        .iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty());
    for id in words {
        let r = *find_in(routes, place, id).map_err(|e| match option {
            Some(o) => CliError::new(format!("{o}: {e}")),
            None => e,
        })?;
        if picked.iter().any(|o| o.id() == r.id()) {
            let what = option.map_or_else(|| "route".to_string(), |o| format!("{o}: route"));
            return Err(bad(&what, id, "listed twice"));
        }
        picked.push(r);
    }
    Ok(picked)
}

/// Parses comma-separated card names (case-insensitive) into a bag.
pub(crate) fn parse_cards(what: &str, text: &str) -> CliResult<Cards> {
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

/// Returns the candidate nearest to `text` (in capitals) in edit distance,
/// ignoring the candidates' case, if within `max` edits.
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
        .map(|c| (edit_distance(text, &c.to_ascii_uppercase()), c))
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

    #[test]
    fn a_card_set_is_a_list_of_counts_in_json() {
        let cards = parse_cards("--hand", "locomotive,violet,violet").ok();
        let json = cards.and_then(|c| serde_json::to_string(&CardSet(c)).ok());
        assert_eq!(
            json.as_deref(),
            Some(r#"[{"card":"VIOLET","count":2},{"card":"LOCOMOTIVE","count":1}]"#)
        );
    }

    #[test]
    fn ids_may_be_split_by_commas_or_given_apart() {
        let ids = ["ber_luc_1, BER_FRI_1".to_string(), "BRI_LOC_1".to_string()];
        let picked = pick_routes(&map::ROUTES, "on the map", None, &ids).ok();
        let names: Option<Vec<&str>> = picked.as_ref().map(|p| p.iter().map(|r| r.id()).collect());
        assert_eq!(names, Some(vec!["BER_LUC_1", "BER_FRI_1", "BRI_LOC_1"]));
    }
}
