//! `plateau tchu longest` and `plateau tchu bonus`: the longest trail of a network.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use plateau::Budget;
use plateau::tchu::trail::{Trail, TrailBonus, TrailError, TrailOutcome, TrailSearch};
use plateau::tchu::{Color, Level, MAX_ROUTE_LENGTH, MIN_ROUTE_LENGTH, Route, Station, map};
use serde_json::json;

use crate::Io;
use crate::limits::legacy::Ended;
use crate::limits::{self as budget, SECONDS_NAME, STEPS_NAME};
use crate::error::{CliError, CliResult, bad};
use crate::input::{content_lines, read_text};
use crate::cmd::tchu::find_route;

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
    // The network's text, owned here: its routes and stations borrow it.
    let text: String;
    let routes: Vec<Route<'_>> = if args.all {
        map::ROUTES.to_vec()
    } else if let Some(path) = &args.network {
        text = read_text(Some(path), io)?;
        let name = if path.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        parse_network(&name, &text)?
    } else {
        map_routes(None, args.routes.iter().map(String::as_str))?
    };
    let mut searcher = TrailSearch::new(&routes).map_err(network_error)?;
    let max_steps = args.budget.max_steps.unwrap_or(u64::MAX);
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
    print_trail(&searcher.outcome(), stop.as_deref(), json, io)
}

/// Runs a trail search in slices until it ends, `max_steps` steps are spent
/// or the deadline passes, with a spinner on stderr if `progress`.
fn search_sliced(
    searcher: &mut TrailSearch<'_>,
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
        let before = searcher.steps();
        if searcher.run(Budget::new(slice)).is_found() {
            break Ended::Done;
        }
        // A search that ends unproven spends nothing more (never, by its depth
        // bound): it is over too.
        if slice > 0 && searcher.steps() == before {
            break Ended::Done;
        }
        if searcher.steps() >= max_steps {
            break Ended::Steps;
        }
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "{} steps, longest so far {}",
                searcher.steps(),
                searcher.best().length()
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
    let mut sa = TrailSearch::new(&a).map_err(network_error)?;
    let mut sb = TrailSearch::new(&b).map_err(network_error)?;
    let max_steps = args.max_steps.unwrap_or(u64::MAX);
    let deadline = budget::deadline(args.seconds);
    // A's network first, then B's with the steps left (as the core's
    // `longest_trail_bonus` does).
    let mut ended = search_sliced(&mut sa, max_steps, deadline, io.progress);
    if ended == Ended::Done {
        let left = max_steps.saturating_sub(sa.steps());
        ended = search_sliced(&mut sb, left, deadline, io.progress);
    }
    let bonus = TrailBonus::of(&sa, &sb);
    let (ta, tb) = (sa.outcome(), sb.outcome());
    if json {
        let bonus = match bonus {
            TrailBonus::Awarded([pa, pb]) => format!("{{\"a\":{pa},\"b\":{pb}}}"),
            TrailBonus::Exhausted { spent, .. } => {
                format!("{{\"status\":\"exhausted\",\"steps\":{spent}}}")
            }
        };
        writeln!(
            io.out,
            "{{\"a\":{},\"b\":{},\"bonus\":{bonus}}}",
            trail_json(ta.trail(), ta.is_found()),
            trail_json(tb.trail(), tb.is_found())
        )?;
        return Ok(());
    }
    let mark = |s: &TrailOutcome<'_>| {
        if s.is_found() {
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
        TrailBonus::Exhausted { spent, .. } => writeln!(
            io.out,
            "bonus: exhausted: the search stopped after {spent} steps ({}) before the trails decided it",
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
) -> CliResult<Vec<Route<'static>>> {
    let mut routes: Vec<Route<'static>> = Vec::new();
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

fn network_error(e: TrailError) -> CliError {
    match e {
        TrailError::TooManyRoutes { routes } => {
            CliError::new(format!("the network has {routes} routes: {e}"))
        }
        TrailError::TooManyStations { stations } => {
            CliError::new(format!("the network touches {stations} stations: {e}"))
        }
        _ => CliError::new(e.to_string()),
    }
}

/// Parses a network TSV (columns of routes.tsv; `#` comments, blank lines and a
/// header line starting with `id` are skipped). The routes and the stations not
/// on the map borrow their ids and codes from `text`.
pub fn parse_network<'t>(name: &str, text: &'t str) -> CliResult<Vec<Route<'t>>> {
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
    outcome: &TrailOutcome<'_>,
    stopped_after: Option<&str>,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let t = outcome.trail();
    if json {
        writeln!(io.out, "{}", trail_json(t, outcome.is_found()))?;
        return Ok(());
    }
    writeln!(io.out, "{t}")?;
    if !outcome.is_found() {
        writeln!(
            io.out,
            "not proven the longest: the search stopped after {}",
            stopped_after.unwrap_or("its budget")
        )?;
    }
    Ok(())
}
