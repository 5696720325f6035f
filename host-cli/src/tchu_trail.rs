//! `plateau tchu longest` and `plateau tchu bonus`: the longest trail of a network.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use plateau::tchu::trail::{Trail, TrailBonus, TrailError, TrailSearch, TrailSearcher};
use plateau::tchu::{Color, Level, Route, Station, map};
use serde_json::json;

use crate::Io;
use crate::budget::{self, Ended, SECONDS_NAME, STEPS_NAME};
use crate::error::{CliError, CliResult, bad};
use crate::input::{content_lines, read_text};
use crate::tchu::find_route;

/// Arguments of `plateau tchu longest`.
#[derive(Args, Debug)]
pub struct LongestArgs {
    /// Route ids of the map, such as BER_LUC_1 (none at all: the empty network).
    #[arg(value_name = "ROUTE_ID")]
    routes: Vec<String>,
    /// The whole map: all 88 routes, both halves of every double route.
    #[arg(long, conflicts_with_all = ["routes", "network"])]
    all: bool,
    /// A network as a TSV file (or - for standard input) with the columns of
    /// routes.tsv: id, station1, station2, length, level, color. Unknown station
    /// codes become stations named by their code.
    #[arg(long, value_name = "FILE", conflicts_with = "routes")]
    network: Option<PathBuf>,
    #[command(flatten)]
    budget: TrailBudget,
}

/// The budget of a trail search: `--max-steps` and `--seconds`.
#[derive(Args, Debug)]
struct TrailBudget {
    /// Stop after this many search steps and print the longest trail found so far,
    /// marked as not proven (default: no step limit).
    #[arg(long, value_name = STEPS_NAME)]
    max_steps: Option<u64>,
    /// Stop after about this many seconds, the same way (default: no time limit).
    #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
    seconds: Option<f64>,
}

/// Steps per slice of a trail search between two looks at the clock and the bar.
const SLICE_STEPS: u64 = 20_000;

/// Arguments of `plateau tchu bonus`.
#[derive(Args, Debug)]
pub struct BonusArgs {
    /// Player A's routes, comma-separated (BER_LUC_1,BER_FRI_1); none if absent.
    #[arg(long, value_name = "ROUTE_ID,...", default_value = "")]
    a: String,
    /// Player B's routes, comma-separated; none if absent.
    #[arg(long, value_name = "ROUTE_ID,...", default_value = "")]
    b: String,
    /// Stop after this many search steps in all (A's network first, then B's)
    /// and say the bonus is not decided, unless the trails found so far decide
    /// it (default: no step limit).
    #[arg(long, value_name = STEPS_NAME)]
    max_steps: Option<u64>,
    /// Stop after about this many seconds, the same way (default: no time limit).
    #[arg(long, value_name = SECONDS_NAME, value_parser = budget::parse_seconds)]
    seconds: Option<f64>,
}

/// Runs `plateau tchu longest`.
pub fn run_longest(args: LongestArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let routes: Vec<Route> = if args.all {
        map::ROUTES.to_vec()
    } else if let Some(path) = &args.network {
        let text = read_text(Some(path), io)?;
        let name = if path.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        parse_network(&name, &text)?
    } else {
        map_routes(None, args.routes.iter().map(String::as_str))?
    };
    let mut searcher = TrailSearcher::new(&routes).map_err(|e| network_error(e, &routes))?;
    let max_steps = args.budget.max_steps.unwrap_or(plateau::UNLIMITED);
    let started = Instant::now();
    let deadline = budget::deadline(args.budget.seconds);
    let ended = search_sliced(&mut searcher, max_steps, deadline, io.progress);
    let stop = match ended {
        Ended::Done => None,
        Ended::Steps => Some(format!("{} steps (--max-steps)", searcher.steps())),
        Ended::Seconds => Some(format!(
            "{:.1} seconds (--seconds)",
            started.elapsed().as_secs_f64()
        )),
    };
    print_trail(&searcher.best(), stop.as_deref(), json, io)
}

/// Runs a trail search in slices until it ends, `max_steps` steps are spent
/// or the deadline passes, with a spinner on stderr if `progress`.
fn search_sliced(
    searcher: &mut TrailSearcher<'_>,
    max_steps: u64,
    deadline: Option<Instant>,
    progress: bool,
) -> Ended {
    let bar = progress.then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        bar
    });
    let ended = loop {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Ended::Seconds;
        }
        let slice = SLICE_STEPS.min(max_steps.saturating_sub(searcher.steps()));
        if searcher.run(slice) {
            break Ended::Done;
        }
        if searcher.steps() >= max_steps {
            break Ended::Steps;
        }
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "{} steps, longest so far {}",
                searcher.steps(),
                searcher.best().trail().length()
            ));
            bar.tick();
        }
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    ended
}

/// Runs `plateau tchu bonus`.
pub fn run_bonus(args: BonusArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let a = map_routes(Some("--a"), ids(&args.a))?;
    let b = map_routes(Some("--b"), ids(&args.b))?;
    if let Some(shared) = a.iter().find(|r| b.iter().any(|o| o.id() == r.id())) {
        return Err(CliError::new(format!(
            "route {} is in both networks: a route has one owner",
            shared.id()
        )));
    }
    let mut sa = TrailSearcher::new(&a).map_err(|e| network_error(e, &a))?;
    let mut sb = TrailSearcher::new(&b).map_err(|e| network_error(e, &b))?;
    let max_steps = args.max_steps.unwrap_or(plateau::UNLIMITED);
    let deadline = budget::deadline(args.seconds);
    // A's network first, then B's with the steps left (as the core's
    // `longest_trail_bonus_within` does).
    let mut ended = search_sliced(&mut sa, max_steps, deadline, io.progress);
    if ended == Ended::Done {
        let left = max_steps.saturating_sub(sa.steps());
        ended = search_sliced(&mut sb, left, deadline, io.progress);
    }
    let (ta, tb) = (sa.best(), sb.best());
    let bonus = TrailBonus::of(&ta, &tb);
    if json {
        let bonus = match bonus {
            TrailBonus::Awarded([pa, pb]) => format!("{{\"a\":{pa},\"b\":{pb}}}"),
            TrailBonus::Exhausted { steps, .. } => {
                format!("{{\"status\":\"exhausted\",\"steps\":{steps}}}")
            }
        };
        writeln!(
            io.out,
            "{{\"a\":{},\"b\":{},\"bonus\":{bonus}}}",
            trail_json(ta.trail(), ta.is_proven()),
            trail_json(tb.trail(), tb.is_proven())
        )?;
        return Ok(());
    }
    let mark = |s: &TrailSearch<'_>| {
        if s.is_proven() {
            ""
        } else {
            " (not proven the longest)"
        }
    };
    writeln!(io.out, "A: {}{}", ta.trail(), mark(&ta))?;
    writeln!(io.out, "B: {}{}", tb.trail(), mark(&tb))?;
    match bonus {
        TrailBonus::Awarded([pa, pb]) => match (pa > 0, pb > 0) {
            (true, true) => writeln!(io.out, "bonus: A and B get {pa} points each (a tie)")?,
            (true, false) => writeln!(io.out, "bonus: A gets {pa} points")?,
            _ => writeln!(io.out, "bonus: B gets {pb} points")?,
        },
        TrailBonus::Exhausted { steps, .. } => writeln!(
            io.out,
            "bonus: exhausted: the search stopped after {steps} steps ({}) before the trails decided it",
            ended.flag().unwrap_or("its budget")
        )?,
    }
    Ok(())
}

/// Splits a comma-separated list of ids, ignoring empty entries and spaces.
fn ids(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// Looks route ids up on the map, refusing unknown ids and repeats.
fn map_routes<'t>(
    option: Option<&str>,
    ids: impl Iterator<Item = &'t str>,
) -> CliResult<Vec<Route>> {
    let mut routes: Vec<Route> = Vec::new();
    for id in ids {
        let r = *find_route(id).map_err(|e| match option {
            Some(o) => CliError::new(format!("{o}: {e}")),
            None => e,
        })?;
        if routes.iter().any(|o| o.id() == r.id()) {
            let what = option.map_or_else(|| "route".to_string(), |o| format!("{o}: route"));
            return Err(bad(&what, id, "listed twice"));
        }
        routes.push(r);
    }
    Ok(routes)
}

fn network_error(e: TrailError, routes: &[Route]) -> CliError {
    match e {
        TrailError::TooManyRoutes => {
            CliError::new(format!("the network has {} routes: {e}", routes.len()))
        }
        TrailError::TooManyStations => {
            let mut ids: Vec<u8> = routes
                .iter()
                .flat_map(|r| r.stations().map(|s| s.id()))
                .collect();
            ids.sort_unstable();
            ids.dedup();
            CliError::new(format!("the network touches {} stations: {e}", ids.len()))
        }
        TrailError::RepeatedRoute => CliError::new(e.to_string()),
    }
}

/// Returns a `'static` copy of user text: stations and routes name it for the
/// rest of this short-lived process.
fn leak(text: &str) -> &'static str {
    Box::leak(text.to_string().into_boxed_str())
}

/// Parses a network TSV (columns of routes.tsv; `#` comments, blank lines and a
/// header line starting with `id` are skipped).
pub fn parse_network(name: &str, text: &str) -> CliResult<Vec<Route>> {
    let mut stations: HashMap<String, Station> = HashMap::new();
    // Codes not on the map get ids after the map's.
    let mut next_id: u16 = map::STATIONS.len() as u16;
    let mut routes: Vec<Route> = Vec::new();
    let mut lines_of: HashMap<String, usize> = HashMap::new();
    for (n, line) in content_lines(text) {
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
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
                        "too many stations not on the map (at most 205)",
                    )
                })?;
                next_id += 1;
                let code = leak(code);
                let s = Station::new(id, code, code);
                stations.insert(code.to_string(), s);
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
                "the length must be a whole number from 1 to 6",
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
        let route = Route::new(leak(id), s1, s2, length, level, color).map_err(|e| {
            let column = if matches!(e, plateau::tchu::RouteError::Length) {
                3
            } else {
                2
            };
            let text = field(column);
            bad(&at(column), text, e)
        })?;
        lines_of.insert(id.to_string(), n);
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

/// Returns the trail as `{"length":..,"stations":[codes],"routes":[ids]}`, written
/// by hand to keep the keys in this order (and `"proven":false` last if unproven).
pub fn trail_json(t: &Trail<'_>, proven: bool) -> String {
    let stations: Vec<&str> = t.stations().map(|s| s.code()).collect();
    let routes: Vec<&str> = t.routes().map(|r| r.id()).collect();
    let unproven = if proven { "" } else { ",\"proven\":false" };
    format!(
        "{{\"length\":{},\"stations\":{},\"routes\":{}{unproven}}}",
        t.length(),
        json!(stations),
        json!(routes)
    )
}

fn print_trail(
    search: &TrailSearch<'_>,
    stopped_after: Option<&str>,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let t = search.trail();
    if json {
        writeln!(io.out, "{}", trail_json(t, search.is_proven()))?;
        return Ok(());
    }
    writeln!(io.out, "{t}")?;
    if !search.is_proven() {
        writeln!(
            io.out,
            "not proven the longest: the search stopped after {}",
            stopped_after.unwrap_or("its budget")
        )?;
    }
    Ok(())
}
