//! `--network FILE`: a network of routes as a TSV file with the columns of
//! `routes.tsv`, for `plateau tchu longest` and `plateau tchu bonus`.

use std::collections::HashMap;
use std::path::Path;

use plateau::tchu::{Color, Level, MAX_ROUTE_LENGTH, MIN_ROUTE_LENGTH, Route, Station, map};

use crate::Io;
use crate::error::{CliError, CliResult, bad};
use crate::input::{content_lines, read_text};

/// Reads the text of `--network FILE` (`-`: standard input) and the name its
/// errors use.
pub(crate) fn read_network(path: &Path, io: &mut Io<'_>) -> CliResult<(String, String)> {
    let text = read_text(Some(path), io)?;
    let name = if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    Ok((name, text))
}

/// Parses a network TSV (columns of routes.tsv; `#` comments, blank lines and a
/// header line starting with `id` are skipped). The routes and the stations not
/// on the map borrow their ids and codes from `text`.
pub(crate) fn parse_network<'t>(name: &str, text: &'t str) -> CliResult<Vec<Route<'t>>> {
    let mut stations: HashMap<&'t str, Station<'t>> = HashMap::new();
    // Codes not on the map get ids after the map's.
    let mut next_id: u16 = map::STATIONS.len() as u16;
    let mut routes: Vec<Route<'t>> = Vec::new();
    let mut lines_of: HashMap<&'t str, usize> = HashMap::new();
    for (n, line) in content_lines(text) {
        let fields: Vec<&'t str> = line.split('\t').map(str::trim).collect();
        if n == first_content_line(text) && fields.first() == Some(&"id") {
            continue;
        }
        let at = |i: usize| format!("{name}: line {n}, column {}", column(line, i));
        if fields.len() != 6 {
            return Err(CliError::new(format!(
                "{name}: line {n}: expected 6 tab-separated columns (id, station1, station2, length, level, color), found {}",
                fields.len()
            )));
        }
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        let id = field(0);
        if id.is_empty() || id.chars().any(char::is_whitespace) {
            return Err(bad(&at(0), id, "a route id is one word"));
        }
        if let Some(first) = lines_of.get(id) {
            return Err(bad(
                &at(0),
                id,
                format!("route id already used on line {first}"),
            ));
        }
        let mut ends = [None, None];
        for (end, i) in ends.iter_mut().zip([1, 2]) {
            let code = field(i);
            if code.is_empty() || code.chars().any(char::is_whitespace) {
                return Err(bad(&at(i), code, "a station code is one word"));
            }
            let station = if let Some(s) = map::station(code) {
                s
            } else if let Some(s) = stations.get(code) {
                *s
            } else {
                let id = u8::try_from(next_id).map_err(|_| {
                    bad(
                        &at(i),
                        code,
                        format!(
                            "too many stations not on the map (at most {})",
                            usize::from(u8::MAX) + 1 - map::STATIONS.len()
                        ),
                    )
                })?;
                next_id += 1;
                let s = Station::new(id, code, code);
                stations.insert(code, s);
                s
            };
            *end = Some(station);
        }
        let [Some(s1), Some(s2)] = ends else {
            return Err(CliError::new(format!("{name}: line {n}: missing station")));
        };
        let length: u8 = field(3).parse().map_err(|_| {
            bad(
                &at(3),
                field(3),
                format!("the length must be a whole number from {MIN_ROUTE_LENGTH} to {MAX_ROUTE_LENGTH}"),
            )
        })?;
        let level = match field(4).to_ascii_uppercase().as_str() {
            "OVERGROUND" => Level::Overground,
            "UNDERGROUND" => Level::Underground,
            _ => {
                return Err(bad(
                    &at(4),
                    field(4),
                    "the level must be OVERGROUND or UNDERGROUND",
                ));
            }
        };
        let color_text = field(5).to_ascii_uppercase();
        let color = if color_text == "NEUTRAL" {
            None
        } else {
            Some(
                Color::ALL
                    .into_iter()
                    .find(|c| c.name() == color_text)
                    .ok_or_else(|| {
                        bad(
                            &at(5),
                            field(5),
                            "the color must be NEUTRAL or one of BLACK, VIOLET, BLUE, GREEN, YELLOW, ORANGE, RED, WHITE",
                        )
                    })?,
            )
        };
        let route = Route::new(id, s1, s2, length, level, color).map_err(|e| {
            let column = if matches!(e, plateau::tchu::RouteError::Length { .. }) {
                3
            } else {
                2
            };
            let text = field(column);
            bad(&at(column), text, e)
        })?;
        lines_of.insert(id, n);
        routes.push(route);
    }
    Ok(routes)
}

/// Returns the number of the first content line (where a header may be).
fn first_content_line(text: &str) -> usize {
    content_lines(text).next().map_or(0, |(n, _)| n)
}

/// Returns the 1-based character column where tab-separated field `i` starts.
fn column(line: &str, i: usize) -> usize {
    let mut col = 1;
    for (k, part) in line.split('\t').enumerate() {
        if k == i {
            return col + (part.chars().count() - part.trim_start().chars().count());
        }
        col += part.chars().count() + 1;
    }
    col
}
