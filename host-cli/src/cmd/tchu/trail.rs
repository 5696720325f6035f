//! `plateau tchu longest` and `plateau tchu bonus`: the longest trail of a network.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use plateau::search::Outcome;
use plateau::search::Search;
use plateau::tchu::trail::{
    BonusSearch, HugeWorkspace, LargeWorkspace, Trail, TrailError, TrailMemory, TrailSearch,
    TrailWorkspace,
};
use plateau::tchu::{Route, Station, map};
use serde::Serialize;

use super::network::{parse_network, read_network};
use super::notation::pick_routes;
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::limits::{self, Budgets, Limits};
use crate::output::{Answer, Status, Stop, emit};
use crate::progress::Progress;

/// The default `--max-steps` of `longest` and `bonus`. The whole map takes one
/// step; the hardest network grown by hill climbs against the search
/// (fixtures/tchu/trail-grown-10.tsv) takes 7,504, at about 0.01 ms a step
/// (2026-12-06), so the default proves the longest on all of them and stops
/// a far harder network after some seconds.
const DEFAULT_MAX_STEPS: &str = "1000000";

/// `--max-steps` of `tchu longest`: its unit and default.
fn steps(arg: clap::Arg) -> clap::Arg {
    arg.default_value(DEFAULT_MAX_STEPS).help(
        "Stop after this many search steps and answer with the longest trail found so far, marked as not proven (status \"exhausted\" in JSON)",
    )
}

/// `--max-steps` of `tchu bonus`: its unit and default.
fn steps_in_all(arg: clap::Arg) -> clap::Arg {
    steps(arg).help(
        "Stop after this many search steps in all (A's network first) and answer with the longest trails found so far, marked as not proven (status \"exhausted\" in JSON)",
    )
}

/// Arguments of `plateau tchu longest`.
#[derive(Args, Debug)]
#[command(mut_arg("max_steps", steps))]
pub(crate) struct LongestArgs {
    /// Route ids, such as BER_LUC_1, comma-separated or apart (none at all: the
    /// empty network; with --network: every route of the file).
    #[arg(value_name = "ROUTE_ID", value_delimiter = ',')]
    routes: Vec<String>,
    /// The whole map: all 88 routes, both halves of every double route.
    #[arg(long, conflicts_with_all = ["routes", "network"])]
    all: bool,
    /// A network as a TSV file (- for standard input) with the columns of
    /// routes.tsv: id, station1, station2, length, level, color. Unknown station
    /// codes become stations named by their code. ROUTE_IDs pick routes of it.
    #[arg(long, value_name = "FILE")]
    network: Option<PathBuf>,
    /// The workspace's capacity in routes: 128 (up to 64 stations, 32 KiB),
    /// 256 (128 stations, 121 KiB) or 512 (255 stations, 219 KiB). Default:
    /// the smallest that holds the network.
    #[arg(long, value_name = "ROUTES")]
    capacity: Option<Capacity>,
    #[command(flatten)]
    budgets: Budgets,
}

/// A workspace the CLI searches in: its routes and stations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Capacity {
    /// The default workspace.
    #[value(name = "128")]
    Default,
    /// [`LargeWorkspace`].
    #[value(name = "256")]
    Large,
    /// [`HugeWorkspace`].
    #[value(name = "512")]
    Huge,
}

impl Capacity {
    const ALL: [Capacity; 3] = [Capacity::Default, Capacity::Large, Capacity::Huge];

    /// The routes and stations it holds.
    const fn holds(self) -> (usize, usize) {
        match self {
            Capacity::Default => (<TrailWorkspace>::ROUTES, <TrailWorkspace>::STATIONS),
            Capacity::Large => (LargeWorkspace::ROUTES, LargeWorkspace::STATIONS),
            Capacity::Huge => (HugeWorkspace::ROUTES, HugeWorkspace::STATIONS),
        }
    }

    /// Whether it holds `routes` routes over `stations` stations.
    const fn fits(self, routes: usize, stations: usize) -> bool {
        let (r, s) = self.holds();
        routes <= r && stations <= s
    }

    /// The smallest that holds the network, if any.
    fn smallest_for(routes: usize, stations: usize) -> Option<Capacity> {
        Capacity::ALL.into_iter().find(|c| c.fits(routes, stations))
    }
}

/// Picks the workspace for a network of `routes`: `asked`, or the smallest
/// that holds it; an error names what the network needs and which capacity
/// would do.
fn pick_capacity(asked: Option<Capacity>, routes: &[Route<'_>]) -> Result<Capacity, CliError> {
    let stations = routes
        .iter()
        .flat_map(Route::stations)
        .map(|s| s.id())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let n = routes.len();
    let smallest = Capacity::smallest_for(n, stations);
    // The core's words for the capacity the network is over.
    let too_big = |(r, s): (usize, usize)| {
        let e = if n > r {
            TrailError::TooManyRoutes {
                routes: n,
                capacity: r,
            }
        } else {
            TrailError::TooManyStations {
                stations,
                capacity: s,
            }
        };
        format!("the network has {n} routes over {stations} stations: {e}")
    };
    match (asked, smallest) {
        (Some(c), _) if c.fits(n, stations) => Ok(c),
        (Some(c), Some(would)) => Err(CliError::new(format!(
            "{} with --capacity {}; --capacity {} would do",
            too_big(c.holds()),
            c.holds().0,
            would.holds().0
        ))),
        (_, None) => Err(CliError::new(too_big(Capacity::Huge.holds()))),
        (None, Some(c)) => Ok(c),
    }
}

/// Arguments of `plateau tchu bonus`.
#[derive(Args, Debug)]
#[command(mut_arg("max_steps", steps_in_all))]
pub(crate) struct BonusArgs {
    /// Player A's route ids, comma-separated or apart (BER_LUC_1,BER_FRI_1);
    /// none if absent.
    #[arg(long, value_name = "ROUTE_ID", value_delimiter = ',', num_args = 1..)]
    a: Vec<String>,
    /// Player B's route ids, the same way; none if absent.
    #[arg(long, value_name = "ROUTE_ID", value_delimiter = ',', num_args = 1..)]
    b: Vec<String>,
    /// Look the ids up in this network instead of the map: a TSV file (- for
    /// standard input) as for `tchu longest --network`.
    #[arg(long, value_name = "FILE")]
    network: Option<PathBuf>,
    #[command(flatten)]
    budgets: Budgets,
}

/// Runs `plateau tchu longest`.
pub(crate) fn run_longest(args: LongestArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    // The network's text, owned here: its routes and stations borrow it.
    let (name, text);
    let routes: Vec<Route<'_>> = if args.all {
        map::ROUTES.to_vec()
    } else if let Some(path) = &args.network {
        (name, text) = read_network(path, io)?;
        let all = parse_network(&name, &text)?;
        if args.routes.is_empty() {
            all
        } else {
            pick_routes(&all, &format!("in {name}"), None, &args.routes)?
        }
    } else {
        pick_routes(&map::ROUTES, "on the map", None, &args.routes)?
    };
    let limits = args.budgets.limits();
    match pick_capacity(args.capacity, &routes)? {
        Capacity::Default => longest_in(
            &routes,
            Box::new(<TrailWorkspace>::new()),
            &limits,
            json,
            io,
        ),
        Capacity::Large => longest_in(&routes, Box::new(LargeWorkspace::new()), &limits, json, io),
        Capacity::Huge => longest_in(&routes, Box::new(HugeWorkspace::new()), &limits, json, io),
    }
}

/// Searches the longest trail of `routes` in `workspace` and writes the answer.
fn longest_in<W: TrailMemory>(
    routes: &[Route<'_>],
    workspace: W,
    limits: &Limits,
    json: bool,
    io: &mut Io<'_>,
) -> CliResult {
    let mut searcher = TrailSearch::new_in(routes, workspace).map_err(network_error)?;
    let started = Instant::now();
    let stop = {
        let progress = Progress::new(io, json, "longest trail", None);
        search(&mut searcher, limits, &progress)
    };
    let answer = TrailAnswer::new(
        &searcher.outcome(),
        searcher.spent(),
        stop,
        started.elapsed(),
    );
    emit(io, json, &answer)
}

/// Runs `plateau tchu bonus`.
pub(crate) fn run_bonus(args: BonusArgs, json: bool, io: &mut Io<'_>) -> CliResult {
    let (name, text);
    let (a, b) = if let Some(path) = &args.network {
        (name, text) = read_network(path, io)?;
        let all = parse_network(&name, &text)?;
        let place = format!("in {name}");
        (
            pick_routes(&all, &place, Some("--a"), &args.a)?,
            pick_routes(&all, &place, Some("--b"), &args.b)?,
        )
    } else {
        (
            pick_routes(&map::ROUTES, "on the map", Some("--a"), &args.a)?,
            pick_routes(&map::ROUTES, "on the map", Some("--b"), &args.b)?,
        )
    };
    if let Some(shared) = a.iter().find(|r| b.iter().any(|o| o.id() == r.id())) {
        return Err(CliError::new(format!(
            "route {} is in both networks: a route has one owner",
            shared.id()
        )));
    }
    let mut searcher = BonusSearch::new(&a, &b).map_err(network_error)?;
    let limits = args.budgets.limits();
    let started = Instant::now();
    let stop = {
        let progress = Progress::new(io, json, "longest trails", None);
        let Ok((_, stop)) =
            limits::drive(&mut searcher, &limits, &progress, |progress, _, outcome| {
                if let Some([a, b]) = outcome.best() {
                    progress.message(format!("steps, longest so far A {a}, B {b}"));
                }
            });
        stop
    };
    let took = started.elapsed();
    let [trail_a, trail_b] = searcher.trails();
    let [steps_a, steps_b] = searcher.spent_each();
    let (status, stopped_by, points) = match searcher.decided() {
        Some([a, b]) => (Status::Found, None, Some(Points { a, b })),
        None => (
            Status::Exhausted,
            Some(stop.unwrap_or(Stop::MaxSteps)),
            None,
        ),
    };
    let answer = BonusAnswer {
        status,
        stopped_by,
        a: TrailAnswer::new(&trail_a, steps_a, stop, took),
        b: TrailAnswer::new(&trail_b, steps_b, stop, took),
        bonus: points,
        steps: searcher.spent(),
        stop,
    };
    emit(io, json, &answer)
}

/// Drives a trail search until it ends, `limits` or Ctrl-C stop it; returns
/// what stopped it (`None`: it ended).
fn search<W: TrailMemory>(
    searcher: &mut TrailSearch<'_, W>,
    limits: &Limits,
    progress: &Progress,
) -> Option<Stop> {
    let Ok((_, stop)) = limits::drive(searcher, limits, progress, |progress, _, outcome| {
        progress.message(format!(
            "steps, longest so far {}",
            outcome.so_far().length()
        ));
    });
    stop
}

fn network_error(e: TrailError) -> CliError {
    match e {
        TrailError::TooManyRoutes { routes, .. } => {
            CliError::new(format!("the network has {routes} routes: {e}"))
        }
        TrailError::TooManyStations { stations, .. } => {
            CliError::new(format!("the network touches {stations} stations: {e}"))
        }
        _ => CliError::new(e.to_string()),
    }
}

/// A longest trail (`tchu longest`, and each player's in `tchu bonus`).
#[derive(Serialize)]
pub(crate) struct TrailAnswer {
    /// `found` when proven the longest, `exhausted` when the search stopped first.
    status: Status,
    /// What stopped the search, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    /// The sum of its routes' lengths.
    length: u32,
    /// The codes of the stations it walks through, in order (repeats included).
    stations: Vec<String>,
    /// The ids of its routes, in order.
    routes: Vec<String>,
    /// The search steps spent.
    steps: u64,
    /// The trail as text: `Lucerne - Berne - Fribourg (5)`.
    #[serde(skip)]
    text: String,
    /// What the search stopped after, for text: `20 steps (--max-steps)`.
    #[serde(skip)]
    stopped_after: Option<String>,
}

/// A trail's text from its stations, as its `Display` writes it (a test
/// holds them equal): `Lucerne - Berne - Fribourg (5)`, the empty trail `(0)`.
fn text(stations: &[Station<'_>], length: u32) -> String {
    let names: Vec<&str> = stations.iter().map(|s| s.name()).collect();
    let space = if names.is_empty() { "" } else { " " };
    format!("{}{space}({length})", names.join(" - "))
}

impl TrailAnswer {
    /// The answer of a search that stands at `outcome` after `steps`,
    /// `stop` having stopped it (if it did) after `took`.
    fn new(outcome: &Outcome<Trail<'_>>, steps: u64, stop: Option<Stop>, took: Duration) -> Self {
        let trail = outcome.so_far();
        let found = outcome.is_done();
        let stopped_after = stop.map(|s| match s {
            Stop::Seconds => format!("{:.1} seconds (--seconds)", took.as_secs_f64()),
            _ => format!("{steps} steps ({})", s.flag()),
        });
        // One walk for the routes, stations and text: a walk of a 512-route
        // trail costs about as much as its search.
        let walk: Vec<_> = trail.steps().collect();
        let stations: Vec<_> = trail
            .station1()
            .into_iter()
            .chain(walk.iter().map(|&(_, station)| station))
            .collect();
        TrailAnswer {
            status: if found {
                Status::Found
            } else {
                Status::Exhausted
            },
            // A search that ended unproven without a stop (never happens) is
            // said to have run out of steps.
            stopped_by: (!found).then(|| stop.unwrap_or(Stop::MaxSteps)),
            length: trail.length(),
            stations: stations.iter().map(|s| s.code().to_string()).collect(),
            routes: walk.iter().map(|(r, _)| r.id().to_string()).collect(),
            steps,
            text: text(&stations, trail.length()),
            stopped_after,
        }
    }

    fn is_found(&self) -> bool {
        self.status == Status::Found
    }
}

impl Answer for TrailAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.text)?;
        if !self.is_found() {
            writeln!(
                out,
                "not proven the longest: the search stopped after {}",
                self.stopped_after.as_deref().unwrap_or("its budget")
            )?;
        }
        Ok(())
    }
}

/// The bonus points of A and B.
#[derive(Serialize)]
struct Points {
    a: u32,
    b: u32,
}

/// Both players' longest trails and the bonus (`tchu bonus`).
#[derive(Serialize)]
struct BonusAnswer {
    /// `found` when the bonus is decided, `exhausted` when the search stopped
    /// before the trails found decided it.
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<Stop>,
    a: TrailAnswer,
    b: TrailAnswer,
    /// The points, when decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    bonus: Option<Points>,
    /// The search steps spent in all.
    steps: u64,
    #[serde(skip)]
    stop: Option<Stop>,
}

impl Answer for BonusAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let mark = |t: &TrailAnswer| {
            if t.is_found() {
                ""
            } else {
                " (not proven the longest)"
            }
        };
        writeln!(out, "A: {}{}", self.a.text, mark(&self.a))?;
        writeln!(out, "B: {}{}", self.b.text, mark(&self.b))?;
        match self.bonus.as_ref() {
            Some(&Points { a, b }) => match (a > 0, b > 0) {
                (true, true) => writeln!(out, "bonus: A and B get {a} points each (a tie)"),
                (true, false) => writeln!(out, "bonus: A gets {a} points"),
                _ => writeln!(out, "bonus: B gets {b} points"),
            },
            None => writeln!(
                out,
                "bonus: exhausted: the search stopped after {} steps ({}) before the trails decided it",
                self.steps,
                self.stop.map_or("its budget", Stop::flag)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer's text is the trail's `Display`, its stations and routes
    /// the trail's own walks, for the empty trail, a
    /// trail of one route and the whole map's longest (88 routes).
    #[test]
    fn the_text_is_the_trails_display() {
        let one = [*map::route("BER_LUC_1").expect("a route")];
        let whole = &map::ROUTES[..];
        for network in [&[][..], &one[..], whole] {
            let trail = Trail::longest_unbounded(network).expect("a trail");
            let answer = TrailAnswer::new(&Outcome::Done(trail), 1, None, Duration::ZERO);
            assert_eq!(answer.text, trail.to_string());
            let codes: Vec<_> = trail.stations().map(|s| s.code().to_string()).collect();
            let ids: Vec<_> = trail.routes().map(|r| r.id().to_string()).collect();
            assert_eq!((&answer.stations, &answer.routes), (&codes, &ids));
        }
    }
}
