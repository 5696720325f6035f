//! `plateau tchu longest` and `plateau tchu bonus`: the longest trail of a network.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use plateau::Budget;
use plateau::tchu::trail::{TrailBonus, TrailError, TrailSearch};
use plateau::tchu::{Route, map};
use serde::Serialize;

use super::network::{parse_network, read_network};
use super::notation::pick_routes;
use crate::Io;
use crate::error::{CliError, CliResult};
use crate::limits::{self, Limits, SECONDS_NAME, STEPS_NAME};
use crate::output::{Answer, Status, Stop, emit};
use crate::progress::{Interruptible, Progress};

/// The default `--max-steps` of `longest` and `bonus`. The whole map takes
/// 1,249 steps; the hardest of 350 random networks of up to 128 routes tried
/// took 195,256; a step takes 5 to 8 µs on such networks (2026-12), so the
/// default ends within seconds (fixtures/tchu/trail-hard.tsv, which needs 3.4
/// million, stops after 5 to 8 s) and still proves the longest on all of them.
pub(crate) const DEFAULT_MAX_STEPS: u64 = 1_000_000;

/// Steps per slice of a trail search between two looks at the clock, Ctrl-C
/// and the progress line.
const SLICE_STEPS: u64 = 20_000;

/// Arguments of `plateau tchu longest`.
#[derive(Args, Debug)]
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
    #[command(flatten)]
    budget: TrailBudget,
}

/// Arguments of `plateau tchu bonus`.
#[derive(Args, Debug)]
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
    budget: TrailBudget,
}

/// The budget of a trail search: `--max-steps` and `--seconds`.
#[derive(Args, Debug)]
struct TrailBudget {
    /// Stop after this many search steps (bonus: in all, A's network first)
    /// and answer with the longest trail found so far, marked as not proven
    /// (status "exhausted" in JSON).
    #[arg(
        long,
        value_name = STEPS_NAME,
        value_parser = limits::parse_steps,
        default_value_t = DEFAULT_MAX_STEPS,
        allow_negative_numbers = true
    )]
    max_steps: u64,
    /// Stop after about this many seconds, the same way (default: no time
    /// limit). Ctrl-C stops the same way too.
    #[arg(
        long,
        value_name = SECONDS_NAME,
        value_parser = limits::parse_seconds,
        allow_negative_numbers = true
    )]
    seconds: Option<f64>,
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
    let mut searcher = TrailSearch::new(&routes).map_err(network_error)?;
    let limits = Limits::new(args.budget.max_steps, args.budget.seconds);
    let started = Instant::now();
    let stop = {
        let progress = Progress::new(io, json, "longest trail", None);
        let _section = Interruptible::open();
        search_sliced(&mut searcher, limits.max_steps, &limits, &progress, 0)
    };
    let answer = TrailAnswer::new(&searcher, stop, started.elapsed());
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
    let mut sa = TrailSearch::new(&a).map_err(network_error)?;
    let mut sb = TrailSearch::new(&b).map_err(network_error)?;
    let limits = Limits::new(args.budget.max_steps, args.budget.seconds);
    let max_steps = limits.max_steps;
    let started = Instant::now();
    // A's network first, then B's with the steps left (as the core's
    // `longest_trail_bonus` does).
    let stop = {
        let progress = Progress::new(io, json, "longest trails", None);
        let _section = Interruptible::open();
        match search_sliced(&mut sa, max_steps, &limits, &progress, 0) {
            None => {
                let left = max_steps.saturating_sub(sa.steps());
                search_sliced(&mut sb, left, &limits, &progress, sa.steps())
            }
            stop => stop,
        }
    };
    let took = started.elapsed();
    let bonus = TrailBonus::of(&sa, &sb);
    let (status, stopped_by, points) = match bonus {
        TrailBonus::Awarded([a, b]) => (Status::Found, None, Some(Points { a, b })),
        TrailBonus::Exhausted { .. } => (
            Status::Exhausted,
            Some(stop.unwrap_or(Stop::MaxSteps)),
            None,
        ),
    };
    let answer = BonusAnswer {
        status,
        stopped_by,
        a: TrailAnswer::new(&sa, stop, took),
        b: TrailAnswer::new(&sb, stop, took),
        bonus: points,
        steps: sa.steps().saturating_add(sb.steps()),
        stop,
    };
    emit(io, json, &answer)
}

/// Runs a trail search in slices until it ends, `max_steps` steps are spent,
/// the deadline passes or Ctrl-C; returns what stopped it (`None`: it ended).
/// The progress line counts `done_before` plus this search's steps.
fn search_sliced(
    searcher: &mut TrailSearch<'_>,
    max_steps: u64,
    limits: &Limits,
    progress: &Progress,
    done_before: u64,
) -> Option<Stop> {
    loop {
        if let Some(stop) = limits.stop_now() {
            return Some(stop);
        }
        let slice = SLICE_STEPS.min(max_steps.saturating_sub(searcher.steps()));
        let before = searcher.steps();
        if searcher.run(Budget::new(slice)).is_found() {
            return None;
        }
        // A search that ends unproven spends nothing more (never, by its depth
        // bound): it is over too.
        if slice > 0 && searcher.steps() == before {
            return None;
        }
        if searcher.steps() >= max_steps {
            return Some(Stop::MaxSteps);
        }
        progress.set(done_before.saturating_add(searcher.steps()));
        progress.message(format!(
            "steps, longest so far {}",
            searcher.best().length()
        ));
    }
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

impl TrailAnswer {
    /// The answer of `searcher` as it stands, `stop` having stopped the
    /// search (if it did) after `took`.
    fn new(searcher: &TrailSearch<'_>, stop: Option<Stop>, took: Duration) -> Self {
        let outcome = searcher.outcome();
        let trail = outcome.trail();
        let found = outcome.is_found();
        let steps = searcher.steps();
        let stopped_after = stop.map(|s| match s {
            Stop::Seconds => format!("{:.1} seconds (--seconds)", took.as_secs_f64()),
            _ => format!("{steps} steps ({})", s.flag()),
        });
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
            stations: trail.stations().map(|s| s.code().to_string()).collect(),
            routes: trail.routes().map(|r| r.id().to_string()).collect(),
            steps,
            text: trail.to_string(),
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
